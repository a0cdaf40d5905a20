/* iterspace.c — the iteration space of a nest at small sizes, by running
 * its pieces.  Receives the pieces after one step, whose bodies hold the
 * copies of a `visit` statement (`i, j;`, the original indices as each copy
 * sees them), and values for the parameters; interprets the loops' integer
 * bounds and hands on, per original iteration, its piece, visit order and
 * group (work-group, tile or copy), plus the dependences between iterations
 * found by evaluating the original body's subscripts.  For --explain=html. */
#include "iterspace.h"

#include <stdlib.h>
#include <string.h>

/* Iterations interpreted per step before giving up: a picture of more
 * cells would not be read anyway. */
#define ITER_LIMIT 200000

typedef struct Frame {
  Var *var;
  long long value, count;
} Frame;

typedef struct Run {
  IterParams *params;
  Vec frames; /* Frame*, outer first, of the current piece */
  IterSpace *out;
  int piece;
  long long steps;
  Var **orig;
  int depth;
  const char *kind; /* the step's annotation, NULL for the nest as written */
  long long wg[3];
  int nwg;
  bool failed;
  Vec locals; /* Var* the body declares: values it computes, unknown here */
} Run;

long long iter_param(IterParams *ps, const char *name, bool *found) {
  for (int i = 0; i < ps->names.len; i++)
    if (!strcmp(ps->names.items[i], name)) {
      if (found)
        *found = true;
      return ps->values[i];
    }
  if (found)
    *found = false;
  /* a parameter not given gets the default, once, and the page says so */
  for (int i = 0; i < ps->defaulted.len; i++)
    if (!strcmp(ps->defaulted.items[i], name))
      return IT_DEFAULT_SIZE;
  vec_push(&ps->defaulted, xstrdup(name));
  return IT_DEFAULT_SIZE;
}

bool iter_parse_params(const char *text, IterParams *ps, char **why) {
  *ps = (IterParams){0};
  if (!text)
    return true;
  int cap = 1;
  for (const char *p = text; *p; p++)
    cap += *p == ',';
  ps->values = xcalloc((size_t)cap, sizeof(long long));
  const char *p = text;
  while (*p) {
    size_t len = strcspn(p, ",");
    char *item = xstrndup(p, len);
    char *eq = strchr(item, '='), *end;
    long long v = eq ? strtoll(eq + 1, &end, 10) : 0;
    if (!eq || eq == item || !eq[1] || *end) {
      *why = xformat("'%s' is not NAME=INTEGER", item);
      return false;
    }
    *eq = '\0';
    ps->values[ps->names.len] = v;
    vec_push(&ps->names, item);
    p += len + (p[len] == ',');
  }
  return true;
}

static Frame *frame_of(Run *r, Var *v) {
  for (int i = r->frames.len - 1; i >= 0; i--) {
    Frame *f = r->frames.items[i];
    if (f->var == v)
      return f;
  }
  return NULL;
}

/* The value of an integer expression over the loops entered and the
 * parameters; false for what it cannot know (array elements, calls). */
static bool eval(Run *r, Expr *e, long long *v) {
  long long a, b;
  switch (e->kind) {
  case EX_INT:
    *v = e->ival;
    return true;
  case EX_VAR: {
    Frame *f = frame_of(r, e->var);
    if (f) {
      *v = f->value;
      return true;
    }
    if (!type_is_integer(e->var->type))
      return false;
    for (int i = 0; i < r->locals.len; i++)
      if (r->locals.items[i] == e->var)
        return false;
    bool found;
    *v = iter_param(r->params, e->var->name, &found);
    return true;
  }
  case EX_MEMBER: /* an invariant member path (m->rows) is a parameter too */
    if (!e->type || !type_is_integer(e->type) || !ir_path_root(e))
      return false;
    *v = iter_param(r->params, print_expr_text(e), NULL);
    return true;
  case EX_CAST:
    return type_is_integer(e->type) && eval(r, e->a, v);
  case EX_UNARY:
    if (!eval(r, e->a, &a))
      return false;
    if (e->op == OP_NEG)
      *v = -a;
    else if (e->op == OP_PLUS)
      *v = a;
    else if (e->op == OP_NOT)
      *v = !a;
    else
      return false;
    return true;
  case EX_COND:
    if (!eval(r, e->a, &a))
      return false;
    return eval(r, a ? e->b : e->c, v);
  case EX_BINARY:
    if (!eval(r, e->a, &a) || !eval(r, e->b, &b))
      return false;
    if (op_fold_arith(e->op, a, b, v))
      return true;
    switch (e->op) {
    case OP_LT:
      *v = a < b;
      return true;
    case OP_GT:
      *v = a > b;
      return true;
    case OP_LE:
      *v = a <= b;
      return true;
    case OP_GE:
      *v = a >= b;
      return true;
    case OP_EQ:
      *v = a == b;
      return true;
    case OP_NE:
      *v = a != b;
      return true;
    case OP_LAND:
      *v = a && b;
      return true;
    case OP_LOR:
      *v = a || b;
      return true;
    default:
      return false;
    }
  default:
    return false;
  }
}

