/* work.c — `work(s1,...,sk)`: offload loops 1..k as an OpenCL NDRange.
 * Receives the nest; checks that k fits the nest and that the mapped loops
 * form a rectangle, runs the free-variable, extent and dependence analyses,
 * and hands on a Kernel for the printers.  The innermost mapped loop becomes
 * NDRange dimension 0 so that unit-stride subscripts coalesce. */
#include "analysis.h"
#include "annotation.h"
#include "emit.h"
#include "transform.h"

#include <string.h>

/* A mapped loop's bounds may name the indices of mapped loops outside it
 * (a triangle: syrk's `for i for j <= i`): the host launches their bounding
 * box and each work-item tests its own bounds.  The box is taken at the
 * corners of the outer indices' ranges, so the bounds must be affine in
 * them; a lower bound that moves needs a step of 1, so that the box's
 * points are the loop's own. */
static bool check_mapped(Loop **loops, int k) {
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++) {
      if (i == j)
        continue;
      Loop *l = loops[i], *o = loops[j];
      bool in_lb = ir_expr_uses_var(l->lb, o->var), in_ub = ir_expr_uses_var(l->ub, o->var);
      bool in_step = ir_expr_uses_var(l->step, o->var);
      if (!in_lb && !in_ub && !in_step)
        continue;
      SrcLoc at = in_lb ? l->lb->loc : l->cond_loc;
      if (j > i || in_step) {
        diag_error(at,
                   "work: the %s of loop '%s' depend%s on '%s', a loop inside it; only a loop's "
                   "bounds may depend on the loops mapped outside it",
                   in_step ? "step" : "bounds", l->var->name, in_step ? "s" : "", o->var->name);
        return false;
      }
      Var *outer[16];
      for (int m = 0; m < i; m++)
        outer[m] = loops[m]->var;
      if (!ir_expr_affine_in(l->lb, outer, i) || !ir_expr_affine_in(l->ub, outer, i)) {
        diag_error(at,
                   "work: the bounds of loop '%s' depend on '%s' other than affinely; a mapped "
                   "loop's bounds may be affine in the mapped indices outside it (the host "
                   "launches their bounding box)",
                   l->var->name, o->var->name);
        return false;
      }
      if (in_lb && !(l->step->kind == EX_INT && (l->step->ival == 1 || l->step->ival == -1))) {
        diag_error(l->inc_loc,
                   "work: the start of loop '%s' depends on '%s', so its step must be 1 or -1 "
                   "(the work-items of the bounding box must be the loop's iterations)",
                   l->var->name, o->var->name);
        return false;
      }
    }
  for (int i = 0; i < k; i++) {
    Loop *l = loops[i];
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

/* Whether every access subscripts its buffer as many times as its rank
 * (freevars.c reports the others, and the analyses assume it). */
static bool accesses_sane(Kernel *k) {
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    for (int j = 0; j < b->accesses.len; j++)
      if (((Access *)b->accesses.items[j])->nsubs != b->rank)
        return false;
  }
  return true;
}

/* One kernel for one piece of the nest. */
/* The variable a private(...) or firstprivate(...) argument names; one
 * that names none (a member path, nothing in scope) makes nothing private. */
static void named_var(Vec *into, AnnotArg *arg) {
  if (arg->names && arg->names->kind == EX_VAR)
    vec_push(into, arg->names->var);
}

/* Under wavefront, the rows each array's kernels touch over every
 * hyperplane: the nest with the sweep as one more loop, as isl bounds it
 * (region.c). */
static void sweep_ranges(Kernel *kn, Loop **chain, int n) {
  Vec ranges = {0};
  if (!legality_first_ranges(kn->names, chain, n, chain[n - 1]->body, &ranges))
    return;
  for (int i = 0; i < ranges.len; i++) {
    Buffer *p = ranges.items[i];
    for (int j = 0; j < kn->buffers.len; j++) {
      Buffer *b = kn->buffers.items[j];
      if (ir_expr_equal(b->path, p->path) && p->first_lo && p->first_hi) {
        b->sweep_lo = p->first_lo;
        b->sweep_hi = p->first_hi;
      }
    }
  }
}

