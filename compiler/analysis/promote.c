/* promote.c — register promotion (scalar replacement) in a kernel's body.
 * Receives a kernel after its analyses; hands on a copy of its body where
 * an array element that an inner loop touches at one invariant place, and
 * at no place of that array that may be the same element, lives in a
 * private variable across the loop: one load before, one store after, as in
 * legacy GEMM's
 * `C[i][j] += A[i][k] * B[k][j]` over k.  The copy is what the OpenCL
 * printer prints; --emit=seq and NU_DEVICE=host keep the loop as written. */
#include "analysis.h"
#include "transform.h"

#include <string.h>

/* The array expression under a subscript chain: `a` of a[i][j]. */
static Expr *base_of(Expr *e) {
  while (e->kind == EX_INDEX)
    e = e->a;
  return e;
}

typedef struct Scan {
  Kernel *k;
  Vec written;  /* Var* assigned in the loop (its index, inner indices, locals) */
  Vec accesses; /* Expr* EX_INDEX chains of buffers, outermost nodes */
  Vec writes;   /* parallel to accesses: (void *)1 when written */
  bool leaves;  /* a return leaves the work-item from inside the loop */
  Vec pinned;   /* Expr*: buffers a helper is handed (&a[i], a), which it may
                   reach anywhere: none of their elements can live in a register */
} Scan;

static bool is_buffer(Kernel *k, Expr *base) {
  if (!ir_path_root(base))
    return false;
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    /* staged arrays print from __local; a struct's members are loaded one
     * by one where they are used, not the whole element */
    if (ir_expr_equal(b->path, base))
      return cache_of(k, b) == NULL && b->elem->kind != TY_STRUCT;
  }
  return false;
}

static void note_access(Scan *sc, Expr *e, bool write) {
  vec_push(&sc->accesses, e);
  vec_push(&sc->writes, write ? (void *)1 : NULL);
}

static void scan_expr(Scan *sc, Expr *e, bool write);

static void scan_index(Scan *sc, Expr *e, bool write) {
  Expr *base = base_of(e);
  if (is_buffer(sc->k, base))
    note_access(sc, e, write);
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    scan_expr(sc, x->b, false);
}

static void pin_argument(Scan *sc, Expr *arg) {
  while (arg->kind == EX_CAST)
    arg = arg->a;
  if (arg->kind == EX_UNARY && arg->op == OP_ADDR)
    arg = base_of(arg->a);
  if (is_buffer(sc->k, arg))
    vec_push(&sc->pinned, arg);
}

static void scan_expr(Scan *sc, Expr *e, bool write) {
  if (!e)
    return;
  if (e->kind == EX_CALL && e->callee)
    for (int i = 0; i < e->nargs; i++)
      pin_argument(sc, e->args[i]);
  if (e->kind == EX_INDEX) {
    scan_index(sc, e, write);
    return;
  }
  if ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)) {
    if (e->a->kind == EX_VAR)
      vec_push(&sc->written, e->a->var);
    else
      scan_expr(sc, e->a, true);
    if (e->kind == EX_BINARY)
      scan_expr(sc, e->b, false);
    return;
  }
  scan_expr(sc, e->a, false);
  scan_expr(sc, e->b, false);
  scan_expr(sc, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    scan_expr(sc, e->args[i], false);
}

static void scan_stmt(Scan *sc, Stmt *s) {
  if (!s)
    return;
  if (s->kind == ST_RETURN)
    sc->leaves = true;
  if (s->kind == ST_DECL)
    vec_push(&sc->written, s->var);
  if (s->loop)
    vec_push(&sc->written, s->loop->var);
  scan_expr(sc, s->e, false);
  scan_expr(sc, s->init, false);
  scan_expr(sc, s->inc, false);
  if (s->loop) {
    scan_expr(sc, s->loop->lb, false);
    scan_expr(sc, s->loop->ub, false);
  }
  scan_stmt(sc, s->init_s);
  scan_stmt(sc, s->then);
  scan_stmt(sc, s->els);
  scan_stmt(sc, s->body);
  for (int i = 0; i < s->nitems; i++)
    scan_stmt(sc, s->items[i]);
}

static bool uses_written(Scan *sc, Expr *e) {
  for (int i = 0; i < sc->written.len; i++)
    if (ir_expr_uses_var(e, sc->written.items[i]))
      return true;
  return false;
}

/* Replaces every node equal to `what` by a use of v. */
static void replace_expr(Expr **slot, Expr *what, Var *v) {
  Expr *e = *slot;
  if (!e)
    return;
  if (e->kind == EX_INDEX && ir_expr_equal(e, what)) {
    *slot = ir_var(v, e->loc);
    return;
  }
  replace_expr(&e->a, what, v);
  replace_expr(&e->b, what, v);
  replace_expr(&e->c, what, v);
  for (int i = 0; i < e->nargs; i++)
    replace_expr(&e->args[i], what, v);
}

static void replace_stmt(Stmt *s, Expr *what, Var *v) {
  if (!s)
    return;
  replace_expr(&s->e, what, v);
  replace_expr(&s->init, what, v);
  replace_expr(&s->inc, what, v);
  replace_stmt(s->init_s, what, v);
  replace_stmt(s->then, what, v);
  replace_stmt(s->els, what, v);
  if (s->loop)
    s->body = s->loop->body;
  replace_stmt(s->body, what, v);
  for (int i = 0; i < s->nitems; i++)
    replace_stmt(s->items[i], what, v);
}

