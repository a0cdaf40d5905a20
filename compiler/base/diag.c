/* diag.c — diagnostics in the C compiler's format.
 * Receives locations in the input file; prints `file:line:col: error: msg`,
 * the source line and a caret, as clang and gcc do, so editors and CI logs
 * understand them.  Errors are counted; the driver decides the exit status.
 * With color on (main.c: -fcolor-diagnostics, or stderr a terminal), the
 * colors are clang's and GCC's: bold location, red error, magenta warning,
 * cyan note, bold message, green caret.  Warnings carry a name, printed in
 * brackets as GCC does (`[-Wnucc-omp-ignored]`), by which -Wno-NAME mutes
 * one and -Werror=NAME (or -Werror) makes it an error, so that CI can. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "nucc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One compilation's diagnostics: diag_init() starts them afresh.  The color
 * setting is the process's (main.c). */
static const char *diag_path = "<input>";
static const char *diag_text;
static size_t diag_len;
static int diag_nerrors;
static int quiet_depth, quiet_errors; /* the search's trials: errors counted, not shown */
/* The first error the outermost trial muted, with the note right after it
 * (a dependence's pair): what --report says of a trial that failed. */
static Buf quiet_first;
static bool quiet_want_note;
static bool use_color;
/* --openmp compiles again when errors fall in OpenMP loops (driver.c): a
 * pass's diagnostics are held back until the driver knows it is the last.
 * Every error is recorded with the nest it belongs to, for that choice. */
static FILE *held;
static char *held_text;
static size_t held_len;
static Vec records; /* DiagRecord* */
/* Files other than the input that locations name (SrcLoc.file - 1): the
 * headers and --with units whose helpers kernels call.  The process's, in
 * malloc's memory: a location keeps its number from one --openmp pass to
 * the next (driver.c's HomeLoop); the texts are read again after
 * diag_init(). */
typedef struct DiagFile {
  char *path, *text;
  size_t len;
  bool read;
} DiagFile;
static DiagFile *files;
static int nfiles, files_cap;
static unsigned owner;
static bool muted; /* the last warning was -Wno-'d: its notes go with it */

/* Where diagnostics go now: stderr, or the held text. */
static FILE *dout(void) { return held ? held : stderr; }

/* The warnings nucc gives; each starts on.  The state is the process's, as
 * the color is (main.c sets it before the compilation). */
static const char *const warning_names[] = {
    "nucc-omp-ignored",     // an OpenMP directive nucc does not translate: kept as written
    "nucc-omp-header",      // an OpenMP loop in a header's function: stays on the host
    "nucc-omp-host",        // an OpenMP loop nucc cannot offload: stays on the host
    "nucc-acc-ignored",     // an OpenACC directive or clause nucc does not translate
    "nucc-acc-host",        // an OpenACC loop nucc cannot offload: stays on the host
    "nucc-acc-present",     // present(a) where no data clause before copied a
    "nucc-omp-map",         // a map clause lazy sync finds wrong: present, or one-way
    "nucc-pragma-operator", // a _Pragma nucc cannot read
    "nucc-compdb",          // -p: no compile command for the input
    "nucc-unused-option",   // an option that does nothing without another
    "nucc-kernel-assert",   // an assert in a kernel: not checked there
    "nucc-vector-lanes",    // a vector loop a kernel runs lane by lane
};
#define NWARNINGS (sizeof warning_names / sizeof *warning_names)
static DiagWarnState warning_state[NWARNINGS];
static bool werror_all;             /* -Werror: every warning not set otherwise is an error */
static bool warning_set[NWARNINGS]; /* given by name: -Werror does not override it */

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
  records = (Vec){0};
  for (int i = 0; i < nfiles; i++) {
    free(files[i].text);
    files[i].text = NULL;
    files[i].read = false;
  }
  owner = 0;
  muted = false;
}

void diag_hold(void) {
  if (!held)
    held = open_memstream(&held_text, &held_len);
}

