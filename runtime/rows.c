/* rows.c — tables of rows (float **w, double ***u) handed to a kernel.
 * Receives the table's host pointer, its depth and the extents nucc could
 * bound; reads the row pointers and hands launch.c either the one heap
 * block all rows lie in (an ordinary array then: lazy sync works on it) or
 * a device buffer the rows were gathered into, scattered back after a
 * kernel that writes; with it the offset table the kernel indexes through
 * (w[i][j] is data[rows[i] + j]), uploaded only when the pointers changed. */
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

/* A leaf row: where it is on the host and its bytes (0: a NULL row). */
typedef struct {
  char *p;
  size_t len;
} row;

/* One table, kept across launches by its host address and depth. */
struct nurt_rows {
  const void *table;
  int levels;
  size_t esize;
  const char *name; /* the source name, for messages (a literal) */
  /* the last read: the leaf rows in subscript order; under T ***, the
   * planes and the rows of each */
  row *rows;
  size_t nrows, caprows;
  size_t *plane, nplanes, capplanes;
  /* the offset table as just computed, and as last uploaded */
  cl_long *now, *off;
  size_t noff, capnow, capoff, upoff;
  cl_mem offmem;
  size_t offmem_bytes;
  int block; /* the rows lie in one heap block: [lo, lo + bytes) */
  char *lo;
  size_t bytes;
  /* gathered: the rows end to end on the host and on the device */
  char *stage;
  size_t stage_bytes, gathered;
  cl_mem data;
  size_t data_bytes;
  struct nurt_rows *next;
};
static nurt_rows *rows_list;

static void *grow_to(void *p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap)
    return p;
  size_t n = *cap ? *cap : 16;
  while (n < need)
    n *= 2;
  void *q = realloc(p, n * elem);
  if (!q)
    nurt_fatal("out of host memory for a table of %zu rows", need);
  *cap = n;
  return q;
}

static nurt_rows *rows_of(const void *table, int levels) {
  nurt_rows *r = rows_list;
  while (r && !(r->table == table && r->levels == levels))
    r = r->next;
  if (r)
    return r;
  r = calloc(1, sizeof *r);
  if (!r)
    nurt_fatal("out of host memory");
  r->table = table;
  r->levels = levels;
  r->next = rows_list;
  rows_list = r;
  return r;
}

/* Entries of a pointer array the compiler could not count: its heap block
 * from p on. */
static size_t heap_count(const void *p, size_t elem, const char *what, const char *name,
                         const nurt_where *w) {
  uintptr_t lo;
  size_t bytes;
  if (!p)
    return 0;
  if (!nurt_heap_block(p, &lo, &bytes))
    nurt_fatal("%s:%d: kernel %s: the %s of table '%s' were not bounded at compile time, and %p "
               "is in no heap block nurt knows (blocks of " NURT_HEAP_MIN_TEXT
               " bytes or more from malloc and its kin); bound the loops over them",
               w->file, w->line, w->kernel, what, name, p);
  return (lo + bytes - (uintptr_t)p) / elem;
}

static void add_row(nurt_rows *r, char *p, size_t bytes) {
  r->rows = grow_to(r->rows, &r->caprows, r->nrows + 1, sizeof *r->rows);
  r->rows[r->nrows++] = (row){p, p ? bytes : 0};
}

/* The leaf rows of the table, in order: counts[d] the entries of level d
 * (the last: elements of a row), 0 where nucc could not bound them (then
 * each pointer's heap block says). */
static void read_rows(nurt_rows *r, const long long *counts, const nurt_where *w) {
  r->nrows = r->nplanes = 0;
  size_t n0 =
      counts[0] > 0 ? (size_t)counts[0] : heap_count(r->table, sizeof(void *), "rows", r->name, w);
  char *const *top = r->table;
  size_t rowlen = counts[r->levels] > 0 ? (size_t)counts[r->levels] * r->esize : 0;
  for (size_t i = 0; i < n0; i++) {
    if (r->levels == 1) {
      add_row(r, top[i], rowlen);
      continue;
    }
    char *const *plane = (char *const *)top[i];
    size_t n1 = !plane          ? 0
                : counts[1] > 0 ? (size_t)counts[1]
                                : heap_count(plane, sizeof(void *), "rows", r->name, w);
    r->plane = grow_to(r->plane, &r->capplanes, r->nplanes + 1, sizeof *r->plane);
    r->plane[r->nplanes++] = n1;
    for (size_t j = 0; j < n1; j++)
      add_row(r, plane[j], rowlen);
  }
  if (rowlen)
    return;
  for (size_t k = 0; k < r->nrows; k++)
    if (r->rows[k].p)
      r->rows[k].len = heap_count(r->rows[k].p, 1, "row lengths", r->name, w) / r->esize * r->esize;
}

