/* frontend_alias.c — pointers a nest's body declares into an array
 * (`double *row = &A[i][0];`, `const float *p = x + i * n;`, `T *r = A[i];`),
 * followed into that array.  Receives the body of a nest (build_nest);
 * hands on the same body with each use p[s], *p, *(p + s) of such a pointer
 * written as the array's own subscript (A[i][0 + s], x[i * n + s]) and its
 * declaration gone, so that every analysis and printer sees the real
 * accesses.  A pointer declared before the nest that the loop keeps private
 * (named in private(...), or named nowhere else in the function) and that a
 * block assigns once at its top level, before any use (lavaMD's
 * `rA = &rv[first_i];`), is followed through the rest of that block the same
 * way, the assignment taken for its declaration.  A pointer it cannot
 * follow exactly keeps its declaration and Var.alias_why, and freevars.c
 * refuses it with that reason.  Pointers a helper declares are made
 * indices into their array instead (frontend_follow_helper_pointers). */
#include "frontend_clang.h"
#include "transform.h"

#include <string.h>

/* p stands for &base[subs[0]]...[subs[n-1]]. */
typedef struct Alias {
  Var *p;
  Expr *base;
  Expr **subs;
  int n;
} Alias;

static bool is_var(const Expr *e, const Var *v) { return e && e->kind == EX_VAR && e->var == v; }

static bool is_incdec(Op op) {
  return op == OP_PREINC || op == OP_PREDEC || op == OP_POSTINC || op == OP_POSTDEC;
}

static Alias *alias_of(Vec *known, const Expr *e) {
  if (!e || e->kind != EX_VAR)
    return NULL;
  for (int i = 0; i < known->len; i++) {
    Alias *a = known->items[i];
    if (a->p == e->var)
      return a;
  }
  return NULL;
}

/* An offset or subscript the pointer's uses may repeat: no side effect and
 * no memory read, which the body could change between them. */
static bool plain_expr(Expr *e) {
  if (!e)
    return true;
  if (ir_expr_may_read_memory(e))
    return false;
  if ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op))
    return false;
  if (e->kind == EX_UNARY && is_incdec(e->op))
    return false;
  return plain_expr(e->a) && plain_expr(e->b) && plain_expr(e->c);
}

/* An array variable or member path whose elements are scalars or structs
 * after `levels` subscripts, every level but the first an array (a row of a
 * table of pointers, T **, is memory the body may change). */
static bool base_ok(Expr *base, int levels) {
  if (!ir_path_root(base) || !base->type)
    return false;
  Type *t = base->type;
  for (int d = 0; d < levels; d++) {
    if (!t || (t->kind != TY_ARRAY && !(d == 0 && t->kind == TY_PTR)))
      return false;
    t = t->base;
  }
  return t && (type_is_arith(t) || t->kind == TY_STRUCT);
}

/* What a followed pointer may point to: scalars, or structs whose members
 * its uses name (rA[i].x). */
static bool pointee_ok(const Type *t) {
  return t->base && (type_is_arith(t->base) || (t->base->kind == TY_STRUCT && t->base->sdef));
}

static bool same_elem(Type *elem, const Type *pointee) {
  if (elem->kind != pointee->kind)
    return false;
  return elem->kind != TY_STRUCT || elem->sdef == pointee->sdef;
}

/* init as &base[...]: fills a (p excepted); false when it is none of the
 * forms a pointer is followed from. */
static bool parse_init(Vec *known, Expr *init, Alias *a) {
  if (!init)
    return false;
  if (init->kind == EX_BINARY && (init->op == OP_ADD || init->op == OP_SUB)) {
    bool left = init->a->type && (init->a->type->kind == TY_PTR || init->a->type->kind == TY_ARRAY);
    Expr *ptr = left ? init->a : init->b, *off = left ? init->b : init->a;
    if ((!left && init->op == OP_SUB) || !plain_expr(off) || !parse_init(known, ptr, a))
      return false;
    Expr *last = a->subs[a->n - 1];
    a->subs[a->n - 1] = init->op == OP_ADD ? tr_add(last, off) : tr_sub(last, off);
    return true;
  }
  Alias *from = alias_of(known, init);
  if (from) {
    *a = *from;
    a->subs = xcalloc((size_t)a->n, sizeof(Expr *));
    for (int i = 0; i < a->n; i++)
      a->subs[i] = from->subs[i];
    return true;
  }
  Expr *chain = init;
  bool addr = init->kind == EX_UNARY && init->op == OP_ADDR;
  if (addr)
    chain = init->a;
  int n = 0;
  for (Expr *x = chain; x->kind == EX_INDEX; x = x->a)
    n++;
  /* &a[..] names a scalar; a row a[i] (or the array itself) decays to its
   * first element */
  bool row = !addr && chain->type && chain->type->kind == TY_ARRAY;
  bool whole = !addr && !n && chain->type && chain->type->kind == TY_PTR;
  if (!(addr && n) && !row && !whole)
    return false;
  Expr *base = chain;
  while (base->kind == EX_INDEX)
    base = base->a;
  int levels = n + (addr ? 0 : 1);
  if (!base_ok(base, levels))
    return false;
  a->base = base;
  a->n = levels;
  a->subs = xcalloc((size_t)levels, sizeof(Expr *));
  int i = n;
  for (Expr *x = chain; x->kind == EX_INDEX; x = x->a) {
    if (!plain_expr(x->b))
      return false;
    a->subs[--i] = x->b;
  }
  if (!addr)
    a->subs[levels - 1] = ir_int(0, init->loc);
  return true;
}

