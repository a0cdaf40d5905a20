/* registry.c — the table of annotations, and the order they apply in.
 * Receives a nest with its annotations in application order (nearest the
 * loop first); checks names and argument counts, applies clauses first, then
 * each transformation, and hands on the Kernel that `work` produced. */
#include "annotation.h"

#include <stdio.h>
#include <string.h>

static const AnnotSpec specs[] = {
    {"work", 1, 3, false, work_apply,
     "work(s1,...,sk): run loops 1..k as an OpenCL NDRange with these work-group sizes"},
    {"size", 1, -1, true, size_apply,
     "size(a: n, ...): pointer a holds n elements (where subscripts do not tell)"},
    {"independent", 0, 0, true, independent_apply,
     "independent: promise that the mapped loops carry no dependence"},
    {"reduce", 1, -1, true, reduce_apply,
     "reduce(OP: v, ...): v is a reduction (OP: + * min max & | ^ && ||)"},
};

/* Named in SPEC §3 but not built yet: say so rather than "unknown". */
static const char *planned[] = {"permut", "tile", "tilem",  "unroll",
                                "dmine",  "peel", "inline", "cache"};

const AnnotSpec *annot_find(const char *name) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    if (!strcmp(specs[i].name, name))
      return &specs[i];
  return NULL;
}

void annot_print_help(void) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    printf("  %s\n", specs[i].summary);
}

static bool check_args(const AnnotSpec *s, Annot *a) {
  if (!s->max_args && a->has_parens) {
    diag_error(a->loc, "'%s' takes no arguments", a->name);
    return false;
  }
  if (a->nargs < s->min_args) {
    diag_error(a->loc, "'%s' needs at least %d argument%s", a->name, s->min_args,
               s->min_args == 1 ? "" : "s");
    return false;
  }
  if (s->max_args >= 0 && a->nargs > s->max_args) {
    diag_error(a->args[s->max_args].loc, "'%s' takes at most %d argument%s", a->name, s->max_args,
               s->max_args == 1 ? "" : "s");
    return false;
  }
  return true;
}

bool annot_apply_all(AnnotCtx *cx) {
  Nest *n = cx->nest;
  bool ok = true;
  for (int i = 0; i < n->annots.len; i++) {
    Annot *a = n->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (!s) {
      bool later = false;
      for (size_t j = 0; j < sizeof planned / sizeof *planned; j++)
        later |= !strcmp(planned[j], a->name);
      if (later)
        diag_error(a->loc, "annotation '%s' is not implemented yet", a->name);
      else
        diag_error(a->loc, "unknown annotation '%s'", a->name);
      ok = false;
    } else if (!check_args(s, a)) {
      ok = false;
    }
  }
  if (!ok)
    return false;
  /* Clauses state facts; apply them before any transformation. */
  for (int i = 0; i < n->annots.len && ok; i++) {
    Annot *a = n->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s->clause)
      ok = s->apply(cx, a);
  }
  for (int i = 0; i < n->annots.len && ok; i++) {
    Annot *a = n->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s->clause)
      continue;
    if (cx->work) {
      diag_error(a->loc,
                 "'%s' applies after 'work': 'work' must be the last annotation "
                 "(leftmost on the top line)",
                 a->name);
      return false;
    }
    ok = s->apply(cx, a);
  }
  if (ok && !cx->work) {
    diag_error(((Annot *)n->annots.items[0])->loc,
               "this nest has no 'work' annotation: nothing would run on the device");
    ok = false;
  }
  return ok;
}
