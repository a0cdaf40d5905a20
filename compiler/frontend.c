/* frontend.c — libclang cursors → the loop-nest IR.
 * Receives the input file; parses it with libclang, reads the `#pragma nu`
 * lines from libclang's tokens, attaches them to the `for` they stand above,
 * and translates each annotated nest (and every function a kernel calls) into
 * IR.  Constructs outside the kernel subset (SPEC §4) are errors at their
 * location. */
#include "analysis/analysis.h"
#include "frontend_clang.h"
#include "openmp.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Ctx {
  Source *src;
  Vec var_cursors;               /* CXCursor* parallel to src->names.vars */
  Vec globals;                   /* Var* of the file's global variables */
  Vec var_index[1024];           /* by clang_hashCursor(): indices into names.vars */
  unsigned nest_begin, nest_end; /* the nest being translated */
  Vec *annotated_fors;           /* offsets of annotated `for` keywords (as uintptr) */
  Func *in_func;                 /* a called function being translated */
} Ctx;

/* --- locations and children ------------------------------------------- */

SrcLoc frontend_loc(CXSourceLocation l, unsigned *offset) {
  unsigned line, col, off;
  clang_getExpansionLocation(l, NULL, &line, &col, &off);
  if (offset)
    *offset = off;
  return (SrcLoc){(int)line, (int)col};
}

static SrcLoc loc_of(CXCursor c) { return frontend_loc(clang_getCursorLocation(c), NULL); }

/* Where an expression starts (clang's cursor location of `a + b` is the
 * operator; diagnostics point at the start). */
static SrcLoc start_of(CXCursor c) {
  return frontend_loc(clang_getRangeStart(clang_getCursorExtent(c)), NULL);
}

unsigned frontend_begin(CXCursor c) {
  unsigned off;
  frontend_loc(clang_getRangeStart(clang_getCursorExtent(c)), &off);
  return off;
}

/* The offset past a macro's invocation that starts at `at` (its name, then
 * its parenthesised arguments), or `at` when the text there is not one. */
static unsigned past_invocation(const char *text, size_t len, unsigned at) {
  size_t p = at;
  while (p < len && (isalnum((unsigned char)text[p]) || text[p] == '_'))
    p++;
  while (p < len && (isspace((unsigned char)text[p]) || text[p] == '\\'))
    p++;
  if (p == at || p >= len || text[p] != '(')
    return at;
  int depth = 0;
  for (; p < len; p++) {
    char ch = text[p];
    if (ch == '"' || ch == '\'') { /* a literal's parentheses do not count */
      for (p++; p < len && text[p] != ch; p++)
        p += text[p] == '\\';
    } else if (ch == '/' && p + 1 < len && text[p + 1] == '*') {
      const char *e = strstr(text + p + 2, "*/");
      p = e ? (size_t)(e - text) + 1 : len;
    } else if (ch == '/' && p + 1 < len && text[p + 1] == '/') {
      while (p < len && text[p] != '\n')
        p++;
    } else if (ch == '(') {
      depth++;
    } else if (ch == ')' && --depth == 0) {
      return (unsigned)p + 1;
    }
  }
  return at;
}

/* A range whose last token is a macro's argument (`/ SCALAR_VAL(9.0)`, as
 * PolyBench writes its constants) ends, in clang's extent, where the
 * macro's name begins: a nest cut there loses the end of its statement
 * (issue 23, item 3).  Its end is past the invocation. */
unsigned frontend_end(CXCursor c) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXSourceLocation l = clang_getRangeEnd(r);
  CXFile ef, sf;
  unsigned off, spelled;
  clang_getExpansionLocation(l, &ef, NULL, NULL, &off);
  clang_getSpellingLocation(l, &sf, NULL, NULL, &spelled);
  if (!ef || !sf || !clang_File_isEqual(ef, sf) || spelled <= off)
    return off; /* not in a macro, or spelled in its definition */
  unsigned begin;
  clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &begin);
  if (begin >= off)
    return off; /* wholly inside one invocation: as clang gives it */
  size_t len;
  const char *text = clang_getFileContents(clang_Cursor_getTranslationUnit(c), ef, &len);
  return text ? past_invocation(text, len, off) : off;
}

bool frontend_in_main_file(Source *src, CXCursor c) {
  CXFile f;
  clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
  return f && clang_File_isEqual(f, src->clang->file);
}

/* Kinds with any number of children (declarations, function definitions,
 * casts) use last_kid() or clang_visitChildren() instead of
 * frontend_kids_of(). */
static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Kids *k = d;
  if (k->n < 8)
    k->c[k->n] = c;
  k->n++;
  return CXChildVisit_Continue;
}

Kids frontend_kids_of(CXCursor c) {
  Kids k = {.n = 0};
  clang_visitChildren(c, collect_kid, &k);
  return k;
}

typedef struct LastKid {
  enum CXCursorKind kind; /* CXCursor_FirstInvalid: any kind */
  CXCursor found;
} LastKid;

static enum CXChildVisitResult keep_last(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  LastKid *l = d;
  if (l->kind == CXCursor_FirstInvalid || clang_getCursorKind(c) == l->kind)
    l->found = c;
  return CXChildVisit_Continue;
}

/* The last child of c of the given kind (CXCursor_FirstInvalid: of any
 * kind), however many children c has; the null cursor if none. */
static CXCursor last_kid(CXCursor c, enum CXCursorKind kind) {
  LastKid l = {kind, clang_getNullCursor()};
  clang_visitChildren(c, keep_last, &l);
  return l.found;
}

