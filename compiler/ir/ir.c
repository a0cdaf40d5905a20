/* ir.c — the loop-nest IR: types, constructors, comparison and walks.
 * The front end builds these trees from libclang cursors; analyses read them,
 * annotations rewrite them, and the printers turn them back into text. */
#include "nucc.h"

#include <stdlib.h>
#include <string.h>

bool type_is_integer(const Type *t) { return t && t->kind >= TY_BOOL && t->kind <= TY_ULONG; }

bool type_is_arith(const Type *t) { return t && t->kind >= TY_BOOL && t->kind <= TY_DOUBLE; }

bool type_is_struct_ok(const Type *t) {
  return t && t->kind == TY_STRUCT && t->sdef && !t->sdef->bad;
}

bool type_is_value(const Type *t) { return type_is_arith(t) || type_is_struct_ok(t); }

bool type_is_struct_of_buffers(const Type *t) {
  if (!t || t->kind != TY_STRUCT || !t->sdef || t->sdef->is_union || !t->sdef->nfields ||
      t->sdef->size <= 0 || type_is_struct_ok(t))
    return false;
  for (int i = 0; i < t->sdef->nfields; i++) {
    const Type *m = t->sdef->fields[i].type;
    if (m->kind == TY_PTR && (type_is_arith(m->base) || type_is_struct_ok(m->base)))
      continue;
    if (!type_is_value(m) && !type_is_struct_of_buffers(m) &&
        !(m->kind == TY_ARRAY && m->len > 0 && type_is_arith(type_elem((Type *)m))))
      return false;
  }
  return true;
}

int type_row_levels(const Type *t) {
  int n = 0;
  for (; t && t->kind == TY_PTR && t->base && t->base->kind == TY_PTR; t = t->base)
    n++;
  return n <= 2 && t && t->kind == TY_PTR && type_is_arith(t->base) ? n : 0;
}

long long type_size(const Type *t) {
  static const long long sizes[] = {
      [TY_BOOL] = 1, [TY_CHAR] = 1, [TY_UCHAR] = 1, [TY_SHORT] = 2, [TY_USHORT] = 2, [TY_INT] = 4,
      [TY_UINT] = 4, [TY_LONG] = 8, [TY_ULONG] = 8, [TY_FLOAT] = 4, [TY_DOUBLE] = 8,
  };
  if (type_is_arith(t))
    return sizes[t->kind];
  if (t && t->kind == TY_STRUCT && t->sdef)
    return t->sdef->size;
  if (t && t->kind == TY_ARRAY && t->len > 0)
    return t->len * type_size(t->base);
  return 0;
}

const char *type_cl_name(const Type *t) {
  if (type_is_struct_ok(t))
    return t->sdef->name;
  static const char *names[] = {
      [TY_VOID] = "void",   [TY_BOOL] = "bool",     [TY_CHAR] = "char",   [TY_UCHAR] = "uchar",
      [TY_SHORT] = "short", [TY_USHORT] = "ushort", [TY_INT] = "int",     [TY_UINT] = "uint",
      [TY_LONG] = "long",   [TY_ULONG] = "ulong",   [TY_FLOAT] = "float", [TY_DOUBLE] = "double",
  };
  return t && t->kind <= TY_DOUBLE ? names[t->kind] : NULL;
}

const char *type_c_name(const Type *t) {
  static const char *names[] = {
      [TY_VOID] = "void",        [TY_BOOL] = "_Bool",
      [TY_CHAR] = "signed char", [TY_UCHAR] = "unsigned char",
      [TY_SHORT] = "short",      [TY_USHORT] = "unsigned short",
      [TY_INT] = "int",          [TY_UINT] = "unsigned int",
      [TY_LONG] = "long long",   [TY_ULONG] = "unsigned long long",
      [TY_FLOAT] = "float",      [TY_DOUBLE] = "double",
  };
  return t && t->kind <= TY_DOUBLE ? names[t->kind] : NULL;
}

Type *type_elem(Type *t) {
  while (t && (t->kind == TY_PTR || t->kind == TY_ARRAY))
    t = t->base;
  return t;
}

