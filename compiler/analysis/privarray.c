/* privarray.c — arrays private to each iteration of a nest: those named in
 * private(...) and those OpenMP keeps per thread (declared in a parallel
 * region, locals of an orphaned `omp for`'s function).  Receives the nest's
 * IR from the front end, which decides which arrays are candidates; hands
 * on whether the nest only reads an array (then a buffer serves every
 * copy), whether an iteration's use of it is self-contained, and makes
 * one private by declaring it again at the top of the nest's innermost
 * body, so that the kernel, --emit=seq and the transformations see a local
 * array as any other (a `__private` array in OpenCL).
 *
 * Self-contained: every element an iteration reads, that iteration wrote
 * before.  OpenMP's per-thread copy lives across a thread's iterations (a
 * histogram accumulates in it), a work-item's for one iteration: only when
 * no iteration reads what another left do the two agree.  A must-write
 * analysis over elements, conservative as private.c's over scalars: the
 * elements a write names exactly (constant subscripts, or indices of the
 * canonical loops around it) are written; a canonical loop with constant
 * bounds, no jump out of its body, writes them for every value of its
 * index; a read must fall on written elements, either the very subscripts
 * a write named in the same iteration of the loops around both, or
 * elements of the constant ranges its subscripts can take. */
#include "analysis.h"

#include <string.h>

/* Elements checked one by one at most: the private size limit keeps
 * arrays far below it. */
#define MAX_POINTS 65536

/* A component of an element's subscripts: the index of a loop around the
 * access (the same value wherever that loop's iteration is), or a
 * constant. */
typedef struct Comp {
  Var *v;
  long long c;
} Comp;

/* A loop around the current statement: its index may stand in a
 * subscript; with constant bounds, its values are known. */
typedef struct Scope {
  Var *v;
  bool known;
  long long lb, ub, step;
  Rel rel;
} Scope;

typedef struct State {
  bool *bits; /* the elements every path so far writes */
  Vec sym;    /* Comp*: tuples with a loop index, every path writes them */
  bool dead;  /* after a jump */
} State;

typedef struct Flow {
  Var *a;
  int rank;
  long long dims[8];
  long long n; /* elements */
  Scope scope[64];
  int nscope;
  SrcLoc at; /* the first read that is not covered, or an escape */
  char *why;
} Flow;

long long privarray_bytes(const Type *t) {
  long long n = 1;
  while (t && t->kind == TY_ARRAY) {
    if (t->len <= 0)
      return -1;
    n *= t->len;
    t = t->base;
  }
  if (!t)
    return -1;
  switch (t->kind) {
  case TY_BOOL:
  case TY_CHAR:
  case TY_UCHAR:
    return n;
  case TY_SHORT:
  case TY_USHORT:
    return 2 * n;
  case TY_INT:
  case TY_UINT:
  case TY_FLOAT:
    return 4 * n;
  case TY_LONG:
  case TY_ULONG:
  case TY_DOUBLE:
    return 8 * n;
  case TY_STRUCT: /* of numbers: the device lays it out as the host (cltypes.c) */
    return type_is_struct_ok(t) ? type_size(t) * n : -1;
  default:
    return -1;
  }
}

static void fail(Flow *f, SrcLoc at, char *why) {
  if (f->why) {
    xfree(why);
    return;
  }
  f->at = at;
  f->why = why;
}

static State st_new(Flow *f) {
  State s = {xcalloc((size_t)f->n + 1, sizeof(bool)), {0}, false};
  return s;
}

static State st_copy(Flow *f, const State *s) {
  State c = st_new(f);
  memcpy(c.bits, s->bits, (size_t)f->n * sizeof(bool));
  for (int i = 0; i < s->sym.len; i++)
    vec_push(&c.sym, s->sym.items[i]);
  c.dead = s->dead;
  return c;
}

static void st_free(State *s) {
  xfree(s->bits);
  xfree(s->sym.items);
}

static bool tuple_eq(Flow *f, const Comp *x, const Comp *y) {
  for (int d = 0; d < f->rank; d++)
    if (x[d].v != y[d].v || (!x[d].v && x[d].c != y[d].c))
      return false;
  return true;
}

static bool has_tuple(Flow *f, const State *s, const Comp *t) {
  for (int i = 0; i < s->sym.len; i++)
    if (tuple_eq(f, s->sym.items[i], t))
      return true;
  return false;
}

