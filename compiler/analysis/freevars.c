/* freevars.c — what a `work` kernel's body reads and writes from outside.
 * Receives the kernel (mapped loops and body); hands on its buffers (arrays
 * and pointers, with every subscripted access), its scalars passed by value,
 * private copies of outer loop indices, and the functions it calls.  Writes
 * to outer scalars and uses of pointers other than subscripts are errors. */
#include "analysis.h"
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct FV {
  Kernel *k;
  KernelInfo *ki;
  bool ok;
  Vec why;      /* Var*, char*: why an outer scalar the body writes is not private */
  Var *unknown; /* what kept a helper's subscript out of the kernel's terms */
} FV;

LoopInfo *freevars_loop_of(KernelInfo *ki, const Var *v) {
  for (int i = ki->loops.len - 1; i >= 0; i--) {
    LoopInfo *li = ki->loops.items[i];
    if (li->loop->var == v)
      return li;
  }
  return NULL;
}

bool freevars_is_local(KernelInfo *ki, const Var *v) {
  for (int i = 0; i < ki->locals.len; i++)
    if (ki->locals.items[i] == v)
      return true;
  for (int i = 0; i < ki->privates.len; i++)
    if (ki->privates.items[i] == v)
      return true;
  return false;
}

static bool in_vec(Vec *v, void *p) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == p)
      return true;
  return false;
}

/* The kernel parameter name of a path: m->data → m_data. */
static char *path_name(Expr *e) {
  Buf b = {0};
  print_path_name(e, &b);
  return b.s;
}

static int type_rank(Type *t) {
  int r = 0;
  for (; t && (t->kind == TY_PTR || t->kind == TY_ARRAY); t = t->base)
    r++;
  return r;
}

static bool is_outer_path(FV *fv, Expr *e) {
  Expr *root = ir_path_root(e);
  return root && !freevars_is_local(fv->ki, root->var) && !freevars_loop_of(fv->ki, root->var);
}

static Buffer *buffer_of(FV *fv, Expr *path) {
  for (int i = 0; i < fv->k->buffers.len; i++) {
    Buffer *b = fv->k->buffers.items[i];
    if (ir_expr_equal(b->path, path))
      return b;
  }
  Buffer *b = NEW(Buffer);
  b->path = path;
  b->name = path_name(path);
  b->type = path->type;
  b->elem = type_elem(path->type);
  b->rank = type_rank(path->type);
  vec_push(&fv->k->buffers, b);
  for (Type *t = path->type->base; t; t = t->base)
    if (t->kind == TY_PTR) {
      diag_error(path->loc,
                 "'%s' is a pointer to pointers: a kernel needs one block of numbers (use a "
                 "pointer to rows, float (*%s)[m], or a flat array)",
                 b->name, b->name);
      fv->ok = false;
      return b;
    }
  if (!type_is_arith(b->elem)) {
    diag_error(path->loc,
               "array '%s' of '%s' cannot be used in a kernel: only arrays of "
               "numbers are supported",
               b->name, b->elem ? b->elem->spelling : "?");
    fv->ok = false;
  }
  return b;
}

static void add_scalar(FV *fv, Expr *path) {
  for (int i = 0; i < fv->k->scalars.len; i++)
    if (ir_expr_equal(((Scalar *)fv->k->scalars.items[i])->path, path))
      return;
  Scalar *s = NEW(Scalar);
  s->path = path;
  s->name = path_name(path);
  s->type = path->type;
  vec_push(&fv->k->scalars, s);
}

static void visit(FV *fv, Expr *e);
static void note_written(Expr *e, void *d);

static Reduction *add_reduction(FV *fv, Expr *path, RedOp op, SrcLoc loc) {
  for (int i = 0; i < fv->k->reductions.len; i++) {
    Reduction *r = fv->k->reductions.items[i];
    if (!ir_expr_equal(r->path, path))
      continue;
    if (r->op != op) {
      diag_error(loc,
                 "'%s' is updated as a %s here but as a %s at line %d: a reduction uses one "
                 "operator",
                 r->name, red_op_name(op), red_op_name(r->op), r->loc.line);
      fv->ok = false;
    }
    return r;
  }
  Reduction *r = NEW(Reduction);
  r->path = path;
  r->type = path->type;
  r->op = op;
  r->loc = loc;
  if (path->kind == EX_INDEX) {
    int n = 0;
    for (int i = 0; i < fv->k->reductions.len; i++)
      n += ((Reduction *)fv->k->reductions.items[i])->elem;
    r->elem = true;
    r->array = path;
    while (r->array->kind == EX_INDEX)
      r->array = r->array->a;
    r->name = xformat("nu_%s_e%d", path_name(r->array), n);
  } else {
    r->name = path_name(path);
  }
  vec_push(&fv->k->reductions, r);
  return r;
}

/* A subscript the kernel never changes: constants and outer scalars. */
static bool invariant_sub(FV *fv, Expr *e) {
  switch (e->kind) {
  case EX_INT:
    return true;
  case EX_VAR:
  case EX_MEMBER:
    return is_outer_path(fv, e) && type_is_integer(e->type);
  case EX_CAST:
    return invariant_sub(fv, e->a);
  case EX_UNARY:
    return (e->op == OP_NEG || e->op == OP_PLUS || e->op == OP_BITNOT) && invariant_sub(fv, e->a);
  case EX_BINARY:
    return !op_is_assign(e->op) && e->op != OP_COMMA && invariant_sub(fv, e->a) &&
           invariant_sub(fv, e->b);
  default:
    return false;
  }
}

/* x[i] with every subscript invariant, of an array from outside the nest:
 * an update of it may be an element reduction (SPEC §4). */