static bool has_visit(Stmt *s) {
  if (!s)
    return false;
  if (s->visit)
    return true;
  if (has_visit(s->then) || has_visit(s->els) || has_visit(s->loop ? s->loop->body : s->body))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (has_visit(s->items[i]))
      return true;
  return false;
}

static void flatten_comma(Expr *e, Vec *out) {
  if (e->kind == EX_BINARY && e->op == OP_COMMA) {
    flatten_comma(e->a, out);
    flatten_comma(e->b, out);
  } else {
    vec_push(out, e);
  }
}

static bool is_orig(Run *r, Var *v) {
  for (int d = 0; d < r->depth; d++)
    if (r->orig[d] == v)
      return true;
  return false;
}

/* What the colour of this iteration tells at this step, as text. */
static char *group_of(Run *r, long long *orig) {
  Buf b = {0};
  buf_puts(&b, "");
  if (!r->kind)
    return b.s;
  if (!strcmp(r->kind, "work")) {
    buf_printf(&b, "work-group (");
    for (int d = 0; d < r->nwg && d < r->frames.len; d++) {
      Frame *f = r->frames.items[d];
      buf_printf(&b, "%s%lld", d ? ", " : "", f->count / (r->wg[d] > 0 ? r->wg[d] : 1));
    }
    buf_puts(&b, ")");
  } else if (!strcmp(r->kind, "tile") || !strcmp(r->kind, "tilem")) {
    buf_puts(&b, "tile (");
    int n = 0;
    for (int i = 0; i < r->frames.len; i++) {
      Frame *f = r->frames.items[i];
      if (!is_orig(r, f->var))
        buf_printf(&b, "%s%s = %lld", n++ ? ", " : "", f->var->name, f->value);
    }
    buf_puts(&b, ")");
  } else if (!strcmp(r->kind, "unroll") || !strcmp(r->kind, "dmine")) {
    buf_puts(&b, "copy (");
    for (int d = 0; d < r->depth; d++) {
      Frame *f = frame_of(r, r->orig[d]);
      buf_printf(&b, "%s%s + %lld", d ? ", " : "", r->orig[d]->name, f ? orig[d] - f->value : 0);
    }
    buf_puts(&b, ")");
  }
  return b.s;
}

static void record(Run *r, Stmt *s) {
  Vec vals = {0};
  flatten_comma(s->e, &vals);
  if (vals.len != r->depth) {
    r->failed = true;
    return;
  }
  IterVisit *v = NEW(IterVisit);
  v->orig = xcalloc((size_t)r->depth, sizeof(long long));
  for (int d = 0; d < r->depth; d++)
    if (!eval(r, vals.items[d], &v->orig[d])) {
      r->failed = true;
      return;
    }
  v->piece = r->piece;
  v->order = r->out->visits.len;
  v->group = group_of(r, v->orig);
  vec_push(&r->out->visits, v);
}

