/* outcmp.c — compares the outputs of the sequential and the offloaded build
 * of a test program.  Receives two output files and an optional relative
 * tolerance; hands on exit status 0 (same), 1 (first difference printed) or
 * 2 (bad usage or unreadable file).
 *
 * Lines containing "time" are skipped in both files (timings differ by
 * nature).  The remaining lines are compared in order, token by token;
 * tokens are separated by white space, '=' and ','.  A token that strtod
 * consumes whole is a number and matches within the tolerance (relative,
 * with an absolute floor for values near zero: floating-point sums may be
 * reassociated or contracted to FMA on the device); any other token must
 * match exactly.  A tolerance of 0 asks for exact numbers. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_RELTOL 1e-4
#define ABS_FLOOR 1e-6

typedef struct {
  const char *path;
  FILE *f;
  char *buf; /* the current line, without its newline */
  size_t cap;
  long lineno; /* 1-based number of the current line */
} Reader;

/* Reads the next line into r->buf.  Returns 0 at end of file, -1 on error. */
static int read_line(Reader *r) {
  size_t len = 0;
  int c;
  while ((c = fgetc(r->f)) != EOF && c != '\n') {
    if (len + 1 >= r->cap) {
      size_t cap = r->cap ? 2 * r->cap : 256;
      char *p = realloc(r->buf, cap);
      if (!p)
        return -1;
      r->buf = p;
      r->cap = cap;
    }
    r->buf[len++] = (char)c;
  }
  if (ferror(r->f))
    return -1;
  if (c == EOF && len == 0)
    return 0;
  if (!r->buf) {
    r->buf = malloc(1);
    if (!r->buf)
      return -1;
    r->cap = 1;
  }
  r->buf[len] = '\0';
  if (len > 0 && r->buf[len - 1] == '\r')
    r->buf[len - 1] = '\0';
  r->lineno++;
  return 1;
}

/* Reads the next line that does not mention "time". */
static int next_compared_line(Reader *r) {
  int st;
  while ((st = read_line(r)) == 1 && strstr(r->buf, "time"))
    ;
  return st;
}

static int is_sep(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '=' || c == ',';
}

/* Finds the next token at or after *pos; stores its start and length.
 * Returns 0 when the line has no more tokens. */
static int next_token(const char *line, size_t *pos, const char **tok, size_t *len) {
  size_t i = *pos;
  while (line[i] && is_sep(line[i]))
    i++;
  if (!line[i])
    return 0;
  size_t start = i;
  while (line[i] && !is_sep(line[i]))
    i++;
  *tok = line + start;
  *len = i - start;
  *pos = i;
  return 1;
}

/* Parses the whole token as a number.  Returns 1 and stores it on success. */
static int parse_number(const char *tok, size_t len, double *out) {
  char tmp[128];
  if (len == 0 || len >= sizeof tmp)
    return 0;
  memcpy(tmp, tok, len);
  tmp[len] = '\0';
  char *end;
  errno = 0;
  double v = strtod(tmp, &end);
  if (end != tmp + len)
    return 0;
  *out = v;
  return 1;
}

static int numbers_match(double a, double b, double reltol) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  if (isinf(a) || isinf(b))
    return a == b;
  if (reltol == 0.0)
    return a == b; /* tolerance 0: exact, no absolute floor either */
  double diff = fabs(a - b);
  double scale = fmax(fabs(a), fabs(b));
  return diff <= ABS_FLOOR || diff <= reltol * scale;
}

/* Compares two lines token by token.  Returns 1 when they match. */
static int lines_match(const char *la, const char *lb, double reltol) {
  size_t pa = 0, pb = 0;
  for (;;) {
    const char *ta, *tb;
    size_t na, nb;
    int ha = next_token(la, &pa, &ta, &na);
    int hb = next_token(lb, &pb, &tb, &nb);
    if (!ha || !hb)
      return ha == hb;
    double va, vb;
    if (parse_number(ta, na, &va) && parse_number(tb, nb, &vb)) {
      if (!numbers_match(va, vb, reltol))
        return 0;
    } else if (na != nb || memcmp(ta, tb, na) != 0) {
      return 0;
    }
  }
}

static int open_reader(Reader *r, const char *path) {
  memset(r, 0, sizeof *r);
  r->path = path;
  r->f = fopen(path, "r");
  if (!r->f) {
    fprintf(stderr, "outcmp: cannot open %s: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

static void close_reader(Reader *r) {
  if (r->f)
    fclose(r->f);
  free(r->buf);
}

static int compare(Reader *a, Reader *b, double reltol) {
  for (;;) {
    int sa = next_compared_line(a);
    int sb = next_compared_line(b);
    if (sa < 0 || sb < 0) {
      fprintf(stderr, "outcmp: read error on %s\n", sa < 0 ? a->path : b->path);
      return 2;
    }
    if (sa == 0 && sb == 0)
      return 0;
    if (sa == 0 || sb == 0) {
      Reader *longer = sa ? a : b, *shorter = sa ? b : a;
      printf("outcmp: %s ends after line %ld, %s goes on:\n", shorter->path, shorter->lineno,
             longer->path);
      printf("  %s:%ld: %s\n", longer->path, longer->lineno, longer->buf);
      return 1;
    }
    if (!lines_match(a->buf, b->buf, reltol)) {
      printf("outcmp: first difference (relative tolerance %g):\n", reltol);
      printf("  %s:%ld: %s\n", a->path, a->lineno, a->buf);
      printf("  %s:%ld: %s\n", b->path, b->lineno, b->buf);
      return 1;
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 4) {
    fprintf(stderr,
            "usage: outcmp A B [reltol]\n"
            "  compares two program outputs; lines containing \"time\" are skipped,\n"
            "  numbers match within reltol (default %g)\n",
            DEFAULT_RELTOL);
    return 2;
  }
  double reltol = DEFAULT_RELTOL;
  if (argc == 4) {
    char *end;
    reltol = strtod(argv[3], &end);
    if (end == argv[3] || *end || !(reltol >= 0.0)) {
      fprintf(stderr, "outcmp: bad tolerance '%s'\n", argv[3]);
      return 2;
    }
  }
  Reader a, b;
  if (open_reader(&a, argv[1]) < 0)
    return 2;
  if (open_reader(&b, argv[2]) < 0) {
    close_reader(&a);
    return 2;
  }
  int st = compare(&a, &b, reltol);
  close_reader(&a);
  close_reader(&b);
  return st;
}