static char *spelling(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

static char *kind_name(CXCursor c) {
  CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

/* --- types -------------------------------------------------------------- */

static Type *conv_type(CXType t) {
  Type *ty = NEW(Type);
  CXString sp = clang_getTypeSpelling(t);
  ty->spelling = xstrdup(clang_getCString(sp));
  clang_disposeString(sp);
  CXType c = clang_getCanonicalType(t);
  CXString cs = clang_getTypeSpelling(c);
  ty->canon = xstrdup(clang_getCString(cs));
  clang_disposeString(cs);
  switch (c.kind) {
  case CXType_Void:
    ty->kind = TY_VOID;
    break;
  case CXType_Bool:
    ty->kind = TY_BOOL;
    break;
  case CXType_Char_S:
  case CXType_SChar:
    ty->kind = TY_CHAR;
    break;
  case CXType_Char_U:
  case CXType_UChar:
    ty->kind = TY_UCHAR;
    break;
  case CXType_Short:
    ty->kind = TY_SHORT;
    break;
  case CXType_UShort:
    ty->kind = TY_USHORT;
    break;
  case CXType_Int:
  case CXType_Enum:
    ty->kind = TY_INT;
    break;
  case CXType_UInt:
    ty->kind = TY_UINT;
    break;
  case CXType_Long:
  case CXType_LongLong:
    ty->kind = TY_LONG;
    break;
  case CXType_ULong:
  case CXType_ULongLong:
    ty->kind = TY_ULONG;
    break;
  case CXType_Float:
    ty->kind = TY_FLOAT;
    break;
  case CXType_Double:
    ty->kind = TY_DOUBLE;
    break;
  case CXType_Pointer:
    ty->kind = TY_PTR;
    ty->base = conv_type(clang_getPointeeType(c));
    break;
  case CXType_ConstantArray:
    ty->kind = TY_ARRAY;
    ty->len = clang_getArraySize(c);
    ty->base = conv_type(clang_getArrayElementType(c));
    break;
  case CXType_VariableArray:
  case CXType_IncompleteArray:
    ty->kind = TY_ARRAY;
    ty->len = -1;
    ty->base = conv_type(clang_getArrayElementType(c));
    break;
  case CXType_Record:
    ty->kind = TY_STRUCT;
    break;
  default:
    ty->kind = TY_OTHER;
    break;
  }
  return ty;
}

/* A parameter declared as an array is a pointer to its element (C11
 * 6.7.6.3p7): `double C[60][70]` is `double (*)[70]`, `float y[static n]`
 * is `float *`.  Its extent comes from the subscripts or size(), never from
 * the outer length written in the declaration, and never from sizeof. */
static Type *adjust_param_type(Type *t) {
  if (t->kind != TY_ARRAY)
    return t;
  Type *p = NEW(Type);
  p->kind = TY_PTR;
  p->base = t->base;
  const char *bc = t->base->canon ? t->base->canon : "";
  const char *br = strchr(bc, '[');
  p->canon = br ? xformat("%.*s(*)%s", (int)(br - bc), bc, br) : xformat("%s *", bc);
  const char *bs = t->base->spelling ? t->base->spelling : bc;
  const char *bsr = strchr(bs, '[');
  p->spelling = bsr ? xformat("%.*s(*)%s", (int)(bsr - bs), bs, bsr) : xformat("%s *", bs);
  return p;
}

/* --- variables ---------------------------------------------------------- */

/* The Var of a declaration, made on first sight.  Hashed: a file with
 * hundreds of nests has thousands of variables. */
static Var *var_of(Ctx *cx, CXCursor decl) {
  Vec *bucket = &cx->var_index[clang_hashCursor(decl) % 1024];
  for (int i = 0; i < bucket->len; i++) {
    int at = (int)(uintptr_t)bucket->items[i];
    if (clang_equalCursors(*(CXCursor *)cx->var_cursors.items[at], decl))
      return cx->src->names.vars.items[at];
  }
  vec_push(bucket, (void *)(uintptr_t)cx->src->names.vars.len);
  Var *v = NEW(Var);
  v->name = spelling(decl);
  v->type = conv_type(clang_getCursorType(decl));
  v->loc = loc_of(decl);
  frontend_loc(clang_getCursorLocation(decl), &v->off);
  v->id = (unsigned)cx->src->names.vars.len + 1;
  CXCursor parent = clang_getCursorSemanticParent(decl);
  v->global = clang_getCursorKind(parent) == CXCursor_TranslationUnit;
  v->is_param = clang_getCursorKind(decl) == CXCursor_ParmDecl;
  if (v->is_param)
    v->type = adjust_param_type(v->type);
  v->reg = clang_Cursor_getStorageClass(decl) == CX_SC_Register;
  v->stat = clang_Cursor_getStorageClass(decl) == CX_SC_Static;
  CXCursor *copy = NEW(CXCursor);
  *copy = decl;
  vec_push(&cx->src->names.vars, v);
  vec_push(&cx->var_cursors, copy);
  return v;
}

/* --- expressions ---------------------------------------------------------- */

static Expr *conv_expr(Ctx *cx, CXCursor c);
static Stmt *conv_stmt(Ctx *cx, CXCursor c);
static Func *func_of(Ctx *cx, CXCursor def);

static Expr *new_expr(ExprKind k, CXCursor c) {
  Expr *e = NEW(Expr);
  e->kind = k;
  e->loc = start_of(c);
  e->type = conv_type(clang_getCursorType(c));
  return e;
}

static Expr *bad_expr(CXCursor c, const char *what) {
  diag_error(start_of(c), "%s cannot be used in a kernel", what);
  Expr *e = new_expr(EX_INT, c);
  return e;
}

static Op binop_of(enum CXBinaryOperatorKind k) {
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

static Op unop_of(enum CXUnaryOperatorKind k) {
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

static Expr *conv_literal(Ctx *cx, CXCursor c, enum CXCursorKind k) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  Expr *e;
  if (!r)
    return bad_expr(c, "this constant");
  if (clang_EvalResult_getKind(r) == CXEval_Float) {
    e = new_expr(EX_FLOAT, c);
    e->fval = clang_EvalResult_getAsDouble(r);
    if (k == CXCursor_FloatingLiteral)
      e->text = float_spelling(cx, c, e->fval);
  } else if (clang_EvalResult_getKind(r) == CXEval_Int) {
    e = new_expr(EX_INT, c);
    e->ival = clang_EvalResult_isUnsignedInt(r) ? (long long)clang_EvalResult_getAsUnsigned(r)
                                                : clang_EvalResult_getAsLongLong(r);
    if (e->type->kind < TY_INT) /* char literals and sizeof results */
      e->type->kind = TY_INT;
    if (k == CXCursor_IntegerLiteral)
      e->text = macro_spelling(cx, c);
  } else {
    clang_EvalResult_dispose(r);
    return bad_expr(c, "this constant");
  }
  clang_EvalResult_dispose(r);
  return e;
}

/* Implicit conversions are left implicit (OpenCL C converts the same way)
 * except where an argument's type differs from the parameter's: OpenCL's
 * built-ins are overloaded, so `sqrt(n)` with an int n must say `(double)n`. */
static Expr *conv_arg(Ctx *cx, CXCursor arg) {
  Expr *e = conv_expr(cx, arg);
  Type *want = conv_type(clang_getCursorType(arg));
  if (type_is_arith(want) && e->type && type_is_arith(e->type) && want->kind != e->type->kind) {
    Expr *cast = NEW(Expr);
    cast->kind = EX_CAST;
    cast->type = want;
    cast->a = e;
    cast->loc = e->loc;
    return cast;
  }
  return e;
}

static bool is_expr_cursor(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return clang_isExpression(k);
}

static Expr *conv_call(Ctx *cx, CXCursor c) {
  CXCursor fn = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl) {
    diag_error(start_of(c), "call through a function pointer cannot run in a kernel");
    return new_expr(EX_INT, c);
  }
  Expr *e = new_expr(EX_CALL, c);
  e->text = spelling(fn);
  CXCursor def = clang_getCursorDefinition(fn);
  if (!clang_Cursor_isNull(def) && frontend_in_main_file(cx->src, def)) {
    e->callee = func_of(cx, def);
  } else if (!print_cl_builtin(e->text)) {
    diag_error(start_of(c),
               "call to '%s' cannot run in a kernel: only math functions and functions "
               "defined in this file can be called",
               e->text);
    return e;
  }
  int n = clang_Cursor_getNumArguments(c);
  e->nargs = n < 0 ? 0 : n;
  e->args = xcalloc((size_t)e->nargs, sizeof(Expr *));
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = conv_arg(cx, clang_Cursor_getArgument(c, (unsigned)i));
  return e;
}

static enum CXChildVisitResult collect_elem(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  CXCursor *copy = NEW(CXCursor);
  *copy = c;
  vec_push(d, copy);
  return CXChildVisit_Continue;
}

static Expr *conv_expr(Ctx *cx, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  Kids kids = frontend_kids_of(c);
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_UnaryExpr: /* sizeof, alignof */
    return conv_literal(cx, c, k);
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    if (kids.n == 1 && is_expr_cursor(kids.c[0]))
      return conv_expr(cx, kids.c[0]);
    return bad_expr(c, "this expression");
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_EnumConstantDecl) {
      Expr *e = new_expr(EX_INT, c);
      e->ival = clang_getEnumConstantDeclValue(d);
      e->type->kind = TY_INT;
      return e;
    }
    if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl) {
      Expr *e = new_expr(EX_VAR, c);
      e->var = var_of(cx, d);
      if (e->var->is_param)
        e->type = e->var->type;
      return e;
    }
    return bad_expr(c, "a reference to a function");
  }
  case CXCursor_MemberRefExpr: {
    if (kids.n != 1)
      return bad_expr(c, "this member access");
    Expr *e = new_expr(EX_MEMBER, c);
    e->a = conv_expr(cx, kids.c[0]);
    e->text = spelling(c);
    e->arrow = e->a->type->kind == TY_PTR;
    return e;
  }
  case CXCursor_ArraySubscriptExpr: {
    Expr *e = new_expr(EX_INDEX, c);
    e->a = conv_expr(cx, kids.c[0]);
    e->b = conv_expr(cx, kids.c[1]);
    return e;
  }
  case CXCursor_CallExpr:
    return conv_call(cx, c);
  case CXCursor_CStyleCastExpr: {
    Expr *e = new_expr(EX_CAST, c);
    if (!type_is_arith(e->type))
      return bad_expr(c, "a cast to a non-arithmetic type");
    e->a = conv_expr(cx, last_kid(c, CXCursor_FirstInvalid));
    return e;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    Expr *e = new_expr(EX_BINARY, c);
    e->op = binop_of(clang_getCursorBinaryOperatorKind(c));
    if (e->op == OP_NONE || kids.n != 2)
      return bad_expr(c, "this operator");
    e->a = conv_expr(cx, kids.c[0]);
    e->b = conv_expr(cx, kids.c[1]);
    return e;
  }
  case CXCursor_UnaryOperator: {
    Expr *e = new_expr(EX_UNARY, c);
    e->op = unop_of(clang_getCursorUnaryOperatorKind(c));
    if (e->op == OP_NONE || kids.n != 1)
      return bad_expr(c, "this operator");
    e->a = conv_expr(cx, kids.c[0]);
    /* &a[i], &v: the address of an element or a scalar, for a helper's
     * pointer parameter (freevars.c allows a scalar only if it is local) */
    if (e->op == OP_ADDR && e->a->kind != EX_INDEX && e->a->kind != EX_VAR)
      return bad_expr(c, "taking an address ('&') of anything but an array element or a variable");
    return e;
  }
  case CXCursor_InitListExpr: {
    /* the list as written (libclang shows the syntactic form): OpenCL C
     * takes it as C does, elements left out included */
    Expr *e = new_expr(EX_INIT, c);
    Vec elems = {0}; /* Kids holds eight; a list may hold any number */
    clang_visitChildren(c, collect_elem, &elems);
    e->nargs = elems.len;
    e->args = xcalloc((size_t)elems.len + 1, sizeof(Expr *));
    for (int i = 0; i < elems.len; i++)
      e->args[i] = conv_expr(cx, *(CXCursor *)elems.items[i]);
    return e;
  }
  case CXCursor_ConditionalOperator: {
    Expr *e = new_expr(EX_COND, c);
    e->a = conv_expr(cx, kids.c[0]);
    e->b = conv_expr(cx, kids.c[1]);
    e->c = conv_expr(cx, kids.c[2]);
    return e;
  }
  default: {
    char *kn = kind_name(c);
    char *what = xformat("this expression (%s)", kn);
    Expr *e = bad_expr(c, what);
    xfree(kn);
    xfree(what);
    return e;
  }
  }
}

/* --- statements --------------------------------------------------------- */

static Stmt *new_stmt(StmtKind k, CXCursor c) {
  Stmt *s = NEW(Stmt);
  s->kind = k;
  s->loc = loc_of(c);
  return s;
}

static Stmt *conv_var_decl(Ctx *cx, CXCursor d) {
  Stmt *s = new_stmt(ST_DECL, d);
  s->var = var_of(cx, d);
  Type *t = s->var->type;
  if (clang_Cursor_getStorageClass(d) == CX_SC_Static)
    diag_error(loc_of(d), "static variable '%s' cannot be declared in a kernel", s->var->name);
  for (Type *a = t; a->kind == TY_ARRAY; a = a->base)
    if (a->len < 0)
      diag_error(loc_of(d), "variable-length array '%s' cannot be declared in a kernel",
                 s->var->name);
  if (!type_is_arith(type_elem(t)))
    diag_error(loc_of(d), "variable '%s' of type '%s' cannot be declared in a kernel", s->var->name,
               t->spelling);
  /* the initializer, not the array size expression that is a child too */
  CXCursor init = clang_Cursor_getVarDeclInitializer(d);
  if (!clang_Cursor_isNull(init)) {
    if (clang_getCursorKind(init) == CXCursor_InitListExpr && t->kind != TY_ARRAY)
      diag_error(loc_of(init), "initializer lists are supported in kernels only for arrays");
    else
      s->init = conv_expr(cx, init);
  }
  return s;
}

/* Appends the statements of `c` to a block; a declaration statement may
 * declare several variables. */
typedef struct DeclItems {
  Ctx *cx;
  Vec *items;
} DeclItems;

static enum CXChildVisitResult append_decl(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  DeclItems *di = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl)
    vec_push(di->items, conv_var_decl(di->cx, c));
  else
    diag_error(loc_of(c), "this declaration cannot appear in a kernel");
  return CXChildVisit_Continue;
}

static void append_stmt(Ctx *cx, CXCursor c, Vec *items) {
  if (clang_getCursorKind(c) == CXCursor_DeclStmt) {
    DeclItems di = {cx, items}; /* every declarator, however many */
    clang_visitChildren(c, append_decl, &di);
    return;
  }
  vec_push(items, conv_stmt(cx, c));
}

static Stmt *block_of(Vec *items, Stmt *s) {
  s->kind = ST_BLOCK;
  s->items = (Stmt **)items->items;
  s->nitems = items->len;
  return s;
}

typedef struct {
  Ctx *cx;
  Vec items;
} BlockVisit;

static enum CXChildVisitResult block_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  BlockVisit *bv = d;
  append_stmt(bv->cx, c, &bv->items);
  return CXChildVisit_Continue;
}

static bool is_annotated_for(Ctx *cx, CXCursor c);
typedef struct Attach Attach;
static Attach *attach_of(Source *src, CXCursor c);
static Vec *annots_of(Attach *a);
static Loop *canonical_loop(Ctx *cx, CXCursor c, SrcLoc *why_loc, char **why);
static bool loop_invariant(Loop *l, Stmt *body, SrcLoc *why_loc, char **why);

/* Where a for statement ends: a body that is an expression statement
 * leaves its `;` outside clang's extent. */
static unsigned for_end(Ctx *cx, CXCursor c) {
  unsigned end = frontend_end(c);
  if (end > 0 && cx->src->text[end - 1] != '}' && cx->src->text[end - 1] != ';') {
    unsigned e = end;
    while (e < cx->src->len && strchr(" \t\r\n", cx->src->text[e]))
      e++;
    if (e < cx->src->len && cx->src->text[e] == ';')
      end = e + 1;
  }
  return end;
}

static Stmt *conv_for(Ctx *cx, CXCursor c) {
  Stmt *s = new_stmt(ST_FOR, c);
  s->begin = frontend_begin(c);
  s->end = for_end(cx, c);
  Kids kids = frontend_kids_of(c);
  if (kids.n != 4) {
    diag_error(loc_of(c), "a 'for' loop without an init, a condition and an increment "
                          "cannot be used in a kernel");
    return s;
  }
  if (is_annotated_for(cx, c))
    s->annots = annots_of(attach_of(cx->src, c)); /* applied before the nest's own */
  SrcLoc why_loc;
  char *why = NULL;
  s->loop = canonical_loop(cx, c, &why_loc, &why);
  s->body = conv_stmt(cx, kids.c[3]);
  if (s->loop && !loop_invariant(s->loop, s->body, &why_loc, &why))
    s->loop = NULL;
  xfree(why);
  if (!s->loop) {
    Vec items = {0};
    append_stmt(cx, kids.c[0], &items);
    s->init_s = items.len == 1 ? items.items[0] : NULL;
    xfree(items.items);
    s->e = conv_expr(cx, kids.c[1]);
    s->inc = conv_expr(cx, kids.c[2]);
  }
  if (s->loop)
    s->loop->body = s->body;
  return s;
}