static void run_stmt(Run *r, Stmt *s) {
  if (!s || r->failed || !has_visit(s))
    return;
  if (s->visit) {
    record(r, s);
    return;
  }
  switch (s->kind) {
  case ST_BLOCK:
    for (int i = 0; i < s->nitems; i++)
      run_stmt(r, s->items[i]);
    return;
  case ST_IF: {
    long long c;
    if (!eval(r, s->e, &c)) { /* transformations make no ifs: a body's own */
      r->failed = true;
      return;
    }
    run_stmt(r, c ? s->then : s->els);
    return;
  }
  case ST_FOR: {
    Loop *l = s->loop;
    long long lb, ub, st;
    if (!l || !eval(r, l->lb, &lb) || !eval(r, l->step, &st) || !st) {
      r->failed = true;
      r->out->why = xformat("the bounds of loop '%s' are not integer expressions of the indices "
                            "and parameters (%s)",
                            l ? l->var->name : "?", l ? print_expr_text(l->lb) : "a for loop");
      return;
    }
    Frame *f = NEW(Frame);
    f->var = l->var;
    vec_push(&r->frames, f);
    for (long long x = lb, n = 0;; x += st, n++) {
      f->value = x;
      if (!eval(r, l->ub, &ub)) {
        r->failed = true;
        r->out->why = xformat("the bound '%s' of loop '%s' is not an integer expression of the "
                              "indices and parameters",
                              print_expr_text(l->ub), l->var->name);
        break;
      }
      bool in = l->rel == REL_LT   ? x < ub
                : l->rel == REL_LE ? x <= ub
                : l->rel == REL_GT ? x > ub
                : l->rel == REL_GE ? x >= ub
                                   : x != ub;
      if (!in || r->failed)
        break;
      if (++r->steps > ITER_LIMIT) {
        r->failed = true;
        r->out->why = xformat("more than %d iterations: pick smaller sizes", ITER_LIMIT);
        break;
      }
      f->count = n;
      run_stmt(r, l->body);
    }
    r->frames.len--;
    return;
  }
  default:
    r->failed = true; /* a while or do loop around the body */
    return;
  }
}

bool iter_run(Vec *pieces, Nest *nest, Annot *step, IterParams *params, IterSpace *out) {
  *out = (IterSpace){0};
  Run r = {.params = params, .out = out, .depth = nest->depth};
  r.orig = xcalloc((size_t)nest->depth, sizeof(Var *));
  for (int d = 0; d < nest->depth; d++)
    r.orig[d] = nest->loops[d]->var;
  r.kind = step ? step->name : NULL;
  if (step && !strcmp(step->name, "work")) {
    r.nwg = step->nargs < 3 ? step->nargs : 3;
    for (int d = 0; d < r.nwg; d++) {
      long long v;
      bool found = true;
      if (!pragma_arg_int(&step->args[d], &v))
        v = iter_param(params, step->args[d].text, &found);
      r.wg[d] = v;
    }
  }
  for (int p = 0; p < pieces->len && !r.failed; p++) {
    r.piece = p;
    r.frames.len = 0;
    run_stmt(&r, pieces->items[p]);
  }
  if (r.failed && !out->why)
    out->why = xstrdup("the loops could not be run at these sizes (a bound that is not an "
                       "integer expression of the indices and parameters)");
  return !r.failed;
}

/* --- dependences -------------------------------------------------------------- */

typedef struct Acc {
  Expr *e; /* the outermost EX_INDEX */
  bool write;
} Acc;

static void add_acc(Vec *out, Expr *e, bool write) {
  Acc *a = NEW(Acc);
  a->e = e;
  a->write = write;
  vec_push(out, a);
}

/* Array accesses of an expression; `write` for the target of an assignment. */
static void accesses(Expr *e, bool write, Vec *out) {
  if (!e)
    return;
  if (e->kind == EX_INDEX) {
    add_acc(out, e, write);
    if (write) /* a compound assignment also reads; subscripts are reads */
      add_acc(out, e, false);
    for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
      accesses(x->b, false, out);
    return;
  }
  if (e->kind == EX_BINARY && op_is_assign(e->op)) {
    accesses(e->a, true, out);
    accesses(e->b, false, out);
    return;
  }
  if (e->kind == EX_UNARY &&
      (e->op == OP_PREINC || e->op == OP_PREDEC || e->op == OP_POSTINC || e->op == OP_POSTDEC)) {
    accesses(e->a, true, out);
    return;
  }
  accesses(e->a, false, out);
  accesses(e->b, false, out);
  accesses(e->c, false, out);
  for (int i = 0; i < e->nargs; i++)
    accesses(e->args[i], false, out);
}

/* The accesses of the body outside inner loops (their indices are not
 * iterations of the picture). */
static void stmt_accesses(Stmt *s, Vec *out) {
  if (!s || s->visit || s->kind == ST_FOR || s->kind == ST_WHILE || s->kind == ST_DO)
    return;
  accesses(s->e, false, out);
  if (s->kind == ST_DECL)
    accesses(s->init, false, out);
  stmt_accesses(s->then, out);
  stmt_accesses(s->els, out);
  for (int i = 0; i < s->nitems; i++)
    stmt_accesses(s->items[i], out);
}

