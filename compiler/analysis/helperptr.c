/* helperptr.c — what a helper reaches through a pointer a kernel hands it.
 * Receives a call in a kernel's body (freevars.c's walk); hands on the
 * helper's copy for the address spaces of its pointer arguments, and, for
 * a buffer's, the elements the helper reaches as accesses of that buffer
 * at the call, with the helper's loops around them as loops of the kernel
 * (KernelInfo.loops, LoopInfo.site), for poly.c, deps.c and the extents. */
#include "analysis.h"
#include "transform.h"

#include <string.h>

/* A helper called from a kernel may take the address of an element (&a[i],
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
  Var *unknown;   /* at the kernel's call: what kept a subscript out of its terms */
  Expr *global;   /* instead of p: the file-scope array or path the helpers name */
  int rows;       /* p points to rows (T (*)[N]...): the subscripts p[e0]..[e_rows] that
                     reach an element, appended to `subs` */
};

/* The address space a helper's pointer parameter gets from this argument;
 * a parameter must get one space from every call. */
static void set_space(FV *fv, Var *p, char space, Expr *arg) {
  if (!p->space) {
    p->space = space;
  } else if (p->space != space) {
    kernelinfo_error(fv, arg->loc,
                     "parameter '%s' gets the address of a %s here and of a %s elsewhere: OpenCL "
                     "C 1.2 needs one address space per parameter",
                     p->name, space == 'g' ? "buffer's element" : "local",
                     p->space == 'g' ? "buffer's element" : "local");
    fv->ok = false;
  }
}

