/* extent.c — how far each subscript reaches, as host expressions.
 * Receives subscripts of the kernel's accesses; hands on interval bounds as
 * IR expressions over the stub's values (free scalars and member paths as
 * written, loop ranges as the variables nu_lo<id>/nu_hi<id> of their
 * LoopInfo), which emit/stub.c prints and the host stub evaluates before a
 * launch to size the device buffers — as OpenACC compilers infer array
 * extents from affine subscripts. */
#include "analysis.h"

#include <limits.h>

/* The type of the 64-bit literals of a bound (printed with LL); literals
 * of type int (printed bare) are the small offsets of a narrowed or closed
 * range.  Shared by every literal it types and never written: a constant,
 * not compilation state. */
static Type llong_type = {TY_LONG, NULL, 0, "long long", "long long", NULL};

typedef struct Iv {
  Expr *lo, *hi;
} Iv;

/* The state of one bounding: the kernel, and the branches being bounded
 * (Narrow*, innermost last; branch_iv() pops what it pushes). */
typedef struct Ext {
  KernelInfo *ki;
  Vec narrows;
} Ext;

static bool iv_of(Ext *x, Expr *e, Iv *out, int depth);

static Iv iv_same(Expr *e) { return (Iv){e, e}; }

static Expr *lit(long long c) {
  Expr *e = ir_int(c, (SrcLoc){0});
  e->type = &llong_type;
  return e;
}

static Expr *small(long long c) { return ir_int(c, (SrcLoc){0}); }

static Expr *bin(Op op, Expr *a, Expr *b) { return ir_binary(op, a, b, &llong_type); }

/* min/max as `a < b ? a : b`, unfolded: the bound is printed as built. */
static Expr *minmax(Op op, Expr *a, Expr *b) {
  Expr *e = NEW(Expr);
  e->kind = EX_COND;
  e->a = bin(op, a, b);
  e->b = a;
  e->c = b;
  e->type = &llong_type;
  return e;
}

static Expr *ext_min(Expr *a, Expr *b) { return minmax(OP_LT, a, b); }
static Expr *ext_max(Expr *a, Expr *b) { return minmax(OP_GT, a, b); }

/* nu_lo<id> (hi false) or nu_hi<id>: one Var per end of a loop's range,
 * made once, so that bounds over the same end compare equal. */
static Expr *range_end(LoopInfo *li, bool hi) {
  if (!li->range[hi]) {
    Var *v = NEW(Var);
    v->name = xformat("nu_%s%d", hi ? "hi" : "lo", li->id);
    v->type = &llong_type;
    li->range[hi] = v;
  }
  return ir_var(li->range[hi], li->loop->loc);
}

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

/* Whether the stub can declare nu_lo<id>/nu_hi<id> of an inner loop: its
 * bounds must themselves be bounded (`k = rowstr[j]` is not, and a bound
 * over it would name variables the stub never declares).  `asking` breaks
 * the cycle of a bound that reads a local set from the loop's own index. */
static bool range_declared(KernelInfo *ki, LoopInfo *li) {
  if (li->mapped)
    return true;
  if (li->asking)
    return false;
  li->asking = true;
  Expr *lo, *hi;
  extent_loop_range(ki, li, &lo, &hi);
  li->asking = false;
  return lo && hi;
}

