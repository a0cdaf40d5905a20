/* ttile.c — the body of a time-tiled kernel (`ttile`, annotations/ttile.c).
 * Receives the Kernel with its plan and opencl.c's printer; prints the
 * overlapped tile: each work-group loads its tile of every time-stepped
 * array with a halo of T times the sub-steps' radii into __local memory,
 * runs the launch's steps there (each sub-step on a region one radius
 * smaller than the last, a barrier after each), and writes the interior
 * back.  Tiles overlap only in their halos, which each computes for itself.
 * Or, streaming, tiles of the inner loops walk the outermost plane by plane
 * (Stream, print_stream). */
#include "analysis.h"
#include "emit.h"

/* The printer of the steps: a time-stepped array's element is its slot in
 * the tile; everything else as opencl.c prints it. */
typedef struct Stream Stream;
typedef struct TCtx {
  Printer *base;
  Kernel *k;
  long long ext[3]; /* the tile with its halo, per space loop */
  Stream *st;       /* streaming: the versions' rings, else NULL */
  int q;            /* streaming: the sub-step being printed */
  Expr *lhs;        /* streaming: its element written, which goes to the version it makes */
} TCtx;

/* Streaming along the outermost loop: a work-item per point of the
 * plane of the tile and its halo walks its column z in order, and at each
 * z runs every sub-step q of the launch on plane z - delay[q] (delay: the
 * sum of the z radii up to q), so that what q reads is already there.
 * Each value an array takes in the launch (a version: the loaded one, then
 * one per sub-step that writes it) lives in registers, a window of the
 * column's planes as deep as its readers lag behind its writer; a plane of
 * a version that sub-steps read across, at offsets along the inner loops,
 * is also published to __local memory before its first reader (Pub). */
typedef struct Pub {
  int v;       /* the version */
  long long d; /* its plane: d behind the newest (window slot d) */
  int first;   /* the sub-steps that read it: publish before first, */
  int last;    /* and no new plane until every work-item read it in last */
} Pub;

struct Stream {
  int S;            /* sub-steps per launch */
  long long *delay; /* per sub-step; the load's is 0 */
  int nver;
  int *ver_array;      /* per version: its state array */
  long long *ver_from; /* per version: its writer's delay */
  long long *depth;    /* per version: planes in its window */
  int *reads;          /* reads[q * narrays + a]: the version of a that sub-step q reads */
  int *writes;         /* per sub-step: the version it writes */
  int *last;           /* per array: its version at the end of the launch */
  long long plane;     /* points of a plane of the tile and its halo: work-items */
  Pub *pubs;           /* at most one per version and window slot */
  int npubs;
  bool *across; /* per sub-step: whether it reads a published plane */
};

static int state_of(TTile *tt, Expr *path) {
  for (int i = 0; i < tt->state.len; i++)
    if (ir_expr_equal(tt->state.items[i], path))
      return i;
  return -1;
}

static Expr *assignment_of(Stmt *s);

typedef struct Refs {
  TTile *tt;
  int a, n;
} Refs;

static void count_ref(Expr *e, void *ctx) {
  Refs *r = ctx;
  if (e->kind != EX_INDEX)
    return;
  Expr *x = e;
  while (x->kind == EX_INDEX)
    x = x->a;
  if (ir_path_root(x) && state_of(r->tt, x) == r->a)
    r->n++;
}

/* Per state array: whether a launch never reads the value it comes in
 * with inside the loops' box, because the first sub-step of a step that
 * touches the array writes it (a plain `=` whose right-hand side and
 * temporaries do not read it).  Every later read within the step then
 * falls on points an earlier sub-step wrote, the tile's halos shrinking by
 * the readers' radii, and the next step writes it again before reading:
 * such an array (Jacobi's B) is loaded only outside the box, where no
 * sub-step writes, and written back only by the last launch. */
static bool *dead_on_entry(TTile *tt) {
  bool *dead = xcalloc((size_t)tt->state.len, sizeof(bool));
  for (int a = 0; a < tt->state.len; a++)
    for (int s = 0; s < tt->nsteps; s++) {
      Expr *as = assignment_of(tt->steps[s]);
      Refs all = {tt, a, 0}, lhs = {tt, a, 0};
      ir_walk_stmt(tt->steps[s], count_ref, &all);
      ir_walk_expr(as->a, count_ref, &lhs);
      if (all.n > lhs.n || (tt->writes[s] == a && as->op != OP_ASSIGN))
        break; /* read first */
      if (tt->writes[s] == a) {
        dead[a] = true;
        break;
      }
    }
  return dead;
}

char *emit_ttile_dead_names(Kernel *k) {
  TTile *tt = k->ttile;
  bool *dead = dead_on_entry(tt);
  Buf b = {0};
  for (int a = 0; a < tt->state.len; a++)
    if (dead[a]) {
      char *name = print_expr_text(tt->state.items[a]);
      buf_printf(&b, "%s%s", b.len ? ", " : "", name);
      xfree(name);
    }
  xfree(dead);
  return b.s;
}

/* `int nu_last`: whether this launch runs the time loop's last step, which
 * alone writes back the arrays dead on entry (none: not printed). */
static void print_last(Printer *p, TTile *tt, const bool *dead, Buf *b) {
  bool any = false;
  for (int a = 0; a < tt->state.len; a++)
    any |= dead[a];
  if (!any)
    return;
  buf_puts(b, "  int nu_last = (");
  print_expr(p, tt->time->lb, b);
  buf_printf(b, ") + %lld >= (", tt->T);
  print_expr(p, tt->end, b);
  buf_puts(b, ");\n");
}

