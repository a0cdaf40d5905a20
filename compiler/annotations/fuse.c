/* fuse.c — `fuse`: loop fusion, the inverse of fission.  Receives the main
 * part, whose perfectly nested loops end in a body holding adjacent loops
 * with equal headers (`for i { for j S1; for j S2 }`); hands on the nest
 * with each run of them fused into one loop (`for i for j { S1; S2 }`) as
 * the main part; `fuse(f, c)` fuses the c loops from the body's f-th.  On
 * OpenMP's block of loops (Loop.seq, `omp fuse [looprange(f, c)]`) the
 * block's loops become the pieces, the fused one the main part.  Every pair
 * fused must keep its dependences (deps_fuse), and no scalar may pass
 * values between them. */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

#include <string.h>

static bool same_header(Loop *x, Loop *y) {
  return x->rel == y->rel && ir_expr_equal(x->lb, y->lb) && ir_expr_equal(x->ub, y->ub) &&
         ir_expr_equal(x->step, y->step) && (x->var == y->var || (x->declared && y->declared));
}

static bool fusable(Stmt *s) { return s->kind == ST_FOR && s->loop && !s->annots; }

/* --- scalars that carry values from one loop to the other ------------------ */

/* A scalar that one loop assigns and the other reads (a temporary declared
 * outside them, which isl does not see), or NULL.  The loops' own indices
 * and locals declared in a body are not shared. */
static Var *shared_scalar(Stmt *x, Stmt *y) {
  Stmt *st[2] = {x, y};
  for (int k = 0; k < 2; k++) {
    Vec w = {0};
    tr_written_scalars(st[k]->loop->body, &w);
    for (int i = 0; i < w.len; i++) {
      Var *v = w.items[i];
      if (v == st[0]->loop->var || v == st[1]->loop->var)
        continue;
      if (tr_reads_value(st[1 - k]->loop->body, v))
        return v;
    }
  }
  return NULL;
}

/* --- legality -------------------------------------------------------------- */

static bool check_pair(AnnotCtx *cx, Annot *a, Loop **loops, int k, Stmt *body, Stmt *x, Stmt *y) {
  Var *v = shared_scalar(x, y);
  if (v) {
    diag_error(a->loc, "fuse: the loops at lines %d and %d pass values through the scalar '%s'",
               x->loc.line, y->loc.line, v->name);
    diag_note(x->loc, "fusing them would interleave its writes and reads");
    return false;
  }
  return legality_report(legality_fuse(cx->nest->names, cx->inner ? NULL : cx->nest, loops, k, body,
                                       x, y, cx->independent, a->loc));
}

/* --- the fused loop --------------------------------------------------------- */

static bool declares_at_top(Stmt *body) {
  if (body->kind == ST_DECL)
    return true;
  for (int i = 0; body->kind == ST_BLOCK && i < body->nitems; i++)
    if (body->items[i]->kind == ST_DECL)
      return true;
  return false;
}

/* One loop over the bodies of run[0..n-1], with run[0]'s header; the
 * others' indices become run[0]'s.  Bodies that declare locals keep their
 * own blocks, so that equal names do not clash. */
static Stmt *fuse_run(Stmt **run, int n) {
  Loop *first = run[0]->loop;
  Vec items = {0};
  for (int r = 0; r < n; r++) {
    Loop *l = run[r]->loop;
    Stmt *body = l->body;
    if (l->var != first->var) {
      Subst s = {0};
      subst_expr(&s, l->var, ir_var(first->var, l->loc));
      body = tr_clone_stmt(body, &s);
    }
    if (body->kind == ST_BLOCK && !declares_at_top(body))
      for (int i = 0; i < body->nitems; i++)
        vec_push(&items, body->items[i]);
    else
      vec_push(&items, body);
  }
  Loop *l = tr_clone_loop(first, NULL);
  l->body = tr_block(&items);
  return tr_for(l);
}

/* The c loops from the body's f-th (1-based, counting loops only), which
 * must stand side by side with equal headers: their first index, or -1
 * after an error. */
static int loop_range(Annot *a, Stmt **it, int n, long long f, long long c, bool seq) {
  int at = -1, seen = 0;
  for (int i = 0; i < n && at < 0; i++)
    if (it[i]->kind == ST_FOR && it[i]->loop && ++seen == f)
      at = i;
  int loops = 0;
  for (int i = 0; i < n; i++)
    loops += it[i]->kind == ST_FOR && it[i]->loop;
  if (at < 0 || f + c - 1 > loops) {
    diag_error(a->loc, "fuse(%lld, %lld): loops %lld to %lld of %s, which holds %d", f, c, f,
               f + c - 1, seq ? "the block" : "the body", loops);
    return -1;
  }
  for (int i = at + 1; i < at + c; i++) {
    if (!fusable(it[i])) {
      diag_error(it[i]->loc, "fuse(%lld, %lld): this statement stands between the loops to fuse", f,
                 c);
      return -1;
    }
    if (!same_header(it[at]->loop, it[i]->loop)) {
      diag_error(a->loc,
                 "fuse: the loops at lines %d and %d do not have equal headers (the same bounds, "
                 "step and condition)%s",
                 it[at]->loc.line, it[i]->loc.line,
                 seq ? ": OpenMP's fuse would run them by iteration number, the shorter one's "
                       "body under a guard, which nucc does not make"
                     : "");
      return -1;
    }
  }
  return at;
}