/* Where paths join: what both write (a dead path does not count). */
static void st_meet(Flow *f, State *into, State *other) {
  if (other->dead)
    return;
  if (into->dead) {
    st_free(into);
    *into = st_copy(f, other);
    return;
  }
  for (long long i = 0; i < f->n; i++)
    into->bits[i] = into->bits[i] && other->bits[i];
  int k = 0;
  for (int i = 0; i < into->sym.len; i++)
    if (has_tuple(f, other, into->sym.items[i]))
      into->sym.items[k++] = into->sym.items[i];
  into->sym.len = k;
}

/* The element a tuple of constants names, or -1 outside the array. */
static long long flat(Flow *f, const Comp *t) {
  long long at = 0;
  for (int d = 0; d < f->rank; d++) {
    if (t[d].v || t[d].c < 0 || t[d].c >= f->dims[d])
      return -1;
    at = at * f->dims[d] + t[d].c;
  }
  return at;
}

static Scope *scope_of(Flow *f, const Var *v) {
  for (int i = f->nscope - 1; i >= 0; i--)
    if (f->scope[i].v == v)
      return &f->scope[i];
  return NULL;
}

static bool in_range(const Scope *s, long long x) {
  switch (s->rel) {
  case REL_LT:
    return x < s->ub;
  case REL_LE:
    return x <= s->ub;
  case REL_GT:
    return x > s->ub;
  case REL_GE:
    return x >= s->ub;
  case REL_NE:
    return x != s->ub;
  }
  return false;
}

/* The values of a loop with known bounds, through *out (at most MAX_POINTS);
 * false when it has none or too many. */
static bool scope_values(const Scope *s, long long **out, int *n) {
  *n = 0;
  *out = NULL;
  if (!s->known || !s->step)
    return false;
  int cap = 0;
  for (long long x = s->lb; in_range(s, x); x += s->step) {
    if (*n == MAX_POINTS) {
      xfree(*out);
      return false;
    }
    if (*n == cap) {
      cap = cap ? 2 * cap : 16;
      long long *grown = xcalloc((size_t)cap, sizeof(long long));
      if (*n)
        memcpy(grown, *out, (size_t)*n * sizeof(long long));
      xfree(*out);
      *out = grown;
    }
    (*out)[(*n)++] = x;
  }
  return *n > 0;
}

static Expr *strip_casts(Expr *e) {
  while (e && e->kind == EX_CAST)
    e = e->a;
  return e;
}

/* The smallest and largest value of a subscript over the loops around it:
 * constants, indices of loops with known bounds, + - and * of them. */
static bool interval(Flow *f, Expr *e, long long *lo, long long *hi) {
  e = strip_casts(e);
  if (!e)
    return false;
  if (e->kind == EX_INT) {
    *lo = *hi = e->ival;
    return true;
  }
  if (e->kind == EX_VAR) {
    Scope *s = scope_of(f, e->var);
    long long *vals;
    int n;
    if (!s || !scope_values(s, &vals, &n))
      return false;
    *lo = *hi = vals[0];
    for (int i = 1; i < n; i++) {
      *lo = vals[i] < *lo ? vals[i] : *lo;
      *hi = vals[i] > *hi ? vals[i] : *hi;
    }
    xfree(vals);
    return true;
  }
  if (e->kind == EX_UNARY && e->op == OP_NEG && interval(f, e->a, lo, hi)) {
    long long t = *lo;
    *lo = -*hi;
    *hi = -t;
    return true;
  }
  long long a0, a1, b0, b1;
  if (e->kind != EX_BINARY || !interval(f, e->a, &a0, &a1) || !interval(f, e->b, &b0, &b1))
    return false;
  switch (e->op) {
  case OP_ADD:
    *lo = a0 + b0, *hi = a1 + b1;
    return true;
  case OP_SUB:
    *lo = a0 - b1, *hi = a1 - b0;
    return true;
  case OP_MUL: {
    long long p[4] = {a0 * b0, a0 * b1, a1 * b0, a1 * b1};
    *lo = *hi = p[0];
    for (int i = 1; i < 4; i++) {
      *lo = p[i] < *lo ? p[i] : *lo;
      *hi = p[i] > *hi ? p[i] : *hi;
    }
    return true;
  }
  default:
    return false;
  }
}

