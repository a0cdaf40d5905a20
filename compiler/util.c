/* util.c — allocation that fails loudly, growable strings and arrays.
 * The compiler is a short-lived process: IR nodes live until exit, which keeps
 * ownership simple; everything here aborts on out-of-memory. */
#include "nucc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void) {
  fputs("nucc: error: out of memory\n", stderr);
  exit(1);
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

char *xstrndup(const char *s, size_t n) {
  char *p = xcalloc(n + 1, 1);
  memcpy(p, s, n);
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

static char *vformat(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *p = xcalloc((size_t)n + 1, 1);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  return p;
}

char *xformat(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *p = vformat(fmt, ap);
  va_end(ap);
  return p;
}

static void buf_reserve(Buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap * 2 : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s)
    out_of_memory();
  b->s = s;
  b->cap = cap;
}

void buf_puts(Buf *b, const char *s) {
  size_t n = strlen(s);
  buf_reserve(b, n);
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = vformat(fmt, ap);
  va_end(ap);
  buf_puts(b, s);
  free(s);
}

void buf_indent(Buf *b, int depth) {
  for (int i = 0; i < depth; i++)
    buf_puts(b, "  ");
}

void vec_push(Vec *v, void *p) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    void **items = realloc(v->items, sizeof(void *) * (size_t)v->cap);
    if (!items)
      out_of_memory();
    v->items = items;
  }
  v->items[v->len++] = p;
}
