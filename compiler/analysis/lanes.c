/* lanes.c — whether the body of `vector`'s lane loop can run as OpenCL
 * vectors, one lane per iteration, and which of its values differ between
 * lanes.  The printer (emit/lanes.c) trusts the answer: every value that
 * varies is of the one element type of the vectors, every access that
 * varies follows the lane index in its last subscript alone (x + c), and
 * the body is straight-line code, so that running a statement for all
 * lanes before the next keeps each lane's order.  A scalar from outside
 * the loop may be accumulated into by one `+=` or `-=` that nothing else
 * in the body names (Himeno's gosa): the lanes add to it one after the
 * other, in the loop's order, so the sum is the sequential one. */
#include "analysis.h"

#include <stdarg.h>

bool lanes_offset(Expr *sub, const Var *x, long long *c) {
  long long k;
  switch (sub->kind) {
  case EX_VAR:
    *c = 0;
    return sub->var == x;
  case EX_CAST:
    return type_is_integer(sub->type) && lanes_offset(sub->a, x, c);
  case EX_BINARY:
    if (sub->op == OP_ADD && sub->b->kind == EX_INT && lanes_offset(sub->a, x, &k)) {
      *c = k + sub->b->ival;
      return true;
    }
    if (sub->op == OP_ADD && sub->a->kind == EX_INT && lanes_offset(sub->b, x, &k)) {
      *c = k + sub->a->ival;
      return true;
    }
    if (sub->op == OP_SUB && sub->b->kind == EX_INT && lanes_offset(sub->a, x, &k)) {
      *c = k - sub->b->ival;
      return true;
    }
    return false;
  default:
    return false;
  }
}

bool lanes_local_varies(const Lanes *ln, const Var *v) { return vec_contains(&ln->varying, v); }

bool lanes_sum(const Lanes *ln, const Var *v) { return vec_contains(&ln->sums, v); }

typedef struct Walk {
  Lanes *ln;
  SrcLoc at;
  char *why; /* the first reason, NULL while the body passes */
  bool changed;
} Walk;

static bool refuse(Walk *w, SrcLoc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool refuse(Walk *w, SrcLoc at, const char *fmt, ...) {
  if (!w->why) {
    va_list ap;
    va_start(ap, fmt);
    w->why = xvformat(fmt, ap);
    va_end(ap);
    w->at = at;
  }
  return false;
}

typedef struct LaneUse {
  const Lanes *ln;
  bool used;
} LaneUse;

static void lane_use(Expr *e, void *d) {
  LaneUse *u = d;
  if (e->kind == EX_VAR && (e->var == u->ln->x || lanes_local_varies(u->ln, e->var)))
    u->used = true;
}

bool lanes_varies(const Lanes *ln, Expr *e) {
  LaneUse u = {ln, false};
  ir_walk_expr(e, lane_use, &u);
  return u.used;
}

static bool uses_lane(Walk *w, Expr *e) { return lanes_varies(w->ln, e); }

static bool elem_type(Walk *w, Expr *e) {
  if (e->type && e->type->kind == w->ln->elem)
    return true;
  return refuse(w, e->loc, "a value that differs between lanes is of type '%s', not '%s'",
                e->type ? e->type->spelling : "?", w->ln->elem == TY_FLOAT ? "float" : "double");
}

/* An array element: whether it varies (its last subscript is x + c, no other
 * subscript varies); false with a reason for any other use of the lanes. */
static bool access_varies(Walk *w, Expr *e, bool *varies) {
  Expr *base = e;
  while (base->kind == EX_INDEX)
    base = base->a;
  *varies = false;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a) {
    if (!uses_lane(w, x->b))
      continue;
    long long c;
    if (x != e || !lanes_offset(x->b, w->ln->x, &c))
      return refuse(w, x->b->loc,
                    "the subscript '%s' must be '%s' plus or minus a constant in the last "
                    "dimension, and the other subscripts must not depend on it",
                    print_expr_text(x->b), w->ln->x->name);
    *varies = true;
  }
  if (!*varies)
    return true;
  if (!ir_path_root(base) || base->type == NULL ||
      (base->type->kind != TY_PTR && base->type->kind != TY_ARRAY))
    return refuse(w, e->loc, "'%s' is not an array the kernel holds", print_expr_text(base));
  Type *t = type_elem(base->type);
  if (!w->ln->elem) {
    if (t->kind != TY_FLOAT && t->kind != TY_DOUBLE)
      return refuse(w, e->loc, "'%s' holds '%s': vectors hold float or double",
                    print_expr_text(base), t->spelling);
    w->ln->elem = t->kind;
  }
  return elem_type(w, e);
}

