/* reduction.c — recognises the updates that make a scalar a reduction.
 * Receives one assignment (or `if`) of the kernel body that writes a scalar
 * declared outside the nest; says whether it only combines a value into
 * that scalar — v += e, v = v * e, v = fmin(v, e), v = v < e ? v : e,
 * if (e > v) v = e, v++ — and with which operator.  Pure pattern matching
 * on the IR; freevars.c decides what the matches mean for the kernel.
 * For an element reduction x[i], also a small test that another access
 * x[j] of the array never reaches x[i] (j < i from j's loop bounds). */
#include "analysis.h"

#include <string.h>

const char *red_op_name(RedOp op) {
  static const char *names[] = {"sum",         "product",     "min",
                                "max",         "bitwise and", "bitwise or",
                                "bitwise xor", "logical and", "logical or"};
  return names[op];
}

typedef struct {
  Expr *path;
  bool found;
} Contains;

static void contains_visit(Expr *e, void *d) {
  Contains *c = d;
  if (ir_expr_equal(e, c->path))
    c->found = true;
}

bool reduction_uses(Expr *e, Expr *path) {
  Contains c = {path, false};
  ir_walk_expr(e, contains_visit, &c);
  return c.found;
}

/* `x OP y` with one side the path and the other free of it. */
static bool one_side(Expr *e, Expr *path, Expr **other) {
  if (ir_expr_equal(e->a, path) && !reduction_uses(e->b, path)) {
    *other = e->b;
    return true;
  }
  if (ir_expr_equal(e->b, path) && !reduction_uses(e->a, path)) {
    *other = e->a;
    return true;
  }
  return false;
}

static bool is_less(Op op) { return op == OP_LT || op == OP_LE; }
static bool is_greater(Op op) { return op == OP_GT || op == OP_GE; }

/* c ? b : d choosing between the path and e by a comparison of the two. */
static bool min_max_cond(Expr *r, Expr *path, RedOp *op, Expr **operand) {
  Expr *cmp = r->a;
  if (cmp->kind != EX_BINARY || !(is_less(cmp->op) || is_greater(cmp->op)))
    return false;
  Expr *other;
  if (!one_side(cmp, path, &other))
    return false;
  bool b_path = ir_expr_equal(r->b, path), c_path = ir_expr_equal(r->c, path);
  if (b_path == c_path)
    return false;
  Expr *chosen_other = b_path ? r->c : r->b;
  if (!ir_expr_equal(chosen_other, other))
    return false;
  /* cmp is "x < y": when true, the smaller x is chosen iff b is x */
  bool smaller_first = is_less(cmp->op);
  bool b_is_x = ir_expr_equal(r->b, cmp->a);
  *op = (smaller_first == b_is_x) ? RED_MIN : RED_MAX;
  *operand = other;
  return true;
}

static bool min_max_call(Expr *r, Expr *path, RedOp *op, Expr **operand) {
  const char *n = r->text;
  bool min = !strcmp(n, "fmin") || !strcmp(n, "fminf") || !strcmp(n, "min");
  bool max = !strcmp(n, "fmax") || !strcmp(n, "fmaxf") || !strcmp(n, "max");
  if ((!min && !max) || r->nargs != 2 || r->callee)
    return false;
  Expr two = {.kind = EX_BINARY, .op = OP_COMMA, .a = r->args[0], .b = r->args[1]};
  if (!one_side(&two, path, operand))
    return false;
  *op = min ? RED_MIN : RED_MAX;
  return true;
}

bool reduction_match_update(Expr *e, Expr *path, RedOp *op, Expr **operand) {
  *operand = NULL;
  if (e->kind == EX_UNARY) {
    *op = RED_SUM; /* v++, --v */
    return e->op == OP_PREINC || e->op == OP_POSTINC || e->op == OP_PREDEC || e->op == OP_POSTDEC;
  }
  if (e->kind != EX_BINARY)
    return false;
  switch (e->op) {
  case OP_ADD_ASSIGN:
  case OP_SUB_ASSIGN:
    *op = RED_SUM;
    break;
  case OP_MUL_ASSIGN:
    *op = RED_PROD;
    break;
  case OP_AND_ASSIGN:
    *op = RED_AND;
    break;
  case OP_OR_ASSIGN:
    *op = RED_OR;
    break;
  case OP_XOR_ASSIGN:
    *op = RED_XOR;
    break;
  case OP_ASSIGN: {
    Expr *r = e->b;
    if (r->kind == EX_COND)
      return min_max_cond(r, path, op, operand);
    if (r->kind == EX_CALL)
      return min_max_call(r, path, op, operand);
    if (r->kind != EX_BINARY)
      return false;
    switch (r->op) {
    case OP_ADD:
      *op = RED_SUM;
      break;
    case OP_MUL:
      *op = RED_PROD;
      break;
    case OP_AND:
      *op = RED_AND;
      break;
    case OP_OR:
      *op = RED_OR;
      break;
    case OP_XOR:
      *op = RED_XOR;
      break;
    case OP_LAND:
      *op = RED_LAND;
      break;
    case OP_LOR:
      *op = RED_LOR;
      break;
    case OP_SUB: /* v = v - e, not v = e - v */
      if (!ir_expr_equal(r->a, path) || reduction_uses(r->b, path))
        return false;
      *op = RED_SUM;
      *operand = r->b;
      return true;
    default:
      return false;
    }
    return one_side(r, path, operand);
  }
  default:
    return false;
  }
  if (reduction_uses(e->b, path))
    return false;
  *operand = e->b;
  return true;
}

bool reduction_match_if(Stmt *s, Expr **path, RedOp *op, Expr **operand) {
  if (s->kind != ST_IF || s->els)
    return false;
  Stmt *t = s->then;
  if (t->kind == ST_BLOCK && t->nitems == 1)
    t = t->items[0];
  if (t->kind != ST_EXPR || t->e->kind != EX_BINARY || t->e->op != OP_ASSIGN)
    return false;
  Expr *p = t->e->a, *value = t->e->b, *cmp = s->e;
  if (cmp->kind != EX_BINARY || !(is_less(cmp->op) || is_greater(cmp->op)))
    return false;
  Expr *other;
  if (!one_side(cmp, p, &other) || !ir_expr_equal(other, value))
    return false;
  /* if (e > v) v = e: the new value wins when it is larger */
  bool value_larger = is_greater(cmp->op) == ir_expr_equal(cmp->a, value);
  *op = value_larger ? RED_MAX : RED_MIN;
  *path = p;
  *operand = value;
  return true;
}
