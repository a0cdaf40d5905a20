/* snapshot.c — `snapshot(a, ...)`: array renaming against anti-dependences.
 * Receives the main part; finds the reads of each named array that see
 * only values from before the nest (no write of the nest reaches their
 * element earlier, decided on isl: deps_live_in) and hands on the nest with
 * those reads made of `a_in`, a copy of `a` that the runtime takes on the
 * device before the kernel starts.  The later annotations and `work` then
 * see no dependence from those reads to the writes of `a`: trmm's
 * `B[i][j] += A[k][i] * B[k][j]` (k > i) reads rows that later iterations
 * of i overwrite, and with the reads of B[k][j] from the copy both i and j
 * are parallel. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

#include <string.h>

/* The EX_VAR at the root of an access (a[i][j] → a). */
static Expr *access_root(Expr *e) {
  while (e->kind == EX_INDEX)
    e = e->a;
  return e;
}

static bool snapshot_one(AnnotCtx *cx, Annot *a, AnnotArg *arg, Loop **loops, int n, Subst *s) {
  Expr *path = annot_resolve(cx, arg->text, arg->loc);
  if (!path || path->kind != EX_VAR || !path->type ||
      (path->type->kind != TY_ARRAY && path->type->kind != TY_PTR)) {
    diag_error(arg->loc, "snapshot(...): '%s' is not an array variable in scope at the nest",
               arg->text);
    return false;
  }
  if (path->type->base && path->type->base->kind == TY_PTR) {
    /* nurt copies one range on the device; a table's rows are many */
    diag_error(arg->loc, "snapshot(%s): '%s' is a table of rows, which nurt cannot copy", arg->text,
               arg->text);
    return false;
  }
  Vec reads = {0};
  Expr *blocked;
  char *example;
  bool written;
  if (!legality_report(legality_live_in(cx->nest->names, loops, n, loops[n - 1]->body, path, &reads,
                                        &written, &blocked, &example, a->loc)))
    return false;
  /* a copy of an array the nest does not write would only cost its copy */
  if (!written) {
    diag_error(arg->loc,
               "snapshot(%s): the nest does not write '%s', so its reads already see the values "
               "from before it",
               arg->text, path->var->name);
    xfree(reads.items);
    return false;
  }
  if (!reads.len) {
    diag_error(arg->loc,
               "snapshot(%s): every read of '%s' may see a value the nest wrote, so none can "
               "read a copy taken before it",
               arg->text, path->var->name);
    if (blocked && example)
      diag_note(blocked->loc, "for example, %s", example);
    xfree(reads.items);
    xfree(example);
    return false;
  }
  Var *copy = NEW(Var);
  *copy = *path->var;
  char *want = xformat("%s_in", path->var->name);
  copy->name = tr_fresh_name(cx->nest->names, want);
  xfree(want);
  copy->global = false;
  copy->is_param = false;
  copy->lazy_red = false;
  copy->loc = arg->loc;
  copy->snapshot_of = path->var;
  for (int i = 0; i < reads.len; i++) {
    vec_push(&s->efrom, access_root(reads.items[i]));
    vec_push(&s->eto, copy);
  }
  xfree(reads.items);
  xfree(example);
  return true;
}

bool snapshot_apply(AnnotCtx *cx, Annot *a) {
  Loop *loops[16];
  int n = annot_main_loops(cx, a, loops, 1);
  if (!n)
    return false;
  Subst s = {.names = cx->nest->names};
  for (int i = 0; i < a->nargs; i++) {
    for (int j = 0; j < i; j++)
      if (!strcmp(a->args[i].text, a->args[j].text)) {
        diag_error(a->args[i].loc, "snapshot(...): '%s' is named twice", a->args[i].text);
        return false;
      }
    if (!snapshot_one(cx, a, &a->args[i], loops, n, &s))
      return false;
  }
  Loop *top = tr_clone_loop(loops[0], &s);
  Loop *renamed[16];
  Stmt *piece = tr_for(top);
  tr_chain(piece, renamed, n);
  /* the rows the copy holds, for --emit=seq (the stub bounds each
   * kernel's own, as for every array) */
  Vec ranges = {0};
  bool probed = legality_first_ranges(cx->nest->names, renamed, n, renamed[n - 1]->body, &ranges);
  for (int i = 0; i < s.eto.len; i++) {
    Var *copy = s.eto.items[i];
    for (int b = 0; probed && b < ranges.len; b++) {
      Buffer *bf = ranges.items[b];
      if (buffer_snapshot_of(bf) && bf->path->var == copy) {
        copy->snapshot_lo = bf->first_lo;
        copy->snapshot_hi = bf->first_hi;
      }
    }
    if (!copy->snapshot_lo || !copy->snapshot_hi) {
      diag_error(copy->loc,
                 "snapshot(%s): cannot bound the first subscripts of the reads that would read "
                 "the copy",
                 copy->snapshot_of->name);
      return false;
    }
  }
  Vec with = {0};
  vec_push(&with, piece);
  annot_replace_main(cx, &with, 0);
  return true;
}