static Kernel *piece_kernel(AnnotCtx *cx, Annot *a, int piece) {
  Nest *n = cx->nest;
  int k = a->nargs;
  Loop *chain[16];
  int depth = tr_chain(cx->pieces.items[piece], chain, 16);
  /* wavefront's loop over hyperplanes stays on the host: the loops inside
   * it are the nest that work maps */
  Loop *sweep = depth > 1 && chain[0]->sweep ? chain[0] : NULL;
  if (sweep && sweep->ttile)
    return ttile_kernel(cx, a, sweep);
  Loop **loops = sweep ? chain + 1 : chain;
  depth -= sweep != NULL;
  AnnotArg *wg = a->args;
  int deepest = 0;
  for (int i = 0; i < cx->pieces.len; i++) {
    Loop *other[16];
    int d = tr_chain(cx->pieces.items[i], other, 16);
    d -= d > 1 && other[0]->sweep;
    deepest = d > deepest ? d : deepest;
  }
  if (k > depth && depth >= 1 && deepest >= k) {
    /* a piece that fission or a split left shallower than another
     * (correlation's diagonal `corr[i][i] = 1` beside its triangle of j
     * loops) maps the loops it has, with the innermost work-group sizes */
    wg = a->args + (k - depth);
    k = depth;
  }
  if (k > depth) {
    if (cx->pieces.len == 1 && n->bad_loop_why && depth == n->depth)
      diag_error(n->bad_loop_loc,
                 "work(%d) maps %d loops, but loop %d is not in canonical "
                 "form: %s",
                 k, k, depth + 1, n->bad_loop_why);
    else
      diag_error(a->args[depth].loc,
                 "work(%d) maps %d loops, but the nest has only %d perfectly nested loop%s", k, k,
                 depth, depth == 1 ? "" : "s");
    if (cx->pieces.len > 1)
      diag_note(((Stmt *)cx->pieces.items[piece])->loc,
                "in piece %d of the %d the annotations made (see --explain): work maps the "
                "same number of loops in every piece",
                piece + 1, cx->pieces.len);
    return NULL;
  }
  if (!check_mapped(loops, k))
    return NULL;
  Kernel *kn = NEW(Kernel);
  kn->nest = n;
  kn->names = n->names;
  kn->name = piece == cx->main || cx->pieces.len == 1
                 ? xformat("nu_%s_%d", n->func_name, n->loops[0]->loc.line)
                 : xformat("nu_%s_%d_%d", n->func_name, n->loops[0]->loc.line, piece);
  kn->dims = k;
  kn->sweep = sweep;
  kn->mapped = xcalloc((size_t)k, sizeof(Loop *));
  for (int i = 0; i < k; i++)
    kn->mapped[i] = loops[i];
  kn->wg = wg;
  kn->body = loops[k - 1]->body;
  kn->independent = cx->independent;
  kn->red_stride = annot_stride(cx);
  for (int i = 0; i < cx->privates.len; i++)
    named_var(&kn->private_vars, cx->privates.items[i]);
  for (int i = 0; i < cx->firstprivates.len; i++)
    named_var(&kn->first_vars, cx->firstprivates.items[i]);
  kn->info = NEW(KernelInfo);
  /* every problem of the nest in one run: the dependence test and the
   * extents run after the free variables' errors too, as long as every
   * access they would read has its buffer's rank */
  bool ok = freevars_analyse(kn, kn->info, &cx->sizes, &cx->reduces);
  if (ok || accesses_sane(kn))
    ok = (cx->deps_proven || deps_check(kn->info)) && ok;
  if (ok)
    ok = cache_plan(kn, &cx->caches, cx->pieces.len > 1);
  if (cx->host && (ok || accesses_sane(kn)))
    ok = emit_check_extents(kn) && ok;
  if (ok && sweep && (kn->reductions.len || kn->info->copyouts.len)) {
    /* each launch would hand back a value of its own hyperplane */
    diag_error(a->loc, "work: under wavefront, the kernel of each hyperplane cannot hand back %s",
               kn->reductions.len ? "a reduction (run the reduction in a nest of its own)"
                                  : "the last value of a temporary that the code after the "
                                    "nest reads (declare it inside the loop body)");
    ok = false;
  }
  if (!ok)
    return NULL;
  if (!cx->verdict_only) {
    region_analyse(kn->info, true);
    if (sweep)
      sweep_ranges(kn, chain, depth + 1);
  }
  promote_registers(kn);
  return kn;
}

