/* frontend_types.c — a cursor's C type as the IR's Type, a declaration as
 * its Var (made once per declaration), and the IR expression node at a
 * cursor, located and typed.  Receives cursors; hands on IR leaves that
 * frontend_literals.c and frontend_conv.c build on. */
#include "frontend_clang.h"

#include <stdint.h>
#include <string.h>

Type *conv_type(CXType t) {
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

/* The Var of a declaration, made on first sight.  Hashed: a file with
 * hundreds of nests has thousands of variables. */
Var *conv_var(Ctx *cx, CXCursor decl) {
  Vec *bucket = &cx->var_index[clang_hashCursor(decl) % 1024];
  for (int i = 0; i < bucket->len; i++) {
    int at = (int)(uintptr_t)bucket->items[i];
    if (clang_equalCursors(*(CXCursor *)cx->var_cursors.items[at], decl))
      return cx->src->names.vars.items[at];
  }
  vec_push(bucket, (void *)(uintptr_t)cx->src->names.vars.len);
  Var *v = NEW(Var);
  v->name = frontend_spelling(decl);
  v->type = conv_type(clang_getCursorType(decl));
  v->loc = frontend_loc_of(decl);
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

Expr *conv_new_expr(ExprKind k, CXCursor c) {
  Expr *e = NEW(Expr);
  e->kind = k;
  e->loc = frontend_start_of(c);
  e->type = conv_type(clang_getCursorType(c));
  return e;
}

Expr *conv_bad_expr(CXCursor c, const char *what) {
  diag_error(frontend_start_of(c), "%s cannot be used in a kernel", what);
  Expr *e = conv_new_expr(EX_INT, c);
  return e;
}