void diag_release(bool show) {
  if (!held)
    return;
  fclose(held);
  held = NULL;
  if (show)
    fwrite(held_text, 1, held_len, stderr);
  free(held_text); /* open_memstream's, not util.c's */
  held_text = NULL;
}

unsigned diag_set_owner(unsigned key) {
  unsigned was = owner;
  owner = key;
  return was;
}

const Vec *diag_records(void) { return &records; }

int diag_file(const char *path) {
  if (!path || !strcmp(path, diag_path))
    return 0;
  for (int i = 0; i < nfiles; i++)
    if (!strcmp(files[i].path, path))
      return i + 1;
  char *copy = strdup(path);
  if (!copy)
    return 0; /* out of memory: shown as the input's, never lost */
  if (nfiles == files_cap) {
    int cap = files_cap ? 2 * files_cap : 8;
    DiagFile *grown = realloc(files, (size_t)cap * sizeof *files);
    if (!grown) {
      free(copy);
      return 0;
    }
    files = grown;
    files_cap = cap;
  }
  files[nfiles] = (DiagFile){.path = copy};
  return ++nfiles;
}

/* The path and text of a location's file; a file other than the input is
 * read the first time one of its lines is shown. */
static const char *file_of(SrcLoc loc, const char **text, size_t *len) {
  if (loc.file < 1 || loc.file > nfiles) {
    *text = diag_text;
    *len = diag_len;
    return diag_path;
  }
  DiagFile *f = &files[loc.file - 1];
  if (!f->read) {
    f->read = true;
    FILE *in = fopen(f->path, "rb");
    long size = in && fseek(in, 0, SEEK_END) == 0 ? ftell(in) : -1;
    if (size >= 0 && fseek(in, 0, SEEK_SET) == 0 && (f->text = malloc((size_t)size + 1)))
      f->len = fread(f->text, 1, (size_t)size, in);
    if (in)
      fclose(in);
  }
  *text = f->text;
  *len = f->len;
  return f->path;
}

static void record(SrcLoc loc, bool movable, const char *fmt, va_list ap) {
  DiagRecord *r = NEW(DiagRecord);
  r->loc = loc;
  r->owner = owner;
  r->movable = movable;
  r->msg = fmt ? xvformat(fmt, ap) : NULL;
  vec_push(&records, r);
}

static void record_text(SrcLoc loc, bool movable, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(loc, movable, fmt, ap);
  va_end(ap);
}

/* Prints line `line` of the input and a caret under column `col`; tabs are
 * kept in the caret line so the caret lines up in a terminal. */
static void show_line(SrcLoc loc) {
  const char *text;
  size_t len;
  file_of(loc, &text, &len);
  int line = loc.line, col = loc.col;
  if (!text || line < 1)
    return;
  const char *p = text, *end = text + len;
  for (int l = 1; l < line && p < end; p++)
    if (*p == '\n')
      l++;
  if (p >= end && line > 1)
    return;
  const char *e = memchr(p, '\n', (size_t)(end - p));
  if (!e)
    e = end;
  fprintf(dout(), "%.*s\n", (int)(e - p), p);
  for (int c = 1; c < col && p + c - 1 < e; c++)
    fputc(p[c - 1] == '\t' ? '\t' : ' ', dout());
  fprintf(dout(), "%s^%s\n", sgr("\033[1;32m"), sgr(SGR_RESET));
}

bool diag_set_warning(const char *name, DiagWarnState state) {
  for (size_t i = 0; i < NWARNINGS; i++)
    if (!strcmp(name, warning_names[i])) {
      warning_state[i] = state;
      warning_set[i] = true;
      return true;
    }
  return false;
}

void diag_set_werror(bool on) { werror_all = on; }

const char *diag_warning_name(int i) {
  return i >= 0 && (size_t)i < NWARNINGS ? warning_names[i] : NULL;
}