/* --- what the scope of the declaration does with the pointer and the
 * values it stands for ----------------------------------------------------- */

typedef struct Scope {
  Alias *a;
  Vec vars; /* Var*: the scalars the subscripts read */
  char *why;
} Scope;

static void collect_vars(Expr *e, void *d) {
  Scope *sc = d;
  if (e->kind == EX_VAR && !vec_contains(&sc->vars, e->var))
    vec_push(&sc->vars, e->var);
}

static void refuse(Scope *sc, char *why) {
  if (!sc->why)
    sc->why = why;
  else
    xfree(why);
}

/* Whether e is p moved by integers: p, p + k, k + p, p - k, (p + j) - k. */
static bool moves_ptr(const Expr *e, const Var *p) {
  if (is_var(e, p))
    return true;
  if (e->kind != EX_BINARY || (e->op != OP_ADD && e->op != OP_SUB))
    return false;
  if (moves_ptr(e->a, p))
    return true;
  return e->op == OP_ADD && moves_ptr(e->b, p);
}

/* The integer operands of such a move, for the checks. */
static void move_operands(const Expr *e, const Var *p, Vec *out) {
  if (is_var(e, p))
    return;
  bool left = moves_ptr(e->a, p);
  move_operands(left ? e->a : e->b, p, out);
  vec_push(out, left ? e->b : e->a);
}

/* The value an assignment or ++/-- changes, NULL for another expression. */
static Expr *assigned(Expr *e) {
  if (e->kind == EX_BINARY && op_is_assign(e->op))
    return e->a;
  if (e->kind == EX_UNARY && is_incdec(e->op))
    return e->a;
  return NULL;
}

static void check_expr(Scope *sc, Expr *e, bool decl_init);

/* p is its array or member path itself (`int *n = SD.num_nucs;`): handed
 * whole to a helper, the path can go in its place, and the helper takes it
 * as any buffer argument.  With an offset the helper would receive an
 * interior pointer, which a buffer argument cannot be. */
static bool whole_alias(const Alias *a) {
  return a->n == 1 && a->subs[0]->kind == EX_INT && a->subs[0]->ival == 0 && a->base->type &&
         (a->base->type->kind == TY_PTR || a->base->type->kind == TY_ARRAY);
}

