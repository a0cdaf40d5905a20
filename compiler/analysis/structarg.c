/* structarg.c — a struct a kernel hands a helper by value whose members
 * point to arrays (RSBench's `SimulationData data`, read as
 * data.num_nucs[mat]).  Receives a call in a kernel's body (freevars.c's
 * walk); hands on the helper's copy in which the parameter's uses are the
 * argument's member paths, and the callees it hands the struct on to
 * likewise.  Those paths are then the copy's file-scope data
 * (ir_func_globals): a pointer member a buffer of the kernel, a number a
 * scalar argument, both threaded into the helpers as extra parameters
 * (helperptr_visit_globals), the struct itself no parameter in OpenCL. */
#include "analysis.h"
#include "transform.h"

#include <string.h>

/* The copies made, over every kernel of the file: Func* original, Expr*
 * argument path, Func* copy, for each parameter flattened in turn. */
static Vec flattened;
static int nflat;

/* A struct of numbers from outside the loop (OpenMP programs hand their
 * `Input in` to every helper) is flattened too: a kernel passes a struct
 * from outside only member by member. */
static bool is_flat_param(Func *f, int i) {
  return i < f->nparams && !f->params[i]->flat &&
         (type_is_struct_of_buffers(f->params[i]->type) || type_is_struct_ok(f->params[i]->type) ||
          type_row_levels(f->params[i]->type));
}

static Func *flatten(Symtab *names, Func *f, int i, Expr *path);

/* Every use of the struct in the copy names a member that is a number, an
 * array or a pointer (what the kernel can hand on), or is handed on whole
 * to a helper that takes such a struct (flattened in turn). */
typedef struct Uses {
  FV *fv;
  Func *f;
  Var *root;
  Symtab *names;
  Vec *seen; /* Func*: copies of a table's helpers checked in this walk */
} Uses;

static void check_stmt(Uses *u, Stmt *s);

/* A helper's copy for a table of rows, checked again for each kernel that
 * calls it: a later pass finds the kernel's call already on the copy, and
 * must refuse it as the first did (--openmp reports the first refusal). */
static void check_table_copy(Uses *from, Func *c) {
  if (vec_contains(from->seen, c))
    return;
  vec_push(from->seen, c);
  Uses u = *from;
  u.f = c;
  check_stmt(&u, c->body);
}

static void check_uses(Uses *u, Expr *e);

/* A table of rows (float **w) handed to a helper is the kernel's table as
 * it is in the body: subscripted down to its numbers (w[r][j], read or
 * written, at the rows its offsets give) or handed on whole.  A row of its
 * own (w[r], w[r] + j, &w[r][j]) or the table kept elsewhere is a pointer
 * the device does not have. */
static bool check_row_uses(Uses *u, Expr *e, int levels) {
  int n = 0;
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  Expr *addr = e->kind == EX_UNARY && e->op == OP_ADDR ? e->a : NULL;
  while (addr && addr->kind == EX_INDEX)
    addr = addr->a;
  bool whole = n == levels + 1 && base->kind == EX_VAR && base->var == u->root;
  bool bad = (base->kind == EX_VAR && base->var == u->root && !whole) ||
             (addr && addr->kind == EX_VAR && addr->var == u->root);
  if (bad) {
    char *t = print_expr_text(e);
    kernelinfo_error(u->fv, e->loc,
                     "'%s' in '%s': a table of rows handed to a helper may only be subscripted "
                     "down to its numbers (%s) or handed on whole to another helper: the device "
                     "holds no pointer to a row",
                     t, u->f->written_as ? u->f->written_as : u->f->name,
                     levels == 1 ? "w[i][j]" : "u[i][j][k]");
    xfree(t);
    u->fv->ok = false;
    return true;
  }
  if (!whole)
    return false;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    check_uses(u, x->b);
  return true;
}

static void check_uses(Uses *u, Expr *e) {
  if (!e)
    return;
  int levels = type_row_levels(u->root->type);
  if (levels && e->kind != EX_CALL && check_row_uses(u, e, levels))
    return;
  if ((e->kind == EX_VAR || e->kind == EX_MEMBER) && ir_path_root(e) &&
      ir_path_root(e)->var == u->root) {
    if (e->type && (type_is_arith(e->type) || e->type->kind == TY_PTR || e->type->kind == TY_ARRAY))
      return;
    char *t = print_expr_text(e);
    kernelinfo_error(u->fv, e->loc,
                     "'%s' in '%s': a struct with pointer members handed to a helper by value "
                     "may only be read through its members (numbers and arrays) or handed on "
                     "whole to another helper",
                     t, u->f->name);
    xfree(t);
    u->fv->ok = false;
    return;
  }
  if (e->kind == EX_CALL && e->callee) {
    for (int i = 0; i < e->nargs; i++) {
      Expr *a = e->args[i];
      if (is_flat_param(e->callee, i) && ir_path_root(a) && ir_path_root(a)->var == u->root) {
        e->callee = flatten(u->names, e->callee, i, a);
        continue;
      }
      if (i < e->callee->nparams && e->callee->params[i]->flat) {
        if (type_row_levels(e->callee->params[i]->type) && ir_path_root(a) &&
            ir_path_root(a)->var == u->root)
          check_table_copy(u, e->callee);
        continue;
      }
      check_uses(u, a);
    }
    return;
  }
  check_uses(u, e->a);
  check_uses(u, e->b);
  check_uses(u, e->c);
  for (int i = 0; i < e->nargs; i++)
    check_uses(u, e->args[i]);
}

