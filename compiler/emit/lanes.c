/* lanes.c — a `vector` lane loop in a kernel (annotations/vector.c): the
 * block of v iterations runs once on OpenCL vectors where it lies wholly in
 * the loop's range and every array it reads or writes by lanes is aligned
 * as vectors there, else lane by lane as the loop is written.
 *
 * An access a[..][x + c] is a vector load at x + c when c is a multiple of
 * v.  Otherwise each lane takes its element from an aligned vector of the
 * same row whose elements the body's reads of that row all take (reads at
 * x - 1 and x + 1 cover the vector at x, which gives lanes 1..3 of the
 * first and 0..2 of the second), and a scalar load where there is none, so
 * that nothing outside the elements the loop reads is ever loaded.  A store at x + c is
 * a vector store when c is a multiple of v, else one store per lane. */
#include "analysis.h"
#include "emit.h"
#include "transform.h"

#include <stdint.h>
#include <string.h>

typedef struct Row {
  char *key; /* the access printed with x in its last subscript: the array and its row */
  Vec reads; /* (void *)(intptr_t)c: the offsets the body reads this row at, v lanes each */
} Row;

typedef struct LaneCtx {
  Printer *p;
  Kernel *k;
  Lanes ln;
  Var *x;
  int v;
  const char *t; /* "float4" */
  Vec rows;      /* Row* */
  Vec bufs;      /* Buffer* accessed by lanes */
  bool ok;
  const char *why; /* what made ok false, for the warning */
} LaneCtx;

/* The access e with its last subscript replaced by x + c. */
static Expr *at_offset(LaneCtx *lc, Expr *e, long long c) {
  Expr *n = NEW(Expr);
  *n = *e;
  n->b = tr_add(ir_var(lc->x, e->loc), ir_int(c, e->loc));
  return n;
}

static char *access_text(LaneCtx *lc, Expr *e, long long c) {
  Buf b = {0};
  print_expr(lc->p, at_offset(lc, e, c), &b);
  return b.s;
}

static Row *row_of(LaneCtx *lc, Expr *e) {
  char *key = access_text(lc, e, 0);
  for (int i = 0; i < lc->rows.len; i++) {
    Row *r = lc->rows.items[i];
    if (!strcmp(r->key, key))
      return r;
  }
  Row *r = NEW(Row);
  r->key = key;
  vec_push(&lc->rows, r);
  return r;
}

/* Whether the aligned vector at offset q (a multiple of v) holds only
 * elements that the body's reads of the row take: it may be loaded whole. */
static bool row_has(Row *r, long long q, int v) {
  for (long long e = q; e < q + v; e++) {
    bool read = false;
    for (int i = 0; i < r->reads.len && !read; i++) {
      long long c = (long long)(intptr_t)r->reads.items[i];
      read = c <= e && e < c + v;
    }
    if (!read)
      return false;
  }
  return true;
}

