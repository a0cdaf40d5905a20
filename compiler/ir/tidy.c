/* tidy.c — the pieces of a nest as a person would write them, for --explain,
 * --explain=html and --emit=seq.  Receives the pieces the annotations left
 * (shared IR, which the kernels also use: never changed here); hands on
 * copies with bounds simplified, empty loops gone, split points named once
 * (`int m2 = m / 2 * 2;`) and a label per piece saying what it covers. */
#include "nucc.h"
#include "transform.h"

#include <string.h>

/* --- simplification of integer expressions --------------------------------- */

static bool is_int(const Expr *e, long long v) { return e->kind == EX_INT && e->ival == v; }

static bool int_typed(const Expr *e) {
  return e->kind == EX_INT || !e->type || type_is_integer(e->type);
}

/* x < y ? x : y (min) or x > y ? x : y (max): the shape tr_min/tr_max build. */
static bool minmax(const Expr *e, Op rel) {
  return e->kind == EX_COND && e->a->kind == EX_BINARY && e->a->op == rel &&
         ir_expr_equal(e->a->a, e->b) && ir_expr_equal(e->a->b, e->c);
}

static bool unsigned_type(const Type *t) {
  return t && (t->kind == TY_UINT || t->kind == TY_ULONG || t->kind == TY_UCHAR ||
               t->kind == TY_USHORT || t->kind == TY_BOOL);
}

/* Whether e is provably >= 0: the known signs of constants, unsigned
 * variables, max(x, 0) and what sums, products and quotients keep. */
static bool nonneg(const Expr *e) {
  switch (e->kind) {
  case EX_INT:
    return e->ival >= 0;
  case EX_VAR:
    return unsigned_type(e->var->type);
  case EX_COND:
    if (minmax(e, OP_GT))
      return nonneg(e->b) || nonneg(e->c);
    if (minmax(e, OP_LT))
      return nonneg(e->b) && nonneg(e->c);
    return false;
  case EX_BINARY:
    if (e->op == OP_ADD || e->op == OP_MUL)
      return nonneg(e->a) && nonneg(e->b);
    if (e->op == OP_DIV || e->op == OP_MOD)
      return nonneg(e->a) && e->b->kind == EX_INT && e->b->ival > 0;
    return false;
  default:
    return false;
  }
}

static Expr *simp(Expr *e);

static Expr *rebuild(Op op, Expr *a, Expr *b, Type *t) { return simp(ir_binary(op, a, b, t)); }

/* One rewrite step at the root; the children are already simplified.  Every
 * rule is an identity of C's integer arithmetic (division truncates). */