static Stmt *conv_stmt(Ctx *cx, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  Kids kids = frontend_kids_of(c);
  Stmt *s;
  switch (k) {
  case CXCursor_CompoundStmt: {
    BlockVisit bv = {cx, {0}};
    clang_visitChildren(c, block_kid, &bv);
    return block_of(&bv.items, new_stmt(ST_BLOCK, c));
  }
  case CXCursor_DeclStmt: {
    Vec items = {0};
    append_stmt(cx, c, &items);
    if (items.len == 1) {
      s = items.items[0];
      xfree(items.items);
      return s;
    }
    return block_of(&items, new_stmt(ST_BLOCK, c));
  }
  case CXCursor_ForStmt:
    return conv_for(cx, c);
  case CXCursor_IfStmt:
    s = new_stmt(ST_IF, c);
    s->e = conv_expr(cx, kids.c[0]);
    s->then = conv_stmt(cx, kids.c[1]);
    if (kids.n > 2)
      s->els = conv_stmt(cx, kids.c[2]);
    return s;
  case CXCursor_WhileStmt:
    s = new_stmt(ST_WHILE, c);
    s->e = conv_expr(cx, kids.c[0]);
    s->body = conv_stmt(cx, kids.c[1]);
    return s;
  case CXCursor_DoStmt:
    s = new_stmt(ST_DO, c);
    s->body = conv_stmt(cx, kids.c[0]);
    s->e = conv_expr(cx, kids.c[1]);
    return s;
  case CXCursor_BreakStmt:
    return new_stmt(ST_BREAK, c);
  case CXCursor_ContinueStmt:
    return new_stmt(ST_CONTINUE, c);
  case CXCursor_NullStmt:
    return new_stmt(ST_EMPTY, c);
  case CXCursor_ReturnStmt:
    if (!cx->in_func) {
      diag_error(loc_of(c), "'return' cannot be used inside a 'work' nest");
      return new_stmt(ST_EMPTY, c);
    }
    s = new_stmt(ST_RETURN, c);
    s->e = kids.n ? conv_expr(cx, kids.c[0]) : NULL;
    return s;
  case CXCursor_GotoStmt:
  case CXCursor_LabelStmt:
  case CXCursor_IndirectGotoStmt:
    diag_error(loc_of(c), "'goto' and labels cannot be used in a kernel");
    return new_stmt(ST_EMPTY, c);
  case CXCursor_SwitchStmt:
    diag_error(loc_of(c), "'switch' is not supported in kernels yet; use if/else");
    return new_stmt(ST_EMPTY, c);
  default:
    if (is_expr_cursor(c)) {
      s = new_stmt(ST_EXPR, c);
      s->e = conv_expr(cx, c);
      return s;
    }
    {
      char *kn = kind_name(c);
      diag_error(loc_of(c), "this statement (%s) cannot be used in a kernel", kn);
      xfree(kn);
    }
    return new_stmt(ST_EMPTY, c);
  }
}

/* --- canonical loops ---------------------------------------------------- */

static CXCursor strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
      return c;
    Kids kids = frontend_kids_of(c);
    if (kids.n != 1)
      return c;
    c = kids.c[0];
  }
}

static bool refers_to(CXCursor e, CXCursor var) {
  e = strip(e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
         clang_equalCursors(clang_getCursorReferenced(e), var);
}

typedef struct {
  Ctx *cx;
  Vec written; /* Var* assigned in a loop body */
} WriteScan;

static void scan_writes(Expr *e, void *d) {
  WriteScan *w = d;
  if ((e->kind == EX_BINARY && op_is_assign(e->op)) ||
      (e->kind == EX_UNARY && op_is_assign(e->op))) {
    Expr *t = e->a;
    if (t->kind == EX_VAR)
      vec_push(&w->written, t->var);
  }
}

static bool uses_any(Expr *e, Vec *vars) {
  for (int i = 0; i < vars->len; i++)
    if (ir_expr_uses_var(e, vars->items[i]))
      return true;
  return false;
}

/* for (T i = lb; i REL ub; STEP) with lb, ub, step invariant — or NULL with
 * the reason and where it applies. */
static Loop *canonical_loop(Ctx *cx, CXCursor c, SrcLoc *why_loc, char **why) {
  Kids kids = frontend_kids_of(c);
  *why_loc = loc_of(c);
  if (kids.n != 4) {
    *why = xstrdup("the loop needs an init, a condition and an increment");
    return NULL;
  }
  CXCursor init = kids.c[0], cond = strip(kids.c[1]), inc = strip(kids.c[2]);
  Loop *l = NEW(Loop);
  l->loc = loc_of(c);
  l->cond_loc = start_of(cond);
  l->inc_loc = start_of(inc);
  CXCursor var;
  /* init */
  if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
    Kids d = frontend_kids_of(init);
    if (d.n != 1 || clang_getCursorKind(d.c[0]) != CXCursor_VarDecl) {
      *why_loc = start_of(init);
      *why = xstrdup("the init must declare one index variable");
      return NULL;
    }
    var = d.c[0];
    CXCursor vinit = clang_Cursor_getVarDeclInitializer(var);
    if (clang_Cursor_isNull(vinit)) {
      *why_loc = start_of(init);
      *why = xstrdup("the index variable needs an initial value");
      return NULL;
    }
    l->declared = true;
    l->lb = conv_expr(cx, vinit);
  } else {
    CXCursor a = strip(init);
    Kids ak = frontend_kids_of(a);
    if (clang_getCursorKind(a) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(a) != CXBinaryOperator_Assign ||
        clang_getCursorKind(strip(ak.c[0])) != CXCursor_DeclRefExpr) {
      *why_loc = start_of(init);
      *why = xstrdup("the init must be 'T i = a' or 'i = a'");
      return NULL;
    }
    var = clang_getCursorReferenced(strip(ak.c[0]));
    l->lb = conv_expr(cx, ak.c[1]);
  }
  l->var = var_of(cx, var);
  if (!type_is_integer(l->var->type)) {
    *why_loc = start_of(init);
    *why = xformat("the index '%s' must have an integer type", l->var->name);
    return NULL;
  }
  /* condition */
  Kids ck = frontend_kids_of(cond);
  bool flipped = false;
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || ck.n != 2) {
    *why_loc = start_of(cond);
    *why = xformat("the condition must compare '%s' with a bound", l->var->name);
    return NULL;
  }
  CXCursor bound;
  if (refers_to(ck.c[0], var)) {
    bound = ck.c[1];
  } else if (refers_to(ck.c[1], var)) {
    bound = ck.c[0];
    flipped = true;
  } else {
    *why_loc = start_of(cond);
    *why = xformat("the condition must compare '%s' with a bound", l->var->name);
    return NULL;
  }
  switch (clang_getCursorBinaryOperatorKind(cond)) {
  case CXBinaryOperator_LT:
    l->rel = flipped ? REL_GT : REL_LT;
    break;
  case CXBinaryOperator_LE:
    l->rel = flipped ? REL_GE : REL_LE;
    break;
  case CXBinaryOperator_GT:
    l->rel = flipped ? REL_LT : REL_GT;
    break;
  case CXBinaryOperator_GE:
    l->rel = flipped ? REL_LE : REL_GE;
    break;
  case CXBinaryOperator_NE:
    l->rel = REL_NE;
    break;
  default:
    *why_loc = start_of(cond);
    *why = xstrdup("the condition must use one of < <= > >= !=");
    return NULL;
  }
  l->ub = conv_expr(cx, bound);
  /* increment */
  enum CXCursorKind ik = clang_getCursorKind(inc);
  Kids ik2 = frontend_kids_of(inc);
  Expr *step = NULL;
  if (ik == CXCursor_UnaryOperator && refers_to(ik2.c[0], var)) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
    if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc)
      step = ir_int(1, l->inc_loc);
    else if (u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreDec)
      step = ir_int(-1, l->inc_loc);
  } else if (ik == CXCursor_CompoundAssignOperator && refers_to(ik2.c[0], var)) {
    enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(inc);
    Expr *amount = conv_expr(cx, ik2.c[1]);
    if (bk == CXBinaryOperator_AddAssign) {
      step = amount;
    } else if (bk == CXBinaryOperator_SubAssign) {
      step = NEW(Expr);
      step->kind = EX_UNARY;
      step->op = OP_NEG;
      step->a = amount;
      step->type = amount->type;
      step->loc = amount->loc;
    }
  } else if (ik == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_Assign &&
             refers_to(ik2.c[0], var)) {
    CXCursor rhs = strip(ik2.c[1]);
    Kids rk = frontend_kids_of(rhs);
    if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && rk.n == 2) {
      enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(rhs);
      if (bk == CXBinaryOperator_Add && refers_to(rk.c[0], var))
        step = conv_expr(cx, rk.c[1]);
      else if (bk == CXBinaryOperator_Add && refers_to(rk.c[1], var))
        step = conv_expr(cx, rk.c[0]);
      else if (bk == CXBinaryOperator_Sub && refers_to(rk.c[0], var)) {
        Expr *amount = conv_expr(cx, rk.c[1]);
        step = NEW(Expr);
        step->kind = EX_UNARY;
        step->op = OP_NEG;
        step->a = amount;
        step->type = amount->type;
        step->loc = amount->loc;
      }
    }
  }
  if (!step) {
    *why_loc = start_of(inc);
    *why =
        xformat("the increment must be %s++, %s--, %s += c, %s -= c or %s = %s + c", l->var->name,
                l->var->name, l->var->name, l->var->name, l->var->name, l->var->name);
    return NULL;
  }
  l->step = step;
  if (l->rel == REL_NE && !(step->kind == EX_INT && (step->ival == 1 || step->ival == -1))) {
    *why_loc = l->cond_loc;
    *why = xstrdup("'!=' conditions need a step of 1 or -1");
    return NULL;
  }
  return l;
}

/* The body must not assign the index or the variables of the bound and step;
 * `body` is the innermost body of the nest below `l`. */
static bool loop_invariant(Loop *l, Stmt *body, SrcLoc *why_loc, char **why) {
  WriteScan ws = {NULL, {0}};
  ir_walk_stmt(body, scan_writes, &ws);
  bool ok = true;
  for (int i = 0; i < ws.written.len && ok; i++)
    if (ws.written.items[i] == l->var) {
      *why_loc = l->inc_loc;
      *why = xformat("the body assigns the index '%s'", l->var->name);
      ok = false;
    }
  if (ok && (uses_any(l->ub, &ws.written) || uses_any(l->step, &ws.written))) {
    *why_loc = l->cond_loc;
    *why = xstrdup("the bound or the step changes inside the loop");
    ok = false;
  }
  xfree(ws.written.items);
  return ok;
}

/* --- functions called from kernels -------------------------------------- */

static Func *func_of(Ctx *cx, CXCursor def) {
  char *name = spelling(def);
  for (int i = 0; i < cx->src->funcs.len; i++) {
    Func *f = cx->src->funcs.items[i];
    if (!strcmp(f->name, name)) {
      xfree(name);
      if (!f->converted) {
        f->converted = true;
        Func *saved = cx->in_func;
        cx->in_func = f;
        int n = clang_Cursor_getNumArguments(def);
        f->nparams = n < 0 ? 0 : n;
        f->params = xcalloc((size_t)f->nparams, sizeof(Var *));
        for (int j = 0; j < f->nparams; j++) {
          CXCursor p = clang_Cursor_getArgument(def, (unsigned)j);
          f->params[j] = var_of(cx, p);
          /* pointers to scalars too: a kernel hands them the address of an
           * element of a buffer or of a local (freevars.c) */
          Type *pt = f->params[j]->type;
          if (!type_is_arith(pt) && !(pt->kind == TY_PTR && type_is_arith(pt->base)))
            diag_error(loc_of(p),
                       "function '%s' called from a kernel takes '%s': only scalar "
                       "parameters and pointers to scalars are supported",
                       f->name, f->params[j]->type->spelling);
        }
        f->ret = conv_type(clang_getResultType(clang_getCursorType(def)));
        if (f->ret->kind != TY_VOID && !type_is_arith(f->ret))
          diag_error(loc_of(def), "function '%s' called from a kernel must return a scalar",
                     f->name);
        CXCursor body = last_kid(def, CXCursor_CompoundStmt); /* past every parameter */
        if (!clang_Cursor_isNull(body))
          f->body = conv_stmt(cx, body);
        cx->in_func = saved;
      }
      return f;
    }
  }
  xfree(name);
  diag_error(loc_of(def), "internal error: unknown function");
  return NULL;
}

