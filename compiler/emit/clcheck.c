/* clcheck.c — the generated programs parsed by libclang before they ship:
 * the OpenCL program as OpenCL C 1.2, so that nucc never emits one that
 * fails to build on the device (found only when the user's program runs),
 * and the host C (or --emit=seq's C) as the user's compiler will read it,
 * so that nucc never writes a file that does not compile.
 * Receives the texts; a failure is an internal error naming the annotated
 * loop (or the helper) where it lies.  On in debug builds (NUCC_CHECK_CL
 * defined) and with NUCC_CHECK_CL=1 (the test suite). */
#include "clcheck.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

bool clcheck_enabled(void) {
#ifdef NUCC_CHECK_CL
  return true;
#else
  const char *e = getenv("NUCC_CHECK_CL");
  return e && *e && strcmp(e, "0") != 0;
#endif
}

/* The kernel or helper the program's line belongs to: the last
 * `/\* nu_...: the loop nest at line N *\/` comment or `nu_f(` definition
 * before it, as opencl.c prints them. */
static char *place_of(const char *program, unsigned line) {
  /* the host stubs' `Launches nu_f: the loop nest at line N.` match too */
  char *where = xstrdup("the functions the kernels call");
  unsigned l = 1;
  for (const char *p = program; *p && l <= line; l++) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    const char *at = strstr(p, ": the loop nest at line ");
    if (at && at < p + len) {
      xfree(where);
      where = xformat("the loop at line %d", atoi(at + strlen(": the loop nest at line ")));
    }
    if (!nl)
      break;
    p = nl + 1;
  }
  return where;
}

bool clcheck_program(const char *path, const char *program) {
  static const char *args[] = {"-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header"};
  const char *name = "nucc-program.cl";
  struct CXUnsavedFile u = {name, program, (unsigned long)strlen(program)};
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err = clang_parseTranslationUnit2(
      idx, name, args, (int)(sizeof args / sizeof *args), &u, 1, CXTranslationUnit_None, &tu);
  bool ok = err == CXError_Success && tu;
  if (!ok)
    diag_plain("internal error: libclang could not parse the OpenCL program generated from %s",
               path);
  for (unsigned i = 0; tu && i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      unsigned line, col;
      clang_getSpellingLocation(clang_getDiagnosticLocation(d), NULL, &line, &col, NULL);
      CXString msg = clang_getDiagnosticSpelling(d);
      char *where = place_of(program, line);
      diag_plain("internal error: the OpenCL program generated for %s of %s does not build: "
                 "line %u:%u: %s (please report it, with the input)",
                 where, path, line, col, clang_getCString(msg));
      xfree(where);
      clang_disposeString(msg);
      ok = false;
    }
    clang_disposeDiagnostic(d);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  return ok;
}

/* The part of the host output that holds offset `at`: a nest's launch code
 * (its replacement, tagged with the loop's line), a stub before the input's
 * text (its `Launches ...` comment), or the input's own text. */
static char *host_place_of(const char *text, size_t body_at, const Edits *edits, size_t at,
                           unsigned line, unsigned src_line) {
  if (at < body_at)
    return place_of(text, line);
  int nest = rewrite_tag_at(edits, at - body_at);
  if (nest)
    return xformat("the loop at line %d", nest);
  return xformat("the host code at line %u", src_line);
}

bool clcheck_host(const char *path, const char *text, size_t body_at, const Edits *edits, int argc,
                  const char *const *argv) {
  /* named as the input, so that its `#include "..."` finds what it found */
  struct CXUnsavedFile u = {path, text, (unsigned long)strlen(text)};
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err =
      clang_parseTranslationUnit2(idx, path, argv, argc, &u, 1, CXTranslationUnit_None, &tu);
  bool ok = err == CXError_Success && tu;
  if (!ok)
    diag_plain("internal error: libclang could not parse the C generated from %s", path);
  CXFile self = tu ? clang_getFile(tu, path) : NULL;
  for (unsigned i = 0; tu && i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      CXSourceLocation l = clang_getDiagnosticLocation(d);
      CXFile f;
      unsigned line, col, off, src_line;
      clang_getSpellingLocation(l, &f, &line, &col, &off);
      clang_getPresumedLocation(l, NULL, &src_line, NULL);
      CXString msg = clang_getDiagnosticSpelling(d);
      char *where = f && self && clang_File_isEqual(f, self)
                        ? host_place_of(text, body_at, edits, off, line, src_line)
                        : xformat("the host code at line %u", src_line);
      diag_plain(
          "internal error: the C generated for %s of %s does not compile: output line %u:%u: "
          "%s (please report it, with the input)",
          where, path, line, col, clang_getCString(msg));
      xfree(where);
      clang_disposeString(msg);
      ok = false;
    }
    clang_disposeDiagnostic(d);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  return ok;
}