static const row *sort_base;
static int by_address(const void *a, const void *b) {
  const char *x = sort_base[*(const size_t *)a].p, *y = sort_base[*(const size_t *)b].p;
  return x < y ? -1 : x > y;
}

/* Whether two rows share bytes, *i < *j their places in subscript order
 * when they do; `order` gets the non-NULL rows by address (*n of them).
 * A row whose length came from the heap runs to its block's end: where
 * the rows lie in one block, it is taken to end where the next begins, so
 * that only rows that start alike overlap. */
static int overlap(nurt_rows *r, size_t *order, size_t *n, size_t *i, size_t *j, int heap_len) {
  *n = 0;
  for (size_t k = 0; k < r->nrows; k++)
    if (r->rows[k].p)
      order[(*n)++] = k;
  sort_base = r->rows;
  qsort(order, *n, sizeof *order, by_address);
  for (size_t k = 0; k + 1 < *n; k++) {
    row *a = &r->rows[order[k]], *b = &r->rows[order[k + 1]];
    if (a->p + a->len <= b->p)
      continue;
    if (heap_len && a->p != b->p) {
      a->len = (size_t)(b->p - a->p);
      continue;
    }
    *i = order[k] < order[k + 1] ? order[k] : order[k + 1];
    *j = order[k] < order[k + 1] ? order[k + 1] : order[k];
    return 1;
  }
  return 0;
}

/* Whether every row lies in the heap block of the lowest, at a whole
 * number of elements from it: then the span of that block the rows cover
 * is the buffer. */
static int one_block(nurt_rows *r, const size_t *order, size_t n) {
  if (!n)
    return 0;
  char *first = r->rows[order[0]].p, *end = first;
  uintptr_t lo;
  size_t bytes;
  if (!nurt_heap_block(first, &lo, &bytes))
    return 0;
  for (size_t k = 0; k < n; k++) {
    row *w = &r->rows[order[k]];
    if ((uintptr_t)w->p + w->len > lo + bytes || (size_t)(w->p - first) % r->esize)
      return 0;
    if (w->p + w->len > end)
      end = w->p + w->len;
  }
  r->lo = first;
  r->bytes = (size_t)(end - first);
  return 1;
}

/* The offset table: for T **, row i's first element; for T ***, plane
 * i's first entry in the table, then each row's first element. */
static void build_offsets(nurt_rows *r) {
  size_t total = r->nplanes + r->nrows, at = 0, gathered = 0;
  r->now = grow_to(r->now, &r->capnow, total + 1, sizeof *r->now);
  for (size_t i = 0, next = r->nplanes; i < r->nplanes; i++) {
    r->now[at++] = (cl_long)next;
    next += r->plane[i];
  }
  for (size_t k = 0; k < r->nrows; k++) {
    row *w = &r->rows[k];
    if (r->block) {
      r->now[at++] = w->p ? (cl_long)((w->p - r->lo) / (ptrdiff_t)r->esize) : 0;
    } else {
      r->now[at++] = (cl_long)(gathered / r->esize);
      gathered += w->len;
    }
  }
  r->gathered = r->block ? 0 : gathered;
  r->noff = at;
}

nurt_rows *nurt_rows_read(const void *table, int levels, const long long *counts, size_t esize,
                          int mode, const char *name, const nurt_where *w) {
  if (levels < 1 || levels > 2)
    nurt_fatal("%s:%d: kernel %s: table '%s' of %d levels: nurt takes T ** and T ***", w->file,
               w->line, w->kernel, name, levels + 1);
  nurt_rows *r = rows_of(table, levels);
  r->esize = esize;
  r->name = name;
  read_rows(r, counts, w);
  size_t *order = malloc((r->nrows + 1) * sizeof *order), n, i, j;
  if (!order)
    nurt_fatal("out of host memory");
  if (overlap(r, order, &n, &i, &j, counts[levels] <= 0) && (mode & NURT_OUT))
    nurt_fatal("%s:%d: kernel %s writes table '%s', whose rows %zu and %zu (counted in "
               "subscript order) share memory (%p): the rows of a table a kernel writes must "
               "be distinct; give each row its own memory, or keep the loop on the host",
               w->file, w->line, w->kernel, name, i, j, (void *)r->rows[j].p);
  r->block = one_block(r, order, n);
  free(order);
  nurt_lock();
  nurt_table_rows_note(table, r->block ? r->lo : NULL);
  nurt_unlock();
  build_offsets(r);
  return r;
}

