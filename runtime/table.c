/* table.c — the array table itself: the entries nurt keeps, each a disjoint
 * host range with its device copy (nurt_entry), found by address or walked
 * in turn.  It only holds them: arrays.c creates, merges and drops entries,
 * sync.c changes their state and protection.  Callers hold nurt_lock, except
 * sync.c's walk of a forked child or failing process (one thread, or pages
 * opened only). */
#include <stdint.h>
#include <stdlib.h>

#include "nurt_internal.h"

static nurt_entry **entries;
static size_t count, cap;
static nurt_entry *last; /* the last entry found, checked first */

static int holds(const nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  return lo >= (uintptr_t)e->base && hi <= (uintptr_t)e->base + e->bytes;
}

nurt_entry *nurt_table_at(size_t i) { return i < count ? entries[i] : NULL; }

size_t nurt_table_count(void) { return count; }

nurt_entry *nurt_table_find(const void *ptr, size_t bytes) {
  NURT_LOCKED();
  uintptr_t lo = (uintptr_t)ptr, hi = lo + (bytes ? bytes : 1);
  if (last && holds(last, lo, hi))
    return last;
  for (size_t i = 0; i < count; i++)
    if (holds(entries[i], lo, hi))
      return last = entries[i];
  return NULL;
}

void nurt_table_add(nurt_entry *e) {
  NURT_LOCKED();
  if (count == cap) {
    size_t n = cap ? 2 * cap : 16;
    nurt_entry **t = realloc(entries, n * sizeof(nurt_entry *));
    if (!t)
      nurt_fatal("out of host memory for the array table");
    entries = t;
    cap = n;
  }
  entries[count++] = e;
  last = e;
}

void nurt_table_remove_at(size_t i) {
  NURT_LOCKED();
  if (last == entries[i])
    last = NULL;
  entries[i] = entries[--count];
}

void nurt_table_release(void) {
  NURT_LOCKED();
  free(entries);
  entries = NULL;
  count = cap = 0;
  last = NULL;
}