/* An rvalue: whether it varies; false with a reason where the lanes cannot
 * run as one vector. */
static bool value(Walk *w, Expr *e, bool *varies) {
  bool a = false, b = false;
  *varies = false;
  switch (e->kind) {
  case EX_INT:
  case EX_FLOAT:
    return true;
  case EX_VAR:
    if (e->var == w->ln->x)
      return refuse(w, e->loc, "'%s' is used as a value, not only as a subscript", e->var->name);
    *varies = lanes_local_varies(w->ln, e->var);
    return !*varies || elem_type(w, e);
  case EX_INDEX:
    if (!access_varies(w, e, varies))
      return false;
    if (*varies)
      return true;
    for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
      if (!value(w, x->b, &a))
        return false;
    return true;
  case EX_MEMBER:
    if (uses_lane(w, e))
      return refuse(w, e->loc, "a member of a value that differs between lanes");
    return true;
  case EX_UNARY:
    if (!value(w, e->a, &a))
      return false;
    if (a && e->op != OP_NEG && e->op != OP_PLUS)
      return refuse(w, e->loc, "the operator '%s' on a value that differs between lanes",
                    op_spelling(e->op));
    *varies = a;
    return !a || elem_type(w, e);
  case EX_BINARY:
    if (op_is_assign(e->op) || e->op == OP_COMMA)
      return refuse(w, e->loc, "an assignment inside an expression");
    if (!value(w, e->a, &a) || !value(w, e->b, &b))
      return false;
    if ((a || b) && e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL && e->op != OP_DIV)
      return refuse(w, e->loc, "the operator '%s' on a value that differs between lanes",
                    op_spelling(e->op));
    *varies = a || b;
    return !*varies || elem_type(w, e);
  case EX_COND:
    if (uses_lane(w, e))
      return refuse(w, e->loc, "a conditional expression on values that differ between lanes");
    return true;
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++) {
      if (!value(w, e->args[i], &a))
        return false;
      *varies |= a;
    }
    if (*varies && (e->callee || !print_cl_builtin(e->text)))
      return refuse(w, e->loc,
                    "'%s' is called with values that differ between lanes: only "
                    "the math built-ins take vectors",
                    e->text);
    for (int i = 0; *varies && i < e->nargs; i++)
      if (!elem_type(w, e->args[i]))
        return false;
    return !*varies || elem_type(w, e);
  case EX_CAST:
    if (!value(w, e->a, &a))
      return false;
    *varies = a;
    return !a || elem_type(w, e);
  default:
    if (uses_lane(w, e))
      return refuse(w, e->loc, "an expression the lanes cannot share");
    return true;
  }
}

