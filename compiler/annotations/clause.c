/* clause.c — what the argument of a clause names.  Receives the text of an
 * argument of size, reduce, private, firstprivate or cache (`a`, `s -> data`,
 * `( ps->acc[i] )`) and the nest; hands on the IR it names: its variables
 * the ones in scope at the nest, parentheses and spaces gone, so that the
 * analyses compare it with the kernel's paths as IR (ir_expr_equal), not as
 * text.  The grammar is that of the paths the kernels have: names, members
 * (. and ->), subscripts, integer constants, + - * and parentheses. */
#include "annotation.h"

#include <ctype.h>
#include <string.h>

typedef struct {
  AnnotCtx *cx;
  const char *s; /* the text left to read */
  SrcLoc loc;
} Reader;

static void skip_space(Reader *r) {
  while (isspace((unsigned char)*r->s))
    r->s++;
}

static bool eat(Reader *r, const char *tok) {
  skip_space(r);
  size_t n = strlen(tok);
  if (strncmp(r->s, tok, n) != 0)
    return false;
  r->s += n;
  return true;
}

static char *ident(Reader *r) {
  skip_space(r);
  const char *b = r->s;
  if (!isalpha((unsigned char)*b) && *b != '_')
    return NULL;
  while (isalnum((unsigned char)*r->s) || *r->s == '_')
    r->s++;
  return xstrndup(b, (size_t)(r->s - b));
}

typedef struct {
  const char *name;
  Var *found;
  Vec inside; /* Var*: declared in the nest, not in scope at its pragma */
} Find;

static void find_use(Expr *e, void *d) {
  Find *f = d;
  if (!f->found && e->kind == EX_VAR && strcmp(e->var->name, f->name) == 0 &&
      !vec_contains(&f->inside, e->var))
    f->found = e->var;
}

static void find_decls(Stmt *s, Vec *out) {
  if (!s)
    return;
  if (s->kind == ST_DECL)
    vec_push(out, s->var);
  if (s->loop && s->loop->declared)
    vec_push(out, s->loop->var);
  find_decls(s->init_s, out);
  find_decls(s->then, out);
  find_decls(s->els, out);
  find_decls(s->body, out);
  for (int i = 0; i < s->nitems; i++)
    find_decls(s->items[i], out);
}

Var *annot_visible_var(AnnotCtx *cx, const char *name) {
  Find f = {name, NULL, {0}};
  for (int i = 0; i < cx->pieces.len; i++)
    find_decls(cx->pieces.items[i], &f.inside);
  for (int i = 0; i < cx->pieces.len && !f.found; i++)
    ir_walk_stmt(cx->pieces.items[i], find_use, &f);
  for (int i = 0; i < cx->nest->visible.len && !f.found; i++) {
    Var *v = cx->nest->visible.items[i];
    if (strcmp(v->name, name) == 0)
      f.found = v;
  }
  xfree(f.inside.items);
  return f.found;
}

static Expr *sum(Reader *r);

/* name, integer, ( sum ), then .m ->m [sum] */
static Expr *postfix(Reader *r) {
  Expr *e = NULL;
  skip_space(r);
  if (eat(r, "(")) {
    e = sum(r);
    if (!e || !eat(r, ")"))
      return NULL;
  } else if (isdigit((unsigned char)*r->s)) {
    long long v = 0;
    while (isdigit((unsigned char)*r->s))
      v = v * 10 + (*r->s++ - '0');
    return ir_int(v, r->loc);
  } else {
    char *name = ident(r);
    Var *v = name ? annot_visible_var(r->cx, name) : NULL;
    xfree(name);
    if (!v)
      return NULL;
    e = ir_var(v, r->loc);
  }
  for (;;) {
    bool arrow = eat(r, "->");
    if (arrow || eat(r, ".")) {
      Expr *m = NEW(Expr);
      m->kind = EX_MEMBER;
      m->a = e;
      m->arrow = arrow;
      m->text = ident(r);
      m->loc = r->loc;
      if (!m->text)
        return NULL;
      e = m;
    } else if (eat(r, "[")) {
      Expr *x = NEW(Expr);
      x->kind = EX_INDEX;
      x->a = e;
      x->b = sum(r);
      x->loc = r->loc;
      if (!x->b || !eat(r, "]"))
        return NULL;
      e = x;
    } else {
      return e;
    }
  }
}

static Expr *product(Reader *r) {
  Expr *e = postfix(r);
  while (e && eat(r, "*")) {
    Expr *b = postfix(r);
    e = b ? ir_binary(OP_MUL, e, b, NULL) : NULL;
  }
  return e;
}

static Expr *sum(Reader *r) {
  Expr *e = product(r);
  for (;;) {
    skip_space(r);
    Op op = *r->s == '+' ? OP_ADD : *r->s == '-' && r->s[1] != '>' ? OP_SUB : OP_NONE;
    if (!e || op == OP_NONE)
      return e;
    r->s++;
    Expr *b = product(r);
    e = b ? ir_binary(op, e, b, NULL) : NULL;
  }
}

Expr *annot_resolve(AnnotCtx *cx, const char *text, SrcLoc loc) {
  Reader r = {cx, text, loc};
  Expr *e = sum(&r);
  skip_space(&r);
  return e && !*r.s ? e : NULL;
}
