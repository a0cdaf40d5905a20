/* registry.c — the table of annotations, and the order they apply in.
 * Receives a nest with its annotations in application order (nearest the
 * loop first); checks names and argument counts, applies the annotations of
 * loops inside the body first, then the clauses, then each transformation
 * on the main part (on each main part, after fission), and hands on the
 * kernels that `work` produced. */
#include "annotation.h"
#include "emit/emit.h"
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const AnnotSpec specs[] = {
    {"work", 0, 3, false, work_apply,
     "work(s1,...,sk): run loops 1..k as an OpenCL NDRange with these work-group sizes; "
     "work alone: nucc decides the chain"},
    {"size", 1, -1, true, size_apply,
     "size(a: n, ...): pointer a holds n elements (where subscripts do not tell)"},
    {"independent", 0, 0, true, independent_apply,
     "independent: promise that the mapped loops carry no dependence"},
    {"private", 1, -1, true, private_apply,
     "private(v, ...): scalars private to each iteration, not kept after the nest"},
    {"firstprivate", 1, -1, true, firstprivate_apply,
     "firstprivate(v, ...): as private, each copy starting from v's value before the nest"},
    {"reduce", 1, -1, true, reduce_apply,
     "reduce(OP: v, ...): v is a reduction (OP: + * min max & | ^ && ||)"},
    {"permut", 1, 16, false, permut_apply,
     "permut(p1,...,pk): the new loop j is old loop p_j (interchange)"},
    {"tile", 1, 16, false, tile_apply,
     "tile(t1,...,tk): strip-mine loops 1..k, tile loops outside: ii, jj, i, j"},
    {"tilem", 1, 16, false, tilem_apply,
     "tilem(t1,...,tk): as tile, full tiles in the main part, partial tiles apart"},
    {"unroll", 1, 16, false, unroll_apply,
     "unroll(u1,...,uk): repeat loop j's body u_j times, remainder loop after"},
    {"dmine", 1, 16, false, dmine_apply,
     "dmine(d1,...,dk): unroll-and-jam with interleaved statements (register blocking)"},
    {"peel", 2, 2, false, peel_apply,
     "peel(f, b): peel f iterations off the front, b off the back"},
    {"inline", 0, 0, false, inline_apply, "inline: fully unroll loop 1 (constant trip count)"},
    {"fission", 0, 16, false, fission_apply,
     "fission(n1,...,nk): distribute the loops over the statements of their body, one nest "
     "each, or n1 statements in the first, n2 in the next, ..."},
    {"fuse", 0, 0, false, fuse_apply,
     "fuse: fuse adjacent loops with equal headers in the body into one loop"},
    {"wavefront", 2, 16, false, wavefront_apply,
     "wavefront(c1,...,ck): run the hyperplanes c.I = w in order, the loops inside each in "
     "parallel; the host runs the loop over w"},
    {"snapshot", 1, -1, false, snapshot_apply,
     "snapshot(a, ...): reads of a that see values from before the nest read a copy of a "
     "taken before it (no anti-dependence on them)"},
    {"cache", 1, -1, true, cache_apply,
     "cache(a, ..., k: T): stage the block (and halo) a work-group reads of a in __local "
     "memory; along inner loop k, T iterations at a time (default 16)"},
};

const AnnotSpec *annot_find(const char *name) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    if (!strcmp(specs[i].name, name))
      return &specs[i];
  return NULL;
}

const AnnotSpec *annot_spec_at(int i) {
  return i >= 0 && (size_t)i < sizeof specs / sizeof *specs ? &specs[i] : NULL;
}

void annot_print_help(void) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    printf("  %s\n", specs[i].summary);
}

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

void annot_replace_main(AnnotCtx *cx, Vec *with, int main) {
  Vec out = {0};
  int new_main = -1;
  for (int i = 0; i < cx->pieces.len; i++) {
    if (i != cx->main) {
      vec_push(&out, cx->pieces.items[i]);
      continue;
    }
    for (int j = 0; j < with->len; j++) {
      if (j == main)
        new_main = out.len;
      vec_push(&out, with->items[j]);
    }
  }
  cx->pieces = out;
  cx->main = new_main;
}

