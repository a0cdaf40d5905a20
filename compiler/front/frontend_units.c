/* frontend_units.c — the program's other files (--with, -p), read for the
 * bodies of the functions kernels call that the input only declares, as
 * link-time optimisation reads them.  Receives the driver's units; parses
 * one only when a call needs a body the units parsed so far lack, and each
 * once in a compilation (the parses outlive --openmp's passes); hands the
 * definition's cursor to frontend_conv.c, which translates it as one of the
 * file's own functions.  The host keeps calling the separately compiled
 * function: only the kernel gets a copy. */
#include "frontend_clang.h"

#include <string.h>

struct UnitClang {
  CXIndex index;
  CXTranslationUnit tu; /* NULL: it does not parse or does not compile */
  Vec names;            /* char*: the functions it defines with external linkage */
  Vec defs;             /* CXCursor*, parallel to names */
};

/* A definition the unit itself writes: a static function elsewhere is
 * another function, and a header's was seen in the input if it includes it. */
static enum CXChildVisitResult collect_def(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  struct UnitClang *u = d;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      clang_getCursorLinkage(c) == CXLinkage_External &&
      clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
    CXCursor *copy = NEW(CXCursor);
    *copy = c;
    vec_push(&u->names, frontend_spelling(c));
    vec_push(&u->defs, copy);
  }
  return CXChildVisit_Continue;
}

/* A unit with errors gives no bodies: its own build reports them, and a
 * half-parsed body would make a wrong kernel. */
static bool compiles(CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    ok = clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  return ok;
}

static void unit_parse(Unit *u) {
  struct UnitClang *uc = NEW(struct UnitClang);
  u->clang = uc;
  uc->index = clang_createIndex(0, 0);
  enum CXErrorCode err =
      clang_parseTranslationUnit2(uc->index, u->path, (const char *const *)u->args.items,
                                  u->args.len, NULL, 0, CXTranslationUnit_None, &uc->tu);
  if (err != CXError_Success || !uc->tu || !compiles(uc->tu)) {
    if (uc->tu)
      clang_disposeTranslationUnit(uc->tu);
    uc->tu = NULL;
    return;
  }
  clang_visitChildren(clang_getTranslationUnitCursor(uc->tu), collect_def, uc);
}

/* The input's own definition of a function named d->name: another unit's
 * function (pick_mat, found with --with) may call one of the input's
 * (LCG_random_double), which that unit only declares. */
typedef struct {
  const char *name;
  CXCursor found;
} InputDef;

static enum CXChildVisitResult find_input_def(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  InputDef *want = d;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      clang_getCursorLinkage(c) == CXLinkage_External &&
      clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
    char *name = frontend_spelling(c);
    bool same = !strcmp(name, want->name);
    xfree(name);
    if (same) {
      want->found = c;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Continue;
}

CXCursor frontend_unit_definition(Source *src, CXCursor fn) {
  CXCursor found = clang_getNullCursor();
  char *name = frontend_spelling(fn);
  if (clang_Cursor_getTranslationUnit(fn) != src->clang->tu) {
    InputDef want = {name, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), find_input_def, &want);
    if (!clang_Cursor_isNull(want.found)) {
      xfree(name);
      return want.found;
    }
  }
  if (!src->units) {
    xfree(name);
    return found;
  }
  for (int i = 0; i < src->units->len && clang_Cursor_isNull(found); i++) {
    Unit *u = src->units->items[i];
    if (!u->clang)
      unit_parse(u);
    for (int j = 0; j < u->clang->names.len; j++)
      if (!strcmp(u->clang->names.items[j], name)) {
        found = *(CXCursor *)u->clang->defs.items[j];
        break;
      }
  }
  xfree(name);
  return found;
}

char *frontend_units_searched(Source *src) {
  Buf b = {0};
  int n = src->units ? src->units->len : 0;
  for (int i = 0; i < n && i < 4; i++)
    buf_printf(&b, "%s%s", i ? ", " : "", ((Unit *)src->units->items[i])->path);
  if (n > 4)
    buf_printf(&b, " and %d more", n - 4);
  return b.s ? b.s : xstrdup("");
}

void frontend_dispose_units(Vec *units) {
  for (int i = 0; units && i < units->len; i++) {
    Unit *u = units->items[i];
    if (!u->clang)
      continue;
    if (u->clang->tu)
      clang_disposeTranslationUnit(u->clang->tu);
    clang_disposeIndex(u->clang->index);
    u->clang = NULL;
  }
}
