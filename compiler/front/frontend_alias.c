/* frontend_alias.c — pointers a nest's body declares into an array
 * (`double *row = &A[i][0];`, `const float *p = x + i * n;`, `T *r = A[i];`),
 * followed into that array.  Receives the body of a nest (build_nest);
 * hands on the same body with each use p[s], *p, *(p + s) of such a pointer
 * written as the array's own subscript (A[i][0 + s], x[i * n + s]) and its
 * declaration gone, so that every analysis and printer sees the real
 * accesses.  A pointer it cannot follow exactly keeps its declaration and
 * Var.alias_why, and freevars.c refuses it with that reason. */
#include "frontend_clang.h"
#include "transform.h"

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

/* An array variable or member path whose elements are scalars after
 * `levels` subscripts, every level but the first an array (a row of a
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
  return t && type_is_arith(t);
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

static void follow_stmt(Vec *known, Stmt *s);

/* The declaration items[at] of a pointer: followed through the rest of the
 * block, which is its scope; true when its declaration can go. */
static bool follow_decl(Vec *known, Stmt *blk, int at) {
  Stmt *d = blk->items[at];
  Var *p = d->var;
  Alias *a = NEW(Alias);
  if (!p->type->base || !type_is_arith(p->type->base)) {
    p->alias_why = xstrdup("it does not point to scalars");
    return false;
  }
  if (p->stat || !parse_init(known, d->init, a) ||
      type_elem(a->base->type)->kind != p->type->base->kind) {
    p->alias_why = xstrdup(
        "its initializer is none of '&a[i][j]', 'a[i]' (a row), 'x + e' or another such pointer, "
        "with subscripts and offsets that read no memory");
    return false;
  }
  a->p = p;
  Scope sc = {.a = a};
  for (int i = 0; i < a->n; i++)
    ir_walk_expr(a->subs[i], collect_vars, &sc);
  for (int i = at + 1; i < blk->nitems; i++)
    check_stmt(&sc, blk->items[i]);
  if (sc.why) {
    p->alias_why = sc.why;
    return false;
  }
  for (int i = at + 1; i < blk->nitems; i++)
    rewrite_stmt(a, blk->items[i]);
  vec_push(known, a);
  return true;
}

static void follow_block(Vec *known, Stmt *blk) {
  int out = 0;
  for (int i = 0; i < blk->nitems; i++) {
    Stmt *s = blk->items[i];
    if (s->kind == ST_DECL && s->var->type->kind == TY_PTR && follow_decl(known, blk, i))
      continue;
    follow_stmt(known, s);
    blk->items[out++] = s;
  }
  blk->nitems = out;
}

static void follow_stmt(Vec *known, Stmt *s) {
  if (!s)
    return;
  if (s->kind == ST_BLOCK) {
    follow_block(known, s);
    return;
  }
  follow_stmt(known, s->init_s);
  follow_stmt(known, s->then);
  follow_stmt(known, s->els);
  follow_stmt(known, s->loop ? s->loop->body : s->body);
  if (s->loop)
    s->body = s->loop->body;
}

void frontend_follow_aliases(Stmt *body) {
  Vec known = {0};
  follow_stmt(&known, body);
  xfree(known.items);
}
