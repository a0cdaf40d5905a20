/* transform.c — the tools loop transformations are built from.
 * Receives IR trees; hands on deep copies with variables substituted
 * (i → i + 2) or renamed (r → r_1), the perfectly nested chain of a piece,
 * bound arithmetic (trip counts and split points as IR), and which scalars
 * a statement writes or reads.  The IR layer: it asks no analysis (the
 * legality questions are analysis/legality.c's). */
#include "transform.h"

#include <stdio.h>
#include <string.h>

/* --- copies with substitution ------------------------------------------- */

static Expr *subst_of(Subst *s, Var *v) {
  for (int i = 0; i < s->from.len; i++)
    if (s->from.items[i] == v)
      return s->to.items[i];
  return NULL;
}

static Var *rename_of(Subst *s, Var *v) {
  for (int i = 0; i < s->rfrom.len; i++)
    if (s->rfrom.items[i] == v)
      return s->rto.items[i];
  return NULL;
}

void subst_expr(Subst *s, Var *v, Expr *e) {
  vec_push(&s->from, v);
  vec_push(&s->to, e);
}

/* A name no variable of the file has, nor one made before: new loop
 * indices and renamed locals must not capture what the body reads. */
char *tr_fresh_name(Symtab *names, const char *base) {
  for (int k = 0;; k++) {
    char *name = k ? xformat("%s_%d", base, k) : xstrdup(base);
    if (!symtab_name_taken(names, name)) {
      symtab_claim_name(names, name);
      return name;
    }
    xfree(name);
  }
}

Var *subst_rename(Subst *s, Var *v, const char *suffix) {
  Var *n = NEW(Var);
  *n = *v;
  char *want = xformat("%s%s", v->name, suffix);
  n->name = tr_fresh_name(s->names, want);
  xfree(want);
  vec_push(&s->rfrom, v);
  vec_push(&s->rto, n);
  return n;
}

Expr *tr_clone_expr(Expr *e, Subst *s) {
  if (!e)
    return NULL;
  if (e->kind == EX_VAR && s) {
    for (int i = 0; i < s->efrom.len; i++)
      if (s->efrom.items[i] == e)
        return ir_var(s->eto.items[i], e->loc);
    Expr *to = subst_of(s, e->var);
    if (to)
      return tr_clone_expr(to, NULL);
    Var *r = rename_of(s, e->var);
    if (r)
      return ir_var(r, e->loc);
  }
  Expr *c = NEW(Expr);
  *c = *e;
  c->a = tr_clone_expr(e->a, s);
  c->b = tr_clone_expr(e->b, s);
  c->c = tr_clone_expr(e->c, s);
  if (e->nargs) {
    c->args = xcalloc((size_t)e->nargs, sizeof(Expr *));
    for (int i = 0; i < e->nargs; i++)
      c->args[i] = tr_clone_expr(e->args[i], s);
  }
  return c;
}

static Var *clone_var(Var *v, Subst *s) {
  Var *r = s ? rename_of(s, v) : NULL;
  return r ? r : v;
}

Loop *tr_clone_loop(Loop *l, Subst *s) {
  Loop *c = NEW(Loop);
  *c = *l;
  c->var = clone_var(l->var, s);
  c->lb = tr_clone_expr(l->lb, s);
  c->ub = tr_clone_expr(l->ub, s);
  c->step = tr_clone_expr(l->step, s);
  c->body = tr_clone_stmt(l->body, s);
  c->vec_base = tr_clone_expr(l->vec_base, s);
  c->vec_lb = tr_clone_expr(l->vec_lb, s);
  c->vec_end = tr_clone_expr(l->vec_end, s);
  return c;
}

