/* freevars.c — what a `work` kernel's body reads and writes from outside.
 * Receives the kernel (mapped loops and body); hands on its buffers (arrays
 * and pointers, with every subscripted access), its scalars passed by value,
 * private copies of outer loop indices, and the functions it calls (what a
 * helper reaches through a pointer it is handed: helperptr.c).  Writes to
 * outer scalars and uses of pointers other than subscripts are errors. */
#include "analysis.h"
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  /* a table of rows (float **w, double ***u, float *w[8]): every level
   * below the first a pointer, the last to numbers; gathered or found in
   * one block at the launch (docs/runtime.md, "Row tables") */
  int ptrs = 0;
  bool mixed = false;
  for (Type *t = path->type->base; t; t = t->base)
    if (t->kind == TY_PTR)
      ptrs++;
    else if (t->kind == TY_ARRAY && ptrs)
      mixed = true;
  if (ptrs && (mixed || ptrs > 2 || path->type->base->kind != TY_PTR)) {
    kernelinfo_error(fv, path->loc,
                     "'%s' is a pointer to pointers that is no table of rows nucc can copy (a "
                     "kernel takes T ** and T ***, pointers all the way down to the numbers)",
                     b->name);
    fv->ok = false;
    return b;
  }
  b->rows = ptrs;
  if (b->elem && b->elem->kind == TY_STRUCT && b->elem->sdef && b->elem->sdef->bad) {
    kernelinfo_error(fv, path->loc,
                     "array '%s' of '%s' cannot be used in a kernel: the device cannot hold a "
                     "'%s' as the host lays it out: %s",
                     b->name, b->elem->spelling, b->elem->sdef->host, b->elem->sdef->bad);
    fv->ok = false;
  } else if (!type_is_value(b->elem) || (ptrs && !type_is_arith(b->elem))) {
    kernelinfo_error(fv, path->loc,
                     "array '%s' of '%s' cannot be used in a kernel: only arrays of "
                     "numbers and of structs of numbers are supported",
                     b->name, b->elem ? b->elem->spelling : "?");
    fv->ok = false;
  }
  return b;
}

static void visit(FV *fv, Expr *e);

