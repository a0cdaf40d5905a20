/* extent.c — how far each subscript reaches, as host C expressions.
 * Receives subscripts of the kernel's accesses; hands on interval bounds
 * written in terms of the stub's values (free scalars by their kernel names,
 * loop ranges as nu_lo<id>/nu_hi<id>), which the host stub evaluates before
 * a launch to size the device buffers — as OpenACC compilers infer array
 * extents from affine subscripts. */
#include "analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Iv {
  char *lo, *hi;
} Iv;

static void host_path(Printer *p, Expr *e, Buf *b) {
  (void)p;
  print_path_name(e, b);
}

char *extent_host_text(Expr *e) {
  Printer p = {.opencl = false, .on_path = host_path};
  Buf b = {0};
  print_expr(&p, e, &b);
  return b.s ? b.s : xstrdup("");
}

static bool iv_of(KernelInfo *ki, Expr *e, Iv *out, int depth);

static Iv iv_same(char *s) { return (Iv){s, xstrdup(s)}; }

/* The first loop of the kernel indexed by v: sibling loops that share an
 * index (copies made by unroll, or `for (k...)` twice in a row) get one
 * range, the union of theirs, named after the first (extent_loop_range). */
static LoopInfo *first_loop_of(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->loops.len; i++) {
    LoopInfo *li = ki->loops.items[i];
    if (li->loop->var == v)
      return li;
  }
  return NULL;
}

/* Inside a branch of `x == 0 ? c : c - 1` (a clamp at the edge of the
 * grid), the index is known to stay off one end of its range: the branch
 * is bounded with that end moved in.  Without it the interval of the clamp
 * reaches one element (one row, one plane) outside the array, and the
 * copies of a launch would read past the allocation and write the stale
 * bytes back over the next heap block (issue 15, item 7). */
typedef struct Narrow {
  const Var *v;
  int lo, hi; /* added to the low end, taken from the high end */
} Narrow;

/* The branches being bounded, innermost last: branch_iv() pops what it
 * pushes, so the stack is empty between calls and nothing of a compilation
 * stays in it; past 16 nested clamps the bound is left wider, not wrong. */
static Narrow narrows[16];
static int nnarrows;

static bool iv_var(KernelInfo *ki, Expr *e, Iv *out, int depth) {
  LoopInfo *li = first_loop_of(ki, e->var);
  if (li) {
    int dlo = 0, dhi = 0;
    for (int i = 0; i < nnarrows; i++)
      if (narrows[i].v == e->var) {
        dlo += narrows[i].lo;
        dhi += narrows[i].hi;
      }
    *out = (Iv){dlo ? xformat("nu_lo%d + %d", li->id, dlo) : xformat("nu_lo%d", li->id),
                dhi ? xformat("nu_hi%d - %d", li->id, dhi) : xformat("nu_hi%d", li->id)};
    return true;
  }
  if (freevars_is_local(ki, e->var)) {
    /* a local assigned once at its declaration stands for its initializer */
    for (int i = 0; i < ki->written_locals.len; i++)
      if (ki->written_locals.items[i] == e->var)
        return false;
    for (int i = 0; i < ki->decls.len; i++) {
      Stmt *d = ki->decls.items[i];
      if (d->var == e->var && d->init)
        return iv_of(ki, d->init, out, depth + 1);
    }
    return false;
  }
  if (!type_is_integer(e->type))
    return false;
  *out = iv_same(extent_host_text(e));
  return true;
}

/* Whether `k` is the first (which 0) or the last (which 1) value of the
 * canonical loop of v, as written: its lower bound, or `ub - 1` / `ub`. */
static bool is_end(Loop *l, Expr *k, int which) {
  if (which == 0)
    return ir_expr_equal(l->lb, k);
  if (l->rel == REL_LE)
    return ir_expr_equal(l->ub, k);
  return l->rel == REL_LT && k->kind == EX_BINARY && k->op == OP_SUB && k->b->kind == EX_INT &&
         k->b->ival == 1 && ir_expr_equal(k->a, l->ub);
}

/* A condition `v == end`, `v != end`, `v > first`, `v < last` on a loop
 * index with step 1: which end each branch keeps v off. */