static Expr *simp_root(Expr *e) {
  if (e->kind == EX_COND) {
    if (ir_expr_equal(e->b, e->c))
      return e->b;
    long long x, y;
    if (minmax(e, OP_GT) || minmax(e, OP_LT)) {
      if (tr_const(e->b, &x) && tr_const(e->c, &y))
        return ir_int(minmax(e, OP_GT) ? (x > y ? x : y) : (x < y ? x : y), e->loc);
      if (minmax(e, OP_GT) && is_int(e->c, 0) && nonneg(e->b)) /* max(x, 0), x >= 0 */
        return e->b;
    }
    return e;
  }
  if (e->kind != EX_BINARY || !int_typed(e->a) || !int_typed(e->b))
    return e;
  Expr *a = e->a, *b = e->b;
  long long x, y;
  /* a literal written as a macro (N - 1) stays as written */
  bool ca = a->kind == EX_INT && !a->text, cb = b->kind == EX_INT && !b->text;
  x = ca ? a->ival : 0;
  y = cb ? b->ival : 0;
  switch (e->op) {
  case OP_ADD:
    if (ca && cb)
      return ir_int(x + y, e->loc);
    if (cb && y == 0)
      return a;
    if (ca && x == 0)
      return b;
    if (cb && y < 0)
      return rebuild(OP_SUB, a, ir_int(-y, b->loc), e->type);
    if (cb && a->kind == EX_BINARY && (a->op == OP_ADD || a->op == OP_SUB) &&
        a->b->kind == EX_INT) /* (x + c1) + c2 */
      return rebuild(OP_ADD, a->a, ir_int((a->op == OP_ADD ? a->b->ival : -a->b->ival) + y, b->loc),
                     e->type);
    return e;
  case OP_SUB:
    if (ca && cb)
      return ir_int(x - y, e->loc);
    if (cb && y == 0)
      return a;
    if (ir_expr_equal(a, b))
      return ir_int(0, e->loc);
    if (cb && y < 0)
      return rebuild(OP_ADD, a, ir_int(-y, b->loc), e->type);
    if (cb && a->kind == EX_BINARY && (a->op == OP_ADD || a->op == OP_SUB) && a->b->kind == EX_INT)
      return rebuild(OP_ADD, a->a, ir_int((a->op == OP_ADD ? a->b->ival : -a->b->ival) - y, b->loc),
                     e->type);
    return e;
  case OP_MUL:
    if (ca && cb)
      return ir_int(x * y, e->loc);
    if (cb && y == 1)
      return a;
    if (ca && x == 1)
      return b;
    return e;
  case OP_DIV:
    if (ca && cb && y)
      return ir_int(x / y, e->loc);
    if (cb && y == 1)
      return a;
    if (!cb || y <= 0)
      return e;
    /* (q * k) / k is q; (q * k + c) / k is q when q >= 0 and 0 <= c < k */
    if (a->kind == EX_BINARY && a->op == OP_MUL && is_int(a->b, y))
      return a->a;
    if (a->kind == EX_BINARY && a->op == OP_ADD && a->b->kind == EX_INT && a->b->ival >= 0 &&
        a->b->ival < y && a->a->kind == EX_BINARY && a->a->op == OP_MUL && is_int(a->a->b, y) &&
        nonneg(a->a->a))
      return a->a->a;
    /* x / b / c is x / (b * c) for b, c > 0 */
    if (a->kind == EX_BINARY && a->op == OP_DIV && a->b->kind == EX_INT && a->b->ival > 0)
      return rebuild(OP_DIV, a->a, ir_int(a->b->ival * y, b->loc), e->type);
    return e;
  default:
    return e;
  }
}

/* Simplifies in place, bottom up; returns the expression to use. */
static Expr *simp(Expr *e) {
  if (!e)
    return NULL;
  e->a = simp(e->a);
  e->b = simp(e->b);
  e->c = simp(e->c);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = simp(e->args[i]);
  return simp_root(e);
}

/* A trip count's max(t, 0) (tr_trip) guards against a negative t; every
 * bound built from it splits a loop [lb, end) at lb + t'*s with t' <= t, and
 * a negative t puts that split between end and lb, so each loop derived
 * from it runs zero times with or without the max.  In loop bounds it can
 * go (tests/golden/explain/seq_signs.sh runs both forms at negative sizes). */
static Expr *drop_trip_max(Expr *e) {
  if (!e)
    return NULL;
  if (e->kind == EX_COND && e->trip_max)
    return drop_trip_max(e->b);
  e->a = drop_trip_max(e->a);
  e->b = drop_trip_max(e->b);
  e->c = drop_trip_max(e->c);
  return e;
}

static Expr *simp_bound(Expr *e) { return simp(drop_trip_max(simp(e))); }

/* --- statements ------------------------------------------------------------- */

static bool declares(Stmt *s) {
  for (int i = 0; i < s->nitems; i++)
    if (s->items[i]->kind == ST_DECL)
      return true;
  return false;
}

/* A loop that provably runs zero times: lb >= ub as constants, or equal. */
static bool empty_loop(Loop *l) {
  long long a, b;
  if (l->rel != REL_LT || l->step->kind != EX_INT || l->step->ival <= 0)
    return false;
  if (ir_expr_equal(l->lb, l->ub))
    return true;
  return tr_const(l->lb, &a) && tr_const(l->ub, &b) && a >= b;
}