static bool iv_var(Ext *x, Expr *e, Iv *out, int depth) {
  KernelInfo *ki = x->ki;
  LoopInfo *li = first_loop_of(ki, e->var);
  if (li) {
    if (!range_declared(ki, li))
      return false;
    int dlo = 0, dhi = 0;
    for (int i = 0; i < x->narrows.len; i++) {
      Narrow *n = x->narrows.items[i];
      if (n->v == e->var) {
        dlo += n->lo;
        dhi += n->hi;
      }
    }
    Expr *lo = range_end(li, false), *hi = range_end(li, true);
    *out = (Iv){dlo ? bin(OP_ADD, lo, small(dlo)) : lo, dhi ? bin(OP_SUB, hi, small(dhi)) : hi};
    return true;
  }
  if (kernelinfo_is_local(ki, e->var)) {
    /* a local assigned once at its declaration stands for its initializer */
    for (int i = 0; i < ki->written_locals.len; i++)
      if (ki->written_locals.items[i] == e->var)
        return false;
    for (int i = 0; i < ki->decls.len; i++) {
      Stmt *d = ki->decls.items[i];
      if (d->var == e->var && d->init)
        return iv_of(x, d->init, out, depth + 1);
    }
    return false;
  }
  if (!type_is_integer(e->type))
    return false;
  *out = iv_same(e);
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

static bool branch_iv(Ext *x, Expr *e, Iv *out, int depth, Narrow n) {
  if (!n.v)
    return iv_of(x, e, out, depth + 1); /* no narrowing */
  vec_push(&x->narrows, &n);
  bool ok = iv_of(x, e, out, depth + 1);
  x->narrows.len--;
  return ok;
}

static Expr *mul(Expr *a, Expr *b) { return bin(OP_MUL, a, b); }

static Expr *neg(Expr *a) {
  Expr *e = NEW(Expr);
  *e = (Expr){.kind = EX_UNARY, .op = OP_NEG, .a = a, .type = &llong_type};
  return e;
}

/* C's remainder has the dividend's sign and a magnitude below the
 * divisor's: for x in [lo, hi] and |y| <= d + 1, x % y lies in
 * [min(0, max(lo, -d)), max(0, min(hi, d))], that is [0, m) for x >= 0.
 * A bound of [-d, d] alone would start the buffer d elements before the
 * array (`a[(i + k) % m]`, `a[i % 4]`) and copy what is not the program's;
 * and the run-time min/max holds whatever sign x and m take. */
static bool iv_mod(Ext *ext, Expr *e, Iv x, Iv *out, int depth) {
  Expr *d;
  if (e->b->kind == EX_INT) {
    long long c = e->b->ival;
    if (c == 0 || c == LLONG_MIN)
      return false;
    d = lit((c < 0 ? -c : c) - 1);
  } else {
    Iv y;
    if (!iv_of(ext, e->b, &y, depth + 1))
      return false;
    d = bin(OP_SUB, ext_max(y.hi, neg(y.lo)), small(1));
  }
  bool nonneg = x.lo->kind == EX_INT && x.lo->ival >= 0;
  *out = (Iv){nonneg ? lit(0) : ext_min(lit(0), ext_max(x.lo, neg(d))),
              ext_max(lit(0), ext_min(x.hi, d))};
  return true;
}

/* The interval of a binary expression whose left operand spans x. */
static bool iv_binary(Ext *ext, Expr *e, Iv x, Iv *out, int depth) {
  if (e->op == OP_MOD)
    return iv_mod(ext, e, x, out, depth);
  /* shifts and divisions by constants keep the interval's order */
  if ((e->op == OP_DIV || e->op == OP_SHR || e->op == OP_SHL) && e->b->kind == EX_INT &&
      e->b->ival > 0) {
    long long c = e->b->ival;
    *out = (Iv){bin(e->op, x.lo, lit(c)), bin(e->op, x.hi, lit(c))};
    return true;
  }
  Iv y;
  if (!iv_of(ext, e->b, &y, depth + 1))
    return false;
  switch (e->op) {
  case OP_ADD:
    *out = (Iv){bin(OP_ADD, x.lo, y.lo), bin(OP_ADD, x.hi, y.hi)};
    return true;
  case OP_SUB:
    *out = (Iv){bin(OP_SUB, x.lo, y.hi), bin(OP_SUB, x.hi, y.lo)};
    return true;
  case OP_MUL:
    if (e->b->kind == EX_INT || e->a->kind == EX_INT) {
      long long c = e->b->kind == EX_INT ? e->b->ival : e->a->ival;
      Iv v = e->b->kind == EX_INT ? x : y;
      *out = c >= 0 ? (Iv){mul(lit(c), v.lo), mul(lit(c), v.hi)}
                    : (Iv){mul(lit(c), v.hi), mul(lit(c), v.lo)};
      return true;
    }
    if (ir_expr_equal(x.lo, x.hi) && ir_expr_equal(y.lo, y.hi)) {
      *out = iv_same(mul(x.lo, y.lo));
      return true;
    }
    {
      Expr *p1 = mul(x.lo, y.lo), *p2 = mul(x.lo, y.hi), *p3 = mul(x.hi, y.lo),
           *p4 = mul(x.hi, y.hi);
      *out = (Iv){ext_min(ext_min(p1, p2), ext_min(p3, p4)),
                  ext_max(ext_max(p1, p2), ext_max(p3, p4))};
    }
    return true;
  default:
    return false;
  }
}

static bool iv_of(Ext *ext, Expr *e, Iv *out, int depth) {
  if (depth > 16)
    return false;
  Iv x, y;
  switch (e->kind) {
  case EX_INT:
    *out = iv_same(lit(e->ival));
    return true;
  case EX_VAR:
    return iv_var(ext, e, out, depth);
  case EX_MEMBER:
    if (!ir_path_root(e) || !type_is_integer(e->type) ||
        kernelinfo_is_local(ext->ki, ir_path_root(e)->var))
      return false;
    *out = iv_same(e);
    return true;
  case EX_CAST:
    return type_is_integer(e->type) && iv_of(ext, e->a, out, depth + 1);
  case EX_UNARY:
    if (!iv_of(ext, e->a, &x, depth + 1))
      return false;
    if (e->op == OP_PLUS) {
      *out = x;
      return true;
    }
    if (e->op == OP_NEG) {
      *out = (Iv){neg(x.hi), neg(x.lo)};
      return true;
    }
    return false;
  case EX_COND: {
    Narrow nt = {0}, nf = {0};
    edge_test(ext->ki, e->a, &nt, &nf);
    bool ok = branch_iv(ext, e->b, &x, depth, nt) && branch_iv(ext, e->c, &y, depth, nf);
    if (!ok)
      return false;
    *out = (Iv){ext_min(x.lo, y.lo), ext_max(x.hi, y.hi)};
    return true;
  }
  case EX_BINARY:
    return iv_of(ext, e->a, &x, depth + 1) && iv_binary(ext, e, x, out, depth);
  default:
    return false;
  }
}

static bool iv_top(KernelInfo *ki, Expr *e, Iv *out) {
  Ext x = {.ki = ki};
  bool ok = iv_of(&x, e, out, 0);
  xfree(x.narrows.items);
  return ok;
}

Expr *extent_hi(KernelInfo *ki, Expr *e) {
  Iv v;
  return iv_top(ki, e, &v) ? v.hi : NULL;
}

Expr *extent_lo(KernelInfo *ki, Expr *e) {
  Iv v;
  return iv_top(ki, e, &v) ? v.lo : NULL;
}

/* The last index of a loop striding by s > 1 stops short of its bound: a
 * strip of span C (i = ii; i < ii + C, also under min) ends at
 * ii + (C - 1) / s * s, and a loop from a single value lb ends at
 * lb + (end - 1 - lb) / s * s.  Over-estimating would copy past the array. */
static Expr *strided_hi(KernelInfo *ki, Loop *l, Iv *b, Expr *fallback) {
  long long s = l->step->ival;
  int le = l->rel == REL_LE;
  Expr *ub = l->ub;
  Expr *best = fallback;
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
      best = ext_min(best, bin(OP_ADD, b->hi, lit(span > 0 ? (span - 1) / s * s : 0)));
    } else if (ir_expr_equal(b->lo, b->hi)) {
      Iv e;
      if (iv_top(ki, u, &e)) {
        Expr *last = le ? e.hi : bin(OP_SUB, e.hi, small(1));
        Expr *steps = bin(OP_DIV, bin(OP_SUB, last, b->lo), lit(s));
        best = ext_min(best, bin(OP_ADD, b->lo, mul(steps, lit(s))));
      }
    }
  }
  return best;
}

