/* private.c — which scalars declared outside the nest are private to a
 * work-item (C89-style temporaries, as OpenACC privatises them).
 * Receives the kernel's body and its loops; hands on the scalars that every
 * iteration of the mapped loops writes before it reads them and that hold a
 * value of the iteration's own when it ends, and for the others the reason
 * (freevars.c puts it in its error).  Only a temporary the program may read
 * after the nest must also end each iteration with a value of its own: the
 * last iteration's is copied out.  A must-write analysis over the
 * structured body, conservative: both branches of an `if`, a loop's writes
 * only when it runs at least once (constant bounds, no jump out of it), an
 * assignment's right-hand side before its target, unsequenced operands
 * against the state before both. */
#include "analysis.h"

#include <string.h>

typedef struct Flow {
  KernelInfo *ki;
  Vec cands;     /* Var*: outer scalars the body assigns */
  SrcLoc *read;  /* per candidate: a read before any write (line 0: none) */
  SrcLoc *unset; /* per candidate: an end of the iteration where it may be unwritten */
  bool *at_jump; /* that end is a `continue` */
  int n;
} Flow;

/* The must-written set on one path; `dead` after a jump (the path never
 * reaches what follows, so it constrains nothing). */
typedef struct State {
  bool *w;
  bool dead;
} State;

static int cand_of(Flow *f, const Var *v) {
  for (int i = 0; i < f->cands.len; i++)
    if (f->cands.items[i] == v)
      return i;
  return -1;
}

static State st_copy(Flow *f, State s) {
  State c = {xcalloc((size_t)f->n + 1, sizeof(bool)), s.dead};
  memcpy(c.w, s.w, (size_t)f->n * sizeof(bool));
  return c;
}

/* Where paths join: written on both (a dead path does not count). */
static void st_meet(Flow *f, State *into, State other) {
  if (other.dead)
    return;
  if (into->dead) {
    memcpy(into->w, other.w, (size_t)f->n * sizeof(bool));
    into->dead = false;
    return;
  }
  for (int i = 0; i < f->n; i++)
    into->w[i] = into->w[i] && other.w[i];
}

static void note_read(Flow *f, State *s, Expr *e) {
  int c = cand_of(f, e->var);
  if (c >= 0 && !s->w[c] && !f->read[c].line)
    f->read[c] = e->loc;
}

static void flow_expr(Flow *f, Expr *e, State *s);

/* Operands whose order C leaves open: each is checked against the state
 * before any of them, and all their writes happen. */
static void flow_unsequenced(Flow *f, Expr **ops, int n, State *s) {
  State before = st_copy(f, *s);
  for (int i = 0; i < n; i++) {
    State t = st_copy(f, before);
    flow_expr(f, ops[i], &t);
    for (int j = 0; j < f->n; j++)
      s->w[j] |= t.w[j];
    xfree(t.w);
  }
  xfree(before.w);
}

static void flow_assign(Flow *f, Expr *e, State *s) {
  Expr *lhs = e->a;
  int c = lhs->kind == EX_VAR ? cand_of(f, lhs->var) : -1;
  bool reads_lhs = e->kind == EX_UNARY || e->op != OP_ASSIGN;
  if (c < 0) {
    Expr *ops[2] = {lhs, e->b};
    flow_unsequenced(f, ops, e->kind == EX_UNARY ? 1 : 2, s);
    return;
  }
  if (reads_lhs)
    note_read(f, s, lhs);
  if (e->kind == EX_BINARY)
    flow_expr(f, e->b, s); /* v = e: e first, then the store */
  s->w[c] = true;
}

