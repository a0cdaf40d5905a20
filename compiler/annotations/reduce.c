/* reduce.c — `reduce(OP: v, ...)`: names scalars the body combines into with
 * OP.  Reductions are also found without it; the clause makes the intent
 * explicit and is checked against what the body does (analysis/freevars.c). */
#include "annotation.h"

#include <string.h>

bool reduce_apply(AnnotCtx *cx, Annot *a) {
  static const char *ops[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};
  const char *op = NULL;
  for (int i = 0; i < a->nargs; i++) {
    AnnotArg *arg = &a->args[i];
    if (arg->key) {
      op = NULL;
      for (size_t j = 0; j < sizeof ops / sizeof *ops; j++)
        if (!strcmp(arg->key, ops[j]))
          op = ops[j];
      if (!op) {
        diag_error(arg->key_loc, "reduce: unknown operator '%s' (use + * min max & | ^ && ||)",
                   arg->key);
        return false;
      }
    } else if (!op) {
      diag_error(arg->loc, "reduce(...) starts with an operator: reduce(+: %s)", arg->text);
      return false;
    } else {
      arg->key = xstrdup(op); /* reduce(+: a, b): b shares a's operator */
      arg->key_loc = arg->loc;
    }
    arg->names = annot_resolve(cx, arg->text, arg->loc);
    vec_push(&cx->reduces, arg);
  }
  return true;
}
