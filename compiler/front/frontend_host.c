/* frontend_host.c — the host code of the file as data (part of the front end).
 * Receives the parsed file and its nests; hands on src->host_funcs: for every
 * function defined in the file, its statements as source spans, with the
 * arrays each one subscripts, dereferences or hands to a library call, the
 * calls that may touch any array, its returns and its calls to free/realloc.
 * hostsync.c decides the syncs from that alone, without libclang. */
#include "frontend_clang.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One collection: lives for the call of frontend_host_collect(). */
typedef struct Host {
  Source *src;
  unsigned *nest_fors; /* the nests' `for` offsets, sorted */
  int nnest_fors;
  /* touches_no_array(): char* names; (void*)1 safe, (void*)2 unsafe, 0 pending */
  Vec seen, verdict;
  Vec addr_taken; /* Var.off (as uintptr): the function's variables whose address is
                     taken, which a write through a pointer may change */
} Host;

/* A scan of one expression or one callee's body: appends to *uses. */
typedef struct Scan {
  Host *h;
  Vec *uses;
  bool scalars; /* records the scalar variables named, too (HU_SCALAR); false
                   while a helper's body is scanned (touches_no_array) */
  int cond;     /* inside a part that may not run (&& || ?:, a statement
                   expression): no element there is HostUse.elem */
  int addr;     /* inside the operand of &: the element is not accessed */
} Scan;

/* Whether a location is text of the input as written: not produced by a
 * macro, whose expansion location is the whole invocation. */
static bool as_written(CXSourceLocation l) {
  CXFile ef, sf;
  unsigned eoff, soff;
  clang_getExpansionLocation(l, &ef, NULL, NULL, &eoff);
  clang_getSpellingLocation(l, &sf, NULL, NULL, &soff);
  return ef && sf && clang_File_isEqual(ef, sf) && eoff == soff;
}

/* The source text of an expression, or NULL when it is not written out in
 * the input (it comes from a macro: `prevent_dce(show(n))` expands to an
 * `if` whose `argv` would otherwise read as the whole invocation). */
static char *text_of(Source *src, CXCursor c) {
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= b || e > src->len)
    return NULL;
  CXSourceRange r = clang_getCursorExtent(c);
  if (!as_written(clang_getRangeStart(r)) || !as_written(clang_getRangeEnd(r)))
    return NULL;
  return xstrndup(src->text + b, e - b);
}

static void add_use(Scan *s, HostUseKind kind, bool lib_arg) {
  HostUse *u = NEW(HostUse);
  u->kind = kind;
  u->lib_arg = lib_arg;
  vec_push(s->uses, u);
}

/* A use of the array or object written `txt` (NULL: not written out in the
 * input, so it cannot be named before the statement: opaque). */
static void add_named(Scan *s, HostUseKind kind, char *txt, bool write, bool lib_arg,
                      unsigned decl) {
  if (!txt) {
    add_use(s, HU_OPAQUE, lib_arg);
    return;
  }
  add_use(s, kind, lib_arg);
  HostUse *u = s->uses->items[s->uses->len - 1];
  u->write = write;
  u->root = txt;
  u->decl = decl;
}

/* A struct or union the program declared (not the C library's FILE or
 * struct timeval): it may hold arrays the device has. */
static bool user_record(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return false;
  CXCursor d = clang_getTypeDeclaration(t);
  return !clang_Location_isInSystemHeader(clang_getCursorLocation(d));
}

/* What an object's expression names: whether it can be evaluated once more
 * (no call, no ++ or assignment), and the last declaration it refers to. */
typedef struct ObjectText {
  bool pure;
  unsigned last_decl;
} ObjectText;

static enum CXChildVisitResult object_parts(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  ObjectText *ot = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator || k == CXCursor_StmtExpr)
    ot->pure = false;
  if (k == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)
    ot->pure = false;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
        op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec)
      ot->pure = false;
  }
  if (k == CXCursor_DeclRefExpr) {
    unsigned off = frontend_begin(clang_getCursorReferenced(c));
    if (off > ot->last_decl)
      ot->last_decl = off;
  }
  return CXChildVisit_Recurse;
}

