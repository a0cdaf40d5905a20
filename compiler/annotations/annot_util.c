/* annot_util.c — what the transformations share: the main part's loops,
 * integer arguments, and the replacement of the main part by the pieces a
 * transformation made of it.  Below the table and the engine, so that an
 * annotation file depends on neither. */
#include "annotation.h"
#include "transform.h"

void annot_replace_main(AnnotCtx *cx, Vec *with, int main) {
  Vec out = {0};
  int new_main = -1;
  for (int i = 0; i < cx->pieces.len; i++) {
    if (i != cx->main) {
      vec_push(&out, cx->pieces.items[i]);
      continue;
    }
    for (int j = 0; j < with->len; j++) {
      if (j == main)
        new_main = out.len;
      vec_push(&out, with->items[j]);
    }
  }
  cx->pieces = out;
  cx->main = new_main;
}

int annot_main_loops(AnnotCtx *cx, Annot *a, Loop **out, int need) {
  if (cx->main < 0) {
    diag_error(a->loc,
               "'%s' has no loop left to transform: the annotation before it left no "
               "main part",
               a->name);
    return 0;
  }
  int n = tr_chain(cx->pieces.items[cx->main], out, 16);
  if (n < need) {
    SrcLoc at = a->nargs >= need && n < a->nargs ? a->args[n].loc : a->loc;
    diag_error(at, "%s(...) needs %d loop%s, but the nest has %d perfectly nested canonical loop%s",
               a->name, need, need == 1 ? "" : "s", n, n == 1 ? "" : "s");
    return 0;
  }
  return n;
}

bool annot_int_args(Annot *a, long long *out, const char *what) {
  for (int i = 0; i < a->nargs; i++) {
    if (!pragma_arg_int(&a->args[i], &out[i])) {
      diag_error(a->args[i].loc, "%s(...): '%s' must be an integer constant (%s)", a->name,
                 a->args[i].text, what);
      return false;
    }
    if (out[i] < 1) {
      diag_error(a->args[i].loc, "%s(...): %lld must be at least 1", a->name, out[i]);
      return false;
    }
  }
  return true;
}