const char *rel_spelling(Rel r) {
  static const char *const s[] = {"<", "<=", ">", ">=", "!="};
  return s[r];
}

const char *op_spelling(Op op) {
  static const char *s[] = {
      [OP_NONE] = "?",        [OP_ADD] = "+",          [OP_SUB] = "-",
      [OP_MUL] = "*",         [OP_DIV] = "/",          [OP_MOD] = "%",
      [OP_SHL] = "<<",        [OP_SHR] = ">>",         [OP_LT] = "<",
      [OP_GT] = ">",          [OP_LE] = "<=",          [OP_GE] = ">=",
      [OP_EQ] = "==",         [OP_NE] = "!=",          [OP_AND] = "&",
      [OP_XOR] = "^",         [OP_OR] = "|",           [OP_LAND] = "&&",
      [OP_LOR] = "||",        [OP_ASSIGN] = "=",       [OP_ADD_ASSIGN] = "+=",
      [OP_SUB_ASSIGN] = "-=", [OP_MUL_ASSIGN] = "*=",  [OP_DIV_ASSIGN] = "/=",
      [OP_MOD_ASSIGN] = "%=", [OP_SHL_ASSIGN] = "<<=", [OP_SHR_ASSIGN] = ">>=",
      [OP_AND_ASSIGN] = "&=", [OP_XOR_ASSIGN] = "^=",  [OP_OR_ASSIGN] = "|=",
      [OP_COMMA] = ",",       [OP_NEG] = "-",          [OP_PLUS] = "+",
      [OP_NOT] = "!",         [OP_BITNOT] = "~",       [OP_DEREF] = "*",
      [OP_ADDR] = "&",        [OP_PREINC] = "++",      [OP_PREDEC] = "--",
      [OP_POSTINC] = "++",    [OP_POSTDEC] = "--",
  };
  return s[op];
}

bool op_is_assign(Op op) {
  return (op >= OP_ASSIGN && op <= OP_OR_ASSIGN) || op == OP_PREINC || op == OP_PREDEC ||
         op == OP_POSTINC || op == OP_POSTDEC;
}

bool op_fold_arith(Op op, long long a, long long b, long long *v) {
  switch (op) {
  case OP_ADD:
    *v = a + b;
    return true;
  case OP_SUB:
    *v = a - b;
    return true;
  case OP_MUL:
    *v = a * b;
    return true;
  case OP_DIV:
  case OP_MOD:
    if (!b)
      return false;
    *v = op == OP_DIV ? a / b : a % b;
    return true;
  default:
    return false;
  }
}

/* Shared by every literal it types and never written: a constant, not
 * compilation state. */
static Type int_type = {TY_INT, NULL, 0, "int", "int", NULL};

Expr *ir_int(long long v, SrcLoc loc) {
  Expr *e = NEW(Expr);
  e->kind = EX_INT;
  e->ival = v;
  e->type = &int_type;
  e->loc = loc;
  return e;
}

Expr *ir_var(Var *v, SrcLoc loc) {
  Expr *e = NEW(Expr);
  e->kind = EX_VAR;
  e->var = v;
  e->type = v->type;
  e->loc = loc;
  return e;
}

Expr *ir_binary(Op op, Expr *a, Expr *b, Type *t) {
  Expr *e = NEW(Expr);
  e->kind = EX_BINARY;
  e->op = op;
  e->a = a;
  e->b = b;
  e->type = t ? t : a->type;
  e->loc = a->loc;
  return e;
}

bool ir_expr_equal(const Expr *x, const Expr *y) {
  if (!x || !y)
    return x == y;
  if (x->kind != y->kind || x->op != y->op || x->nargs != y->nargs)
    return false;
  switch (x->kind) {
  case EX_INT:
    return x->ival == y->ival;
  case EX_FLOAT:
    return x->fval == y->fval;
  case EX_VAR:
    return x->var == y->var;
  case EX_MEMBER:
    if (x->arrow != y->arrow || strcmp(x->text, y->text) != 0)
      return false;
    break;
  case EX_CALL:
    if (strcmp(x->text, y->text) != 0)
      return false;
    for (int i = 0; i < x->nargs; i++)
      if (!ir_expr_equal(x->args[i], y->args[i]))
        return false;
    return true;
  case EX_INIT:
    for (int i = 0; i < x->nargs; i++)
      if (!ir_expr_equal(x->args[i], y->args[i]))
        return false;
    return true;
  case EX_CAST:
    if (x->type->kind != y->type->kind)
      return false;
    break;
  default:
    break;
  }
  return ir_expr_equal(x->a, y->a) && ir_expr_equal(x->b, y->b) && ir_expr_equal(x->c, y->c);
}