/* --- pragmas -------------------------------------------------------------- */

/* Pragmas are taken as the preprocessor leaves them: a `#pragma nu` in a
 * region #if/#ifdef skipped is not there, and the directives themselves
 * (#ifdef OPEN, #endif) may stand between a pragma and its `for`. */
static void find_skipped(Source *src) {
  CXSourceRangeList *l = clang_getSkippedRanges(src->clang->tu, src->clang->file);
  Skipped *sk = &src->clang->skipped;
  *sk = (Skipped){0};
  if (!l)
    return;
  sk->begin = xcalloc((size_t)l->count + 1, sizeof(unsigned));
  sk->end = xcalloc((size_t)l->count + 1, sizeof(unsigned));
  for (unsigned i = 0; i < l->count; i++) {
    frontend_loc(clang_getRangeStart(l->ranges[i]), &sk->begin[i]);
    frontend_loc(clang_getRangeEnd(l->ranges[i]), &sk->end[i]);
  }
  sk->n = l->count;
  clang_disposeSourceRangeList(l);
}

static bool in_skipped(Source *src, unsigned off) {
  Skipped *sk = &src->clang->skipped;
  for (unsigned i = 0; i < sk->n; i++)
    if (off >= sk->begin[i] && off < sk->end[i])
      return true;
  return false;
}

/* Whether the byte at `off` is on a preprocessor directive's line (one that
 * starts with `#`, or continues one with a backslash). */
static bool on_directive(Source *src, unsigned off) {
  for (int lines = 0; lines < 1000; lines++) {
    unsigned b = off;
    while (b > 0 && src->text[b - 1] != '\n')
      b--;
    unsigned p = b;
    while (p < src->len && (src->text[p] == ' ' || src->text[p] == '\t'))
      p++;
    if (p < src->len && src->text[p] == '#')
      return true;
    /* a continuation line: the previous one ends with a backslash */
    if (b < 2 || src->text[b - 2] != '\\')
      return false;
    off = b - 2;
  }
  return false;
}

/* A token the compiler does not see as code: a directive or skipped text. */
static bool pp_token(Source *src, unsigned off) {
  return in_skipped(src, off) || on_directive(src, off);
}

/* The statement under a `#pragma omp parallel` whose tokens start at t: a
 * block from its brace to the matching one; any other statement its first
 * token (a loop with `omp for` right under the directive), since only a
 * block can declare what the region's threads keep. */
static void parallel_region(Source *src, CXToken *toks, unsigned n, unsigned t, Directive *d) {
  unsigned off = 0;
  for (; t < n; t++) {
    frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
    if (off >= d->end && clang_getTokenKind(toks[t]) != CXToken_Comment && !pp_token(src, off))
      break;
  }
  if (t >= n)
    return;
  d->region_begin = off;
  d->region_end = off + 1;
  if (src->text[off] != '{')
    return;
  int depth = 0;
  for (; t < n; t++) {
    if (clang_getTokenKind(toks[t]) != CXToken_Punctuation)
      continue;
    CXString sp = clang_getTokenSpelling(src->clang->tu, toks[t]);
    const char *c = clang_getCString(sp);
    depth += !strcmp(c, "{") - !strcmp(c, "}");
    clang_disposeString(sp);
    if (depth <= 0) {
      unsigned at;
      frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &at);
      d->region_end = at + 1;
      return;
    }
  }
}

/* Whether text, after blanks, starts with the word w. */
static bool starts_word(const char *text, const char *w) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t n = strlen(w);
  return !strncmp(text, w, n) && !(isalnum((unsigned char)text[n]) || text[n] == '_');
}

/* --openmp: a `#pragma omp` line.  A loop directive becomes a pragma line
 * with the annotations it stands for (openmp.c), a `parallel` region a line the
 * output drops, and constructs that have no GPU meaning are kept to be
 * checked against the nests once they are known (frontend_check_omp). */
static void read_omp_text(Source *src, CXToken *toks, unsigned n, unsigned i, char *rest, SrcLoc l0,
                          SrcLoc at, unsigned off0, unsigned b, unsigned end) {
  char *annots, *why;
  OmpKind k = omp_parse(rest, &annots, &why);
  /* a loop directive with a clause nucc refuses is still a loop's: grouped
   * with its `for`, its error given once the loop is known (omp_loops) */
  if (k == OMP_LOOP || k == OMP_ERROR) {
    PragmaLine *p = NEW(PragmaLine);
    p->line = l0.line;
    p->loc = l0;
    p->begin = b;
    p->end = end;
    p->omp = true;
    const char *w = rest;
    while (*w == ' ' || *w == '\t')
      w++;
    p->omp_for = strncmp(w, "parallel", 8) != 0;
    /* the annotations' text is nucc's: every location is the directive's */
    if (k == OMP_LOOP)
      pragma_parse(annots, at, &p->annots);
    else {
      p->refused = why;
      p->refused_at = at;
    }
    for (int j = 0; j < p->annots.len; j++) {
      Annot *a = p->annots.items[j];
      a->loc = at;
      for (int m = 0; m < a->nargs; m++)
        a->args[m].loc = a->args[m].key_loc = at;
    }
    vec_push(&src->pragmas, p);
  } else {
    if (k == OMP_REGION && starts_word(rest, "parallel")) {
      /* the arrays its threads keep: per-thread arrays (region_around) */
      Directive *r = NEW(Directive);
      r->name = "omp parallel";
      r->begin = b;
      r->end = end;
      parallel_region(src, toks, n, i + 3, r);
      vec_push(&src->omp_regions, r);
    }
    OmpInside *o = NEW(OmpInside);
    o->loc = at;
    o->offset = off0;
    o->begin = b;
    o->end = end;
    o->kind = (int)k;
    char *name = omp_name(rest);
    o->what = xformat("'#pragma omp %s'", name);
    xfree(name);
    o->why = why;
    o->list = k == OMP_THREADPRIVATE ? annots : NULL;
    /* atomic on a scalar's update is a reduction: `v op= e`, `v++`; on an
     * element (a[i] += e, a->n++) it needs atomics nucc does not make */
    if (k == OMP_ATOMIC) {
      unsigned t = i + 3;
      for (; t < n; t++) {
        unsigned off;
        frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
        if (off >= end)
          break;
      }
      if (t + 1 < n && clang_getTokenKind(toks[t]) == CXToken_Identifier) {
        CXString s = clang_getTokenSpelling(src->clang->tu, toks[t + 1]);
        const char *nx = clang_getCString(s);
        o->scalar = strcmp(nx, "[") != 0 && strcmp(nx, ".") != 0 && strcmp(nx, "->") != 0;
        clang_disposeString(s);
      }
    }
    vec_push(&src->omp_inside, o);
  }
  xfree(rest);
}

static void read_omp(Source *src, CXToken *toks, unsigned n, unsigned i, SrcLoc l0, unsigned off0,
                     SrcLoc l2, unsigned off2) {
  unsigned b = off0;
  while (b > 0 && src->text[b - 1] != '\n')
    b--;
  unsigned e = off2;
  while (e < src->len && (src->text[e] != '\n' || (e > 0 && src->text[e - 1] == '\\')))
    e++;
  char *rest = xstrndup(src->text + off2 + 3, e - off2 - 3);
  for (char *c = rest; *c; c++) /* continued lines */
    if (*c == '\\' || *c == '\n')
      *c = ' ';
  read_omp_text(src, toks, n, i, rest, l0, (SrcLoc){l2.line, l2.col + 4}, off0, b,
                e < src->len ? e + 1 : e);
}

/* Records the line of any `#pragma` (spelled so, first on its line):
 * hostsync.c puts code above the pragma lines that stand over a statement,
 * whatever their namespace (`omp`, `GCC`), never between them and it. */
static void note_pragma_start(Source *src, CXToken hash, CXToken pragma) {
  unsigned off0, off1;
  frontend_loc(clang_getTokenLocation(src->clang->tu, hash), &off0);
  frontend_loc(clang_getTokenLocation(src->clang->tu, pragma), &off1);
  if (off1 != off0 + 1)
    return;
  unsigned b = off0;
  while (b > 0 && (src->text[b - 1] == ' ' || src->text[b - 1] == '\t'))
    b--;
  if (b > 0 && src->text[b - 1] != '\n')
    return;
  vec_push(&src->pragma_starts, (void *)(uintptr_t)b);
}

