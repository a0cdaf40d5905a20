/* frontend_data.c — data directives are hints, in both dialects: lazy
 * synchronisation moves what kernels use by itself, so OpenACC's data
 * clauses and OpenMP's map clauses need nothing.  Receives what openacc.c
 * and openmp.c read off a line (the names a clause copies or claims
 * present, the host syncs an update asks for); hands on the lines the
 * output drops, the syncs as host code (Directive "acc sync"), and a
 * warning where a clause and lazy sync disagree: `present` of an array no
 * clause before copied, a one-way map against what the kernel does. */
#include "frontend_clang.h"

#include <string.h>

void frontend_data_line(Source *src, unsigned b, unsigned e) {
  PragmaLine *p = NEW(PragmaLine);
  p->begin = b;
  p->end = e;
  p->omp = p->acc = true;
  vec_push(&src->skipped_nu, p);
}

void frontend_data_sync(Source *src, char *code, unsigned b, unsigned e) {
  Directive *r = NEW(Directive);
  r->name = "acc sync";
  r->begin = b;
  r->end = e;
  r->text = code;
  vec_push(&src->directives, r);
}

SrcLoc frontend_data_at(SrcLoc at, SrcLoc l0, int k) {
  if (at.line == l0.line && at.col == l0.col && at.file == l0.file)
    return at;
  at.col += k - 1;
  return at;
}

static bool listed(const Vec *v, const char *name) {
  for (int i = 0; i < v->len; i++)
    if (!strcmp(v->items[i], name))
      return true;
  return false;
}

/* `present` claims a copy some clause made before; where none did, the
 * program's view of the device and lazy sync's disagree: said, not
 * refused, since nurt copies the array when a kernel uses it. */
void frontend_data_clauses(Source *src, const Vec *present, const Vec *copied, const char *rest,
                           SrcLoc at, SrcLoc l0, bool acc) {
  for (int i = 0; i < present->len; i++) {
    const char *name = present->items[i];
    if (listed(&src->acc_copied, name))
      continue;
    const char *p = strstr(rest, "present");
    SrcLoc where = frontend_data_at(at, l0, p ? (int)(p - rest) : 1);
    if (acc)
      diag_warning("nucc-acc-present", where,
                   "'present(%s)': no data clause before it copies '%s' to the device (no "
                   "enclosing 'data', 'enter data' or 'declare' names it); nurt copies it when a "
                   "kernel uses it",
                   name, name);
    else
      diag_warning("nucc-omp-map", where,
                   "'map(present: %s)': no map clause before it maps '%s' to the device (no "
                   "enclosing 'target data' or 'target enter data' names it); nurt copies it "
                   "when a kernel uses it",
                   name, name);
  }
  for (int i = 0; i < copied->len; i++)
    vec_push(&src->acc_copied, copied->items[i]);
  for (int i = 0; i < present->len; i++)
    vec_push(&src->acc_copied, present->items[i]);
}

Vec frontend_data_unmapped(Source *src, const Vec *v) {
  Vec out = {0};
  for (int i = 0; i < v->len; i++)
    if (!listed(&src->acc_copied, v->items[i]))
      vec_push(&out, v->items[i]);
  return out;
}

/* OpenMP's map(to: b) does not copy b back, map(from: a) and map(alloc: a)
 * do not copy a to the device: a kernel that writes b, or reads a, would
 * leave the host a stale b, or compute from what the device held.  nurt
 * moves both as the sequential program needs; where the clause says
 * otherwise, the two views disagree, and the warning says so. */
void frontend_data_check_kernels(Nest *n, const Vec *kernels) {
  for (int w = 0; w < 2; w++) {
    const Vec *names = w ? &n->map_from : &n->map_to;
    for (int i = 0; i < names->len; i++) {
      const char *name = names->items[i];
      bool hit = false;
      for (int k = 0; k < kernels->len && !hit; k++) {
        Kernel *kn = kernels->items[k];
        for (int b = 0; b < kn->buffers.len && !hit; b++) {
          Buffer *bf = kn->buffers.items[b];
          char *t = print_expr_text(bf->path);
          hit = !strcmp(t, name) && (w ? bf->read : bf->write);
          xfree(t);
        }
      }
      if (!hit)
        continue;
      if (w)
        diag_warning("nucc-omp-map", n->map_loc,
                     "'map(from: %s)': the loop reads '%s', which the clause does not copy to "
                     "the device (no map before it did); nurt copies it, as the program "
                     "without OpenMP reads it",
                     name, name);
      else
        diag_warning("nucc-omp-map", n->map_loc,
                     "'map(to: %s)': the loop writes '%s', which the clause does not copy back "
                     "to the host (no map before it did); nurt copies it back where the host "
                     "reads it, as the program without OpenMP sees it",
                     name, name);
    }
  }
}