/* Records a struct object read or written whole (`s = z`, `*p = z`,
 * `memset(&s, ...)`): nurt_host_range over its bytes.  In a helper's body
 * its own locals and by-value parameters are not the caller's data. */
static void note_object(Scan *s, CXCursor e, bool write, bool lib_arg) {
  e = frontend_strip_casts(e);
  CXCursor root = e;
  while (clang_getCursorKind(root) == CXCursor_MemberRefExpr) {
    Kids kids = frontend_kids_of(root);
    if (kids.n != 1)
      break;
    CXType bt = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
    if (bt.kind == CXType_Pointer)
      break; /* p->inner: an object through a pointer */
    root = frontend_strip_casts(kids.c[0]);
  }
  if (clang_getCursorKind(root) == CXCursor_DeclRefExpr && !s->scalars) {
    CXCursor d = clang_getCursorReferenced(root);
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
    if (clang_getCursorKind(d) == CXCursor_ParmDecl ||
        (clang_getCursorKind(d) == CXCursor_VarDecl && (sc == CX_SC_None || sc == CX_SC_Auto) &&
         clang_getCursorKind(clang_getCursorSemanticParent(d)) == CXCursor_FunctionDecl))
      return;
  }
  /* named again before the statement: only what has no side effect */
  ObjectText ot = {0};
  ot.pure = true;
  clang_visitChildren(e, object_parts, &ot);
  object_parts(e, e, &ot);
  /* hostsync asks whether the last declaration named lies in the statement */
  add_named(s, HU_OBJECT, ot.pure ? text_of(s->h->src, e) : NULL, write, lib_arg, ot.last_decl);
}

static bool array_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
         t.kind == CXType_IncompleteArray;
}

/* Records the array behind a pointer expression: `a`, `m->data`; anything
 * else (a call's result, a[i] + k) is opaque and asks for a full sync. */
static void note_root(Scan *s, CXCursor e, bool write, bool lib_arg) {
  e = frontend_strip_casts(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  /* &a[i], a + i: the array is a */
  while (k == CXCursor_ArraySubscriptExpr || k == CXCursor_BinaryOperator ||
         (k == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)) {
    Kids kids = frontend_kids_of(e);
    if (kids.n < 1)
      break;
    CXCursor next = kids.c[0];
    if (k == CXCursor_ArraySubscriptExpr && kids.n == 2) { /* `i[a]` is a[i] */
      CXType t0 = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
      if (t0.kind != CXType_Pointer && !array_type(t0))
        next = kids.c[1];
    }
    if (k == CXCursor_BinaryOperator) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
      if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || kids.n != 2)
        break;
      CXType t0 = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
      next = t0.kind == CXType_Pointer ? kids.c[0] : kids.c[1];
    }
    e = frontend_strip_casts(next);
    k = clang_getCursorKind(e);
  }
  if (k == CXCursor_StringLiteral)
    return;
  CXCursor root = e;
  while (clang_getCursorKind(root) == CXCursor_MemberRefExpr) {
    Kids kids = frontend_kids_of(root);
    if (kids.n != 1)
      break;
    root = frontend_strip_casts(kids.c[0]);
  }
  if (clang_getCursorKind(root) != CXCursor_DeclRefExpr) {
    add_use(s, HU_OPAQUE, lib_arg);
    return;
  }
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  if (lib_arg && user_record(t)) { /* memset(&s, ...), fread(&s, ...) */
    note_object(s, e, write, lib_arg);
    return;
  }
  if (t.kind != CXType_Pointer && t.kind != CXType_ConstantArray &&
      t.kind != CXType_VariableArray && t.kind != CXType_IncompleteArray)
    return; /* a scalar: not device data */
  /* device arrays hold numbers or structs of numbers: a FILE * or a
   * struct of pointers is not one */
  CXType elem = t;
  while (elem.kind == CXType_Pointer || elem.kind == CXType_ConstantArray ||
         elem.kind == CXType_VariableArray || elem.kind == CXType_IncompleteArray)
    elem = clang_getCanonicalType(elem.kind == CXType_Pointer ? clang_getPointeeType(elem)
                                                              : clang_getArrayElementType(elem));
  if ((elem.kind == CXType_Record && !type_is_struct_ok(conv_type(elem))) ||
      elem.kind == CXType_FunctionProto || elem.kind == CXType_FunctionNoProto)
    return;
  /* whether it is declared inside the statement that wants the sync is
   * hostsync's question: it knows the statement */
  add_named(s, HU_ROOT, text_of(s->h->src, e), write, lib_arg,
            frontend_begin(clang_getCursorReferenced(root)));
}