static void check_kids(Scope *sc, Expr *e) {
  check_expr(sc, e->a, false);
  check_expr(sc, e->b, false);
  check_expr(sc, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    check_expr(sc, e->args[i], false);
}

/* decl_init: e is the initializer of another pointer, which may start from
 * this one (double *q = p + 1;) and is followed in its turn. */
static void check_expr(Scope *sc, Expr *e, bool decl_init) {
  if (!e)
    return;
  Var *p = sc->a->p;
  Expr *lhs = assigned(e);
  if (lhs) {
    if (is_var(lhs, p) || (lhs->kind == EX_VAR && vec_contains(&sc->vars, lhs->var)) ||
        ir_expr_equal(lhs, sc->a->base))
      refuse(sc, xformat("'%s' is assigned at line %d", print_expr_text(lhs), e->loc.line));
  }
  if (e->kind == EX_UNARY && e->op == OP_ADDR && e->a->kind == EX_VAR &&
      (e->a->var == p || vec_contains(&sc->vars, e->a->var)))
    refuse(sc, xformat("the address of '%s' is taken at line %d", e->a->var->name, e->loc.line));
  if (e->kind == EX_INDEX && is_var(e->a, p)) {
    check_expr(sc, e->b, false);
    return;
  }
  if (e->kind == EX_CALL && whole_alias(sc->a)) {
    for (int i = 0; i < e->nargs; i++)
      if (!is_var(e->args[i], p))
        check_expr(sc, e->args[i], false);
    return;
  }
  bool deref = e->kind == EX_UNARY && e->op == OP_DEREF && moves_ptr(e->a, p);
  if (deref || (decl_init && moves_ptr(e, p))) {
    Vec ops = {0};
    move_operands(deref ? e->a : e, p, &ops);
    for (int i = 0; i < ops.len; i++)
      check_expr(sc, ops.items[i], false);
    xfree(ops.items);
    return;
  }
  if (is_var(e, p)) {
    if (!lhs)
      refuse(sc, xformat("it is used at line %d other than as '%s[i]', '*%s' or '*(%s + i)'",
                         e->loc.line, p->name, p->name, p->name));
    return;
  }
  check_kids(sc, e);
}

static void check_stmt(Scope *sc, Stmt *s) {
  if (!s)
    return;
  check_expr(sc, s->e, false);
  check_expr(sc, s->init, s->kind == ST_DECL && s->var->type->kind == TY_PTR);
  check_expr(sc, s->inc, false);
  check_stmt(sc, s->init_s);
  check_stmt(sc, s->then);
  check_stmt(sc, s->els);
  if (s->loop) {
    if (vec_contains(&sc->vars, s->loop->var))
      refuse(sc, xformat("'%s' is a loop's index at line %d", s->loop->var->name, s->loc.line));
    check_expr(sc, s->loop->lb, false);
    check_expr(sc, s->loop->ub, false);
    check_expr(sc, s->loop->step, false);
    check_stmt(sc, s->loop->body);
  } else {
    check_stmt(sc, s->body);
  }
  for (int i = 0; i < s->nitems; i++)
    check_stmt(sc, s->items[i]);
}

/* --- the rewrite ---------------------------------------------------------- */

/* base[subs...] with off added to the last subscript (none: NULL). */
static Expr *element(Alias *a, Expr *off, SrcLoc loc) {
  Expr *e = tr_clone_expr(a->base, NULL);
  Type *t = a->base->type;
  for (int i = 0; i < a->n; i++) {
    Expr *sub = tr_clone_expr(a->subs[i], NULL);
    if (i == a->n - 1 && off)
      sub = tr_add(sub, off);
    Expr *x = NEW(Expr);
    x->kind = EX_INDEX;
    x->a = e;
    x->b = sub;
    x->loc = loc;
    t = t ? t->base : NULL;
    x->type = t;
    e = x;
  }
  if (a->n > 1)
    e->alias = a->p;
  return e;
}

static Expr *negate(Expr *e) {
  if (e->kind == EX_INT)
    return ir_int(-e->ival, e->loc);
  Expr *n = NEW(Expr);
  n->kind = EX_UNARY;
  n->op = OP_NEG;
  n->a = e;
  n->type = e->type;
  n->loc = e->loc;
  return n;
}

static Expr *rewrite_expr(Alias *a, Expr *e, bool decl_init);

/* The integer p moves by in `ptr` (moves_ptr), its operands rewritten;
 * NULL for p itself. */
static Expr *offset_of(Alias *a, Expr *ptr) {
  if (is_var(ptr, a->p))
    return NULL;
  bool left = moves_ptr(ptr->a, a->p);
  Expr *inner = offset_of(a, left ? ptr->a : ptr->b);
  Expr *k = rewrite_expr(a, left ? ptr->b : ptr->a, false);
  if (ptr->op == OP_SUB)
    k = negate(k);
  return inner ? tr_add(inner, k) : k;
}

static Expr *rewrite_expr(Alias *a, Expr *e, bool decl_init) {
  if (!e)
    return NULL;
  if (e->kind == EX_INDEX && is_var(e->a, a->p))
    return element(a, rewrite_expr(a, e->b, false), e->loc);
  if (e->kind == EX_UNARY && e->op == OP_DEREF && moves_ptr(e->a, a->p))
    return element(a, offset_of(a, e->a), e->loc);
  if (e->kind == EX_CALL && whole_alias(a)) {
    for (int i = 0; i < e->nargs; i++)
      e->args[i] = is_var(e->args[i], a->p) ? tr_clone_expr(a->base, NULL)
                                            : rewrite_expr(a, e->args[i], false);
    return e;
  }
  if (decl_init && moves_ptr(e, a->p)) {
    Expr *r = NEW(Expr);
    r->kind = EX_UNARY;
    r->op = OP_ADDR;
    r->a = element(a, offset_of(a, e), e->loc);
    r->type = e->type;
    r->loc = e->loc;
    return r;
  }
  e->a = rewrite_expr(a, e->a, false);
  e->b = rewrite_expr(a, e->b, false);
  e->c = rewrite_expr(a, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = rewrite_expr(a, e->args[i], false);
  return e;
}

static void rewrite_stmt(Alias *a, Stmt *s) {
  if (!s)
    return;
  s->e = rewrite_expr(a, s->e, false);
  s->init = rewrite_expr(a, s->init, s->kind == ST_DECL && s->var->type->kind == TY_PTR);
  s->inc = rewrite_expr(a, s->inc, false);
  rewrite_stmt(a, s->init_s);
  rewrite_stmt(a, s->then);
  rewrite_stmt(a, s->els);
  if (s->loop) {
    s->loop->lb = rewrite_expr(a, s->loop->lb, false);
    s->loop->ub = rewrite_expr(a, s->loop->ub, false);
    s->loop->step = rewrite_expr(a, s->loop->step, false);
    rewrite_stmt(a, s->loop->body);
    s->body = s->loop->body;
  } else {
    rewrite_stmt(a, s->body);
  }
  for (int i = 0; i < s->nitems; i++)
    rewrite_stmt(a, s->items[i]);
}

/* --- blocks --------------------------------------------------------------- */

typedef struct Follow {
  Vec known;          /* Alias*: the pointers followed so far */
  Nest *nest;         /* NULL: no pointer declared before the nest is followed */
  const Vec *outside; /* Var*: what the function names outside the nest */
} Follow;

static void follow_stmt(Follow *f, Stmt *s);

/* p, standing for init, followed through items[from..] of blk: false, with
 * p->alias_why, when it cannot be. */
static bool follow_scope(Follow *f, Var *p, Expr *init, Stmt *blk, int from) {
  Alias *a = NEW(Alias);
  if (!pointee_ok(p->type)) {
    p->alias_why = xstrdup("it does not point to scalars or structs");
    return false;
  }
  if (p->stat || !parse_init(&f->known, init, a) ||
      !same_elem(type_elem(a->base->type), p->type->base)) {
    p->alias_why = xstrdup(
        "its initializer is none of '&a[i][j]', 'a[i]' (a row), 'x + e' or another such pointer, "
        "with subscripts and offsets that read no memory");
    return false;
  }
  a->p = p;
  Scope sc = {.a = a};
  for (int i = 0; i < a->n; i++)
    ir_walk_expr(a->subs[i], collect_vars, &sc);
  for (int i = from; i < blk->nitems; i++)
    check_stmt(&sc, blk->items[i]);
  if (sc.why) {
    p->alias_why = sc.why;
    return false;
  }
  for (int i = from; i < blk->nitems; i++)
    rewrite_stmt(a, blk->items[i]);
  vec_push(&f->known, a);
  return true;
}

typedef struct Count {
  const Var *v;
  int n;
} Count;

static void count_var(Expr *e, void *d) {
  Count *c = d;
  if (e->kind == EX_VAR && e->var == c->v)
    c->n++;
}

static int uses_in(Stmt *s, const Var *v) {
  Count c = {v, 0};
  ir_walk_stmt(s, count_var, &c);
  return c.n;
}

/* Whether the loop keeps p's value to itself, so that the assignments its
 * body makes need not reach p: p a local, named in OpenMP's private(p) or
 * nu's, or nowhere in the function outside the nest (nothing reads the last
 * iteration's value, as private.c would copy out a scalar's). */
static bool loop_private(Follow *f, const Var *p) {
  /* a helper the loop calls may read a file-scope pointer, and would see
   * none of the loop's assignments once they are gone */
  if (p->global || p->stat)
    return false;
  for (int i = 0; i < f->nest->annots.len; i++) {
    Annot *an = f->nest->annots.items[i];
    if (!strcmp(an->name, "private") || !strcmp(an->name, "firstprivate"))
      for (int m = 0; m < an->nargs; m++)
        if (an->args[m].text && !strcmp(an->args[m].text, p->name))
          return true;
  }
  return !vec_contains(f->outside, p);
}

/* `p = init;`, items[at] of blk, p a pointer declared before the nest: when
 * every use of p in the nest comes after it in blk, and the loop keeps p to
 * itself, it stands for p's declaration (each run of the block sets p before
 * it reads it); true when it can go. */
static bool follow_assign(Follow *f, Stmt *blk, int at) {
  Expr *e = blk->items[at]->e;
  Var *p = e->a->var;
  if (!f->nest)
    return false;
  if (!loop_private(f, p)) {
    xfree(p->alias_why);
    p->alias_why =
        p->global || p->stat
            ? xstrdup("it is not a local of the function (declare it in the function)")
            : xstrdup("the function names it outside the loop too, where it may read what the "
                      "loop left in it (name it in private(...) if it does not)");
    return false;
  }
  if (ir_expr_uses_var(e->b, p)) {
    p->alias_why = xformat("its assignment at line %d reads it", e->loc.line);
    return false;
  }
  int in_scope = 0, in_nest = 0;
  for (int i = at; i < blk->nitems; i++)
    in_scope += uses_in(blk->items[i], p);
  for (int d = 0; d < f->nest->depth; d++) {
    Loop *l = f->nest->loops[d];
    Count c = {p, 0};
    ir_walk_expr(l->lb, count_var, &c);
    ir_walk_expr(l->ub, count_var, &c);
    ir_walk_expr(l->step, count_var, &c);
    in_nest += c.n;
  }
  in_nest += uses_in(f->nest->loops[f->nest->depth - 1]->body, p);
  if (in_scope != in_nest) {
    p->alias_why = xformat("the loop uses it at another place than after its assignment at line "
                           "%d, in that block",
                           e->loc.line);
    return false;
  }
  return follow_scope(f, p, e->b, blk, at + 1);
}

static bool is_ptr_assign(const Stmt *s) {
  Expr *e = s->e;
  return s->kind == ST_EXPR && e && e->kind == EX_BINARY && e->op == OP_ASSIGN &&
         e->a->kind == EX_VAR && e->a->var->type && e->a->var->type->kind == TY_PTR;
}

static void follow_block(Follow *f, Stmt *blk) {
  int out = 0;
  for (int i = 0; i < blk->nitems; i++) {
    Stmt *s = blk->items[i];
    if (s->kind == ST_DECL && s->var->type->kind == TY_PTR && s->init &&
        follow_scope(f, s->var, s->init, blk, i + 1))
      continue;
    if (is_ptr_assign(s) && follow_assign(f, blk, i))
      continue;
    follow_stmt(f, s);
    blk->items[out++] = s;
  }
  blk->nitems = out;
}

static void follow_stmt(Follow *f, Stmt *s) {
  if (!s)
    return;
  if (s->kind == ST_BLOCK) {
    follow_block(f, s);
    return;
  }
  follow_stmt(f, s->init_s);
  follow_stmt(f, s->then);
  follow_stmt(f, s->els);
  follow_stmt(f, s->loop ? s->loop->body : s->body);
  if (s->loop)
    s->body = s->loop->body;
}

/* `T *p;` in the body, every assignment of p followed: nothing left to
 * declare. */
static void drop_unused_decls(Stmt *body, Stmt *s) {
  if (!s)
    return;
  if (s->kind == ST_BLOCK) {
    int out = 0;
    for (int i = 0; i < s->nitems; i++) {
      Stmt *d = s->items[i];
      if (d->kind == ST_DECL && !d->init && d->var->type->kind == TY_PTR && !uses_in(body, d->var))
        continue;
      drop_unused_decls(body, d);
      s->items[out++] = d;
    }
    s->nitems = out;
    return;
  }
  drop_unused_decls(body, s->then);
  drop_unused_decls(body, s->els);
  drop_unused_decls(body, s->loop ? s->loop->body : s->body);
}

void frontend_follow_aliases(Nest *n, const Vec *outside) {
  Follow f = {.nest = n, .outside = outside};
  Stmt *body = n->loops[n->depth - 1]->body;
  follow_stmt(&f, body);
  drop_unused_decls(body, body);
  xfree(f.known.items);
}

/* --- pointers a helper keeps into one of its arrays ----------------------
 * (XSBench's calculate_micro_xs: `low = &grid[k]` in each branch, then
 * `high = low + 1; ... high->energy`).  Each becomes an index into that
 * array, set where the pointer was and read where it was followed, so that
 * a pointer set in several branches, or from an index read from memory,
 * still stands for the same element at each use. */

typedef struct HPtr {
  Var *p;
  Var *at;    /* the index standing for it */
  Expr *base; /* the array, once every assignment agrees on it */
  Vec defs;   /* Expr*: the values assigned to it, the initializer included */
  char *why;  /* why it stays a pointer */
} HPtr;

static Type index_type = {TY_LONG, NULL, 0, "long", "long", NULL};

static HPtr *hptr_of(Vec *hs, const Expr *e) {
  if (!e || e->kind != EX_VAR)
    return NULL;
  for (int i = 0; i < hs->len; i++) {
    HPtr *h = hs->items[i];
    if (h->p == e->var)
      return h;
  }
  return NULL;
}

static HPtr *hptr_moved(Vec *hs, const Expr *e) {
  for (int i = 0; i < hs->len; i++) {
    HPtr *h = hs->items[i];
    if (moves_ptr(e, h->p))
      return h;
  }
  return NULL;
}

static void hptr_refuse(HPtr *h, char *why) {
  if (!h->why)
    h->why = why;
  else
    xfree(why);
}

/* A value assigned to h->p: `&a[e]`, `a + e`, `a`, or another such pointer
 * q moved by integers.  Sets *base (an array or member path of one level of
 * h's elements) or *from (q), and *off, the integers added (NULL: none). */
static bool parse_def(Vec *hs, HPtr *h, Expr *x, Expr **base, HPtr **from, Expr **off) {
  *base = NULL;
  *from = NULL;
  *off = NULL;
  HPtr *q = hptr_of(hs, x);
  if (q) {
    *from = q;
    return true;
  }
  if (x->kind == EX_BINARY && (x->op == OP_ADD || x->op == OP_SUB)) {
    bool left = x->a->type && (x->a->type->kind == TY_PTR || x->a->type->kind == TY_ARRAY);
    if (!left && x->op == OP_SUB)
      return false;
    Expr *k = left ? x->b : x->a;
    if (!parse_def(hs, h, left ? x->a : x->b, base, from, off))
      return false;
    if (x->op == OP_SUB)
      k = negate(k);
    *off = *off ? tr_add(*off, k) : k;
    return true;
  }
  Expr *path = x;
  if (x->kind == EX_UNARY && x->op == OP_ADDR && x->a->kind == EX_INDEX) {
    path = x->a->a;
    *off = x->a->b;
  }
  if (path->kind == EX_INDEX || !base_ok(path, 1) || !same_elem(path->type->base, h->p->type->base))
    return false;
  *base = path;
  return true;
}

static void hcheck_expr(Vec *hs, Expr *e);

/* A statement `p = x;` or a declaration `T *p = x;` of such a pointer. */
static void hcheck_def(Vec *hs, HPtr *h, Expr *x) {
  Expr *base, *off;
  HPtr *from;
  if (!parse_def(hs, h, x, &base, &from, &off)) {
    hptr_refuse(h, xformat("its value at line %d is none of '&a[i]', 'a + i', 'a' or another "
                           "such pointer moved by integers",
                           x->loc.line));
    return;
  }
  vec_push(&h->defs, x);
  hcheck_expr(hs, off);
}

static void hcheck_expr(Vec *hs, Expr *e) {
  if (!e)
    return;
  if (e->kind == EX_INDEX && hptr_of(hs, e->a)) {
    hcheck_expr(hs, e->b);
    return;
  }
  if (e->kind == EX_MEMBER && e->arrow && hptr_of(hs, e->a))
    return;
  if (e->kind == EX_UNARY && e->op == OP_DEREF) {
    HPtr *h = hptr_moved(hs, e->a);
    if (h) {
      Vec ops = {0};
      move_operands(e->a, h->p, &ops);
      for (int i = 0; i < ops.len; i++)
        hcheck_expr(hs, ops.items[i]);
      xfree(ops.items);
      return;
    }
  }
  HPtr *h = hptr_of(hs, e);
  if (h) {
    hptr_refuse(h, xformat("it is used at line %d other than as '%s[i]', '*%s', '%s->m' or in "
                           "the value of such a pointer",
                           e->loc.line, h->p->name, h->p->name, h->p->name));
    return;
  }
  hcheck_expr(hs, e->a);
  hcheck_expr(hs, e->b);
  hcheck_expr(hs, e->c);
  for (int i = 0; i < e->nargs; i++)
    hcheck_expr(hs, e->args[i]);
}

static bool is_hdef(Vec *hs, const Stmt *s) {
  return s->kind == ST_EXPR && s->e && s->e->kind == EX_BINARY && s->e->op == OP_ASSIGN &&
         hptr_of(hs, s->e->a);
}

static void hcheck_stmt(Vec *hs, Stmt *s) {
  if (!s)
    return;
  if (s->kind == ST_DECL && hptr_of(hs, &(Expr){.kind = EX_VAR, .var = s->var})) {
    if (s->init)
      hcheck_def(hs, hptr_of(hs, &(Expr){.kind = EX_VAR, .var = s->var}), s->init);
    return;
  }
  if (is_hdef(hs, s)) {
    hcheck_def(hs, hptr_of(hs, s->e->a), s->e->b);
    return;
  }
  hcheck_expr(hs, s->e);
  hcheck_expr(hs, s->init);
  hcheck_expr(hs, s->inc);
  hcheck_stmt(hs, s->init_s);
  hcheck_stmt(hs, s->then);
  hcheck_stmt(hs, s->els);
  if (s->loop) {
    hcheck_expr(hs, s->loop->lb);
    hcheck_expr(hs, s->loop->ub);
    hcheck_expr(hs, s->loop->step);
    hcheck_stmt(hs, s->loop->body);
  } else {
    hcheck_stmt(hs, s->body);
  }
  for (int i = 0; i < s->nitems; i++)
    hcheck_stmt(hs, s->items[i]);
}

static void collect_hptrs(Stmt *s, Vec *hs) {
  if (!s)
    return;
  if (s->kind == ST_DECL && s->var->type->kind == TY_PTR && !s->var->stat &&
      pointee_ok(s->var->type)) {
    HPtr *h = NEW(HPtr);
    h->p = s->var;
    vec_push(hs, h);
  }
  collect_hptrs(s->init_s, hs);
  collect_hptrs(s->then, hs);
  collect_hptrs(s->els, hs);
  collect_hptrs(s->loop ? s->loop->body : s->body, hs);
  for (int i = 0; i < s->nitems; i++)
    collect_hptrs(s->items[i], hs);
}

/* Every value assigned to each pointer names the same array: its base;
 * a pointer set from one that stays a pointer stays one too. */
static void resolve_bases(Vec *hs) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < hs->len; i++) {
      HPtr *h = hs->items[i];
      if (h->why || h->base)
        continue;
      if (!h->defs.len) {
        h->why = xstrdup("nothing is assigned to it");
        changed = true;
        continue;
      }
      Expr *base = NULL;
      bool pending = false;
      for (int d = 0; d < h->defs.len && !h->why; d++) {
        Expr *b, *off;
        HPtr *from;
        parse_def(hs, h, h->defs.items[d], &b, &from, &off);
        if (from && from->why)
          h->why = xformat("it is set from '%s', which stays a pointer", from->p->name);
        else if (from && !from->base)
          pending = true;
        else {
          b = from ? from->base : b;
          if (base && !ir_expr_equal(base, b))
            h->why = xstrdup("it points into more than one array");
          base = b;
        }
      }
      if (h->why || !pending) {
        h->base = h->why ? NULL : base;
        changed = true;
      }
    }
  }
  for (int i = 0; i < hs->len; i++) {
    HPtr *h = hs->items[i];
    if (!h->why && !h->base)
      h->why = xstrdup("it is set only from pointers set from it");
  }
}

