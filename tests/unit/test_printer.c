/* test_printer.c — the IR printer: C precedence decides the parentheses,
 * literals keep their types, math calls become OpenCL built-ins, and loops
 * print back in their canonical form. */
#include "nucc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static Type t_int = {TY_INT, NULL, 0, "int", "int", NULL};
static Type t_float = {TY_FLOAT, NULL, 0, "float", "float", NULL};
static Type t_double = {TY_DOUBLE, NULL, 0, "double", "double", NULL};
static Type t_ulong = {TY_ULONG, NULL, 0, "unsigned long", "unsigned long", NULL};

static Var vi = {.name = "i", .type = &t_int, .id = 1};
static Var vn = {.name = "n", .type = &t_int, .id = 2};
static Var vx = {.name = "x", .type = &t_float, .id = 3};

static Expr *var(Var *v) { return ir_var(v, (SrcLoc){1, 1, 0}); }
static Expr *num(long long v) { return ir_int(v, (SrcLoc){1, 1, 0}); }
static Expr *bin(Op op, Expr *a, Expr *b) { return ir_binary(op, a, b, NULL); }

static Expr *un(Op op, Expr *a) {
  Expr *e = NEW(Expr);
  e->kind = EX_UNARY;
  e->op = op;
  e->a = a;
  e->type = a->type;
  return e;
}

static Expr *call(const char *name, Expr *arg) {
  Expr *e = NEW(Expr);
  e->kind = EX_CALL;
  e->text = xstrdup(name);
  e->nargs = 1;
  e->args = xcalloc(1, sizeof(Expr *));
  e->args[0] = arg;
  e->type = arg->type;
  return e;
}

static void expect(Expr *e, bool opencl, const char *want, int line) {
  Printer p = {.opencl = opencl};
  Buf b = {0};
  print_expr(&p, e, &b);
  if (strcmp(b.s, want)) {
    fprintf(stderr, "%s:%d: printed '%s', expected '%s'\n", __FILE__, line, b.s, want);
    failures++;
  }
  xfree(b.s);
}
#define EXPECT(e, cl, want) expect(e, cl, want, __LINE__)

static void test_precedence(void) {
  /* (i + 1) * n  keeps its parentheses; i + 1 * n needs none */
  EXPECT(bin(OP_MUL, bin(OP_ADD, var(&vi), num(1)), var(&vn)), false, "(i + 1) * n");
  EXPECT(bin(OP_ADD, var(&vi), bin(OP_MUL, num(1), var(&vn))), false, "i + 1 * n");
  /* left-associative: i - (n - 1) must keep its parentheses, (i - n) - 1 not */
  EXPECT(bin(OP_SUB, var(&vi), bin(OP_SUB, var(&vn), num(1))), false, "i - (n - 1)");
  EXPECT(bin(OP_SUB, bin(OP_SUB, var(&vi), var(&vn)), num(1)), false, "i - n - 1");
  /* assignments are right-associative */
  EXPECT(bin(OP_ASSIGN, var(&vi), bin(OP_ASSIGN, var(&vn), num(0))), false, "i = n = 0");
  EXPECT(un(OP_NEG, un(OP_NEG, var(&vi))), false, "- -i");
  EXPECT(un(OP_POSTINC, var(&vi)), false, "i++");
  Expr *c = NEW(Expr);
  c->kind = EX_COND;
  c->a = bin(OP_LT, var(&vi), var(&vn));
  c->b = var(&vi);
  c->c = var(&vn);
  c->type = &t_int;
  EXPECT(bin(OP_ADD, c, num(1)), false, "(i < n ? i : n) + 1");
}

static void test_literals(void) {
  Expr *f = NEW(Expr);
  f->kind = EX_FLOAT;
  f->fval = 0.5;
  f->type = &t_float;
  EXPECT(f, true, "0.5f");
  Expr *d = NEW(Expr);
  d->kind = EX_FLOAT;
  d->fval = 2;
  d->type = &t_double;
  EXPECT(d, true, "2.0");
  d->text = xstrdup("2.");
  EXPECT(d, true, "2.");
  Expr *u = num(7);
  u->type = &t_ulong;
  EXPECT(u, false, "7UL");
}

static void test_builtins(void) {
  EXPECT(call("sqrtf", var(&vx)), true, "sqrt(x)");
  EXPECT(call("fabsf", var(&vx)), true, "fabs(x)");
  EXPECT(call("expf", var(&vx)), true, "exp(x)");
  EXPECT(call("sqrtf", var(&vx)), false, "sqrtf(x)");
  if (print_cl_builtin("printf") || !print_cl_builtin("fminf")) {
    fprintf(stderr, "%s:%d: builtin table wrong\n", __FILE__, __LINE__);
    failures++;
  }
  Expr *cast = NEW(Expr);
  cast->kind = EX_CAST;
  cast->type = &t_ulong;
  cast->a = bin(OP_ADD, var(&vi), num(1));
  EXPECT(cast, true, "(ulong)(i + 1)");
  EXPECT(cast, false, "(unsigned long long)(i + 1)");
}

static void test_loop(void) {
  Loop l = {0};
  l.var = &vi;
  l.declared = true;
  l.lb = bin(OP_SUB, var(&vn), num(1));
  l.ub = num(0);
  l.rel = REL_GE;
  l.step = num(-1);
  Stmt body = {0};
  body.kind = ST_EXPR;
  body.e = bin(OP_ADD_ASSIGN, var(&vx), num(1));
  Stmt s = {0};
  s.kind = ST_FOR;
  s.loop = &l;
  s.body = &body;
  l.body = &body;
  Printer p = {0};
  Buf b = {0};
  print_stmt(&p, &s, 0, &b);
  const char *want = "for (int i = n - 1; i >= 0; i--)\n  x += 1;\n";
  if (strcmp(b.s, want)) {
    fprintf(stderr, "%s:%d: printed\n%s\nexpected\n%s\n", __FILE__, __LINE__, b.s, want);
    failures++;
  }
}

int main(void) {
  test_precedence();
  test_literals();
  test_builtins();
  test_loop();
  util_free_all();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("test_printer: all checks passed\n");
  return 0;
}
