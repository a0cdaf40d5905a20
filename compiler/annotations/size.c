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
    a->args[i].names = annot_resolve(cx, a->args[i].key, a->args[i].key_loc);
    vec_push(&cx->sizes, &a->args[i]);
  }
  return true;
}

/* private(v, ...), OpenMP's private: each iteration has its own v, and
 * the program does not read v after the nest (its value there is not
 * kept), so v need not be written on every path (analysis/private.c). */
static bool names(AnnotCtx *cx, Annot *a, Vec *into) {
  for (int i = 0; i < a->nargs; i++) {
    if (a->args[i].key) {
      diag_error(a->args[i].key_loc, "%s(...) takes variable names: %s(t, u)", a->name, a->name);
      return false;
    }
    a->args[i].names = annot_resolve(cx, a->args[i].text, a->args[i].loc);
    vec_push(into, &a->args[i]);
  }
  return true;
}

bool private_apply(AnnotCtx *cx, Annot *a) { return names(cx, a, &cx->privates); }

/* firstprivate(v, ...), OpenMP's firstprivate: as private, each copy
 * starting from the value v has before the nest (passed by value). */
bool firstprivate_apply(AnnotCtx *cx, Annot *a) { return names(cx, a, &cx->firstprivates); }

bool independent_apply(AnnotCtx *cx, Annot *a) {
  (void)a;
  cx->independent = true;
  return true;
}