static int pub_of(Stream *st, int v, long long d);

/* A whole subscript chain of a time-stepped array: the array's index, its
 * subscripts in subs (outer first, one per space loop); else -1. */
static int state_access(TTile *tt, Expr *e, Expr **subs) {
  Expr *x = e;
  int n = 0;
  for (; x->kind == EX_INDEX; x = x->a)
    n++;
  int si = n == tt->dims && n <= 3 && ir_path_root(x) ? state_of(tt, x) : -1;
  for (Expr *y = e; si >= 0 && n > 0; y = y->a)
    subs[--n] = y->b;
  return si;
}

/* Streaming: the version of state array si that sub-step q reads, and of
 * its access at subscripts subs the offsets off, the window slot *d (the
 * planes behind the version's newest) and whether it reads across the
 * plane; -1 where a subscript is not its index plus a constant
 * (annotations/ttile.c refuses those). */
static int stream_read(TTile *tt, Stream *st, int q, int si, Expr **subs, long long *off,
                       long long *d, bool *across) {
  *across = false;
  for (int m = 0; m < tt->dims; m++) {
    Var *var;
    if (!subs[m] || !cache_var_offset(subs[m], &var, &off[m]))
      return -1;
    *across |= m > 0 && off[m] != 0;
  }
  int v = st->reads[q * tt->state.len + si];
  *d = st->delay[q] - st->ver_from[v] - off[0];
  return v;
}

static bool tile_index(Printer *p, Expr *e, Buf *b) {
  TCtx *c = p->ctx;
  TTile *tt = c->k->ttile;
  Expr *subs[3] = {NULL, NULL, NULL};
  int si = state_access(tt, e, subs), rank = tt->dims;
  if (si < 0)
    return c->base->on_index(c->base, e, b);
  if (c->st) { /* the register of the version sub-step q reads, or its published plane */
    Stream *st = c->st;
    if (e == c->lhs) {
      buf_printf(b, "nu_w%d_0", st->writes[c->q]);
      return true;
    }
    long long off[3] = {0}, d, shift = 0;
    bool across;
    int v = stream_read(tt, st, c->q, si, subs, off, &d, &across);
    if (v < 0)
      return c->base->on_index(c->base, e, b);
    for (int m = 1; m < rank; m++) /* the plane's slots are row-major */
      shift = shift * c->ext[m] + off[m];
    if (!across)
      buf_printf(b, "nu_w%d_%lld", v, d);
    else if (shift < 0)
      buf_printf(b, "nu_p%d[nu_q - %lld]", pub_of(st, v, d), -shift);
    else
      buf_printf(b, "nu_p%d[nu_q + %lld]", pub_of(st, v, d), shift);
    return true;
  }
  buf_printf(b, "nu_tt%d[", si);
  for (int m = 0; m + 1 < rank; m++)
    buf_puts(b, "(");
  for (int m = 0; m < rank; m++) {
    buf_puts(b, "(");
    print_expr(c->base, subs[m], b);
    buf_printf(b, " - nu_o%d)", m);
    if (m + 1 < rank)
      buf_printf(b, ") * %lld + ", c->ext[m + 1]);
  }
  buf_puts(b, "]");
  return true;
}

static void tile_path(Printer *p, Expr *e, Buf *b) {
  TCtx *c = p->ctx;
  c->base->on_path(c->base, e, b);
}

static void open_coords(TCtx *c, Buf *b);

/* A loop of the work-items over `count` slots nu_q: the coordinates
 * nu_y<m> and the space indices there. */
static void open_slots(TCtx *c, long long count, Buf *b) {
  buf_printf(b, "    for (int nu_q = nu_lid; nu_q < %lld; nu_q += nu_lsz) {\n", count);
  open_coords(c, b);
}

static void open_coords(TCtx *c, Buf *b) {
  TTile *tt = c->k->ttile;
  long long inner = 1;
  for (int m = tt->dims - 1; m >= 0; m--) {
    buf_printf(b, "      int nu_y%d = nu_q", m);
    if (inner > 1)
      buf_printf(b, " / %lld", inner);
    if (m > 0)
      buf_printf(b, " %% %lld", c->ext[m]);
    buf_puts(b, ";\n");
    inner *= c->ext[m];
  }
  for (int m = 0; m < tt->dims; m++) {
    Var *v = tt->space[m]->var;
    const char *t = type_cl_name(v->type);
    buf_printf(b, "      %s %s = (%s)(nu_o%d + nu_y%d);\n", t, print_cl_name(v->name), t, m, m);
  }
}

/* The work-items' loop over the tile and its halo. */
static void open_points(TCtx *c, Buf *b) {
  long long all = 1;
  for (int m = 0; m < c->k->ttile->dims; m++)
    all *= c->ext[m];
  open_slots(c, all, b);
}

/* The work-items' loop over the tile's rows (its outermost coordinate)
 * from `row` up to `ext[0] - row`, a loop-invariant expression: the rows a
 * sub-step or the write-back leaves alone are not visited. */
static void open_rows(TCtx *c, const char *row, Buf *b) {
  long long inner = 1;
  for (int m = 1; m < c->k->ttile->dims; m++)
    inner *= c->ext[m];
  char *times = inner > 1 ? xformat(" * %lld", inner) : xstrdup("");
  buf_printf(b, "    for (int nu_q = nu_lid + (%s)%s; nu_q < (%lld - (%s))%s; nu_q += nu_lsz) {\n",
             row, times, c->ext[0], row, times);
  xfree(times);
  open_coords(c, b);
}

