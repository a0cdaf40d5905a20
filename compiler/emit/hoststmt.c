/* hoststmt.c — a statement that a loop kept on the host runs between its
 * launches (compiler/auto/hostloop.c), with its synchronisation.
 * Receives the statement as IR (it lies inside an annotated nest, where
 * hostsync.c, which reads the front end's host code, never looks) and hands
 * on its text preceded by the calls hostsync.c would put before the same
 * statement written outside the nest: one element's bytes
 * (nurt_host_range_at) where the statement touches exactly elements whose
 * addresses are known before it runs, the whole array (nurt_host_access_at)
 * otherwise, and nurt_escape() where it reaches memory some other way (a
 * pointer dereferenced, a call that may touch arrays).  Never nothing: a
 * kernel of the loop may have written what the statement reads. */
#include "emit.h"

#include <string.h>

/* One array the statement uses, with its element uses. */
typedef struct Root {
  Expr *base;  /* the array: a variable or a member path */
  char *text;  /* as printed */
  bool write;  /* some use writes it */
  bool whole;  /* some use is not one element known before the statement */
  Vec elems;   /* Expr*: its element uses */
  Vec ewrites; /* parallel to elems: (void*)1 when that use writes */
} Root;

typedef struct Uses {
  Vec roots;    /* Root* */
  Vec assigned; /* Var*: the variables the statement writes by name */
  bool escape;  /* it reaches memory other than by subscripts of an array */
} Uses;

static void uses_expr(Uses *u, Expr *e, bool write);

/* The array under a chain of subscripts, or NULL when it is not an
 * array named by a variable or a member path (`*p`, a call's result). */
static Expr *index_base(Expr *e) {
  while (e->kind == EX_INDEX)
    e = e->a;
  return ir_path_root(e) ? e : NULL;
}

static void add_elem(Uses *u, Expr *e, Expr *base, bool write) {
  char *text = print_expr_text(base);
  Root *r = NULL;
  for (int i = 0; i < u->roots.len && !r; i++)
    if (!strcmp(((Root *)u->roots.items[i])->text, text))
      r = u->roots.items[i];
  if (!r) {
    r = NEW(Root);
    r->base = base;
    r->text = text;
    vec_push(&u->roots, r);
  } else {
    xfree(text);
  }
  r->write |= write;
  /* one element: a number, not a row handed on */
  if (!e->type || !type_is_arith(e->type) || base->kind != EX_VAR)
    r->whole = true;
  vec_push(&r->elems, e);
  vec_push(&r->ewrites, write ? (void *)1 : NULL);
}

static void uses_target(Uses *u, Expr *e) {
  if (e->kind == EX_VAR) {
    if (!vec_contains(&u->assigned, e->var))
      vec_push(&u->assigned, e->var);
    if (e->var->type && !type_is_arith(e->var->type))
      u->escape = true; /* a pointer moved: where it points is not followed */
    return;
  }
  uses_expr(u, e, true);
}

static void uses_expr(Uses *u, Expr *e, bool write) {
  if (!e)
    return;
  switch (e->kind) {
  case EX_INDEX: {
    Expr *base = index_base(e);
    if (!base) {
      u->escape = true;
      return;
    }
    add_elem(u, e, base, write);
    for (Expr *p = e; p->kind == EX_INDEX; p = p->a)
      uses_expr(u, p->b, false);
    return;
  }
  case EX_BINARY:
    if (op_is_assign(e->op)) {
      uses_target(u, e->a);
      uses_expr(u, e->b, false);
      return;
    }
    break;
  case EX_UNARY:
    if (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC || e->op == OP_POSTDEC) {
      uses_target(u, e->a);
      return;
    }
    if (e->op == OP_DEREF || e->op == OP_ADDR) {
      u->escape = true;
      return;
    }
    break;
  case EX_CALL:
    /* a function of the program may touch any array; a library function
     * only what it is handed */
    if (e->callee)
      u->escape = true;
    for (int i = 0; i < e->nargs; i++)
      if (e->args[i]->type && !type_is_arith(e->args[i]->type))
        u->escape = true;
    break;
  case EX_MEMBER:
    u->escape = true; /* a struct's bytes: hostsync.c syncs them as an object */
    return;
  case EX_VAR:
    if (e->var->type && !type_is_arith(e->var->type) && !write)
      u->escape = true; /* an array's address taken as a value */
    return;
  default:
    break;
  }
  uses_expr(u, e->a, false);
  uses_expr(u, e->b, false);
  uses_expr(u, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    uses_expr(u, e->args[i], false);
}

static void uses_stmt(Uses *u, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case ST_DECL:
    if (!vec_contains(&u->assigned, s->var))
      vec_push(&u->assigned, s->var);
    uses_expr(u, s->init, false);
    return;
  case ST_FOR:
    if (s->loop) {
      uses_target(u, &(Expr){.kind = EX_VAR, .var = s->loop->var});
      uses_expr(u, s->loop->lb, false);
      uses_expr(u, s->loop->ub, false);
      uses_expr(u, s->loop->step, false);
      uses_stmt(u, s->loop->body);
      return;
    }
    break;
  default:
    break;
  }
  uses_stmt(u, s->init_s);
  uses_expr(u, s->e, false);
  uses_expr(u, s->inc, false);
  uses_stmt(u, s->then);
  uses_stmt(u, s->els);
  uses_stmt(u, s->body);
  for (int i = 0; i < s->nitems; i++)
    uses_stmt(u, s->items[i]);
}