void ir_walk_expr(Expr *e, ExprVisitor *fn, void *ctx) {
  if (!e)
    return;
  fn(e, ctx);
  ir_walk_expr(e->a, fn, ctx);
  ir_walk_expr(e->b, fn, ctx);
  ir_walk_expr(e->c, fn, ctx);
  for (int i = 0; i < e->nargs; i++)
    ir_walk_expr(e->args[i], fn, ctx);
}

void ir_walk_stmt(Stmt *s, ExprVisitor *fn, void *ctx) {
  if (!s)
    return;
  ir_walk_expr(s->e, fn, ctx);
  ir_walk_expr(s->init, fn, ctx);
  ir_walk_stmt(s->init_s, fn, ctx);
  ir_walk_expr(s->inc, fn, ctx);
  if (s->loop) {
    ir_walk_expr(s->loop->lb, fn, ctx);
    ir_walk_expr(s->loop->ub, fn, ctx);
    ir_walk_expr(s->loop->step, fn, ctx);
  }
  ir_walk_stmt(s->then, fn, ctx);
  ir_walk_stmt(s->els, fn, ctx);
  ir_walk_stmt(s->body, fn, ctx);
  for (int i = 0; i < s->nitems; i++)
    ir_walk_stmt(s->items[i], fn, ctx);
}

typedef struct {
  const Var *v;
  bool found;
} UsesCtx;

static void uses_visit(Expr *e, void *ctx) {
  UsesCtx *u = ctx;
  if (e->kind == EX_VAR && e->var == u->v)
    u->found = true;
}

bool ir_expr_uses_var(Expr *e, const Var *v) {
  UsesCtx u = {v, false};
  ir_walk_expr(e, uses_visit, &u);
  return u.found;
}

static bool uses_any(Expr *e, Var **vars, int n) {
  for (int i = 0; i < n; i++)
    if (ir_expr_uses_var(e, vars[i]))
      return true;
  return false;
}

bool ir_expr_affine_in(Expr *e, Var **vars, int n) {
  if (!uses_any(e, vars, n))
    return true;
  switch (e->kind) {
  case EX_VAR:
    return true;
  case EX_CAST:
    return e->type && type_is_integer(e->type) && ir_expr_affine_in(e->a, vars, n);
  case EX_UNARY:
    return (e->op == OP_NEG || e->op == OP_PLUS) && ir_expr_affine_in(e->a, vars, n);
  case EX_BINARY:
    if (e->op == OP_ADD || e->op == OP_SUB)
      return ir_expr_affine_in(e->a, vars, n) && ir_expr_affine_in(e->b, vars, n);
    if (e->op == OP_MUL)
      return (!uses_any(e->a, vars, n) && ir_expr_affine_in(e->b, vars, n)) ||
             (!uses_any(e->b, vars, n) && ir_expr_affine_in(e->a, vars, n));
    return false;
  default:
    return false;
  }
}

bool ir_loop_counts_down(const Loop *l) {
  return l->rel == REL_GT || l->rel == REL_GE ||
         (l->step->kind == EX_UNARY && l->step->op == OP_NEG) ||
         (l->step->kind == EX_INT && l->step->ival < 0);
}

Buffer *kernel_buffer(const Kernel *k, const Expr *path) {
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    if (ir_expr_equal(b->path, path))
      return b;
  }
  return NULL;
}

Var *buffer_snapshot_of(const Buffer *b) {
  return b->path->kind == EX_VAR ? b->path->var->snapshot_of : NULL;
}