/* `i >= nu_lb0 + lo && i <= nu_lb0 + nu_n0 - 1 + hi && ...` */
static void print_in_range(TTile *tt, const long long *lo, const long long *hi, Buf *b) {
  if (tt->stream) {
    /* in the indices' own type (print_stream): 32-bit compares for an int;
     * the column's part once, in nu_xy (the loops') or nu_xy<a> (where
     * state array a is read) */
    int a = -1;
    for (int i = 0; lo && i < tt->state.len; i++)
      if (lo == tt->lo[i])
        a = i;
    const char *z = print_cl_name(tt->space[0]->var->name);
    if (a >= 0)
      buf_printf(b, "nu_xy%d && ", a);
    else
      buf_puts(b, "nu_xy && ");
    buf_printf(b, "%s >= nu_ib0 + %lld && %s <= nu_ie0 + %lld", z, lo ? lo[0] : 0, z,
               hi ? hi[0] : 0);
    return;
  }
  for (int m = 0; m < tt->dims; m++) {
    const char *v = print_cl_name(tt->space[m]->var->name);
    buf_printf(b, "%s%s >= nu_lb%d + %lld && %s <= nu_lb%d + nu_n%d - 1 + %lld", m ? " && " : "", v,
               m, lo ? lo[m] : 0, v, m, m, hi ? hi[m] : 0);
  }
}

/* Streaming: `int nu_xy = ` whether the column is among the loops' points
 * along the inner loops (`nu_xy<a>`: where state array a is read). */
static void print_column_ranges(TTile *tt, Buf *b) {
  for (int a = -1; a < tt->state.len; a++) {
    if (a >= 0)
      buf_printf(b, "  int nu_xy%d = ", a);
    else
      buf_puts(b, "  int nu_xy = ");
    for (int m = 1; m < tt->dims; m++) {
      const char *v = print_cl_name(tt->space[m]->var->name);
      buf_printf(b, "%s%s >= nu_ib%d + %lld && %s <= nu_ie%d + %lld", m > 1 ? " && " : "", v, m,
                 a >= 0 ? tt->lo[a][m] : 0, v, m, a >= 0 ? tt->hi[a][m] : 0);
    }
    buf_puts(b, ";\n");
  }
}

/* The element of state array si at the space indices, as the base printer
 * prints a global access. */
static Expr *global_elem(TTile *tt, int si) {
  Expr *e = tt->state.items[si];
  for (int m = 0; m < tt->dims; m++) {
    Expr *x = NEW(Expr);
    x->kind = EX_INDEX;
    x->loc = e->loc;
    x->a = e;
    x->b = ir_var(tt->space[m]->var, e->loc);
    x->type = e->type && e->type->base ? e->type->base : e->type;
    e = x;
  }
  return e;
}

/* The point's slot in the scratch copy of a state array: its box of
 * points, row-major. */
static void print_box_index(TTile *tt, Buf *b) {
  for (int m = 0; m + 1 < tt->dims; m++)
    buf_puts(b, "(");
  for (int m = 0; m < tt->dims; m++) {
    buf_printf(b, "(%s - nu_lb%d)", print_cl_name(tt->space[m]->var->name), m);
    if (m + 1 < tt->dims)
      buf_printf(b, ") * nu_n%d + ", m + 1);
  }
}

/* Whether the sub-steps read state array a beyond the loops' box. */
static bool reads_outside(TTile *tt, int a) {
  for (int m = 0; m < tt->dims; m++)
    if (tt->lo[a][m] < 0 || tt->hi[a][m] > 0)
      return true;
  return false;
}

/* Streaming, a column's element of state array a on plane z = its
 * address on plane 0 (nu_g<a>, its copy's nu_c<a>) plus z times the step
 * between planes (nu_gs<a>, nu_cs<a>), which print_stream computes once:
 * one multiply-add per access instead of the whole subscript. */
static void print_array_elem(Printer *p, TTile *tt, int a, Buf *b) {
  if (tt->stream)
    buf_printf(b, "nu_g%d[%s * nu_gs%d]", a, print_cl_name(tt->space[0]->var->name), a);
  else
    print_expr(p, global_elem(tt, a), b);
}

static void print_copy_elem(TTile *tt, int a, Buf *b) {
  if (tt->stream) {
    buf_printf(b, "nu_c%d[%s * nu_cs%d]", a, print_cl_name(tt->space[0]->var->name), a);
    return;
  }
  buf_printf(b, "nu_sc%d[", a);
  print_box_index(tt, b);
  buf_puts(b, "]");
}

/* The end of a load's condition: an array dead on entry only outside the
 * loops, where no sub-step writes. */
static void print_load_guard(TTile *tt, bool dead, Buf *b) {
  if (dead) {
    buf_puts(b, " && !(");
    print_in_range(tt, NULL, NULL, b);
    buf_puts(b, ")");
  }
  buf_puts(b, ")\n        ");
}

/* ` = ` what a load takes: inside the loops, after a launch that wrote the
 * copies, the copy; else the array. */
static void print_load_source(Printer *p, TTile *tt, int a, bool dead, Buf *b) {
  buf_puts(b, " = ");
  if (!dead) {
    buf_puts(b, "nu_ttdir == 1 && ");
    print_in_range(tt, NULL, NULL, b);
    buf_puts(b, " ? ");
    print_copy_elem(tt, a, b);
    buf_puts(b, " : ");
  }
  print_array_elem(p, tt, a, b);
  buf_puts(b, ";\n");
}