static void edge_test(KernelInfo *ki, Expr *c, Narrow *t, Narrow *f) {
  while (c->kind == EX_CAST)
    c = c->a;
  if (c->kind != EX_BINARY)
    return;
  Expr *v = c->a, *k = c->b;
  Op op = c->op;
  if (v->kind != EX_VAR || !first_loop_of(ki, v->var)) {
    v = c->b, k = c->a; /* end == v: the same with the sides swapped */
    op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op;
  }
  if (v->kind != EX_VAR || !first_loop_of(ki, v->var))
    return;
  Loop *l = first_loop_of(ki, v->var)->loop;
  if (l->step->kind != EX_INT || l->step->ival != 1)
    return;
  for (int which = 0; which < 2; which++) {
    if (!is_end(l, k, which))
      continue;
    Narrow off = {v->var, which == 0, which == 1}; /* v is not that end */
    /* == keeps the false branch off that end; !=, `> first`, `< last` the true one */
    bool strict = (op == OP_GT && which == 0) || (op == OP_LT && which == 1);
    if (op == OP_EQ)
      *f = off;
    else if (op == OP_NE || strict)
      *t = off;
  }
}

static bool branch_iv(KernelInfo *ki, Expr *e, Iv *out, int depth, Narrow n) {
  if (!n.v || nnarrows == (int)(sizeof narrows / sizeof *narrows))
    return iv_of(ki, e, out, depth + 1); /* no narrowing: a wider, safe bound */
  narrows[nnarrows++] = n;
  bool ok = iv_of(ki, e, out, depth + 1);
  nnarrows--;
  return ok;
}

static char *mul(const char *a, const char *b) { return xformat("(%s) * (%s)", a, b); }

static bool iv_of(KernelInfo *ki, Expr *e, Iv *out, int depth) {
  if (depth > 16)
    return false;
  Iv x, y;
  switch (e->kind) {
  case EX_INT:
    *out = iv_same(xformat("%lldLL", e->ival));
    return true;
  case EX_VAR:
    return iv_var(ki, e, out, depth);
  case EX_MEMBER:
    if (!ir_path_root(e) || !type_is_integer(e->type) ||
        freevars_is_local(ki, ir_path_root(e)->var))
      return false;
    *out = iv_same(extent_host_text(e));
    return true;
  case EX_CAST:
    return type_is_integer(e->type) && iv_of(ki, e->a, out, depth + 1);
  case EX_UNARY:
    if (!iv_of(ki, e->a, &x, depth + 1))
      return false;
    if (e->op == OP_PLUS) {
      *out = x;
      return true;
    }
    if (e->op == OP_NEG) {
      *out = (Iv){xformat("-(%s)", x.hi), xformat("-(%s)", x.lo)};
      return true;
    }
    return false;
  case EX_COND: {
    Narrow nt = {0}, nf = {0};
    edge_test(ki, e->a, &nt, &nf);
    bool ok = branch_iv(ki, e->b, &x, depth, nt) && branch_iv(ki, e->c, &y, depth, nf);
    if (!ok)
      return false;
    *out = (Iv){xformat("nurt_min(%s, %s)", x.lo, y.lo), xformat("nurt_max(%s, %s)", x.hi, y.hi)};
    return true;
  }
  case EX_BINARY:
    break;
  default:
    return false;
  }
  if (!iv_of(ki, e->a, &x, depth + 1))
    return false;
  /* shifts and divisions by constants keep the interval's order */
  if ((e->op == OP_DIV || e->op == OP_SHR || e->op == OP_SHL || e->op == OP_MOD) &&
      e->b->kind == EX_INT && e->b->ival > 0) {
    long long c = e->b->ival;
    if (e->op == OP_DIV || e->op == OP_SHR)
      *out = (Iv){xformat("(%s) %s %lldLL", x.lo, op_spelling(e->op), c),
                  xformat("(%s) %s %lldLL", x.hi, op_spelling(e->op), c)};
    else if (e->op == OP_SHL)
      *out = (Iv){xformat("(%s) * %lldLL", x.lo, 1LL << (c & 62)),
                  xformat("(%s) * %lldLL", x.hi, 1LL << (c & 62))};
    else
      *out = (Iv){xformat("-%lldLL", c - 1), xformat("%lldLL", c - 1)};
    return true;
  }
  if (!iv_of(ki, e->b, &y, depth + 1))
    return false;
  switch (e->op) {
  case OP_ADD:
    *out = (Iv){xformat("%s + %s", x.lo, y.lo), xformat("%s + %s", x.hi, y.hi)};
    return true;
  case OP_SUB:
    *out = (Iv){xformat("%s - (%s)", x.lo, y.hi), xformat("%s - (%s)", x.hi, y.lo)};
    return true;
  case OP_MUL:
    if (e->b->kind == EX_INT || e->a->kind == EX_INT) {
      long long c = e->b->kind == EX_INT ? e->b->ival : e->a->ival;
      Iv v = e->b->kind == EX_INT ? x : y;
      *out = c >= 0 ? (Iv){xformat("%lldLL * (%s)", c, v.lo), xformat("%lldLL * (%s)", c, v.hi)}
                    : (Iv){xformat("%lldLL * (%s)", c, v.hi), xformat("%lldLL * (%s)", c, v.lo)};
      return true;
    }
    if (!strcmp(x.lo, x.hi) && !strcmp(y.lo, y.hi)) {
      *out = iv_same(mul(x.lo, y.lo));
      return true;
    }
    {
      char *p1 = mul(x.lo, y.lo), *p2 = mul(x.lo, y.hi), *p3 = mul(x.hi, y.lo),
           *p4 = mul(x.hi, y.hi);
      *out = (Iv){xformat("nurt_min(nurt_min(%s, %s), nurt_min(%s, %s))", p1, p2, p3, p4),
                  xformat("nurt_max(nurt_max(%s, %s), nurt_max(%s, %s))", p1, p2, p3, p4)};
    }
    return true;
  default:
    return false;
  }
}