static void check_stmt(Uses *u, Stmt *s) {
  if (!s)
    return;
  check_uses(u, s->e);
  check_uses(u, s->init);
  check_uses(u, s->inc);
  if (s->loop) {
    check_uses(u, s->loop->lb);
    check_uses(u, s->loop->ub);
    check_uses(u, s->loop->step);
  }
  check_stmt(u, s->init_s);
  check_stmt(u, s->then);
  check_stmt(u, s->els);
  check_stmt(u, s->body);
  if (s->loop)
    check_stmt(u, s->loop->body);
  for (int i = 0; i < s->nitems; i++)
    check_stmt(u, s->items[i]);
}

static FV *checking; /* the walk that asked, for check_uses' diagnostics */

/* f's copy with parameter i's uses replaced by `path` (a path rooted at a
 * variable from outside the kernel), one per (f, i, path). */
static Func *flatten(Symtab *names, Func *f, int i, Expr *path) {
  util_scoped_vec(&flattened);
  for (int j = 0; j + 2 < flattened.len; j += 3) {
    Func *c = flattened.items[j + 2];
    if (flattened.items[j] != f || !ir_expr_equal(flattened.items[j + 1], path) ||
        !c->params[i]->flat)
      continue;
    /* another kernel's copy: its uses are checked for this kernel too */
    Vec seen = {0};
    Uses u = {checking, c, ir_path_root(path)->var, names, &seen};
    check_table_copy(&u, c);
    xfree(seen.items);
    return c;
  }
  Buf n = {0};
  print_path_name(path, &n);
  Func *c = NEW(Func);
  *c = *f;
  c->name = xformat("%s_%s%d", f->name, n.s, nflat++);
  c->written_as = f->written_as ? f->written_as : f->name;
  xfree(n.s);
  c->globals = (Vec){0};
  c->globals_known = false;
  Subst sub = {.names = names};
  c->params = xcalloc((size_t)f->nparams + 1, sizeof(Var *));
  for (int j = 0; j < f->nparams; j++)
    c->params[j] = f->params[j];
  c->params[i] = subst_rename(&sub, f->params[i], "");
  c->params[i]->flat = true;
  subst_expr(&sub, f->params[i], path);
  c->body = tr_clone_stmt(f->body, &sub);
  ir_path_root(path)->var->flat_root = true;
  vec_push(&flattened, f);
  vec_push(&flattened, path);
  vec_push(&flattened, c);
  Vec seen = {0};
  Uses u = {checking, c, ir_path_root(path)->var, names, &seen};
  check_table_copy(&u, c);
  xfree(seen.items);
  return c;
}

void structarg_visit_call(FV *fv, Expr *call) {
  Func *f = call->callee;
  if (!f)
    return;
  for (int i = 0; i < f->nparams && i < call->nargs; i++) {
    Expr *at = ir_path_root(call->args[i]);
    if (f->params[i]->flat && type_row_levels(f->params[i]->type) && at) {
      Vec seen = {0};
      Uses u = {fv, f, at->var, fv->k->names, &seen};
      check_table_copy(&u, f);
      xfree(seen.items);
      continue;
    }
    if (!is_flat_param(call->callee, i))
      continue;
    Expr *a = call->args[i];
    Expr *root = ir_path_root(a);
    bool own = root && (fv->helper || kernelinfo_is_local(fv->ki, root->var));
    if (type_is_struct_ok(f->params[i]->type) && (!root || own))
      continue; /* a value of the work-item's */
    bool table = type_row_levels(f->params[i]->type);
    if (!root || (table && a->kind != EX_VAR) ||
        (fv->helper ? true : kernelinfo_is_local(fv->ki, root->var))) {
      char *t = print_expr_text(a);
      if (table)
        kernelinfo_error(fv, a->loc,
                         "'%s' handed to '%s': a table of rows must be a variable from outside "
                         "the loop, handed as it is (it becomes the kernel's buffer and offsets)",
                         t, f->name);
      else
        kernelinfo_error(fv, a->loc,
                         "'%s' handed to '%s': a struct with pointer members must come from "
                         "outside the loop (its members become the kernel's buffers)",
                         t, f->name);
      xfree(t);
      fv->ok = false;
      continue;
    }
    checking = fv;
    call->callee = flatten(fv->k->names, call->callee, i, a);
  }
}
