/* work.c — `work(s1,...,sk)`: offload loops 1..k as an OpenCL NDRange.
 * Receives the nest; checks that k fits the nest and that the mapped loops
 * form a rectangle, runs the free-variable, extent and dependence analyses,
 * and hands on a Kernel for the printers.  The innermost mapped loop becomes
 * NDRange dimension 0 so that unit-stride subscripts coalesce. */
#include "analysis/analysis.h"
#include "annotation.h"

#include <string.h>

static bool check_mapped(Nest *n, int k) {
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++) {
      if (i == j)
        continue;
      Loop *l = n->loops[i], *o = n->loops[j];
      if (ir_expr_uses_var(l->lb, o->var) || ir_expr_uses_var(l->ub, o->var) ||
          ir_expr_uses_var(l->step, o->var)) {
        diag_error(ir_expr_uses_var(l->lb, o->var) ? l->lb->loc : l->cond_loc,
                   "work: the bounds of loop '%s' depend on '%s' (non-rectangular nest); "
                   "only rectangular loops can be mapped to an NDRange",
                   l->var->name, o->var->name);
        return false;
      }
    }
  for (int i = 0; i < k; i++) {
    Loop *l = n->loops[i];
    bool up = l->rel == REL_LT || l->rel == REL_LE;
    bool down = l->rel == REL_GT || l->rel == REL_GE;
    if (l->step->kind == EX_INT && ((up && l->step->ival <= 0) || (down && l->step->ival >= 0))) {
      diag_error(l->inc_loc, "loop '%s' never ends: its step moves away from its bound",
                 l->var->name);
      return false;
    }
  }
  return true;
}

bool work_apply(AnnotCtx *cx, Annot *a) {
  Nest *n = cx->nest;
  int k = a->nargs;
  cx->work = a;
  if (k > n->depth) {
    if (n->bad_loop_why)
      diag_error(n->bad_loop_loc,
                 "work(%d) maps %d loops, but loop %d is not in canonical "
                 "form: %s",
                 k, k, n->depth + 1, n->bad_loop_why);
    else
      diag_error(a->args[n->depth].loc,
                 "work(%d) maps %d loops, but the nest has only %d perfectly nested loop%s", k, k,
                 n->depth, n->depth == 1 ? "" : "s");
    return false;
  }
  if (!check_mapped(n, k))
    return false;
  for (int i = 0; i < k; i++) {
    long long v;
    if (pragma_arg_int(&a->args[i], &v) && v <= 0) {
      diag_error(a->args[i].loc, "work-group size %lld: sizes must be positive", v);
      return false;
    }
  }
  Kernel *kn = NEW(Kernel);
  kn->nest = n;
  kn->name = xformat("nu_%s_%d", n->func_name, n->loops[0]->loc.line);
  kn->dims = k;
  kn->mapped = n->loops;
  kn->wg = a->args;
  kn->body = n->loops[k - 1]->body;
  kn->independent = cx->independent;
  kn->info = NEW(KernelInfo);
  cx->kernel = kn;
  if (!freevars_analyse(kn, kn->info, &cx->sizes, &cx->reduces))
    return false;
  return deps_check(kn->info);
}