static bool names_word(const char *text, unsigned b, unsigned e, const char *w) {
  size_t n = strlen(w);
  for (unsigned i = b; i + n <= e; i++)
    if (!strncmp(text + i, w, n) &&
        (i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_')) &&
        !(isalnum((unsigned char)text[i + n]) || text[i + n] == '_'))
      return true;
  return false;
}

/* --- _Pragma ------------------------------------------------------------- */

/* `_Pragma("omp parallel for")`, the C99 operator a macro usually produces,
 * is a pragma like a `#pragma` line: written in the file, or from a macro
 * (defined here or in a header) that the file expands, through other
 * macros and `#PARAM` too.  Clang drops a pragma it does not know, so
 * nucc reads the operator's text itself. */

static char *token_text(Source *src, CXToken t) {
  CXString s = clang_getTokenSpelling(src->clang->tu, t);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

static bool token_is(Source *src, CXToken t, const char *w) {
  CXString s = clang_getTokenSpelling(src->clang->tu, t);
  bool r = !strcmp(clang_getCString(s), w);
  clang_disposeString(s);
  return r;
}

/* The text of a string literal "..." without its quotes and escapes of `"`
 * and `\`, as _Pragma destringizes it; NULL for another token. */
static char *destringize(const char *lit) {
  size_t n = strlen(lit);
  if (n < 2 || lit[0] != '"' || lit[n - 1] != '"')
    return NULL;
  char *r = xstrndup(lit + 1, n - 2), *w = r;
  for (const char *p = r; *p; p++) {
    if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
      p++;
    *w++ = *p;
  }
  *w = 0;
  return r;
}

/* A pragma's span in the output: from its first byte, or its line's start
 * when only blanks stand before; to its last, or past the newline when only
 * blanks follow, so that one alone on its line goes whole. */
static void pragma_span(Source *src, unsigned first, unsigned last, unsigned *b, unsigned *e) {
  unsigned p = first;
  while (p > 0 && (src->text[p - 1] == ' ' || src->text[p - 1] == '\t'))
    p--;
  *b = p == 0 || src->text[p - 1] == '\n' ? p : first;
  p = last;
  while (p < src->len && (src->text[p] == ' ' || src->text[p] == '\t'))
    p++;
  *e = p >= src->len ? p : src->text[p] == '\n' ? p + 1 : last;
}

/* A pragma found anywhere, by the text after `pragma` ("nu work(64)", "omp
 * parallel for"), at `loc` (offset off) and spanning [b, e): read as its
 * namespace says.  Its columns are not the file's, so every annotation's
 * location is the pragma's. */
static void take_pragma(Source *src, CXToken *toks, unsigned n, unsigned i, const char *text,
                        SrcLoc loc, unsigned off, unsigned b, unsigned e) {
  /* alone on its line, it stands over a statement as a `#pragma` line does
   * (hostsync.c puts code above it) */
  if ((b == 0 || src->text[b - 1] == '\n') && e > b && src->text[e - 1] == '\n')
    vec_push(&src->pragma_starts, (void *)(uintptr_t)b);
  while (*text == ' ' || *text == '\t')
    text++;
  bool nu = !strncmp(text, "nu", 2) && !isalnum((unsigned char)text[2]) && text[2] != '_';
  bool omp =
      src->openmp && !strncmp(text, "omp", 3) && !isalnum((unsigned char)text[3]) && text[3] != '_';
  if (omp) {
    read_omp_text(src, toks, n, i, xstrdup(text + 3), loc, loc, off, b, e);
    return;
  }
  if (!nu)
    return;
  PragmaLine *p = NEW(PragmaLine);
  p->line = loc.line;
  p->loc = loc;
  p->begin = b;
  p->end = e;
  pragma_parse(text + 2, loc, &p->annots);
  for (int j = 0; j < p->annots.len; j++) {
    Annot *a = p->annots.items[j];
    a->loc = loc;
    for (int m = 0; m < a->nargs; m++)
      a->args[m].loc = a->args[m].key_loc = loc;
  }
  vec_push(&src->pragmas, p);
}

/* `_Pragma ( "text" )` written in the file, at toks[i]. */
static void pragma_operator(Source *src, CXToken *toks, unsigned n, unsigned i) {
  unsigned off, end;
  SrcLoc loc = frontend_loc(clang_getTokenLocation(src->clang->tu, toks[i]), &off);
  if (pp_token(src, off)) /* in a #define (read where it is expanded) or skipped */
    return;
  char *text = NULL;
  if (i + 3 < n && token_is(src, toks[i + 1], "(") && token_is(src, toks[i + 3], ")")) {
    char *lit = token_text(src, toks[i + 2]);
    text = destringize(lit);
    xfree(lit);
  }
  if (!text) {
    diag_warning("nucc-pragma-operator", loc,
                 "this '_Pragma' is not read: its operand is not a string literal");
    return;
  }
  frontend_loc(clang_getRangeEnd(clang_getTokenExtent(src->clang->tu, toks[i + 3])), &end);
  unsigned b, e;
  pragma_span(src, off, end, &b, &e);
  take_pragma(src, toks, n, i, text, loc, off, b, e);
  xfree(text);
}

/* Every macro definition the file's expansions may reach, by name. */
typedef struct MacroDefs {
  Source *src;
  Vec defs;       /* CXCursor* of MacroDefinition, in order */
  Vec expansions; /* CXCursor* of the file's MacroExpansion, in order */
} MacroDefs;

static enum CXChildVisitResult collect_macros(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  MacroDefs *m = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_MacroDefinition && k != CXCursor_MacroExpansion)
    return CXChildVisit_Continue;
  if (k == CXCursor_MacroExpansion && !frontend_in_main_file(m->src, c))
    return CXChildVisit_Continue;
  CXCursor *p = NEW(CXCursor);
  *p = c;
  vec_push(k == CXCursor_MacroDefinition ? &m->defs : &m->expansions, p);
  return CXChildVisit_Continue;
}

static CXCursor *macro_named(MacroDefs *m, const char *name) {
  for (int i = m->defs.len - 1; i >= 0; i--) {
    CXCursor *c = m->defs.items[i];
    CXString s = clang_getCursorSpelling(*c);
    bool eq = !strcmp(clang_getCString(s), name);
    clang_disposeString(s);
    if (eq)
      return c;
  }
  return NULL;
}

/* Text of tokens [a, b) (a macro argument, as `#x` spells it), with the
 * enclosing macro's parameters replaced by its arguments' texts. */
static char *tokens_text(Source *src, CXToken *t, unsigned a, unsigned b, const Vec *params,
                         const Vec *args) {
  Buf out = {0};
  buf_puts(&out, "");
  for (unsigned k = a; k < b; k++) {
    char *w = token_text(src, t[k]);
    const char *put = w;
    for (int j = 0; j < params->len && j < args->len; j++)
      if (!strcmp(params->items[j], w))
        put = args->items[j];
    buf_printf(&out, "%s%s", k > a ? " " : "", put);
    xfree(w);
  }
  return out.s;
}

/* The arguments of a call-like use `NAME ( a, b )` starting at t[k] (the
 * name), as texts; *next past the `)`. */
static Vec macro_args(Source *src, CXToken *t, unsigned n, unsigned k, unsigned *next,
                      const Vec *params, const Vec *outer) {
  Vec args = {0};
  *next = k + 1;
  if (k + 1 >= n || !token_is(src, t[k + 1], "("))
    return args;
  int depth = 0;
  unsigned a = k + 2;
  for (unsigned j = k + 1; j < n; j++) {
    char *w = token_text(src, t[j]);
    bool open = !strcmp(w, "("), close = !strcmp(w, ")"), comma = !strcmp(w, ",");
    xfree(w);
    depth += open - close;
    if ((depth == 1 && comma) || (depth == 0 && close)) {
      if (j > a || comma || args.len)
        vec_push(&args, tokens_text(src, t, a, j, params, outer));
      a = j + 1;
    }
    if (depth == 0) {
      *next = j + 1;
      break;
    }
  }
  return args;
}

/* The pragma texts a macro's body produces, given its arguments' texts:
 * pushed on `out`.  False when it holds a _Pragma nucc cannot read. */
static bool macro_pragmas(MacroDefs *m, CXCursor def, Vec *args, int depth, Vec *out) {
  Source *src = m->src;
  CXToken *t;
  unsigned n;
  clang_tokenize(src->clang->tu, clang_getCursorExtent(def), &t, &n);
  unsigned k = 1; /* past the name */
  Vec params = {0};
  if (clang_Cursor_isMacroFunctionLike(def)) {
    for (k = 2; k < n && !token_is(src, t[k], ")"); k++)
      if (!token_is(src, t[k], ","))
        vec_push(&params, token_text(src, t[k]));
    k++;
  }
  bool ok = true;
  while (k < n) {
    char *w = token_text(src, t[k]);
    if (!strcmp(w, "_Pragma") && k + 1 < n && token_is(src, t[k + 1], "(")) {
      char *text = NULL;
      unsigned close = k + 3;
      if (k + 3 < n && token_is(src, t[k + 3], ")")) {
        char *lit = token_text(src, t[k + 2]);
        text = destringize(lit);
        xfree(lit);
      } else if (k + 4 < n && token_is(src, t[k + 2], "#") && token_is(src, t[k + 4], ")")) {
        char *p = token_text(src, t[k + 3]); /* _Pragma(#x): the argument x's text */
        for (int j = 0; j < params.len && j < args->len; j++)
          if (!strcmp(params.items[j], p))
            text = xstrdup(args->items[j]);
        xfree(p);
        close = k + 4;
      }
      if (text)
        vec_push(out, text);
      else
        ok = false;
      k = close + 1;
    } else if (depth < 16 && clang_getTokenKind(t[k]) == CXToken_Identifier && macro_named(m, w)) {
      CXCursor *inner = macro_named(m, w);
      unsigned next = k + 1;
      Vec inner_args = {0};
      if (clang_Cursor_isMacroFunctionLike(*inner))
        inner_args = macro_args(src, t, n, k, &next, &params, args);
      ok = macro_pragmas(m, *inner, &inner_args, depth + 1, out) && ok;
      k = next;
    } else {
      k++;
    }
    xfree(w);
  }
  clang_disposeTokens(src->clang->tu, t, n);
  return ok;
}

/* Whether an expansion, or the definition it uses, names `nu` (or `omp`
 * under --openmp): a _Pragma there nucc cannot read may be one of its. */
static bool names_namespace(Source *src, CXCursor def, unsigned off, unsigned end) {
  if (names_word(src->text, off, end, "nu") ||
      (src->openmp && names_word(src->text, off, end, "omp")))
    return true;
  CXToken *t;
  unsigned n;
  clang_tokenize(src->clang->tu, clang_getCursorExtent(def), &t, &n);
  bool named = false;
  for (unsigned k = 0; k < n; k++)
    named |= token_is(src, t[k], "nu") || (src->openmp && token_is(src, t[k], "omp"));
  clang_disposeTokens(src->clang->tu, t, n);
  return named;
}

/* The file's macro expansions that produce pragmas. */
static void expanded_pragmas(Source *src, CXToken *toks, unsigned ntoks) {
  MacroDefs m = {src, {0}, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), collect_macros, &m);
  for (int i = 0; i < m.expansions.len; i++) {
    CXCursor *x = m.expansions.items[i];
    CXCursor def = clang_getCursorReferenced(*x);
    if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
      continue;
    CXSourceRange r = clang_getCursorExtent(*x);
    unsigned off, end;
    SrcLoc loc = frontend_loc(clang_getRangeStart(r), &off);
    frontend_loc(clang_getRangeEnd(r), &end);
    Vec args = {0};
    if (clang_Cursor_isMacroFunctionLike(def)) {
      CXToken *t;
      unsigned n, next;
      clang_tokenize(src->clang->tu, r, &t, &n);
      Vec none = {0};
      args = macro_args(src, t, n, 0, &next, &none, &none);
      clang_disposeTokens(src->clang->tu, t, n);
    }
    Vec texts = {0};
    /* one that names neither namespace (GCC diagnostic ...) is no concern */
    if (!macro_pragmas(&m, def, &args, 0, &texts) && names_namespace(src, def, off, end)) {
      CXString name = clang_getCursorSpelling(def);
      diag_warning("nucc-pragma-operator", loc,
                   "the '_Pragma' that '%s' expands to is not read: its operand is neither a "
                   "string literal nor '#PARAM'",
                   clang_getCString(name));
      clang_disposeString(name);
    }
    if (!texts.len)
      continue;
    unsigned b, e, ti = 0;
    pragma_span(src, off, end, &b, &e);
    while (ti < ntoks) { /* the expansion's first token, for take_pragma */
      unsigned o;
      frontend_loc(clang_getTokenLocation(src->clang->tu, toks[ti]), &o);
      if (o >= off)
        break;
      ti++;
    }
    for (int j = 0; j < texts.len; j++)
      take_pragma(src, toks, ntoks, ti, texts.items[j], loc, off, b, e);
  }
}

static int cmp_offset(const void *x, const void *y) {
  uintptr_t a = (uintptr_t) * (void *const *)x, b = (uintptr_t) * (void *const *)y;
  return (a > b) - (a < b);
}

/* The pragma lines in source order, those of one expansion in theirs (an
 * insertion sort: stable, and the macro ones come few and last). */
static void sort_pragmas(Vec *v) {
  for (int i = 1; i < v->len; i++) {
    PragmaLine *p = v->items[i];
    int j = i;
    for (; j > 0 && ((PragmaLine *)v->items[j - 1])->begin > p->begin; j--)
      v->items[j] = v->items[j - 1];
    v->items[j] = p;
  }
}

/* Finds `#pragma nu` lines among the file's tokens, and for each the token
 * that follows the group of pragma lines it belongs to. */