/* --- elements: a use whose bytes can be named before the statement ------- */

static bool volatile_type(CXType t) {
  return clang_isVolatileQualifiedType(t) ||
         clang_isVolatileQualifiedType(clang_getCanonicalType(t));
}

/* A number the runtime can sync alone: sizeof gives its bytes. */
static bool plain_elem_type(CXType t) {
  if (volatile_type(t))
    return false;
  t = clang_getCanonicalType(t);
  return (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) || t.kind == CXType_Enum ||
         t.kind == CXType_Complex;
}

/* Parentheses and implicit conversions (not a cast written out). */
static CXCursor strip_implicit(CXCursor c) {
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

/* What an element's address reads (HostUse.elem_vars, elem_loads,
 * elem_shared). */
typedef struct ElemAddr {
  Host *h;
  Vec vars;
  bool loads, shared;
} ElemAddr;

static void add_var(ElemAddr *a, CXCursor decl) {
  unsigned off;
  frontend_loc(clang_getCursorLocation(decl), &off);
  vec_push(&a->vars, (void *)(uintptr_t)off);
  /* only a local whose address is never taken changes by its name alone */
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
  bool local = clang_getCursorKind(decl) == CXCursor_ParmDecl ||
               ((sc == CX_SC_None || sc == CX_SC_Auto) &&
                clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_FunctionDecl);
  for (int i = 0; local && i < a->h->addr_taken.len; i++)
    local = (uintptr_t)a->h->addr_taken.items[i] != off;
  a->shared |= !local;
}

/* Whether a subscript can be evaluated once more, before the statement,
 * with the same value: constants and variables under operators that
 * neither call, assign nor read memory (a[b[i]] would read b before its
 * own sync).  The variables go to *vars. */
static bool pure_index(CXCursor c, ElemAddr *a, int depth) {
  if (depth > 32)
    return false;
  enum CXCursorKind k = clang_getCursorKind(c);
  Kids kids = frontend_kids_of(c);
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_TypeRef:
    return true;
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_EnumConstantDecl)
      return true;
    if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) ||
        volatile_type(clang_getCursorType(d)))
      return false;
    add_var(a, d);
    return true;
  }
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign)
      return false;
    break;
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op != CXUnaryOperator_Plus && op != CXUnaryOperator_Minus && op != CXUnaryOperator_Not &&
        op != CXUnaryOperator_LNot)
      return false;
    break;
  }
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_ConditionalOperator:
    break;
  default:
    return false;
  }
  if (kids.n < 1 || kids.n > 8)
    return false;
  for (int i = 0; i < kids.n; i++)
    if (!pure_index(kids.c[i], a, depth + 1))
      return false;
  return true;
}

/* Whether the array an element lies in is reached from variables alone:
 * `A`, `p` (its value), `g.cells`, `p->a`, `m->data` (a pointer kept in a
 * struct: *loads). */