/* The subscripts of a full access of a, outer → inner, or false when e is
 * not one. */
static bool access_subs(Flow *f, Expr *e, Expr **subs) {
  int d = f->rank;
  while (e && e->kind == EX_INDEX && d > 0) {
    subs[--d] = e->b;
    e = strip_casts(e->a);
  }
  return d == 0 && e && e->kind == EX_VAR && e->var == f->a;
}

/* A write that names its elements exactly: constants and loop indices. */
static Comp *exact_tuple(Flow *f, Expr **subs) {
  Comp *t = xcalloc((size_t)f->rank, sizeof(Comp));
  for (int d = 0; d < f->rank; d++) {
    Expr *s = strip_casts(subs[d]);
    if (s->kind == EX_INT)
      t[d].c = s->ival;
    else if (s->kind == EX_VAR && scope_of(f, s->var))
      t[d].v = s->var;
    else {
      xfree(t);
      return NULL;
    }
  }
  return t;
}

static void note_write(Flow *f, State *s, Expr **subs) {
  Comp *t = exact_tuple(f, subs);
  if (!t)
    return;
  long long at = flat(f, t);
  if (at >= 0)
    s->bits[at] = true;
  else if (!has_tuple(f, s, t)) {
    bool sym = false;
    for (int d = 0; d < f->rank; d++)
      sym |= t[d].v != NULL;
    if (sym)
      vec_push(&s->sym, t);
  }
}

/* Whether every element the read may name is written on every path. */
static bool covered(Flow *f, State *s, Expr **subs) {
  Comp *t = exact_tuple(f, subs);
  if (t && has_tuple(f, s, t))
    return true;
  long long lo[8], hi[8], points = 1;
  for (int d = 0; d < f->rank; d++) {
    if (!interval(f, subs[d], &lo[d], &hi[d]) || lo[d] < 0 || hi[d] >= f->dims[d])
      return false;
    points *= hi[d] - lo[d] + 1;
    if (points > MAX_POINTS)
      return false;
  }
  Comp p[8] = {{0}};
  for (int d = 0; d < f->rank; d++)
    p[d].c = lo[d];
  for (;;) {
    if (!s->bits[flat(f, p)])
      return false;
    int d = f->rank - 1;
    while (d >= 0 && ++p[d].c > hi[d])
      p[d].c = lo[d], d--;
    if (d < 0)
      return true;
  }
}

/* Reads are checked against the state before the expression, its writes
 * happen after: conservative where C sequences the two (a comma), and
 * exact for `t[k] = e` and `s += t[k]`. */
static void walk_expr(Flow *f, Expr *e, State *before, State *after) {
  if (!e)
    return;
  Expr *subs[8];
  bool assign = (e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op);
  Expr *target = assign ? e->a : e;
  if (access_subs(f, target, subs)) {
    bool reads = !assign || e->kind == EX_UNARY || e->op != OP_ASSIGN;
    if (reads && !before->dead && !covered(f, before, subs))
      fail(f, target->loc,
           xformat("an iteration reads an element of '%s' at line %d that it did not write "
                   "before",
                   f->a->name, target->loc.line));
    for (int d = 0; d < f->rank; d++)
      walk_expr(f, subs[d], before, after);
    if (assign) {
      if (e->kind == EX_BINARY)
        walk_expr(f, e->b, before, after);
      note_write(f, after, subs);
    }
    return;
  }
  if (e->kind == EX_VAR && e->var == f->a) {
    fail(f, e->loc,
         xformat("'%s' is used at line %d other than through its elements (its address, a "
                 "call's argument)",
                 f->a->name, e->loc.line));
    return;
  }
  walk_expr(f, e->a, before, after);
  walk_expr(f, e->b, before, after);
  walk_expr(f, e->c, before, after);
  for (int i = 0; i < e->nargs; i++)
    walk_expr(f, e->args[i], before, after);
}

static void flow_expr(Flow *f, Expr *e, State *s) {
  if (!e || s->dead)
    return;
  State before = st_copy(f, s);
  walk_expr(f, e, &before, s);
  st_free(&before);
}

static void flow_stmt(Flow *f, Stmt *s, State *st);

/* After a canonical loop that runs and is not left early, every write its
 * body made names its index's values: each tuple with the index becomes
 * one per value (constants at the end). */