static void body_locals(Stmt *s, Vec *out) {
  if (!s)
    return;
  if (s->kind == ST_DECL)
    vec_push(out, s->var);
  if (s->loop)
    vec_push(out, s->loop->var);
  body_locals(s->init_s, out);
  body_locals(s->then, out);
  body_locals(s->els, out);
  body_locals(s->loop ? s->loop->body : s->body, out);
  for (int i = 0; i < s->nitems; i++)
    body_locals(s->items[i], out);
}

/* "a[3][4]" for an access at the iteration whose indices are in r's frames. */
static char *element(Run *r, Expr *e) {
  Buf b = {0};
  Expr *x = e;
  Vec subs = {0};
  for (; x->kind == EX_INDEX; x = x->a)
    vec_push(&subs, x->b);
  if (x->kind != EX_VAR)
    return NULL;
  buf_puts(&b, x->var->name);
  for (int i = subs.len - 1; i >= 0; i--) {
    long long v;
    if (!eval(r, subs.items[i], &v))
      return NULL;
    buf_printf(&b, "[%lld]", v);
  }
  return b.s;
}

typedef struct Last {
  char *elem;
  int visit; /* the last iteration that touched it */
  bool wrote;
} Last;

/* The elements touched so far, by name: a hash table of chains, since a
 * picture may hold thousands of iterations. */
#define ELEM_BUCKETS 4096

static Last *last_of(Vec *buckets, const char *elem, bool *fresh) {
  unsigned h = 2166136261u;
  for (const char *p = elem; *p; p++)
    h = (h ^ (unsigned char)*p) * 16777619u;
  Vec *b = &buckets[h % ELEM_BUCKETS];
  for (int i = 0; i < b->len; i++)
    if (!strcmp(((Last *)b->items[i])->elem, elem)) {
      *fresh = false;
      return b->items[i];
    }
  Last *l = NEW(Last);
  l->elem = xstrdup(elem);
  vec_push(b, l);
  *fresh = true;
  return l;
}

void iter_deps(Nest *nest, IterParams *params, IterSpace *sp, bool (*keep)(IterVisit *v, void *ctx),
               void *ctx) {
  Vec accs = {0};
  stmt_accesses(nest->loops[nest->depth - 1]->body, &accs);
  Run r = {.params = params, .depth = nest->depth};
  body_locals(nest->loops[nest->depth - 1]->body, &r.locals);
  Vec *buckets = xcalloc(ELEM_BUCKETS, sizeof(Vec));
  for (int v = 0; v < sp->visits.len; v++) {
    IterVisit *it = sp->visits.items[v];
    if (keep && !keep(it, ctx))
      continue;
    r.frames.len = 0;
    for (int d = 0; d < nest->depth; d++) {
      Frame *f = NEW(Frame);
      f->var = nest->loops[d]->var;
      f->value = it->orig[d];
      vec_push(&r.frames, f);
    }
    for (int a = 0; a < accs.len; a++) {
      Acc *acc = accs.items[a];
      char *el = element(&r, acc->e);
      if (!el)
        continue;
      bool fresh;
      Last *l = last_of(buckets, el, &fresh);
      if (fresh) {
        l->visit = v;
        l->wrote = acc->write;
        continue;
      }
      /* the previous toucher of this element and this one conflict when
       * either writes: the later must stay after the earlier */
      if (l->visit != v && (l->wrote || acc->write)) {
        bool dup = false;
        for (int i = 0; i < sp->deps.len && !dup; i++) {
          IterDep *d = sp->deps.items[i];
          dup = d->from == l->visit && d->to == v;
        }
        if (!dup && sp->deps.len < IT_MAX_ARROWS) {
          IterDep *d = NEW(IterDep);
          d->from = l->visit;
          d->to = v;
          d->what = xformat("%s (%s)", el,
                            l->wrote && acc->write ? "write after write"
                            : l->wrote             ? "read after write"
                                                   : "write after read");
          vec_push(&sp->deps, d);
        } else if (!dup) {
          sp->deps_left_out++;
        }
      }
      if (l->visit != v) {
        l->visit = v;
        l->wrote = acc->write;
      } else {
        l->wrote |= acc->write;
      }
    }
  }
}
