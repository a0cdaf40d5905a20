/* frontend_entry.c — the first of the file's functions holding annotated
 * nests that the program's `main` calls, and the values known at main's
 * start for the scalars its first nest's work is counted from.  With them,
 * nucc asks NU_HOST_FIRST's question at main's start instead of only at
 * the nest (driver.c, "start ahead"; docs/runtime.md): a program whose first
 * nest will launch anyway starts the device beside its own set-up.
 *
 * A value is known where nothing between main's start and the nest can
 * change it: a constant expression passed to a parameter, or a local of
 * main whose declaration gives it one and which main never assigns nor
 * lets out by address; and the parameter itself is never assigned in the
 * function.  What main calls before the function must be functions without
 * nests that call none of the file's functions (setting arrays up), or the
 * C library's; anything else, and nothing is asked ahead. */
#include "frontend_clang.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static bool holds_nest(Source *src, const char *name) {
  for (int i = 0; i < src->nests.len; i++) {
    Nest *n = src->nests.items[i];
    if (n->func_name && !strcmp(n->func_name, name))
      return true;
  }
  return false;
}

/* Where the first nest of function `name` starts (its `for`), or UINT32_MAX. */
static unsigned first_nest_of(Source *src, const char *name) {
  unsigned at = UINT32_MAX;
  for (int i = 0; i < src->nests.len; i++) {
    Nest *n = src->nests.items[i];
    if (n->func_name && !strcmp(n->func_name, name) && n->for_begin < at)
      at = n->for_begin;
  }
  return at;
}

static unsigned decl_offset(CXCursor decl) {
  unsigned off;
  frontend_loc(clang_getCursorLocation(decl), &off);
  return off;
}

/* --- does a body write a variable? ------------------------------------- */

typedef struct Writes {
  unsigned off; /* the variable's declaration */
  bool found;
} Writes;

static bool names_var(CXCursor e, unsigned off) {
  e = frontend_strip_casts(e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
         decl_offset(clang_getCursorReferenced(e)) == off;
}

static enum CXChildVisitResult find_write(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Writes *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundAssignOperator ||
      (k == CXCursor_BinaryOperator &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)) {
    Kids kids = frontend_kids_of(c);
    w->found |= kids.n == 2 && names_var(kids.c[0], w->off);
  } else if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    Kids kids = frontend_kids_of(c);
    w->found |= (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
                 u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec ||
                 u == CXUnaryOperator_AddrOf) &&
                kids.n == 1 && names_var(kids.c[0], w->off);
  } else if (k == CXCursor_AsmStmt || k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) {
    w->found = true; /* not followed */
  }
  return w->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool written(CXCursor body, unsigned off) {
  Writes w = {off, false};
  clang_visitChildren(body, find_write, &w);
  return w.found;
}

/* --- values -------------------------------------------------------------- */

/* An arithmetic constant as C text, or NULL. */
static char *constant_text(CXCursor e) {
  CXEvalResult r = clang_Cursor_Evaluate(e);
  if (!r)
    return NULL;
  char *s = NULL;
  if (clang_EvalResult_getKind(r) == CXEval_Int) {
    if (clang_EvalResult_isUnsignedInt(r))
      s = xformat("%lluULL", clang_EvalResult_getAsUnsigned(r));
    else
      s = xformat("%lldLL", clang_EvalResult_getAsLongLong(r));
  } else if (clang_EvalResult_getKind(r) == CXEval_Float) {
    s = xformat("%.17g", clang_EvalResult_getAsDouble(r));
  }
  clang_EvalResult_dispose(r);
  return s;
}

/* The value of a plain local of main whose initialiser is a constant and
 * which main never writes nor hands out by address. */
static char *local_value(CXCursor decl, CXCursor main_body) {
  if (clang_getCursorKind(decl) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl) ||
      clang_isVolatileQualifiedType(clang_getCursorType(decl)))
    return NULL;
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  if (clang_Cursor_isNull(init) || written(main_body, decl_offset(decl)))
    return NULL;
  return constant_text(init);
}

static char *arg_value(CXCursor a, CXCursor main_body) {
  char *s = constant_text(a);
  if (s)
    return s;
  CXCursor e = frontend_strip(a);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return NULL;
  return local_value(clang_getCursorReferenced(e), main_body);
}

static void know(EntryCall *ec, CXCursor decl, char *value) {
  if (!value)
    return;
  vec_push(&ec->offs, (void *)(uintptr_t)decl_offset(decl));
  vec_push(&ec->values, value);
}

/* --- main's walk ----------------------------------------------------------- */

typedef struct Walk {
  Source *src;
  unsigned nest_at; /* main's first nest */
  CXCursor call;    /* the call found */
  bool main_nest;   /* main's own nest comes first */
  bool stop;        /* something that may run a nest first, unseen */
} Walk;

