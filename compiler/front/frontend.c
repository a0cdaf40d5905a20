/* frontend.c — libclang cursors → the loop-nest IR, the front end's entry.
 * Receives the input file; parses it with libclang, reports clang's errors,
 * records the headers, then runs the front end's passes in order: pragmas
 * found and attached, nests built, OpenMP checked, host code and macros
 * collected (design.md, "The front end", says which file does what). */
#include "frontend_clang.h"
#include "openacc.h"

#include <stdio.h>
#include <string.h>

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
        diag_error((SrcLoc){.line = (int)line, .col = (int)col}, "%s", clang_getCString(msg));
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
    if (!frontend_token_is(src, t[i], "#") || !frontend_token_is(src, t[i + 1], "pragma"))
      continue;
    bool nu = frontend_token_is(src, t[i + 2], "nu");
    bool acc = src->openacc && frontend_token_is(src, t[i + 2], "acc");
    if (!nu && !acc && !(src->openmp && frontend_token_is(src, t[i + 2], "omp")))
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
    if (acc) {
      AccDir d;
      acc_parse(strstr(line_text, "acc") + 3, &d);
      loop = d.kind == OMP_LOOP;
    } else if (!nu) {
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
  frontend_find_skipped(src);
  frontend_find_pragmas(src, toks, ntoks);
  if (src->openacc)
    frontend_acc_nests(src, toks, ntoks);
  for (int i = 0; i < src->includes.len; i++) {
    Include *inc = src->includes.items[i];
    bool seen = inc->system;
    for (int j = 0; j < i && !seen; j++)
      seen = !strcmp(((Include *)src->includes.items[j])->name, inc->name);
    if (!seen)
      header_pragmas(src, inc);
  }
  frontend_attach_pragmas(src, toks, ntoks);
  if (src->openmp || src->openacc)
    frontend_omp_loops(src);
  if (diag_errors()) {
    clang_disposeTokens(src->clang->tu, toks, ntoks);
    return false;
  }

  /* before the nests: their literals' spellings look up -D macros in it */
  frontend_collect_macros(src);
  frontend_collect_nests(src);
  frontend_check_omp(src, toks, ntoks);
  clang_disposeTokens(src->clang->tu, toks, ntoks);
  if (diag_errors())
    return false;
  frontend_host_collect(src);
  frontend_find_entry(src);
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