static bool element_base(CXCursor b, ElemAddr *a) {
  for (int depth = 0; depth < 16; depth++) {
    b = strip_implicit(b);
    enum CXCursorKind k = clang_getCursorKind(b);
    if (k == CXCursor_DeclRefExpr) {
      CXCursor d = clang_getCursorReferenced(b);
      enum CXCursorKind dk = clang_getCursorKind(d);
      if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) ||
          volatile_type(clang_getCursorType(d)))
        return false;
      add_var(a, d);
      return true;
    }
    if (k != CXCursor_MemberRefExpr)
      return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(b));
    if (volatile_type(t))
      return false;
    if (t.kind == CXType_Pointer)
      a->loads = true;
    else if (!array_type(t) && t.kind != CXType_Record)
      return false;
    Kids kids = frontend_kids_of(b);
    if (kids.n != 1)
      return false;
    b = kids.c[0];
  }
  return false;
}

/* Fills u->elem when the use e (a subscript or a `*p`) is one element whose
 * address can be computed before the statement (HostUse.elem). */
static void note_element(Scan *s, CXCursor e, HostUse *u) {
  if (s->cond || s->addr || !plain_elem_type(clang_getCursorType(e)))
    return;
  ElemAddr a = {.h = s->h};
  bool ok = false;
  CXCursor cur = e;
  for (int depth = 0; depth < 16; depth++) {
    Kids kids = frontend_kids_of(cur);
    if (clang_getCursorKind(cur) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(cur) == CXUnaryOperator_Deref && kids.n == 1) {
      ok = element_base(kids.c[0], &a);
      break;
    }
    if (clang_getCursorKind(cur) != CXCursor_ArraySubscriptExpr || kids.n != 2)
      break;
    /* `i[a]` is C too: the base is the operand of pointer type */
    CXType t0 = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
    int bi = t0.kind == CXType_Pointer || array_type(t0) ? 0 : 1;
    if (!pure_index(kids.c[1 - bi], &a, 0))
      break;
    CXCursor b = strip_implicit(kids.c[bi]);
    if (clang_getCursorKind(b) == CXCursor_ArraySubscriptExpr &&
        array_type(clang_getCursorType(b))) {
      cur = b; /* A[i][j]: the row A[i] is an address, not an access */
      continue;
    }
    ok = element_base(b, &a);
    break;
  }
  char *txt = ok ? text_of(s->h->src, e) : NULL;
  if (!txt) {
    xfree(a.vars.items);
    return;
  }
  u->elem = txt;
  u->elem_vars = a.vars;
  u->elem_loads = a.loads;
  u->elem_shared = a.shared;
}

/* note_root() of an access e through the pointer p, and its element. */
static void note_access(Scan *s, CXCursor e, CXCursor p, bool write) {
  int before = s->uses->len;
  note_root(s, p, write, false);
  if (s->uses->len == before + 1) {
    HostUse *u = s->uses->items[before];
    if (u->kind == HU_ROOT)
      note_element(s, e, u);
  }
}

static void scan(Scan *s, CXCursor c, bool write);

/* The parts of a subscript: its index, and its base, whose rows (`A[i]` in
 * `A[i][j]`) are addresses, not accesses of their own. */
static void scan_subscript(Scan *s, CXCursor c) {
  Kids kids = frontend_kids_of(c);
  for (int i = 0; i < kids.n && i < 8; i++) {
    CXCursor b = strip_implicit(kids.c[i]);
    if (clang_getCursorKind(b) == CXCursor_ArraySubscriptExpr && array_type(clang_getCursorType(b)))
      scan_subscript(s, b);
    else
      scan(s, kids.c[i], false);
  }
}

/* A part that may not run: no element in it is named alone. */
static void scan_cond(Scan *s, CXCursor c, bool write) {
  s->cond++;
  scan(s, c, write);
  s->cond--;
}

static enum CXChildVisitResult scan_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  scan(d, c, false);
  return CXChildVisit_Continue;
}

