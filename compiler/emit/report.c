/* report.c — prints --report's line per kernel: its NDRange and work-group,
 * the arrays and scalars as the kernel's signature passes them (signature.c)
 * with each array's direction and extent, its reductions and privates, and
 * the hints the annotations left. */
#include "analysis.h"
#include "emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void emit_report(Kernel *k, const char *path) {
  Buf b = {0};
  buf_printf(&b, "%s:%d: kernel %s: NDRange", path, k->mapped[0]->loc.line, k->name);
  for (int m = k->dims - 1; m >= 0; m--)
    buf_printf(&b, " %s%s", k->mapped[m]->var->name, m ? "," : "");
  buf_puts(&b, " (dim 0 first); work-group");
  if (k->ttile && k->ttile->stream) { /* the plane of the tile with its halo (emit/ttile.c) */
    long long group[3];
    emit_ttile_stream_group(k->ttile, group);
    for (int d = 0; d < k->dims; d++)
      buf_printf(&b, " %lld%s", group[d], d + 1 < k->dims ? " x" : "");
  } else
    for (int m = k->dims - 1; m >= 0; m--)
      buf_printf(&b, " %s%s", k->wg[m].text, m ? " x" : "");
  /* arrays and scalars as the kernel's signature passes them */
  Vec sig = emit_kernel_signature(k);
  Vec bufs = {0}, scalars = {0};
  for (int i = 0; i < sig.len; i++) {
    KParam *q = sig.items[i];
    if (q->kind == KP_BUFFER)
      vec_push(&bufs, q->of);
    else if (q->kind == KP_SCALAR)
      vec_push(&scalars, q->of);
  }
  buf_puts(&b, "; arrays:");
  for (int i = 0; i < bufs.len; i++) {
    Buffer *bf = bufs.items[i];
    const char *mode = emit_buffer_mode(bf); /* a snapshot's copy is read */
    const char *dir = !strcmp(mode, "NURT_INOUT") ? "inout"
                      : !strcmp(mode, "NURT_OUT") ? "out"
                                                  : "in";
    Var *of = buffer_snapshot_of(bf);
    char *t = of ? xformat("%s (copy of %s)", bf->name, of->name) : print_expr_text(bf->path);
    buf_printf(&b, " %s %s[", t, dir);
    xfree(t);
    if (bf->size_text) {
      buf_printf(&b, "%s", bf->size_text);
    } else if (bf->type->kind == TY_ARRAY && bf->type->len >= 0) {
      buf_printf(&b, "%lld", bf->type->len);
    } else {
      Expr *hi = NULL;
      for (int j = 0; j < bf->accesses.len; j++) {
        Access *a = bf->accesses.items[j];
        Expr *h = extent_hi(k->info, a->subs[0]);
        hi = h ? h : hi;
      }
      buf_printf(&b, "%s", hi ? "inferred" : "?");
    }
    buf_puts(&b, "]");
    for (Type *t2 = bf->type->base; bf->rank > 1 && t2 && t2->kind == TY_ARRAY; t2 = t2->base)
      t2->len >= 0 ? buf_printf(&b, "[%lld]", t2->len) : buf_puts(&b, "[*]");
    buf_puts(&b, i + 1 < bufs.len ? "," : "");
  }
  if (!bufs.len)
    buf_puts(&b, " none");
  if (scalars.len) {
    buf_puts(&b, "; scalars:");
    for (int i = 0; i < scalars.len; i++)
      buf_printf(&b, " %s%s", ((Scalar *)scalars.items[i])->name, i + 1 < scalars.len ? "," : "");
  }
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    buf_printf(&b, "; %s reduction of %s%s", red_op_name(r->op), print_expr_text(r->path),
               r->into ? " (finished on the device)" : "");
  }
  for (int i = 0; i < k->info->temps.len; i++) {
    Var *v = k->info->temps.items[i];
    bool out = false;
    for (int j = 0; j < k->info->copyouts.len; j++)
      out |= k->info->copyouts.items[j] == v;
    buf_printf(&b, "; private %s%s", v->name, out ? " (last value copied out)" : "");
  }
  for (int i = 0; i < k->info->copyouts.len; i++) { /* inner loops' indices */
    Var *v = k->info->copyouts.items[i];
    bool temp = false;
    for (int j = 0; j < k->info->temps.len; j++)
      temp |= k->info->temps.items[j] == v;
    if (!temp)
      buf_printf(&b, "; loop index %s (last value copied out)", v->name);
  }
  if (k->independent)
    buf_puts(&b, "; independent (user's promise)");
  if (k->ttile) {
    TTile *tt = k->ttile;
    buf_printf(&b, "; time-tiled: up to %lld steps of %d sub-step%s per launch, tiles of", tt->T,
               tt->nsteps, tt->nsteps == 1 ? "" : "s");
    for (int m = 0; m < tt->dims; m++)
      buf_printf(&b, "%s%lld", m ? " x " : " ", tt->width[m]);
    buf_puts(&b, " with a halo of");
    for (int m = 0; m < tt->dims; m++)
      buf_printf(&b, "%s%lld", m ? " x " : " ", tt->halo[m]);
    if (tt->stream && tt->width[0])
      buf_printf(&b, ", streaming along %s in chunks of %lld", tt->space[0]->var->name,
                 tt->width[0]);
    else if (tt->stream)
      buf_printf(&b, ", streaming along %s", tt->space[0]->var->name);
    char *dead = emit_ttile_dead_names(k);
    if (dead)
      buf_printf(&b,
                 "; %s written before read in each step: loaded only outside the loops, "
                 "written back by the last launch",
                 dead);
    xfree(dead);
  }
  if (k->pre) /* hostloop.c, pre_kernel */
    buf_printf(&b,
               "; its last work-item runs the host's statement at line %d before its reductions "
               "end, where it has iterations and NU_VERIFY is off (else the host does)",
               k->pre->body->loc.line);
  if (k->then) /* hostloop.c, run_then */
    buf_printf(&b,
               "; its last work-item runs %s (the statements at line %d) after it, where it "
               "has iterations and NU_VERIFY is off",
               k->then->name, k->then->body->loc.line);
  if (k->after)
    buf_printf(&b, "; launched only where %s does not run it", k->after->name);
  char *one = emit_split_refusal(k, &sig);
  if (one)
    buf_printf(&b, "; NU_DEVICES: one device (%s)", one);
  else
    buf_printf(&b, "; NU_DEVICES: split by %s", k->mapped[0]->var->name);
  xfree(one);
  if (emit_work_asks(k)) /* hostfirst.c */
    buf_puts(&b, "; on the host first, as written, while the device has not started and the "
                 "program's nests stay within NU_HOST_FIRST");
  printf("%s\n", b.s);
  for (int i = 0; i < k->hints.len; i++)
    printf("%s:%d: hint: %s\n", path, k->mapped[0]->loc.line, (char *)k->hints.items[i]);
  xfree(b.s);
}