static long long floor_div(long long a, long long b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Whether e is an access that follows the lanes, and its offset. */
static bool lane_access(LaneCtx *lc, Expr *e, long long *c) {
  return e->kind == EX_INDEX && lanes_offset(e->b, lc->x, c);
}

typedef struct Collect {
  LaneCtx *lc;
  Expr *store; /* the assignment's target: not a read (unless compound) */
} Collect;

static void collect(Expr *e, void *d) {
  Collect *co = d;
  LaneCtx *lc = co->lc;
  long long c;
  if (!lane_access(lc, e, &c))
    return;
  Expr *base = e;
  while (base->kind == EX_INDEX)
    base = base->a;
  Buffer *buf = ir_path_root(base) ? kernel_buffer(lc->k, base) : NULL;
  const char *why = !buf                   ? "is not one of the kernel's arrays"
                    : buf->rows            ? "is a table of rows"
                    : cache_of(lc->k, buf) ? "is staged in __local memory by cache"
                    : type_elem(buf->type)->kind != lc->ln.elem ? "holds another type"
                                                                : NULL;
  if (why) { /* not a plain buffer of the kernel: lane by lane */
    if (lc->ok)
      lc->why = xformat("'%s' %s", print_expr_text(base), why);
    lc->ok = false;
    return;
  }
  if (!vec_contains(&lc->bufs, buf))
    vec_push(&lc->bufs, buf);
  if (e != co->store)
    vec_push(&row_of(lc, e)->reads, (void *)(intptr_t)c);
}

static void collect_stmt(LaneCtx *lc, Stmt *s) {
  Collect co = {lc, NULL};
  if (s->kind == ST_BLOCK)
    for (int i = 0; i < s->nitems; i++)
      collect_stmt(lc, s->items[i]);
  else if (s->kind == ST_DECL && s->init)
    ir_walk_expr(s->init, collect, &co);
  else if (s->kind == ST_EXPR && !s->visit) {
    co.store = s->e->op == OP_ASSIGN ? s->e->a : NULL;
    ir_walk_expr(s->e, collect, &co);
  }
}

static void vexpr(LaneCtx *lc, Expr *e, Buf *b);

static void load(LaneCtx *lc, Expr *e, long long c, Buf *b) {
  char *a = access_text(lc, e, c);
  buf_printf(b, "(*(__global const %s *)&%s)", lc->t, a);
  xfree(a);
}

static void vexpr(LaneCtx *lc, Expr *e, Buf *b) {
  long long c;
  if (!lanes_varies(&lc->ln, e)) {
    buf_puts(b, "(");
    print_expr(lc->p, e, b);
    buf_puts(b, ")");
    return;
  }
  switch (e->kind) {
  case EX_VAR:
    buf_puts(b, print_cl_name(e->var->name));
    return;
  case EX_INDEX:
    if (!lane_access(lc, e, &c))
      break;
    if (c % lc->v == 0) {
      load(lc, e, c, b);
      return;
    }
    Row *r = row_of(lc, e);
    buf_printf(b, "((%s)(", lc->t);
    for (int j = 0; j < lc->v; j++) {
      long long q = floor_div(c + j, lc->v) * lc->v;
      if (j)
        buf_puts(b, ", ");
      if (row_has(r, q, lc->v)) {
        load(lc, e, q, b);
        buf_printf(b, ".s%lld", c + j - q);
      } else {
        char *a = access_text(lc, e, c + j);
        buf_puts(b, a);
        xfree(a);
      }
    }
    buf_puts(b, "))");
    return;
  case EX_UNARY:
    buf_printf(b, "(%s", op_spelling(e->op));
    vexpr(lc, e->a, b);
    buf_puts(b, ")");
    return;
  case EX_BINARY:
    buf_puts(b, "(");
    vexpr(lc, e->a, b);
    buf_printf(b, " %s ", op_spelling(e->op));
    vexpr(lc, e->b, b);
    buf_puts(b, ")");
    return;
  case EX_CAST:
    vexpr(lc, e->a, b);
    return;
  case EX_CALL:
    buf_printf(b, "%s(", print_cl_builtin(e->text));
    for (int i = 0; i < e->nargs; i++) {
      if (i)
        buf_puts(b, ", ");
      if (lanes_varies(&lc->ln, e->args[i])) {
        vexpr(lc, e->args[i], b);
      } else { /* the built-ins take one vector type for all arguments */
        buf_printf(b, "(%s)", lc->t);
        vexpr(lc, e->args[i], b);
      }
    }
    buf_puts(b, ")");
    return;
  default:
    break;
  }
  lc->ok = false; /* lanes.c let through what this does not print */
}

/* The target of one lane: `to` (the assignment's left side) for the lane
 * at offset `at` from x, as text. */
typedef char *LaneTarget(LaneCtx *lc, Expr *to, long long at);

/* A sum's variable, the same for every lane. */
static char *sum_target(LaneCtx *lc, Expr *to, long long at) {
  (void)lc;
  (void)at;
  return xstrdup(print_cl_name(to->var->name));
}

/* `to OP= value` one lane after the other, in the loop's order: the value
 * evaluated once into nu_lanes (a vector, or where `vector` is false one
 * scalar that every lane applies), then lane j applied to target(to, c +
 * j).  Serves a sum over the lanes and a store at an offset that is not a
 * multiple of v. */
static void per_lane(LaneCtx *lc, Expr *e, LaneTarget *target, long long c, bool vector, int depth,
                     Buf *b) {
  buf_indent(b, depth);
  buf_puts(b, "{\n");
  buf_indent(b, depth + 1);
  buf_printf(b, "%s nu_lanes = ", vector ? lc->t : type_cl_name(e->b->type));
  if (vector)
    vexpr(lc, e->b, b);
  else
    print_expr(lc->p, e->b, b);
  buf_puts(b, ";\n");
  for (int j = 0; j < lc->v; j++) {
    char *t = target(lc, e->a, c + j);
    buf_indent(b, depth + 1);
    buf_printf(b, "%s %s nu_lanes", t, op_spelling(e->op));
    if (vector)
      buf_printf(b, ".s%d", j);
    buf_puts(b, ";\n");
    xfree(t);
  }
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

static void vstmt(LaneCtx *lc, Stmt *s, int depth, Buf *b) {
  long long c;
  switch (s->kind) {
  case ST_BLOCK:
    buf_indent(b, depth);
    buf_puts(b, "{\n");
    for (int i = 0; i < s->nitems; i++)
      vstmt(lc, s->items[i], depth + 1, b);
    buf_indent(b, depth);
    buf_puts(b, "}\n");
    return;
  case ST_DECL:
    if (!lanes_local_varies(&lc->ln, s->var)) {
      print_stmt(lc->p, s, depth, b);
      return;
    }
    buf_indent(b, depth);
    buf_printf(b, "%s %s", lc->t, print_cl_name(s->var->name));
    if (s->init) {
      buf_puts(b, " = ");
      vexpr(lc, s->init, b);
    }
    buf_puts(b, ";\n");
    return;
  case ST_EXPR: {
    Expr *e = s->e;
    if (s->visit)
      return;
    if (e->a->kind == EX_VAR && lanes_sum(&lc->ln, e->a->var)) {
      /* each lane adds in turn */
      per_lane(lc, e, sum_target, 0, lanes_varies(&lc->ln, e->b), depth, b);
      return;
    }
    if (!lanes_varies(&lc->ln, e->b) && !lanes_varies(&lc->ln, e->a)) {
      print_stmt(lc->p, s, depth, b);
      return;
    }
    if (e->a->kind == EX_VAR) {
      buf_indent(b, depth);
      buf_printf(b, "%s %s ", print_cl_name(e->a->var->name), op_spelling(e->op));
      vexpr(lc, e->b, b);
      buf_puts(b, ";\n");
      return;
    }
    if (!lane_access(lc, e->a, &c)) {
      lc->ok = false;
      return;
    }
    if (c % lc->v == 0) {
      char *a = access_text(lc, e->a, c);
      buf_indent(b, depth);
      buf_printf(b, "*(__global %s *)&%s %s ", lc->t, a, op_spelling(e->op));
      xfree(a);
      vexpr(lc, e->b, b);
      buf_puts(b, ";\n");
      return;
    }
    /* one store per lane, from one vector (a value the same in every lane
     * is broadcast) */
    per_lane(lc, e, access_text, c, true, depth, b);
    return;
  }
  case ST_EMPTY:
    return;
  default:
    lc->ok = false;
    return;
  }
}

static Vec warned; /* Loop*: lane loops nucc-vector-lanes named */

bool emit_lane_loop(Printer *p, Kernel *k, Stmt *s, int depth, Buf *b) {
  if (s->kind != ST_FOR || !s->loop || !s->loop->vec)
    return false;
  Loop *l = s->loop;
  LaneCtx lc = {.p = p, .k = k, .x = l->var, .v = l->vec, .ok = true};
  lc.ln.x = l->var;
  SrcLoc at;
  char *why;
  if (!lanes_check(&lc.ln, l->body, &at, &why))
    return false;
  lc.t = xformat("%s%d", lc.ln.elem == TY_FLOAT ? "float" : "double", lc.v);
  collect_stmt(&lc, l->body);
  Buf vec = {0};
  if (lc.ok) {
    buf_indent(&vec, depth + 1);
    buf_printf(&vec, "%s %s = ", type_cl_name(l->var->type), print_cl_name(l->var->name));
    print_expr(p, l->vec_base, &vec);
    buf_puts(&vec, ";\n");
    vstmt(&lc, l->body, depth + 1, &vec);
  }
  if (!lc.ok) { /* the loop as written, lane by lane */
    xfree(vec.s);
    /* once per loop, though a 1-D kernel prints its body twice */
    util_scoped_vec(&warned);
    if (!vec_contains(&warned, l))
      diag_warning("nucc-vector-lanes", l->loc,
                   "vector(%d): kernel %s runs the loop over '%s' lane by lane: %s", lc.v, k->name,
                   l->var->name, lc.why ? lc.why : "its body does not print as vectors");
    vec_push(&warned, l);
    return false;
  }
  buf_indent(b, depth);
  buf_printf(b, "/* a whole block of %d, aligned: as vectors; else lane by lane */\n", lc.v);
  buf_indent(b, depth);
  buf_puts(b, "if (");
  print_expr(p, l->vec_base, b);
  buf_puts(b, " >= ");
  print_expr(p, l->vec_lb, b);
  buf_puts(b, " && ");
  print_expr(p, l->vec_base, b);
  buf_printf(b, " + %d <= ", lc.v);
  print_expr(p, l->vec_end, b);
  long long bytes = (long long)lc.v * (lc.ln.elem == TY_FLOAT ? 4 : 8);
  for (int i = 0; i < lc.bufs.len; i++) {
    Buffer *buf = lc.bufs.items[i];
    /* element (.., r, x) is at (..) * d + x, d the last row length: rows
     * start aligned where element 0 is and d is a multiple of v */
    buf_printf(b, " && ((ulong)%s & %lld) == 0", buf->name, bytes - 1);
    if (buf->rank > 1)
      buf_printf(b, " && %s_d%d %% %d == 0", buf->name, buf->rank - 1, lc.v);
  }
  buf_puts(b, ") {\n");
  buf_puts(b, vec.s);
  xfree(vec.s);
  /* Lane by lane in an unrolled loop of constant trip count: the loop as
   * written (bounds from min and max) in this branch slowed the vector
   * branch of the H100's wave from 2,841 to 2,404 GB/s; this form costs
   * 3-5% against no branch at all (bench/results/stencil-vector-h100.txt). */
  buf_indent(b, depth);
  buf_puts(b, "} else {\n");
  buf_indent(b, depth + 1);
  buf_puts(b, "#pragma unroll\n");
  buf_indent(b, depth + 1);
  buf_printf(b, "for (int nu_lane = 0; nu_lane < %d; nu_lane++) {\n", lc.v);
  buf_indent(b, depth + 2);
  buf_printf(b, "%s %s = ", type_cl_name(l->var->type), print_cl_name(l->var->name));
  print_expr(p, l->vec_base, b);
  buf_puts(b, " + nu_lane;\n");
  buf_indent(b, depth + 2);
  buf_printf(b, "if (%s < ", print_cl_name(l->var->name));
  print_expr(p, l->vec_lb, b);
  buf_printf(b, " || %s >= ", print_cl_name(l->var->name));
  print_expr(p, l->vec_end, b);
  buf_puts(b, ")\n");
  buf_indent(b, depth + 3);
  buf_puts(b, "continue;\n");
  if (l->body->kind == ST_BLOCK)
    for (int i = 0; i < l->body->nitems; i++)
      print_stmt(p, l->body->items[i], depth + 2, b);
  else
    print_stmt(p, l->body, depth + 2, b);
  buf_indent(b, depth + 1);
  buf_puts(b, "}\n");
  buf_indent(b, depth);
  buf_puts(b, "}\n");
  return true;
}