static PtrUse *top_use(PtrUse *u) {
  while (u->parent)
    u = u->parent;
  return u;
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
  /* a number of a struct the kernel flattened is one of the kernel's
   * invariants (helpers cannot write it, the loop may not) */
  Expr *root = (e->kind == EX_VAR || e->kind == EX_MEMBER) ? ir_path_root(e) : NULL;
  if (root && root->var->flat_root && type_is_integer(e->type))
    return e;
  if (e->kind == EX_VAR) {
    if (in_chain(chain, e->var))
      return e;
    KernelInfo fki = {0};
    ir_walk_stmt(u->f->body, kernelinfo_note_written, &fki);
    bool fixed = !vec_contains(&fki.written_locals, e->var) && type_is_integer(e->var->type);
    for (int i = 0; fixed && i < u->f->nparams; i++)
      if (u->f->params[i] == e->var)
        return u->call->args[i];
    /* a local set once, at its declaration, stands for its initializer
     * (int base = i * nf;): its uses are in the scope of that declaration,
     * inside the loops its initializer reads */
    Stmt *d = fixed ? find_decl(u->f->body, e->var) : NULL;
    if (d && d->init && !ir_expr_uses_var(d->init, e->var))
      return subst_params(u, d->init, chain);
    top_use(u)->unknown = e->var;
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

/* Why p[off] cannot be placed in the kernel's terms, as a diagnostic. */
static void report_unknown(PtrUse *u, Expr *use) {
  char *t = print_expr_text(use);
  Var *v = top_use(u)->unknown;
  /* u and its parents, when the unknown is a variable.  u is never null:
   * testing w before the first turn made clang's analyzer think it may be */
  for (PtrUse *w = u; v; w = w->parent) {
    for (int i = 0; i < w->blind.len; i++) {
      Loop *l = w->blind.items[i];
      if (l->var != v)
        continue;
      kernelinfo_error(
          u->fv, use->loc,
          "'%s': the bounds of the loop over '%s' (line %d) in '%s' are not expressions "
          "of its scalar parameters, so nucc cannot tell which elements of '%s' the "
          "kernel reaches through '%s'",
          t, v->name, l->loc.line, w->name, print_expr_text(top_use(u)->base), u->p->name);
      xfree(t);
      u->ok = false;
      return;
    }
    if (!w->parent)
      break;
  }
  kernelinfo_error(u->fv, use->loc,
                   "'%s': a helper that a kernel hands a buffer ('%s') must index it with "
                   "expressions of its own scalar parameters and loop indices (p[j], "
                   "p[i * n + j], *p)%s%s%s, so that nucc knows the elements it reaches",
                   t, u->p->name, v ? "; '" : "", v ? v->name : "",
                   v ? "' is neither, or is assigned in the helper" : "");
  xfree(t);
  u->ok = false;
}

/* The access e of the buffer top's call hands over, recorded as made at
 * the call (its site, the helper's loop, whether it surely happens). */
static void visit_at_call(PtrUse *u, PtrUse *top, Expr *e, bool read, bool write) {
  Buffer *b = u->fv->buffer_of(u->fv, top->base);
  int before = b->accesses.len;
  u->fv->visit_index(u->fv, e, read, write);
  for (int i = before; i < b->accesses.len; i++) {
    Access *a = b->accesses.items[i];
    a->site = top->call;
    a->hloop = u->loop;
    a->certain = !u->may && !u->jumped;
  }
}

/* The access of the buffer that p[off] in the helper makes at the call. */
static void add_ptr_access(PtrUse *u, Expr *use, Expr *off, bool read, bool write) {
  PtrUse *top = top_use(u);
  top_use(u)->unknown = NULL;
  Expr *k_off = kernel_expr(u, off ? off : ir_int(0, use->loc), u->loop, true);
  if (!k_off && !write && top->nsubs <= 1 && top->base->type && top->base->type->kind == TY_PTR) {
    /* a read at an element the helper computes (a binary search's
     * midpoint): right where the loop writes none of the array
     * (check_opaque), the extent the heap block's */
    Buffer *b = u->fv->buffer_of(u->fv, top->base);
    b->read = true;
    b->opaque = true;
    vec_push(&u->fv->opaque, use);
    vec_push(&u->fv->opaque, b);
    return;
  }
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
  visit_at_call(u, top, e, read, write);
}

static void walk_ptr_uses(PtrUse *u, Expr *e, bool read, bool write);
static void walk_ptr_stmt(PtrUse *u, Stmt *s);

static bool is_param(Expr *e, Var *p) { return e && e->kind == EX_VAR && e->var == p; }

static bool is_rows(const Type *t) {
  return t && t->kind == TY_PTR && t->base && t->base->kind == TY_ARRAY;
}

/* Whether pointers a and b reach rows of the same lengths. */
static bool same_rows(const Type *a, const Type *b) {
  if (!is_rows(a) || !is_rows(b))
    return false;
  for (a = a->base, b = b->base; a->kind == TY_ARRAY && b->kind == TY_ARRAY;
       a = a->base, b = b->base)
    if (a->len != b->len)
      return false;
  return a->kind != TY_ARRAY && b->kind != TY_ARRAY;
}

/* The variable an argument handed as rows names: x, or x of x[k]. */
static Expr *rows_root(Expr *arg) {
  while (arg->kind == EX_INDEX)
    arg = arg->a;
  return ir_path_root(arg);
}

/* p[e0]..[e_rows] of a buffer handed as rows: the element the call's
 * subscripts and these, in the kernel's terms, name. */
static void add_rows_access(PtrUse *u, Expr *use, Expr **es, bool read, bool write) {
  PtrUse *top = top_use(u);
  Expr *e = top->base;
  Type *t = top->base->type;
  for (int i = 0; i < top->nsubs + u->rows + 1; i++) {
    Expr *sub = i < top->nsubs ? top->subs[i] : NULL;
    if (!sub) {
      top->unknown = NULL;
      sub = kernel_expr(u, es[i - top->nsubs], u->loop, false);
      if (!sub) {
        report_unknown(u, use);
        return;
      }
    }
    Expr *x = NEW(Expr);
    x->kind = EX_INDEX;
    x->a = e;
    x->b = sub;
    x->loc = top->call->loc;
    t = t ? t->base : NULL;
    x->type = t;
    e = x;
  }
  visit_at_call(u, top, e, read, write);
}

/* A use of p that points to rows: whole elements only (p[j][i], and
 * p[j][i].x), whose subscripts are placed at the call. */
static bool walk_rows_use(PtrUse *u, Expr *e, bool read, bool write) {
  int n = 0;
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  if (!n || !is_param(base, u->p))
    return false;
  if (n != u->rows + 1) {
    char *t = print_expr_text(e);
    kernelinfo_error(u->fv, e->loc,
                     "'%s': a helper handed a buffer as rows ('%s') may use only its elements, "
                     "'%s' with %d subscripts",
                     t, u->p->name, u->p->name, u->rows + 1);
    xfree(t);
    u->ok = false;
    return true;
  }
  Expr **es = xcalloc((size_t)n, sizeof(Expr *));
  int i = n;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    es[--i] = x->b;
  add_rows_access(u, e, es, read, write);
  for (i = 0; i < n; i++)
    walk_ptr_uses(u, es[i], true, false);
  xfree(es);
  return true;
}

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
    if (u->rows && (at || !same_rows(e->callee->params[i]->type, u->p->type))) {
      kernelinfo_error(u->fv, a->loc,
                       "'%s' hands the rows '%s' on to '%s' other than whole, as the same rows: "
                       "nucc cannot follow them there",
                       u->f->name, u->p->name, e->callee->name);
      u->ok = false;
      return;
    }
    if (at) {
      add = a->a->b;
      walk_ptr_uses(u, add, true, false);
    }
    for (PtrUse *w = u; w; w = w->parent)
      if (w->f == e->callee || (w->f->name && !strcmp(w->f->name, e->callee->name))) {
        kernelinfo_error(u->fv, e->loc,
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

/* g[s1][s2] of a file-scope array in a helper: the access of the kernel's
 * buffer at the call, its subscripts in the kernel's terms.  One that
 * cannot be put in them is a read the kernel may still make where nothing
 * in the loop writes the array (analyse() checks, fv->opaque); a write is
 * refused here. */
static void add_global_access(PtrUse *u, Expr *use, bool read, bool write) {
  FV *fv = u->fv;
  int n = 0;
  for (Expr *x = use; x->kind == EX_INDEX; x = x->a)
    n++;
  Expr **ks = xcalloc((size_t)n, sizeof(Expr *)); /* outer → inner */
  bool known = true;
  int i = n;
  for (Expr *x = use; x->kind == EX_INDEX; x = x->a) {
    top_use(u)->unknown = NULL;
    ks[--i] = kernel_expr(u, x->b, u->loop, false);
    known &= ks[i] != NULL;
  }
  Buffer *b = fv->buffer_of(fv, u->global);
  if (!known) {
    char *t = print_expr_text(use), *g = print_expr_text(u->global);
    bool sized = !extent_from_subscripts(b) || u->global->type->kind == TY_PTR;
    if (write || !sized) {
      kernelinfo_error(fv, use->loc,
                       "'%s' in '%s': nucc cannot tell which elements of '%s' a helper %s "
                       "unless it indexes it with expressions of its own scalar parameters "
                       "and loop indices",
                       t, u->name, g, write ? "writes" : "reaches");
      u->ok = false;
    } else {
      /* a pointer's extent is then its heap block's (stub.c) */
      b->opaque |= u->global->type->kind == TY_PTR;
      b->read = true;
      vec_push(&fv->opaque, use);
      vec_push(&fv->opaque, b);
    }
    xfree(t);
    xfree(g);
    xfree(ks);
    return;
  }
  Expr *e = u->global;
  Type *t = u->global->type;
  for (i = 0; i < n; i++) {
    Expr *x = NEW(Expr);
    x->kind = EX_INDEX;
    x->a = e;
    x->b = ks[i];
    x->loc = top_use(u)->call->loc;
    t = t ? t->base : NULL;
    x->type = t;
    e = x;
  }
  xfree(ks);
  int before = b->accesses.len;
  fv->visit_index(fv, e, read, write);
  for (i = before; i < b->accesses.len; i++) {
    Access *a = b->accesses.items[i];
    a->site = top_use(u)->call;
    a->hloop = u->loop;
    a->certain = !u->may && !u->jumped;
    a->named = b->rows > 0;
  }
}

static bool func_names(Func *f, Expr *path) {
  const Vec *g = ir_func_globals(f);
  for (int i = 0; i < g->len; i++)
    if (ir_expr_equal(g->items[i], path))
      return true;
  return false;
}

/* A call in a helper to another helper that names the same file-scope
 * array: its uses there, in the callee's terms put in the caller's. */
static void walk_global_call(PtrUse *u, Expr *e) {
  /* a struct or table handed on whole is the callee's globals now */
  for (int i = 0; i < e->nargs; i++)
    if (i >= e->callee->nparams || !e->callee->params[i]->flat)
      walk_ptr_uses(u, e->args[i], true, false);
  if (!func_names(e->callee, u->global))
    return;
  for (PtrUse *w = u; w; w = w->parent)
    if (w->f == e->callee) {
      kernelinfo_error(u->fv, e->loc,
                       "'%s' calls '%s', which is already running: nucc cannot tell which "
                       "elements of '%s' a recursion reaches",
                       u->f->name, e->callee->name, print_expr_text(u->global));
      u->ok = false;
      return;
    }
  PtrUse sub = *u;
  sub.f = e->callee;
  sub.name = e->callee->written_as ? e->callee->written_as : e->callee->name;
  sub.call = e;
  sub.parent = u;
  sub.add = NULL;
  sub.ok = true;
  sub.blind = (Vec){0};
  sub.may = u->may + u->jumped;
  sub.jumped = false;
  walk_ptr_stmt(&sub, sub.f->body);
  u->ok &= sub.ok;
}

/* A file-scope array's uses in a helper: subscripted only. */
static bool walk_global_uses(PtrUse *u, Expr *e, bool read, bool write) {
  if (e->kind == EX_INDEX) {
    Expr *base = e;
    while (base->kind == EX_INDEX)
      base = base->a;
    if (!ir_expr_equal(base, u->global))
      return false;
    add_global_access(u, e, read, write);
    for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
      walk_ptr_uses(u, x->b, true, false);
    return true;
  }
  if (e->kind == EX_CALL && e->callee) {
    walk_global_call(u, e);
    return true;
  }
  if (ir_expr_equal(e, u->global)) {
    char *t = print_expr_text(e);
    kernelinfo_error(u->fv, e->loc,
                     "'%s' is used here other than subscripted: a helper that a kernel calls may "
                     "only subscript a file-scope array",
                     t);
    xfree(t);
    u->ok = false;
    return true;
  }
  return false;
}

/* Every use of the parameter in the helper's body, with how it is used. */
static void walk_ptr_uses(PtrUse *u, Expr *e, bool read, bool write) {
  if (!e)
    return;
  if (u->global) {
    if (walk_global_uses(u, e, read, write))
      return;
  }
  if (u->rows && e->kind == EX_INDEX && walk_rows_use(u, e, read, write))
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
  /* p->x is (*p).x; a member written writes the element, which is read
   * too (its other members must reach the device) */
  if (e->kind == EX_MEMBER && e->arrow && is_param(e->a, u->p)) {
    add_ptr_access(u, e, NULL, read || write, write);
    return;
  }
  if (e->kind == EX_MEMBER && !e->arrow) {
    walk_ptr_uses(u, e->a, read || write, write);
    return;
  }
  if (e->kind == EX_CALL && e->callee) {
    walk_ptr_call(u, e);
    return;
  }
  if (is_param(e, u->p)) {
    kernelinfo_error(
        u->fv, e->loc,
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

static Func *specialise(Symtab *names, Func *f, const char *key) {
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
  Subst sub = {.names = names};
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
  Vec subs; /* Expr*, inner → outer */
  int n;
  char space;
} PtrArg;

static bool ptr_arg(FV *fv, Func *f, Var *p, Expr *arg, PtrArg *pa) {
  while (arg->kind == EX_CAST && arg->type && arg->type->kind == TY_PTR)
    arg = arg->a;
  *pa = (PtrArg){.arg = arg, .base = arg};
  if (arg->kind == EX_UNARY && arg->op == OP_ADDR) {
    pa->base = arg->a;
    while (pa->base->kind == EX_INDEX) {
      vec_push(&pa->subs, pa->base->b);
      pa->n++;
      pa->base = pa->base->a;
    }
  }
  Expr *base = pa->base;
  /* &v of a local scalar: __private; a scalar from outside would be
   * written by every work-item */
  if (arg->kind == EX_UNARY && arg->op == OP_ADDR && base->kind == EX_VAR && !pa->n &&
      type_is_arith(base->type)) {
    if (kernelinfo_is_local(fv->ki, base->var) && !kernelinfo_loop_of(fv->ki, base->var)) {
      pa->space = 'p';
      return true;
    }
    kernelinfo_error(
        fv, arg->loc,
        "'&%s': only the address of a variable declared in the loop body can be handed "
        "to a helper",
        base->var->name);
    return false;
  }
  /* rows may be a block of an array of more dimensions, x[k] */
  Expr *root = is_rows(p->type) && arg->kind == EX_INDEX ? rows_root(arg) : ir_path_root(base);
  if (root && root != base && arg->kind == EX_INDEX)
    for (Expr *x = arg; x->kind == EX_INDEX; x = x->a)
      fv->visit(fv, x->b);
  if (!root || (base->type && base->type->kind != TY_PTR && base->type->kind != TY_ARRAY)) {
    kernelinfo_error(fv, arg->loc,
                     "only '&a[i]' or an array can be handed to '%s''s pointer parameter '%s' in a "
                     "kernel",
                     f->name, p->name);
    return false;
  }
  for (int j = 0; j < pa->n; j++)
    fv->visit(fv, pa->subs.items[j]);
  /* a local's address is __private; a helper handing on its own pointer
   * parameter keeps that parameter's space */
  pa->space = 'g';
  if (kernelinfo_is_local(fv->ki, root->var)) /* a large private array's slice is __global */
    pa->space = root->var->scratch ? 'g' : 'p';
  if (kernelinfo_is_local(fv->ki, root->var) && root->var->space)
    pa->space = root->var->space;
  return true;
}

/* A buffer handed whole as rows (x, or x[k] of one more dimension): the
 * elements the helper reaches through p[j][i] are x[j][i] (x[k][j][i]) at
 * the call.  &x[k], rows that start inside the buffer, is refused. */
static void walk_buffer_rows(FV *fv, Func *f, Func *g, int i, Expr *call, PtrArg *pa, int rows) {
  Expr *arg = pa->arg;
  Vec subs = {0}; /* inner → outer */
  Expr *base = arg;
  for (; base->kind == EX_INDEX; base = base->a)
    vec_push(&subs, base->b);
  Buffer *b = arg->kind == EX_UNARY ? NULL : fv->buffer_of(fv, base);
  if (!b || b->rows || subs.len + rows + 1 != b->rank) {
    char *t = print_expr_text(arg);
    kernelinfo_error(fv, arg->loc,
                     "'%s' is handed to '%s' as rows ('%s'): hand the array itself, or a block "
                     "of it with its outer subscripts (x[k]), whose rows have the same length",
                     t, f->name, g->params[i]->type->spelling);
    xfree(t);
    xfree(subs.items);
    fv->ok = false;
    return;
  }
  PtrUse u = {.fv = fv,
              .f = g,
              .name = f->name,
              .p = g->params[i],
              .call = call,
              .base = base,
              .subs = xcalloc((size_t)subs.len + 1, sizeof(Expr *)),
              .nsubs = subs.len,
              .ok = true,
              .rows = rows};
  for (int j = 0; j < subs.len; j++) /* ptr_arg visited them */
    u.subs[j] = subs.items[subs.len - 1 - j];
  xfree(subs.items);
  walk_ptr_stmt(&u, g->body);
  fv->ok &= u.ok;
}

/* A call's pointer arguments: the helper's copy for their spaces, and the
 * elements it reaches through a buffer's, as accesses at the call. */
void helperptr_visit_call(FV *fv, Expr *call) {
  Func *f = call->callee;
  if (!f)
    return;
  char *key = xcalloc((size_t)f->nparams + 1, 1);
  PtrArg *args = xcalloc((size_t)f->nparams + 1, sizeof(PtrArg));
  bool any = false;
  for (int i = 0; i < f->nparams; i++) {
    key[i] = '-';
    /* a table of rows the kernel flattened (structarg.c) is its globals' */
    if (i >= call->nargs || f->params[i]->type->kind != TY_PTR || f->params[i]->flat)
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
  Func *g = specialise(fv->k->names, f, key);
  call->callee = g;
  for (int i = 0; i < g->nparams; i++) {
    PtrArg *pa = &args[i];
    Expr *root = !pa->arg                      ? NULL
                 : is_rows(g->params[i]->type) ? rows_root(pa->base)
                                               : ir_path_root(pa->base);
    if (key[i] != 'g' || !root || kernelinfo_is_local(fv->ki, root->var))
      continue;
    int rows = 0;
    for (Type *t = g->params[i]->type->base; t->kind == TY_ARRAY; t = t->base)
      rows++;
    if (rows) {
      walk_buffer_rows(fv, f, g, i, call, pa, rows);
      continue;
    }
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
      u.subs[j] = pa->subs.items[n - 1 - j];
    Buffer *b = fv->buffer_of(fv, pa->base);
    if (n != b->rank && !(n == 0 && b->rank == 1)) {
      char *t = print_expr_text(pa->base);
      kernelinfo_error(fv, pa->arg->loc,
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

void helperptr_visit_globals(FV *fv, Expr *call) {
  Func *f = call->callee;
  if (!f)
    return;
  const Vec *g = ir_func_globals(f);
  for (int i = 0; i < g->len; i++) {
    Expr *path = g->items[i];
    Buf n = {0};
    print_path_name(path, &n);
    /* the call hands the data on by its name: a local of that name would
     * be handed instead */
    for (int j = 0; j < fv->ki->locals.len; j++) {
      Var *v = fv->ki->locals.items[j];
      if (strcmp(v->name, n.s) != 0)
        continue;
      kernelinfo_error(fv, v->loc,
                       "'%s', declared %s, hides the file-scope '%s' that '%s' uses: rename it",
                       v->name, fv->helper ? "in a helper" : "in the loop", n.s, f->name);
      fv->ok = false;
      break;
    }
    xfree(n.s);
    if (fv->helper || type_is_arith(path->type))
      continue; /* a helper's walk: its accesses are placed at the kernel's calls */
    PtrUse u = {.fv = fv,
                .f = f,
                .name = f->written_as ? f->written_as : f->name,
                .call = call,
                .base = path,
                .ok = true,
                .global = path};
    walk_ptr_stmt(&u, f->body);
    fv->ok &= u.ok;
  }
}