static void flow_expr(Flow *f, Expr *e, State *s) {
  if (!e)
    return;
  switch (e->kind) {
  case EX_INT:
  case EX_FLOAT:
    return;
  case EX_VAR:
    note_read(f, s, e);
    return;
  case EX_MEMBER:
  case EX_CAST:
    flow_expr(f, e->a, s);
    return;
  case EX_INDEX: {
    Expr *ops[2] = {e->a, e->b};
    flow_unsequenced(f, ops, 2, s);
    return;
  }
  case EX_CALL:
  case EX_INIT: /* the elements of a list are unsequenced too (C11 6.7.9p23) */
    flow_unsequenced(f, e->args, e->nargs, s);
    return;
  case EX_COND: {
    flow_expr(f, e->a, s);
    State t = st_copy(f, *s);
    flow_expr(f, e->b, s);
    flow_expr(f, e->c, &t);
    st_meet(f, s, t);
    xfree(t.w);
    return;
  }
  case EX_UNARY:
    if (op_is_assign(e->op)) {
      flow_assign(f, e, s);
      return;
    }
    flow_expr(f, e->a, s);
    return;
  case EX_BINARY:
    if (op_is_assign(e->op)) {
      flow_assign(f, e, s);
    } else if (e->op == OP_COMMA) {
      flow_expr(f, e->a, s);
      flow_expr(f, e->b, s);
    } else if (e->op == OP_LAND || e->op == OP_LOR) {
      flow_expr(f, e->a, s);
      State t = st_copy(f, *s); /* b may not run: its writes are lost */
      flow_expr(f, e->b, &t);
      xfree(t.w);
    } else {
      Expr *ops[2] = {e->a, e->b};
      flow_unsequenced(f, ops, 2, s);
    }
    return;
  }
}

bool private_has_jump(Stmt *s) {
  if (!s)
    return false;
  switch (s->kind) {
  case ST_BREAK:
  case ST_CONTINUE:
  case ST_RETURN:
    return true;
  case ST_FOR:
  case ST_WHILE:
  case ST_DO:
    return false;
  default:
    if (private_has_jump(s->then) || private_has_jump(s->els))
      return true;
    for (int i = 0; i < s->nitems; i++)
      if (private_has_jump(s->items[i]))
        return true;
    return false;
  }
}

/* A canonical loop whose bounds give at least one iteration: constants, or
 * `i = e; i < e + c` as tilem's full tiles are. */
static bool runs_once(Loop *l) {
  if (!l)
    return false;
  long long lb, ub;
  Expr *u = l->ub;
  if (u->kind == EX_BINARY && (u->op == OP_ADD || u->op == OP_SUB) && u->b->kind == EX_INT &&
      ir_expr_equal(u->a, l->lb)) {
    lb = 0; /* relative to lb */
    ub = u->op == OP_ADD ? u->b->ival : -u->b->ival;
  } else if (l->lb->kind == EX_INT && u->kind == EX_INT) {
    lb = l->lb->ival;
    ub = u->ival;
  } else {
    return false;
  }
  switch (l->rel) {
  case REL_LT:
    return lb < ub;
  case REL_LE:
    return lb <= ub;
  case REL_GT:
    return lb > ub;
  case REL_GE:
    return lb >= ub;
  case REL_NE:
    return lb != ub;
  }
  return false;
}

static void flow_stmt(Flow *f, Stmt *s, State *st, int depth);

/* The end of an iteration of the mapped loops: every candidate must hold a
 * value this iteration wrote (it is read by the next one, or after the
 * nest). */
static void flow_exit(Flow *f, State *st, SrcLoc loc, bool jump) {
  if (st->dead)
    return;
  for (int i = 0; i < f->n; i++)
    if (!st->w[i] && !f->unset[i].line) {
      f->unset[i] = loc;
      f->at_jump[i] = jump;
    }
  st->dead = true;
}

static void flow_loop(Flow *f, Stmt *s, State *st, int depth) {
  Loop *l = s->loop;
  Stmt *body = l ? l->body : s->body;
  if (l) {
    flow_expr(f, l->lb, st);
    flow_expr(f, l->ub, st);
    int c = cand_of(f, l->var); /* an index declared outside */
    if (c >= 0)
      st->w[c] = true;
  } else {
    flow_stmt(f, s->init_s, st, depth);
    flow_expr(f, s->e, st);
  }
  /* one pass over the body from the state at its first entry: every later
   * entry has written at least as much */
  State in = st_copy(f, *st);
  flow_stmt(f, body, &in, depth + 1);
  if (!l)
    flow_expr(f, s->inc, &in);
  if (runs_once(l) && !private_has_jump(body) && !in.dead)
    memcpy(st->w, in.w, (size_t)f->n * sizeof(bool));
  xfree(in.w);
}