typedef struct BaseWrite {
  const Expr *base;
  bool hit;
} BaseWrite;

static void find_base_write(Expr *e, void *d) {
  BaseWrite *w = d;
  Expr *lhs = assigned(e);
  const Expr *root = ir_path_root((Expr *)w->base);
  if (lhs && (ir_expr_equal(lhs, w->base) || ir_expr_equal(lhs, root)))
    w->hit = true;
  if (e->kind == EX_UNARY && e->op == OP_ADDR && ir_expr_equal(e->a, root))
    w->hit = true;
}

static Expr *hrewrite_expr(Vec *hs, Expr *e);

/* base[at + off] for a use of h. */
static Expr *helement(HPtr *h, Expr *off, SrcLoc loc) {
  Expr *x = NEW(Expr);
  x->kind = EX_INDEX;
  x->a = tr_clone_expr(h->base, NULL);
  x->b = ir_var(h->at, loc);
  x->b->type = &index_type;
  if (off)
    x->b = tr_add(x->b, off);
  x->type = h->p->type->base;
  x->loc = loc;
  return x;
}

static Expr *hoffset(Vec *hs, HPtr *h, Expr *ptr) {
  if (is_var(ptr, h->p))
    return NULL;
  bool left = moves_ptr(ptr->a, h->p);
  Expr *inner = hoffset(hs, h, left ? ptr->a : ptr->b);
  Expr *k = hrewrite_expr(hs, left ? ptr->b : ptr->a);
  if (ptr->op == OP_SUB)
    k = negate(k);
  return inner ? tr_add(inner, k) : k;
}