static void loop_exit(Flow *f, Scope *sc, State *st, State *in) {
  long long *vals = NULL;
  int n = 0;
  if (!scope_values(sc, &vals, &n))
    return;
  memcpy(st->bits, in->bits, (size_t)f->n * sizeof(bool));
  for (int i = 0; i < in->sym.len; i++) {
    Comp *t = in->sym.items[i];
    bool mine = false;
    for (int d = 0; d < f->rank; d++)
      mine |= t[d].v == sc->v;
    if (!mine) {
      if (!has_tuple(f, st, t))
        vec_push(&st->sym, t);
      continue;
    }
    for (int k = 0; k < n; k++) {
      Comp *u = xcalloc((size_t)f->rank, sizeof(Comp));
      for (int d = 0; d < f->rank; d++)
        u[d] = t[d].v == sc->v ? (Comp){NULL, vals[k]} : t[d];
      long long at = flat(f, u);
      if (at >= 0)
        st->bits[at] = true;
      else if (!has_tuple(f, st, u))
        vec_push(&st->sym, u);
    }
  }
  xfree(vals);
}

static void flow_loop(Flow *f, Stmt *s, State *st) {
  Loop *l = s->loop;
  if (!l) {
    flow_stmt(f, s->init_s, st);
    flow_expr(f, s->e, st);
    State in = st_copy(f, st);
    flow_stmt(f, s->body, &in);
    flow_expr(f, s->inc, &in);
    st_free(&in);
    return;
  }
  flow_expr(f, l->lb, st);
  flow_expr(f, l->ub, st);
  if (f->nscope == 64) {
    fail(f, s->loc, xformat("loops nested too deep around '%s'", f->a->name));
    return;
  }
  Scope *sc = &f->scope[f->nscope++];
  Expr *lb = strip_casts(l->lb), *ub = strip_casts(l->ub), *step = strip_casts(l->step);
  *sc = (Scope){l->var,     lb->kind == EX_INT && ub->kind == EX_INT && step->kind == EX_INT,
                lb->ival,   ub->ival,
                step->ival, l->rel};
  /* one pass over the body from the state at its first entry: every later
   * entry has written at least as much */
  State in = st_copy(f, st);
  flow_stmt(f, l->body, &in);
  if (!private_has_jump(l->body) && !in.dead)
    loop_exit(f, sc, st, &in);
  f->nscope--;
  st_free(&in);
}

static void flow_stmt(Flow *f, Stmt *s, State *st) {
  if (!s || st->dead || f->why)
    return;
  switch (s->kind) {
  case ST_EXPR:
    flow_expr(f, s->e, st);
    return;
  case ST_DECL:
    flow_expr(f, s->init, st);
    return;
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++)
      flow_stmt(f, s->items[i], st);
    return;
  case ST_IF: {
    flow_expr(f, s->e, st);
    State t = st_copy(f, st);
    flow_stmt(f, s->then, st);
    flow_stmt(f, s->els, &t);
    st_meet(f, st, &t);
    st_free(&t);
    return;
  }
  case ST_FOR:
    flow_loop(f, s, st);
    return;
  case ST_WHILE: {
    flow_expr(f, s->e, st);
    State in = st_copy(f, st);
    flow_stmt(f, s->body, &in);
    st_free(&in);
    return;
  }
  case ST_DO: {
    State in = st_copy(f, st);
    flow_stmt(f, s->body, &in);
    if (!private_has_jump(s->body) && !in.dead) {
      st_free(st);
      *st = in;
    } else {
      st_free(&in);
    }
    flow_expr(f, s->e, st);
    return;
  }
  case ST_CONTINUE:
  case ST_RETURN:
  case ST_BREAK:
    st->dead = true;
    return;
  case ST_EMPTY:
    return;
  }
}

bool privarray_self_contained(Nest *n, Var *a, SrcLoc *at, char **why) {
  Flow f = {.a = a, .n = 1};
  for (Type *t = a->type; t && t->kind == TY_ARRAY && f.rank < 8; t = t->base) {
    f.dims[f.rank++] = t->len;
    f.n *= t->len;
  }
  *why = NULL;
  if (!f.rank || f.n <= 0 || f.n > MAX_POINTS) {
    *at = a->loc;
    *why = xformat("'%s' has no fixed size", a->name);
    return false;
  }
  /* within an iteration, the nest's indices are fixed */
  for (int i = 0; i < n->depth; i++)
    f.scope[f.nscope++] = (Scope){n->loops[i]->var, false, 0, 0, 0, REL_LT};
  State st = st_new(&f);
  flow_stmt(&f, n->loops[n->depth - 1]->body, &st);
  st_free(&st);
  if (f.why) {
    *at = f.at;
    *why = f.why;
    return false;
  }
  return true;
}