static bool stmt(Walk *w, Stmt *s, Vec *decls) {
  bool v = false;
  switch (s->kind) {
  case ST_EMPTY:
    return true;
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++)
      if (!stmt(w, s->items[i], decls))
        return false;
    return true;
  case ST_DECL:
    vec_push(decls, s->var);
    if (s->var->type->kind == TY_ARRAY || s->var->type->kind == TY_STRUCT)
      return refuse(w, s->loc, "the local '%s' is an array or a struct", s->var->name);
    if (s->init && !value(w, s->init, &v))
      return false;
    if (v && !lanes_local_varies(w->ln, s->var)) {
      vec_push(&w->ln->varying, s->var);
      w->changed = true;
    }
    return !v || s->var->type->kind == w->ln->elem ||
           refuse(w, s->loc,
                  "'%s' holds values that differ between lanes and is not of type "
                  "'%s'",
                  s->var->name, w->ln->elem == TY_FLOAT ? "float" : "double");
  case ST_EXPR: {
    Expr *e = s->e;
    if (s->visit) /* --explain=html's record of the indices: printed nowhere */
      return true;
    if (e->kind != EX_BINARY || !op_is_assign(e->op))
      return refuse(w, s->loc, "a statement that is not an assignment");
    if (e->op != OP_ASSIGN && e->op != OP_ADD_ASSIGN && e->op != OP_SUB_ASSIGN &&
        e->op != OP_MUL_ASSIGN && e->op != OP_DIV_ASSIGN)
      return refuse(w, s->loc, "the assignment '%s'", op_spelling(e->op));
    if (!value(w, e->b, &v))
      return false;
    if (e->a->kind == EX_VAR && !vec_contains(decls, e->a->var)) {
      Var *r = e->a->var;
      if ((e->op != OP_ADD_ASSIGN && e->op != OP_SUB_ASSIGN) || !type_is_arith(r->type))
        return refuse(w, s->loc,
                      "'%s' is assigned, and it is declared outside the loop (only a sum, "
                      "'%s += ...', may be)",
                      r->name, r->name);
      if (lanes_sum(w->ln, r))
        return refuse(w, s->loc, "'%s' is accumulated into by more than one statement", r->name);
      vec_push(&w->ln->sums, r);
      return true;
    }
    if (e->a->kind == EX_VAR) {
      bool old = lanes_local_varies(w->ln, e->a->var);
      if (v && !old) {
        vec_push(&w->ln->varying, e->a->var);
        w->changed = true;
      }
      return !(v || old) || elem_type(w, e->a);
    }
    bool store = false;
    if (e->a->kind != EX_INDEX || !access_varies(w, e->a, &store))
      return w->why ? false : refuse(w, s->loc, "an assignment to '%s'", print_expr_text(e->a));
    if (!store)
      return refuse(w, s->loc, "every lane would assign '%s'", print_expr_text(e->a));
    for (Expr *x = e->a->a; x->kind == EX_INDEX; x = x->a)
      if (!value(w, x->b, &v))
        return false;
    return true;
  }
  default:
    return refuse(w, s->loc, "a statement other than a declaration or an assignment");
  }
}

typedef struct SumUse {
  const Var *v;
  int uses;
  SrcLoc at;
} SumUse;

static void sum_use(Expr *e, void *d) {
  SumUse *u = d;
  if (e->kind == EX_VAR && e->var == u->v && u->uses++)
    u->at = e->loc;
}

bool lanes_check(Lanes *ln, Stmt *body, SrcLoc *at, char **why) {
  Walk w = {ln, body->loc, NULL, true};
  ln->varying = (Vec){0};
  ln->elem = TY_VOID;
  /* a local assigned a varying value anywhere varies everywhere */
  while (w.changed && !w.why) {
    w.changed = false;
    ln->sums = (Vec){0};
    Vec decls = {0};
    stmt(&w, body, &decls);
  }
  /* a sum's partial values are another order's once the lanes run
   * statement by statement: nothing but its own `+=` may see them */
  for (int i = 0; i < ln->sums.len && !w.why; i++) {
    SumUse u = {ln->sums.items[i], 0, body->loc};
    ir_walk_stmt(body, sum_use, &u);
    if (u.uses > 1)
      refuse(&w, u.at, "'%s' is read in the loop, and the loop accumulates into it", u.v->name);
  }
  if (!w.why && !ln->elem)
    refuse(&w, body->loc, "no array access follows '%s'", ln->x->name);
  *at = w.at;
  *why = w.why;
  return !w.why;
}
