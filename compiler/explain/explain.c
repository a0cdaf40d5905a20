/* explain.c — --explain's text and the record of the steps: the nest as
 * written, the pieces after each step, the OpenCL program `work` made.
 * Receives an AnnotCtx from the engine (apply.c), auto.c and hostloop.c
 * after each step; prints to stdout, and hands on the steps recorded in
 * AnnotCtx.steps (--explain=html's page, NU_VERIFY's step-by-step check). */
#include "annotation.h"
#include "emit.h"

#include <stdio.h>

static void print_pieces(AnnotCtx *cx, Buf *b, int depth) {
  tidy_print(cx->nest->names, &cx->pieces, cx->main, &cx->mains, b, depth,
             ""); /* as a textbook prints it */
}

static void print_step(AnnotCtx *cx, Annot *a) {
  Buf b = {0};
  buf_puts(&b, "-- after ");
  if (a->from)
    buf_printf(&b, "%s \u2192 ", a->from);
  pragma_spell(a, &b);
  if (cx->inner && cx->inner_line) /* the nest's own steps follow: say which loop this was */
    buf_printf(&b, " on the loop at line %d", cx->inner_line);
  buf_puts(&b, ":\n");
  print_pieces(cx, &b, 0);
  fputs(b.s, stdout);
  xfree(b.s);
}

/* The Vecs are copied; the IR they point to is never changed once built. */
void annot_record_step(AnnotCtx *cx, Annot *a) {
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

void annot_explain_step(AnnotCtx *cx, Annot *a) {
  if (cx->explain)
    print_step(cx, a);
  annot_record_step(cx, a);
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