char *extent_hi(KernelInfo *ki, Expr *e) {
  Iv v;
  return iv_of(ki, e, &v, 0) ? v.hi : NULL;
}

char *extent_lo(KernelInfo *ki, Expr *e) {
  Iv v;
  return iv_of(ki, e, &v, 0) ? v.lo : NULL;
}

/* The last index of a loop striding by s > 1 stops short of its bound: a
 * strip of span C (i = ii; i < ii + C, also under min) ends at
 * ii + (C - 1) / s * s, and a loop from a single value lb ends at
 * lb + (end - 1 - lb) / s * s.  Over-estimating would copy past the array. */
static char *strided_hi(KernelInfo *ki, Loop *l, Iv *b, char *fallback) {
  long long s = l->step->ival;
  int le = l->rel == REL_LE;
  Expr *ub = l->ub;
  char *best = fallback;
  Expr *cands[2] = {ub, NULL};
  if (ub->kind == EX_COND && ub->a->kind == EX_BINARY && ub->a->op == OP_LT) {
    cands[0] = ub->b; /* a < c ? a : c is min(a, c): either bound holds */
    cands[1] = ub->c;
  }
  for (int i = 0; i < 2 && cands[i]; i++) {
    Expr *u = cands[i];
    if (u->kind == EX_BINARY && u->op == OP_ADD && u->b->kind == EX_INT &&
        ir_expr_equal(u->a, l->lb)) {
      long long span = u->b->ival + le;
      best = xformat("nurt_min(%s, %s + %lldLL)", best, b->hi, span > 0 ? (span - 1) / s * s : 0);
    } else if (!strcmp(b->lo, b->hi)) {
      Iv e;
      if (iv_of(ki, u, &e, 0))
        best = xformat("nurt_min(%s, %s + (%s%s - (%s)) / %lldLL * %lldLL)", best, b->lo, e.hi,
                       le ? "" : " - 1", b->lo, s, s);
    }
  }
  return best;
}

static void one_loop_range(KernelInfo *ki, LoopInfo *li, char **lo, char **hi) {
  Loop *l = li->loop;
  Iv b, u;
  *lo = *hi = NULL;
  if (!iv_of(ki, l->lb, &b, 0) || !iv_of(ki, l->ub, &u, 0))
    return;
  bool down = l->rel == REL_GT || l->rel == REL_GE ||
              (l->rel == REL_NE && l->step->kind == EX_INT && l->step->ival < 0);
  if (!down) {
    *lo = b.lo;
    *hi = l->rel == REL_LE ? u.hi : xformat("%s - 1", u.hi);
    if (l->step->kind == EX_INT && l->step->ival > 1)
      *hi = strided_hi(ki, l, &b, *hi);
  } else {
    *hi = b.hi;
    *lo = l->rel == REL_GE ? u.lo : xformat("%s + 1", u.lo);
  }
}

void extent_loop_range(KernelInfo *ki, LoopInfo *li, char **lo, char **hi) {
  *lo = *hi = NULL;
  if (first_loop_of(ki, li->loop->var) != li)
    return; /* a later loop of the same index: in the first one's range */
  for (int i = 0; i < ki->loops.len; i++) {
    LoopInfo *o = ki->loops.items[i];
    if (o->loop->var != li->loop->var)
      continue;
    char *l, *h;
    one_loop_range(ki, o, &l, &h);
    if (!l || !h) {
      *lo = *hi = NULL;
      return;
    }
    *lo = *lo ? xformat("nurt_min(%s, %s)", *lo, l) : l;
    *hi = *hi ? xformat("nurt_max(%s, %s)", *hi, h) : h;
  }
}
