/* diag.c — diagnostics in the C compiler's format.
 * Receives locations in the input file; prints `file:line:col: error: msg`,
 * the source line and a caret, as clang and gcc do, so editors and CI logs
 * understand them.  Errors are counted; the driver decides the exit status.
 * With color on (main.c: -fcolor-diagnostics, or stderr a terminal), the
 * colors are clang's and GCC's: bold location, red error, magenta warning,
 * cyan note, bold message, green caret. */
#include "nucc.h"

#include <stdio.h>
#include <string.h>

/* One compilation's diagnostics: diag_init() starts them afresh.  The color
 * setting is the process's (main.c). */
static const char *diag_path = "<input>";
static const char *diag_text;
static size_t diag_len;
static int diag_nerrors;
static int quiet_depth, quiet_errors; /* legality probes: errors counted, not shown */
/* The first error the outermost probe muted, with the note right after it
 * (a dependence's pair): what --report says of a probe that failed. */
static Buf quiet_first;
static bool quiet_want_note;
static bool use_color;

void diag_set_color(bool on) { use_color = on; }

/* An SGR escape sequence, or nothing without color. */
static const char *sgr(const char *code) { return use_color ? code : ""; }
#define SGR_RESET "\033[0m"
#define SGR_BOLD "\033[1m"

static const char *kind_color(const char *kind) {
  if (!strcmp(kind, "error"))
    return "\033[1;31m";
  if (!strcmp(kind, "warning"))
    return "\033[1;35m";
  return "\033[1;36m";
}

void diag_init(const char *path, const char *text, size_t len) {
  diag_path = path;
  diag_text = text;
  diag_len = len;
  diag_nerrors = 0;
  quiet_depth = quiet_errors = 0; /* a probe an earlier compilation left open */
  quiet_first = (Buf){0};
  quiet_want_note = false;
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
  fprintf(stderr, "%s^%s\n", sgr("\033[1;32m"), sgr(SGR_RESET));
}

static void report(const char *kind, SrcLoc loc, const char *fmt, va_list ap) {
  fputs(sgr(SGR_BOLD), stderr);
  if (loc.line > 0)
    fprintf(stderr, "%s:%d:%d: ", diag_path, loc.line, loc.col);
  else
    fprintf(stderr, "%s: ", diag_path);
  fprintf(stderr, "%s%s%s: %s", sgr(SGR_RESET), sgr(kind_color(kind)), kind, sgr(SGR_RESET));
  if (strcmp(kind, "note") != 0) /* a note's text is not bold, as in clang */
    fputs(sgr(SGR_BOLD), stderr);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "%s\n", sgr(SGR_RESET));
  show_line(loc.line, loc.col);
}

int diag_quiet_begin(void) {
  if (!quiet_depth++) {
    quiet_first = (Buf){0};
    quiet_want_note = false;
  }
  return quiet_errors;
}

int diag_quiet_end(int before) {
  quiet_depth--;
  int n = quiet_errors - before;
  /* the errors of a probe inside another are that probe's: the one around
   * it counts only its own (a bare `work` tried muted on a nest of a time
   * loop makes failing trials of its own before the chain it keeps) */
  quiet_errors = quiet_depth ? before : 0;
  return n;
}

/* Keeps a muted message's text (see quiet_first). */
static void keep_quiet(SrcLoc loc, const char *sep, const char *fmt, va_list ap) {
  char *msg = xvformat(fmt, ap);
  if (!quiet_first.len)
    buf_printf(&quiet_first, "%d:%d: ", loc.line, loc.col);
  buf_printf(&quiet_first, "%s%s", sep, msg);
  xfree(msg);
}

const char *diag_quiet_first(void) { return quiet_first.s; }

void diag_error(SrcLoc loc, const char *fmt, ...) {
  if (quiet_depth) {
    quiet_errors++;
    if (!quiet_first.len) {
      va_list ap;
      va_start(ap, fmt);
      keep_quiet(loc, "", fmt, ap);
      va_end(ap);
      quiet_want_note = true;
    }
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
  if (quiet_depth) {
    if (quiet_want_note) {
      va_list ap;
      va_start(ap, fmt);
      keep_quiet(loc, "; ", fmt, ap);
      va_end(ap);
      quiet_want_note = false;
    }
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  report("note", loc, fmt, ap);
  va_end(ap);
}

static void plain(const char *kind, const char *fmt, va_list ap) {
  fprintf(stderr, "%snucc: %s%s%s: %s%s", sgr(SGR_BOLD), sgr(SGR_RESET), sgr(kind_color(kind)),
          kind, sgr(SGR_RESET), sgr(SGR_BOLD));
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "%s\n", sgr(SGR_RESET));
}

void diag_plain(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  plain("error", fmt, ap);
  va_end(ap);
  diag_nerrors++;
}

void diag_plain_warning(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  plain("warning", fmt, ap);
  va_end(ap);
}

int diag_errors(void) { return diag_nerrors; }