/* `if (` the point is in the tile's interior and among the loops' `) {` */
static void open_interior(TTile *tt, Buf *b) {
  buf_puts(b, "      if (");
  for (int m = 0; m < tt->dims; m++)
    buf_printf(b, "nu_y%d >= %lld && nu_y%d < %lld && ", m, tt->halo[m], m,
               tt->halo[m] + tt->width[m]);
  print_in_range(tt, NULL, NULL, b);
  buf_puts(b, ") {\n");
}

static void print_stream(Kernel *k, Printer *p, Printer *tp, TCtx *c, Buf *b);
static void tile_extents(TTile *tt, long long *ext);

void emit_ttile_kernel(Kernel *k, Printer *p, Buf *b) {
  TTile *tt = k->ttile;
  TCtx c = {p, k, {0}, NULL, 0, NULL};
  Printer tp = *p;
  tp.on_index = tile_index;
  tp.on_path = tile_path;
  tp.ctx = &c;
  if (tt->stream) {
    tile_extents(tt, c.ext);
    print_stream(k, p, &tp, &c, b);
    return;
  }
  long long all = 1, sum[3] = {0};
  for (int m = 0; m < tt->dims; m++) {
    c.ext[m] = tt->width[m] + 2 * tt->halo[m];
    all *= c.ext[m];
    for (int s = 0; s < tt->nsteps; s++)
      sum[m] += tt->radius[s][m];
  }
  buf_printf(b, "  /* ttile(%lld): up to %lld steps of this group's tile of", tt->T, tt->T);
  for (int m = 0; m < tt->dims; m++)
    buf_printf(b, "%s%lld", m ? " x " : " ", tt->width[m]);
  buf_puts(b, " points, with a halo of");
  for (int m = 0; m < tt->dims; m++)
    buf_printf(b, "%s%lld", m ? " x " : " ", tt->halo[m]);
  buf_puts(b, " */\n");
  for (int i = 0; i < tt->state.len; i++) {
    Type *et = type_elem(((Expr *)tt->state.items[i])->type);
    char *name = print_expr_text(tt->state.items[i]);
    buf_printf(b, "  __local %s nu_tt%d[%lld]; /* %s */\n", type_cl_name(et), i, all, name);
    xfree(name);
  }
  for (int m = 0; m < tt->dims; m++)
    buf_printf(b, "  long nu_o%d = nu_lb%d + (long)get_group_id(%d) * %lld - %lld;\n", m, m,
               tt->dims - 1 - m, tt->width[m], tt->halo[m]);
  buf_puts(b, "  int nu_lid = (int)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
              "get_local_size(1) * get_local_id(2)));\n"
              "  int nu_lsz = (int)(get_local_size(0) * get_local_size(1) * get_local_size(2));\n");
  /* the launches alternate: 0 reads the arrays and writes the copies, 1
   * the other way round (the points outside the loops stay in the arrays);
   * 2 only copies back after a last launch of 0 */
  bool *dead = dead_on_entry(tt);
  char *inside = xformat("%lld", tt->halo[0]);
  print_last(p, tt, dead, b);
  buf_puts(b, "  if (nu_ttdir == 2) {\n");
  open_rows(&c, inside, b);
  open_interior(tt, b);
  for (int i = 0; i < tt->state.len; i++) {
    buf_puts(b, "        ");
    print_expr(p, global_elem(tt, i), b);
    buf_printf(b, " = nu_sc%d[", i);
    print_box_index(tt, b);
    buf_puts(b, "];\n");
  }
  buf_puts(b, "      }\n    }\n    return;\n  }\n");
  /* the load: each array where the program may read or write it */
  buf_puts(b, "  {\n");
  open_points(&c, b);
  for (int i = 0; i < tt->state.len; i++) {
    if (dead[i] && !reads_outside(tt, i))
      continue;
    buf_puts(b, "      if (");
    print_in_range(tt, tt->lo[i], tt->hi[i], b);
    print_load_guard(tt, dead[i], b);
    buf_printf(b, "nu_tt%d[nu_q]", i);
    print_load_source(p, tt, i, dead[i], b);
  }
  buf_puts(b, "    }\n  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n");
  /* the steps: sub-step q of step s is right on the tile shrunk by
   * s * (the radii's sum) + the radii of sub-steps 0..q */
  Loop *tl = tt->time;
  const char *ty = type_cl_name(tl->var->type), *tn = print_cl_name(tl->var->name);
  buf_printf(b, "  int nu_s = 0;\n  for (%s %s = ", ty, tn);
  print_expr(p, tl->lb, b);
  buf_printf(b, "; %s < (", tn);
  print_expr(p, tl->ub, b);
  buf_printf(b, "); %s++, nu_s++) {\n", tn);
  long long done[3] = {0};
  for (int s = 0; s < tt->nsteps; s++) {
    for (int m = 0; m < tt->dims; m++)
      done[m] += tt->radius[s][m];
    char *row = xformat("nu_s * %lld + %lld", sum[0], done[0]);
    open_rows(&c, row, b);
    xfree(row);
    buf_puts(b, "      if (");
    for (int m = 0; m < tt->dims; m++)
      buf_printf(b, "nu_y%d >= nu_s * %lld + %lld && nu_y%d < %lld - (nu_s * %lld + %lld) && ", m,
                 sum[m], done[m], m, c.ext[m], sum[m], done[m]);
    print_in_range(tt, NULL, NULL, b);
    buf_puts(b, ")\n");
    print_stmt(&tp, tt->steps[s], 4, b);
    buf_puts(b, "    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n");
  }
  buf_puts(b, "  }\n");
  /* the interior back: every array right there after the last step (one
   * dead on entry only after the time loop's last step) */
  buf_puts(b, "  {\n");
  open_rows(&c, inside, b);
  open_interior(tt, b);
  for (int i = 0; i < tt->state.len; i++) {
    const char *in = dead[i] ? "  " : "";
    if (dead[i])
      buf_puts(b, "        if (nu_last) {\n");
    buf_printf(b, "%s        if (nu_ttdir == 0)\n%s          nu_sc%d[", in, in, i);
    print_box_index(tt, b);
    buf_printf(b, "] = nu_tt%d[nu_q];\n%s        else\n%s          ", i, in, in);
    print_expr(p, global_elem(tt, i), b);
    buf_printf(b, " = nu_tt%d[nu_q];\n", i);
    if (dead[i])
      buf_puts(b, "        }\n");
  }
  buf_puts(b, "      }\n    }\n  }\n");
  xfree(inside);
  xfree(dead);
}