static bool is_outer_path(FV *fv, Expr *e) {
  Expr *root = ir_path_root(e);
  return root && !kernelinfo_is_local(fv->ki, root->var) && !kernelinfo_loop_of(fv->ki, root->var);
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

static Reduction *add_reduction(FV *fv, Expr *path, RedOp op, SrcLoc loc) {
  for (int i = 0; i < fv->k->reductions.len; i++) {
    Reduction *r = fv->k->reductions.items[i];
    if (!ir_expr_equal(r->path, path))
      continue;
    if (r->op != op) {
      kernelinfo_error(fv, loc,
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

/* Whether the kernel runs one iteration (a host statement as a kernel of
 * one work-item, hostloop.c): nothing to reduce across. */
static bool one_iteration(FV *fv) {
  for (int i = 0; fv->k && i < fv->k->dims; i++) {
    long long span;
    if (!tr_const_span(fv->k->mapped[i], &span) || span != 1)
      return false;
  }
  return fv->k && fv->k->dims > 0;
}

/* x[i] with every subscript invariant, of an array from outside the nest:
 * an update of it may be an element reduction (SPEC §4). */
static bool is_invariant_element(FV *fv, Expr *e) {
  if (e->kind != EX_INDEX || !type_is_arith(e->type) || one_iteration(fv))
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

static void visit_index(FV *fv, Expr *e, bool read, bool write);

/* A member of an element of an array of structs (pts[i].x, grid[i].pos.v[k]):
 * an access of the element, pts[i].  Iterations that touch distinct
 * elements are independent, which is what the dependence test needs; a
 * member written is a read of the element too, since the other members must
 * reach the device before the launch. */
static void visit_member(FV *fv, Expr *e, bool read, bool write) {
  Expr *x = e;
  while (x->kind == EX_MEMBER || x->kind == EX_INDEX) {
    if (x->kind == EX_MEMBER) {
      if (x->arrow || ir_path_root(x))
        break;
      x = x->a;
      if (x->kind == EX_INDEX && x->type && x->type->kind == TY_STRUCT) {
        visit_index(fv, x, read || write, write);
        return;
      }
      continue;
    }
    for (; x->kind == EX_INDEX; x = x->a) /* a member array's subscripts */
      visit(fv, x->b);
    if (x->kind != EX_MEMBER)
      break;
  }
  /* a member of a helper's returned struct (c_mul(a, b).r): a value */
  if (x->kind == EX_CALL && !write) {
    visit(fv, x);
    return;
  }
  char *t = print_expr_text(e);
  kernelinfo_error(fv, e->loc,
                   x->kind == EX_MEMBER && x->arrow
                       ? "'%s' goes through a pointer inside a struct: a kernel reaches members "
                         "of arrays of structs only by '.'"
                       : "'%s' cannot be used in a kernel: only members of variables and of "
                         "elements of arrays of structs can",
                   t);
  xfree(t);
  fv->ok = false;
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
  if (!root && base->kind == EX_MEMBER) { /* a member array of a struct element */
    xfree(subs);
    visit_member(fv, base, read, write);
    return;
  }
  if (root && (kernelinfo_is_local(fv->ki, root->var))) {
    if (base->kind != EX_VAR) {
      kernelinfo_error(fv, e->loc, "this subscript cannot be used in a kernel");
      fv->ok = false;
    }
    xfree(subs);
    return;
  }
  if (!root) {
    kernelinfo_error(fv, e->loc,
                     "only arrays and pointers named by a variable or a member ('a[i]', "
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
    kernelinfo_error(fv, e->loc, "'%s' has %d dimension%s and must be subscripted %d time%s here",
                     t, b->rank, b->rank == 1 ? "" : "s", b->rank, b->rank == 1 ? "" : "s");
    xfree(t);
    fv->ok = false;
  }
}

static void visit_lvalue(FV *fv, Expr *lhs, bool read) {
  if (lhs->kind == EX_INDEX) {
    visit_index(fv, lhs, read, true);
    return;
  }
  if (lhs->kind == EX_MEMBER && !ir_path_root(lhs)) {
    visit_member(fv, lhs, read, true);
    return;
  }
  if (lhs->kind == EX_UNARY && lhs->op == OP_DEREF && lhs->a->kind == EX_VAR &&
      kernelinfo_is_local(fv->ki, lhs->a->var))
    return; /* *p = e in a helper: checked at the calls */
  if (lhs->kind == EX_UNARY && lhs->op == OP_DEREF) {
    kernelinfo_error(fv, lhs->loc, "write through '*p' in a kernel: write 'p[0]' instead");
    fv->ok = false;
    return;
  }
  Expr *root = ir_path_root(lhs);
  if (root && kernelinfo_is_local(fv->ki, root->var) &&
      (lhs->kind == EX_VAR || root->type->kind == TY_STRUCT))
    return; /* a local, or a member of a local struct */
  if (root && kernelinfo_loop_of(fv->ki, root->var)) {
    kernelinfo_error(fv, lhs->loc, "the loop index '%s' is assigned in the loop's body",
                     root->var->name);
    fv->ok = false;
    return;
  }
  for (int i = 0; root && lhs->kind == EX_VAR && i + 1 < fv->why.len; i += 2)
    if (fv->why.items[i] == root->var) {
      kernelinfo_error(fv, lhs->loc,
                       "write to '%s', declared outside the nest: %s (declare it inside the loop "
                       "body, or write it before any read on every path)",
                       root->var->name, (char *)fv->why.items[i + 1]);
      fv->ok = false;
      return;
    }
  char *t = root ? print_expr_text(lhs) : xstrdup("this expression");
  if (fv->helper && root)
    kernelinfo_error(fv, lhs->loc,
                     "function '%s' called from a kernel writes '%s', declared at file scope: "
                     "every work-item would write it",
                     fv->helper->name, t);
  else if (root && lhs->kind == EX_VAR && root->var->alias_why)
    /* a pointer frontend_alias.c tried to follow from this assignment */
    kernelinfo_error(fv, lhs->loc,
                     "write to '%s', declared outside the nest: every work-item would write it, "
                     "and nucc cannot follow it into its array: %s",
                     t, root->var->alias_why);
  else
    kernelinfo_error(fv, lhs->loc,
                     "write to '%s', declared outside the nest: every work-item would write it "
                     "(declare it inside the loop body)",
                     t);
  xfree(t);
  fv->ok = false;
}

static void add_func(FV *fv, Func *f) {
  if (!f || vec_contains(&fv->k->funcs, f))
    return;
  vec_push(&fv->k->funcs, f);
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
      visit_member(fv, e, true, false);
      return;
    }
    if (!is_outer_path(fv, e))
      return;
    if (type_is_arith(e->type)) {
      add_scalar(fv, e);
    } else {
      char *t = print_expr_text(e);
      kernelinfo_error(fv, e->loc,
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
    if (e->op == OP_DEREF && e->a->kind == EX_VAR && kernelinfo_is_local(fv->ki, e->a->var))
      return; /* a helper's pointer parameter: its uses are checked at the calls */
    if (e->op == OP_DEREF) {
      kernelinfo_error(fv, e->loc, "'*p' in a kernel: write 'p[0]' instead");
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
    structarg_visit_call(fv, e);
    for (int i = 0; i < e->nargs; i++)
      if (!e->callee || i >= e->callee->nparams ||
          (e->callee->params[i]->type->kind != TY_PTR && !e->callee->params[i]->flat))
        visit(fv, e->args[i]);
    helperptr_visit_call(fv, e);
    helperptr_visit_globals(fv, e);
    add_func(fv, e->callee);
    return;
  case EX_INIT:
    for (int i = 0; i < e->nargs; i++)
      visit(fv, e->args[i]);
    return;
  }
}

/* A walk of a kernel's body (or a helper's) with freevars.c's visitors. */
static FV fv_start(Kernel *k, KernelInfo *ki) {
  return (FV){.k = k,
              .ki = ki,
              .ok = true,
              .visit = visit,
              .visit_index = visit_index,
              .buffer_of = buffer_of};
}

/* Collects locals and loops of the body, in nesting order. */
static void scan_decls(FV *fv, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case ST_DECL:
    vec_push(&fv->ki->locals, s->var);
    vec_push(&fv->ki->decls, s);
    if (s->var->type->kind == TY_PTR) {
      /* one that frontend_alias.c did not follow: its subscripts would be
       * taken for a local array's, and the elements it reaches would
       * escape the dependence test */
      kernelinfo_error(fv, s->var->loc,
                       "'%s' is a pointer declared in the loop that nucc cannot follow into "
                       "its array%s%s; subscript the array itself (a[i][j], x[i * n + j])",
                       s->var->name, s->var->alias_why ? ": " : "",
                       s->var->alias_why ? s->var->alias_why : "");
      fv->ok = false;
    }
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
      else if (!vec_contains(&fv->ki->privates, s->loop->var) &&
               !vec_contains(&fv->ki->locals, s->loop->var))
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
    kernelinfo_error(fv, s->loc,
                     "'break' would leave a loop mapped by 'work': work-items cannot stop "
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

/* Functions called from the kernel use their parameters and locals, and
 * file-scope data: a scalar they read is the kernel's by value, and an
 * array a buffer whose accesses are placed at the kernel's calls
 * (helperptr_visit_globals); OpenCL has no file-scope data, so both travel
 * as extra parameters (print_global_param).  A write to a file-scope
 * scalar would be every work-item's. */
static void check_func_vars(FV *fv, Func *f) {
  KernelInfo fki = {0};
  FV sub = fv_start(fv->k, &fki);
  sub.quiet = fv->quiet;
  sub.helper = f;
  for (int i = 0; i < f->nparams; i++)
    vec_push(&fki.locals, f->params[i]);
  scan_decls(&sub, f->body);
  Kernel dummy = {.names = fv->k->names};
  sub.k = &dummy;
  visit_stmt(&sub, f->body);
  if (f->elsewhere && (dummy.buffers.len || dummy.scalars.len || dummy.reductions.len)) {
    /* another unit's file-scope data: the input's host code cannot name it */
    kernelinfo_error(fv, f->loc,
                     "function '%s' called from a kernel uses variables declared outside it, "
                     "in its own file",
                     f->name);
    fv->ok = false;
    return;
  }
  for (int i = 0; i < dummy.reductions.len; i++) {
    Reduction *r = dummy.reductions.items[i];
    char *t = print_expr_text(r->path);
    kernelinfo_error(fv, r->loc,
                     "function '%s' called from a kernel updates '%s', declared at file scope: "
                     "every work-item would write it",
                     f->name, t);
    xfree(t);
    fv->ok = false;
  }
  for (int i = 0; i < dummy.scalars.len; i++) {
    Scalar *s = dummy.scalars.items[i];
    Var *v = ir_path_root(s->path)->var;
    if (vec_contains(&fv->ki->privates, v)) {
      /* the loop's own copy: whether the helper reads this iteration's
       * value is more than the analysis of temporaries sees */
      kernelinfo_error(fv, s->path->loc,
                       "'%s', read by '%s', is written in the loop: pass it to '%s' as an "
                       "argument",
                       v->name, f->name, f->name);
      fv->ok = false;
      continue;
    }
    add_scalar(fv, s->path);
  }
  for (int i = 0; i < dummy.funcs.len; i++)
    add_func(fv, dummy.funcs.items[i]);
  fv->k->uses_fp64 |= dummy.uses_fp64;
  fv->errors += sub.errors;
  if (!sub.ok)
    fv->ok = false;
}

/* A mapped loop's bound that reads an array (for (k = 0; k < d[2]; k++),
 * NPB's dimension vectors, FT's dims[2][0]) is computed by the stub on the
 * host before the launch: from an array of numbers the kernel does not
 * write, one-dimensional or with rows of a constant length, read through a typed parameter after a
 * check that the host holds it fresh.  Anything else would need the device's values first. */
static void check_bound_reads(FV *fv) {
  Kernel *k = fv->k;
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    Expr *root = ir_path_root(b->path);
    if (!root || b->path != root)
      continue;
    Loop *at = NULL;
    for (int m = 0; m < k->dims && !at; m++) {
      Loop *l = k->mapped[m];
      if (ir_expr_uses_var(l->lb, root->var) || ir_expr_uses_var(l->ub, root->var) ||
          ir_expr_uses_var(l->step, root->var))
        at = l;
    }
    if (!at)
      continue;
    /* rows of a constant length (NPB FT's int dims[3][3]): the stub takes
     * it as a pointer to such rows */
    bool rows_known = b->type && b->type->kind == TY_ARRAY;
    for (Type *t = rows_known ? b->type->base : NULL; t && t->kind == TY_ARRAY; t = t->base)
      rows_known &= t->len > 0;
    if ((b->rank != 1 && !rows_known) || b->rows || b->write || !type_is_arith(b->elem)) {
      kernelinfo_error(fv, at->loc,
                       "the bounds of loop '%s' read '%s': nucc computes a mapped loop's trip "
                       "count on the host, from an array of numbers (one-dimensional, or with "
                       "rows of a constant length) that the kernel does not write (copy the "
                       "bound to a variable before the loop)",
                       at->var->name, b->name);
      fv->ok = false;
      continue;
    }
    b->in_bounds = true;
  }
}

/* A helper's read of a file-scope array at an element nucc cannot name
 * (w[k], k computed in the helper) conflicts with no write only where the
 * loop writes none of the array, or the user vouches for it. */
static void check_opaque(FV *fv) {
  for (int i = 0; i + 1 < fv->opaque.len; i += 2) {
    Expr *use = fv->opaque.items[i];
    Buffer *b = fv->opaque.items[i + 1];
    if (!b->write || fv->k->independent)
      continue;
    char *t = print_expr_text(use);
    kernelinfo_error(fv, use->loc,
                     "possible dependence on '%s' between work-items: the loop writes it, and "
                     "nucc cannot tell which element '%s' in a helper reads (its subscripts are "
                     "not expressions of the helper's scalar parameters and loop indices)",
                     b->name, t);
    xfree(t);
    fv->ok = false;
  }
  xfree(fv->opaque.items);
  fv->opaque = (Vec){0};
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
      kernelinfo_error(fv, r->loc,
                       "the subscripts of '%s' use '%s', which the loop updates as a reduction", t,
                       o->name);
      fv->ok = false;
    }
    /* two elements of one array may be one: the host folds both into it,
     * which is right only with one operator */
    if (j > ri && o->elem && o->op != r->op && ir_expr_equal(o->array, r->array)) {
      char *u = print_expr_text(o->path);
      kernelinfo_error(
          fv, r->loc,
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
        kernelinfo_error(fv, ac->e->loc,
                         "'%s' is updated as a %s reduction but also %s in the loop: a reduction "
                         "may only be combined into (x[i] += e, ...)",
                         t, red_op_name(r->op), ac->write ? "written" : "read");
        fv->ok = false;
      }
    }
  }
  xfree(t);
}

/* An element reduction whose array the kernel also has as a buffer (x[i]
 * -= L[i][j] * x[j]) ends there: the last work-group combines the result
 * into the element, so that the host waits for no value and a host loop's
 * next statement that reads x can run on the device as well (hostloop.c).
 * Not into a table of rows, an array a helper reads at elements nucc cannot
 * name, a snapshot, or bools (an int in the kernel's tree); those, and an
 * element of an array the kernel touches nowhere else, the host folds in. */
static void finish_elements(Kernel *k) {
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    if (!r->elem || r->type->kind == TY_BOOL)
      continue;
    Buffer *b = kernel_buffer(k, r->array);
    if (b && !b->rows && !b->opaque && type_is_arith(b->elem) && !buffer_snapshot_of(b)) {
      r->into = b;
      b->reduced = true;
    }
  }
}

/* A reduction variable may only be updated; reduce(...) must match. */
static void check_reductions(FV *fv, Vec *reduces) {
  Kernel *k = fv->k;
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    for (int j = 0; j < k->scalars.len; j++) {
      Scalar *s = k->scalars.items[j];
      if (ir_expr_equal(s->path, r->path)) {
        kernelinfo_error(fv, r->loc,
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
      if (a->names && ir_expr_equal(r->path, a->names))
        found = r;
    }
    if (!found) {
      kernelinfo_error(fv, a->loc, "reduce: '%s' is not updated as a reduction in this nest",
                       a->text);
      fv->ok = false;
    } else if (strcmp(ops[found->op], a->key) != 0) {
      kernelinfo_error(fv, a->loc, "reduce(%s: %s): the loop combines '%s' with %s", a->key,
                       a->text, a->text, ops[found->op]);
      fv->ok = false;
    } else {
      found->named = true;
    }
  }
}

/* The analysis; `quiet`: a probe's, whose errors are counted, not shown
 * (*errors). */
static bool analyse(Kernel *k, KernelInfo *ki, Vec *sizes, Vec *reduces, bool quiet, int *errors) {
  FV fv = fv_start(k, ki);
  fv.quiet = quiet;
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
  ir_walk_stmt(k->body, kernelinfo_note_written, ki);
  private_values(ki);
  for (int i = 0; i < k->dims; i++) {
    visit(&fv, k->mapped[i]->lb);
    visit(&fv, k->mapped[i]->ub);
    visit(&fv, k->mapped[i]->step);
  }
  visit_stmt(&fv, k->body);
  check_bound_reads(&fv);
  check_jumps(&fv, k->body);
  for (int i = 0; i < k->funcs.len; i++) /* grows while we check */
    check_func_vars(&fv, k->funcs.items[i]);
  check_opaque(&fv);
  check_reductions(&fv, reduces); /* a helper may read a reduction's variable */
  if (fv.ok)
    finish_elements(k);
  for (int i = 0; i < sizes->len; i++) {
    AnnotArg *a = sizes->items[i];
    bool found = false;
    for (int j = 0; j < k->buffers.len; j++) {
      Buffer *b = k->buffers.items[j];
      if (a->names && ir_expr_equal(b->path, a->names)) {
        b->size_text = a->text;
        b->size_loc = a->loc;
        found = true;
      }
    }
    if (!found) {
      kernelinfo_error(&fv, a->key_loc, "size(%s: ...): '%s' is not an array used in this nest",
                       a->key, a->key);
      fv.ok = false;
    }
  }
  *errors = fv.errors;
  return fv.ok;
}

bool freevars_analyse(Kernel *k, KernelInfo *ki, Vec *sizes, Vec *reduces) {
  int errors;
  return analyse(k, ki, sizes, reduces, false, &errors);
}

bool freevars_probe(Kernel *kn, Symtab *names, Nest *nest, Loop **loops, int k, Stmt *body) {
  *kn = (Kernel){
      .name = "probe", .names = names, .nest = nest, .dims = k, .mapped = loops, .body = body};
  kn->info = NEW(KernelInfo);
  Vec none = {0};
  int errors;
  bool ok = analyse(kn, kn->info, &none, &none, true, &errors);
  return errors == 0 && ok;
}
