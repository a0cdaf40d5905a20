/* clcheck.c — the generated OpenCL program parsed as OpenCL C 1.2 by
 * libclang before it ships, so that nucc never emits a program that fails
 * to build on the device (found only when the user's program runs).
 * Receives the program text and its kernels; a failure is an internal error
 * naming the annotated loop (or the helper) where it lies.  On in debug
 * builds (NUCC_CHECK_CL defined) and with NUCC_CHECK_CL=1 (the test suite). */
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
