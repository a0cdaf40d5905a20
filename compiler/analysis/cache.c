/* cache.c — plans the __local staging that cache(a) asks for.
 * Receives a kernel and the arguments of cache(...); for each array checks
 * that the kernel only reads it and that every subscript of dimension d is
 * either the index of one mapped loop (counting by a positive constant) plus
 * a constant, or the index of one sequential loop at the top of the body plus
 * a constant (the staged loop: GEMM's k).  A work-group then reads a block of
 * its own extent (along the staged loop: stage_tile iterations at a time)
 * widened by the constants' range, the halo.  Anything else is refused: the
 * staged region must be provable. */
#include "analysis.h"

#include <string.h>

/* Iterations of the staged loop per block when cache(..., k: T) does not
 * say: 16 rows of a float GEMM's k-tile fill a 64-byte line. */
#define STAGE_TILE 16
#define STAGE_TILE_MAX 4096

bool cache_var_offset(Expr *e, Var **v, long long *c) {
  /* nested, as dmine's copies of copies are: (i + 1) + 1 */
  long long k;
  if (e->kind == EX_VAR) {
    *v = e->var;
    *c = 0;
    return true;
  }
  if (e->kind == EX_BINARY && (e->op == OP_ADD || e->op == OP_SUB) && e->b->kind == EX_INT &&
      cache_var_offset(e->a, v, &k)) {
    *c = e->op == OP_ADD ? k + e->b->ival : k - e->b->ival;
    return true;
  }
  if (e->kind == EX_BINARY && e->op == OP_ADD && e->a->kind == EX_INT &&
      cache_var_offset(e->b, v, &k)) {
    *c = k + e->a->ival;
    return true;
  }
  return false;
}

/* The canonical loop among the statements at the top of the body (through
 * plain blocks) whose index is v: only such a loop runs the same iterations
 * in every work-item, so the whole group can meet at its barriers. */
static Stmt *top_loop(Stmt *s, const Var *v) {
  if (!s)
    return NULL;
  if (s->kind == ST_FOR && s->loop)
    return s->loop->var == v ? s : NULL;
  if (s->kind == ST_BLOCK)
    for (int i = 0; i < s->nitems; i++) {
      Stmt *l = top_loop(s->items[i], v);
      if (l)
        return l;
    }
  return NULL;
}

typedef struct Uniform {
  KernelInfo *ki;
  Expr *bad; /* the first sub-expression that may differ between work-items */
} Uniform;

static void check_uniform(Expr *e, void *d) {
  Uniform *u = d;
  if (u->bad)
    return;
  if ((e->kind == EX_VAR &&
       (kernelinfo_loop_of(u->ki, e->var) || kernelinfo_is_local(u->ki, e->var))) ||
      e->kind == EX_CALL)
    u->bad = e;
}

/* A `break` that leaves the loop whose body s is (not an inner loop's). */
static Stmt *breaks_out(Stmt *s) {
  if (!s)
    return NULL;
  switch (s->kind) {
  case ST_BREAK:
    return s;
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++) {
      Stmt *b = breaks_out(s->items[i]);
      if (b)
        return b;
    }
    return NULL;
  case ST_IF: {
    Stmt *b = breaks_out(s->then);
    return b ? b : breaks_out(s->els);
  }
  default: /* loops own their breaks; nothing else holds statements */
    return NULL;
  }
}

/* A local array declared at the top of the body whose initializer reads
 * memory: beside the staged loop, only the in-range work-items may run it,
 * and an array cannot be assigned later under a guard. */
static Stmt *array_init_reading(Stmt *s) {
  if (!s)
    return NULL;
  if (s->kind == ST_DECL && s->init && s->var->type->kind == TY_ARRAY)
    return ir_expr_may_read_memory(s->init) ? s : NULL;
  if (s->kind == ST_BLOCK)
    for (int i = 0; i < s->nitems; i++) {
      Stmt *d = array_init_reading(s->items[i]);
      if (d)
        return d;
    }
  return NULL;
}

/* Checks that loop statement `l` can be staged: counts by 1 upwards, the
 * same trip in every work-item, and no exit from the middle of a block. */
