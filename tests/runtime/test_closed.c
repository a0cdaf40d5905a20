/* test_closed.c — closed.c's set of protected page runs against a model
 * with one protection per page: after every change, nurt_closed_any answers
 * as the model does for random ranges, and the set holds exactly the runs
 * the model has (touching pages of one protection make one run), so that a
 * long run of calls page by page, as faults and pieces make them, keeps it
 * short.  No page is touched: the set is bookkeeping over addresses. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "nurt_internal.h" /* first: it sets nurt.h up for nurt's insides */

#include "check.h"

enum { PAGES = 512, PAGE = 4096 };
static const uintptr_t BASE = (uintptr_t)1 << 40;
static int model[PAGES]; /* each page's protection; RW where not in the set */

static unsigned long long rng = 88172645463325252ULL;
static long pick(long n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (long)(rng % (unsigned long long)n);
}

static uintptr_t at(long page) { return BASE + (uintptr_t)page * PAGE; }

static size_t model_runs(void) {
  size_t n = 0;
  for (long p = 0; p < PAGES; p++)
    n += model[p] != (PROT_READ | PROT_WRITE) && (p == 0 || model[p - 1] != model[p]);
  return n;
}

static void agree(long step) {
  for (int q = 0; q < 64; q++) {
    long a = pick(PAGES), b = a + 1 + pick(PAGES - a);
    int need = pick(2) ? PROT_READ : PROT_READ | PROT_WRITE, hit = 0;
    for (long p = a; p < b; p++)
      hit |= (model[p] & need) != need;
    /* a range that starts or ends inside a page asks about that page */
    uintptr_t lo = at(a) + (uintptr_t)pick(PAGE), hi = at(b) - (uintptr_t)pick(PAGE);
    if (nurt_closed_any(lo, hi > lo ? hi : lo + 1, need) != hit) {
      fprintf(stderr, "step %ld: pages [%ld, %ld) need %d: the set says %d\n", step, a, b, need,
              !hit);
      exit(1);
    }
  }
  if (nurt_closed_runs() != model_runs()) {
    fprintf(stderr, "step %ld: %zu runs, the model has %zu\n", step, nurt_closed_runs(),
            model_runs());
    exit(1);
  }
}

int main(void) {
  static const int prots[] = {PROT_NONE, PROT_READ, PROT_READ | PROT_WRITE};
  for (long p = 0; p < PAGES; p++)
    model[p] = PROT_READ | PROT_WRITE;
  for (long step = 0; step < 4000; step++) {
    long a = pick(PAGES), b = a + 1 + (pick(4) ? pick(4) : pick(PAGES - a));
    b = b < PAGES ? b : PAGES;
    int prot = prots[pick(3)];
    nurt_closed_set(at(a), at(b), prot);
    for (long p = a; p < b; p++)
      model[p] = prot;
    agree(step);
  }
  /* page by page over the whole span, as faults with no read-ahead do */
  for (long p = 0; p < PAGES; p++)
    nurt_closed_set(at(p), at(p + 1), PROT_NONE);
  CHECK(nurt_closed_runs() == 1);
  nurt_closed_set(at(0), at(PAGES), PROT_READ | PROT_WRITE);
  CHECK(nurt_closed_runs() == 0);
  printf("test_closed: ok\n");
  return 0;
}
