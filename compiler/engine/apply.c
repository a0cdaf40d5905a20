/* apply.c — the engine: applies one nest's chain of annotations.
 * Receives a nest with its annotations in application order (nearest the
 * loop first); checks names and argument counts against the table
 * (registry.c), applies the annotations of loops inside the body first,
 * then the clauses, then each transformation on the main part (on each
 * main part, after fission), and hands on the kernels that `work` produced.
 * What it knows of an annotation comes from its table entry's flags. */
#include "annotation.h"
#include "transform.h"

#include <stdlib.h>
#include <string.h>

static bool check_args(const AnnotSpec *s, Annot *a) {
  if (!s->max_args && a->has_parens) {
    diag_error(a->loc, "'%s' takes no arguments", a->name);
    return false;
  }
  if (a->nargs < s->min_args) {
    diag_error(a->loc, "'%s' needs at least %d argument%s", a->name, s->min_args,
               s->min_args == 1 ? "" : "s");
    return false;
  }
  if (s->max_args >= 0 && a->nargs > s->max_args) {
    diag_error(a->args[s->max_args].loc, "'%s' takes at most %d argument%s", a->name, s->max_args,
               s->max_args == 1 ? "" : "s");
    return false;
  }
  return true;
}

static int index_of(Vec *v, void *p) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == p)
      return i;
  return -1;
}

/* Whether a main part has what the annotation transforms: as many
 * perfectly nested loops as it has arguments (one for those that take one
 * loop), and for those that work on the body a body of several statements. */
static bool fits(Stmt *piece, Annot *a, const AnnotSpec *s) {
  Loop *loops[16];
  int n = tr_chain(piece, loops, 16);
  if (s->flags & ANNOT_BODY)
    return n > 0 && loops[n - 1]->body->kind == ST_BLOCK && loops[n - 1]->body->nitems > 1;
  int need = s->flags & ANNOT_ONE_LOOP ? 1 : a->nargs;
  return n >= need;
}

/* Test-only (NUCC_TEST_BREAK_STEP=NAME, docs/runtime.md): miscompiles the
 * step NAME on purpose, its main part skipping the first iteration of its
 * outer loop, so that the tests of NU_VERIFY can check that the report
 * names the step.  The IR of earlier steps is shared: copy, never change. */
static void break_step_for_tests(AnnotCtx *cx, Annot *a) {
  const char *name = getenv("NUCC_TEST_BREAK_STEP");
  if (!name || strcmp(name, a->name) != 0 || cx->main < 0)
    return;
  Stmt *piece = cx->pieces.items[cx->main];
  if (piece->kind != ST_FOR || !piece->loop)
    return;
  Loop *l = NEW(Loop);
  *l = *piece->loop;
  l->lb = ir_binary(OP_ADD, l->lb, l->step, l->lb->type);
  Stmt *copy = NEW(Stmt);
  *copy = *piece;
  copy->loop = l;
  cx->pieces.items[cx->main] = copy;
}

/* Applies the annotation to the main part cx->main and appends the main
 * parts it leaves to `next`: those fission made, or the one left. */
static bool apply_one(AnnotCtx *cx, Annot *a, const AnnotSpec *s, Vec *next) {
  cx->split = (Vec){0};
  if (!s->apply(cx, a))
    return false;
  break_step_for_tests(cx, a);
  for (int j = 0; j < cx->split.len; j++)
    vec_push(next, cx->split.items[j]);
  if (!cx->split.len && cx->main >= 0)
    vec_push(next, cx->pieces.items[cx->main]);
  return true;
}

static int depth_of(Stmt *piece) {
  Loop *loops[16];
  return tr_chain(piece, loops, 16);
}

/* A transformation applies to the main part, or after fission to each main
 * part in turn that fits it; when none does, to the deepest, so that it
 * reports why.  The main parts it leaves are the next ones. */
static bool apply_to_mains(AnnotCtx *cx, Annot *a, const AnnotSpec *s) {
  Vec next = {0};
  if (cx->mains.len < 2) {
    if (!apply_one(cx, a, s, &next))
      return false;
  } else {
    Vec todo = cx->mains;
    bool any = false;
    int deepest = 0;
    for (int i = 0; i < todo.len; i++) {
      any |= fits(todo.items[i], a, s);
      if (depth_of(todo.items[i]) > depth_of(todo.items[deepest]))
        deepest = i;
    }
    for (int i = 0; i < todo.len; i++) {
      cx->main = index_of(&cx->pieces, todo.items[i]);
      if (any ? !fits(todo.items[i], a, s) : i != deepest)
        vec_push(&next, todo.items[i]);
      else if (!apply_one(cx, a, s, &next))
        return false;
    }
  }
  cx->mains = next.len > 1 ? next : (Vec){0};
  cx->main = next.len ? index_of(&cx->pieces, next.items[0]) : -1;
  return true;
}

/* A transformation as one step of the chain: applied to the main parts,
 * then printed with --explain and recorded. */
static bool transform(AnnotCtx *cx, Annot *a) {
  bool ok = apply_to_mains(cx, a, annot_find(a->name));
  if (ok)
    annot_explain_step(cx, a);
  return ok;
}

static bool apply_inner(AnnotCtx *outer, Stmt *s);

/* What auto.c and hostloop.c drive (annotation.h says why through a
 * pointer). */
static const AnnotEngine engine = {transform, annot_apply_all, apply_inner};

/* Loops inside the body with annotations of their own apply first; each
 * becomes the block of its pieces. */
static bool apply_inner_all(AnnotCtx *outer, Stmt *s) {
  if (!s)
    return true;
  bool ok = true;
  if (s->kind == ST_FOR && s->annots)
    return apply_inner(outer, s);
  ok &= apply_inner_all(outer, s->then);
  ok &= apply_inner_all(outer, s->els);
  ok &= apply_inner_all(outer, s->loop ? s->loop->body : s->body);
  for (int i = 0; i < s->nitems; i++)
    ok &= apply_inner_all(outer, s->items[i]);
  return ok;
}