static void find_pragmas(Source *src, CXToken *toks, unsigned n) {
  for (unsigned i = 0; i + 2 < n; i++) {
    CXString s0 = clang_getTokenSpelling(src->clang->tu, toks[i]);
    bool hash = !strcmp(clang_getCString(s0), "#");
    bool op = !strcmp(clang_getCString(s0), "_Pragma");
    clang_disposeString(s0);
    if (op)
      pragma_operator(src, toks, n, i);
    if (!hash)
      continue;
    CXString s1 = clang_getTokenSpelling(src->clang->tu, toks[i + 1]);
    CXString s2 = clang_getTokenSpelling(src->clang->tu, toks[i + 2]);
    if (strcmp(clang_getCString(s1), "pragma") == 0)
      note_pragma_start(src, toks[i], toks[i + 1]);
    bool nu = !strcmp(clang_getCString(s1), "pragma") && !strcmp(clang_getCString(s2), "nu");
    bool omp = src->openmp && !strcmp(clang_getCString(s1), "pragma") &&
               !strcmp(clang_getCString(s2), "omp");
    clang_disposeString(s1);
    clang_disposeString(s2);
    unsigned off0, off2;
    SrcLoc l0 = frontend_loc(clang_getTokenLocation(src->clang->tu, toks[i]), &off0);
    SrcLoc l2 = frontend_loc(clang_getTokenLocation(src->clang->tu, toks[i + 2]), &off2);
    if ((!nu && !omp) || l0.line != l2.line)
      continue;
    bool skip = in_skipped(src, off0);
    if (omp && !skip) {
      read_omp(src, toks, n, i, l0, off0, l2, off2);
      continue;
    }
    if (!nu)
      continue;
    PragmaLine *p = NEW(PragmaLine);
    p->line = l0.line;
    p->loc = l0;
    unsigned b = off0;
    while (b > 0 && src->text[b - 1] != '\n')
      b--;
    unsigned e = off2;
    while (e < src->len && src->text[e] != '\n')
      e++;
    p->begin = b;
    p->end = e < src->len ? e + 1 : e;
    if (skip) {
      vec_push(&src->skipped_nu, p);
      continue;
    }
    char *rest = xstrndup(src->text + off2 + 2, e - off2 - 2);
    pragma_parse(rest, (SrcLoc){l2.line, l2.col + 2}, &p->annots);
    xfree(rest);
    vec_push(&src->pragmas, p);
  }
  expanded_pragmas(src, toks, n);
  sort_pragmas(&src->pragmas);
  if (src->pragma_starts.len)
    qsort(src->pragma_starts.items, (size_t)src->pragma_starts.len, sizeof(void *), cmp_offset);
}

struct Attach {
  PragmaLine *first; /* topmost line of the group */
  Vec lines;         /* PragmaLine*, top to bottom */
  unsigned for_offset;
  bool apart; /* a directive stands between the lines or before the `for` */
};

/* Groups consecutive pragma lines and records the `for` each group precedes;
 * a group followed by anything else is an error. */
static void attach_pragmas(Source *src, CXToken *toks, unsigned n) {
  unsigned t = 0;
  for (int pi = 0; pi < src->pragmas.len;) {
    Attach *a = NEW(Attach);
    a->first = src->pragmas.items[pi];
    PragmaLine *last = NULL;
    while (pi < src->pragmas.len) {
      PragmaLine *p = src->pragmas.items[pi];
      if (last) {
        /* only blank lines or comments may separate lines of one group (a
         * `_Pragma` may have its loop on its own line) */
        unsigned off;
        bool gap = false;
        for (unsigned k = t; k < n; k++) {
          if (clang_getTokenKind(toks[k]) == CXToken_Comment)
            continue;
          frontend_loc(clang_getTokenLocation(src->clang->tu, toks[k]), &off);
          if (off >= p->begin)
            break;
          if (off >= last->end && pp_token(src, off)) {
            a->apart = true;
            continue;
          }
          if (off >= last->end) {
            gap = true;
            break;
          }
        }
        if (gap)
          break;
      }
      /* a standalone directive ends a group */
      Annot *first = p->annots.len ? p->annots.items[0] : NULL;
      if (first && !strcmp(first->name, "wait")) {
        if (last)
          break;
        Directive *d = NEW(Directive);
        d->name = "wait";
        d->begin = p->begin;
        d->end = p->end;
        if (p->annots.len > 1)
          diag_error(((Annot *)p->annots.items[1])->loc,
                     "'wait' stands alone on its '#pragma nu' line");
        vec_push(&src->directives, d);
        p->used = true;
        pi++;
        goto next_group;
      }
      vec_push(&a->lines, p);
      last = p;
      pi++;
    }
    /* the first token after the group */
    for (; t < n; t++) {
      unsigned off;
      frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
      if (off < last->end || clang_getTokenKind(toks[t]) == CXToken_Comment)
        continue;
      if (!pp_token(src, off))
        break;
      a->apart = true;
    }
    {
      bool is_for = false;
      if (t < n) {
        CXString s = clang_getTokenSpelling(src->clang->tu, toks[t]);
        is_for =
            clang_getTokenKind(toks[t]) == CXToken_Keyword && !strcmp(clang_getCString(s), "for");
        clang_disposeString(s);
        frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &a->for_offset);
      }
      if (!is_for) {
        Annot *an = last->annots.len ? last->annots.items[0] : NULL;
        if (last->refused)
          diag_error(last->refused_at, "%s", last->refused);
        diag_error(an ? an->loc : last->loc, "'#pragma nu' must stand directly above a 'for' loop");
        continue;
      }
      vec_push(&src->clang->attachments, a);
    }
  next_group:;
  }
}

static int cmp_attach(const void *x, const void *y) {
  unsigned a = (*(Attach *const *)x)->for_offset, b = (*(Attach *const *)y)->for_offset;
  return (a > b) - (a < b);
}

/* The group above the `for` at c, or NULL.  A binary search (attachments
 * are sorted by for_offset after attach_pragmas): every `for` of the file
 * asks, and a file can have hundreds of nests. */
static Attach *attach_of(Source *src, CXCursor c) {
  Vec *attachments = &src->clang->attachments;
  unsigned off = frontend_begin(c);
  int lo = 0, hi = attachments->len;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    unsigned at = ((Attach *)attachments->items[mid])->for_offset;
    if (at == off)
      return attachments->items[mid];
    if (at < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* The group's annotations in application order: lines bottom to top,
 * within a line right to left. */
static Vec *annots_of(Attach *a) {
  Vec *v = NEW(Vec);
  for (int i = a->lines.len - 1; i >= 0; i--) {
    PragmaLine *p = a->lines.items[i];
    p->used = true;
    for (int j = p->annots.len - 1; j >= 0; j--)
      vec_push(v, p->annots.items[j]);
  }
  return v;
}

bool frontend_name_taken(Symtab *names, const char *name) {
  if (frontend_lookup_var(names, name))
    return true;
  for (int i = 0; i < names->made.len; i++)
    if (strcmp(names->made.items[i], name) == 0)
      return true;
  return false;
}

void frontend_claim_name(Symtab *names, char *name) { vec_push(&names->made, name); }

Var *frontend_lookup_var(Symtab *names, const char *name) {
  for (int i = 0; i < names->vars.len; i++) {
    Var *v = names->vars.items[i];
    if (strcmp(v->name, name) == 0)
      return v;
  }
  return NULL;
}

static bool is_annotated_for(Ctx *cx, CXCursor c) { return attach_of(cx->src, c) != NULL; }

/* --- nests ---------------------------------------------------------------- */

/* The single `for` that is the whole body (directly or in braces), or a null
 * cursor. */
static CXCursor only_for(CXCursor body) {
  CXCursor c = body;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    Kids k = frontend_kids_of(c);
    if (k.n != 1)
      return clang_getNullCursor();
    c = k.c[0];
  }
  return clang_getCursorKind(c) == CXCursor_ForStmt ? c : clang_getNullCursor();
}

static void build_nest(Ctx *cx, CXCursor for_c, Attach *a, const char *func) {
  Nest *nest = NEW(Nest);
  nest->names = &cx->src->names;
  nest->index = cx->src->nests.len;
  nest->func_name = xstrdup(func);
  nest->pragma_loc = a->first->loc;
  nest->begin = a->first->begin;
  for (int i = 0; i < a->lines.len; i++) {
    PragmaLine *p = a->lines.items[i];
    nest->omp_for |= p->omp && p->omp_for;
  }
  if (a->apart) { /* the directives stay where they are: the nest starts at its line */
    nest->begin = frontend_begin(for_c);
    while (nest->begin > 0 &&
           (cx->src->text[nest->begin - 1] == ' ' || cx->src->text[nest->begin - 1] == '\t'))
      nest->begin--;
    for (int i = 0; i < a->lines.len; i++)
      vec_push(&nest->apart, a->lines.items[i]);
  }
  nest->end = for_end(cx, for_c);
  nest->for_begin = frontend_begin(for_c);
  nest->annots = *annots_of(a);
  cx->nest_begin = nest->for_begin;
  cx->nest_end = nest->end;
  Vec loops = {0};
  CXCursor curs[64];
  CXCursor c = for_c;
  while (!clang_Cursor_isNull(c) && loops.len < 64) {
    curs[loops.len] = c;
    SrcLoc why_loc;
    char *why = NULL;
    Loop *l = canonical_loop(cx, c, &why_loc, &why);
    if (!l) {
      if (loops.len == 0) {
        diag_error(why_loc, "the annotated loop is not in canonical form: %s", why);
        xfree(why);
        return;
      }
      nest->bad_loop_loc = why_loc;
      nest->bad_loop_why = why;
      ((Loop *)loops.items[loops.len - 1])->body = conv_stmt(cx, c);
      break;
    }
    vec_push(&loops, l);
    Kids k = frontend_kids_of(c);
    CXCursor inner = only_for(k.c[3]);
    if (clang_Cursor_isNull(inner) || loops.len == 64) { /* deeper loops: the body */
      l->body = conv_stmt(cx, k.c[3]);
      break;
    }
    if (is_annotated_for(cx, inner)) {
      /* the nest stops here: the inner loop keeps its own annotations */
      l->body = conv_stmt(cx, k.c[3]);
      break;
    }
    c = inner;
  }
  /* Check invariance against the innermost body; cut the nest where it fails. */
  Stmt *inner_body = loops.len ? ((Loop *)loops.items[loops.len - 1])->body : NULL;
  for (int i = 0; i < loops.len; i++) {
    Loop *l = loops.items[i];
    SrcLoc why_loc = l->loc;
    char *why = NULL;
    bool ok = inner_body && loop_invariant(l, inner_body, &why_loc, &why);
    for (int j = i + 1; ok && j < loops.len; j++)
      if (((Loop *)loops.items[j])->var == l->var) {
        why_loc = ((Loop *)loops.items[j])->loc;
        why = xformat("an inner loop assigns the index '%s'", l->var->name);
        ok = false;
      }
    if (!ok) {
      if (i == 0) {
        diag_error(why_loc, "the annotated loop is not in canonical form: %s", why);
        xfree(why);
        return;
      }
      nest->bad_loop_loc = why_loc;
      nest->bad_loop_why = why;
      loops.len = i;
      ((Loop *)loops.items[i - 1])->body = conv_stmt(cx, curs[i]);
      break;
    }
  }
  /* Link the chain: each loop's body is the next loop; from the inside out,
   * so that each wrapper copies a body that is already linked. */
  for (int i = loops.len - 2; i >= 0; i--) {
    Loop *l = loops.items[i];
    Stmt *s = NEW(Stmt);
    s->kind = ST_FOR;
    s->loc = ((Loop *)loops.items[i + 1])->loc;
    s->begin = frontend_begin(curs[i + 1]);
    s->end = for_end(cx, curs[i + 1]);
    s->loop = loops.items[i + 1];
    s->body = s->loop->body;
    l->body = s;
  }
  nest->loops = (Loop **)loops.items;
  nest->depth = loops.len;
  vec_push(&cx->src->nests, nest);
}

typedef struct {
  Ctx *cx;
  const char *func;
  CXCursor decl; /* the function */
} FindVisit;

typedef struct {
  Ctx *cx;
  Vec *nests; /* Nest*: the function's */
  Vec used;   /* Var* */
} Outside;

/* Variables the function names outside its annotated nests: a temporary
 * private to a nest's work-items needs its last value copied out only if
 * the program may read it there (or in a nest that does not write it
 * first, which private.c decides; or it is a global). */
static enum CXChildVisitResult find_outside(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Outside *o = d;
  unsigned b = frontend_begin(c), e = frontend_end(c);
  for (int i = 0; i < o->nests->len; i++) {
    Nest *n = o->nests->items[i];
    if (b >= n->begin && e <= n->end)
      return CXChildVisit_Continue;
  }
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    CXCursor ref = clang_getCursorReferenced(c);
    enum CXCursorKind k = clang_getCursorKind(ref);
    if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
      Var *v = var_of(o->cx, ref);
      bool seen = false;
      for (int i = 0; i < o->used.len && !seen; i++)
        seen = o->used.items[i] == v;
      if (!seen)
        vec_push(&o->used, v);
    }
  }
  return CXChildVisit_Recurse;
}

