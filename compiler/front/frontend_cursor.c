/* frontend_cursor.c — libclang's view, read the way the rest of the front end
 * needs it: a cursor's location, extent and children, its spelling, and
 * which bytes of the file the preprocessor left as code (#if-skipped
 * regions, directive lines).  The floor of the front end: it calls nothing
 * of nucc's but util.c. */
#include "frontend_clang.h"

#include <ctype.h>
#include <string.h>

/* A location outside the input (a header's or another unit's helper) keeps
 * its file, so that a diagnostic there shows that file's line. */
SrcLoc frontend_loc(CXSourceLocation l, unsigned *offset) {
  CXFile f;
  unsigned line, col, off;
  clang_getExpansionLocation(l, &f, &line, &col, &off);
  if (offset)
    *offset = off;
  int file = 0;
  if (f) {
    CXString name = clang_getFileName(f);
    file = diag_file(clang_getCString(name));
    clang_disposeString(name);
  }
  return (SrcLoc){.line = (int)line, .col = (int)col, .file = file};
}

SrcLoc frontend_loc_of(CXCursor c) { return frontend_loc(clang_getCursorLocation(c), NULL); }

/* Where an expression starts (clang's cursor location of `a + b` is the
 * operator; diagnostics point at the start). */
SrcLoc frontend_start_of(CXCursor c) {
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

/* The user's code: the input and the headers it includes with "" or -I,
 * not the system's (whose functions are the C library's, not for kernels). */
bool frontend_is_user_code(Source *src, CXCursor c) {
  CXSourceLocation l = clang_getCursorLocation(c);
  return frontend_in_main_file(src, c) || !clang_Location_isInSystemHeader(l);
}

/* Kinds with any number of children (declarations, function definitions,
 * casts) use frontend_last_kid() or clang_visitChildren() instead of
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
CXCursor frontend_last_kid(CXCursor c, enum CXCursorKind kind) {
  LastKid l = {kind, clang_getNullCursor()};
  clang_visitChildren(c, keep_last, &l);
  return l.found;
}

char *frontend_spelling(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

char *frontend_kind_name(CXCursor c) {
  CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

CXCursor frontend_strip(CXCursor c) {
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

/* Unlike the IR's view of an expression, a host root is seen through casts
 * too: `fwrite((char *)a, ...)` hands `a` to the call. */
CXCursor frontend_strip_casts(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
      return c;
    Kids kids = frontend_kids_of(c);
    if (kids.n < 1 || kids.n > 8)
      return c;
    c = kids.c[kids.n - 1];
  }
}

bool frontend_refers_to(CXCursor e, CXCursor var) {
  e = frontend_strip(e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
         clang_equalCursors(clang_getCursorReferenced(e), var);
}

/* Pragmas are taken as the preprocessor leaves them: a `#pragma nu` in a
 * region #if/#ifdef skipped is not there, and the directives themselves
 * (#ifdef OPEN, #endif) may stand between a pragma and its `for`. */
void frontend_find_skipped(Source *src) {
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

bool frontend_in_skipped(Source *src, unsigned off) {
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
bool frontend_pp_token(Source *src, unsigned off) {
  return frontend_in_skipped(src, off) || on_directive(src, off);
}

bool frontend_names_word(const char *text, unsigned b, unsigned e, const char *w) {
  size_t n = strlen(w);
  for (unsigned i = b; i + n <= e; i++)
    if (!strncmp(text + i, w, n) &&
        (i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_')) &&
        !(isalnum((unsigned char)text[i + n]) || text[i + n] == '_'))
      return true;
  return false;
}

char *frontend_directive_text(Source *src, unsigned off0, unsigned off2, unsigned *b, unsigned *e) {
  *b = off0;
  while (*b > 0 && src->text[*b - 1] != '\n')
    (*b)--;
  unsigned x = off2;
  while (x < src->len && (src->text[x] != '\n' || (x > 0 && src->text[x - 1] == '\\')))
    x++;
  char *rest = xstrndup(src->text + off2 + 3, x - off2 - 3);
  for (char *c = rest; *c; c++) /* continued lines */
    if (*c == '\\' || *c == '\n')
      *c = ' ';
  *e = x < src->len ? x + 1 : x;
  return rest;
}
