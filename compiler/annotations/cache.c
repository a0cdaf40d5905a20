/* cache.c — `cache(a, ..., k: T)`: inside a `work` kernel, stage the block
 * of each named array that one work-group reads, with its halo, in __local
 * memory; along a sequential loop of the body (`k`), T iterations at a time.
 * A clause: it records the arguments; `work` plans each kernel's staging
 * (analysis/cache.c) and the OpenCL printer emits the cooperative loads, the
 * barriers and the rewritten subscripts. */
#include "annotation.h"

bool cache_apply(AnnotCtx *cx, Annot *a) {
  for (int i = 0; i < a->nargs; i++) {
    if (!a->args[i].key) /* `k: T` names a loop, which cache.c finds by name */
      a->args[i].names = annot_resolve(cx, a->args[i].text, a->args[i].loc);
    vec_push(&cx->caches, &a->args[i]);
  }
  return true;
}