int annot_main_loops(AnnotCtx *cx, Annot *a, Loop **out, int need) {
  if (cx->main < 0) {
    diag_error(a->loc,
               "'%s' has no loop left to transform: the annotation before it left no "
               "main part",
               a->name);
    return 0;
  }
  int n = tr_chain(cx->pieces.items[cx->main], out, 16);
  if (n < need) {
    SrcLoc at = a->nargs >= need && n < a->nargs ? a->args[n].loc : a->loc;
    diag_error(at, "%s(...) needs %d loop%s, but the nest has %d perfectly nested canonical loop%s",
               a->name, need, need == 1 ? "" : "s", n, n == 1 ? "" : "s");
    return 0;
  }
  return n;
}

bool annot_int_args(Annot *a, long long *out, const char *what) {
  for (int i = 0; i < a->nargs; i++) {
    if (!pragma_arg_int(&a->args[i], &out[i])) {
      diag_error(a->args[i].loc, "%s(...): '%s' must be an integer constant (%s)", a->name,
                 a->args[i].text, what);
      return false;
    }
    if (out[i] < 1) {
      diag_error(a->args[i].loc, "%s(...): %lld must be at least 1", a->name, out[i]);
      return false;
    }
  }
  return true;
}

static int index_of(Vec *v, void *p) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == p)
      return i;
  return -1;
}

void annot_print_pieces(AnnotCtx *cx, Buf *b, int depth) {
  tidy_print(cx->nest->names, &cx->pieces, cx->main, &cx->mains, b, depth,
             ""); /* as a textbook prints it */
}

static void explain_step(AnnotCtx *cx, Annot *a) {
  Buf b = {0};
  buf_printf(&b, "-- after %s", a->name);
  if (a->has_parens) {
    buf_puts(&b, "(");
    for (int i = 0; i < a->nargs; i++)
      buf_printf(&b, "%s%s%s%s", i ? "," : "", a->args[i].key ? a->args[i].key : "",
                 a->args[i].key ? ": " : "", a->args[i].text);
    buf_puts(&b, ")");
  }
  buf_puts(&b, ":\n");
  annot_print_pieces(cx, &b, 0);
  fputs(b.s, stdout);
  xfree(b.s);
}

/* Whether a main part has what the annotation transforms: as many
 * perfectly nested loops as it has arguments (one for peel and inline),
 * and for fission and fuse a body of several statements. */
static bool fits(Stmt *piece, Annot *a) {
  Loop *loops[16];
  int n = tr_chain(piece, loops, 16);
  if (!strcmp(a->name, "fission") || !strcmp(a->name, "fuse"))
    return n > 0 && loops[n - 1]->body->kind == ST_BLOCK && loops[n - 1]->body->nitems > 1;
  int need = !strcmp(a->name, "peel") || !strcmp(a->name, "inline") || !strcmp(a->name, "snapshot")
                 ? 1
                 : a->nargs;
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
      any |= fits(todo.items[i], a);
      if (depth_of(todo.items[i]) > depth_of(todo.items[deepest]))
        deepest = i;
    }
    for (int i = 0; i < todo.len; i++) {
      cx->main = index_of(&cx->pieces, todo.items[i]);
      if (any ? !fits(todo.items[i], a) : i != deepest)
        vec_push(&next, todo.items[i]);
      else if (!apply_one(cx, a, s, &next))
        return false;
    }
  }
  cx->mains = next.len > 1 ? next : (Vec){0};
  cx->main = next.len ? index_of(&cx->pieces, next.items[0]) : -1;
  return true;
}

/* --explain=html: the pieces after this step (the Vecs are copied; the IR
 * they point to is never changed once built). */
static void record_step(AnnotCtx *cx, Annot *a) {
  if (!cx->steps || cx->inner)
    return;
  ExplainStep *st = NEW(ExplainStep);
  st->annot = a;
  st->main = cx->main;
  for (int i = 0; i < cx->pieces.len; i++)
    vec_push(&st->pieces, cx->pieces.items[i]);
  for (int i = 0; i < cx->mains.len; i++)
    vec_push(&st->mains, cx->mains.items[i]);
  vec_push(cx->steps, st);
}

void annot_after_step(AnnotCtx *cx, Annot *a) {
  if (cx->explain)
    explain_step(cx, a);
  record_step(cx, a);
}

bool annot_transform(AnnotCtx *cx, Annot *a) {
  bool ok = apply_to_mains(cx, a, annot_find(a->name));
  if (ok)
    annot_after_step(cx, a);
  return ok;
}