static void any_effect(Expr *e, void *ctx) {
  if (e->kind == EX_CALL || ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)))
    *(bool *)ctx = true;
}

/* Whether evaluating e may do more than compute a value. */
static bool effects(Expr *e) {
  bool any = false;
  ir_walk_expr(e, any_effect, &any);
  return any;
}

static Stmt *tidy_stmt(Stmt *s);

/* Blocks that declare nothing melt into the block around them: the copies
 * of unroll read as one sequence. */
static Stmt *tidy_block(Stmt *s) {
  Vec items = {0};
  for (int i = 0; i < s->nitems; i++) {
    Stmt *t = tidy_stmt(s->items[i]);
    if (!t)
      continue;
    if (t->kind == ST_BLOCK && !declares(t))
      for (int j = 0; j < t->nitems; j++)
        vec_push(&items, t->items[j]);
    else
      vec_push(&items, t);
  }
  s->items = (Stmt **)items.items;
  s->nitems = items.len;
  return s;
}

/* The statement simplified in place (it is a copy); NULL: it does nothing. */
static Stmt *tidy_stmt(Stmt *s) {
  if (!s || s->visit)
    return NULL;
  s->e = simp(s->e);
  s->init = simp(s->init);
  switch (s->kind) {
  case ST_BLOCK:
    return tidy_block(s);
  case ST_FOR:
    if (s->loop) {
      Loop *l = s->loop;
      l->lb = simp_bound(l->lb);
      l->ub = simp_bound(l->ub);
      if (empty_loop(l))
        return NULL;
      bool visit_only = l->body->visit || (l->body->kind == ST_BLOCK && l->body->nitems == 1 &&
                                           l->body->items[0]->visit);
      if (visit_only) /* the loop fission made of the pictures' visit statement */
        return NULL;
      Stmt *body = tidy_stmt(l->body);
      bool none = !body || (body->kind == ST_BLOCK && !body->nitems);
      if (none && l->declared && !effects(l->lb) && !effects(l->ub))
        return NULL; /* dmine(2, 1)'s empty remainder in j left `for (i ...) {}` */
      if (!body)
        body = tr_block(&(Vec){0});
      if (body->kind == ST_BLOCK && body->nitems == 1 && body->items[0]->kind != ST_DECL)
        body = body->items[0]; /* for (...) { s; } reads as for (...) s; */
      l->body = s->body = body;
      return s;
    }
    s->body = tidy_stmt(s->body);
    if (!s->body)
      s->body = tr_block(&(Vec){0});
    return s;
  case ST_IF:
    s->then = tidy_stmt(s->then);
    s->els = tidy_stmt(s->els);
    if (!s->then)
      s->then = tr_block(&(Vec){0});
    return s;
  case ST_WHILE:
  case ST_DO:
    s->body = tidy_stmt(s->body);
    if (!s->body)
      s->body = tr_block(&(Vec){0});
    return s;
  default:
    return s;
  }
}

/* --- named split points ------------------------------------------------------ */

typedef struct Names {
  Symtab *syms; /* the compilation's: a name must not capture a variable of the file */
  Vec inner;    /* Var*: declared inside the pieces (loop indices, locals) */
  Vec taken;    /* char*: names in use */
  Vec headers;  /* Expr**: every loop bound of the pieces */
} Names;

static void collect(Stmt *s, Names *n) {
  if (!s)
    return;
  if (s->kind == ST_DECL)
    vec_push(&n->inner, s->var);
  if (s->loop) {
    vec_push(&n->inner, s->loop->var);
    vec_push(&n->taken, s->loop->var->name);
    vec_push(&n->headers, &s->loop->lb);
    vec_push(&n->headers, &s->loop->ub);
  }
  collect(s->init_s, n);
  collect(s->then, n);
  collect(s->els, n);
  collect(s->loop ? s->loop->body : s->body, n);
  for (int i = 0; i < s->nitems; i++)
    collect(s->items[i], n);
}