static bool stage_ok(Kernel *k, Stmt *l, AnnotArg *a) {
  Loop *lp = l->loop;
  const char *v = lp->var->name;
  if (lp->step->kind != EX_INT || lp->step->ival != 1 || (lp->rel != REL_LT && lp->rel != REL_LE)) {
    diag_error(lp->inc_loc,
               "cache(%s): loop '%s' must count upwards by 1 for its blocks of '%s' to be "
               "staged",
               a->text, v, a->text);
    return false;
  }
  Uniform u = {.ki = k->info};
  ir_walk_expr(lp->lb, check_uniform, &u);
  ir_walk_expr(lp->ub, check_uniform, &u);
  if (u.bad) {
    char *t = print_expr_text(u.bad);
    diag_error(u.bad->loc,
               "cache(%s): the bounds of loop '%s' use '%s', which may differ between the "
               "work-items of a group; they must all run the same iterations to stage '%s' "
               "together",
               a->text, v, t, a->text);
    xfree(t);
    return false;
  }
  Stmt *b = breaks_out(lp->body);
  if (b) {
    diag_error(b->loc, "cache(%s): a 'break' leaves loop '%s', whose blocks of '%s' are staged",
               a->text, v, a->text);
    return false;
  }
  Stmt *d = array_init_reading(k->body);
  if (d) {
    diag_error(d->loc,
               "cache(%s): local array '%s' is initialised from memory beside loop '%s'; "
               "declare it inside the loop or assign its elements",
               a->text, d->var->name, v);
    return false;
  }
  if (k->info->has_continue) {
    diag_error(a->loc,
               "cache(%s): a 'continue' ends an iteration of the mapped loops, so the "
               "work-items of a group would not all reach the loads of loop '%s'",
               a->text, v);
    return false;
  }
  return true;
}

/* Dimension d of access `acc` follows mapped loop *m (step *step), or the
 * staged loop (*m = -1); reports and returns false otherwise. */
static bool classify(Kernel *k, AnnotArg *a, Access *acc, int d, int *m, long long *off,
                     long long *step) {
  Var *v;
  Expr *sub = acc->subs[d];
  LoopInfo *li = cache_var_offset(sub, &v, off) ? kernelinfo_loop_of(k->info, v) : NULL;
  if (li && li->mapped) {
    if (li->loop->step->kind == EX_INT && li->loop->step->ival > 0 &&
        (li->loop->rel == REL_LT || li->loop->rel == REL_LE)) {
      *m = li->id;
      *step = li->loop->step->ival;
      return true;
    }
  } else if (li && !acc->site) {
    Stmt *l = top_loop(k->body, v);
    if (l && ir_stmt_holds_expr(l->loop->body, acc->e)) {
      if (k->stage && k->stage != v) {
        diag_error(acc->e->loc,
                   "cache(%s): the staged arrays follow loop '%s' here and loop '%s' elsewhere; "
                   "one loop of a kernel can be staged",
                   a->text, v->name, k->stage->name);
        return false;
      }
      if (!k->stage && !stage_ok(k, l, a))
        return false;
      k->stage = v;
      *m = -1;
      return true;
    }
  }
  char *t = print_expr_text(sub);
  diag_error(acc->e->loc,
             "cache(%s): subscript '%s' is neither a mapped index (counting up by a constant) "
             "plus a constant nor the index of a loop at the top of the kernel's body plus a "
             "constant, so the block a work-group reads is not known",
             a->text, t);
  xfree(t);
  return false;
}

/* The __local wavefronts of the group's stores into one row band of a
 * block interleaved along its innermost dimension d with `pad` spare
 * vectors per copy (print_step_slot): the loader's work-item l of row l0
 * stores coordinate x = l + g * r in turn for each r, so a warp's lanes
 * store one r together.  A lane's bytes fall in 4-byte banks (32 of them);
 * the lanes of an access go in phases of 128 bytes, and a phase costs as
 * many wavefronts as the most distinct words any one bank holds. */
static long long slot_store_cost(const Cache *c, int d, long long gx, long long gy, long long e,
                                 long long pad) {
  long long st = c->step[d], v = c->vec > 1 ? c->vec : 1, g = gx + pad;
  long long pitch = st * g, lanes = gx * (gy > 0 ? gy : 1);
  long long phase = e >= 16 ? 8 : e == 8 ? 16 : 32, cost = 0;
  if (lanes > 32)
    lanes = 32;
  for (long long r = 0; r < st; r++)
    for (long long p0 = 0; p0 < lanes; p0 += phase) {
      long long words[32], nw = 0, most = 1; /* a phase touches at most 128 bytes */
      int count[32] = {0};
      for (long long t = p0; t < p0 + phase && t < lanes; t++) {
        long long x = t % gx + gx * r, row = t / gx;
        long long pos = row * pitch + ((x % st) / v * g + x / st) * v + x % v;
        for (long long w = pos * e / 4; w < (pos * e + e + 3) / 4; w++) {
          bool seen = false;
          for (long long i = 0; i < nw && !seen; i++)
            seen = words[i] == w;
          if (seen || nw == 32)
            continue;
          words[nw++] = w;
          if (++count[w % 32] > most)
            most = count[w % 32];
        }
      }
      cost += most;
    }
  return cost;
}

