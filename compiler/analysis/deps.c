/* deps.c — the dependence test on the mapped loops of a `work` kernel.
 * Receives every write and access of each buffer; for each pair decides, per
 * dimension, whether two different work-items can touch the same element:
 * a GCD test and exact distance vectors for constant coefficients, and a
 * delinearisation rule for flattened subscripts such as `c[i*n + j]` with
 * `0 <= j < n`.  A proven dependence is an error; an undecided one is an
 * error unless the user wrote `independent`. */
#include "analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One term k * v * atoms (v NULL: an invariant term). */
typedef struct Term {
  Var *v;
  long long k;
  char *atoms; /* sorted product of invariant names, "" for none */
} Term;

typedef struct Affine {
  Term t[16];
  int n;
} Affine;

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Joins two sorted atom products. */
static char *atoms_mul(const char *a, const char *b) {
  if (!*a)
    return xstrdup(b);
  if (!*b)
    return xstrdup(a);
  char *parts[16] = {0};
  int n = 0;
  char *all = xformat("%s*%s", a, b);
  for (char *p = strtok(all, "*"); p && n < 16; p = strtok(NULL, "*"))
    parts[n++] = p;
  qsort(parts, (size_t)n, sizeof *parts, cmp_str);
  Buf out = {0};
  for (int i = 0; i < n; i++)
    buf_printf(&out, "%s%s", i ? "*" : "", parts[i]);
  xfree(all);
  return out.s;
}

static void add_term(Affine *a, Term t) {
  if (t.k == 0)
    return;
  for (int i = 0; i < a->n; i++)
    if (a->t[i].v == t.v && !strcmp(a->t[i].atoms, t.atoms)) {
      a->t[i].k += t.k;
      return;
    }
  if (a->n < 16)
    a->t[a->n++] = t;
}

static void compact(Affine *a) {
  int m = 0;
  for (int i = 0; i < a->n; i++)
    if (a->t[i].k)
      a->t[m++] = a->t[i];
  a->n = m;
}

static bool affine_of(KernelInfo *ki, Expr *e, Affine *out, int depth);

static bool affine_var(KernelInfo *ki, Expr *e, Affine *out, int depth) {
  if (freevars_loop_of(ki, e->var)) {
    add_term(out, (Term){e->var, 1, ""});
    return true;
  }
  if (freevars_is_local(ki, e->var)) {
    for (int i = 0; i < ki->written_locals.len; i++)
      if (ki->written_locals.items[i] == e->var)
        return false;
    for (int i = 0; i < ki->decls.len; i++) {
      Stmt *d = ki->decls.items[i];
      if (d->var == e->var && d->init)
        return affine_of(ki, d->init, out, depth + 1);
    }
    return false;
  }
  if (!type_is_integer(e->type))
    return false;
  add_term(out, (Term){NULL, 1, extent_host_text(e)});
  return true;
}

static bool affine_of(KernelInfo *ki, Expr *e, Affine *out, int depth) {
  if (depth > 16)
    return false;
  Affine x = {.n = 0}, y = {.n = 0};
  switch (e->kind) {
  case EX_INT:
    add_term(out, (Term){NULL, e->ival, ""});
    return true;
  case EX_VAR:
    return affine_var(ki, e, out, depth);
  case EX_MEMBER:
    if (!ir_path_root(e) || !type_is_integer(e->type))
      return false;
    add_term(out, (Term){NULL, 1, extent_host_text(e)});
    return true;
  case EX_CAST:
    return type_is_integer(e->type) && affine_of(ki, e->a, out, depth + 1);
  case EX_UNARY:
    if (e->op != OP_NEG && e->op != OP_PLUS)
      return false;
    if (!affine_of(ki, e->a, &x, depth + 1))
      return false;
    for (int i = 0; i < x.n; i++) {
      if (e->op == OP_NEG)
        x.t[i].k = -x.t[i].k;
      add_term(out, x.t[i]);
    }
    return true;
  case EX_BINARY:
    break;
  default:
    return false;
  }
  if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
    return false;
  if (!affine_of(ki, e->a, &x, depth + 1) || !affine_of(ki, e->b, &y, depth + 1))
    return false;
  if (e->op != OP_MUL) {
    for (int i = 0; i < x.n; i++)
      add_term(out, x.t[i]);
    for (int i = 0; i < y.n; i++) {
      if (e->op == OP_SUB)
        y.t[i].k = -y.t[i].k;
      add_term(out, y.t[i]);
    }
    return true;
  }
  for (int i = 0; i < x.n; i++)
    for (int j = 0; j < y.n; j++) {
      if (x.t[i].v && y.t[j].v)
        return false; /* i * j is not affine */
      add_term(out, (Term){x.t[i].v ? x.t[i].v : y.t[j].v, x.t[i].k * y.t[j].k,
                           atoms_mul(x.t[i].atoms, y.t[j].atoms)});
    }
  return true;
}