static void flow_stmt(Flow *f, Stmt *s, State *st, int depth) {
  if (!s || st->dead)
    return;
  switch (s->kind) {
  case ST_EXPR:
    flow_expr(f, s->e, st);
    return;
  case ST_DECL:
    flow_expr(f, s->init, st);
    return;
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++)
      flow_stmt(f, s->items[i], st, depth);
    return;
  case ST_IF: {
    flow_expr(f, s->e, st);
    State t = st_copy(f, *st);
    flow_stmt(f, s->then, st, depth);
    flow_stmt(f, s->els, &t, depth);
    st_meet(f, st, t);
    xfree(t.w);
    return;
  }
  case ST_FOR:
    flow_loop(f, s, st, depth);
    return;
  case ST_WHILE: {
    flow_expr(f, s->e, st);
    State in = st_copy(f, *st);
    flow_stmt(f, s->body, &in, depth + 1);
    xfree(in.w);
    return;
  }
  case ST_DO: {
    State in = st_copy(f, *st);
    flow_stmt(f, s->body, &in, depth + 1);
    if (!private_has_jump(s->body) && !in.dead) {
      memcpy(st->w, in.w, (size_t)f->n * sizeof(bool));
    }
    flow_expr(f, s->e, st);
    xfree(in.w);
    return;
  }
  case ST_CONTINUE:
  case ST_RETURN: /* a `continue` freevars.c already turned into a return */
  case ST_BREAK:
    if (depth == 0)
      flow_exit(f, st, s->loc, true);
    st->dead = true;
    return;
  case ST_EMPTY:
    return;
  }
}

typedef struct Collect {
  Flow *f;
  KernelInfo *ki;
} Collect;

/* Declared in the body (not a private copy of an outer variable). */
static bool is_body_local(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->locals.len; i++)
    if (ki->locals.items[i] == v)
      return true;
  return false;
}

/* Indices of inner loops declared outside: private already; their last
 * value is copied out like a temporary's when the analysis allows. */
static void collect_indices(Flow *f, Stmt *s) {
  if (!s)
    return;
  /* an index declared in the body (`int j; for (j = 0; ...)`) is a local
   * already: declaring it again as a private would redefine it */
  if (s->kind == ST_FOR && s->loop && !s->loop->declared && cand_of(f, s->loop->var) < 0 &&
      !is_body_local(f->ki, s->loop->var)) {
    LoopInfo *li = kernelinfo_loop_of(f->ki, s->loop->var);
    if (li && !li->mapped && type_is_arith(s->loop->var->type))
      vec_push(&f->cands, s->loop->var);
  }
  collect_indices(f, s->init_s);
  collect_indices(f, s->then);
  collect_indices(f, s->els);
  collect_indices(f, s->loop ? s->loop->body : s->body);
  for (int i = 0; i < s->nitems; i++)
    collect_indices(f, s->items[i]);
}

static void collect_cand(Expr *e, void *d) {
  Collect *c = d;
  if (!((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)) ||
      e->a->kind != EX_VAR)
    return;
  Var *v = e->a->var;
  if (!type_is_arith(v->type) || kernelinfo_is_local(c->ki, v) || kernelinfo_loop_of(c->ki, v) ||
      cand_of(c->f, v) >= 0)
    return;
  vec_push(&c->f->cands, v);
}

/* Whether another nest M of the function may read v's value from before
 * it: it names v in its bounds, or its body reads v before writing it (M may
 * run no iteration, but then it reads nothing either). */
static bool nest_reads_first(Nest *m, Var *v) {
  if (m->depth < 1)
    return true; /* not a canonical nest: unknown */
  for (int i = 0; i < m->depth; i++) {
    Loop *l = m->loops[i];
    if (ir_expr_uses_var(l->lb, v) || ir_expr_uses_var(l->ub, v) || ir_expr_uses_var(l->step, v))
      return true;
    if (l->var == v) /* M's own index: M writes it first */
      return false;
  }
  Flow f = {.n = 1};
  vec_push(&f.cands, v);
  SrcLoc read = {0}, unset = {0};
  bool jump = false;
  f.read = &read;
  f.unset = &unset;
  f.at_jump = &jump;
  State st = {(bool[1]){false}, false};
  flow_stmt(&f, m->loops[m->depth - 1]->body, &st, 0);
  return read.line != 0;
}

/* Whether the program may read v's value after the nest: v is a global,
 * the function names it outside its nests, or another nest reads it first. */
static bool read_after(Nest *nest, Var *v) {
  if (!nest || v->global)
    return true;
  for (int i = 0; i < nest->used_outside.len; i++)
    if (nest->used_outside.items[i] == v)
      return true;
  for (int i = 0; nest->siblings && i < nest->siblings->len; i++) {
    Nest *m = nest->siblings->items[i];
    if (m != nest && nest_reads_first(m, v))
      return true;
  }
  return false;
}