Stmt *tr_clone_stmt(Stmt *st, Subst *s) {
  if (!st)
    return NULL;
  Stmt *c = NEW(Stmt);
  *c = *st;
  c->e = tr_clone_expr(st->e, s);
  c->init = tr_clone_expr(st->init, s);
  c->inc = tr_clone_expr(st->inc, s);
  if (st->var)
    c->var = clone_var(st->var, s);
  c->init_s = tr_clone_stmt(st->init_s, s);
  c->then = tr_clone_stmt(st->then, s);
  c->els = tr_clone_stmt(st->els, s);
  if (st->loop) {
    c->loop = tr_clone_loop(st->loop, s);
    c->body = c->loop->body;
  } else {
    c->body = tr_clone_stmt(st->body, s);
  }
  if (st->nitems) {
    c->items = xcalloc((size_t)st->nitems, sizeof(Stmt *));
    for (int i = 0; i < st->nitems; i++)
      c->items[i] = tr_clone_stmt(st->items[i], s);
  }
  return c;
}

/* Renames every variable the statement declares (locals and loop indices
 * declared by a for), so copies can share one block. */
static void rename_decls(Stmt *st, Subst *s, const char *suffix) {
  if (!st)
    return;
  if (st->kind == ST_DECL && !rename_of(s, st->var))
    subst_rename(s, st->var, suffix);
  if (st->loop && st->loop->declared && !rename_of(s, st->loop->var))
    subst_rename(s, st->loop->var, suffix);
  rename_decls(st->init_s, s, suffix);
  rename_decls(st->then, s, suffix);
  rename_decls(st->els, s, suffix);
  rename_decls(st->loop ? st->loop->body : st->body, s, suffix);
  for (int i = 0; i < st->nitems; i++)
    rename_decls(st->items[i], s, suffix);
}

void subst_rename_locals(Subst *s, Stmt *body, const char *suffix) {
  rename_decls(body, s, suffix);
}

/* --- IR construction -------------------------------------------------------- */

/* Shared by the bounds it types and never written: a constant, not
 * compilation state. */
static Type long_type = {TY_LONG, NULL, 0, "long", "long", NULL};

Expr *tr_add(Expr *a, Expr *b) {
  if (b->kind == EX_INT && b->ival == 0)
    return a;
  if (a->kind == EX_INT && a->ival == 0)
    return b;
  if (a->kind == EX_INT && b->kind == EX_INT)
    return ir_int(a->ival + b->ival, a->loc);
  if (b->kind == EX_INT && b->ival < 0)
    return ir_binary(OP_SUB, a, ir_int(-b->ival, b->loc), a->type);
  return ir_binary(OP_ADD, a, b, a->type);
}

Expr *tr_sub(Expr *a, Expr *b) {
  if (b->kind == EX_INT)
    return tr_add(a, ir_int(-b->ival, b->loc));
  return ir_binary(OP_SUB, a, b, a->type);
}

Expr *tr_mul(Expr *a, Expr *b) {
  if (a->kind == EX_INT && b->kind == EX_INT)
    return ir_int(a->ival * b->ival, a->loc);
  if (b->kind == EX_INT && b->ival == 1)
    return a;
  if (a->kind == EX_INT && a->ival == 1)
    return b;
  return ir_binary(OP_MUL, a, b, a->type);
}

Expr *tr_div(Expr *a, Expr *b) {
  if (a->kind == EX_INT && b->kind == EX_INT && b->ival)
    return ir_int(a->ival / b->ival, a->loc);
  if (b->kind == EX_INT && b->ival == 1)
    return a;
  return ir_binary(OP_DIV, a, b, a->type);
}

static Expr *cond(Expr *c, Expr *a, Expr *b) {
  Expr *e = NEW(Expr);
  e->kind = EX_COND;
  e->a = c;
  e->b = a;
  e->c = b;
  e->type = a->type;
  e->loc = a->loc;
  return e;
}

Expr *tr_min(Expr *a, Expr *b) {
  if (a->kind == EX_INT && b->kind == EX_INT)
    return ir_int(a->ival < b->ival ? a->ival : b->ival, a->loc);
  return cond(ir_binary(OP_LT, a, b, &long_type), a, b);
}