/* What the warning `name` is now: on, off or an error. */
static DiagWarnState warning_now(const char *name) {
  for (size_t i = 0; i < NWARNINGS; i++)
    if (!strcmp(name, warning_names[i])) {
      if (!warning_set[i] && werror_all)
        return DIAG_WARN_ERROR;
      return warning_state[i];
    }
  return DIAG_WARN_ON; /* a name the table misses still shows: never silent */
}

static void report(const char *kind, SrcLoc loc, const char *fmt, va_list ap) {
  fputs(sgr(SGR_BOLD), dout());
  const char *text;
  size_t len;
  const char *path = file_of(loc, &text, &len);
  if (loc.line > 0)
    fprintf(dout(), "%s:%d:%d: ", path, loc.line, loc.col);
  else
    fprintf(dout(), "%s: ", path);
  fprintf(dout(), "%s%s%s: %s", sgr(SGR_RESET), sgr(kind_color(kind)), kind, sgr(SGR_RESET));
  if (strcmp(kind, "note") != 0) /* a note's text is not bold, as in clang */
    fputs(sgr(SGR_BOLD), dout());
  vfprintf(dout(), fmt, ap);
  fprintf(dout(), "%s\n", sgr(SGR_RESET));
  show_line(loc);
}

static void report_text(const char *kind, SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(kind, loc, fmt, ap);
  va_end(ap);
}

/* A warning's kind and the name in brackets after its message, as GCC
 * prints them: `warning: ... [-Wname]`, `error: ... [-Werror=name]`. */
static const char *warning_kind(const char *name, DiagWarnState st, char *tag, size_t n) {
  snprintf(tag, n, st == DIAG_WARN_ERROR ? " [-Werror=%s]" : " [-W%s]", name);
  if (st == DIAG_WARN_ERROR) {
    diag_nerrors++;
    record_text((SrcLoc){0}, false, NULL);
    return "error";
  }
  return "warning";
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
  muted = false;
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
  va_start(ap, fmt);
  record(loc, true, fmt, ap);
  va_end(ap);
  diag_nerrors++;
}

void diag_warning(const char *name, SrcLoc loc, const char *fmt, ...) {
  DiagWarnState st = warning_now(name);
  muted = st == DIAG_WARN_OFF;
  if (quiet_depth || st == DIAG_WARN_OFF)
    return;
  char tag[128];
  const char *kind = warning_kind(name, st, tag, sizeof tag);
  va_list ap;
  va_start(ap, fmt);
  char *msg = xvformat(fmt, ap);
  va_end(ap);
  report_text(kind, loc, "%s%s", msg, tag);
  xfree(msg);
}

void diag_note(SrcLoc loc, const char *fmt, ...) {
  if (muted && !quiet_depth)
    return;
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
  fprintf(dout(), "%snucc: %s%s%s: %s%s", sgr(SGR_BOLD), sgr(SGR_RESET), sgr(kind_color(kind)),
          kind, sgr(SGR_RESET), sgr(SGR_BOLD));
  vfprintf(dout(), fmt, ap);
  fprintf(dout(), "%s\n", sgr(SGR_RESET));
}

static void plain_text(const char *kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  plain(kind, fmt, ap);
  va_end(ap);
}

void diag_plain(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  plain("error", fmt, ap);
  va_end(ap);
  record_text((SrcLoc){0}, false, NULL);
  diag_nerrors++;
}

void diag_plain_warning(const char *name, const char *fmt, ...) {
  DiagWarnState st = warning_now(name);
  if (st == DIAG_WARN_OFF)
    return;
  char tag[128];
  const char *kind = warning_kind(name, st, tag, sizeof tag);
  va_list ap;
  va_start(ap, fmt);
  char *msg = xvformat(fmt, ap);
  va_end(ap);
  plain_text(kind, "%s%s", msg, tag);
  xfree(msg);
}

int diag_errors(void) { return diag_nerrors; }