/* OpenMP's block holds only loops (a canonical loop sequence). */
static bool only_loops(Annot *a, Stmt **it, int n) {
  for (int i = 0; i < n; i++)
    if (!fusable(it[i])) {
      diag_error(it[i]->loc,
                 "fuse: '%s' stands over a block of canonical loops, and this "
                 "statement is not one",
                 a->from ? a->from : "fuse");
      return false;
    }
  return true;
}

/* OpenMP's loop directive over the fuse applies to one loop: the loops a
 * looprange leaves unfused have no promise of independence. */
static bool one_loop_left(AnnotCtx *cx, Annot *a, int left) {
  if (!a->from || left < 2)
    return true;
  for (int i = 0; i < cx->annots.len; i++)
    if (!strcmp(((Annot *)cx->annots.items[i])->name, "work")) {
      diag_error(a->loc,
                 "fuse: '%s' leaves %d loops, and the loop directive above it applies to one",
                 a->from, left);
      return false;
    }
  return true;
}

bool fuse_apply(AnnotCtx *cx, Annot *a) {
  long long range[2] = {0, 0};
  if (a->nargs == 1) {
    diag_error(a->loc, "fuse(...) takes two arguments, the first loop and the count");
    return false;
  }
  if (a->nargs && !annot_int_args(a, range, "fuse"))
    return false;
  Loop *loops[16];
  int k = annot_main_loops(cx, a, loops, 1);
  if (!k)
    return false;
  bool seq = loops[0]->seq;
  if (seq)
    k = 1; /* a block of one loop is a chain to tr_chain */
  Stmt *body = loops[k - 1]->body;
  Stmt **it = body->kind == ST_BLOCK ? body->items : &body;
  int n = body->kind == ST_BLOCK ? body->nitems : 1;
  if (seq && !only_loops(a, it, n))
    return false;
  if (seq && !a->nargs) { /* OpenMP fuses every loop of the block */
    range[0] = 1;
    range[1] = n;
  }
  Vec out = {0};
  int main = -1;
  if (range[1]) {
    int at = loop_range(a, it, n, range[0], range[1], seq);
    if (at < 0)
      return false;
    for (int x = at; x < at + range[1]; x++)
      for (int y = x + 1; y < at + range[1]; y++)
        if (!check_pair(cx, a, loops, k, body, it[x], it[y]))
          return false;
    for (int i = 0; i < at; i++)
      vec_push(&out, it[i]);
    main = out.len;
    vec_push(&out, fuse_run(it + at, (int)range[1]));
    for (int i = at + (int)range[1]; i < n; i++)
      vec_push(&out, it[i]);
  } else {
    for (int i = 0; i < n;) {
      int j = i + 1;
      while (fusable(it[i]) && j < n && fusable(it[j]) && same_header(it[i]->loop, it[j]->loop))
        j++;
      if (j - i < 2) {
        vec_push(&out, it[i++]);
        continue;
      }
      for (int x = i; x < j; x++)
        for (int y = x + 1; y < j; y++)
          if (!check_pair(cx, a, loops, k, body, it[x], it[y]))
            return false;
      vec_push(&out, fuse_run(it + i, j - i));
      main = 0;
      i = j;
    }
    if (main < 0) {
      diag_error(a->loc,
                 "fuse: the body of loop '%s' holds no adjacent loops with equal headers (the "
                 "same bounds, step and condition)",
                 loops[k - 1]->var->name);
      return false;
    }
  }
  if (seq) { /* the block's loops are the pieces now, the fused one the main part */
    if (!one_loop_left(cx, a, out.len))
      return false;
    annot_replace_main(cx, &out, main);
    return true;
  }
  Loop *copy[16];
  for (int j = 0; j < k; j++) {
    copy[j] = tr_clone_loop(loops[j], NULL);
    copy[j]->body = NULL;
  }
  copy[k - 1]->body = out.len == 1 ? out.items[0] : tr_block(&out);
  tr_relink(copy, k);
  Vec with = {0};
  vec_push(&with, tr_for(copy[0]));
  annot_replace_main(cx, &with, 0);
  return true;
}