Expr *tr_max(Expr *a, Expr *b) {
  if (a->kind == EX_INT && b->kind == EX_INT)
    return ir_int(a->ival > b->ival ? a->ival : b->ival, a->loc);
  return cond(ir_binary(OP_GT, a, b, &long_type), a, b);
}

bool tr_const(Expr *e, long long *v) {
  long long a, b;
  switch (e->kind) {
  case EX_INT:
    *v = e->ival;
    return true;
  case EX_CAST:
    return type_is_integer(e->type) && tr_const(e->a, v);
  case EX_UNARY:
    if (!tr_const(e->a, &a))
      return false;
    if (e->op == OP_NEG)
      *v = -a;
    else if (e->op == OP_PLUS)
      *v = a;
    else
      return false;
    return true;
  case EX_BINARY:
    return tr_const(e->a, &a) && tr_const(e->b, &b) && op_fold_arith(e->op, a, b, v);
  default:
    return false;
  }
}

/* A loop counting up: `i < ub` (or `<=`, made `< ub + 1`), constant step > 0. */
bool tr_const_span(Loop *l, long long *span) {
  long long lb, ub;
  if (l->rel != REL_LT || !tr_const(l->lb, &lb) || !tr_const(l->ub, &ub))
    return false;
  *span = ub - lb;
  return true;
}

bool tr_upward(Loop *l, long long *step) {
  if (l->step->kind != EX_INT || l->step->ival <= 0)
    return false;
  if (l->rel != REL_LT && l->rel != REL_LE)
    return false;
  *step = l->step->ival;
  return true;
}

Expr *tr_end(Loop *l) {
  return l->rel == REL_LE ? tr_add(tr_clone_expr(l->ub, NULL), ir_int(1, l->ub->loc))
                          : tr_clone_expr(l->ub, NULL);
}

Expr *tr_trip(Loop *l) {
  long long s = l->step->ival;
  Expr *span = tr_sub(tr_end(l), tr_clone_expr(l->lb, NULL));
  Expr *n = tr_div(tr_add(span, ir_int(s - 1, l->loc)), ir_int(s, l->loc));
  Expr *t = tr_max(n, ir_int(0, l->loc));
  t->trip_max = t->kind == EX_COND; /* see tidy.c: a display may drop it */
  return t;
}

Loop *tr_loop(Loop *model, Expr *lb, Expr *end, long long step, Stmt *body) {
  Loop *l = NEW(Loop);
  *l = *model;
  l->lb = lb;
  l->ub = end;
  l->rel = REL_LT;
  l->step = ir_int(step, model->loc);
  l->body = body;
  l->vec = 0; /* a loop made from a lane loop is no lane loop: vector.c marks its own */
  l->vec_base = l->vec_lb = l->vec_end = NULL;
  return l;
}

Loop *tr_tile_loop(Symtab *names, Loop *l, Expr *lb, Expr *end, Expr *span) {
  Loop *t = tr_loop(l, lb, end, 1, NULL);
  Var *v = NEW(Var);
  *v = *l->var;
  char *want = xformat("%s%s", l->var->name, l->var->name);
  v->name = tr_fresh_name(names, want);
  xfree(want);
  t->var = v;
  t->declared = true;
  t->step = span;
  return t;
}

Stmt *tr_for(Loop *l) {
  Stmt *s = NEW(Stmt);
  s->kind = ST_FOR;
  s->loc = l->loc;
  s->loop = l;
  s->body = l->body;
  return s;
}

Stmt *tr_block(Vec *items) {
  Stmt *s = NEW(Stmt);
  s->kind = ST_BLOCK;
  s->items = (Stmt **)items->items;
  s->nitems = items->len;
  return s;
}

Stmt *tr_as_block(Stmt *s) {
  if (s->kind == ST_BLOCK)
    return s;
  Vec one = {0};
  vec_push(&one, s);
  return tr_block(&one);
}

/* --- pieces --------------------------------------------------------------- */