typedef struct Decls {
  Vec inside; /* Var*: declared in the nest */
  Vec out;    /* Var*: arrays named, not declared in it */
} Decls;

static void find_decls(Stmt *s, Vec *out) {
  if (!s)
    return;
  if (s->kind == ST_DECL)
    vec_push(out, s->var);
  find_decls(s->init_s, out);
  find_decls(s->then, out);
  find_decls(s->els, out);
  find_decls(s->loop ? s->loop->body : s->body, out);
  for (int i = 0; i < s->nitems; i++)
    find_decls(s->items[i], out);
}

static void find_arrays(Expr *e, void *d) {
  Decls *ds = d;
  if (e->kind == EX_VAR && e->var->type && e->var->type->kind == TY_ARRAY &&
      !vec_contains(&ds->inside, e->var) && !vec_contains(&ds->out, e->var))
    vec_push(&ds->out, e->var);
}

void privarray_free_arrays(Nest *n, Vec *out) {
  Decls ds = {{0}, {0}};
  Stmt *body = n->loops[0]->body;
  find_decls(body, &ds.inside);
  ir_walk_stmt(body, find_arrays, &ds);
  for (int i = 0; i < ds.out.len; i++)
    vec_push(out, ds.out.items[i]);
  xfree(ds.inside.items);
  xfree(ds.out.items);
}

void privarray_declare(Nest *n, Var *a) {
  Loop *l = n->loops[n->depth - 1];
  Stmt *d = NEW(Stmt);
  d->kind = ST_DECL;
  d->loc = a->loc;
  d->var = a;
  Stmt *b = NEW(Stmt);
  b->kind = ST_BLOCK;
  b->loc = l->body ? l->body->loc : l->loc;
  b->nitems = 2;
  b->items = xcalloc(2, sizeof(Stmt *));
  b->items[0] = d;
  b->items[1] = l->body;
  if (!l->body)
    b->nitems = 1;
  l->body = b;
  if (n->depth > 1) /* the statement of the loop around it holds the body too */
    n->loops[n->depth - 2]->body->body = b;
}

typedef struct Uses {
  Flow *f;
  bool written;
} Uses;

/* Whether e (and what it holds) writes a's elements or lets a escape. */
static void scan_writes(Uses *u, Expr *e, bool target) {
  if (!e || u->written)
    return;
  Expr *subs[8];
  if (access_subs(u->f, e, subs)) {
    u->written |= target;
    for (int d = 0; d < u->f->rank; d++)
      scan_writes(u, subs[d], false);
    return;
  }
  if (e->kind == EX_VAR) {
    u->written |= e->var == u->f->a; /* its address, a call's argument */
    return;
  }
  bool assign = (e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op);
  scan_writes(u, e->a, assign);
  scan_writes(u, e->b, false);
  scan_writes(u, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    scan_writes(u, e->args[i], false);
}

static void scan_stmt(Uses *u, Stmt *s) {
  if (!s)
    return;
  scan_writes(u, s->e, false);
  scan_writes(u, s->init, false);
  scan_writes(u, s->inc, false);
  if (s->loop) {
    scan_writes(u, s->loop->lb, false);
    scan_writes(u, s->loop->ub, false);
    scan_writes(u, s->loop->step, false);
  }
  scan_stmt(u, s->init_s);
  scan_stmt(u, s->then);
  scan_stmt(u, s->els);
  scan_stmt(u, s->loop ? s->loop->body : s->body);
  for (int i = 0; i < s->nitems; i++)
    scan_stmt(u, s->items[i]);
}

bool privarray_only_read(Nest *n, Var *a) {
  Flow f = {.a = a};
  for (Type *t = a->type; t && t->kind == TY_ARRAY && f.rank < 8; t = t->base)
    f.dims[f.rank++] = t->len;
  Uses u = {&f, false};
  scan_stmt(&u, n->loops[0]->body);
  return !u.written;
}