static void scan_kids(Scan *s, CXCursor c) { clang_visitChildren(c, scan_kid, s); }

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    *(CXCursor *)d = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static CXCursor body_of(CXCursor fn) {
  CXCursor body = clang_getNullCursor();
  clang_visitChildren(fn, find_body, &body);
  return body;
}

static void free_uses(Vec *uses) {
  for (int i = 0; i < uses->len; i++) {
    HostUse *u = uses->items[i];
    xfree(u->root);
    xfree(u->elem);
    xfree(u->elem_vars.items);
    xfree(u);
  }
  xfree(uses->items);
}

/* A function of this file that touches no array (only scalars, its locals
 * and library calls without arrays) needs no sync before a call to it;
 * anything else may read or write any array. */
static bool touches_no_array(Host *h, CXCursor fn) {
  CXString n = clang_getCursorSpelling(fn);
  char *name = xstrdup(clang_getCString(n));
  clang_disposeString(n);
  for (int i = 0; i < h->seen.len; i++)
    if (strcmp(h->seen.items[i], name) == 0) {
      xfree(name);
      return h->verdict.items[i] == (void *)1;
    }
  CXCursor def = clang_getCursorDefinition(fn);
  if (clang_Cursor_isNull(def) || !frontend_in_main_file(h->src, def)) {
    xfree(name);
    return false;
  }
  int slot = h->seen.len;
  vec_push(&h->seen, name);
  vec_push(&h->verdict, NULL); /* recursion counts as unsafe */
  CXCursor body = body_of(def);
  bool safe = false;
  if (!clang_Cursor_isNull(body)) {
    Vec uses = {0};
    Scan sub = {.h = h, .uses = &uses, .scalars = false};
    scan(&sub, body, false);
    safe = uses.len == 0;
    free_uses(&uses);
  }
  h->verdict.items[slot] = safe ? (void *)1 : (void *)2;
  return safe;
}

static void scan_call(Scan *s, CXCursor c) {
  CXCursor fn = clang_getCursorReferenced(c);
  bool library =
      !clang_Cursor_isNull(fn) &&
      (clang_Location_isInSystemHeader(clang_getCursorLocation(fn)) || touches_no_array(s->h, fn));
  if (!library) {
    /* it may read or write any array, through globals or pointers */
    add_use(s, HU_ESCAPE, false);
    scan_kids(s, c);
    return;
  }
  /* free() and realloc() become nurt_free()/nurt_realloc(), which forget the
   * array (realloc keeps its data): no copy back beforehand */
  CXString name = clang_getCursorSpelling(fn);
  bool forgets =
      strcmp(clang_getCString(name), "free") == 0 || strcmp(clang_getCString(name), "realloc") == 0;
  clang_disposeString(name);
  int n = clang_Cursor_getNumArguments(c);
  for (int i = 0; i < n; i++) {
    CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
    if (forgets && i == 0) {
      scan(s, arg, false);
      continue;
    }
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    if (t.kind == CXType_Pointer) {
      CXType pointee = clang_getPointeeType(t);
      note_root(s, arg, !clang_isConstQualifiedType(pointee), true);
    } else if (user_record(t)) {
      note_object(s, arg, false, true); /* a struct passed by value is read */
    }
    scan(s, arg, false);
  }
}