bool work_apply(AnnotCtx *cx, Annot *a) {
  cx->work = a;
  for (int i = 0; i < a->nargs; i++) {
    long long v;
    if (pragma_arg_int(&a->args[i], &v) && v <= 0) {
      diag_error(a->args[i].loc, "work-group size %lld: sizes must be positive", v);
      return false;
    }
  }
  for (int i = 0; i < cx->pieces.len; i++) {
    Kernel *kn = piece_kernel(cx, a, i);
    if (!kn)
      return false;
    /* each piece's last iteration copies its temporaries out, and the
     * pieces run in program order: the last one that runs must hold the
     * nest's last iteration */
    if (cx->reordered && cx->pieces.len > 1 && kn->info->copyouts.len) {
      Var *v = kn->info->copyouts.items[0];
      diag_error(a->loc,
                 "work: '%s' is private to each iteration and keeps the last iteration's value, "
                 "but the remainders of a split of several loops do not run in the loops' "
                 "order (declare '%s' inside the loop body)",
                 v->name, v->name);
      return false;
    }
    vec_push(&cx->kernels, kn);
  }
  /* a snapshot is taken at each launch that reads it: a second kernel of
   * the nest would copy what the first one wrote */
  int first = cx->kernels.len - cx->pieces.len;
  for (int i = first; i < cx->kernels.len; i++) {
    Kernel *ki = cx->kernels.items[i];
    for (int b = 0; b < ki->buffers.len; b++) {
      Buffer *bf = ki->buffers.items[b];
      Var *of = buffer_snapshot_of(bf);
      if (!of)
        continue;
      for (int j = first; j < cx->kernels.len; j++) {
        if (j == i)
          continue;
        Kernel *kj = cx->kernels.items[j];
        for (int c = 0; c < kj->buffers.len; c++)
          if (ir_expr_equal(((Buffer *)kj->buffers.items[c])->path, bf->path)) {
            diag_error(bf->path->var->loc,
                       "snapshot(%s): the nest became %d kernels, and more than one reads the "
                       "copy '%s'; each launch would copy what the kernels before it wrote",
                       of->name, cx->pieces.len, bf->name);
            diag_note(bf->path->var->loc,
                      "apply 'snapshot' to a nest that stays one kernel: after the "
                      "annotations that leave remainders or pieces (dmine, tilem, unroll, "
                      "peel, fission), or without them");
            return false;
          }
      }
    }
  }
  if (cx->stride && !cx->verdict_only) {
    bool strides = false;
    for (int i = first; i < cx->kernels.len; i++)
      strides |= emit_red_strides(cx->kernels.items[i]);
    if (!strides) {
      diag_error(cx->stride->loc,
                 "stride(...): no kernel of this nest has a reduction whose work-items stride "
                 "over iterations (a reduction over one mapped loop, or over more without "
                 "'cache')");
      return false;
    }
  }
  /* the pieces of a split nest stage what each reads */
  return cx->pieces.len == 1 ||
         cache_check_used((Kernel **)cx->kernels.items + first, cx->pieces.len, &cx->caches);
}