typedef struct Plain {
  Source *src;
  bool plain;
} Plain;

/* What a call reaches: a function through a pointer (it may be anything),
 * one defined elsewhere (the C library's, another file's), or one of the
 * file's, whose definition is *def. */
typedef enum { CALL_POINTER, CALL_ELSEWHERE, CALL_FILE } CallTo;

static CallTo call_to(Source *src, CXCursor call, CXCursor *def) {
  CXCursor ref = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_FunctionDecl)
    return CALL_POINTER;
  *def = clang_getCursorDefinition(ref);
  return clang_Cursor_isNull(*def) || !frontend_in_main_file(src, *def) ? CALL_ELSEWHERE
                                                                        : CALL_FILE;
}

static enum CXChildVisitResult plain_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Plain *p = d;
  CXCursor def;
  if (clang_getCursorKind(c) == CXCursor_CallExpr)
    p->plain = call_to(p->src, c, &def) == CALL_ELSEWHERE;
  return p->plain ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* A function of the file without nests that calls no function of the
 * file's nor through a pointer: it cannot reach a nest. */
static bool plain_function(Source *src, CXCursor def, const char *name) {
  if (holds_nest(src, name))
    return false;
  Plain p = {src, true};
  clang_visitChildren(def, plain_kid, &p);
  return p.plain;
}

static enum CXChildVisitResult walk_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Walk *w = d;
  if (frontend_begin(c) >= w->nest_at) {
    w->main_nest = true;
    return CXChildVisit_Break;
  }
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  CXCursor def;
  CallTo to = call_to(w->src, c, &def);
  if (to == CALL_POINTER) {
    w->stop = true;
    return CXChildVisit_Break;
  }
  if (to == CALL_ELSEWHERE)
    return CXChildVisit_Recurse;
  char *name = frontend_spelling(def);
  bool nests = holds_nest(w->src, name), plain = !nests && plain_function(w->src, def, name);
  xfree(name);
  if (nests) {
    w->call = c;
    return CXChildVisit_Break;
  }
  if (plain)
    return CXChildVisit_Recurse;
  w->stop = true;
  return CXChildVisit_Break;
}

static enum CXChildVisitResult find_main(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  CXCursor *out = d;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
    char *name = frontend_spelling(c);
    if (!strcmp(name, "main"))
      *out = c;
    xfree(name);
  }
  return CXChildVisit_Continue;
}

/* main's locals with known values, for a nest of main's own. */
static enum CXChildVisitResult main_locals(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  void **ctx = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl)
    know(ctx[0], c, local_value(c, *(CXCursor *)ctx[1]));
  return CXChildVisit_Recurse;
}

void frontend_find_entry(Source *src) {
  CXCursor main_fn = clang_getNullCursor();
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), find_main, &main_fn);
  if (clang_Cursor_isNull(main_fn) || !frontend_in_main_file(src, main_fn))
    return;
  CXCursor body = frontend_last_kid(main_fn, CXCursor_CompoundStmt);
  if (clang_Cursor_isNull(body))
    return;
  unsigned open = frontend_begin(body);
  if (open >= src->len || src->text[open] != '{')
    return; /* its brace comes from a macro */
  Walk w = {src, first_nest_of(src, "main"), clang_getNullCursor(), false, false};
  clang_visitChildren(body, walk_kid, &w);
  if (w.stop || (!w.main_nest && clang_Cursor_isNull(w.call)))
    return;
  EntryCall *ec = NEW(EntryCall);
  ec->insert_at = open + 1;
  if (w.main_nest) {
    ec->func = xstrdup("main");
    void *ctx[2] = {ec, &body};
    clang_visitChildren(body, main_locals, ctx);
  } else {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(w.call));
    CXCursor fbody = frontend_last_kid(def, CXCursor_CompoundStmt);
    ec->func = frontend_spelling(def);
    int nargs = clang_Cursor_getNumArguments(w.call);
    if (clang_Cursor_isNull(fbody) || nargs != clang_Cursor_getNumArguments(def)) {
      xfree(ec->func);
      xfree(ec);
      return; /* a variadic function */
    }
    for (int i = 0; i < nargs; i++) {
      CXCursor parm = clang_Cursor_getArgument(def, (unsigned)i);
      if (!written(fbody, decl_offset(parm)))
        know(ec, parm, arg_value(clang_Cursor_getArgument(w.call, (unsigned)i), body));
    }
  }
  src->entry = ec;
}

const char *frontend_entry_value(const EntryCall *ec, unsigned decl_off) {
  for (int i = 0; ec && i < ec->offs.len; i++)
    if ((uintptr_t)ec->offs.items[i] == decl_off)
      return ec->values.items[i];
  return NULL;
}