/* The index a value assigned to h stands for. */
static Expr *hindex(Vec *hs, HPtr *h, Expr *x) {
  Expr *b, *off;
  HPtr *from;
  parse_def(hs, h, x, &b, &from, &off);
  off = hrewrite_expr(hs, off);
  Expr *start = NULL;
  if (from) {
    start = ir_var(from->at, x->loc);
    start->type = &index_type;
  }
  if (start && off)
    return tr_add(start, off);
  return start ? start : off ? off : ir_int(0, x->loc);
}

static Expr *hrewrite_expr(Vec *hs, Expr *e) {
  if (!e)
    return NULL;
  HPtr *h = hptr_of(hs, e->a);
  if (e->kind == EX_INDEX && h)
    return helement(h, hrewrite_expr(hs, e->b), e->loc);
  if (e->kind == EX_MEMBER && e->arrow && h) {
    e->a = helement(h, NULL, e->loc);
    e->arrow = false;
    return e;
  }
  if (e->kind == EX_UNARY && e->op == OP_DEREF && (h = hptr_moved(hs, e->a)))
    return helement(h, hoffset(hs, h, e->a), e->loc);
  e->a = hrewrite_expr(hs, e->a);
  e->b = hrewrite_expr(hs, e->b);
  e->c = hrewrite_expr(hs, e->c);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = hrewrite_expr(hs, e->args[i]);
  return e;
}

