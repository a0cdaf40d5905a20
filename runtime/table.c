/* table.c — the array table itself: the entries nurt keeps, each a disjoint
 * host range with its device copy (nurt_entry: a piece of an array), kept in
 * address order so that an address is found by bisection and the pieces of
 * one array are neighbours.  It only holds them, and says whether pages of
 * a range are protected: arrays.c creates, merges and drops entries, sync.c
 * cuts and joins pieces and changes their state and protection.  Callers
 * hold nurt_lock, except sync.c's walk of a forked child or failing process
 * (one thread, or pages opened only). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

static nurt_entry **entries;
static size_t count, cap;

static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }

nurt_entry *nurt_table_at(size_t i) { return i < count ? entries[i] : NULL; }

size_t nurt_table_count(void) { return count; }

/* The first entry that ends after addr (count if none). */
size_t nurt_table_first_after(uintptr_t addr) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (hi_of(entries[mid]) <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Some page of [lo, hi) is protected below `need` (PROT_READ or RW): here,
 * not in sync.c, which sets the protection, so that copies.c, below it,
 * asks too.  An entry's pages reach at most one page below its first byte
 * (malloc's header). */
int nurt_guarded_below(uintptr_t lo, uintptr_t hi, int need) {
  NURT_LOCKED();
  uintptr_t page = nurt_page();
  lo &= ~(page - 1);
  hi = (hi + page - 1) & ~(page - 1);
  nurt_entry *x;
  for (size_t i = nurt_table_first_after(lo > page ? lo - page : 0);
       (x = nurt_table_at(i)) && (uintptr_t)x->base < hi + page; i++)
    if (nurt_is_guarded(x) && x->glo < hi && lo < x->ghi &&
        ((x->prot & need) != need || (x->head_prot & need) != need))
      return 1;
  return 0;
}

nurt_entry *nurt_table_find(const void *ptr, size_t bytes) {
  NURT_LOCKED();
  uintptr_t lo = (uintptr_t)ptr, hi = lo + (bytes ? bytes : 1);
  size_t i = nurt_table_first_after(lo);
  if (i < count && (uintptr_t)entries[i]->base <= lo && hi <= hi_of(entries[i]))
    return entries[i];
  return NULL;
}

size_t nurt_table_index(const nurt_entry *e) {
  size_t i = nurt_table_first_after((uintptr_t)e->base);
  NURT_ASSERT(i < count && entries[i] == e, "an entry not in the table");
  return i;
}

void nurt_table_add(nurt_entry *e) {
  NURT_LOCKED();
  if (count == cap)
    entries = nurt_grow(entries, &cap, sizeof(nurt_entry *));
  size_t i = nurt_table_first_after((uintptr_t)e->base);
  memmove(entries + i + 1, entries + i, (count - i) * sizeof(nurt_entry *));
  entries[i] = e;
  count++;
  nurt_counters.pieces = count; /* nurt_get_stats reads it under the lock */
}

void nurt_table_remove_at(size_t i) {
  NURT_LOCKED();
  memmove(entries + i, entries + i + 1, (count - i - 1) * sizeof(nurt_entry *));
  count--;
  nurt_counters.pieces = count;
}

/* Tables of rows whose rows lie in one block (rows.c): the table's address
 * and a row's, so that host code naming the table (hostsync.c passes `w`
 * for w[i][j]) reaches the block.  Few: one per table a kernel used. */
typedef struct {
  const void *table, *row;
} rows_note;
static rows_note *notes;
static size_t nnotes, capnotes;

void nurt_table_rows_note(const void *table, const void *row) {
  NURT_LOCKED();
  for (size_t i = 0; i < nnotes; i++)
    if (notes[i].table == table) {
      if (row)
        notes[i].row = row;
      else
        notes[i] = notes[--nnotes];
      return;
    }
  if (!row)
    return;
  if (nnotes == capnotes)
    notes = nurt_grow(notes, &capnotes, sizeof *notes);
  notes[nnotes++] = (rows_note){table, row};
}

const void *nurt_table_rows_of(const void *table) {
  NURT_LOCKED();
  for (size_t i = 0; i < nnotes; i++)
    if (notes[i].table == table)
      return notes[i].row;
  return NULL;
}

void nurt_table_release(void) {
  NURT_LOCKED();
  free(entries);
  entries = NULL;
  count = cap = 0;
  free(notes);
  notes = NULL;
  nnotes = capnotes = 0;
}