static bool is_invariant_element(FV *fv, Expr *e) {
  if (e->kind != EX_INDEX || !type_is_arith(e->type))
    return false;
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    if (!invariant_sub(fv, base->b))
      return false;
  return is_outer_path(fv, base) && type_rank(base->type) > 0;
}

/* An assignment to a scalar from outside the nest: a reduction, or an error. */
static bool visit_outer_update(FV *fv, Expr *e, Expr *lhs) {
  RedOp op;
  Expr *operand;
  if (!reduction_match_update(e, lhs, &op, &operand))
    return false;
  if (!type_is_arith(lhs->type))
    return false;
  add_reduction(fv, lhs, op, lhs->loc);
  visit(fv, operand);
  return true;
}

/* a[i][j]: records an access of buffer a with its subscripts. */
static void visit_index(FV *fv, Expr *e, bool read, bool write) {
  int n = 0; /* every subscript, however many (arrays of any rank) */
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  Expr **subs = xcalloc((size_t)n, sizeof(Expr *));
  n = 0;
  for (base = e; base->kind == EX_INDEX; base = base->a)
    subs[n++] = base->b;
  for (int i = 0; i < n; i++)
    visit(fv, subs[i]);
  Expr *root = ir_path_root(base);
  if (root && (freevars_is_local(fv->ki, root->var))) {
    if (base->kind != EX_VAR) {
      diag_error(e->loc, "this subscript cannot be used in a kernel");
      fv->ok = false;
    }
    xfree(subs);
    return;
  }
  if (!root) {
    diag_error(e->loc, "only arrays and pointers named by a variable or a member ('a[i]', "
                       "'m->data[i]') can be subscripted in a kernel");
    fv->ok = false;
    xfree(subs);
    return;
  }
  Buffer *b = buffer_of(fv, base);
  Access *a = NEW(Access);
  a->e = e;
  a->nsubs = n;
  a->subs = xcalloc((size_t)n, sizeof(Expr *));
  for (int i = 0; i < n; i++)
    a->subs[i] = subs[n - 1 - i];
  xfree(subs);
  a->read = read;
  a->write = write;
  b->read |= read;
  b->write |= write;
  vec_push(&b->accesses, a);
  if (n != b->rank) {
    char *t = print_expr_text(base);
    diag_error(e->loc, "'%s' has %d dimension%s and must be subscripted %d time%s here", t, b->rank,
               b->rank == 1 ? "" : "s", b->rank, b->rank == 1 ? "" : "s");
    xfree(t);
    fv->ok = false;
  }
}

static void visit_lvalue(FV *fv, Expr *lhs, bool read) {
  if (lhs->kind == EX_INDEX) {
    visit_index(fv, lhs, read, true);
    return;
  }
  if (lhs->kind == EX_UNARY && lhs->op == OP_DEREF && lhs->a->kind == EX_VAR &&
      freevars_is_local(fv->ki, lhs->a->var))
    return; /* *p = e in a helper: checked at the calls */
  if (lhs->kind == EX_UNARY && lhs->op == OP_DEREF) {
    diag_error(lhs->loc, "write through '*p' in a kernel: write 'p[0]' instead");
    fv->ok = false;
    return;
  }
  Expr *root = ir_path_root(lhs);
  if (root && freevars_is_local(fv->ki, root->var) && lhs->kind == EX_VAR)
    return;
  if (root && freevars_loop_of(fv->ki, root->var)) {
    diag_error(lhs->loc, "the loop index '%s' is assigned in the loop's body", root->var->name);
    fv->ok = false;
    return;
  }
  for (int i = 0; root && lhs->kind == EX_VAR && i + 1 < fv->why.len; i += 2)
    if (fv->why.items[i] == root->var) {
      diag_error(lhs->loc,
                 "write to '%s', declared outside the nest: %s (declare it inside the loop "
                 "body, or write it before any read on every path)",
                 root->var->name, (char *)fv->why.items[i + 1]);
      fv->ok = false;
      return;
    }
  char *t = root ? print_expr_text(lhs) : xstrdup("this expression");
  diag_error(lhs->loc,
             "write to '%s', declared outside the nest: every work-item would write it "
             "(declare it inside the loop body)",
             t);
  xfree(t);
  fv->ok = false;
}

static void add_func(FV *fv, Func *f) {
  if (!f || in_vec(&fv->k->funcs, f))
    return;
  vec_push(&fv->k->funcs, f);
}

/* --- pointer arguments of helpers ------------------------------------------
 * A helper called from a kernel may take the address of an element (&a[i],
 * &t[k]) or a whole one-dimensional array (a, t).  A local's address is
 * __private and needs nothing more.  A buffer's is __global, and the
 * elements the helper reaches are accesses of the buffer at the call: the
 * helper must reach them as p[e] or *p, e an expression of its scalar
 * parameters that it does not assign and of the indices of its canonical
 * loops, so that the call's arguments give each element exactly
 * (seed[index] in randu(seed, i) is seed[i]; pt[j] in a loop over
 * 0 <= j < nf, called as f(&x[i][0], NF), is x[i][j] for 0 <= j < NF).
 * Each such loop becomes a loop of the kernel for the analyses (LoopInfo
 * with a site): the dependence test and the extents see the helper's
 * elements as they see those of a loop written in the body. */

typedef struct PtrUse PtrUse;
struct PtrUse {
  FV *fv;
  Func *f;
  const char *name; /* f's name as written (f may be its copy for other address spaces) */
  Var *p;
  Expr *call;     /* the call of f: the kernel's, or the parent's helper's */
  PtrUse *parent; /* the caller's use when a helper hands p on (randn → randu) */
  Expr *add;      /* &q[add] handed on: added to the offsets, in the caller's terms */
  Expr *base;     /* the buffer's path */
  Expr **subs;    /* subscripts of &a[...] (outer → inner), or none */
  int nsubs;
  bool ok;
  LoopInfo *loop; /* the innermost helper loop around the point walked; its
                     `outer` chain reaches the callers' loops */
  Vec blind;      /* Loop*: loops of f around the point whose bounds are not
                     expressions of the call's arguments */
  int may;        /* > 0: the point may be skipped (a condition, a while loop) */
  bool jumped;    /* a return, break or continue of f came before the point */
};