static int expr_size(const Expr *e) {
  if (!e)
    return 0;
  int n = 1 + expr_size(e->a) + expr_size(e->b) + expr_size(e->c);
  for (int i = 0; i < e->nargs; i++)
    n += expr_size(e->args[i]);
  return n;
}

static void any_var(Expr *e, void *ctx) {
  if (e->kind == EX_VAR)
    *(Var **)ctx = e->var;
}

/* Invariant in the pieces and worth a name: not a constant, a variable or
 * a variable plus a constant. */
static bool nameable(Expr *e, Names *n) {
  if (e->kind != EX_BINARY && e->kind != EX_COND)
    return false;
  if (!int_typed(e))
    return false;
  if (e->kind == EX_BINARY && (e->op == OP_ADD || e->op == OP_SUB) && e->a->kind == EX_VAR &&
      e->b->kind == EX_INT)
    return false;
  for (int i = 0; i < n->inner.len; i++)
    if (ir_expr_uses_var(e, n->inner.items[i]))
      return false;
  Var *any = NULL;
  ir_walk_expr(e, any_var, &any);
  if (!any) /* a constant, maybe spelled with macros (M - 1): as written */
    return false;
  return e->kind != EX_BINARY || (e->op >= OP_ADD && e->op <= OP_MOD);
}

typedef struct Cand {
  Expr *e;
  int count, first;
} Cand;

static void count_in(Expr *e, Names *n, Vec *cands, int *order) {
  if (!e)
    return;
  count_in(e->a, n, cands, order);
  count_in(e->b, n, cands, order);
  count_in(e->c, n, cands, order);
  if (!nameable(e, n))
    return;
  for (int i = 0; i < cands->len; i++) {
    Cand *c = cands->items[i];
    if (ir_expr_equal(c->e, e)) {
      c->count++;
      return;
    }
  }
  Cand *c = NEW(Cand);
  c->e = e;
  c->count = 1;
  c->first = (*order)++;
  vec_push(cands, c);
}

static bool contains(Expr *e, Expr *what) {
  if (!e)
    return false;
  if (ir_expr_equal(e, what))
    return true;
  return contains(e->a, what) || contains(e->b, what) || contains(e->c, what);
}

/* A part that only ever occurs inside one larger candidate (n / 4 in
 * n / 4 * 4) is named with it, not alone. */
static bool dominated(Cand *c, Vec *cands) {
  for (int i = 0; i < cands->len; i++) {
    Cand *d = cands->items[i];
    if (d != c && d->count == c->count && expr_size(d->e) > expr_size(c->e) && contains(d->e, c->e))
      return true;
  }
  return false;
}

static Expr *replace(Expr *e, Expr *what, Var *v) {
  if (!e)
    return NULL;
  if (ir_expr_equal(e, what))
    return ir_var(v, e->loc);
  e->a = replace(e->a, what, v);
  e->b = replace(e->b, what, v);
  e->c = replace(e->c, what, v);
  return e;
}

static bool name_taken(Names *n, const char *name) {
  if (symtab_lookup_var(n->syms, name))
    return true;
  for (int i = 0; i < n->taken.len; i++)
    if (!strcmp(n->taken.items[i], name))
      return true;
  return false;
}

typedef struct First {
  Var *var;
  Vec *decls; /* split points named so far: not a base for a name */
} First;

static void first_var(Expr *e, void *ctx) {
  First *f = ctx;
  if (f->var || e->kind != EX_VAR)
    return;
  for (int i = 0; i < f->decls->len; i++)
    if (((Stmt *)f->decls->items[i])->var == e->var)
      return;
  f->var = e->var;
}

/* m / 2 * 2 is m2; other split points are named after their first
 * variable: n1, n2, ... */