static Stmt *expr_stmt(Expr *e) {
  Stmt *s = NEW(Stmt);
  s->kind = ST_EXPR;
  s->loc = e->loc;
  s->e = e;
  return s;
}

static Op rel_op(Rel r) {
  static const Op ops[] = {OP_LT, OP_LE, OP_GT, OP_GE, OP_NE};
  return ops[r];
}

/* `x + c` as x and c (`x - c`, `c + x` too); anything else with c = 0. */
static Expr *split_const(Expr *e, long long *c) {
  *c = 0;
  if (e->kind == EX_BINARY && (e->op == OP_ADD || e->op == OP_SUB) && e->b->kind == EX_INT) {
    *c = e->op == OP_ADD ? e->b->ival : -e->b->ival;
    return e->a;
  }
  if (e->kind == EX_BINARY && e->op == OP_ADD && e->a->kind == EX_INT) {
    *c = e->a->ival;
    return e->b;
  }
  return e;
}

/* Whether two subscript chains of one array name different elements for
 * sure: in some dimension they differ by a non-zero constant (the copies
 * dmine makes of C[i][j]: C[i][j + 1], C[i + 1][j]). */
static bool apart(Expr *x, Expr *y) {
  for (; x->kind == EX_INDEX && y->kind == EX_INDEX; x = x->a, y = y->a) {
    long long cx, cy;
    Expr *px = split_const(x->b, &cx), *py = split_const(y->b, &cy);
    if (cx != cy && ir_expr_equal(px, py))
      return true;
  }
  return false;
}

/* Promotes what loop statement `s` allows; returns the statement that
 * replaces it (s itself when nothing was promoted). */
static Stmt *promote_loop(Kernel *k, Stmt *s, int *counter) {
  Scan sc = {.k = k};
  vec_push(&sc.written, s->loop->var);
  scan_stmt(&sc, s->loop->body);
  if (sc.leaves)
    return s;
  Vec items = {0}, after = {0};
  for (int i = 0; i < sc.accesses.len; i++) {
    Expr *e = sc.accesses.items[i];
    if (!e) /* already promoted with an equal access */
      continue;
    Expr *base = base_of(e);
    bool same = true, write = false;
    for (int j = 0; j < sc.pinned.len && same; j++)
      same = !ir_expr_equal(sc.pinned.items[j], base);
    for (int j = 0; j < sc.accesses.len && same; j++) {
      Expr *o = sc.accesses.items[j];
      if (!o || !ir_expr_equal(base_of(o), base))
        continue;
      same = ir_expr_equal(o, e) || apart(o, e);
    }
    bool invariant = !uses_written(&sc, e);
    for (int j = 0; j < sc.accesses.len; j++) {
      Expr *o = sc.accesses.items[j];
      if (o && ir_expr_equal(o, e)) {
        write |= sc.writes.items[j] != NULL;
        if (same && invariant)
          sc.accesses.items[j] = NULL;
      }
    }
    if (!same || !invariant)
      continue;
    Var *v = NEW(Var);
    v->name = xformat("nu_reg%d", (*counter)++);
    v->type = e->type;
    v->loc = e->loc;
    Stmt *decl = NEW(Stmt);
    decl->kind = ST_DECL;
    decl->var = v;
    decl->loc = e->loc;
    /* loaded even when only written: a write under a condition may not run */
    decl->init = tr_clone_expr(e, NULL);
    vec_push(&items, decl);
    replace_stmt(s, e, v);
    if (write)
      vec_push(&after,
               expr_stmt(ir_binary(OP_ASSIGN, tr_clone_expr(e, NULL), ir_var(v, e->loc), e->type)));
  }
  if (!items.len)
    return s;
  vec_push(&items, s);
  for (int i = 0; i < after.len; i++)
    vec_push(&items, after.items[i]);
  /* only when the loop runs at all: the element may lie outside the buffer
   * the launch copied when it does not */
  long long lb, ub;
  if (tr_const(s->loop->lb, &lb) && tr_const(s->loop->ub, &ub) && s->loop->rel == REL_LT && lb < ub)
    return tr_block(&items);
  Stmt *guard = NEW(Stmt);
  guard->kind = ST_IF;
  guard->loc = s->loc;
  guard->e = ir_binary(rel_op(s->loop->rel), tr_clone_expr(s->loop->lb, NULL),
                       tr_clone_expr(s->loop->ub, NULL), s->loop->var->type);
  guard->then = tr_block(&items);
  return guard;
}

static Stmt *promote_stmt(Kernel *k, Stmt *s, int *counter) {
  if (!s)
    return NULL;
  if (s->kind == ST_FOR && s->loop) {
    Stmt *r = promote_loop(k, s, counter);
    s->loop->body = promote_stmt(k, s->loop->body, counter);
    s->body = s->loop->body;
    return r;
  }
  s->then = promote_stmt(k, s->then, counter);
  s->els = promote_stmt(k, s->els, counter);
  s->body = promote_stmt(k, s->body, counter);
  for (int i = 0; i < s->nitems; i++)
    s->items[i] = promote_stmt(k, s->items[i], counter);
  return s;
}

void promote_registers(Kernel *k) {
  int counter = 0;
  k->body = promote_stmt(k, tr_clone_stmt(k->body, NULL), &counter);
}