static void hrewrite_stmt(Vec *hs, Stmt *s) {
  if (!s)
    return;
  HPtr *h;
  if (s->kind == ST_DECL && (h = hptr_of(hs, &(Expr){.kind = EX_VAR, .var = s->var}))) {
    s->init = s->init ? hindex(hs, h, s->init) : NULL;
    s->var = h->at;
    return;
  }
  if (is_hdef(hs, s)) {
    h = hptr_of(hs, s->e->a);
    s->e->b = hindex(hs, h, s->e->b);
    s->e->a = ir_var(h->at, s->e->a->loc);
    s->e->a->type = &index_type;
    s->e->type = &index_type;
    return;
  }
  s->e = hrewrite_expr(hs, s->e);
  s->init = hrewrite_expr(hs, s->init);
  s->inc = hrewrite_expr(hs, s->inc);
  hrewrite_stmt(hs, s->init_s);
  hrewrite_stmt(hs, s->then);
  hrewrite_stmt(hs, s->els);
  if (s->loop) {
    s->loop->lb = hrewrite_expr(hs, s->loop->lb);
    s->loop->ub = hrewrite_expr(hs, s->loop->ub);
    s->loop->step = hrewrite_expr(hs, s->loop->step);
    hrewrite_stmt(hs, s->loop->body);
    s->body = s->loop->body;
  } else {
    hrewrite_stmt(hs, s->body);
  }
  for (int i = 0; i < s->nitems; i++)
    hrewrite_stmt(hs, s->items[i]);
}