static void one_loop_range(KernelInfo *ki, LoopInfo *li, Expr **lo, Expr **hi) {
  Loop *l = li->loop;
  Iv b, u;
  *lo = *hi = NULL;
  if (!iv_top(ki, l->lb, &b) || !iv_top(ki, l->ub, &u))
    return;
  bool down = l->rel == REL_GT || l->rel == REL_GE ||
              (l->rel == REL_NE && l->step->kind == EX_INT && l->step->ival < 0);
  if (!down) {
    *lo = b.lo;
    *hi = l->rel == REL_LE ? u.hi : bin(OP_SUB, u.hi, small(1));
    if (l->step->kind == EX_INT && l->step->ival > 1)
      *hi = strided_hi(ki, l, &b, *hi);
  } else {
    *hi = b.hi;
    *lo = l->rel == REL_GE ? u.lo : bin(OP_ADD, u.lo, small(1));
  }
}

void extent_loop_range(KernelInfo *ki, LoopInfo *li, Expr **lo, Expr **hi) {
  *lo = *hi = NULL;
  if (first_loop_of(ki, li->loop->var) != li)
    return; /* a later loop of the same index: in the first one's range */
  for (int i = 0; i < ki->loops.len; i++) {
    LoopInfo *o = ki->loops.items[i];
    if (o->loop->var != li->loop->var)
      continue;
    Expr *l, *h;
    one_loop_range(ki, o, &l, &h);
    if (!l || !h) {
      *lo = *hi = NULL;
      return;
    }
    *lo = *lo ? ext_min(*lo, l) : l;
    *hi = *hi ? ext_max(*hi, h) : h;
  }
}

/* Whether the host can size each buffer is decided here, as a verdict, so
 * that the printers only print what it says: emit/stub.c sizes the
 * buffer, emit_check_extents reports one that cannot be sized. */
bool extent_from_subscripts(const Buffer *bf) {
  return !bf->size_text && !(bf->type->kind == TY_ARRAY && bf->type->len >= 0);
}

bool extent_first_bounded(Kernel *k, Buffer *bf, Access **unbounded) {
  *unbounded = NULL;
  if (!extent_from_subscripts(bf))
    return true;
  if (bf->opaque) /* an element no subscript bounds: the heap block's extent */
    return false;
  if (bf->first_lo && bf->first_hi)
    return true;
  for (int i = 0; i < bf->accesses.len; i++) {
    Access *a = bf->accesses.items[i];
    if (!extent_hi(k->info, a->subs[0])) {
      *unbounded = a;
      return false;
    }
  }
  return bf->accesses.len > 0;
}

bool extent_needs_loop_ranges(Kernel *k) {
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *bf = k->buffers.items[i];
    if (bf->rows) /* each level's count (stub.c's rows_count) */
      return true;
    if (extent_from_subscripts(bf) && !(bf->first_lo && bf->first_hi))
      return true;
    /* the written range of an array sized otherwise (stub.c's
     * nurt_arg_writes) may come from the intervals too */
    if ((bf->write || bf->reduced) && !(bf->write_lo && bf->write_hi))
      return true;
  }
  return false;
}
