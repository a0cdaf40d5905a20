/* frontend_literals.c — the leaves of a kernel's expressions: clang's
 * operator kinds as the IR's Op, and constants, spelled as the user wrote
 * them (a float's digits, a macro's name where the macro is a literal).
 * Receives cursors; hands on Ops and EX_INT/EX_FLOAT nodes to
 * frontend_conv.c. */
#include "frontend_clang.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

Op conv_binop(enum CXBinaryOperatorKind k) {
  switch (k) {
  case CXBinaryOperator_Mul:
    return OP_MUL;
  case CXBinaryOperator_Div:
    return OP_DIV;
  case CXBinaryOperator_Rem:
    return OP_MOD;
  case CXBinaryOperator_Add:
    return OP_ADD;
  case CXBinaryOperator_Sub:
    return OP_SUB;
  case CXBinaryOperator_Shl:
    return OP_SHL;
  case CXBinaryOperator_Shr:
    return OP_SHR;
  case CXBinaryOperator_LT:
    return OP_LT;
  case CXBinaryOperator_GT:
    return OP_GT;
  case CXBinaryOperator_LE:
    return OP_LE;
  case CXBinaryOperator_GE:
    return OP_GE;
  case CXBinaryOperator_EQ:
    return OP_EQ;
  case CXBinaryOperator_NE:
    return OP_NE;
  case CXBinaryOperator_And:
    return OP_AND;
  case CXBinaryOperator_Xor:
    return OP_XOR;
  case CXBinaryOperator_Or:
    return OP_OR;
  case CXBinaryOperator_LAnd:
    return OP_LAND;
  case CXBinaryOperator_LOr:
    return OP_LOR;
  case CXBinaryOperator_Assign:
    return OP_ASSIGN;
  case CXBinaryOperator_MulAssign:
    return OP_MUL_ASSIGN;
  case CXBinaryOperator_DivAssign:
    return OP_DIV_ASSIGN;
  case CXBinaryOperator_RemAssign:
    return OP_MOD_ASSIGN;
  case CXBinaryOperator_AddAssign:
    return OP_ADD_ASSIGN;
  case CXBinaryOperator_SubAssign:
    return OP_SUB_ASSIGN;
  case CXBinaryOperator_ShlAssign:
    return OP_SHL_ASSIGN;
  case CXBinaryOperator_ShrAssign:
    return OP_SHR_ASSIGN;
  case CXBinaryOperator_AndAssign:
    return OP_AND_ASSIGN;
  case CXBinaryOperator_XorAssign:
    return OP_XOR_ASSIGN;
  case CXBinaryOperator_OrAssign:
    return OP_OR_ASSIGN;
  case CXBinaryOperator_Comma:
    return OP_COMMA;
  default:
    return OP_NONE;
  }
}

Op conv_unop(enum CXUnaryOperatorKind k) {
  switch (k) {
  case CXUnaryOperator_PostInc:
    return OP_POSTINC;
  case CXUnaryOperator_PostDec:
    return OP_POSTDEC;
  case CXUnaryOperator_PreInc:
    return OP_PREINC;
  case CXUnaryOperator_PreDec:
    return OP_PREDEC;
  case CXUnaryOperator_AddrOf:
    return OP_ADDR;
  case CXUnaryOperator_Deref:
    return OP_DEREF;
  case CXUnaryOperator_Plus:
    return OP_PLUS;
  case CXUnaryOperator_Minus:
    return OP_NEG;
  case CXUnaryOperator_Not:
    return OP_BITNOT;
  case CXUnaryOperator_LNot:
    return OP_NOT;
  default:
    return OP_NONE;
  }
}

/* The source spelling of a floating literal when it is written in the main
 * file (not produced by a macro), so kernels read like the input. */
static char *float_spelling(Ctx *cx, CXCursor c, double value) {
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= b || e > cx->src->len || e - b > 60)
    return NULL;
  char *s = xstrndup(cx->src->text + b, e - b);
  char *end;
  double v = strtod(s, &end);
  /* 0.001f holds the float nearest 0.001, which is not the double 0.001 */
  if (*end == 'f' || *end == 'F')
    v = (float)v;
  if (v != value || !(*end == '\0' || ((*end == 'f' || *end == 'F') && !end[1]))) {
    xfree(s);
    return NULL;
  }
  if (*end == 'F')
    *end = 'f';
  return s;
}

/* Whether the macro expanded at `at`, a -D macro, is `name` and its whole
 * value one number.  Its text is in no file: the replacement list comes
 * from the preprocessing record (frontend_macros.c).  `-DN=(1<<4)` once
 * printed each of its literals as N: `N << N`. */
