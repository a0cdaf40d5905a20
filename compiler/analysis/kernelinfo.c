/* kernelinfo.c — questions about what a kernel's analysis recorded
 * (KernelInfo): which variables are loop indices, which are locals or
 * private copies, which locals the body writes.  Receives a KernelInfo;
 * hands on answers.  The floor under the analyses that fill it (freevars.c,
 * helperptr.c, private.c) and those that read it (poly.c, cache.c,
 * extent.c), so that none of them has to ask freevars.c. */
#include "analysis.h"

#include <stdarg.h>

LoopInfo *kernelinfo_loop_of(KernelInfo *ki, const Var *v) {
  for (int i = ki->loops.len - 1; i >= 0; i--) {
    LoopInfo *li = ki->loops.items[i];
    if (li->loop->var == v)
      return li;
  }
  return NULL;
}

bool kernelinfo_is_local(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->locals.len; i++)
    if (ki->locals.items[i] == v)
      return true;
  for (int i = 0; i < ki->privates.len; i++)
    if (ki->privates.items[i] == v)
      return true;
  return false;
}

void kernelinfo_note_written(Expr *e, void *d) {
  KernelInfo *ki = d;
  /* &v handed to a helper: the helper may write v */
  if (e->kind == EX_UNARY && e->op == OP_ADDR && e->a->kind == EX_VAR &&
      !vec_contains(&ki->written_locals, e->a->var)) {
    vec_push(&ki->written_locals, e->a->var);
    return;
  }
  if (((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)) &&
      e->a->kind == EX_VAR && !vec_contains(&ki->written_locals, e->a->var))
    vec_push(&ki->written_locals, e->a->var);
}

void kernelinfo_error(FV *fv, SrcLoc loc, const char *fmt, ...) {
  fv->errors++;
  if (fv->quiet)
    return;
  va_list ap;
  va_start(ap, fmt);
  char *msg = xvformat(fmt, ap);
  va_end(ap);
  diag_error(loc, "%s", msg);
  xfree(msg);
}