/* The address space a helper's pointer parameter gets from this argument;
 * a parameter must get one space from every call. */
static void set_space(FV *fv, Var *p, char space, Expr *arg) {
  if (!p->space) {
    p->space = space;
  } else if (p->space != space) {
    diag_error(arg->loc,
               "parameter '%s' gets the address of a %s here and of a %s elsewhere: OpenCL "
               "C 1.2 needs one address space per parameter",
               p->name, space == 'g' ? "buffer's element" : "local",
               p->space == 'g' ? "buffer's element" : "local");
    fv->ok = false;
  }
}

static Stmt *find_decl(Stmt *s, const Var *v) {
  if (!s)
    return NULL;
  if (s->kind == ST_DECL && s->var == v)
    return s;
  Stmt *r = find_decl(s->init_s, v);
  r = r ? r : find_decl(s->then, v);
  r = r ? r : find_decl(s->els, v);
  r = r ? r : find_decl(s->loop ? s->loop->body : s->body, v);
  for (int i = 0; !r && i < s->nitems; i++)
    r = find_decl(s->items[i], v);
  return r;
}

static bool in_chain(LoopInfo *li, const Var *v) {
  for (; li; li = li->outer)
    if (li->loop->var == v)
      return true;
  return false;
}

/* e with the helper's scalar parameters replaced by the call's arguments
 * (the indices of the helper loops in `chain` stay: they are loops of the
 * kernel now); NULL when e uses anything else of the helper, or a
 * parameter it assigns, and then u->unknown says what. */
static Expr *subst_params(PtrUse *u, Expr *e, LoopInfo *chain) {
  if (!e)
    return NULL;
  if (e->kind == EX_VAR) {
    if (in_chain(chain, e->var))
      return e;
    KernelInfo fki = {0};
    ir_walk_stmt(u->f->body, note_written, &fki);
    bool fixed = !in_vec(&fki.written_locals, e->var) && type_is_integer(e->var->type);
    for (int i = 0; fixed && i < u->f->nparams; i++)
      if (u->f->params[i] == e->var)
        return u->call->args[i];
    /* a local set once, at its declaration, stands for its initializer
     * (int base = i * nf;): its uses are in the scope of that declaration,
     * inside the loops its initializer reads */
    Stmt *d = fixed ? find_decl(u->f->body, e->var) : NULL;
    if (d && d->init && !ir_expr_uses_var(d->init, e->var))
      return subst_params(u, d->init, chain);
    u->fv->unknown = e->var;
    return NULL;
  }
  if (e->kind != EX_INT && e->kind != EX_BINARY && e->kind != EX_UNARY && e->kind != EX_CAST)
    return NULL;
  if ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op))
    return NULL;
  Expr *c = NEW(Expr);
  *c = *e;
  if (e->a && !(c->a = subst_params(u, e->a, chain)))
    return NULL;
  if (e->b && !(c->b = subst_params(u, e->b, chain)))
    return NULL;
  return c;
}

/* An expression of f in the kernel's terms, through the helpers that
 * handed the pointer on; NULL when it cannot be.  An offset (`offset`
 * true) also moves by the &q[add] each helper handed on. */
static Expr *kernel_expr(PtrUse *u, Expr *e, LoopInfo *chain, bool offset) {
  e = subst_params(u, e, chain);
  if (e && offset && u->add)
    e = ir_binary(OP_ADD, e, u->add, u->add->type);
  return e && u->parent ? kernel_expr(u->parent, e, chain, offset) : e;
}

static PtrUse *top_use(PtrUse *u) {
  while (u->parent)
    u = u->parent;
  return u;
}

/* Why p[off] cannot be placed in the kernel's terms, as a diagnostic. */
static void report_unknown(PtrUse *u, Expr *use) {
  char *t = print_expr_text(use);
  Var *v = u->fv->unknown;
  for (PtrUse *w = u; v && w; w = w->parent)
    for (int i = 0; i < w->blind.len; i++) {
      Loop *l = w->blind.items[i];
      if (l->var != v)
        continue;
      diag_error(use->loc,
                 "'%s': the bounds of the loop over '%s' (line %d) in '%s' are not expressions "
                 "of its scalar parameters, so nucc cannot tell which elements of '%s' the "
                 "kernel reaches through '%s'",
                 t, v->name, l->loc.line, w->name, print_expr_text(top_use(u)->base), u->p->name);
      xfree(t);
      u->ok = false;
      return;
    }
  diag_error(use->loc,
             "'%s': a helper that a kernel hands a buffer ('%s') must index it with "
             "expressions of its own scalar parameters and loop indices (p[j], "
             "p[i * n + j], *p)%s%s%s, so that nucc knows the elements it reaches",
             t, u->p->name, v ? "; '" : "", v ? v->name : "",
             v ? "' is neither, or is assigned in the helper" : "");
  xfree(t);
  u->ok = false;
}