/* The fewest spare vectors (0 to 8) per copy that give the group's stores
 * into an interleaved block the fewest bank conflicts; reads stay side by
 * side whatever the spare.  Without them, GEMM's b block of doubles
 * staged for dmine(8, 8) in 16 x 16 groups took each store four times
 * over: copies 2 apart of one work-item fell in one bank.  With the
 * spares, on the H100 at n = 4096, that DGEMM 19.8 -> 20.6 TFLOP/s, in
 * 8 x 16 groups 18.6 -> 21.5 (bench/results/slot-pad-h100.txt). */
static int plan_slot_pad(Kernel *k, Cache *c, int d) {
  long long e = type_size(c->buf->elem), gx = kernel_literal_group(k, 0);
  if (d != c->rank - 1 || e < 1 || e > 16 || gx < 1) /* the loader's lanes run along d */
    return 0;
  long long gy = k->dims > 1 ? kernel_literal_group(k, 1) : 1, best = 0, least = -1;
  for (long long pad = 0; pad <= 8; pad++) {
    long long cost = slot_store_cost(c, d, gx, gy, e, pad);
    if (least < 0 || cost < least)
      least = cost, best = pad;
  }
  return (int)best;
}

/* How a staged block is read.  A work-item's dmine copies of a mapped index
 * are consecutive elements at an offset the OpenCL compiler sees is a
 * multiple of the step: in the innermost dimension (GEMM's B[k][j + c]),
 * they are read as one vector load from local memory instead of one load
 * per copy.  (Storing A's block k-major to read its row copies the same
 * way made the H100 slower: its loads from global memory no longer
 * coalesce.  Loaded as now and stored transposed, rows padded by 16 bytes,
 * it was slower still: on the H100, 2026-11-27, the blocked SGEMM at 4096
 * ran 11.5 TFLOP/s against 20.4, DGEMM 4.8 against 10.8.) */
static void plan_layout(Kernel *k, Cache *c) {
  for (int d = 0; d < c->rank; d++) {
    c->steps[d] =
        c->staged && c->mapped[d] >= 0 && c->step[d] > 1 && c->lo[d] >= 0 && c->hi[d] < c->step[d];
    /* interleaved where the work-items side by side read the copies (the
     * innermost mapped loop), with a group size the kernel knows: on the
     * H100, DGEMM 4096 in 8 x 16 groups under dmine(8, 4) 17.3 -> 19.0
     * TFLOP/s, SGEMM in 16 x 16 under dmine(8, 8) 31.8 -> 34.4; with the
     * group's size read at run time (get_local_size) DGEMM fell 10.9 ->
     * 9.1 and SGEMM 13.9 -> 7.8 (bench/results/gemm-layout-h100.txt) */
    c->slots[d] = c->steps[d] && c->mapped[d] == k->dims - 1 && kernel_literal_group(k, 0);
  }
  c->vec = 1;
  int in = c->rank - 1;
  long long size = c->buf->elem->kind == TY_DOUBLE                                  ? 8
                   : c->buf->elem->kind == TY_FLOAT || c->buf->elem->kind == TY_INT ? 4
                                                                                    : 0;
  if (c->steps[in] && size)
    for (int v = 4; v > 1 && c->vec == 1; v /= 2) /* at most 16 bytes a load */
      if (c->step[in] % v == 0 && v * size <= 16)
        c->vec = v;
  for (int d = 0; d < c->rank; d++)
    c->slot_pad[d] = c->slots[d] ? plan_slot_pad(k, c, d) : 0;
}