static bool cmdline_literal(Ctx *cx, unsigned at, const char *name, size_t n) {
  for (int i = 0; i < cx->src->macro_uses.len; i++) {
    MacroUse *u = cx->src->macro_uses.items[i];
    if (u->offset != at || !u->values.len)
      continue;
    MacroDef *d = ((MacroValue *)u->values.items[0])->def;
    return !d->function_like && strlen(d->name) == n && !strncmp(d->name, name, n) && d->value &&
           isdigit((unsigned char)d->value[0]) && !strchr(d->value, ' ');
  }
  return false;
}

/* Whether the literal c is the whole body of the object-like macro `name`
 * (`#define N 64`), by the text where it is spelled, so that --explain and
 * --emit=seq print it as the source does.  In `#define N2 (N / 2)` both 64
 * and 2 expand at the name N2: spelling each as N2 printed `N2 / N2`, 1
 * instead of 32. */
static bool macro_is_literal(Ctx *cx, CXCursor c, const char *name, size_t n) {
  CXFile f;
  unsigned off;
  clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
  if (!f)
    return cmdline_literal(cx, frontend_begin(c), name, n);
  size_t len = 0;
  const char *buf = clang_getFileContents(cx->src->clang->tu, f, &len);
  if (!buf || off >= len)
    return false;
  size_t ls = off;
  while (ls > 0 && buf[ls - 1] != '\n')
    ls--;
  const char *p = buf + ls;
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p++ != '#')
    return false;
  while (*p == ' ' || *p == '\t')
    p++;
  if (strncmp(p, "define", 6) != 0 || (p[6] != ' ' && p[6] != '\t'))
    return false;
  p += 6;
  while (*p == ' ' || *p == '\t')
    p++;
  if (strncmp(p, name, n) != 0 || isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '(')
    return false;
  p += n;
  while (*p == ' ' || *p == '\t')
    p++;
  if (p != buf + off)
    return false;
  const char *q = buf + off; /* the literal, then nothing but blanks or a comment */
  while (q < buf + len && (isalnum((unsigned char)*q) || *q == '.' || *q == '_'))
    q++;
  const char *end = buf + len;
  for (;;) { /* a comment in `#define N 64 ... + 1` may hide tokens after it: N is 65 */
    while (q < end && (*q == ' ' || *q == '\t'))
      q++;
    if (end - q < 2 || q[0] != '/' || q[1] != '*')
      break;
    const char *close = q + 2;
    while (end - close >= 2 && !(close[0] == '*' && close[1] == '/'))
      close++;
    if (end - close < 2)
      return false;
    q = close + 2;
  }
  return q == end || *q == '\n' || *q == '\r' || (end - q >= 2 && q[0] == '/' && q[1] == '/');
}

static char *macro_spelling(Ctx *cx, CXCursor c) {
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= b || e > cx->src->len || e - b > 63)
    return NULL;
  const char *t = cx->src->text + b;
  if (!(isalpha((unsigned char)t[0]) || t[0] == '_'))
    return NULL;
  for (unsigned i = 0; i < e - b; i++)
    if (!(isalnum((unsigned char)t[i]) || t[i] == '_'))
      return NULL;
  if (!macro_is_literal(cx, c, t, e - b))
    return NULL;
  return xstrndup(t, e - b);
}

Expr *conv_literal(Ctx *cx, CXCursor c, enum CXCursorKind k) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  Expr *e;
  if (!r)
    return conv_bad_expr(c, "this constant");
  if (clang_EvalResult_getKind(r) == CXEval_Float) {
    e = conv_new_expr(EX_FLOAT, c);
    e->fval = clang_EvalResult_getAsDouble(r);
    if (k == CXCursor_FloatingLiteral)
      e->text = float_spelling(cx, c, e->fval);
  } else if (clang_EvalResult_getKind(r) == CXEval_Int) {
    e = conv_new_expr(EX_INT, c);
    e->ival = clang_EvalResult_isUnsignedInt(r) ? (long long)clang_EvalResult_getAsUnsigned(r)
                                                : clang_EvalResult_getAsLongLong(r);
    if (e->type->kind < TY_INT) /* char literals and sizeof results */
      e->type->kind = TY_INT;
    if (k == CXCursor_IntegerLiteral)
      e->text = macro_spelling(cx, c);
  } else {
    clang_EvalResult_dispose(r);
    return conv_bad_expr(c, "this constant");
  }
  clang_EvalResult_dispose(r);
  return e;
}