long long kernel_literal_group(const Kernel *k, int x) {
  int m = k->dims - 1 - x;
  if (!k->wg || m < 0 || m >= k->dims)
    return 0;
  const char *t = k->wg[m].text;
  char *end;
  long long v = strtoll(t, &end, 10);
  return end != t && !*end && v > 0 ? v : 0;
}

bool kernel_loop_bounded_inside(Kernel *k, int m) {
  for (int o = 0; o < m; o++)
    if (ir_expr_uses_var(k->mapped[m]->lb, k->mapped[o]->var) ||
        ir_expr_uses_var(k->mapped[m]->ub, k->mapped[o]->var))
      return true;
  return false;
}

typedef struct {
  const Expr *target;
  bool found;
} HoldsCtx;

static void holds_visit(Expr *e, void *ctx) {
  HoldsCtx *h = ctx;
  h->found |= e == h->target;
}

bool ir_stmt_holds_expr(Stmt *s, const Expr *e) {
  HoldsCtx h = {e, false};
  ir_walk_stmt(s, holds_visit, &h);
  return h.found;
}

static void reads_visit(Expr *e, void *ctx) {
  if (e->kind == EX_INDEX || e->kind == EX_CALL || (e->kind == EX_UNARY && e->op == OP_DEREF))
    *(bool *)ctx = true;
}

bool ir_expr_may_read_memory(Expr *e) {
  bool reads = false;
  ir_walk_expr(e, reads_visit, &reads);
  return reads;
}

Expr *ir_path_root(Expr *e) {
  Expr *p = e;
  while (p->kind == EX_MEMBER)
    p = p->a;
  return p->kind == EX_VAR ? p : NULL;
}

/* The file-scope data a helper uses, collected for ir_func_globals. */
typedef struct {
  Vec *out;
} GlobalsCtx;

static void globals_visit(Expr *e, void *d) {
  GlobalsCtx *g = d;
  if (e->kind == EX_CALL && e->callee) {
    const Vec *sub = ir_func_globals(e->callee);
    for (int i = 0; i < sub->len; i++) {
      bool seen = false;
      for (int j = 0; j < g->out->len && !seen; j++)
        seen = ir_expr_equal(g->out->items[j], sub->items[i]);
      if (!seen)
        vec_push(g->out, sub->items[i]);
    }
    return;
  }
  if (e->kind != EX_VAR && e->kind != EX_MEMBER)
    return;
  Expr *root = ir_path_root(e);
  if (!root || !(root->var->global || root->var->flat_root) || !e->type)
    return;
  /* a struct on the way to a member is not data of its own */
  if (!type_is_arith(e->type) && e->type->kind != TY_ARRAY && e->type->kind != TY_PTR)
    return;
  for (int j = 0; j < g->out->len; j++)
    if (ir_expr_equal(g->out->items[j], e))
      return;
  vec_push(g->out, e);
}

const Vec *ir_func_globals(Func *f) {
  if (!f->globals_known) {
    f->globals_known = true; /* a recursion sees what is known so far */
    GlobalsCtx g = {&f->globals};
    ir_walk_stmt(f->body, globals_visit, &g);
  }
  return &f->globals;
}

typedef struct {
  Expr *path;
  bool found;
  Vec seen; /* Func*: callees already asked */
} WritesCtx;

static void writes_in(Func *f, WritesCtx *w);

static void writes_visit(Expr *e, void *d) {
  WritesCtx *w = d;
  if (e->kind == EX_CALL && e->callee) {
    writes_in(e->callee, w);
    return;
  }
  if (!((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)))
    return;
  Expr *l = e->a;
  while (l->kind == EX_INDEX)
    l = l->a;
  if (ir_expr_equal(l, w->path))
    w->found = true;
}

static void writes_in(Func *f, WritesCtx *w) {
  if (vec_contains(&w->seen, f))
    return;
  vec_push(&w->seen, f);
  ir_walk_stmt(f->body, writes_visit, w);
}

bool ir_func_writes(Func *f, Expr *path) {
  WritesCtx w = {path, false, {0}};
  writes_in(f, &w);
  xfree(w.seen.items);
  return w.found;
}