static bool named_private(Kernel *k, const Var *v) { return vec_contains(&k->private_vars, v); }

bool private_is_first(Kernel *k, const Var *v) { return vec_contains(&k->first_vars, v); }

void private_find(KernelInfo *ki, Vec *why) {
  Kernel *k = ki->k;
  /* a struct OpenMP's private clause names (private(z), complex z): each
   * work-item's own, as the clause says, its members written and read in
   * the iteration; nothing is kept after the nest, as OpenMP keeps nothing */
  for (int i = 0; i < k->private_vars.len; i++) {
    Var *v = k->private_vars.items[i];
    if (v->type && v->type->kind == TY_STRUCT && !kernelinfo_is_local(ki, v))
      vec_push(&ki->privates, v);
  }
  Flow f = {.ki = ki};
  Collect c = {&f, ki};
  ir_walk_stmt(k->body, collect_cand, &c);
  int nindex = f.cands.len;
  collect_indices(&f, k->body);
  f.n = f.cands.len;
  if (!f.n)
    return;
  f.read = xcalloc((size_t)f.n, sizeof(SrcLoc));
  f.unset = xcalloc((size_t)f.n, sizeof(SrcLoc));
  f.at_jump = xcalloc((size_t)f.n, sizeof(bool));
  State st = {xcalloc((size_t)f.n, sizeof(bool)), false};
  flow_stmt(&f, k->body, &st, 0);
  flow_exit(&f, &st, k->mapped[k->dims - 1]->loc, false);
  for (int i = nindex; i < f.n; i++) /* no error: as before, stale when not copied */
    if (!f.read[i].line && !f.unset[i].line && read_after(k->nest, f.cands.items[i]))
      vec_push(&ki->copyouts, f.cands.items[i]);
  for (int i = 0; i < nindex; i++) {
    Var *v = f.cands.items[i];
    if (private_is_first(k, v)) {
      /* firstprivate: private, starting from the value before the nest
       * (freevars.c passes it, opencl.c initialises the copy); never a
       * stand-in for a value, nothing kept after */
      vec_push(&ki->privates, v);
      continue;
    }
    if (named_private(k, v)) {
      /* OpenMP's private: each work-item's own, nothing kept after the
       * nest; a stand-in for a value only when written before it is read */
      vec_push(&ki->privates, v);
      if (!f.read[i].line)
        vec_push(&ki->temps, v);
      continue;
    }
    if (f.read[i].line) {
      vec_push(why, v);
      vec_push(why, xformat("'%s' is read before it is written in an iteration (line %d), so it "
                            "is not private to a work-item",
                            v->name, f.read[i].line));
    } else if (f.unset[i].line && read_after(k->nest, v)) {
      vec_push(why, v);
      vec_push(why,
               f.at_jump[i]
                   ? xformat("an iteration may reach the 'continue' at line %d without writing "
                             "'%s', so the value it keeps is not that iteration's own",
                             f.unset[i].line, v->name)
                   : xformat("an iteration may end without writing '%s' (a branch that does not "
                             "write it, or a loop that may run zero times), so the value it keeps "
                             "is not that iteration's own",
                             v->name));
    } else {
      vec_push(&ki->privates, v);
      vec_push(&ki->temps, v);
      if (read_after(k->nest, v))
        vec_push(&ki->copyouts, v);
    }
  }
  xfree(st.w);
}

/* The value a local or a temporary stands for in the analyses: its
 * declaration's initializer when nothing assigns it afterwards (or the decl
 * private_values made for it), else NULL. */
static Expr *value_of(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->written_locals.len; i++)
    if (ki->written_locals.items[i] == v)
      return NULL;
  for (int i = 0; i < ki->decls.len; i++) {
    Stmt *d = ki->decls.items[i];
    if (d->var == v)
      return d->init;
  }
  return NULL;
}

/* A value that cannot change between the point of a block where it is
 * computed and the end of that block: constants, mapped indices, indices of
 * the canonical loops around the block (`scope`), scalars and members from
 * outside that the kernel does not write, and locals or temporaries that
 * stand for such a value themselves (c = x + y*nx; w = x ? c - 1 : c). */