static bool apply_inner(AnnotCtx *outer, Stmt *s) {
  AnnotCtx cx = {
      .nest = outer->nest, .explain = outer->explain, .inner = true, .inner_line = s->loc.line};
  cx.annots = *s->annots;
  Stmt *copy = NEW(Stmt);
  *copy = *s;
  copy->annots = NULL;
  vec_push(&cx.pieces, copy);
  if (!annot_apply_all(&cx))
    return false;
  /* the loop becomes its pieces, in place; one piece stays a loop, which
   * a `fuse` of the outer nest can then join with the loops beside it */
  Stmt *block = cx.pieces.len == 1 ? cx.pieces.items[0] : tr_block(&cx.pieces);
  *s = *block;
  return true;
}

/* An annotation that plans the kernel itself (ttile) takes the loop as
 * written and hands `work` the plan: a transformation before it would
 * change what it plans, one after it the loop the host runs. */
static bool check_alone(AnnotCtx *cx) {
  Annot *alone = NULL;
  for (int i = 0; i < cx->annots.len; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s && (s->flags & ANNOT_ALONE))
      alone = a;
  }
  if (!alone)
    return true;
  if (cx->inner) {
    diag_error(alone->loc,
               "%s: only on the time loop of an annotated nest, not on a loop inside one",
               alone->name);
    return false;
  }
  for (int i = 0; i < cx->annots.len; i++) {
    Annot *o = cx->annots.items[i];
    const AnnotSpec *s = annot_find(o->name);
    if (o == alone || !s || (s->flags & (ANNOT_CLAUSE | ANNOT_MAPS)))
      continue;
    diag_error(o->loc,
               "'%s' cannot be combined with %s: %s takes the time loop as written and hands "
               "work the plan of its kernel",
               o->name, alone->name, alone->name);
    return false;
  }
  return true;
}

/* Every annotation known, with its arguments, and allowed where it is;
 * all are checked, so that one compilation reports every such error. */
static bool check_annots(AnnotCtx *cx) {
  bool ok = true;
  for (int i = 0; i < cx->annots.len; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (!s) {
      diag_error(a->loc, "unknown annotation '%s'", a->name);
      ok = false;
    } else if (!check_args(s, a)) {
      ok = false;
    } else if (cx->inner && (s->flags & ANNOT_COPIES)) {
      diag_error(a->loc,
                 "'%s' on a loop inside an annotated nest: the copy is taken "
                 "before a kernel starts, so it applies to the annotated nest itself",
                 a->name);
      ok = false;
    } else if (cx->inner && (s->flags & (ANNOT_CLAUSE | ANNOT_MAPS))) {
      diag_error(a->loc,
                 "'%s' on a loop inside an annotated nest: only transformations "
                 "(permut, tile, tilem, unroll, dmine, peel, inline, fission, fuse) apply there",
                 a->name);
      ok = false;
    }
  }
  return ok;
}

/* The transformations in order, then the annotation that maps loops
 * (`work`, or without arguments the chain nucc chooses), which must be
 * last. */
static bool apply_chain(AnnotCtx *cx) {
  bool ok = true;
  for (int i = 0; i < cx->annots.len && ok; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s->flags & ANNOT_CLAUSE)
      continue;
    if (cx->work) {
      diag_error(a->loc,
                 "'%s' applies after 'work': 'work' must be the last annotation "
                 "(leftmost on the top line)",
                 a->name);
      return false;
    }
    if (!(s->flags & ANNOT_MAPS))
      ok = transform(cx, a);
    else
      ok = (a->nargs || !s->bare ? s->apply : s->bare)(cx, a);
    if (ok && (s->flags & ANNOT_MAPS))
      annot_record_step(cx, cx->work ? cx->work : a);
  }
  return ok;
}

/* What only makes sense with kernels, on a nest that has none. */
static bool check_kernels(AnnotCtx *cx) {
  if (cx->work || cx->inner)
    return true;
  for (int i = 0; i < cx->annots.len; i++) {
    Annot *a = cx->annots.items[i];
    if (annot_find(a->name)->flags & ANNOT_COPIES) {
      diag_error(a->loc, "'%s' copies arrays for the kernels of 'work', and this nest has none",
                 a->name);
      return false;
    }
  }
  if (cx->sizes.len || cx->reduces.len || cx->independent || cx->caches.len) {
    diag_error(((Annot *)cx->annots.items[0])->loc,
               "size, reduce, independent and cache are clauses of 'work', and this nest has "
               "none");
    return false;
  }
  return true;
}

bool annot_apply_all(AnnotCtx *cx) {
  Nest *n = cx->nest;
  cx->engine = &engine;
  if (!cx->pieces.len) {
    cx->annots = n->annots;
    Stmt *first = NEW(Stmt);
    first->kind = ST_FOR;
    first->loc = n->loops[0]->loc;
    first->loop = n->loops[0];
    first->body = n->loops[0]->body;
    vec_push(&cx->pieces, first);
    cx->main = 0;
  }
  if (!check_annots(cx) || !check_alone(cx))
    return false;
  bool ok = true;
  for (int i = 0; i < cx->pieces.len && ok; i++)
    ok = apply_inner_all(cx, ((Stmt *)cx->pieces.items[i])->loop->body);
  /* Clauses state facts; apply them before any transformation. */
  for (int i = 0; i < cx->annots.len && ok; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s->flags & ANNOT_CLAUSE)
      ok = s->apply(cx, a);
  }
  return ok && apply_chain(cx) && check_kernels(cx);
}