static void scan(Scan *s, CXCursor c, bool write) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_ArraySubscriptExpr:
    note_access(s, c, c, write);
    scan_subscript(s, c);
    return;
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    Kids kids = frontend_kids_of(c);
    if (kids.n != 1)
      break;
    if (op == CXUnaryOperator_Deref) {
      note_access(s, c, kids.c[0], write);
      scan(s, kids.c[0], false);
      return;
    }
    if (op == CXUnaryOperator_AddrOf) { /* &a[i]: an address, no access */
      s->addr++;
      scan(s, kids.c[0], true);
      s->addr--;
      return;
    }
    bool w = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
             op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec;
    scan(s, kids.c[0], w);
    return;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    Kids kids = frontend_kids_of(c);
    if (kids.n != 2)
      break;
    bool assign = op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
    if (op == CXBinaryOperator_Assign && user_record(clang_getCursorType(kids.c[0]))) {
      note_object(s, kids.c[0], true, false);
      if (clang_getCursorKind(frontend_strip_casts(kids.c[1])) != CXCursor_CallExpr)
        note_object(s, kids.c[1], false, false);
    }
    scan(s, kids.c[0], assign);
    if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
      scan_cond(s, kids.c[1], false);
    else
      scan(s, kids.c[1], false);
    return;
  }
  case CXCursor_ConditionalOperator: { /* the condition runs, one branch may not */
    Kids kids = frontend_kids_of(c);
    if (kids.n != 3)
      break;
    scan(s, kids.c[0], false);
    scan_cond(s, kids.c[1], false);
    scan_cond(s, kids.c[2], false);
    return;
  }
  case CXCursor_StmtExpr:
  case CXCursor_GenericSelectionExpr:
    s->cond++;
    scan_kids(s, c);
    s->cond--;
    return;
  case CXCursor_VarDecl: { /* `struct S t = s;` reads s whole */
    Kids kids = frontend_kids_of(c);
    for (int i = 0; i < kids.n && i < 8; i++) {
      CXCursor init = frontend_strip_casts(kids.c[i]);
      enum CXCursorKind ik = clang_getCursorKind(init);
      if ((ik == CXCursor_DeclRefExpr || ik == CXCursor_MemberRefExpr ||
           ik == CXCursor_UnaryOperator || ik == CXCursor_ArraySubscriptExpr) &&
          user_record(clang_getCursorType(init)))
        note_object(s, init, false, false);
    }
    break;
  }
  case CXCursor_CallExpr:
    scan_call(s, c);
    return;
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (s->scalars && (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl)) {
      add_use(s, HU_SCALAR, false);
      HostUse *u = s->uses->items[s->uses->len - 1];
      u->write = write;
      frontend_loc(clang_getCursorLocation(d), &u->decl);
      CXType t = clang_getCanonicalType(clang_getCursorType(d));
      u->aggregate = t.kind == CXType_Pointer || t.kind == CXType_Record || array_type(t);
    }
    return;
  }
  case CXCursor_UnaryExpr: /* sizeof and alignof do not evaluate */
    return;
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr:
  case CXCursor_MemberRefExpr: {
    Kids kids = frontend_kids_of(c);
    /* an unexposed node of several parts may be GNU's `a ?: b` */
    s->cond += kids.n > 1;
    for (int i = 0; i < kids.n && i < 8; i++)
      scan(s, kids.c[i], write);
    s->cond -= kids.n > 1;
    return;
  }
  default:
    break;
  }
  scan_kids(s, c);
}

/* --- statements ---------------------------------------------------------- */

static int cmp_offset(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

/* Whether a nest's `for` lies in [b, e): a binary search, since every node
 * asks and a file can have hundreds of nests. */
static bool holds_nest(Host *h, unsigned b, unsigned e) {
  int lo = 0, hi = h->nnest_fors;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (h->nest_fors[mid] < b)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < h->nnest_fors && h->nest_fors[lo] < e;
}

static HostKind kind_of(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundStmt)
    return HS_COMPOUND;
  if (k == CXCursor_IfStmt)
    return HS_IF;
  if (k == CXCursor_DeclStmt)
    return HS_DECL;
  if (clang_isStatement(k))
    return HS_STMT;
  return clang_isExpression(k) ? HS_EXPR : HS_OTHER;
}

static HostStmt *node_of(Host *h, CXCursor c);

/* `v = e` (a plain assignment to a variable): Var.off of v plus 1, else 0. */
static unsigned assigned_var(CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
    return 0;
  Kids kids = frontend_kids_of(c);
  if (kids.n != 2 || clang_getCursorKind(kids.c[0]) != CXCursor_DeclRefExpr)
    return 0;
  unsigned off;
  frontend_loc(clang_getCursorLocation(clang_getCursorReferenced(kids.c[0])), &off);
  return off + 1;
}