static char *split_name(Expr *e, Names *n, Var *base) {
  const char *v = base ? base->name : "s";
  if (e->kind == EX_BINARY && e->op == OP_ADD && e->a->kind == EX_INT) /* lb + n / 4 * 4 */
    e = e->b;
  bool split = e->kind == EX_BINARY && e->op == OP_MUL && e->b->kind == EX_INT &&
               e->a->kind == EX_BINARY && e->a->op == OP_DIV;
  for (int k = 1;; k++) {
    char *name = split && k == 1 ? xformat("%s%lld", v, e->b->ival)
                 : split         ? xformat("%s%lld_%d", v, e->b->ival, k)
                                 : xformat("%s_%d", v, k);
    if (!name_taken(n, name)) {
      vec_push(&n->taken, name);
      return name;
    }
  }
}

/* Names, smallest first, every invariant bound expression that occurs more
 * than once; each becomes `int name = expr;` in decls. */
static void name_splits(Symtab *syms, Vec *pieces, Vec *decls) {
  Names n = {.syms = syms};
  for (int i = 0; i < pieces->len; i++)
    collect(pieces->items[i], &n);
  for (;;) {
    Vec cands = {0};
    int order = 0;
    for (int i = 0; i < n.headers.len; i++)
      count_in(*(Expr **)n.headers.items[i], &n, &cands, &order);
    Cand *best = NULL;
    for (int i = 0; i < cands.len; i++) {
      Cand *c = cands.items[i];
      if (c->count < 2 || dominated(c, &cands))
        continue;
      if (!best || expr_size(c->e) < expr_size(best->e) ||
          (expr_size(c->e) == expr_size(best->e) && c->first < best->first))
        best = c;
    }
    if (!best)
      return;
    Expr *what = tr_clone_expr(best->e, NULL);
    First f = {NULL, decls};
    ir_walk_expr(what, first_var, &f);
    Var *base = f.var;
    Var *v = NEW(Var);
    v->name = split_name(what, &n, base);
    v->type = base && base->type && type_is_integer(base->type) ? base->type : what->type;
    v->loc = what->loc;
    v->id = 0;
    Stmt *d = NEW(Stmt);
    d->kind = ST_DECL;
    d->var = v;
    d->init = what;
    d->loc = what->loc;
    vec_push(decls, d);
    for (int i = 0; i < n.headers.len; i++) {
      Expr **h = n.headers.items[i];
      *h = replace(*h, what, v);
    }
  }
}

/* --- labels -------------------------------------------------------------------- */

/* Every canonical loop of the statement, outer first. */
static void all_loops(Stmt *s, Vec *out) {
  if (!s)
    return;
  if (s->loop)
    vec_push(out, s->loop);
  all_loops(s->then, out);
  all_loops(s->els, out);
  all_loops(s->loop ? s->loop->body : s->body, out);
  for (int i = 0; i < s->nitems; i++)
    all_loops(s->items[i], out);
}

static bool uses_in_bounds(Vec *loops, Loop *self, Var *v) {
  for (int i = 0; i < loops->len; i++) {
    Loop *l = loops->items[i];
    if (l != self && (ir_expr_uses_var(l->lb, v) || ir_expr_uses_var(l->ub, v)))
      return true;
  }
  return false;
}

/* "0 <= j < m2, 0 <= i < n": the range of each loop of the piece's
 * perfectly nested chain; a tile loop's range is that of its point loop
 * (the loop that starts at the tile loop's index). */
