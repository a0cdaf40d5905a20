/* ttile.c — the body of a time-tiled kernel (`ttile`, annotations/ttile.c).
 * Receives the Kernel with its plan and opencl.c's printer; prints the
 * overlapped tile: each work-group loads its tile of every time-stepped
 * array with a halo of T times the sub-steps' radii into __local memory,
 * runs the launch's steps there (each sub-step on a region one radius
 * smaller than the last, a barrier after each), and writes the interior
 * back.  Tiles overlap only in their halos, which each computes for itself. */
#include "emit.h"

/* The printer of the steps: a time-stepped array's element is its slot in
 * the tile; everything else as opencl.c prints it. */
typedef struct TCtx {
  Printer *base;
  Kernel *k;
  long long ext[3]; /* the tile with its halo, per space loop */
} TCtx;

static int state_of(TTile *tt, Expr *path) {
  for (int i = 0; i < tt->state.len; i++)
    if (ir_expr_equal(tt->state.items[i], path))
      return i;
  return -1;
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

/* A loop of the work-items over the tile and its halo, each point's slot
 * nu_q, its coordinates nu_y<m> in the tile and the space indices there. */
static void open_points(TCtx *c, Buf *b) {
  TTile *tt = c->k->ttile;
  long long all = 1;
  for (int m = 0; m < tt->dims; m++)
    all *= c->ext[m];
  buf_printf(b, "    for (int nu_q = nu_lid; nu_q < %lld; nu_q += nu_lsz) {\n", all);
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

/* `if (` the point is in the tile's interior and among the loops' `) {` */
static void open_interior(TTile *tt, Buf *b) {
  buf_puts(b, "      if (");
  for (int m = 0; m < tt->dims; m++)
    buf_printf(b, "nu_y%d >= %lld && nu_y%d < %lld && ", m, tt->halo[m], m,
               tt->halo[m] + tt->width[m]);
  print_in_range(tt, NULL, NULL, b);
  buf_puts(b, ") {\n");
}

void emit_ttile_kernel(Kernel *k, Printer *p, Buf *b) {
  TTile *tt = k->ttile;
  TCtx c = {p, k, {0}};
  Printer tp = *p;
  tp.on_index = tile_index;
  tp.on_path = tile_path;
  tp.ctx = &c;
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
  buf_puts(b, "  if (nu_ttdir == 2) {\n");
  open_points(&c, b);
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
    buf_puts(b, "      if (");
    print_in_range(tt, tt->lo[i], tt->hi[i], b);
    buf_printf(b, ")\n        nu_tt%d[nu_q] = nu_ttdir == 1 && ", i);
    print_in_range(tt, NULL, NULL, b);
    buf_printf(b, " ? nu_sc%d[", i);
    print_box_index(tt, b);
    buf_puts(b, "] : ");
    print_expr(p, global_elem(tt, i), b);
    buf_puts(b, ";\n");
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
    open_points(&c, b);
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
  /* the interior back: every array right there after the last step */
  buf_puts(b, "  {\n");
  open_points(&c, b);
  open_interior(tt, b);
  for (int i = 0; i < tt->state.len; i++) {
    buf_printf(b, "        if (nu_ttdir == 0)\n          nu_sc%d[", i);
    print_box_index(tt, b);
    buf_printf(b, "] = nu_tt%d[nu_q];\n        else\n          ", i);
    print_expr(p, global_elem(tt, i), b);
    buf_printf(b, " = nu_tt%d[nu_q];\n", i);
  }
  buf_puts(b, "      }\n    }\n  }\n");
}
