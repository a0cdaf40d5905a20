/* frontend_private.c — the arrays each iteration of a nest must have its
 * own copy of, decided while the nest is built: whether it can be a kernel
 * at all depends on them (an OpenMP loop that cannot stays host code, which
 * frontend_host.c must know), so the front end asks privarray.c its facts
 * here rather than leaving the question to a later pass. */
#include "analysis.h"
#include "frontend_clang.h"

#include <string.h>

/* Why array v cannot have a copy of its own in each work-item, or NULL;
 * per_thread: OpenMP keeps it per thread (declared in the scope
 * [scope_begin, scope_end) of the loop's threads), and a copy per
 * iteration must give the same results. */
static char *why_not_private(Source *src, Nest *n, Var *v, bool per_thread, unsigned scope_begin,
                             unsigned scope_end, SrcLoc *note_at, char **note) {
  long long bytes = privarray_bytes(v->type);
  *note = NULL;
  if (bytes < 0)
    return xformat("'%s' (%s) would be private to each work-item, but it is not an array of "
                   "scalars with a fixed size",
                   v->name, v->type->spelling);
  /* as OpenACC compilers do: beyond a work-item's private memory, each
   * work-item's copy is a slice of a device buffer (print_decl) */
  v->scratch = bytes > PRIVARRAY_MAX_BYTES;
  if (!per_thread)
    return NULL;
  if (!privarray_self_contained(n, v, note_at, note))
    return xformat("'%s' (%s) is kept per thread by OpenMP and an iteration reads what earlier "
                   "iterations left in it: a thread's copy carries values from one iteration "
                   "to the next, a work-item's would not",
                   v->name, v->type->spelling);
  /* named elsewhere in the scope (its declaration aside), it may be read
   * after the loop, or before it in a loop around both: there a thread's
   * copy holds what that thread's iterations left */
  unsigned decl_end = v->off + (unsigned)strlen(v->name);
  if (frontend_names_word(src->text, scope_begin, v->off, v->name) ||
      frontend_names_word(src->text, decl_end, n->begin, v->name) ||
      frontend_names_word(src->text, n->end, scope_end, v->name))
    return xformat("'%s' (%s) is kept per thread by OpenMP and the program names it outside "
                   "the loop too, where a thread's copy holds what that thread's iterations "
                   "left in it",
                   v->name, v->type->spelling);
  return NULL;
}

/* The arrays each iteration of the nest must have its own copy of: those
 * named in private(...), and under --openmp those OpenMP keeps per thread
 * for an `omp for` (declared in the parallel region around it, or, with no
 * region around it, the function's locals).  Each becomes a local of the
 * body (privarray.c), never a buffer the work-items share.  When one
 * cannot, an OpenMP loop stays on the host with a warning (false: the nest
 * is dropped) and a `#pragma nu` nest is an error. */
bool frontend_private_arrays(Source *src, Nest *n, Attach *a, unsigned fbegin, unsigned fend) {
  if (!n->depth)
    return true;
  PragmaLine *omp = NULL;
  for (int i = 0; i < a->lines.len; i++)
    if (((PragmaLine *)a->lines.items[i])->omp)
      omp = a->lines.items[i];
  Vec arrays = {0}, todo = {0};
  privarray_free_arrays(n, &arrays);
  Directive *r = omp && omp->omp_for ? frontend_region_around(src, n->for_begin) : NULL;
  unsigned scope_b = r ? r->region_begin : fbegin, scope_e = r ? r->region_end : fend;
  bool ok = true;
  for (int i = 0; i < arrays.len && ok; i++) {
    Var *v = arrays.items[i];
    Annot *named = NULL;
    for (int j = 0; j < n->annots.len && !named; j++) {
      Annot *an = n->annots.items[j];
      if (!strcmp(an->name, "private") || !strcmp(an->name, "firstprivate"))
        for (int m = 0; m < an->nargs && !named; m++)
          if (!strcmp(an->args[m].text, v->name))
            named = an;
    }
    /* a per-thread array the loop only reads holds, in every thread, what
     * the region wrote before the loop: the host's copy, which the nest
     * reads as a buffer */
    bool per_thread = !named && omp && omp->omp_for && !v->global && !v->is_param && !v->stat &&
                      v->off >= scope_b && v->off < scope_e && !privarray_only_read(n, v);
    /* firstprivate copies in what the loop may then only read: the host's
     * copy, as a buffer, is every copy */
    bool first = named && !strcmp(named->name, "firstprivate");
    if ((!named && !per_thread) || (first && privarray_only_read(n, v)))
      continue;
    SrcLoc note_at = {0};
    char *note = NULL;
    char *why = first ? xformat("firstprivate(%s): nucc does not copy an array into each work-item",
                                v->name)
                      : why_not_private(src, n, v, per_thread, scope_b, scope_e, &note_at, &note);
    if (why) {
      SrcLoc at = named ? named->loc : omp ? ((Annot *)omp->annots.items[0])->loc : n->pragma_loc;
      if (omp)
        diag_warning("nucc-omp-host", at, "this loop stays on the host: %s", why);
      else
        diag_error(at, "%s", why);
      if (note)
        diag_note(note_at, "%s", note);
      ok = false;
    }
    vec_push(&todo, v);
  }
  for (int i = 0; ok && i < todo.len; i++)
    privarray_declare(n, todo.items[i]);
  xfree(arrays.items);
  xfree(todo.items);
  return ok || !omp;
}
