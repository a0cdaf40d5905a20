/* ttile.c — the body of a time-tiled kernel (`ttile`, annotations/ttile.c).
 * Receives the Kernel with its plan and opencl.c's printer; prints the
 * overlapped tile: each work-group loads its tile of every time-stepped
 * array with a halo of T times the sub-steps' radii into __local memory,
 * runs the launch's steps there (each sub-step on a region one radius
 * smaller than the last, a barrier after each), and writes the interior
 * back.  Tiles overlap only in their halos, which each computes for itself.
 * Or, streaming, tiles of the inner loops walk the outermost plane by plane
 * (Stream, print_stream). */
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

/* Streaming along the outermost loop: the work-group walks its planes z in
 * order, and at each one runs every sub-step q of the launch on plane
 * z - delay[q] (delay: the sum of the z radii up to q), so that what q
 * reads is already there.  Each value an array takes in the launch (a
 * version: the loaded one, then one per sub-step that writes it) lives in
 * a ring of planes as deep as its readers lag behind its writer. */
struct Stream {
  int S;            /* sub-steps per launch */
  long long *delay; /* per sub-step; the load's is 0 */
  int nver;
  int *ver_array;      /* per version: its state array */
  long long *ver_from; /* per version: its writer's delay */
  long long *depth;    /* per version: planes in its ring */
  int *reads;          /* reads[q * narrays + a]: the version of a that sub-step q reads */
  int *writes;         /* per sub-step: the version it writes */
  int *last;           /* per array: its version at the end of the launch */
  long long plane;     /* elements of a plane of the tile and its halo */
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

static bool tile_index(Printer *p, Expr *e, Buf *b) {
  TCtx *c = p->ctx;
  TTile *tt = c->k->ttile;
  Expr *x = e, *subs[3] = {NULL, NULL, NULL};
  int n = 0;
  for (; x->kind == EX_INDEX; x = x->a)
    n++;
  int rank = n, si = n == tt->dims && n <= 3 && ir_path_root(x) ? state_of(tt, x) : -1;
  if (si < 0)
    return c->base->on_index(c->base, e, b);
  for (Expr *y = e; y->kind == EX_INDEX && n > 0; y = y->a)
    subs[--n] = y->b;
  if (c->st) { /* the ring of the version sub-step q reads: plane, then row, column */
    Stream *st = c->st;
    int v = e == c->lhs ? st->writes[c->q] : st->reads[c->q * tt->state.len + si];
    buf_printf(b, "nu_r%d[(", v);
    print_expr(c->base, subs[0], b);
    buf_printf(b, " - nu_zb) %% %lld * %lld", st->depth[v], st->plane);
    long long stride = st->plane;
    for (int m = 1; m < rank; m++) {
      stride /= c->ext[m];
      buf_puts(b, " + (");
      print_expr(c->base, subs[m], b);
      buf_printf(b, " - nu_o%d)", m);
      if (stride > 1)
        buf_printf(b, " * %lld", stride);
    }
    buf_puts(b, "]");
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

static void open_coords(TCtx *c, int first, const char *plane, Buf *b);

/* A loop of the work-items over `count` slots nu_q: the coordinates
 * nu_y<m> of the dimensions from `first` in, and the space indices there;
 * with `plane`, the outermost index is that plane (first is then 1). */
static void open_slots(TCtx *c, long long count, int first, const char *plane, Buf *b) {
  buf_printf(b, "    for (int nu_q = nu_lid; nu_q < %lld; nu_q += nu_lsz) {\n", count);
  open_coords(c, first, plane, b);
}

static void open_coords(TCtx *c, int first, const char *plane, Buf *b) {
  TTile *tt = c->k->ttile;
  long long inner = 1;
  for (int m = tt->dims - 1; m >= first; m--) {
    buf_printf(b, "      int nu_y%d = nu_q", m);
    if (inner > 1)
      buf_printf(b, " / %lld", inner);
    if (m > first)
      buf_printf(b, " %% %lld", c->ext[m]);
    buf_puts(b, ";\n");
    inner *= c->ext[m];
  }
  for (int m = 0; m < tt->dims; m++) {
    Var *v = tt->space[m]->var;
    const char *t = type_cl_name(v->type);
    if (m < first)
      buf_printf(b, "      %s %s = (%s)(%s);\n", t, print_cl_name(v->name), t, plane);
    else
      buf_printf(b, "      %s %s = (%s)(nu_o%d + nu_y%d);\n", t, print_cl_name(v->name), t, m, m);
  }
}

/* The work-items' loop over the tile and its halo. */
static void open_points(TCtx *c, Buf *b) {
  long long all = 1;
  for (int m = 0; m < c->k->ttile->dims; m++)
    all *= c->ext[m];
  open_slots(c, all, 0, NULL, b);
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
  open_coords(c, 0, NULL, b);
}

/* `i >= nu_lb0 + lo && i <= nu_lb0 + nu_n0 - 1 + hi && ...` */
static void print_in_range(TTile *tt, const long long *lo, const long long *hi, Buf *b) {
  for (int m = 0; m < tt->dims; m++) {
    const char *v = print_cl_name(tt->space[m]->var->name);
    buf_printf(b, "%s%s >= nu_lb%d + %lld && %s <= nu_lb%d + nu_n%d - 1 + %lld", m ? " && " : "", v,
               m, lo ? lo[m] : 0, v, m, m, hi ? hi[m] : 0);
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
    buf_printf(b, " ? nu_sc%d[", a);
    print_box_index(tt, b);
    buf_puts(b, "] : ");
  }
  print_expr(p, global_elem(tt, a), b);
  buf_puts(b, ";\n");
}

/* `if (` the point is in the tile's interior and among the loops' `) {` */
static void open_interior(TTile *tt, Buf *b) {
  buf_puts(b, "      if (");
  for (int m = tt->stream ? 1 : 0; m < tt->dims; m++) /* streaming: the whole plane is one's */
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

/* The versions, their rings and the sub-steps' delays (Stream). */
static void stream_plan(TTile *tt, const long long *ext, Stream *st) {
  int A = tt->state.len, S = (int)(tt->T * tt->nsteps);
  st->S = S;
  st->delay = xcalloc((size_t)S, sizeof(long long));
  st->nver = A + S;
  st->ver_array = xcalloc((size_t)st->nver, sizeof(int));
  st->ver_from = xcalloc((size_t)st->nver, sizeof(long long));
  st->depth = xcalloc((size_t)st->nver, sizeof(long long));
  st->reads = xcalloc((size_t)S * (size_t)A, sizeof(int));
  st->writes = xcalloc((size_t)S, sizeof(int));
  st->last = xcalloc((size_t)A, sizeof(int));
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
  /* a version's ring reaches from the plane its writer makes to the
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
    for (int v = 0; v < st.nver; v++)
      bytes += st.depth[v] * st.plane * elem_bytes(k, tt->state.items[st.ver_array[v]]);
    return bytes;
  }
  long long cells = 1;
  for (int m = 0; m < tt->dims; m++)
    cells *= ext[m];
  for (int i = 0; i < tt->state.len; i++)
    bytes += cells * elem_bytes(k, tt->state.items[i]);
  return bytes;
}

/* The work-items' loop over one plane of the tile and its halo: the
 * outermost (`z`) index set to `plane`. */
static void open_plane(TCtx *c, const char *plane, Buf *b) {
  open_slots(c, c->st->plane, 1, plane, b);
}

static Expr *assignment_of(Stmt *s) {
  if (s->kind == ST_BLOCK)
    return assignment_of(s->items[s->nitems - 1]);
  return s->e;
}

static void print_slot(Stream *st, int v, const char *z, Buf *b) {
  buf_printf(b, "nu_r%d[(%s - nu_zb) %% %lld * %lld + nu_q]", v, z, st->depth[v], st->plane);
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
  long long minlo = 0, maxhi = 0;
  for (int a = 0; a < A; a++) {
    minlo = tt->lo[a][0] < minlo ? tt->lo[a][0] : minlo;
    maxhi = tt->hi[a][0] > maxhi ? tt->hi[a][0] : maxhi;
  }
  buf_printf(b, "  /* ttile(%lld), streaming along %s: up to %lld steps of this group's tiles of",
             tt->T, z, tt->T);
  for (int m = 1; m < tt->dims; m++)
    buf_printf(b, "%s%lld", m > 1 ? " x " : " ", tt->width[m]);
  buf_puts(b, " points with a halo of");
  for (int m = 1; m < tt->dims; m++)
    buf_printf(b, "%s%lld", m > 1 ? " x " : " ", tt->halo[m]);
  buf_puts(b, ", plane by plane: each sub-step as many planes behind the load as the radii "
              "up to it add up to, each value an array takes in a ring of planes */\n");
  for (int v = 0; v < st.nver; v++) {
    Expr *path = tt->state.items[st.ver_array[v]];
    char *name = print_expr_text(path);
    buf_printf(b, "  __local %s nu_r%d[%lld]; /* %s, %s */\n", type_cl_name(type_elem(path->type)),
               v, st.depth[v] * st.plane, name,
               v < A ? "as loaded" : xformat("after sub-step %d", v - A));
    xfree(name);
  }
  for (int m = 1; m < tt->dims; m++)
    buf_printf(b, "  long nu_o%d = nu_lb%d + (long)get_group_id(%d) * %lld - %lld;\n", m, m,
               tt->dims - 1 - m, tt->width[m], tt->halo[m]);
  buf_puts(b, "  int nu_lid = (int)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
              "get_local_size(1) * get_local_id(2)));\n"
              "  int nu_lsz = (int)(get_local_size(0) * get_local_size(1) * get_local_size(2));\n");
  /* chunked: this group's planes z0 .. z0 + L - 1, with a halo of H0 on
   * each side that it computes for itself, as the overlapped tiles do */
  long long L = tt->width[0], H0 = tt->halo[0];
  if (L)
    buf_printf(b,
               "  long nu_z0 = nu_lb0 + (long)get_group_id(%d) * %lld;\n"
               "  int nu_zb = (int)(nu_z0 - %lld);\n  int nu_ns = (int)((",
               tt->dims - 1, L, H0);
  else
    buf_printf(b, "  int nu_zb = (int)(nu_lb0 + %lld);\n  int nu_ns = (int)((", minlo);
  print_expr(p, tt->time->ub, b);
  buf_puts(b, ") - (");
  print_expr(p, tt->time->lb, b);
  buf_puts(b, "));\n");
  print_last(p, tt, dead, b);
  /* the copy back after a last launch into the copies */
  if (L)
    buf_printf(b,
               "  if (nu_ttdir == 2) {\n  for (long nu_zc = nu_z0; nu_zc < nu_z0 + %lld && nu_zc < "
               "nu_lb0 + nu_n0; nu_zc++) {\n",
               L);
  else
    buf_puts(
        b,
        "  if (nu_ttdir == 2) {\n  for (long nu_zc = nu_lb0; nu_zc < nu_lb0 + nu_n0; nu_zc++) {\n");
  open_plane(c, "nu_zc", b);
  open_interior(tt, b);
  for (int a = 0; a < A; a++) {
    buf_puts(b, "        ");
    print_expr(p, global_elem(tt, a), b);
    buf_printf(b, " = nu_sc%d[", a);
    print_box_index(tt, b);
    buf_puts(b, "];\n");
  }
  buf_puts(b, "      }\n    }\n  }\n  return;\n  }\n");
  long long dlast = st.S ? st.delay[st.S - 1] : 0;
  if (L)
    buf_printf(b, "  for (long nu_zc = nu_zb; nu_zc <= nu_z0 + %lld; nu_zc++) {\n",
               L + H0 - 1 + dlast);
  else
    buf_printf(b, "  for (long nu_zc = nu_zb; nu_zc <= nu_lb0 + nu_n0 - 1 + %lld; nu_zc++) {\n",
               maxhi + dlast);
  /* the load of plane nu_zc */
  buf_puts(b, "  {\n");
  open_plane(c, "nu_zc", b);
  for (int a = 0; a < A; a++) {
    buf_puts(b, "      if (");
    if (L)
      buf_printf(b, "%s < nu_z0 + %lld && ", z, L + H0);
    print_in_range(tt, tt->lo[a], tt->hi[a], b);
    print_load_guard(tt, dead[a], b);
    print_slot(&st, a, z, b);
    print_load_source(p, tt, a, dead[a], b);
  }
  buf_puts(b, "    }\n  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n");
  /* the sub-steps, each on its plane */
  long long done[3] = {0};
  for (int q = 0; q < st.S; q++) {
    int kk = q % tt->nsteps, w = tt->writes[kk];
    for (int m = 1; m < tt->dims; m++)
      done[m] += tt->radius[kk][m];
    char *plane = xformat("nu_zc - %lld", st.delay[q]);
    buf_printf(b, "  { /* sub-step %d of step %d */\n", kk, q / tt->nsteps);
    open_plane(c, plane, b);
    buf_puts(b, "      if (");
    for (int m = 1; m < tt->dims; m++)
      buf_printf(b, "nu_y%d >= %lld && nu_y%d < %lld && ", m, done[m], m, c->ext[m] - done[m]);
    if (L) /* the chunk's halo narrows along z as it does across */
      buf_printf(b, "%s >= nu_zb + %lld && %s < nu_z0 + %lld && ", z, st.delay[q], z,
                 L + H0 - st.delay[q]);
    print_in_range(tt, tt->lo[w], tt->hi[w], b);
    buf_printf(b, ") {\n        if (%d < nu_ns && ", q / tt->nsteps);
    print_in_range(tt, NULL, NULL, b);
    buf_puts(b, ")\n");
    c->q = q;
    c->lhs = assignment_of(tt->steps[kk])->a;
    print_stmt(tp, tt->steps[kk], 5, b);
    buf_puts(b, "        else\n          ");
    print_slot(&st, st.writes[q], z, b);
    buf_puts(b, " = ");
    print_slot(&st, st.reads[q * A + w], z, b);
    buf_puts(b, ";\n      }\n    }\n  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n");
    xfree(plane);
  }
  /* each array's last value back, as many planes behind as its writer */
  for (int a = 0; a < A; a++) {
    int v = st.last[a];
    char *plane = xformat("nu_zc - %lld", st.ver_from[v]);
    buf_puts(b, "  {\n");
    open_plane(c, plane, b);
    open_interior(tt, b);
    if (L && dead[a])
      buf_printf(b, "        if (nu_last && %s >= nu_z0 && %s < nu_z0 + %lld) {\n", z, z, L);
    else if (L)
      buf_printf(b, "        if (%s >= nu_z0 && %s < nu_z0 + %lld) {\n", z, z, L);
    else if (dead[a])
      buf_puts(b, "        if (nu_last) {\n");
    buf_printf(b, "        if (nu_ttdir == 0)\n          nu_sc%d[", a);
    print_box_index(tt, b);
    buf_puts(b, "] = ");
    print_slot(&st, v, z, b);
    buf_puts(b, ";\n        else\n          ");
    print_expr(p, global_elem(tt, a), b);
    buf_puts(b, " = ");
    print_slot(&st, v, z, b);
    buf_puts(b, L || dead[a] ? ";\n        }\n      }\n    }\n  }\n" : ";\n      }\n    }\n  }\n");
    xfree(plane);
  }
  buf_puts(b, "  }\n");
  xfree(dead);
  c->st = NULL;
}
