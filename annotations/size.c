/* size.c — `size(a: n, ...)`: the element count of pointers whose extent the
 * subscripts do not tell (indirect or non-affine subscripts).  Receives the
 * arguments; the `work` analysis reads them when it sizes buffers. */
#include "annotation.h"

bool size_apply(AnnotCtx *cx, Annot *a) {
  for (int i = 0; i < a->nargs; i++) {
    if (!a->args[i].key) {
      diag_error(a->args[i].loc, "size(...) arguments have the form 'array: element_count'");
      return false;
    }
    vec_push(&cx->sizes, &a->args[i]);
  }
  return true;
}

/* private(v, ...), OpenMP's private: each iteration has its own v, and
 * the program does not read v after the nest (its value there is not
 * kept), so v need not be written on every path (analysis/private.c). */
bool private_apply(AnnotCtx *cx, Annot *a) {
  for (int i = 0; i < a->nargs; i++) {
    if (a->args[i].key) {
      diag_error(a->args[i].key_loc, "private(...) takes variable names: private(t, u)");
      return false;
    }
    vec_push(&cx->privates, &a->args[i]);
  }
  return true;
}

bool independent_apply(AnnotCtx *cx, Annot *a) {
  (void)a;
  cx->independent = true;
  return true;
}