int nurt_rows_block(const nurt_rows *r, const void **lo, size_t *bytes) {
  *lo = r->lo;
  *bytes = r->bytes;
  return r->block;
}

cl_mem nurt_rows_offsets(nurt_rows *r, const nurt_where *w) {
  size_t bytes = (r->noff ? r->noff : 1) * sizeof(cl_long);
  if (r->offmem && r->upoff == r->noff && !memcmp(r->off, r->now, r->noff * sizeof *r->now))
    return r->offmem; /* the pointers did not change: the table on the device serves */
  if (!r->offmem || r->offmem_bytes < bytes) {
    if (r->offmem)
      clReleaseMemObject(r->offmem);
    cl_int err;
    r->offmem = clCreateBuffer(nurt_g.context, CL_MEM_READ_ONLY, bytes, NULL, &err);
    nurt_check(err, "clCreateBuffer (row table)", w);
    r->offmem_bytes = bytes;
  }
  if (r->noff) {
    /* blocking: the queue is in order, so a kernel still reading the old
     * table finishes first, and `now` may change at the next launch */
    nurt_check(clEnqueueWriteBuffer(nurt_g.queue, r->offmem, CL_TRUE, 0, r->noff * sizeof(cl_long),
                                    r->now, 0, NULL, NULL),
               "clEnqueueWriteBuffer (row table)", w);
    nurt_counters.copies_to_device++;
    nurt_counters.bytes_to_device += r->noff * sizeof(cl_long);
  }
  r->off = grow_to(r->off, &r->capoff, r->noff + 1, sizeof *r->off);
  memcpy(r->off, r->now, r->noff * sizeof *r->off);
  r->upoff = r->noff;
  return r->offmem;
}

cl_mem nurt_rows_gather(nurt_rows *r, const nurt_where *w) {
  size_t bytes = r->gathered ? r->gathered : 16;
  r->stage = grow_to(r->stage, &r->stage_bytes, bytes, 1);
  size_t at = 0;
  for (size_t k = 0; k < r->nrows; k++) {
    row *w = &r->rows[k];
    if (!w->len)
      continue;
    /* a row that is (part of) an array the device holds comes back first */
    nurt_host_range(w->p, w->len, 0);
    memcpy(r->stage + at, w->p, w->len);
    at += w->len;
  }
  if (!r->data || r->data_bytes < bytes) {
    if (r->data)
      clReleaseMemObject(r->data);
    cl_int err;
    r->data = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    nurt_check(err, "clCreateBuffer (gathered rows)", w);
    r->data_bytes = bytes;
  }
  if (at) {
    nurt_check(clEnqueueWriteBuffer(nurt_g.queue, r->data, CL_TRUE, 0, at, r->stage, 0, NULL, NULL),
               "clEnqueueWriteBuffer (gathered rows)", w);
    nurt_counters.copies_to_device++;
    nurt_counters.bytes_to_device += at;
  }
  return r->data;
}

void nurt_rows_scatter(nurt_rows *r, const nurt_where *w) {
  if (!r->gathered)
    return;
  nurt_check(
      clEnqueueReadBuffer(nurt_g.queue, r->data, CL_TRUE, 0, r->gathered, r->stage, 0, NULL, NULL),
      "clEnqueueReadBuffer (gathered rows)", w);
  nurt_counters.copies_to_host++;
  nurt_counters.bytes_to_host += r->gathered;
  size_t at = 0;
  for (size_t k = 0; k < r->nrows; k++) {
    row *w = &r->rows[k];
    if (!w->len)
      continue;
    /* a device copy of these bytes, if nurt keeps one, is stale now */
    nurt_host_range(w->p, w->len, 1);
    memcpy(w->p, r->stage + at, w->len);
    at += w->len;
  }
}

void nurt_rows_release_all(void) {
  while (rows_list) {
    nurt_rows *r = rows_list;
    rows_list = r->next;
    if (r->offmem)
      clReleaseMemObject(r->offmem);
    if (r->data)
      clReleaseMemObject(r->data);
    free(r->rows);
    free(r->plane);
    free(r->off);
    free(r->now);
    free(r->stage);
    free(r);
  }
}