/* The access of the buffer that p[off] in the helper makes at the call. */
static void add_ptr_access(PtrUse *u, Expr *use, Expr *off, bool read, bool write) {
  PtrUse *top = top_use(u);
  u->fv->unknown = NULL;
  Expr *k_off = kernel_expr(u, off ? off : ir_int(0, use->loc), u->loop, true);
  if (!k_off) {
    report_unknown(u, use);
    return;
  }
  Expr *e = top->base;
  for (int i = 0; i < top->nsubs; i++) {
    Expr *sub = top->subs[i];
    if (i == top->nsubs - 1)
      sub = ir_binary(OP_ADD, sub, k_off, sub->type);
    Expr *x = NEW(Expr);
    x->kind = EX_INDEX;
    x->a = e;
    x->b = sub;
    x->loc = top->call->loc;
    x->type = i == top->nsubs - 1 ? type_elem(top->base->type) : NULL;
    e = x;
  }
  if (!top->nsubs) {
    Expr *x = NEW(Expr);
    x->kind = EX_INDEX;
    x->a = e;
    x->b = k_off;
    x->loc = top->call->loc;
    x->type = type_elem(top->base->type);
    e = x;
  }
  Buffer *b = buffer_of(u->fv, top->base);
  int before = b->accesses.len;
  visit_index(u->fv, e, read, write);
  for (int i = before; i < b->accesses.len; i++) {
    Access *a = b->accesses.items[i];
    a->site = top->call;
    a->hloop = u->loop;
    a->certain = !u->may && !u->jumped;
  }
}

static void walk_ptr_uses(PtrUse *u, Expr *e, bool read, bool write);
static void walk_ptr_stmt(PtrUse *u, Stmt *s);

static bool has_jump(Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_BREAK || s->kind == ST_CONTINUE || s->kind == ST_RETURN)
    return true;
  bool r = has_jump(s->then) || has_jump(s->els) || has_jump(s->body) ||
           (s->loop && has_jump(s->loop->body));
  for (int i = 0; i < s->nitems && !r; i++)
    r = has_jump(s->items[i]);
  return r;
}

/* A helper loop that is one already made for this call: p and q of one
 * helper walk the same loops. */
static LoopInfo *same_loop(PtrUse *u, Loop *l) {
  KernelInfo *ki = u->fv->ki;
  Expr *site = top_use(u)->call;
  for (int i = 0; i < ki->loops.len; i++) {
    LoopInfo *o = ki->loops.items[i];
    if (o->site == site && o->outer == u->loop && o->loop->body == l->body &&
        o->loop->var == l->var && ir_expr_equal(o->loop->lb, l->lb) &&
        ir_expr_equal(o->loop->ub, l->ub) && ir_expr_equal(o->loop->step, l->step))
      return o;
  }
  return NULL;
}

/* A canonical loop of the helper: a loop of the kernel at the call when
 * its bounds are expressions of the arguments (and of the loops around
 * it); otherwise its index reaches nothing, and what it holds may not run. */
static void walk_ptr_loop(PtrUse *u, Stmt *s) {
  Loop *l = s->loop;
  walk_ptr_uses(u, l->lb, true, false);
  walk_ptr_uses(u, l->ub, true, false);
  walk_ptr_uses(u, l->step, true, false);
  Loop *k = NEW(Loop);
  *k = *l;
  k->lb = kernel_expr(u, l->lb, u->loop, false);
  k->ub = k->lb ? kernel_expr(u, l->ub, u->loop, false) : NULL;
  k->step = k->ub ? kernel_expr(u, l->step, u->loop, false) : NULL;
  int may = has_jump(l->body); /* a later iteration may not run */
  if (!k->step) {
    vec_push(&u->blind, l);
    u->may++;
    walk_ptr_stmt(u, l->body);
    u->may--;
    u->blind.len--;
    return;
  }
  LoopInfo *li = same_loop(u, k);
  if (!li) {
    li = NEW(LoopInfo);
    li->loop = k;
    li->id = u->fv->ki->loops.len;
    li->site = top_use(u)->call;
    li->outer = u->loop;
    li->func = u->name;
    vec_push(&u->fv->ki->loops, li);
  }
  LoopInfo *saved = u->loop;
  u->loop = li;
  u->may += may;
  walk_ptr_stmt(u, l->body);
  u->may -= may;
  u->loop = saved;
}

static void walk_ptr_stmt(PtrUse *u, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case ST_IF:
    walk_ptr_uses(u, s->e, true, false);
    u->may++;
    walk_ptr_stmt(u, s->then);
    walk_ptr_stmt(u, s->els);
    u->may--;
    return;
  case ST_FOR:
    walk_ptr_stmt(u, s->init_s);
    if (s->loop) {
      walk_ptr_loop(u, s);
      return;
    }
    /* a loop that is not canonical may not run, as a while loop */
    /* fall through */
  case ST_WHILE:
  case ST_DO:
    u->may++;
    walk_ptr_uses(u, s->e, true, false);
    walk_ptr_uses(u, s->inc, true, false);
    walk_ptr_stmt(u, s->body);
    u->may--;
    return;
  default:
    break;
  }
  walk_ptr_uses(u, s->e, true, false);
  walk_ptr_uses(u, s->init, true, false);
  for (int i = 0; i < s->nitems; i++)
    walk_ptr_stmt(u, s->items[i]);
  if (s->kind == ST_BREAK || s->kind == ST_CONTINUE || s->kind == ST_RETURN)
    u->jumped = true;
}

static bool is_param(Expr *e, Var *p) { return e && e->kind == EX_VAR && e->var == p; }

/* p handed on to another helper, whole or as &p[e]: its uses there reach
 * the same buffer. */