typedef struct NodeKids {
  Host *h;
  HostStmt *parent;
} NodeKids;

static enum CXChildVisitResult node_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  NodeKids *nk = d;
  vec_push(&nk->parent->kids, node_of(nk->h, c));
  return CXChildVisit_Continue;
}

/* A statement keeps all its children: a sync goes before the smallest
 * statement that needs it.  Anything else is scanned whole, and also kept
 * apart when it holds a nest (a statement expression around a kernel). */
/* The arrays and structs of automatic storage a declaration statement
 * declares (HostStmt.defines). */
static enum CXChildVisitResult find_defines(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_VarDecl)
    return CXChildVisit_Continue;
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  bool array = t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray;
  if ((sc == CX_SC_None || sc == CX_SC_Auto) && (array || user_record(t))) {
    CXString name = clang_getCursorSpelling(c);
    if (*clang_getCString(name))
      vec_push(&((HostStmt *)d)->defines, xstrdup(clang_getCString(name)));
    clang_disposeString(name);
  }
  return CXChildVisit_Continue;
}

static HostStmt *node_of(Host *h, CXCursor c) {
  HostStmt *n = NEW(HostStmt);
  n->kind = kind_of(c);
  n->begin = frontend_begin(c);
  n->end = frontend_end(c);
  if (n->kind == HS_DECL)
    clang_visitChildren(c, find_defines, n);
  n->straight = n->kind == HS_DECL || n->kind == HS_EXPR ||
                clang_getCursorKind(c) == CXCursor_ReturnStmt ||
                clang_getCursorKind(c) == CXCursor_NullStmt;
  bool stmt = n->kind != HS_EXPR && n->kind != HS_OTHER;
  if (!stmt) {
    Scan s = {.h = h, .uses = &n->uses, .scalars = true};
    scan(&s, c, false);
    n->assigns = assigned_var(c);
  }
  if (stmt || holds_nest(h, n->begin, n->end)) {
    NodeKids nk = {h, n};
    clang_visitChildren(c, node_kid, &nk);
  }
  return n;
}

static enum CXChildVisitResult find_returns(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
    return CXChildVisit_Recurse;
  HostStmt *r = NEW(HostStmt);
  r->kind = HS_STMT;
  r->begin = frontend_begin(c);
  r->end = frontend_end(c);
  vec_push(&((HostFunc *)d)->returns, r);
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_frees(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  CXCursor fn = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(fn) || !clang_Location_isInSystemHeader(clang_getCursorLocation(fn)))
    return CXChildVisit_Recurse;
  CXString name = clang_getCursorSpelling(fn);
  const char *n = clang_getCString(name);
  const char *which = strcmp(n, "free") == 0      ? "free"
                      : strcmp(n, "realloc") == 0 ? "realloc"
                                                  : NULL;
  clang_disposeString(name);
  if (which) {
    HostFree *f = NEW(HostFree);
    f->begin = frontend_begin(c);
    f->name = which;
    vec_push(&((HostFunc *)d)->frees, f);
  }
  return CXChildVisit_Recurse;
}

/* --- scalars a reduction's result may wait for ------------------------------ */

/* What rules a variable out: its address taken (a pointer could read it
 * where it is not named), a jump that could run its declaration again or
 * return into the function (goto, setjmp, asm goto), or a GNU statement
 * expression (hostsync does not enter one that holds a nest, so a read
 * after the nest inside it would get no fold). */
typedef struct Lazy {
  Vec addr_taken; /* Var.off, as uintptr */
  bool jumps;
} Lazy;