void annot_explain_nest(const char *path, Nest *n) {
  printf("== %s:%d: nest of %d loop%s\n-- as written:\n", path, n->loops[0]->loc.line, n->depth,
         n->depth == 1 ? "" : "s");
  Printer p = {.spelled = true};
  Buf b = {0};
  Stmt s = {.kind = ST_FOR, .loop = n->loops[0], .body = n->loops[0]->body};
  print_stmt(&p, &s, 0, &b);
  fputs(b.s, stdout);
  xfree(b.s);
}

void annot_explain_kernels(AnnotCtx *cx) {
  if (!cx->kernels.len || cx->hostloop)
    return;
  bool fp64;
  char *prog = emit_opencl_program(&cx->kernels, true, &fp64);
  printf("-- after work(");
  for (int i = 0; i < cx->work->nargs; i++)
    printf("%s%s", i ? "," : "", cx->work->args[i].text);
  printf("): OpenCL kernel%s\n%s", cx->kernels.len > 1 ? "s" : "", prog);
  xfree(prog);
}

static bool apply_inner(AnnotCtx *outer, Stmt *s);

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
  AnnotCtx cx = {.nest = outer->nest, .explain = outer->explain, .inner = true};
  cx.annots = *s->annots;
  Stmt *copy = NEW(Stmt);
  *copy = *s;
  copy->annots = NULL;
  vec_push(&cx.pieces, copy);
  if (!annot_apply_all(&cx))
    return false;
  /* the loop becomes its pieces, in place */
  Stmt *block = tr_block(&cx.pieces);
  *s = *block;
  return true;
}

bool annot_apply_all(AnnotCtx *cx) {
  Nest *n = cx->nest;
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
  bool ok = true;
  for (int i = 0; i < cx->annots.len; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (!s) {
      diag_error(a->loc, "unknown annotation '%s'", a->name);
      ok = false;
    } else if (!check_args(s, a)) {
      ok = false;
    } else if (cx->inner && !strcmp(s->name, "snapshot")) {
      diag_error(a->loc, "'snapshot' on a loop inside an annotated nest: the copy is taken "
                         "before a kernel starts, so it applies to the annotated nest itself");
      ok = false;
    } else if (cx->inner && (s->clause || !strcmp(s->name, "work"))) {
      diag_error(a->loc,
                 "'%s' on a loop inside an annotated nest: only transformations "
                 "(permut, tile, tilem, unroll, dmine, peel, inline, fission, fuse) apply there",
                 a->name);
      ok = false;
    }
  }
  if (!ok)
    return false;
  for (int i = 0; i < cx->pieces.len && ok; i++)
    ok = apply_inner_all(cx, ((Stmt *)cx->pieces.items[i])->loop->body);
  /* Clauses state facts; apply them before any transformation. */
  for (int i = 0; i < cx->annots.len && ok; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s->clause)
      ok = s->apply(cx, a);
  }
  for (int i = 0; i < cx->annots.len && ok; i++) {
    Annot *a = cx->annots.items[i];
    const AnnotSpec *s = annot_find(a->name);
    if (s->clause)
      continue;
    if (cx->work) {
      diag_error(a->loc,
                 "'%s' applies after 'work': 'work' must be the last annotation "
                 "(leftmost on the top line)",
                 a->name);
      return false;
    }
    if (s->apply != work_apply)
      ok = annot_transform(cx, a);
    else if (a->nargs)
      ok = work_apply(cx, a);
    else
      ok = auto_apply(cx, a);
    if (ok && s->apply == work_apply)
      record_step(cx, cx->work ? cx->work : a);
  }
  for (int i = 0; i < cx->annots.len && ok && !cx->work && !cx->inner; i++) {
    Annot *a = cx->annots.items[i];
    if (!strcmp(a->name, "snapshot")) {
      diag_error(a->loc, "'snapshot' copies arrays for the kernels of 'work', and this nest has "
                         "none");
      ok = false;
    }
  }
  if (ok && !cx->work && !cx->inner &&
      (cx->sizes.len || cx->reduces.len || cx->independent || cx->caches.len)) {
    diag_error(((Annot *)cx->annots.items[0])->loc,
               "size, reduce, independent and cache are clauses of 'work', and this nest has "
               "none");
    ok = false;
  }
  return ok;
}
