/* frontend_types.c — a cursor's C type as the IR's Type, a declaration as
 * its Var (made once per declaration), and the IR expression node at a
 * cursor, located and typed.  Receives cursors; hands on IR leaves that
 * frontend_literals.c and frontend_conv.c build on. */
#include "frontend_clang.h"

#include <stdint.h>
#include <string.h>

/* The structs met so far, by their declaration's USR: char*, StructDef*
 * in turn.  One StructDef per struct, so a self-referring member ends. */
static Vec structs;

typedef struct FieldWalk {
  StructDef *sd;
  Vec fields; /* Field* */
} FieldWalk;

static enum CXVisitorResult visit_field(CXCursor c, CXClientData d) {
  FieldWalk *w = d;
  Field *f = NEW(Field);
  f->name = frontend_spelling(c);
  f->type = conv_type(clang_getCursorType(c));
  long long bits = clang_Cursor_getOffsetOfField(c);
  f->offset = bits < 0 ? -1 : bits / 8;
  vec_push(&w->fields, f);
  if (w->sd->bad)
    return CXVisit_Continue;
  Type *e = f->type;
  for (; e->kind == TY_ARRAY && e->len > 0; e = e->base)
    ;
  if (clang_Cursor_isBitField(c))
    w->sd->bad = xformat("its member '%s' is a bit-field", f->name);
  else if (!*f->name)
    w->sd->bad = xstrdup("it has an unnamed member");
  else if (bits < 0 || bits % 8)
    w->sd->bad = xformat("the offset of its member '%s' is unknown", f->name);
  else if (e->kind == TY_PTR)
    w->sd->bad =
        xformat("its member '%s' is a pointer, which means nothing on the device", f->name);
  else if (e->kind == TY_ARRAY)
    w->sd->bad = xformat("its member '%s' is an array of no fixed length", f->name);
  else if (e->kind == TY_STRUCT && e->sdef && e->sdef->bad)
    w->sd->bad = xformat("its member '%s' is a '%s', and %s", f->name, e->sdef->host, e->sdef->bad);
  else if (!type_is_value(e))
    w->sd->bad = xformat("its member '%s' is of type '%s'", f->name, f->type->spelling);
  return CXVisit_Continue;
}

/* The OpenCL name: nu_ and the tag or typedef name, made unique. */
static char *struct_cl_name(const char *host) {
  const char *id = strncmp(host, "struct ", 7) ? host : host + 7;
  bool plain = *id != 0;
  for (const char *p = id; *p; p++)
    plain &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
             *p == '_';
  char *name = plain ? xformat("nu_%s", id) : xformat("nu_struct%d", structs.len / 2);
  for (int i = 1; i < structs.len; i += 2)
    if (!strcmp(((StructDef *)structs.items[i])->name, name)) {
      char *u = xformat("%s_%d", name, structs.len / 2);
      xfree(name);
      return u;
    }
  return name;
}

static StructDef *struct_def(CXType t, CXType canon) {
  CXCursor decl = clang_getTypeDeclaration(canon);
  CXString usr = clang_getCursorUSR(decl);
  char *key = xstrdup(clang_getCString(usr));
  clang_disposeString(usr);
  util_scoped_vec(&structs);
  for (int i = 0; i < structs.len; i += 2)
    if (!strcmp(structs.items[i], key)) {
      xfree(key);
      return structs.items[i + 1];
    }
  StructDef *sd = NEW(StructDef);
  CXString sp = clang_getTypeSpelling(t);
  const char *h = clang_getCString(sp);
  while (!strncmp(h, "const ", 6) || !strncmp(h, "volatile ", 9))
    h = strchr(h, ' ') + 1;
  sd->host = xstrdup(h);
  clang_disposeString(sp);
  /* an unnamed struct is known by its typedef; a tagged one by its tag */
  char *tag = frontend_spelling(decl);
  if (*tag && !strchr(tag, ' '))
    sd->name = struct_cl_name(tag);
  else
    sd->name = struct_cl_name(sd->host);
  xfree(tag);
  sd->size = clang_Type_getSizeOf(canon);
  sd->align = clang_Type_getAlignOf(canon);
  vec_push(&structs, key);
  vec_push(&structs, sd);
  sd->is_union = clang_getCursorKind(decl) == CXCursor_UnionDecl;
  if (sd->is_union)
    sd->bad = xstrdup("it is a union");
  else if (sd->size <= 0 || sd->align <= 0)
    sd->bad = xstrdup("its size is unknown here (an incomplete type)");
  FieldWalk w = {sd, {0}};
  clang_Type_visitFields(canon, visit_field, &w);
  sd->nfields = w.fields.len;
  sd->fields = xcalloc((size_t)w.fields.len + 1, sizeof(Field));
  for (int i = 0; i < w.fields.len; i++)
    sd->fields[i] = *(Field *)w.fields.items[i];
  if (!sd->bad && !sd->nfields)
    sd->bad = xstrdup("it has no members");
  return sd;
}

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
    ty->sdef = struct_def(t, c);
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
