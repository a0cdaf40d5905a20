/* cache.c — plans the __local staging that cache(a) asks for.
 * Receives a kernel and the names in cache(...); for each array checks that
 * the kernel only reads it and that every subscript of dimension d is the
 * index of one mapped loop (step 1) plus a constant, so that a work-group
 * reads a block of its own size widened by the constants' range (the halo).
 * Anything else is refused: the staged region must be provable. */
#include "analysis.h"

#include <string.h>

/* `v + c`, `v - c` or `v` with v a mapped index counting by 1. */
static bool mapped_offset(KernelInfo *ki, Expr *e, int *m, long long *c) {
  Expr *v = e;
  *c = 0;
  if (e->kind == EX_BINARY && (e->op == OP_ADD || e->op == OP_SUB) && e->b->kind == EX_INT) {
    v = e->a;
    *c = e->op == OP_ADD ? e->b->ival : -e->b->ival;
  } else if (e->kind == EX_BINARY && e->op == OP_ADD && e->a->kind == EX_INT) {
    v = e->b;
    *c = e->a->ival;
  }
  if (v->kind != EX_VAR)
    return false;
  LoopInfo *li = freevars_loop_of(ki, v->var);
  if (!li || !li->mapped || li->loop->step->kind != EX_INT || li->loop->step->ival != 1)
    return false;
  *m = li->id;
  return true;
}

static bool plan_one(Kernel *k, AnnotArg *a) {
  Buffer *buf = NULL;
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    char *t = print_expr_text(b->path);
    if (!strcmp(t, a->text))
      buf = b;
    xfree(t);
  }
  if (!buf) {
    diag_error(a->loc, "cache(%s): '%s' is not an array this kernel reads", a->text, a->text);
    return false;
  }
  if (buf->write) {
    diag_error(a->loc,
               "cache(%s): the kernel writes '%s'; only arrays it only reads can be "
               "staged in local memory",
               a->text, a->text);
    return false;
  }
  if (buf->rank > 8) {
    diag_error(a->loc, "cache(%s): too many dimensions", a->text);
    return false;
  }
  Cache *c = NEW(Cache);
  c->buf = buf;
  c->rank = buf->rank;
  for (int d = 0; d < c->rank; d++)
    c->mapped[d] = -1;
  for (int i = 0; i < buf->accesses.len; i++) {
    Access *acc = buf->accesses.items[i];
    for (int d = 0; d < acc->nsubs; d++) {
      int m;
      long long off;
      if (!mapped_offset(k->info, acc->subs[d], &m, &off)) {
        char *t = print_expr_text(acc->subs[d]);
        diag_error(acc->e->loc,
                   "cache(%s): subscript '%s' is not a mapped index (counting by 1) plus a "
                   "constant, so the block a work-group reads is not known",
                   a->text, t);
        xfree(t);
        return false;
      }
      if (c->mapped[d] >= 0 && c->mapped[d] != m) {
        diag_error(acc->e->loc, "cache(%s): dimension %d is indexed by different loops", a->text,
                   d + 1);
        return false;
      }
      if (c->mapped[d] < 0 || off < c->lo[d])
        c->lo[d] = off;
      if (c->mapped[d] < 0 || off > c->hi[d])
        c->hi[d] = off;
      c->mapped[d] = m;
    }
  }
  for (int d = 0; d < c->rank; d++)
    for (int e = 0; e < d; e++)
      if (c->mapped[d] == c->mapped[e]) {
        diag_error(a->loc, "cache(%s): two dimensions follow the same loop", a->text);
        return false;
      }
  vec_push(&k->caches, c);
  return true;
}

bool cache_plan(Kernel *k, Vec *names) {
  for (int i = 0; i < names->len; i++)
    if (!plan_one(k, names->items[i]))
      return false;
  return true;
}

Cache *cache_of(Kernel *k, Buffer *b) {
  for (int i = 0; i < k->caches.len; i++)
    if (((Cache *)k->caches.items[i])->buf == b)
      return k->caches.items[i];
  return NULL;
}
