/* diag.c — diagnostics in the C compiler's format.
 * Receives locations in the input file; prints `file:line:col: error: msg`,
 * the source line and a caret, as clang and gcc do, so editors and CI logs
 * understand them.  Errors are counted; the driver decides the exit status. */
#include "nucc.h"

#include <stdio.h>
#include <string.h>

static const char *diag_path = "<input>";
static const char *diag_text;
static size_t diag_len;
static int diag_nerrors;
static int quiet_depth, quiet_errors; /* legality probes: errors counted, not shown */

void diag_init(const char *path, const char *text, size_t len) {
  diag_path = path;
  diag_text = text;
  diag_len = len;
  diag_nerrors = 0;
}

/* Prints line `line` of the input and a caret under column `col`; tabs are
 * kept in the caret line so the caret lines up in a terminal. */
static void show_line(int line, int col) {
  if (!diag_text || line < 1)
    return;
  const char *p = diag_text, *end = diag_text + diag_len;
  for (int l = 1; l < line && p < end; p++)
    if (*p == '\n')
      l++;
  if (p >= end && line > 1)
    return;
  const char *e = memchr(p, '\n', (size_t)(end - p));
  if (!e)
    e = end;
  fprintf(stderr, "%.*s\n", (int)(e - p), p);
  for (int c = 1; c < col && p + c - 1 < e; c++)
    fputc(p[c - 1] == '\t' ? '\t' : ' ', stderr);
  fputs("^\n", stderr);
}

static void report(const char *kind, SrcLoc loc, const char *fmt, va_list ap) {
  if (loc.line > 0)
    fprintf(stderr, "%s:%d:%d: %s: ", diag_path, loc.line, loc.col, kind);
  else
    fprintf(stderr, "%s: %s: ", diag_path, kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  show_line(loc.line, loc.col);
}

int diag_quiet_begin(void) {
  quiet_depth++;
  return quiet_errors;
}

int diag_quiet_end(int before) {
  quiet_depth--;
  int n = quiet_errors - before;
  if (!quiet_depth)
    quiet_errors = 0;
  return n;
}

void diag_error(SrcLoc loc, const char *fmt, ...) {
  if (quiet_depth) {
    quiet_errors++;
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  report("error", loc, fmt, ap);
  va_end(ap);
  diag_nerrors++;
}

void diag_warning(SrcLoc loc, const char *fmt, ...) {
  if (quiet_depth)
    return;
  va_list ap;
  va_start(ap, fmt);
  report("warning", loc, fmt, ap);
  va_end(ap);
}

void diag_note(SrcLoc loc, const char *fmt, ...) {
  if (quiet_depth)
    return;
  va_list ap;
  va_start(ap, fmt);
  report("note", loc, fmt, ap);
  va_end(ap);
}

void diag_plain(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("nucc: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  diag_nerrors++;
}

int diag_errors(void) { return diag_nerrors; }