static void walk_ptr_call(PtrUse *u, Expr *e) {
  for (int i = 0; i < e->nargs; i++) {
    Expr *a = e->args[i];
    Expr *add = NULL;
    bool at = a->kind == EX_UNARY && a->op == OP_ADDR && a->a->kind == EX_INDEX &&
              is_param(a->a->a, u->p);
    if (!at && !is_param(a, u->p)) {
      walk_ptr_uses(u, a, true, false);
      continue;
    }
    if (i >= e->callee->nparams)
      continue;
    if (at) {
      add = a->a->b;
      walk_ptr_uses(u, add, true, false);
    }
    for (PtrUse *w = u; w; w = w->parent)
      if (w->f == e->callee || (w->f->name && !strcmp(w->f->name, e->callee->name))) {
        diag_error(e->loc,
                   "'%s' hands '%s' on to '%s', which is already running: nucc cannot tell "
                   "which elements a recursion reaches",
                   u->f->name, u->p->name, e->callee->name);
        u->ok = false;
        return;
      }
    set_space(u->fv, e->callee->params[i], 'g', a);
    PtrUse sub = *u;
    sub.f = e->callee;
    sub.name = e->callee->name;
    sub.p = e->callee->params[i];
    sub.call = e;
    sub.parent = u;
    sub.add = add;
    sub.ok = true;
    sub.blind = (Vec){0};
    sub.may = u->may + u->jumped;
    sub.jumped = false;
    walk_ptr_stmt(&sub, sub.f->body);
    u->ok &= sub.ok;
  }
}

/* Every use of the parameter in the helper's body, with how it is used. */
static void walk_ptr_uses(PtrUse *u, Expr *e, bool read, bool write) {
  if (!e)
    return;
  if (e->kind == EX_INDEX && is_param(e->a, u->p)) {
    add_ptr_access(u, e, e->b, read, write);
    walk_ptr_uses(u, e->b, true, false);
    return;
  }
  if (e->kind == EX_UNARY && e->op == OP_DEREF && is_param(e->a, u->p)) {
    add_ptr_access(u, e, NULL, read, write);
    return;
  }
  if (e->kind == EX_CALL && e->callee) {
    walk_ptr_call(u, e);
    return;
  }
  if (is_param(e, u->p)) {
    diag_error(e->loc,
               "'%s' is used here other than as '%s[i]' or '*%s': a helper that a kernel hands "
               "a buffer must only index it",
               u->p->name, u->p->name, u->p->name);
    u->ok = false;
    return;
  }
  if ((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)) {
    bool reads = e->kind == EX_UNARY || e->op != OP_ASSIGN;
    walk_ptr_uses(u, e->a, reads, true);
    walk_ptr_uses(u, e->b, true, false);
    return;
  }
  if (e->kind == EX_COND) {
    walk_ptr_uses(u, e->a, true, false);
    u->may++;
    walk_ptr_uses(u, e->b, true, false);
    walk_ptr_uses(u, e->c, true, false);
    u->may--;
    return;
  }
  if (e->kind == EX_BINARY && (e->op == OP_LAND || e->op == OP_LOR)) {
    walk_ptr_uses(u, e->a, true, false);
    u->may++;
    walk_ptr_uses(u, e->b, true, false);
    u->may--;
    return;
  }
  walk_ptr_uses(u, e->a, true, false);
  walk_ptr_uses(u, e->b, true, false);
  walk_ptr_uses(u, e->c, true, false);
  for (int i = 0; i < e->nargs; i++)
    walk_ptr_uses(u, e->args[i], true, false);
}

/* The copy of helper f whose pointer parameters have the address spaces
 * of `key` (one letter per parameter: 'g', 'p', '-' for a scalar): OpenCL
 * C 1.2 has one space per parameter, so a helper handed a buffer's element
 * at one call and a local's at another is emitted twice (dot, dot_pg).
 * The first spaces f meets are its own. */
static Vec specialised; /* Func*: the copies made, over every kernel of the file */

static Func *specialise(Func *f, const char *key) {
  bool own = true;
  for (int i = 0; i < f->nparams; i++)
    if (key[i] != '-' && f->params[i]->space && f->params[i]->space != key[i])
      own = false;
  if (own) {
    for (int i = 0; i < f->nparams; i++)
      if (key[i] != '-')
        f->params[i]->space = key[i];
    return f;
  }
  char *name = xformat("%s_", f->name);
  for (int i = 0; key[i]; i++)
    if (key[i] != '-')
      name = xformat("%s%c", name, key[i]);
  util_scoped_vec(&specialised);
  for (int i = 0; i < specialised.len; i++) {
    Func *c = specialised.items[i];
    if (!strcmp(c->name, name))
      return c;
  }
  Func *c = NEW(Func);
  *c = *f;
  c->name = name;
  Subst sub = {0};
  c->params = xcalloc((size_t)f->nparams + 1, sizeof(Var *));
  for (int i = 0; i < f->nparams; i++) {
    c->params[i] = subst_rename(&sub, f->params[i], "");
    c->params[i]->space = 0;
    if (key[i] != '-')
      c->params[i]->space = key[i];
  }
  c->body = tr_clone_stmt(f->body, &sub);
  vec_push(&specialised, c);
  return c;
}

/* The argument of a pointer parameter: the path and the subscripts of
 * &a[i][j], or the array itself; false when it is neither. */
typedef struct PtrArg {
  Expr *arg, *base;
  Expr *subs[16]; /* inner → outer */
  int n;
  char space;
} PtrArg;