static enum CXChildVisitResult find_unlazy(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Lazy *z = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_AsmStmt ||
      k == CXCursor_StmtExpr)
    z->jumps = true;
  if (k == CXCursor_CallExpr) {
    CXString n = clang_getCursorSpelling(c);
    z->jumps |= strstr(clang_getCString(n), "setjmp") != NULL;
    clang_disposeString(n);
  }
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
    Kids kids = frontend_kids_of(c);
    CXCursor e = kids.n == 1 ? frontend_strip_casts(kids.c[0]) : clang_getNullCursor();
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
      unsigned off;
      frontend_loc(clang_getCursorLocation(clang_getCursorReferenced(e)), &off);
      vec_push(&z->addr_taken, (void *)(uintptr_t)off);
    }
  }
  return CXChildVisit_Recurse;
}

/* A plain local scalar: arithmetic, not volatile, automatic storage. */
static bool plain_scalar(CXCursor decl) {
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  if (clang_isVolatileQualifiedType(t))
    return false;
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
  if (sc != CX_SC_None && sc != CX_SC_Auto)
    return false;
  return (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) && t.kind != CXType_Int128 &&
         t.kind != CXType_UInt128 && t.kind != CXType_LongDouble;
}

static void add_lazy(HostFunc *f, Lazy *z, CXCursor decl) {
  if (!plain_scalar(decl))
    return;
  unsigned off;
  frontend_loc(clang_getCursorLocation(decl), &off);
  for (int i = 0; i < z->addr_taken.len; i++)
    if ((uintptr_t)z->addr_taken.items[i] == off)
      return;
  vec_push(&f->lazy_ok, (void *)(uintptr_t)off);
}

static enum CXChildVisitResult top_decls(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  void **fz = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl)
    add_lazy(fz[0], fz[1], c);
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult top_stmts(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_DeclStmt)
    clang_visitChildren(c, top_decls, d);
  return CXChildVisit_Continue;
}

/* Declared once per call of the function (its parameters, and the
 * declarations directly in its body), so a nurt_red at the body's start
 * lives exactly as long as the variable. */
static void collect_lazy(HostFunc *f, CXCursor fn, CXCursor body) {
  Lazy z = {0};
  clang_visitChildren(body, find_unlazy, &z);
  if (!z.jumps) {
    void *fz[2] = {f, &z};
    int n = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < n; i++)
      add_lazy(f, &z, clang_Cursor_getArgument(fn, (unsigned)i));
    clang_visitChildren(body, top_stmts, fz);
  }
  xfree(z.addr_taken.items);
}

static enum CXChildVisitResult visit_func(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Host *h = d;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
      !frontend_in_main_file(h->src, c))
    return CXChildVisit_Continue;
  HostFunc *f = NEW(HostFunc);
  CXString name = clang_getCursorSpelling(c);
  f->name = xstrdup(clang_getCString(name));
  clang_disposeString(name);
  f->begin = frontend_begin(c);
  f->end = frontend_end(c);
  CXCursor body = body_of(c);
  if (!clang_Cursor_isNull(body)) {
    Lazy z = {0};
    clang_visitChildren(body, find_unlazy, &z);
    xfree(h->addr_taken.items);
    h->addr_taken = z.addr_taken;
    f->body = node_of(h, body);
    clang_visitChildren(body, find_returns, f);
    collect_lazy(f, c, body);
  }
  clang_visitChildren(c, find_frees, f);
  vec_push(&h->src->host_funcs, f);
  return CXChildVisit_Continue;
}

void frontend_host_collect(Source *src) {
  Host h = {.src = src, .nnest_fors = src->nests.len};
  h.nest_fors = xcalloc((size_t)h.nnest_fors + 1, sizeof(unsigned));
  for (int i = 0; i < h.nnest_fors; i++)
    h.nest_fors[i] = ((Nest *)src->nests.items[i])->for_begin;
  qsort(h.nest_fors, (size_t)h.nnest_fors, sizeof(unsigned), cmp_offset);
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), visit_func, &h);
  xfree(h.nest_fors);
  xfree(h.addr_taken.items);
  for (int i = 0; i < h.seen.len; i++)
    xfree(h.seen.items[i]);
  xfree(h.seen.items);
  xfree(h.verdict.items);
}