void frontend_follow_helper_pointers(Func *f, Symtab *names) {
  Vec all = {0};
  collect_hptrs(f->body, &all);
  if (!all.len)
    return;
  hcheck_stmt(&all, f->body);
  resolve_bases(&all);
  for (int i = 0; i < all.len; i++) {
    HPtr *h = all.items[i];
    if (h->why)
      continue;
    BaseWrite w = {h->base, false};
    ir_walk_stmt(f->body, find_base_write, &w);
    if (w.hit)
      h->why =
          xformat("the function assigns '%s', the array it points into", print_expr_text(h->base));
  }
  /* one that stays a pointer keeps those set from it pointers too */
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < all.len; i++) {
      HPtr *h = all.items[i];
      for (int d = 0; d < h->defs.len && !h->why; d++) {
        Expr *b, *off;
        HPtr *from;
        parse_def(&all, h, h->defs.items[d], &b, &from, &off);
        if (from && from->why) {
          h->why = xformat("it is set from '%s', which stays a pointer", from->p->name);
          changed = true;
        }
      }
    }
  }
  Vec ok = {0};
  for (int i = 0; i < all.len; i++) {
    HPtr *h = all.items[i];
    if (h->why) {
      h->p->alias_why = h->why;
      continue;
    }
    h->at = NEW(Var);
    *h->at = *h->p;
    char *want = xformat("%s_at", h->p->name);
    h->at->name = tr_fresh_name(names, want);
    xfree(want);
    h->at->type = &index_type;
    vec_push(&ok, h);
  }
  if (ok.len)
    hrewrite_stmt(&ok, f->body);
  xfree(ok.items);
}