/* A read of a version across the plane, sub-step q's (Stream, Pub). */
typedef struct PubScan {
  TTile *tt;
  Stream *st;
  int q;
  Expr *lhs;
} PubScan;

static int pub_add(Stream *st, int v, long long d, int q) {
  for (int i = 0; i < st->npubs; i++)
    if (st->pubs[i].v == v && st->pubs[i].d == d) {
      st->pubs[i].last = q;
      return i;
    }
  st->pubs[st->npubs] = (Pub){v, d, q, q};
  return st->npubs++;
}

static int pub_of(Stream *st, int v, long long d) {
  for (int i = 0; i < st->npubs; i++)
    if (st->pubs[i].v == v && st->pubs[i].d == d)
      return i;
  return -1;
}

static void scan_pub(Expr *e, void *ctx) {
  PubScan *ps = ctx;
  if (e->kind != EX_INDEX || e == ps->lhs)
    return;
  Expr *subs[3] = {NULL, NULL, NULL};
  int si = state_access(ps->tt, e, subs);
  long long off[3] = {0}, d;
  bool across = false;
  int v = si < 0 ? -1 : stream_read(ps->tt, ps->st, ps->q, si, subs, off, &d, &across);
  if (v < 0 || !across)
    return;
  pub_add(ps->st, v, d, ps->q);
  ps->st->across[ps->q] = true;
}

/* The versions, their windows, the sub-steps' delays and the planes they
 * publish (Stream). */
static void stream_plan(TTile *tt, const long long *ext, Stream *st) {
  int A = tt->state.len, S = (int)(tt->T * tt->nsteps);
  *st = (Stream){0};
  st->S = S;
  st->delay = xcalloc((size_t)S, sizeof(long long));
  st->nver = A + S;
  st->ver_array = xcalloc((size_t)st->nver, sizeof(int));
  st->ver_from = xcalloc((size_t)st->nver, sizeof(long long));
  st->depth = xcalloc((size_t)st->nver, sizeof(long long));
  st->reads = xcalloc((size_t)S * (size_t)A, sizeof(int));
  st->writes = xcalloc((size_t)S, sizeof(int));
  st->last = xcalloc((size_t)A, sizeof(int));
  st->across = xcalloc((size_t)S, sizeof(bool));
  for (int a = 0; a < A; a++) {
    st->ver_array[a] = a;
    st->last[a] = a;
  }
  long long d = 0;
  for (int q = 0; q < S; q++) {
    int k = q % tt->nsteps, w = tt->writes[k], v = A + q;
    d += tt->radius[k][0];
    st->delay[q] = d;
    for (int a = 0; a < A; a++)
      st->reads[q * A + a] = st->last[a];
    st->ver_array[v] = w;
    st->ver_from[v] = d;
    st->writes[q] = v;
    st->last[w] = v;
  }
  /* a version's window reaches from the plane its writer makes to the
   * lowest one a reader still needs; every sub-step counts as a reader of
   * every array's current version (its pass-through reads its own) */
  for (int v = 0; v < st->nver; v++)
    st->depth[v] = 1;
  for (int q = 0; q < S; q++)
    for (int a = 0; a < A; a++) {
      int v = st->reads[q * A + a];
      long long need = st->delay[q] + tt->radius[q % tt->nsteps][0] - st->ver_from[v] + 1;
      if (need > st->depth[v])
        st->depth[v] = need;
    }
  st->plane = 1;
  for (int m = 1; m < tt->dims; m++)
    st->plane *= ext[m];
  long long slots = 0;
  for (int v = 0; v < st->nver; v++)
    slots += st->depth[v];
  st->pubs = xcalloc((size_t)slots, sizeof(Pub));
  for (int q = 0; q < S; q++) {
    PubScan ps = {tt, st, q, assignment_of(tt->steps[q % tt->nsteps])->a};
    ir_walk_stmt(tt->steps[q % tt->nsteps], scan_pub, &ps);
  }
}

static void stream_free(Stream *st) {
  xfree(st->delay);
  xfree(st->ver_array);
  xfree(st->ver_from);
  xfree(st->depth);
  xfree(st->reads);
  xfree(st->writes);
  xfree(st->last);
  xfree(st->pubs);
  xfree(st->across);
}

static void tile_extents(TTile *tt, long long *ext) {
  for (int m = 0; m < tt->dims; m++)
    ext[m] = tt->width[m] + 2 * tt->halo[m];
}

static long long elem_bytes(Kernel *k, Expr *path) {
  for (int b = 0; b < k->buffers.len; b++) {
    Buffer *bf = k->buffers.items[b];
    if (ir_expr_equal(bf->path, path))
      return type_size(bf->elem);
  }
  return type_size(type_elem(path->type));
}