static bool plan_one(Kernel *k, AnnotArg *a, bool split) {
  Buffer *buf = NULL;
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    if (a->names && ir_expr_equal(b->path, a->names))
      buf = b;
  }
  if (!buf && split) /* another piece may read it: cache_check_used */
    return true;
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
  if (buf->rows) { /* its rows lie anywhere: no block of them has one shape */
    diag_error(a->loc, "cache(%s): '%s' is a table of rows, which cannot be staged in local memory",
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
  bool seen[8] = {false};
  for (int i = 0; i < buf->accesses.len; i++) {
    Access *acc = buf->accesses.items[i];
    for (int d = 0; d < acc->nsubs; d++) {
      int m;
      long long off, step = 1;
      if (!classify(k, a, acc, d, &m, &off, &step))
        return false;
      if (seen[d] && c->mapped[d] != m) {
        diag_error(acc->e->loc, "cache(%s): dimension %d is indexed by different loops", a->text,
                   d + 1);
        return false;
      }
      if (!seen[d] || off < c->lo[d])
        c->lo[d] = off;
      if (!seen[d] || off > c->hi[d])
        c->hi[d] = off;
      seen[d] = true;
      c->mapped[d] = m;
      c->step[d] = step;
      c->staged |= m < 0;
    }
  }
  plan_layout(k, c);
  for (int d = 0; d < c->rank; d++)
    for (int e = 0; e < d; e++)
      if (c->mapped[d] == c->mapped[e]) {
        diag_error(a->loc, "cache(%s): two dimensions follow the same loop", a->text);
        return false;
      }
  vec_push(&k->caches, c);
  return true;
}

/* Whether `k: T` names the staged loop: its index as written, or the copy
 * of it that dmine or unroll made (k_0, k_0_1). */
static bool names_loop(const char *key, const char *name) {
  size_t n = strlen(key);
  if (strncmp(key, name, n) != 0)
    return false;
  if (!name[n])
    return true;
  if (name[n] != '_' || !name[n + 1])
    return false;
  return strspn(name + n, "_0123456789") == strlen(name + n);
}

bool cache_plan(Kernel *k, Vec *args, bool split) {
  k->stage = NULL;
  k->stage_tile = STAGE_TILE;
  for (int i = 0; i < args->len; i++) {
    AnnotArg *a = args->items[i];
    if (!a->key && !plan_one(k, a, split))
      return false;
  }
  /* `k: 32`: the staged loop's block length, once that loop is known */
  for (int i = 0; i < args->len; i++) {
    AnnotArg *a = args->items[i];
    long long t;
    if (!a->key || (split && !k->caches.len))
      continue;
    if (!k->stage || !names_loop(a->key, k->stage->name)) {
      diag_error(a->key_loc,
                 k->stage ? "cache(%s: %s): '%s' is not the staged loop; the cached arrays "
                            "follow loop '%s'"
                          : "cache(%s: %s): '%s' is not the staged loop; no cached array follows "
                            "a loop of the body%s",
                 a->key, a->text, a->key, k->stage ? k->stage->name : "");
      return false;
    }
    if (!pragma_arg_int(a, &t) || t < 1 || t > STAGE_TILE_MAX) {
      diag_error(a->loc, "cache(%s: %s): the block length must be an integer constant from 1 to %d",
                 a->key, a->text, STAGE_TILE_MAX);
      return false;
    }
    k->stage_tile = t;
  }
  return true;
}

bool cache_check_used(Kernel **kernels, int n, Vec *args) {
  for (int i = 0; i < args->len; i++) {
    AnnotArg *a = args->items[i];
    bool used = false;
    for (int j = 0; j < n && !used; j++)
      for (int c = 0; c < kernels[j]->caches.len; c++)
        used |=
            !a->key && ir_expr_equal(((Cache *)kernels[j]->caches.items[c])->buf->path, a->names);
    if (a->key)
      continue; /* each kernel that staged something checked its key */
    if (!used) {
      diag_error(a->loc, "cache(%s): '%s' is not an array that any kernel of the nest reads",
                 a->text, a->text);
      return false;
    }
  }
  return true;
}

long long cache_stage_width(Kernel *k, Cache *c, int d) {
  /* a block read along its rows (GEMM's A[i][k]) gets one spare column, so
   * that the rows that a warp's work-items read at once lie in different
   * banks of local memory */
  int pad = d == c->rank - 1 && c->rank > 1;
  return k->stage_tile + c->hi[d] - c->lo[d] + pad;
}

Cache *cache_of(Kernel *k, Buffer *b) {
  for (int i = 0; i < k->caches.len; i++)
    if (((Cache *)k->caches.items[i])->buf == b)
      return k->caches.items[i];
  return NULL;
}