static bool ptr_arg(FV *fv, Func *f, Var *p, Expr *arg, PtrArg *pa) {
  while (arg->kind == EX_CAST && arg->type && arg->type->kind == TY_PTR)
    arg = arg->a;
  *pa = (PtrArg){.arg = arg, .base = arg};
  if (arg->kind == EX_UNARY && arg->op == OP_ADDR) {
    pa->base = arg->a;
    while (pa->base->kind == EX_INDEX && pa->n < 16) {
      pa->subs[pa->n++] = pa->base->b;
      pa->base = pa->base->a;
    }
  }
  Expr *base = pa->base;
  /* &v of a local scalar: __private; a scalar from outside would be
   * written by every work-item */
  if (arg->kind == EX_UNARY && arg->op == OP_ADDR && base->kind == EX_VAR && !pa->n &&
      type_is_arith(base->type)) {
    if (freevars_is_local(fv->ki, base->var) && !freevars_loop_of(fv->ki, base->var)) {
      pa->space = 'p';
      return true;
    }
    diag_error(arg->loc,
               "'&%s': only the address of a variable declared in the loop body can be handed "
               "to a helper",
               base->var->name);
    return false;
  }
  Expr *root = ir_path_root(base);
  if (!root || (base->type && base->type->kind != TY_PTR && base->type->kind != TY_ARRAY)) {
    diag_error(arg->loc,
               "only '&a[i]' or an array can be handed to '%s''s pointer parameter '%s' in a "
               "kernel",
               f->name, p->name);
    return false;
  }
  for (int j = 0; j < pa->n; j++)
    visit(fv, pa->subs[j]);
  /* a local's address is __private; a helper handing on its own pointer
   * parameter keeps that parameter's space */
  pa->space = 'g';
  if (freevars_is_local(fv->ki, root->var))
    pa->space = 'p';
  if (freevars_is_local(fv->ki, root->var) && root->var->space)
    pa->space = root->var->space;
  return true;
}

/* A call's pointer arguments: the helper's copy for their spaces, and the
 * elements it reaches through a buffer's, as accesses at the call. */
static void visit_ptr_args(FV *fv, Expr *call) {
  Func *f = call->callee;
  if (!f)
    return;
  char *key = xcalloc((size_t)f->nparams + 1, 1);
  PtrArg *args = xcalloc((size_t)f->nparams + 1, sizeof(PtrArg));
  bool any = false;
  for (int i = 0; i < f->nparams; i++) {
    key[i] = '-';
    if (i >= call->nargs || f->params[i]->type->kind != TY_PTR)
      continue;
    if (!ptr_arg(fv, f, f->params[i], call->args[i], &args[i])) {
      fv->ok = false;
      continue;
    }
    key[i] = args[i].space;
    any = true;
  }
  if (!any)
    return;
  Func *g = specialise(f, key);
  call->callee = g;
  for (int i = 0; i < g->nparams; i++) {
    PtrArg *pa = &args[i];
    if (key[i] != 'g' || !pa->arg || ir_path_root(pa->base) == NULL ||
        freevars_is_local(fv->ki, ir_path_root(pa->base)->var))
      continue;
    int n = pa->n;
    PtrUse u = {.fv = fv,
                .f = g,
                .name = f->name,
                .p = g->params[i],
                .call = call,
                .base = pa->base,
                .subs = xcalloc((size_t)n + 1, sizeof(Expr *)),
                .nsubs = n,
                .ok = true};
    for (int j = 0; j < n; j++)
      u.subs[j] = pa->subs[n - 1 - j];
    Buffer *b = buffer_of(fv, pa->base);
    if (n != b->rank && !(n == 0 && b->rank == 1)) {
      char *t = print_expr_text(pa->base);
      diag_error(pa->arg->loc,
                 "hand '%s' to '%s' as the address of one element: '&%s[...]' with %d "
                 "subscript%s",
                 t, f->name, t, b->rank, b->rank == 1 ? "" : "s");
      xfree(t);
      fv->ok = false;
      continue;
    }
    walk_ptr_stmt(&u, g->body);
    fv->ok &= u.ok;
  }
}

static void visit(FV *fv, Expr *e) {
  if (!e)
    return;
  if (e->type && e->type->kind == TY_DOUBLE)
    fv->k->uses_fp64 = true;
  switch (e->kind) {
  case EX_INT:
  case EX_FLOAT:
    return;
  case EX_VAR:
  case EX_MEMBER:
    if (e->kind == EX_MEMBER && !ir_path_root(e)) {
      visit(fv, e->a);
      return;
    }
    if (!is_outer_path(fv, e))
      return;
    if (type_is_arith(e->type)) {
      add_scalar(fv, e);
    } else {
      char *t = print_expr_text(e);
      diag_error(e->loc,
                 e->type->kind == TY_STRUCT
                     ? "struct '%s' can only be used through its members in a kernel"
                     : "'%s' can only be subscripted in a kernel",
                 t);
      xfree(t);
      fv->ok = false;
    }
    return;
  case EX_INDEX:
    visit_index(fv, e, true, false);
    return;
  case EX_UNARY:
    if (e->op == OP_DEREF && e->a->kind == EX_VAR && freevars_is_local(fv->ki, e->a->var))
      return; /* a helper's pointer parameter: its uses are checked at the calls */
    if (e->op == OP_DEREF) {
      diag_error(e->loc, "'*p' in a kernel: write 'p[0]' instead");
      fv->ok = false;
      return;
    }
    if (op_is_assign(e->op)) {
      if ((is_outer_path(fv, e->a) || is_invariant_element(fv, e->a)) &&
          visit_outer_update(fv, e, e->a))
        return;
      visit_lvalue(fv, e->a, true);
      return;
    }
    visit(fv, e->a);
    return;
  case EX_BINARY:
    if (op_is_assign(e->op)) {
      if ((((e->a->kind == EX_VAR || e->a->kind == EX_MEMBER) && is_outer_path(fv, e->a)) ||
           is_invariant_element(fv, e->a)) &&
          visit_outer_update(fv, e, e->a))
        return;
      visit_lvalue(fv, e->a, e->op != OP_ASSIGN);
      visit(fv, e->b);
      return;
    }
    if (e->a->kind == EX_FLOAT && e->a->type->kind == TY_DOUBLE && e->b->type &&
        e->b->type->kind == TY_FLOAT)
      vec_push(&fv->k->hints,
               xformat("line %d: double literal %s promotes a float expression "
                       "to double (write %sf)",
                       e->a->loc.line, e->a->text ? e->a->text : "", e->a->text ? e->a->text : ""));
    else if (e->b->kind == EX_FLOAT && e->b->type && e->b->type->kind == TY_DOUBLE && e->a->type &&
             e->a->type->kind == TY_FLOAT)
      vec_push(&fv->k->hints,
               xformat("line %d: double literal %s promotes a float expression "
                       "to double (write %sf)",
                       e->b->loc.line, e->b->text ? e->b->text : "", e->b->text ? e->b->text : ""));
    visit(fv, e->a);
    visit(fv, e->b);
    return;
  case EX_COND:
    visit(fv, e->a);
    visit(fv, e->b);
    visit(fv, e->c);
    return;
  case EX_CAST:
    visit(fv, e->a);
    return;
  case EX_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (!e->callee || i >= e->callee->nparams || e->callee->params[i]->type->kind != TY_PTR)
        visit(fv, e->args[i]);
    visit_ptr_args(fv, e);
    add_func(fv, e->callee);
    return;
  case EX_INIT:
    for (int i = 0; i < e->nargs; i++)
      visit(fv, e->args[i]);
    return;
  }
}