long long emit_ttile_local_bytes(Kernel *k) {
  TTile *tt = k->ttile;
  long long ext[3] = {1, 1, 1}, bytes = 0;
  tile_extents(tt, ext);
  if (tt->stream) {
    Stream st;
    stream_plan(tt, ext, &st);
    for (int i = 0; i < st.npubs; i++)
      bytes += st.plane * elem_bytes(k, tt->state.items[st.ver_array[st.pubs[i].v]]);
    stream_free(&st);
    return bytes;
  }
  long long cells = 1;
  for (int m = 0; m < tt->dims; m++)
    cells *= ext[m];
  for (int i = 0; i < tt->state.len; i++)
    bytes += cells * elem_bytes(k, tt->state.items[i]);
  return bytes;
}

long long emit_ttile_stream_group(TTile *tt, long long group[3]) {
  long long ext[3] = {1, 1, 1}, items = 1;
  tile_extents(tt, ext);
  group[0] = group[1] = group[2] = 1;
  for (int m = 1; m < tt->dims; m++) {
    group[tt->dims - 1 - m] = ext[m];
    items *= ext[m];
  }
  return items;
}

static Expr *assignment_of(Stmt *s) {
  if (s->kind == ST_BLOCK)
    return assignment_of(s->items[s->nitems - 1]);
  return s->e;
}

/* `{ int i = (int)(nu_zc - d);`: the column's point on the plane d behind
 * the load. */
static void open_z(TTile *tt, long long d, Buf *b) {
  Var *v = tt->space[0]->var;
  const char *t = type_cl_name(v->type);
  if (d < 0)
    buf_printf(b, "    {\n      %s %s = (%s)(nu_zc + %lld);\n", t, print_cl_name(v->name), t, -d);
  else if (d)
    buf_printf(b, "    {\n      %s %s = (%s)(nu_zc - %lld);\n", t, print_cl_name(v->name), t, d);
  else
    buf_printf(b, "    {\n      %s %s = (%s)(nu_zc);\n", t, print_cl_name(v->name), t);
}

/* The point is in the tile's interior (along the inner loops) and among
 * the loops'. */
static void print_interior(TTile *tt, Buf *b) {
  buf_puts(b, "nu_own && ");
  print_in_range(tt, NULL, NULL, b);
}

/* Streaming: `int nu_own = ` whether the column is in the tile's interior,
 * and `nu_t<q>` whether sub-step q computes on it (the tile shrunk by the
 * radii up to q): set once, tested on every plane. */
static void print_column_roles(TTile *tt, Stream *st, const long long *ext, Buf *b) {
  buf_puts(b, "  int nu_own =");
  for (int m = 1; m < tt->dims; m++)
    buf_printf(b, "%s nu_y%d >= %lld && nu_y%d < %lld", m > 1 ? " &&" : "", m, tt->halo[m], m,
               tt->halo[m] + tt->width[m]);
  buf_puts(b, ";\n");
  long long done[3] = {0};
  for (int q = 0; q < st->S; q++) { /* nu_xy joins them in the sub-step's test */
    buf_printf(b, "  int nu_t%d =", q);
    for (int m = 1; m < tt->dims; m++) {
      done[m] += tt->radius[q % tt->nsteps][m];
      buf_printf(b, "%s nu_y%d >= %lld && nu_y%d < %lld", m > 1 ? " &&" : "", m, done[m], m,
                 ext[m] - done[m]);
    }
    buf_puts(b, ";\n");
  }
}

/* Streaming: how many planes ahead of its use a column's load runs. */
enum { PREFETCH = 1 };

/* An array dead on entry that no sub-step reads outside the loops is
 * never loaded. */
static bool skip_load(TTile *tt, const bool *dead, int a) {
  return dead[a] && !reads_outside(tt, a);
}

/* The loads of plane nu_zc + f into the prefetch registers nu_n<a>_<f>
 * (the last of the queue: f < PREFETCH while they are first filled). */
static void print_loads(Printer *p, TTile *tt, const bool *dead, int f, Buf *b) {
  long long L = tt->width[0];
  const char *z = print_cl_name(tt->space[0]->var->name);
  open_z(tt, -f, b);
  for (int a = 0; a < tt->state.len; a++) {
    if (skip_load(tt, dead, a))
      continue;
    buf_puts(b, "      if (");
    if (L)
      buf_printf(b, "%s < nu_z0 + %lld && ", z, L + tt->halo[0]);
    print_in_range(tt, tt->lo[a], tt->hi[a], b);
    print_load_guard(tt, dead[a], b);
    buf_printf(b, "nu_n%d_%d", a, f < PREFETCH ? f : PREFETCH - 1);
    print_load_source(p, tt, a, dead[a], b);
  }
  buf_puts(b, "    }\n");
}

