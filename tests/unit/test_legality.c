/* test_legality.c — a legality question answers with a value and prints
 * nothing; only legality_report turns a refusal into diagnostics.  The nest
 * is built as IR by hand (for (i = 1; i < n; i++) a[i] = a[i - 1] + a[i]),
 * so the test reaches legality.c without the front end. */
#include "analysis.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void check(bool ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "FAIL: %s\n", what);
    failures++;
  }
}

static Type int_t = {TY_INT, NULL, 0, "int", "int", NULL};
static Type float_t = {TY_FLOAT, NULL, 0, "float", "float", NULL};
static Type ptr_t = {TY_PTR, &float_t, 0, "float *", "float *", NULL};

static Var *var(const char *name, Type *t, unsigned id) {
  Var *v = NEW(Var);
  v->name = xstrdup(name);
  v->type = t;
  v->id = id;
  v->is_param = true;
  return v;
}

static Expr *elem(Var *a, Expr *sub) {
  Expr *e = NEW(Expr);
  e->kind = EX_INDEX;
  e->a = ir_var(a, (SrcLoc){3, 5, 0});
  e->b = sub;
  e->type = &float_t;
  e->loc = (SrcLoc){3, 5, 0};
  return e;
}

/* for (i = 1; i < n; i++) a[i] = a[i - 1] + a[i]; `shift`: the read is
 * a[i - shift], so 0 makes the iterations independent. */
static Loop *nest(Var *i, Var *n, Var *a, int shift) {
  SrcLoc at = {2, 1, 0};
  Expr *read = elem(a, ir_binary(OP_SUB, ir_var(i, at), ir_int(shift, at), &int_t));
  Expr *rhs = ir_binary(OP_ADD, read, elem(a, ir_var(i, at)), &float_t);
  Stmt *body = NEW(Stmt);
  body->kind = ST_EXPR;
  body->e = ir_binary(OP_ASSIGN, elem(a, ir_var(i, at)), rhs, &float_t);
  body->loc = (SrcLoc){3, 1, 0};
  Loop *l = NEW(Loop);
  l->var = i;
  l->declared = true;
  l->lb = ir_int(1, at);
  l->ub = ir_var(n, at);
  l->rel = REL_LT;
  l->step = ir_int(1, at);
  l->loc = at;
  l->body = body;
  return l;
}

int main(void) {
  diag_init("legality.c", NULL, 0);
  Symtab names = {0};
  Var *i = var("i", &int_t, 1), *n = var("n", &int_t, 2), *a = var("a", &ptr_t, 3);
  vec_push(&names.vars, n);
  vec_push(&names.vars, a);
  SrcLoc at = {1, 9, 0};

  Loop *carried = nest(i, n, a, 1);
  Legality l = legality_reorder(&names, &carried, 1, carried->body, REORDER_NONE_CARRIED, NULL,
                                false, at, "broken", "unproven");
  check(!l.ok, "a[i] = a[i - 1] + a[i]: the loop carries a dependence");
  check(l.reason && !strcmp(l.reason, "broken"), "the reason is the proven violation's text");
  check(l.loc.line == 1 && l.loc.col == 9, "the refusal is at the annotation");
  check(l.notes.len >= 1, "the refusal gives the concrete pair as a note");
  check(diag_errors() == 0, "asking prints no diagnostic");
  check(!legality_report(l), "reporting a refusal says it refuses");
  check(diag_errors() == 1, "reporting a refusal makes one error");

  Loop *free = nest(i, n, a, 0);
  l = legality_reorder(&names, &free, 1, free->body, REORDER_NONE_CARRIED, NULL, false, at,
                       "broken", "unproven");
  check(l.ok && !l.reason, "a[i] = a[i] + a[i]: no dependence between iterations");
  check(legality_report(l) && diag_errors() == 1, "reporting an acceptance prints nothing");

  if (failures)
    return 1;
  printf("test_legality: ok\n");
  return 0;
}
