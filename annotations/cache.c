/* cache.c — `cache(a, ...)`: inside a `work` kernel, stage the block of
 * each named array that one work-group reads, with its halo, in __local
 * memory.  A clause: it records the names; `work` plans each kernel's
 * staging (analysis/cache.c) and the OpenCL printer emits the cooperative
 * loads, the barrier and the rewritten subscripts. */
#include "annotation.h"

bool cache_apply(AnnotCtx *cx, Annot *a) {
  for (int i = 0; i < a->nargs; i++) {
    if (a->args[i].key) {
      diag_error(a->args[i].loc, "cache(...) takes array names: cache(a, b)");
      return false;
    }
    vec_push(&cx->caches, &a->args[i]);
  }
  return true;
}