/* Streaming along the outermost loop (Stream). */
static void print_stream(Kernel *k, Printer *p, Printer *tp, TCtx *c, Buf *b) {
  TTile *tt = k->ttile;
  Stream st;
  stream_plan(tt, c->ext, &st);
  bool *dead = dead_on_entry(tt);
  c->st = &st;
  int A = tt->state.len;
  const char *z = print_cl_name(tt->space[0]->var->name);
  long long maxhi = 0;
  for (int a = 0; a < A; a++)
    maxhi = tt->hi[a][0] > maxhi ? tt->hi[a][0] : maxhi;
  buf_printf(b, "  /* ttile(%lld), streaming along %s: up to %lld steps of this group's tile of",
             tt->T, z, tt->T);
  for (int m = 1; m < tt->dims; m++)
    buf_printf(b, "%s%lld", m > 1 ? " x " : " ", tt->width[m]);
  buf_puts(b, " points with a halo of");
  for (int m = 1; m < tt->dims; m++)
    buf_printf(b, "%s%lld", m > 1 ? " x " : " ", tt->halo[m]);
  buf_puts(b, ", a work-item per point walking its column: each sub-step as many planes behind "
              "the load as the radii up to it add up to, each value an array takes in registers "
              "(nu_w<version>_<planes behind>), a plane read across published in __local "
              "memory */\n");
  for (int i = 0; i < st.npubs; i++) {
    int v = st.pubs[i].v;
    Expr *path = tt->state.items[st.ver_array[v]];
    char *name = print_expr_text(path);
    char *what = v < A ? xstrdup("as loaded") : xformat("after sub-step %d", v - A);
    buf_printf(b, "  __local %s nu_p%d[%lld]; /* %s %s, %lld plane%s behind */\n",
               type_cl_name(type_elem(path->type)), i, st.plane, name, what, st.pubs[i].d,
               st.pubs[i].d == 1 ? "" : "s");
    xfree(what);
    xfree(name);
  }
  for (int m = 1; m < tt->dims; m++) {
    Var *v = tt->space[m]->var;
    const char *t = type_cl_name(v->type);
    int dim = tt->dims - 1 - m;
    buf_printf(b,
               "  long nu_o%d = nu_lb%d + (long)get_group_id(%d) * %lld - %lld;\n"
               "  int nu_y%d = (int)get_local_id(%d);\n"
               "  %s %s = (%s)(nu_o%d + nu_y%d);\n",
               m, m, dim, tt->width[m], tt->halo[m], m, dim, t, print_cl_name(v->name), t, m, m);
  }
  buf_puts(b, "  int nu_q = ");
  for (int m = 1; m < tt->dims; m++) {
    long long stride = 1;
    for (int n = m + 1; n < tt->dims; n++)
      stride *= c->ext[n];
    if (stride > 1)
      buf_printf(b, "nu_y%d * %lld + ", m, stride);
    else
      buf_printf(b, "nu_y%d;\n", m);
  }
  /* the loops' first and last index in the indices' own type: an int
   * column's conditions and addresses stay 32-bit, and the compiler sees
   * the plane index advance (no truncation of a long counter) */
  for (int m = 0; m < tt->dims; m++) {
    const char *t = type_cl_name(tt->space[m]->var->type);
    buf_printf(b, "  %s nu_ib%d = (%s)nu_lb%d, nu_ie%d = (%s)(nu_lb%d + nu_n%d - 1);\n", t, m, t, m,
               m, t, m, m);
  }
  print_column_ranges(tt, b);
  print_column_roles(tt, &st, c->ext, b);
  const char *zt = type_cl_name(tt->space[0]->var->type);
  /* each array's and copy's element of the column on plane 0, and the
   * step to the next plane: the subscripts as printed, at 0 and 1 */
  for (int a = 0; a < A; a++) {
    const char *et = type_cl_name(type_elem(((Expr *)tt->state.items[a])->type));
    buf_printf(b, "  __global %s *nu_g%d, *nu_c%d;\n  long nu_gs%d, nu_cs%d;\n", et, a, a, a, a);
    for (int at = 0; at < 2; at++) {
      const char *g = at ? "nu_gs" : "nu_g", *c = at ? "nu_cs" : "nu_c";
      const char *minus = at ? " - " : "", *g0 = at ? "nu_g" : "", *c0 = at ? "nu_c" : "";
      buf_printf(b, "  {\n    %s %s = %d;\n    %s%d = &", zt, z, at, g, a);
      print_expr(p, global_elem(tt, a), b);
      buf_printf(b, "%s%s", minus, g0);
      if (at)
        buf_printf(b, "%d", a);
      buf_printf(b, ";\n    %s%d = &nu_sc%d[", c, a, a);
      print_box_index(tt, b);
      buf_printf(b, "]%s%s", minus, c0);
      if (at)
        buf_printf(b, "%d", a);
      buf_puts(b, ";\n  }\n");
    }
  }
  /* chunked: this group's planes z0 .. z0 + L - 1, with a halo of H0 on
   * each side that it computes for itself, as the overlapped tiles do */
  long long L = tt->width[0], H0 = tt->halo[0], minlo = 0;
  for (int a = 0; a < A; a++)
    minlo = tt->lo[a][0] < minlo ? tt->lo[a][0] : minlo;
  if (L)
    buf_printf(b,
               "  %s nu_z0 = nu_ib0 + (%s)get_group_id(%d) * %lld;\n"
               "  %s nu_zb = nu_z0 - %lld;\n  int nu_ns = (int)((",
               zt, zt, tt->dims - 1, L, zt, H0);
  else
    buf_printf(b, "  %s nu_zb = nu_ib0 + %lld;\n  int nu_ns = (int)((", zt, minlo);
  print_expr(p, tt->time->ub, b);
  buf_puts(b, ") - (");
  print_expr(p, tt->time->lb, b);
  buf_puts(b, "));\n");
  print_last(p, tt, dead, b);
  /* the copy back after a last launch into the copies */
  if (L)
    buf_printf(
        b, "  if (nu_ttdir == 2) {\n    for (%s nu_zc = nu_z0; nu_zc < nu_z0 + %lld; nu_zc++)\n",
        zt, L);
  else
    buf_printf(b, "  if (nu_ttdir == 2) {\n    for (%s nu_zc = nu_ib0; nu_zc <= nu_ie0; nu_zc++)\n",
               zt);
  open_z(tt, 0, b);
  buf_puts(b, "      if (");
  print_interior(tt, b);
  buf_puts(b, ") {\n");
  for (int a = 0; a < A; a++) {
    buf_puts(b, "        ");
    print_array_elem(p, tt, a, b);
    buf_puts(b, " = ");
    print_copy_elem(tt, a, b);
    buf_puts(b, ";\n");
  }
  buf_puts(b, "      }\n    }\n    return;\n  }\n");
  /* the windows, newest plane first */
  for (int v = 0; v < st.nver; v++) {
    Expr *path = tt->state.items[st.ver_array[v]];
    buf_printf(b, "  %s", type_cl_name(type_elem(path->type)));
    for (long long d = 0; d < st.depth[v]; d++)
      buf_printf(b, "%s nu_w%d_%lld = 0", d ? "," : "", v, d);
    buf_puts(b, ";\n");
  }
  for (int a = 0; a < A; a++)
    if (!skip_load(tt, dead, a)) {
      Expr *path = tt->state.items[a];
      buf_printf(b, "  %s", type_cl_name(type_elem(path->type)));
      for (int f = 0; f < PREFETCH; f++)
        buf_printf(b, "%s nu_n%d_%d = 0", f ? "," : "", a, f);
      buf_puts(b, ";\n");
    }
  buf_printf(b, "  {\n    %s nu_zc = nu_zb;\n", zt);
  for (int f = 0; f < PREFETCH; f++)
    print_loads(p, tt, dead, f, b);
  buf_puts(b, "  }\n");
  long long dlast = st.S ? st.delay[st.S - 1] : 0;
  if (L)
    buf_printf(b, "  for (%s nu_zc = nu_zb; nu_zc <= nu_z0 + %lld; nu_zc++) {\n", zt,
               L + H0 - 1 + dlast);
  else
    buf_printf(b, "  for (%s nu_zc = nu_zb; nu_zc <= nu_ie0 + %lld; nu_zc++) {\n", zt,
               maxhi + dlast);
  for (int v = 0; v < st.nver; v++)
    for (long long d = st.depth[v] - 1; d > 0; d--)
      buf_printf(b, "    nu_w%d_%lld = nu_w%d_%lld;\n", v, d, v, d - 1);
  /* the loads: each work-item takes its column's plane nu_zc from the
   * registers nu_n, which the loads PREFETCH planes ahead filled, so that
   * the global memory's latency hides behind the sub-steps between */
  for (int a = 0; a < A; a++)
    if (!skip_load(tt, dead, a)) {
      buf_printf(b, "    nu_w%d_0 = nu_n%d_0;\n", a, a);
      for (int f = 0; f + 1 < PREFETCH; f++)
        buf_printf(b, "    nu_n%d_%d = nu_n%d_%d;\n", a, f, a, f + 1);
    }
  print_loads(p, tt, dead, PREFETCH, b);
  /* the sub-steps, each on its plane */
  for (int q = 0; q < st.S; q++) {
    int kk = q % tt->nsteps, w = tt->writes[kk], old = st.reads[q * A + w];
    for (int i = 0; i < st.npubs; i++)
      if (st.pubs[i].first == q)
        buf_printf(b, "    nu_p%d[nu_q] = nu_w%d_%lld;\n", i, st.pubs[i].v, st.pubs[i].d);
    if (st.across[q])
      buf_puts(b, "    barrier(CLK_LOCAL_MEM_FENCE);\n");
    buf_printf(b, "    /* sub-step %d of step %d */\n", kk, q / tt->nsteps);
    open_z(tt, st.delay[q], b);
    /* the steps past the launch's last and the points outside the loops
     * pass the previous value on */
    buf_printf(b, "      nu_w%d_0 = nu_w%d_%lld;\n      if (%d < nu_ns && ", st.writes[q], old,
               st.delay[q] - st.ver_from[old], q / tt->nsteps);
    buf_printf(b, "nu_t%d && ", q);
    if (L) /* the chunk's halo narrows along z as it does across */
      buf_printf(b, "%s >= nu_zb + %lld && %s < nu_z0 + %lld && ", z, st.delay[q], z,
                 L + H0 - st.delay[q]);
    print_in_range(tt, NULL, NULL, b);
    buf_puts(b, ")\n");
    c->q = q;
    c->lhs = assignment_of(tt->steps[kk])->a;
    print_stmt(tp, tt->steps[kk], 4, b);
    buf_puts(b, "    }\n");
  }
  /* a published plane is overwritten only after every work-item read it:
   * a barrier between its last reader and its next publication */
  bool wait = false;
  for (int i = 0; i < st.npubs; i++) {
    bool between = false;
    for (int q = 0; q < st.S; q++)
      between |= st.across[q] && (q > st.pubs[i].last || q < st.pubs[i].first);
    wait |= !between;
  }
  if (wait)
    buf_puts(b, "    barrier(CLK_LOCAL_MEM_FENCE);\n");
  /* each array's last value back, as many planes behind as its writer */
  for (int a = 0; a < A; a++) {
    int v = st.last[a];
    open_z(tt, st.ver_from[v], b);
    buf_puts(b, "      if (");
    print_interior(tt, b);
    if (L)
      buf_printf(b, " && %s >= nu_z0 && %s < nu_z0 + %lld", z, z, L);
    if (dead[a])
      buf_puts(b, " && nu_last");
    buf_puts(b, ") {\n        if (nu_ttdir == 0)\n          ");
    print_copy_elem(tt, a, b);
    buf_printf(b, " = nu_w%d_0;\n        else\n          ", v);
    print_array_elem(p, tt, a, b);
    buf_printf(b, " = nu_w%d_0;\n      }\n    }\n", v);
  }
  buf_puts(b, "  }\n");
  xfree(dead);
  stream_free(&st);
  c->st = NULL;
}