static bool uses_assigned(Expr *e, Vec *assigned) {
  for (int i = 0; i < assigned->len; i++)
    if (ir_expr_uses_var(e, assigned->items[i]))
      return true;
  return false;
}

/* Whether every use of r is one element whose address the statement's
 * own writes cannot move: then only those bytes need syncing.  A loop or
 * a branch is whole: an element it names may be out of range where it
 * never runs. */
static bool elements_only(Stmt *s, Uses *u, Root *r) {
  if (r->whole || (s->kind != ST_EXPR && s->kind != ST_DECL))
    return false;
  for (int i = 0; i < r->elems.len; i++)
    for (Expr *p = r->elems.items[i]; p->kind == EX_INDEX; p = p->a)
      if (ir_expr_may_read_memory(p->b) || uses_assigned(p->b, &u->assigned))
        return false;
  return !uses_assigned(r->base, &u->assigned);
}

static char *quoted(const char *s) {
  char *q = xstrdup(s);
  for (char *p = q; *p; p++)
    if (*p == '"' || *p == '\\' || *p == '\n')
      *p = ' ';
  return q;
}

char *emit_host_stmt(Stmt *s, const char *path, Buf *notes) {
  Uses u = {0};
  uses_stmt(&u, s);
  Buf b = {0};
  /* first: the syncs' __LINE__ is the statement's, for NU_PROFILE */
  buf_printf(&b, "#line %d \"%s\"\n", s->loc.line, path);
  if (notes)
    buf_printf(notes, "%s:%d: in a loop kept on the host: ", path, s->loc.line);
  if (u.escape) {
    buf_puts(&b, "  nurt_escape();\n");
    if (notes)
      buf_puts(notes, "nurt_escape() before the statement: it reaches memory other than "
                      "through an array's subscripts\n");
  }
  const char *lead = "before the statement, ";
  for (int i = 0; !u.escape && i < u.roots.len; i++) {
    Root *r = u.roots.items[i];
    char *name = quoted(r->text);
    if (elements_only(s, &u, r)) {
      Vec seen = {0};
      for (int j = 0; j < r->elems.len; j++) {
        char *e = print_expr_text(r->elems.items[j]);
        bool dup = false;
        for (int k = 0; k < seen.len && !dup; k++)
          dup = !strcmp(seen.items[k], e);
        if (dup)
          continue;
        vec_push(&seen, e);
        bool w = false;
        for (int k = j; k < r->elems.len; k++) {
          char *t = print_expr_text(r->elems.items[k]);
          w |= r->ewrites.items[k] && !strcmp(t, e);
          xfree(t);
        }
        buf_printf(&b, "  nurt_host_range_at(&(%s), sizeof(%s), %d, \"%s\", __FILE__, __LINE__);\n",
                   e, e, w, name);
        if (notes)
          buf_printf(notes, "%s%s %s (one element)", lead, w ? "writes" : "reads", e);
        lead = ", ";
      }
      xfree(seen.items);
    } else {
      buf_printf(&b, "  nurt_host_access_at(%s, %d, \"%s\", __FILE__, __LINE__);\n", r->text,
                 r->write, name);
      if (notes)
        buf_printf(notes, "%s%s %s", lead, r->write ? "writes" : "reads", r->text);
      lead = ", ";
    }
    xfree(name);
  }
  if (notes && !u.escape)
    buf_puts(notes, u.roots.len ? "\n" : "nothing: it touches scalars alone\n");
  Printer p = {.spelled = true};
  print_stmt(&p, s, 2, &b);
  return b.s;
}