static char *cover(Stmt *piece) {
  Loop *chain[32];
  int k = tr_chain(piece, chain, 32);
  Vec all = {0}, done = {0};
  all_loops(piece, &all);
  Buf b = {0};
  buf_puts(&b, "");
  for (int j = 0; j < k; j++) {
    Loop *l = chain[j], *range = l;
    Var *v = l->var;
    if (uses_in_bounds(&all, l, v)) { /* a tile loop: name its point loop */
      v = NULL;
      for (int m = 0; m < all.len && !v; m++) {
        Loop *p = all.items[m];
        if (p != l && p->lb->kind == EX_VAR && p->lb->var == l->var)
          v = p->var;
      }
    } else {
      for (int m = 0; m < j; m++)
        if (l->lb->kind == EX_VAR && l->lb->var == chain[m]->var)
          range = chain[m];
    }
    bool seen = !v;
    for (int m = 0; m < done.len && !seen; m++)
      seen = done.items[m] == v;
    if (seen)
      continue;
    vec_push(&done, v);
    Printer p = {.spelled = true};
    Buf lo = {0}, hi = {0};
    print_expr(&p, range->lb, &lo);
    print_expr(&p, range->ub, &hi);
    buf_printf(&b, "%s%s <= %s %s %s", b.len ? ", " : "", lo.s, v->name,
               range->rel == REL_LE   ? "<="
               : range->rel == REL_LT ? "<"
                                      : "?",
               hi.s);
  }
  return b.s;
}

static bool main_piece(Vec *pieces, int main, Vec *mains, int i) {
  if (!mains || !mains->len)
    return i == main;
  for (int j = 0; j < mains->len; j++)
    if (mains->items[j] == pieces->items[i])
      return true;
  return false;
}

void tidy_pieces(Symtab *names, Vec *pieces, int main, Vec *mains_in, Tidy *out) {
  *out = (Tidy){.main = -1};
  Vec copies = {0};
  Vec mains = {0};
  for (int i = 0; i < pieces->len; i++) {
    Stmt *c = tidy_stmt(tr_clone_stmt(pieces->items[i], NULL));
    if (!c)
      continue;
    vec_push(&copies, c);
    vec_push(&mains, (void *)(size_t)main_piece(pieces, main, mains_in, i));
  }
  name_splits(names, &copies, &out->decls);
  for (int i = 0; i < copies.len; i++) {
    Stmt *c = copies.items[i];
    bool is_main = i < mains.len && mains.items[i] != NULL; /* as long as copies */
    char *range = c->loop ? cover(c) : xstrdup("");
    vec_push(&out->pieces, c);
    bool before = out->main < 0 && main >= 0 && !is_main;
    vec_push(&out->labels, xformat("%s%s%s",
                                   is_main  ? "main part"
                                   : before ? "peeled"
                                            : "remainder",
                                   *range ? ": " : "", range));
    if (is_main)
      out->main = out->pieces.len - 1;
  }
}

void tidy_print(Symtab *names, Vec *pieces, int main, Vec *mains, Buf *b, int depth,
                const char *minmax) {
  Tidy t;
  tidy_pieces(names, pieces, main, mains, &t);
  Printer p = {.minmax = minmax, .spelled = true};
  Buf body = {0};
  buf_puts(&body, "");
  for (int i = 0; i < t.decls.len; i++) {
    Stmt *d = t.decls.items[i];
    buf_indent(&body, depth);
    buf_printf(&body, "%s %s = ", type_c_name(d->var->type), d->var->name);
    p.header = true;
    print_expr(&p, d->init, &body);
    p.header = false;
    buf_puts(&body, ";\n");
  }
  for (int i = 0; i < t.pieces.len; i++) {
    if (t.pieces.len > 1 || pieces->len > 1) {
      buf_indent(&body, depth);
      buf_printf(&body, "/* %s */\n", (char *)t.labels.items[i]);
    }
    print_stmt(&p, t.pieces.items[i], depth, &body);
  }
  /* --emit=seq compiles: min and max get a definition where they are used */
  if (minmax && *minmax) {
    if (strstr(body.s, "nu_min("))
      buf_puts(b, "#define nu_min(a, b) ((a) < (b) ? (a) : (b))\n");
    if (strstr(body.s, "nu_max("))
      buf_puts(b, "#define nu_max(a, b) ((a) > (b) ? (a) : (b))\n");
  }
  buf_puts(b, body.s);
}
