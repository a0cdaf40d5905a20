/* util.c — allocation that fails loudly, growable strings and arrays.
 * Everything the compiler allocates belongs to the compilation: IR nodes are
 * shared freely between passes, so instead of per-node ownership every block
 * is recorded in one set and util_free_all() releases what is left at the
 * end.  xfree() releases a block early.  Out-of-memory aborts. */
#include "nucc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void) {
  fputs("nucc: error: out of memory\n", stderr);
  exit(1);
}

/* The set of live blocks: open addressing on the pointer value. */
static void **live;
static size_t live_cap, live_len;

static size_t slot_of(void *p, size_t cap) {
  uintptr_t h = (uintptr_t)p;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 7) & (cap - 1);
}

static void live_insert(void *p);

static void live_grow(void) {
  void **old = live;
  size_t old_cap = live_cap;
  live_cap = live_cap ? live_cap * 2 : 1024;
  live = calloc(live_cap, sizeof(void *));
  if (!live)
    out_of_memory();
  live_len = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i] && old[i] != (void *)&live)
      live_insert(old[i]);
  free(old);
}

static void live_insert(void *p) {
  if ((live_len + 1) * 2 > live_cap)
    live_grow();
  size_t i = slot_of(p, live_cap);
  while (live[i] && live[i] != (void *)&live)
    i = (i + 1) & (live_cap - 1);
  live[i] = p;
  live_len++;
}

/* Removes p; a tombstone (&live) keeps later probes going. */
static void live_remove(void *p) {
  if (!live_cap)
    return;
  size_t i = slot_of(p, live_cap);
  while (live[i]) {
    if (live[i] == p) {
      live[i] = (void *)&live;
      return;
    }
    i = (i + 1) & (live_cap - 1);
  }
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory();
  live_insert(p);
  return p;
}

static void *xrealloc(void *old, size_t size) {
  if (old)
    live_remove(old);
  void *p = realloc(old, size);
  if (!p)
    out_of_memory();
  live_insert(p);
  return p;
}

void xfree(void *p) {
  if (!p)
    return;
  live_remove(p);
  free(p);
}

/* Vectors of module state that hold compilation memory: emptied with it. */
static Vec **scoped;
static size_t nscoped, scoped_cap;

void util_scoped_vec(Vec *v) {
  for (size_t i = 0; i < nscoped; i++)
    if (scoped[i] == v)
      return;
  if (nscoped == scoped_cap) {
    scoped_cap = scoped_cap ? 2 * scoped_cap : 8;
    Vec **grown = realloc(scoped, scoped_cap * sizeof(Vec *));
    if (!grown) {
      fprintf(stderr, "nucc: out of memory\n");
      exit(2);
    }
    scoped = grown;
  }
  scoped[nscoped++] = v;
}

void util_scoped_reset(void) {
  for (size_t i = 0; i < nscoped; i++)
    *scoped[i] = (Vec){0};
}

void util_free_all(void) {
  util_scoped_reset();
  for (size_t i = 0; i < live_cap; i++)
    if (live[i] && live[i] != (void *)&live)
      free(live[i]);
  free(live);
  live = NULL;
  live_cap = live_len = 0;
}

char *xstrndup(const char *s, size_t n) {
  char *p = xcalloc(n + 1, 1);
  memcpy(p, s, n);
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xvformat(const char *fmt, va_list ap) {
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
  char *p = xvformat(fmt, ap);
  va_end(ap);
  return p;
}

static void buf_reserve(Buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap * 2 : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->s = xrealloc(b->s, cap);
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
  char *s = xvformat(fmt, ap);
  va_end(ap);
  buf_puts(b, s);
  xfree(s);
}

void buf_indent(Buf *b, int depth) {
  for (int i = 0; i < depth; i++)
    buf_puts(b, "  ");
}

void vec_push(Vec *v, void *p) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    v->items = xrealloc(v->items, sizeof(void *) * (size_t)v->cap);
  }
  v->items[v->len++] = p;
}

bool vec_contains(const Vec *v, const void *p) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == p)
      return true;
  return false;
}
