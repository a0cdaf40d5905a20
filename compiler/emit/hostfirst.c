/* hostfirst.c — the question a bare `work`'s nest asks nurt at its site:
 * may it run as written on the host, since the device has not started and
 * the program's nests have done little so far (NU_HOST_FIRST,
 * docs/runtime.md)?  Receives kernels whose work region.c estimated as boxes
 * of the stub's values; hands on a function per kernel that computes that
 * estimate from the values at the site, and the expression that sums them
 * for a site.  A site where any kernel's work is unknown asks nothing: it
 * runs on the device, as a written `work` does. */
#include "emit.h"
#include "frontend.h"

#include <string.h>

typedef struct {
  Vec params; /* StubParam*: the stub's scalars */
  Vec used;   /* StubParam* the estimate names */
  bool ok;    /* every name the estimate uses is one of them */
} WorkNames;

static void note_name(Expr *e, void *ctx) {
  WorkNames *w = ctx;
  if (e->kind != EX_VAR || !e->var)
    return;
  for (int i = 0; i < w->used.len; i++)
    if (!strcmp(((StubParam *)w->used.items[i])->name, e->var->name))
      return;
  for (int i = 0; i < w->params.len; i++) {
    StubParam *p = w->params.items[i];
    if (p->kind == SP_SCALAR && !strcmp(p->name, e->var->name)) {
      vec_push(&w->used, p);
      return;
    }
  }
  w->ok = false;
}

/* Whether the kernel's work can be asked about at its site, with the
 * stub's scalars the estimate uses. */
static bool work_names(Kernel *k, WorkNames *w) {
  *w = (WorkNames){emit_stub_params(k), {0}, true};
  /* a wavefront's or a time tile's launches sit in a host loop of their own,
   * but region.c counted the whole site: every tile or hyperplane */
  if (!k->bare || !k->work_known || !k->work.len)
    return false;
  for (int t = 0; t < k->work.len; t++) {
    WorkTerm *wt = k->work.items[t];
    for (int d = 0; d < wt->lo.len; d++) {
      ir_walk_expr(wt->lo.items[d], note_name, w);
      ir_walk_expr(wt->hi.items[d], note_name, w);
    }
  }
  return w->ok;
}

static void work_names_free(WorkNames *w) {
  xfree(w->params.items);
  xfree(w->used.items);
}

char *emit_work_function(Kernel *k) {
  WorkNames w;
  if (!work_names(k, &w)) {
    work_names_free(&w);
    return NULL;
  }
  Buf b = {0};
  buf_printf(&b,
             "/* The work of the loop nest at line %d (accesses times iterations, each "
             "access's\n   over the box of its loops, times the body's operations per access), "
             "for NU_HOST_FIRST. */\n"
             "static double nu_work_%s(",
             k->nest->loops[0]->loc.line, k->name);
  for (int i = 0; i < w.used.len; i++) {
    StubParam *p = w.used.items[i];
    buf_printf(&b, "%s%s %s", i ? ", " : "", p->type, p->name);
  }
  buf_printf(&b, "%s)\n{\n  return %.3g * (", w.used.len ? "" : "void", k->work_density);
  for (int t = 0; t < k->work.len; t++) {
    WorkTerm *wt = k->work.items[t];
    buf_printf(&b, "%s%d.0", t ? "\n    + " : "", wt->count);
    for (int d = 0; d < wt->lo.len; d++) {
      char *lo = print_expr_text(wt->lo.items[d]), *hi = print_expr_text(wt->hi.items[d]);
      buf_printf(&b, " * nurt_span(%s, %s)", lo, hi);
      xfree(lo);
      xfree(hi);
    }
  }
  buf_puts(&b, ");\n}\n");
  work_names_free(&w);
  return b.s;
}

static bool loc_before(const SrcLoc *a, const SrcLoc *b) {
  return a->file == b->file && (a->line < b->line || (a->line == b->line && a->col < b->col));
}

/* Whether variable v, visible at a later site, means the same variable at
 * `at`, an earlier point of the function: it was declared before `at` (a
 * declaration visible at the later site and made before `at` has `at`
 * inside its scope), and no other variable of its name was declared
 * between the two, which might hide it at `at` (an inner block's). */
static bool visible_at(const Var *v, const SrcLoc *at, Symtab *names) {
  if (!v->global && !v->is_param && !loc_before(&v->loc, at))
    return false;
  for (int i = 0; names && i < names->vars.len; i++) {
    Var *w = names->vars.items[i];
    if (w != v && !w->global && !strcmp(w->name, v->name) &&
        (v->global || loc_before(&v->loc, &w->loc)) && loc_before(&w->loc, at))
      return false;
  }
  return true;
}

typedef struct {
  const SrcLoc *at;
  Symtab *names;
  bool ok;
} Visible;

static void check_visible(Expr *e, void *ctx) {
  Visible *vis = ctx;
  if (e->kind == EX_VAR && e->var && !visible_at(e->var, vis->at, vis->names))
    vis->ok = false;
}

/* The value main's start knows for a stub's scalar, or NULL. */
static const char *known_value(StubParam *p, const EntryCall *known) {
  Expr *path = ((Scalar *)p->of)->path;
  return path->kind == EX_VAR && path->var ? frontend_entry_value(known, path->var->off) : NULL;
}

char *emit_work_sum(Vec *kernels, const SrcLoc *at, const EntryCall *known) {
  Buf b = {0};
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    WorkNames w;
    bool ok = work_names(k, &w);
    for (int j = 0; ok && at && j < w.used.len; j++) {
      Visible vis = {at, k->names, true};
      ir_walk_expr(((Scalar *)((StubParam *)w.used.items[j])->of)->path, check_visible, &vis);
      ok = vis.ok;
    }
    if (!ok) {
      work_names_free(&w);
      xfree(b.s);
      return NULL;
    }
    buf_printf(&b, "%snu_work_%s(", i ? " + " : "", k->name);
    for (int j = 0; j < w.used.len; j++) {
      StubParam *p = w.used.items[j];
      const char *v = known ? known_value(p, known) : p->arg;
      if (!v) {
        work_names_free(&w);
        xfree(b.s);
        return NULL;
      }
      buf_printf(&b, "%s%s", j ? ", " : "", v);
    }
    buf_puts(&b, ")");
    work_names_free(&w);
  }
  return b.s;
}

bool emit_work_asks(Kernel *k) {
  WorkNames w;
  bool ok = work_names(k, &w);
  work_names_free(&w);
  return ok;
}

bool emit_host_first_module(Vec *kernels) {
  for (int i = 0; i < kernels->len; i++)
    if (!emit_work_asks(kernels->items[i]))
      return false;
  return true;
}
