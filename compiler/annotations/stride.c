/* stride.c — `stride(s)`: a clause of `work` for a nest with a reduction.
 * Each work-item of its kernels combines s iterations of the outermost
 * mapped loop into its partial (the grid-stride loop of a reduction's
 * kernel), where nurt otherwise decides from the device (nurt_red_items):
 * the best stride depends on the program and the device (Himeno's stencil
 * at 256 x 256 x 512 on the H100 runs 2% faster at 2 than at nurt's 16 or
 * 32, a dot product runs half as fast), so --tune measures it.  A clause:
 * it records s; `work` hands it to the kernels, and the stub sizes the
 * NDRange by it. */
#include "annotation.h"

bool stride_apply(AnnotCtx *cx, Annot *a) {
  long long s;
  if (cx->stride) {
    diag_error(a->loc, "stride(...) is given twice");
    diag_note(cx->stride->loc, "and here");
    return false;
  }
  if (!annot_int_args(a, &s, "iterations of the outermost mapped loop per work-item"))
    return false;
  if (s > 4096) {
    diag_error(a->args[0].loc, "stride(%lld): at most 4096 iterations per work-item", s);
    return false;
  }
  cx->stride = a;
  return true;
}

/* The stride that stride(s) gave, 0 when none. */
int annot_stride(const AnnotCtx *cx) {
  long long s;
  return cx->stride && pragma_arg_int(&cx->stride->args[0], &s) ? (int)s : 0;
}