static bool fixed_value(KernelInfo *ki, Expr *e, Vec *scope, int depth) {
  if (depth > 32)
    return false;
  switch (e->kind) {
  case EX_INT:
    return true;
  case EX_VAR: {
    LoopInfo *li = kernelinfo_loop_of(ki, e->var);
    if (li) {
      if (li->mapped)
        return true;
      for (int i = 0; i < scope->len; i++)
        if (scope->items[i] == e->var)
          return true;
      return false;
    }
    if (!type_is_integer(e->type))
      return false;
    if (kernelinfo_is_local(ki, e->var)) {
      Expr *init = value_of(ki, e->var);
      return init && fixed_value(ki, init, scope, depth + 1);
    }
    return true;
  }
  case EX_MEMBER: {
    Expr *root = ir_path_root(e);
    return root && type_is_integer(e->type) && !kernelinfo_is_local(ki, root->var) &&
           !kernelinfo_loop_of(ki, root->var);
  }
  case EX_CAST:
    return type_is_integer(e->type) && fixed_value(ki, e->a, scope, depth + 1);
  case EX_UNARY:
    return (e->op == OP_NEG || e->op == OP_PLUS || e->op == OP_BITNOT || e->op == OP_NOT) &&
           fixed_value(ki, e->a, scope, depth + 1);
  case EX_BINARY:
    return !op_is_assign(e->op) && e->op != OP_COMMA && fixed_value(ki, e->a, scope, depth + 1) &&
           fixed_value(ki, e->b, scope, depth + 1);
  case EX_COND:
    return fixed_value(ki, e->a, scope, depth + 1) && fixed_value(ki, e->b, scope, depth + 1) &&
           fixed_value(ki, e->c, scope, depth + 1);
  default:
    return false;
  }
}

typedef struct Count {
  Var *v;
  int writes, uses;
} Count;

static void count_var(Expr *e, void *d) {
  Count *c = d;
  if ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op) &&
      e->a->kind == EX_VAR && e->a->var == c->v)
    c->writes++;
  if (e->kind == EX_VAR && e->var == c->v)
    c->uses++;
}

static Count count_in(Stmt *s, Var *v) {
  Count c = {v, 0, 0};
  ir_walk_stmt(s, count_var, &c);
  return c;
}

static bool is_temp(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->temps.len; i++)
    if (ki->temps.items[i] == v)
      return true;
  return false;
}

/* Forward substitution in one block: a temporary assigned once in the whole
 * kernel, by an item `v = e;` of this block, from a value fixed over the
 * rest of the block, and read nowhere but after that item in this block,
 * stands for e at every read (the reads all see this write: v is private
 * and written before it is read).  Blocks of canonical loops nested in it
 * follow, their index in scope. */
static void values_in(KernelInfo *ki, Stmt *block, Vec *scope) {
  if (!block)
    return;
  if (block->kind != ST_BLOCK) {
    if (block->kind == ST_FOR && block->loop) {
      vec_push(scope, block->loop->var);
      values_in(ki, block->loop->body, scope);
      scope->len--;
    } else if (block->kind == ST_IF) {
      values_in(ki, block->then, scope);
      values_in(ki, block->els, scope);
    }
    return;
  }
  for (int i = 0; i < block->nitems; i++) {
    Stmt *s = block->items[i];
    if (s->kind != ST_EXPR || s->e->kind != EX_BINARY || s->e->op != OP_ASSIGN ||
        s->e->a->kind != EX_VAR) {
      values_in(ki, s, scope);
      continue;
    }
    Var *v = s->e->a->var;
    if (!is_temp(ki, v) || !type_is_integer(v->type) || value_of(ki, v) ||
        !fixed_value(ki, s->e->b, scope, 0))
      continue;
    Count all = count_in(ki->k->body, v);
    if (all.writes != 1)
      continue;
    int after = 0;
    for (int j = i + 1; j < block->nitems; j++)
      after += count_in(block->items[j], v).uses;
    if (after != all.uses - 1)
      continue; /* read elsewhere, where it holds another iteration's value */
    Stmt *d = NEW(Stmt);
    d->kind = ST_DECL;
    d->loc = s->loc;
    d->var = v;
    d->init = s->e->b;
    vec_push(&ki->decls, d);
    for (int w = 0; w < ki->written_locals.len; w++)
      if (ki->written_locals.items[w] == v)
        ki->written_locals.items[w] = ki->written_locals.items[--ki->written_locals.len];
  }
}

void private_values(KernelInfo *ki) {
  Vec scope = {0};
  values_in(ki, ki->k->body, &scope);
  xfree(scope.items);
}