/* Collects locals and loops of the body, in nesting order. */
static void scan_decls(FV *fv, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case ST_DECL:
    vec_push(&fv->ki->locals, s->var);
    vec_push(&fv->ki->decls, s);
    return;
  case ST_FOR:
    if (s->init_s)
      scan_decls(fv, s->init_s);
    if (s->loop) {
      LoopInfo *li = NEW(LoopInfo);
      li->loop = s->loop;
      li->id = fv->ki->loops.len;
      vec_push(&fv->ki->loops, li);
      /* an index declared in the body before its loop (`int j; for (j = 0;
       * ...)`) is a local already: a private copy would redefine it */
      if (s->loop->declared)
        vec_push(&fv->ki->locals, s->loop->var);
      else if (!in_vec(&fv->ki->privates, s->loop->var) && !in_vec(&fv->ki->locals, s->loop->var))
        vec_push(&fv->ki->privates, s->loop->var);
    }
    scan_decls(fv, s->body);
    return;
  default:
    scan_decls(fv, s->then);
    scan_decls(fv, s->els);
    scan_decls(fv, s->body);
    for (int i = 0; i < s->nitems; i++)
      scan_decls(fv, s->items[i]);
    return;
  }
}

/* `continue` in the mapped loop's body ends this work-item's iteration (the
 * kernel runs the body in a loop or a do { } while (0) of its own); `break`
 * would end the whole loop, which an NDRange cannot do. */
static void check_jumps(FV *fv, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case ST_FOR:
  case ST_WHILE:
  case ST_DO:
    return;
  case ST_BREAK:
    diag_error(s->loc, "'break' would leave a loop mapped by 'work': work-items cannot stop "
                       "the others");
    fv->ok = false;
    return;
  case ST_CONTINUE:
    /* the printer wraps the body in do { } while (0); the IR stays as
     * written, since --emit=seq prints the same pieces as C */
    fv->ki->has_continue = true;
    return;
  default:
    check_jumps(fv, s->then);
    check_jumps(fv, s->els);
    for (int i = 0; i < s->nitems; i++)
      check_jumps(fv, s->items[i]);
    return;
  }
}

static void visit_stmt(FV *fv, Stmt *s) {
  if (!s)
    return;
  Expr *rpath, *operand;
  RedOp rop;
  if (reduction_match_if(s, &rpath, &rop, &operand) &&
      (((rpath->kind == EX_VAR || rpath->kind == EX_MEMBER) && is_outer_path(fv, rpath)) ||
       is_invariant_element(fv, rpath)) &&
      type_is_arith(rpath->type)) {
    add_reduction(fv, rpath, rop, rpath->loc);
    visit(fv, operand);
    return;
  }
  visit(fv, s->e);
  if (s->kind == ST_DECL && s->init)
    visit(fv, s->init);
  visit_stmt(fv, s->init_s);
  visit(fv, s->inc);
  if (s->loop) {
    visit(fv, s->loop->lb);
    visit(fv, s->loop->ub);
    visit(fv, s->loop->step);
  }
  visit_stmt(fv, s->then);
  visit_stmt(fv, s->els);
  visit_stmt(fv, s->body);
  for (int i = 0; i < s->nitems; i++)
    visit_stmt(fv, s->items[i]);
}

static void note_written(Expr *e, void *d) {
  KernelInfo *ki = d;
  /* &v handed to a helper: the helper may write v */
  if (e->kind == EX_UNARY && e->op == OP_ADDR && e->a->kind == EX_VAR &&
      !in_vec(&ki->written_locals, e->a->var)) {
    vec_push(&ki->written_locals, e->a->var);
    return;
  }
  if (((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)) &&
      e->a->kind == EX_VAR && !in_vec(&ki->written_locals, e->a->var))
    vec_push(&ki->written_locals, e->a->var);
}

/* Functions called from the kernel may use only their parameters and locals. */
static void check_func_vars(FV *fv, Func *f) {
  KernelInfo fki = {0};
  FV sub = {.k = fv->k, .ki = &fki, .ok = true};
  for (int i = 0; i < f->nparams; i++)
    vec_push(&fki.locals, f->params[i]);
  scan_decls(&sub, f->body);
  Kernel dummy = {0};
  sub.k = &dummy;
  visit_stmt(&sub, f->body);
  if (dummy.buffers.len || dummy.scalars.len) {
    diag_error(f->loc, "function '%s' called from a kernel uses variables declared outside it",
               f->name);
    fv->ok = false;
  }
  for (int i = 0; i < dummy.funcs.len; i++)
    add_func(fv, dummy.funcs.items[i]);
  fv->k->uses_fp64 |= dummy.uses_fp64;
  if (!sub.ok)
    fv->ok = false;
}