int tr_chain(Stmt *piece, Loop **out, int max) {
  int n = 0;
  Stmt *s = piece;
  while (s && n < max) {
    if (s->kind == ST_BLOCK && s->nitems == 1)
      s = s->items[0];
    if (s->kind != ST_FOR || !s->loop)
      break;
    out[n++] = s->loop;
    s = s->loop->body;
  }
  return n;
}

/* Rebuilds the chain's links after a loop's body changed. */
void tr_relink(Loop **loops, int n) {
  for (int i = n - 2; i >= 0; i--) /* innermost first: tr_for copies the body */
    loops[i]->body = tr_for(loops[i + 1]);
}

/* --- pieces outside a box ------------------------------------------------ */

/* The complement of the box [lb_j, split_j) over loops 0..k-1, as nests in
 * program order: R_j runs loops before j over [lb, split), loop j over
 * [split_j, end), and the loops after j over their whole range, with the
 * original body.  Empty pieces cost a skipped launch. */
void tr_remainders(Loop **loops, int k, Expr **split, Vec *out) {
  Loop **nl = xcalloc((size_t)k, sizeof(Loop *)); /* k loops, however many */
  for (int j = 0; j < k; j++) {
    for (int m = 0; m < k; m++) {
      Loop *l = loops[m];
      long long s = l->step->ival;
      if (m < j)
        nl[m] = tr_loop(l, tr_clone_expr(l->lb, NULL), tr_clone_expr(split[m], NULL), s, NULL);
      else if (m == j)
        nl[m] = tr_loop(l, tr_clone_expr(split[m], NULL), tr_end(l), s, NULL);
      else
        nl[m] = tr_loop(l, tr_clone_expr(l->lb, NULL), tr_end(l), s, NULL);
    }
    nl[k - 1]->body = tr_clone_stmt(loops[k - 1]->body, NULL);
    tr_relink(nl, k);
    vec_push(out, tr_for(nl[0]));
  }
  xfree(nl);
}

/* --- scalars that carry values between statements -------------------------- */

static bool has_var(Vec *v, const Var *x) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

typedef struct {
  Vec *out;
} Targets;

static void note_target(Expr *e, void *d) {
  Targets *t = d;
  bool assigns = (e->kind == EX_BINARY && op_is_assign(e->op)) ||
                 (e->kind == EX_UNARY && (e->op == OP_PREINC || e->op == OP_PREDEC ||
                                          e->op == OP_POSTINC || e->op == OP_POSTDEC));
  Expr *x = assigns ? e->a : NULL;
  if (x && x->kind == EX_VAR && !has_var(t->out, x->var))
    vec_push(t->out, x->var);
}

void tr_written_scalars(Stmt *s, Vec *out) {
  Targets t = {out};
  ir_walk_stmt(s, note_target, &t);
}

typedef struct {
  const Var *v;
  bool used;
} VarUse;

static void note_var(Expr *e, void *d) {
  VarUse *u = d;
  u->used |= e->kind == EX_VAR && e->var == u->v;
}

static bool expr_uses(Expr *e, const Var *v) {
  if (!e)
    return false;
  VarUse u = {v, false};
  ir_walk_expr(e, note_var, &u);
  return u.used;
}

bool tr_reads_value(Stmt *s, const Var *v) {
  if (!s)
    return false;
  if (s->loop && s->loop->var == v)
    return false; /* the loop sets it before any use inside */
  if (expr_uses(s->e, v) || expr_uses(s->init, v) || expr_uses(s->inc, v))
    return true;
  if (s->loop &&
      (expr_uses(s->loop->lb, v) || expr_uses(s->loop->ub, v) || expr_uses(s->loop->step, v)))
    return true;
  if (tr_reads_value(s->init_s, v) || tr_reads_value(s->then, v) || tr_reads_value(s->els, v) ||
      tr_reads_value(s->loop ? s->loop->body : s->body, v))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (tr_reads_value(s->items[i], v))
      return true;
  return false;
}