static bool names_word(const char *text, unsigned b, unsigned e, const char *w);

/* The innermost `omp parallel` region around off, or NULL. */
static Directive *region_around(Source *src, unsigned off) {
  Directive *best = NULL;
  for (int i = 0; i < src->omp_regions.len; i++) {
    Directive *d = src->omp_regions.items[i];
    if (!strcmp(d->name, "omp parallel") && d->region_begin <= off && off < d->region_end &&
        (!best || d->region_begin > best->region_begin))
      best = d;
  }
  return best;
}

/* Why array v cannot have a copy of its own in each work-item, or NULL;
 * per_thread: OpenMP keeps it per thread (declared in the scope
 * [scope_begin, scope_end) of the loop's threads), and a copy per
 * iteration must give the same results. */
static char *why_not_private(Source *src, Nest *n, Var *v, bool per_thread, unsigned scope_begin,
                             unsigned scope_end, SrcLoc *note_at, char **note) {
  long long bytes = privarray_bytes(v->type);
  *note = NULL;
  if (bytes < 0)
    return xformat("'%s' (%s) would be private to each work-item, but it is not an array of "
                   "scalars with a fixed size",
                   v->name, v->type->spelling);
  if (bytes > PRIVARRAY_MAX_BYTES)
    return xformat("'%s' (%s, %lld bytes) would be private to each work-item, beyond the %d "
                   "bytes of a work-item's private array",
                   v->name, v->type->spelling, bytes, PRIVARRAY_MAX_BYTES);
  if (!per_thread)
    return NULL;
  if (!privarray_self_contained(n, v, note_at, note))
    return xformat("'%s' (%s) is kept per thread by OpenMP and an iteration reads what earlier "
                   "iterations left in it: a thread's copy carries values from one iteration "
                   "to the next, a work-item's would not",
                   v->name, v->type->spelling);
  /* named elsewhere in the scope (its declaration aside), it may be read
   * after the loop, or before it in a loop around both: there a thread's
   * copy holds what that thread's iterations left */
  unsigned decl_end = v->off + (unsigned)strlen(v->name);
  if (names_word(src->text, scope_begin, v->off, v->name) ||
      names_word(src->text, decl_end, n->begin, v->name) ||
      names_word(src->text, n->end, scope_end, v->name))
    return xformat("'%s' (%s) is kept per thread by OpenMP and the program names it outside "
                   "the loop too, where a thread's copy holds what that thread's iterations "
                   "left in it",
                   v->name, v->type->spelling);
  return NULL;
}

/* The arrays each iteration of the nest must have its own copy of: those
 * named in private(...), and under --openmp those OpenMP keeps per thread
 * for an `omp for` (declared in the parallel region around it, or, with no
 * region around it, the function's locals).  Each becomes a local of the
 * body (privarray.c), never a buffer the work-items share.  When one
 * cannot, an OpenMP loop stays on the host with a warning (false: the nest
 * is dropped) and a `#pragma nu` nest is an error. */
static bool private_arrays(Source *src, Nest *n, Attach *a, unsigned fbegin, unsigned fend) {
  if (!n->depth)
    return true;
  PragmaLine *omp = NULL;
  for (int i = 0; i < a->lines.len; i++)
    if (((PragmaLine *)a->lines.items[i])->omp)
      omp = a->lines.items[i];
  Vec arrays = {0}, todo = {0};
  privarray_free_arrays(n, &arrays);
  Directive *r = omp && omp->omp_for ? region_around(src, n->for_begin) : NULL;
  unsigned scope_b = r ? r->region_begin : fbegin, scope_e = r ? r->region_end : fend;
  bool ok = true;
  for (int i = 0; i < arrays.len && ok; i++) {
    Var *v = arrays.items[i];
    Annot *named = NULL;
    for (int j = 0; j < n->annots.len && !named; j++) {
      Annot *an = n->annots.items[j];
      if (!strcmp(an->name, "private") || !strcmp(an->name, "firstprivate"))
        for (int m = 0; m < an->nargs && !named; m++)
          if (!strcmp(an->args[m].text, v->name))
            named = an;
    }
    /* a per-thread array the loop only reads holds, in every thread, what
     * the region wrote before the loop: the host's copy, which the nest
     * reads as a buffer */
    bool per_thread = !named && omp && omp->omp_for && !v->global && !v->is_param && !v->stat &&
                      v->off >= scope_b && v->off < scope_e && !privarray_only_read(n, v);
    /* firstprivate copies in what the loop may then only read: the host's
     * copy, as a buffer, is every copy */
    bool first = named && !strcmp(named->name, "firstprivate");
    if ((!named && !per_thread) || (first && privarray_only_read(n, v)))
      continue;
    SrcLoc note_at = {0};
    char *note = NULL;
    char *why = first ? xformat("firstprivate(%s): nucc does not copy an array into each work-item",
                                v->name)
                      : why_not_private(src, n, v, per_thread, scope_b, scope_e, &note_at, &note);
    if (why) {
      SrcLoc at = named ? named->loc : omp ? ((Annot *)omp->annots.items[0])->loc : n->pragma_loc;
      if (omp)
        diag_warning("nucc-omp-host", at, "this loop stays on the host: %s", why);
      else
        diag_error(at, "%s", why);
      if (note)
        diag_note(note_at, "%s", note);
      ok = false;
    }
    vec_push(&todo, v);
  }
  for (int i = 0; ok && i < todo.len; i++)
    privarray_declare(n, todo.items[i]);
  xfree(arrays.items);
  xfree(todo.items);
  return ok || !omp;
}

static HomeLoop *home_of(Source *src, unsigned for_begin);

static enum CXChildVisitResult find_fors(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  FindVisit *fv = d;
  /* a loop that stays on the host stays whole: a kernel inside it would be
   * launched from each of the host's threads under -fopenmp */
  if (clang_getCursorKind(c) == CXCursor_ForStmt && home_of(fv->cx->src, frontend_begin(c)))
    return CXChildVisit_Continue;
  Attach *a = clang_getCursorKind(c) == CXCursor_ForStmt ? attach_of(fv->cx->src, c) : NULL;
  if (a) {
    /* an error in a helper the loop calls is the loop's (OmpLoop) */
    unsigned was = diag_set_owner(frontend_begin(c) + 1);
    build_nest(fv->cx, c, a, fv->func);
    /* names a tile size may use: the function's parameters, the globals */
    Nest *n = fv->cx->src->nests.len ? fv->cx->src->nests.items[fv->cx->src->nests.len - 1] : NULL;
    bool home =
        n && n->for_begin == frontend_begin(c) &&
        !private_arrays(fv->cx->src, n, a, frontend_begin(fv->decl), frontend_end(fv->decl));
    diag_set_owner(was);
    if (home) {
      fv->cx->src->nests.len--; /* host code, as written */
      return CXChildVisit_Continue;
    }
    if (n && n->for_begin == frontend_begin(c)) {
      int np = clang_Cursor_getNumArguments(fv->decl);
      for (int i = 0; i < np; i++)
        vec_push(&n->visible, var_of(fv->cx, clang_Cursor_getArgument(fv->decl, (unsigned)i)));
      for (int i = 0; i < fv->cx->globals.len; i++)
        vec_push(&n->visible, fv->cx->globals.items[i]);
    }
    return CXChildVisit_Continue; /* inner annotated loops were reported */
  }
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_funcs(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Ctx *cx = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl && frontend_in_main_file(cx->src, c))
    vec_push(&cx->globals, var_of(cx, c));
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      frontend_in_main_file(cx->src, c)) {
    Func *f = NEW(Func);
    f->name = spelling(c);
    f->loc = loc_of(c);
    f->begin = frontend_begin(c);
    f->end = frontend_end(c);
    vec_push(&cx->src->funcs, f);
  }
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_nests(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Ctx *cx = d;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      frontend_in_main_file(cx->src, c)) {
    char *name = spelling(c);
    FindVisit fv = {cx, name, c};
    int first = cx->src->nests.len;
    clang_visitChildren(c, find_fors, &fv);
    xfree(name);
    Outside o = {cx, NEW(Vec), {0}};
    for (int i = first; i < cx->src->nests.len; i++)
      vec_push(o.nests, cx->src->nests.items[i]);
    clang_visitChildren(c, find_outside, &o);
    for (int i = 0; i < o.nests->len; i++) {
      Nest *n = o.nests->items[i];
      n->used_outside = o.used;
      n->siblings = o.nests;
    }
  }
  return CXChildVisit_Continue;
}

/* --openmp: what has no GPU meaning must not be inside an offloaded loop. */

/* The end of the outermost statement that starts at `off` in a function of
 * the file, or 0: the block an OpenMP region stands over. */
typedef struct StmtAt {
  Source *src;
  unsigned at, end;
} StmtAt;

static enum CXChildVisitResult stmt_at(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  StmtAt *s = d;
  if (!frontend_in_main_file(s->src, c))
    return CXChildVisit_Continue;
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= s->at || b > s->at)
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (b == s->at && (clang_isStatement(k) || clang_isExpression(k))) {
    s->end = e;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The statement after a region's pragma line: [*b, *e), or false. */
static bool region_stmt(Source *src, CXToken *toks, unsigned n, unsigned line_end, unsigned *b,
                        unsigned *e) {
  for (unsigned t = 0; t < n; t++) {
    unsigned off;
    frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
    if (off < line_end || clang_getTokenKind(toks[t]) == CXToken_Comment || pp_token(src, off))
      continue;
    StmtAt s = {src, off, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), stmt_at, &s);
    *b = off;
    *e = s.end;
    return s.end > off;
  }
  return false;
}

/* The offloaded nest that holds `off`, or NULL. */
static Nest *nest_at(Source *src, unsigned off) {
  for (int j = 0; j < src->nests.len; j++) {
    Nest *n = src->nests.items[j];
    if (off >= n->for_begin && off < n->end)
      return n;
  }
  return NULL;
}

#define OMP_WARN "nucc-omp-ignored"

/* A region (parallel, target, teams, target data) that holds an offloaded
 * loop is dropped: its loops are kernels, and with -fopenmp every thread
 * would launch them.  One without goes on as written, so that a build with
 * -fopenmp has the threads the original has. */
static void check_region(Source *src, OmpInside *o, CXToken *toks, unsigned n) {
  unsigned b, e;
  if (!region_stmt(src, toks, n, o->end, &b, &e)) {
    diag_warning(OMP_WARN, o->loc,
                 "%s is not translated: no statement follows it; it stays as "
                 "written",
                 o->what);
    return;
  }
  for (int j = 0; j < src->nests.len; j++) {
    Nest *nest = src->nests.items[j];
    if (nest->for_begin >= b && nest->for_begin < e) {
      Directive *d = NEW(Directive);
      d->name = "omp parallel";
      d->begin = o->begin;
      d->end = o->end;
      d->region_begin = b;
      d->region_end = e;
      vec_push(&src->directives, d);
      return;
    }
  }
  diag_warning(OMP_WARN, o->loc,
               "%s is not translated: the region holds no loop nucc offloads; it stays as "
               "written and runs on the host's threads",
               o->what);
}