/* An element reduction x[i]: its subscripts use no other reduction, and
 * the kernel's other accesses of x never reach x[i] (or `independent`). */
static void check_element(FV *fv, Reduction *r) {
  Kernel *k = fv->k;
  if (!r->elem)
    return;
  char *t = print_expr_text(r->path);
  int ri = 0;
  while (k->reductions.items[ri] != r)
    ri++;
  for (int j = 0; j < k->reductions.len; j++) {
    Reduction *o = k->reductions.items[j];
    if (o != r && !o->elem && reduction_uses(r->path, o->path)) {
      diag_error(r->loc, "the subscripts of '%s' use '%s', which the loop updates as a reduction",
                 t, o->name);
      fv->ok = false;
    }
    /* two elements of one array may be one: the host folds both into it,
     * which is right only with one operator */
    if (j > ri && o->elem && o->op != r->op && ir_expr_equal(o->array, r->array)) {
      char *u = print_expr_text(o->path);
      diag_error(r->loc,
                 "'%s' is updated as a %s reduction and '%s' as a %s: two elements of one array "
                 "may be the same, and a reduction uses one operator",
                 t, red_op_name(r->op), u, red_op_name(o->op));
      xfree(u);
      fv->ok = false;
    }
  }
  for (int j = 0; j < k->buffers.len; j++) {
    Buffer *b = k->buffers.items[j];
    if (!ir_expr_equal(b->path, r->array))
      continue;
    for (int a = 0; a < b->accesses.len; a++) {
      Access *ac = b->accesses.items[a];
      if (ir_expr_equal(ac->e, r->path)) {
        diag_error(ac->e->loc,
                   "'%s' is updated as a %s reduction but also %s in the loop: a reduction "
                   "may only be combined into (x[i] += e, ...)",
                   t, red_op_name(r->op), ac->write ? "written" : "read");
        fv->ok = false;
      }
    }
  }
  xfree(t);
}

/* A reduction variable may only be updated; reduce(...) must match. */
static void check_reductions(FV *fv, Vec *reduces) {
  Kernel *k = fv->k;
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    for (int j = 0; j < k->scalars.len; j++) {
      Scalar *s = k->scalars.items[j];
      if (ir_expr_equal(s->path, r->path)) {
        diag_error(r->loc,
                   "'%s' is updated as a %s reduction but also read in the loop: a reduction "
                   "may only be combined into (v += e, v = fmin(v, e), ...)",
                   r->name, red_op_name(r->op));
        fv->ok = false;
      }
    }
  }
  for (int i = 0; i < k->reductions.len; i++)
    check_element(fv, k->reductions.items[i]);
  static const char *ops[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};
  for (int i = 0; i < reduces->len; i++) {
    AnnotArg *a = reduces->items[i];
    Reduction *found = NULL;
    for (int j = 0; j < k->reductions.len; j++) {
      Reduction *r = k->reductions.items[j];
      char *t = print_expr_text(r->path);
      if (!strcmp(t, a->text))
        found = r;
      xfree(t);
    }
    if (!found) {
      diag_error(a->loc, "reduce: '%s' is not updated as a reduction in this nest", a->text);
      fv->ok = false;
    } else if (strcmp(ops[found->op], a->key) != 0) {
      diag_error(a->loc, "reduce(%s: %s): the loop combines '%s' with %s", a->key, a->text, a->text,
                 ops[found->op]);
      fv->ok = false;
    } else {
      found->named = true;
    }
  }
}

bool freevars_analyse(Kernel *k, KernelInfo *ki, Vec *sizes, Vec *reduces) {
  FV fv = {.k = k, .ki = ki, .ok = true};
  ki->k = k;
  for (int i = 0; i < k->dims; i++) {
    LoopInfo *li = NEW(LoopInfo);
    li->loop = k->mapped[i];
    li->mapped = true;
    li->id = i;
    vec_push(&ki->loops, li);
    if (!k->mapped[i]->declared)
      vec_push(&ki->privates, k->mapped[i]->var);
  }
  scan_decls(&fv, k->body);
  private_find(ki, &fv.why);
  /* a firstprivate copy starts from the host's value: a by-value argument
   * of its own (opencl.c declares the copy with it) */
  for (int i = 0; i < ki->privates.len; i++) {
    Var *v = ki->privates.items[i];
    if (!private_is_first(k, v))
      continue;
    Scalar *s = NEW(Scalar);
    s->path = ir_var(v, v->loc);
    s->path->type = v->type;
    s->name = xformat("nu_first_%s", v->name);
    s->type = v->type;
    vec_push(&k->scalars, s);
  }
  ir_walk_stmt(k->body, note_written, ki);
  private_values(ki);
  for (int i = 0; i < k->dims; i++) {
    visit(&fv, k->mapped[i]->lb);
    visit(&fv, k->mapped[i]->ub);
    visit(&fv, k->mapped[i]->step);
  }
  visit_stmt(&fv, k->body);
  check_reductions(&fv, reduces);
  check_jumps(&fv, k->body);
  for (int i = 0; i < k->funcs.len; i++) /* grows while we check */
    check_func_vars(&fv, k->funcs.items[i]);
  for (int i = 0; i < sizes->len; i++) {
    AnnotArg *a = sizes->items[i];
    bool found = false;
    for (int j = 0; j < k->buffers.len; j++) {
      Buffer *b = k->buffers.items[j];
      char *t = print_expr_text(b->path);
      if (!strcmp(t, a->key)) {
        b->size_text = a->text;
        b->size_loc = a->loc;
        found = true;
      }
      xfree(t);
    }
    if (!found) {
      diag_error(a->key_loc, "size(%s: ...): '%s' is not an array used in this nest", a->key,
                 a->key);
      fv.ok = false;
    }
  }
  return fv.ok;
}