static long long gcd(long long a, long long b) {
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    long long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

typedef enum { D_NEVER, D_EXACT, D_UNKNOWN } DimResult;

typedef struct Constraint {
  bool set;
  long long dist; /* v' - v for the mapped variable */
} Constraint;

/* A mapped index moves by its loop's constant step: i - i' is a multiple of
 * it, so distances and the GCD test count in steps. */
static long long mapped_step(KernelInfo *ki, const Var *v) {
  LoopInfo *li = freevars_loop_of(ki, v);
  if (!li || !li->mapped || li->loop->step->kind != EX_INT || !li->loop->step->ival)
    return 1;
  return li->loop->step->ival < 0 ? -li->loop->step->ival : li->loop->step->ival;
}

static int mapped_index(KernelInfo *ki, const Var *v) {
  LoopInfo *li = freevars_loop_of(ki, v);
  return li && li->mapped ? li->id : -1;
}

/* Is `ub` (bound of a loop starting at a constant >= 0 with step 1) at most
 * the invariant product `atoms`?  Then the index lies in [0, atoms). */
static bool bounded_by(KernelInfo *ki, Loop *l, const char *atoms) {
  Affine lb = {.n = 0}, ub = {.n = 0};
  if (!affine_of(ki, l->lb, &lb, 0) || !affine_of(ki, l->ub, &ub, 0))
    return false;
  compact(&lb);
  if (lb.n > 1 || (lb.n == 1 && (lb.t[0].v || *lb.t[0].atoms || lb.t[0].k < 0)))
    return false;
  if (!(l->step->kind == EX_INT && l->step->ival == 1))
    return false;
  if (l->rel != REL_LT && l->rel != REL_LE && l->rel != REL_NE)
    return false;
  add_term(&ub, (Term){NULL, -1, xstrdup(atoms)});
  compact(&ub);
  long long c = 0;
  for (int i = 0; i < ub.n; i++) {
    if (ub.t[i].v || *ub.t[i].atoms)
      return false;
    c = ub.t[i].k;
  }
  return l->rel == REL_LE ? c <= -1 : c <= 0;
}

/* f = v0 + E0*v1 + E0*E1*v2 + ... with 0 <= v_k < E_k: distinct index tuples
 * give distinct values, so equal subscripts pin every index in f. */
static bool delinearizes(KernelInfo *ki, Affine *f) {
  char *coef = xstrdup("");
  int used = 0, nvars = 0;
  for (int i = 0; i < f->n; i++)
    nvars += f->t[i].v != NULL;
  while (used < nvars) {
    int found = -1;
    for (int i = 0; i < f->n; i++)
      if (f->t[i].v && !strcmp(f->t[i].atoms, coef) && (f->t[i].k == 1 || f->t[i].k == -1))
        found = i;
    if (found < 0)
      return false;
    used++;
    if (used == nvars)
      return true;
    LoopInfo *li = freevars_loop_of(ki, f->t[found].v);
    /* the next coefficient is this one times the index's extent */
    Affine ub = {.n = 0};
    if (!affine_of(ki, li->loop->ub, &ub, 0))
      return false;
    compact(&ub);
    char *ext = NULL;
    for (int i = 0; i < ub.n; i++)
      if (!ub.t[i].v && *ub.t[i].atoms && ub.t[i].k == 1)
        ext = ub.t[i].atoms;
    if (!ext || !bounded_by(ki, li->loop, ext))
      return false;
    coef = atoms_mul(coef, ext);
  }
  return true;
}

/* The constant extent of a loop's index range [lb, ub) with lb >= 0, step 1. */
static bool const_extent(KernelInfo *ki, Loop *l, long long *ext) {
  Affine lb = {.n = 0}, ub = {.n = 0};
  if (!affine_of(ki, l->lb, &lb, 0) || !affine_of(ki, l->ub, &ub, 0))
    return false;
  compact(&lb);
  compact(&ub);
  if (lb.n > 1 || ub.n > 1 || (lb.n && (lb.t[0].v || *lb.t[0].atoms)) ||
      (ub.n && (ub.t[0].v || *ub.t[0].atoms)))
    return false;
  long long lo = lb.n ? lb.t[0].k : 0, hi = ub.n ? ub.t[0].k : 0;
  if (!(l->step->kind == EX_INT && l->step->ival == 1) || lo < 0)
    return false;
  if (l->rel == REL_LE)
    hi++;
  else if (l->rel != REL_LT && l->rel != REL_NE)
    return false;
  *ext = hi;
  return true;
}

/* f = c0*v0 + c1*v1 + ... with constant coefficients sorted by size and
 * 0 <= v_k < E_k: injective when each |c_k+1| exceeds the reach of the
 * terms before it, sum |c_l| (E_l - 1).  The largest needs no bound. */
static bool injective_const(KernelInfo *ki, Affine *f) {
  Term t[16];
  int n = 0;
  for (int i = 0; i < f->n; i++)
    if (f->t[i].v)
      t[n++] = f->t[i];
  for (int i = 1; i < n; i++) /* insertion sort by |k| */
    for (int j = i; j > 0 && llabs(t[j].k) < llabs(t[j - 1].k); j--) {
      Term x = t[j];
      t[j] = t[j - 1];
      t[j - 1] = x;
    }
  long long reach = 0;
  for (int i = 0; i < n; i++) {
    if (llabs(t[i].k) <= reach)
      return false;
    if (i + 1 == n)
      break;
    long long ext;
    if (!const_extent(ki, freevars_loop_of(ki, t[i].v)->loop, &ext))
      return false;
    reach += llabs(t[i].k) * (ext - 1);
  }
  return true;
}

/* Whether a loop's range moves with the mapped indices, directly or
 * through the loops its bounds use (a tile of a tile). */
static bool depends_on_mapped(KernelInfo *ki, Loop *l) {
  for (int i = 0; i < ki->loops.len; i++) {
    LoopInfo *li = ki->loops.items[i];
    if (li->loop == l ||
        (!ir_expr_uses_var(l->lb, li->loop->var) && !ir_expr_uses_var(l->ub, li->loop->var)))
      continue;
    if (li->mapped || depends_on_mapped(ki, li->loop))
      return true;
  }
  return false;
}

/* A point loop of a strip-mined mapped loop m — for (i = ii; i < ii + S
 * (or min(ii + S, e)); i += s) with ii stepping by S — gives its mapped
 * index, else -1. */
static int strip_of(KernelInfo *ki, Loop *l) {
  if (l->lb->kind != EX_VAR || l->step->kind != EX_INT || l->step->ival <= 0 || l->rel != REL_LT)
    return -1;
  LoopInfo *m = freevars_loop_of(ki, l->lb->var);
  if (!m || !m->mapped)
    return -1;
  Expr *ub = l->ub;
  if (ub->kind == EX_COND) /* min(ii + S, e) as tile prints it */
    ub = ub->b;
  if (ub->kind != EX_BINARY || ub->op != OP_ADD || !ir_expr_equal(ub->a, l->lb) ||
      !ir_expr_equal(ub->b, m->loop->step))
    return -1;
  return m->id;
}

static DimResult test_dim(KernelInfo *ki, Expr *fe, Expr *ge, Constraint *c, int dims) {
  Affine f = {.n = 0}, g = {.n = 0};
  if (!affine_of(ki, fe, &f, 0) || !affine_of(ki, ge, &g, 0))
    return D_UNKNOWN;
  compact(&f);
  compact(&g);
  bool symbolic = false;
  for (int i = 0; i < f.n; i++)
    symbolic |= f.t[i].v && *f.t[i].atoms;
  for (int i = 0; i < g.n; i++)
    symbolic |= g.t[i].v && *g.t[i].atoms;
  if (symbolic) {
    if (!ir_expr_equal(fe, ge) || !delinearizes(ki, &f))
      return D_UNKNOWN;
    for (int i = 0; i < f.n; i++) {
      int m = f.t[i].v ? mapped_index(ki, f.t[i].v) : -1;
      if (m >= 0) {
        if (c[m].set && c[m].dist != 0)
          return D_NEVER;
        c[m] = (Constraint){true, 0};
      }
    }
    return D_EXACT;
  }
  /* f(I) = g(I'):  sum F_v v - sum G_v v' = delta, delta from invariants */
  Affine inv = {.n = 0};
  for (int i = 0; i < g.n; i++)
    if (!g.t[i].v)
      add_term(&inv, g.t[i]);
  for (int i = 0; i < f.n; i++)
    if (!f.t[i].v)
      add_term(&inv, (Term){NULL, -f.t[i].k, f.t[i].atoms});
  compact(&inv);
  long long delta = 0;
  for (int i = 0; i < inv.n; i++) {
    if (*inv.t[i].atoms)
      return D_UNKNOWN; /* symbolic offsets differ */
    delta += inv.t[i].k;
  }
  long long gg = 0;
  int nv = 0;
  for (int i = 0; i < f.n; i++)
    if (f.t[i].v)
      gg = gcd(gg, f.t[i].k * mapped_step(ki, f.t[i].v)), nv++;
  for (int i = 0; i < g.n; i++)
    if (g.t[i].v)
      gg = gcd(gg, g.t[i].k * mapped_step(ki, g.t[i].v));
  if (gg == 0)
    return delta ? D_NEVER : D_EXACT;
  if (delta % gg)
    return D_NEVER;
  /* same coefficients on both sides, one index: an exact distance */
  bool same = true;
  for (int pass = 0; pass < 2 && same; pass++) {
    Affine *x = pass ? &g : &f, *y = pass ? &f : &g;
    for (int i = 0; same && i < x->n; i++) {
      if (!x->t[i].v)
        continue;
      bool match = false;
      for (int j = 0; j < y->n; j++)
        match |= x->t[i].v == y->t[j].v && x->t[i].k == y->t[j].k &&
                 !strcmp(x->t[i].atoms, y->t[j].atoms);
      same &= match;
    }
  }
  if (!same)
    return D_UNKNOWN;
  int mapped_terms = 0, inner_terms = 0, m = -1;
  long long k = 0;
  for (int i = 0; i < f.n; i++) {
    if (!f.t[i].v)
      continue;
    int mi = mapped_index(ki, f.t[i].v);
    if (mi >= 0)
      mapped_terms++, m = mi, k = f.t[i].k * mapped_step(ki, f.t[i].v);
    else
      inner_terms++;
  }
  (void)dims;
  if (mapped_terms == 0 && inner_terms == 1) {
    Term *t = NULL;
    for (int i = 0; i < f.n; i++)
      if (f.t[i].v)
        t = &f.t[i];
    if (!t) /* inner_terms == 1 says there is one; for the analysers */
      return D_UNKNOWN;
    Loop *lv = freevars_loop_of(ki, t->v)->loop;
    int strip = strip_of(ki, lv);
    if (!depends_on_mapped(ki, lv))
      return D_EXACT; /* the same inner index values in every work-item */
    /* i in [ii, ii + span) stepping by s, ii stepping by span: a work-item
     * touches [ii + min(0, d), ii + span - s + max(0, d)] through i and
     * i + d, narrower than span when |d| < s — disjoint from the others */
    long long d = delta < 0 ? -delta : delta;
    if (strip < 0 || (t->k != 1 && t->k != -1) || d >= lv->step->ival)
      return D_UNKNOWN;
    if (c[strip].set && c[strip].dist != 0)
      return D_NEVER;
    c[strip] = (Constraint){true, 0};
    return D_EXACT;
  }
  if (mapped_terms == 0)
    return inner_terms == 0 ? D_EXACT : D_UNKNOWN;
  if ((mapped_terms > 1 || inner_terms) && delta == 0 && injective_const(ki, &f)) {
    /* equal subscripts of an injective form: every index is pinned */
    for (int i = 0; i < f.n; i++) {
      int mi = f.t[i].v ? mapped_index(ki, f.t[i].v) : -1;
      if (mi >= 0) {
        if (c[mi].set && c[mi].dist != 0)
          return D_NEVER;
        c[mi] = (Constraint){true, 0};
      }
    }
    return D_EXACT;
  }
  if (mapped_terms > 1 || inner_terms)
    return D_UNKNOWN;
  /* k (v - v') = delta  →  v' = v - delta / k */
  if (delta % k)
    return D_NEVER;
  long long dist = -delta / k;
  if (c[m].set && c[m].dist != dist)
    return D_NEVER;
  c[m] = (Constraint){true, dist};
  return D_EXACT;
}

typedef enum { P_INDEPENDENT, P_PROVEN, P_UNKNOWN } PairResult;

static PairResult test_pair(KernelInfo *ki, Access *w, Access *a) {
  int dims = ki->k->dims;
  Constraint c[3] = {{0}};
  bool unknown = false;
  for (int d = 0; d < w->nsubs && d < a->nsubs; d++) {
    DimResult r = test_dim(ki, w->subs[d], a->subs[d], c, dims);
    if (r == D_NEVER)
      return P_INDEPENDENT;
    unknown |= r == D_UNKNOWN;
  }
  bool all_pinned = true, some_distance = false;
  for (int m = 0; m < dims; m++) {
    all_pinned &= c[m].set && c[m].dist == 0;
    some_distance |= c[m].set && c[m].dist != 0;
  }
  if (all_pinned)
    return P_INDEPENDENT;
  if (unknown)
    return P_UNKNOWN;
  (void)some_distance;
  return P_PROVEN;
}

bool deps_check(KernelInfo *ki) {
  Kernel *k = ki->k;
  bool ok = true;
  for (int i = 0; i < k->buffers.len && ok; i++) {
    Buffer *b = k->buffers.items[i];
    for (int x = 0; x < b->accesses.len && ok; x++) {
      Access *w = b->accesses.items[x];
      if (!w->write)
        continue;
      for (int y = 0; y < b->accesses.len && ok; y++) {
        Access *a = b->accesses.items[y];
        if (y < x && a->write)
          continue; /* that pair was tested the other way round */
        PairResult r = test_pair(ki, w, a);
        if (r == P_INDEPENDENT || (r == P_UNKNOWN && k->independent))
          continue;
        char *wt = print_expr_text(w->e), *at = print_expr_text(a->e);
        if (r == P_PROVEN) {
          if (w == a)
            diag_error(w->e->loc,
                       "dependence on '%s': different work-items write the same element "
                       "through '%s'",
                       b->name, wt);
          else
            diag_error(w->e->loc,
                       "loop-carried dependence on '%s': the write '%s' and the %s '%s' "
                       "touch the same element in different work-items",
                       b->name, wt, a->write ? "write" : "read", at);
        } else if (w == a) {
          diag_error(w->e->loc,
                     "possible dependence on '%s' between work-items: cannot prove that "
                     "different work-items write different elements through '%s'; add the "
                     "clause 'independent' to 'work' if they do",
                     b->name, wt);
        } else {
          diag_error(w->e->loc,
                     "possible dependence on '%s' between work-items: cannot prove that the "
                     "write '%s' and the %s '%s' touch different elements; add the clause "
                     "'independent' to 'work' if they do",
                     b->name, wt, a->write ? "write" : "read", at);
        }
        if (w != a)
          diag_note(a->e->loc, "the other access of '%s' is here", b->name);
        xfree(wt);
        xfree(at);
        ok = false;
      }
    }
  }
  return ok;
}