static void check_omp(Source *src, CXToken *toks, unsigned ntoks) {
  for (int i = 0; i < src->omp_inside.len; i++) {
    OmpInside *o = src->omp_inside.items[i];
    OmpKind k = (OmpKind)o->kind;
    Nest *in = nest_at(src, o->offset);
    if (k == OMP_THREADPRIVATE) {
      bool used = false;
      for (int j = 0; j < src->nests.len; j++) {
        Nest *n = src->nests.items[j];
        char *list = xstrdup(o->list ? o->list : "");
        for (char *w = strtok(list, ", \t"); w; w = strtok(NULL, ", \t"))
          if (names_word(src->text, n->for_begin, n->end, w)) {
            used = true;
            unsigned was = diag_set_owner(n->for_begin + 1);
            diag_error(o->loc,
                       "'%s' is threadprivate and the loop at line %d uses it: offloaded, the "
                       "loop has no threads to keep copies",
                       w, n->loops && n->depth ? n->loops[0]->loc.line : n->pragma_loc.line);
            diag_set_owner(was);
          }
        xfree(list);
      }
      if (!used)
        diag_warning(OMP_WARN, o->loc,
                     "%s is not translated: no loop nucc offloads uses its variables; it stays "
                     "as written",
                     o->what);
    } else if (in && k == OMP_ATOMIC && o->scalar) {
      /* a reduction's update: the analysis finds it */
    } else if (in && k == OMP_ATOMIC) {
      diag_error(o->loc, "'#pragma omp atomic' on an array element or a member has no GPU "
                         "meaning in a loop that --openmp offloads (only a scalar's update, a "
                         "reduction, may be atomic)");
    } else if (in && (k == OMP_NO_GPU || k == OMP_REGION)) {
      diag_error(o->loc, "%s has no GPU meaning in a loop that --openmp offloads", o->what);
    } else if (in) {
      diag_warning(OMP_WARN, o->loc,
                   "%s is not translated: %s; in the loop that --openmp offloads at line %d, "
                   "the kernel leaves it out",
                   o->what, o->why, in->pragma_loc.line);
    } else if (k == OMP_REGION) {
      check_region(src, o, toks, ntoks);
    } else {
      diag_warning(OMP_WARN, o->loc, "%s is not translated: %s; it stays as written", o->what,
                   k == OMP_IGNORE ? o->why : "it is outside every loop nucc offloads");
    }
  }
}

/* --- OpenMP loops that stay on the host ----------------------------------- */

static PragmaLine *omp_line(Attach *a) {
  for (int i = 0; i < a->lines.len; i++)
    if (((PragmaLine *)a->lines.items[i])->omp)
      return a->lines.items[i];
  return NULL;
}

static bool nu_work(Attach *a) {
  for (int i = 0; i < a->lines.len; i++) {
    PragmaLine *p = a->lines.items[i];
    for (int j = 0; !p->omp && j < p->annots.len; j++)
      if (!strcmp(((Annot *)p->annots.items[j])->name, "work"))
        return true;
  }
  return false;
}

static HomeLoop *home_of(Source *src, unsigned for_begin) {
  for (int i = 0; src->home && i < src->home->len; i++)
    if (((HomeLoop *)src->home->items[i])->for_begin == for_begin)
      return src->home->items[i];
  return NULL;
}

/* Records the range of every OpenMP loop (OmpLoop), and takes the loops an
 * earlier pass could not offload out of the attachments: their `for` is
 * host code as written, pragma lines and all, so that `cc -fopenmp` still
 * runs them in parallel. */
static void omp_loops(Source *src) {
  Vec *attachments = &src->clang->attachments;
  int kept = 0;
  for (int i = 0; i < attachments->len; i++) {
    Attach *a = attachments->items[i];
    PragmaLine *omp = omp_line(a);
    HomeLoop *h = omp ? home_of(src, a->for_offset) : NULL;
    if (omp && !nu_work(a)) {
      StmtAt st = {src, a->for_offset, 0};
      clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), stmt_at, &st);
      OmpLoop *l = NEW(OmpLoop);
      *l = (OmpLoop){a->first->begin, a->for_offset, st.end > a->for_offset ? st.end : 0};
      if (l->end)
        vec_push(&src->omp_loops, l);
    }
    if (!h) {
      attachments->items[kept++] = a;
      if (omp && omp->refused)
        diag_error(omp->refused_at, "%s", omp->refused);
      continue;
    }
    SrcLoc at = omp->annots.len ? ((Annot *)omp->annots.items[0])->loc : omp->refused_at;
    diag_warning("nucc-omp-host", at, "this loop stays on the host: %s", h->why);
    if (h->why_loc.line > 0 && (h->why_loc.line != at.line || h->why_loc.col != at.col))
      diag_note(h->why_loc, "the first thing nucc cannot offload");
  }
  attachments->len = kept;
}

/* --- parsing -------------------------------------------------------------- */

static bool report_clang_errors(Source *src) {
  bool ok = true;
  unsigned n = clang_getNumDiagnostics(src->clang->tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(src->clang->tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    if (sev >= CXDiagnostic_Error) {
      ok = false;
      CXFile f;
      unsigned line, col;
      clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
      CXString msg = clang_getDiagnosticSpelling(d);
      if (f && clang_File_isEqual(f, src->clang->file)) {
        /* the input does not compile: no loop left on the host changes that */
        unsigned was = diag_set_owner(DIAG_NO_LOOP);
        diag_error((SrcLoc){(int)line, (int)col}, "%s", clang_getCString(msg));
        diag_set_owner(was);
      } else {
        CXString full = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
        fprintf(stderr, "%s\n", clang_getCString(full));
        clang_disposeString(full);
        diag_plain("the input does not compile");
      }
      clang_disposeString(msg);
    }
    clang_disposeDiagnostic(d);
  }
  return ok;
}

static bool in_system_header(CXSourceLocation loc) { return clang_Location_isInSystemHeader(loc); }

static void add_include(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Source *src = data;
  if (depth == 0) /* the input itself */
    return;
  CXString s = clang_getFileName(file);
  const char *name = clang_getCString(s);
  Include *inc = NEW(Include);
  inc->name = xstrdup(name ? name : "");
  inc->system = in_system_header(clang_getLocationForOffset(src->clang->tu, file, 0)) ||
                in_system_header(stack[0]);
  inc->at = frontend_loc(stack[depth - 1], NULL);
  vec_push(&src->includes, inc);
  clang_disposeString(s);
}

/* A `#pragma nu` line, or under --openmp a `#pragma omp` one, in a header
 * the input includes: nucc translates one file and cannot rewrite a
 * function the header defines, so its loop stays on the host.  Named in a
 * warning at the #include, with the header's line. */
static void header_pragmas(Source *src, Include *inc) {
  CXFile f = clang_getFile(src->clang->tu, inc->name);
  size_t size;
  const char *text = f ? clang_getFileContents(src->clang->tu, f, &size) : NULL;
  if (!text)
    return;
  CXSourceRange all = clang_getRange(clang_getLocationForOffset(src->clang->tu, f, 0),
                                     clang_getLocationForOffset(src->clang->tu, f, (unsigned)size));
  CXSourceRangeList *skipped = clang_getSkippedRanges(src->clang->tu, f);
  CXToken *t;
  unsigned n;
  clang_tokenize(src->clang->tu, all, &t, &n);
  for (unsigned i = 0; i + 2 < n; i++) {
    if (!token_is(src, t[i], "#") || !token_is(src, t[i + 1], "pragma"))
      continue;
    bool nu = token_is(src, t[i + 2], "nu");
    if (!nu && !(src->openmp && token_is(src, t[i + 2], "omp")))
      continue;
    unsigned line, off;
    clang_getSpellingLocation(clang_getTokenLocation(src->clang->tu, t[i]), NULL, &line, NULL,
                              &off);
    bool skip = false;
    for (unsigned r = 0; skipped && r < skipped->count; r++) {
      unsigned b, e;
      clang_getSpellingLocation(clang_getRangeStart(skipped->ranges[r]), NULL, NULL, NULL, &b);
      clang_getSpellingLocation(clang_getRangeEnd(skipped->ranges[r]), NULL, NULL, NULL, &e);
      skip |= off >= b && off < e;
    }
    if (skip)
      continue;
    size_t e = off;
    while (e < size && text[e] != '\n')
      e++;
    char *line_text = xstrndup(text + off, e - off);
    bool loop = nu;
    if (!nu) {
      char *annots, *why;
      loop = omp_parse(strstr(line_text, "omp") + 3, &annots, &why) == OMP_LOOP;
    }
    const char *base = strrchr(inc->name, '/') ? strrchr(inc->name, '/') + 1 : inc->name;
    diag_warning("nucc-omp-header", inc->at,
                 "'%s' at %s:%u is not translated: nucc rewrites only the input file, not a "
                 "header it includes; %s",
                 line_text, base, line,
                 loop ? "the loop stays on the host" : "it stays as written");
    xfree(line_text);
  }
  clang_disposeTokens(src->clang->tu, t, n);
  if (skipped)
    clang_disposeSourceRangeList(skipped);
}

bool frontend_parse(Source *src, int nargs, const char *const *args) {
  src->clang = NEW(SourceClang);
  src->clang->index = clang_createIndex(0, 0);
  enum CXErrorCode err =
      clang_parseTranslationUnit2(src->clang->index, src->path, args, nargs, NULL, 0,
                                  /* the skipped #if regions */
                                  CXTranslationUnit_DetailedPreprocessingRecord, &src->clang->tu);
  if (err != CXError_Success || !src->clang->tu) {
    diag_plain("libclang could not parse '%s'", src->path);
    return false;
  }
  src->clang->file = clang_getFile(src->clang->tu, src->path);
  clang_getInclusions(src->clang->tu, add_include, src);
  if (!report_clang_errors(src))
    return false;
  CXSourceRange all = clang_getRange(
      clang_getLocationForOffset(src->clang->tu, src->clang->file, 0),
      clang_getLocationForOffset(src->clang->tu, src->clang->file, (unsigned)src->len));
  CXToken *toks = NULL;
  unsigned ntoks = 0;
  clang_tokenize(src->clang->tu, all, &toks, &ntoks);
  find_skipped(src);
  find_pragmas(src, toks, ntoks);
  for (int i = 0; i < src->includes.len; i++) {
    Include *inc = src->includes.items[i];
    bool seen = inc->system;
    for (int j = 0; j < i && !seen; j++)
      seen = !strcmp(((Include *)src->includes.items[j])->name, inc->name);
    if (!seen)
      header_pragmas(src, inc);
  }
  attach_pragmas(src, toks, ntoks);
  Vec *attachments = &src->clang->attachments;
  if (attachments->len)
    qsort(attachments->items, (size_t)attachments->len, sizeof(void *), cmp_attach);
  if (src->openmp)
    omp_loops(src);
  if (diag_errors()) {
    clang_disposeTokens(src->clang->tu, toks, ntoks);
    return false;
  }

  Ctx *cx = NEW(Ctx);
  cx->src = src;
  /* before the nests: their literals' spellings look up -D macros in it */
  frontend_collect_macros(src);
  CXCursor root = clang_getTranslationUnitCursor(src->clang->tu);
  clang_visitChildren(root, find_funcs, cx);
  clang_visitChildren(root, find_nests, cx);
  check_omp(src, toks, ntoks);
  clang_disposeTokens(src->clang->tu, toks, ntoks);
  if (diag_errors())
    return false;
  frontend_host_collect(src);
  return true;
}

void frontend_dispose(Source *src) {
  if (!src->clang)
    return;
  if (src->clang->tu)
    clang_disposeTranslationUnit(src->clang->tu);
  if (src->clang->index)
    clang_disposeIndex(src->clang->index);
  xfree(src->clang);
  src->clang = NULL;
}
