/* driver.c — the pipeline: front end → annotations → printers → output.
 * Receives the options main.c parsed (or a fuzz target made); reads the
 * input, translates it, and writes the output with outfile.c (complete or
 * absent, never half-written).  Hands back the exit status. */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"
#include "analysis.h"
#include "annotation.h"
#include "clcheck.h"
#include "compdb.h"
#include "depfile.h"
#include "emit.h"
#include "frontend.h"
#include "hostsync.h"
#include "iterspace.h"
#include "outfile.h"
#include "rewrite.h"
#include "transform.h"

#include <errno.h>
#include <stdint.h>

#ifndef NUCC_OMP_INSTALLED
#define NUCC_OMP_INSTALLED ""
#endif
#ifndef NUCC_OMP_INCLUDE
#define NUCC_OMP_INCLUDE ""
#endif
/* where nurt.h is, for the host C check; builds without it (the fuzz
 * targets) find none and skip that check */
#ifndef NUCC_NURT_INSTALLED
#define NUCC_NURT_INSTALLED ""
#endif
#ifndef NUCC_NURT_INCLUDE
#define NUCC_NURT_INCLUDE ""
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The whole file, or NULL with *why saying what went wrong. */
static char *read_file(const char *path, size_t *len, const char **why) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    *why = strerror(errno);
    return NULL;
  }
  Buf b = {0};
  char chunk[65536];
  size_t n;
  buf_puts(&b, "");
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (memchr(chunk, '\0', n)) {
      *why = "it holds NUL bytes: not C source";
      fclose(f);
      xfree(b.s);
      return NULL;
    }
    char *s = xstrndup(chunk, n);
    buf_puts(&b, s);
    xfree(s);
  }
  if (ferror(f)) { /* a directory opens, then fails to read (EISDIR) */
    *why = strerror(errno);
    fclose(f);
    xfree(b.s);
    return NULL;
  }
  fclose(f);
  *len = b.len;
  return b.s;
}

static bool same_file(const char *a, const char *b) {
  struct stat x, y;
  return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* The line of each offset, counted on from the previous one: nests come in
 * file order, so the whole file is scanned once, not once per nest. */
typedef struct LineCounter {
  const char *text;
  unsigned at;
  int line;
} LineCounter;

static int line_at(LineCounter *lc, unsigned off) {
  if (off < lc->at) {
    lc->at = 0;
    lc->line = 1;
  }
  for (; lc->at < off && lc->text[lc->at]; lc->at++)
    lc->line += lc->text[lc->at] == '\n';
  return lc->line;
}

/* The statement that tells the pictures which original iteration a copy of
 * the body runs: `i, j;` at the top of the nest's innermost body, which the
 * transformations copy with the indices substituted (Stmt.visit). */
static void add_visit(Nest *n) {
  Loop *in = n->loops[n->depth - 1];
  if (in->seq) /* OpenMP's block of loops: no index, and it holds only loops */
    return;
  Expr *e = ir_var(n->loops[0]->var, n->loops[0]->loc);
  for (int d = 1; d < n->depth; d++)
    e = ir_binary(OP_COMMA, e, ir_var(n->loops[d]->var, n->loops[d]->loc), n->loops[d]->var->type);
  Stmt *visit = NEW(Stmt);
  visit->kind = ST_EXPR;
  visit->e = e;
  visit->visit = true;
  visit->loc = in->loc;
  Vec items = {0};
  vec_push(&items, visit);
  if (in->body->kind == ST_BLOCK)
    for (int i = 0; i < in->body->nitems; i++)
      vec_push(&items, in->body->items[i]);
  else
    vec_push(&items, in->body);
  in->body = tr_block(&items);
}

/* --explain=html: every nest through its annotations, each step recorded,
 * then the page written to the output. */
static char *explain_html(const Options *o, Source *src) {
  IterParams params;
  char *why = NULL;
  if (!iter_parse_params(o->explain_size, &params, &why)) {
    diag_plain("--explain-size: %s", why);
    return NULL;
  }
  Vec nests = {0}, steps = {0};
  for (int i = 0; i < src->nests.len; i++) {
    Nest *n = src->nests.items[i];
    add_visit(n);
    Vec *st = NEW(Vec);
    ExplainStep *first = NEW(ExplainStep);
    Stmt *s = tr_for(n->loops[0]);
    vec_push(&first->pieces, s);
    vec_push(st, first);
    AnnotCtx cx = {.nest = n, .steps = st};
    unsigned was = diag_set_owner(n->for_begin + 1);
    bool applied = annot_apply_all(&cx);
    diag_set_owner(was);
    if (!applied)
      continue; /* the diagnostics say why; the page shows the others */
    vec_push(&nests, n);
    vec_push(&steps, st);
  }
  if (diag_errors())
    return NULL;
  return emit_explain_html(src->path, &nests, &steps, &params);
}

/* Kernels are named after their function and the line of their loop; two
 * loops on one line (the nests of a compact time loop's body that a bare
 * `work` keeps on the host) add the column, then a count. */
static void unique_kernel_name(Vec *kernels, Kernel *k) {
  for (int tries = 0;; tries++) {
    bool taken = false;
    for (int i = 0; i < kernels->len && !taken; i++)
      taken = !strcmp(((Kernel *)kernels->items[i])->name, k->name);
    if (!taken)
      return;
    char *name = tries ? xformat("%s_%d", k->name, tries)
                       : xformat("%s_c%d", k->name, k->mapped[0]->loc.col);
    k->name = name;
  }
}

/* The nest as sequential C after its transformations, in a block. */
static char *seq_text(AnnotCtx *cx, bool *copies) {
  Buf b = {0}, post = {0};
  buf_puts(&b, "{\n");
  buf_puts(&post, "");
  *copies |= emit_snapshot_copies(&cx->pieces, &b, &post);
  tidy_print(cx->nest->names, &cx->pieces, cx->main, &cx->mains, &b, 1, "nu_");
  buf_puts(&b, post.s);
  buf_puts(&b, "}");
  xfree(post.s);
  return b.s;
}

/* For NU_VERIFY: the label ("dmine(2,2)") and the sequential C of the nest
 * after each transformation step, alternating; `work` is no step. */
static Vec verify_steps(AnnotCtx *cx) {
  Vec out = {0};
  for (int i = 0; cx->steps && i < cx->steps->len; i++) {
    ExplainStep *st = cx->steps->items[i];
    if (!st->annot || cx->work == st->annot || !strcmp(st->annot->name, "work"))
      continue;
    Annot *a = st->annot;
    Buf label = {0};
    buf_puts(&label, a->name);
    if (a->has_parens) {
      buf_puts(&label, "(");
      for (int j = 0; j < a->nargs; j++)
        buf_printf(&label, "%s%s", j ? "," : "", a->args[j].text);
      buf_puts(&label, ")");
    }
    /* the label goes into a C string */
    for (char *p = label.s; *p; p++)
      if (*p == '"' || *p == '\\' || *p == '\n')
        *p = ' ';
    Buf code = {0};
    buf_puts(&code, "{\n");
    emit_snapshot_decls(&st->pieces, &code);
    tidy_print(cx->nest->names, &st->pieces, st->main, &st->mains, &code, 1, "nu_");
    buf_puts(&code, "}");
    vec_push(&out, label.s);
    vec_push(&out, code.s);
  }
  return out;
}

/* The first of the pragma lines (PragmaLine*, in source order) that starts
 * at or after off. */
static int first_line_from(const Vec *lines, unsigned off) {
  int lo = 0, hi = lines->len;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (((PragmaLine *)lines->items[mid])->begin < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The end of the physical line that starts at b, its newline excluded. */
static unsigned line_end(Source *src, unsigned b, unsigned limit) {
  const char *nl = memchr(src->text + b, '\n', limit - b);
  return nl ? (unsigned)(nl - src->text) : limit;
}

/* `#pragma nu` lines inside a nest's original text become blank lines (the
 * host-mode copy runs untransformed; cc would warn about them), those in
 * regions #if skipped too.  `original` is the text of [for_begin, end). */
static void blank_pragmas(Source *src, Nest *n, char *original) {
  const Vec *sets[] = {&src->pragmas, &src->skipped_nu};
  for (int s = 0; s < 2; s++)
    for (int i = first_line_from(sets[s], n->for_begin); i < sets[s]->len; i++) {
      PragmaLine *p = sets[s]->items[i];
      if (p->begin >= n->end)
        break;
      if ((p->omp && !p->acc)    /* cc without -fopenmp ignores it */
          || p->begin == p->end) /* --openacc: a kernels region's loop, no line of its own */
        continue;
      memset(original + (p->begin - n->for_begin), ' ', line_end(src, p->begin, n->end) - p->begin);
    }
}

/* The pragma lines of a nest, for a comment at its call; not the comments
 * or blank lines between them and the loop, nor lines a directive keeps
 * apart (the nest then starts at its `for`). */
static char *pragma_lines(Source *src, Nest *n) {
  Buf pragmas = {0};
  buf_puts(&pragmas, "");
  for (int i = first_line_from(&src->pragmas, n->begin); i < src->pragmas.len; i++) {
    PragmaLine *p = src->pragmas.items[i];
    if (p->begin >= n->for_begin)
      break;
    unsigned b = p->begin, e = line_end(src, p->begin, n->for_begin);
    while (b < e && (src->text[b] == ' ' || src->text[b] == '\t'))
      b++;
    if (e < n->for_begin)
      e++; /* the newline */
    char *line = xstrndup(src->text + b, e - b);
    for (char *q = line; *q; q++)
      if (q[0] == '*' && q[1] == '/')
        q[0] = ' ';
      else if (q[0] == '/' && q[1] == '*')
        q[1] = ' ';
    buf_puts(&pragmas, line);
    xfree(line);
  }
  return pragmas.s;
}

static bool holds_off(Vec *offs, unsigned off) {
  for (int i = 0; i < offs->len; i++)
    if ((uintptr_t)offs->items[i] == off)
      return true;
  return false;
}

/* Marks v when it is one of the lazily folded variables: a copy of the
 * same declaration's Var (the same offset and name) is marked as well. */
static void mark_if_lazy(Source *src, Var *v) {
  for (int i = 0; i < src->lazy_reds.len; i++) {
    Var *l = src->lazy_reds.items[i];
    if (l->off == v->off && strcmp(l->name, v->name) == 0)
      v->lazy_red = true;
  }
}

/* The reduction variables whose results the host folds in lazily
 * (docs/runtime.md, "Reductions"): the plain locals the front end found
 * safe (HostFunc.lazy_ok), in functions whose nests all became kernels (a
 * nest left as host code would read the variable where hostsync places no
 * fold).  The others are folded right after their launch. */
static void pick_lazy_reds(Source *src, AnnotCtx *ctxs) {
  for (int f = 0; f < src->host_funcs.len; f++) {
    HostFunc *hf = src->host_funcs.items[f];
    bool all_kernels = true;
    for (int i = 0; i < src->nests.len; i++) {
      Nest *n = src->nests.items[i];
      /* a loop kept on the host runs statements there that hostsync.c
       * never sees, and that may name the variable */
      if (n->for_begin >= hf->begin && n->for_begin < hf->end &&
          (!ctxs[i].kernels.len || ctxs[i].hostloop))
        all_kernels = false;
    }
    for (int i = 0; all_kernels && i < src->nests.len; i++) {
      Nest *n = src->nests.items[i];
      if (n->for_begin < hf->begin || n->for_begin >= hf->end)
        continue;
      for (int j = 0; j < ctxs[i].kernels.len; j++) {
        Kernel *k = ctxs[i].kernels.items[j];
        for (int r = 0; r < k->reductions.len; r++) {
          Reduction *red = k->reductions.items[r];
          if (!emit_red_may_defer(red))
            continue;
          Var *v = red->path->var;
          if (!v->lazy_red && holds_off(&hf->lazy_ok, v->off)) {
            v->lazy_red = true;
            vec_push(&src->lazy_reds, v);
          }
        }
      }
    }
  }
  /* every variable the stubs and calls name */
  for (int i = 0; src->lazy_reds.len && i < src->nests.len; i++)
    for (int j = 0; j < ctxs[i].kernels.len; j++) {
      Kernel *k = ctxs[i].kernels.items[j];
      for (int r = 0; r < k->reductions.len; r++)
        if (emit_red_may_defer(k->reductions.items[r]))
          mark_if_lazy(src, ((Reduction *)k->reductions.items[r])->path->var);
      for (int s = 0; s < k->scalars.len; s++) {
        Expr *path = ((Scalar *)k->scalars.items[s])->path;
        if (path->kind == EX_VAR)
          mark_if_lazy(src, path->var);
      }
      for (int m = 0; m < k->dims; m++)
        mark_if_lazy(src, k->mapped[m]->var);
      for (int c = 0; c < k->info->copyouts.len; c++)
        mark_if_lazy(src, k->info->copyouts.items[c]);
    }
}

/* NU_HOST_FIRST looks ahead within a function: a site predicts its own
 * work and that of the sites after it in the function, with the values
 * at the site, so that a small nest before a large one does not run on the
 * host only to start the device a moment later.  Where a later site's work
 * cannot be counted there (a loop kept on the host, a written `work`, a
 * value declared after the site), the text is NULL, and the site passes
 * -1 and launches: what nucc did before NU_HOST_FIRST. */

/* Adds `times` runs (NULL: one) of site c's work, read at `at`, to b;
 * false where it cannot be counted there. */
static bool add_site(Buf *b, AnnotCtx *c, const SrcLoc *at, const char *times,
                     const EntryCall *known) {
  char *w = c->hostloop ? NULL : emit_work_sum(&c->kernels, at, known);
  if (!w)
    return false;
  buf_printf(b, "%s%s%s(%s)", b->len ? " + " : "", times ? times : "", times ? " * " : "", w);
  xfree(w);
  return true;
}

/* With `known`, the values known at main's start in place of the variables
 * (NULL where one is not known there). */
static char *later_sites(Source *src, AnnotCtx *ctxs, int i, const SrcLoc *at,
                         const EntryCall *known) {
  Nest *n = src->nests.items[i];
  Buf b = {0};
  for (int j = i + 1; j < src->nests.len; j++) {
    Nest *m = src->nests.items[j];
    if (!ctxs[j].kernels.len || !m->func_name || !n->func_name ||
        strcmp(m->func_name, n->func_name) != 0)
      continue;
    if (!add_site(&b, &ctxs[j], at, NULL, known)) {
      xfree(b.s);
      return NULL;
    }
  }
  return b.s ? b.s : xstrdup("0.0");
}

/* `later` plus `times` runs of the other nests of host loop hl's body, at
 * `at`; NULL where any of them, or `later`, cannot be counted. */
static char *later_in_loop(HostLoop *hl, int self, const SrcLoc *at, const char *times,
                           const char *later, const EntryCall *known) {
  if (!later)
    return NULL;
  Buf b = {0};
  buf_puts(&b, later);
  for (int i = 0; i < hl->nests.len; i++) {
    AnnotCtx *c = hl->nests.items[i];
    if (i == self || !c->kernels.len)
      continue;
    if (!add_site(&b, c, at, *times ? times : NULL, known)) {
      xfree(b.s);
      return NULL;
    }
  }
  return b.s;
}

/* The statement that launches a nest's kernels, with its original text for
 * host mode and NU_VERIFY. */
static char *nest_call(Source *src, Nest *n, AnnotCtx *cx, const char *later) {
  char *original = xstrndup(src->text + n->for_begin, n->end - n->for_begin);
  blank_pragmas(src, n, original);
  Vec steps = verify_steps(cx);
  return emit_host_call(&cx->kernels, original, pragma_lines(src, n), src->path, &steps, NULL, NULL,
                        later);
}

/* How many more times the nests inside host loop l run, from its index's
 * value at a call, times `outer`'s (the loops around it), as C text for
 * NU_HOST_FIRST's prediction; "" where a step is not a number (the site
 * then predicts one run: a nest too many on the host, never a wrong one). */
static char *remaining_times_from(Loop *l, const char *outer, const char *v, const char *ub_text) {
  if (l->step->kind != EX_INT || !l->step->ival || l->rel == REL_NE || (outer && !*outer))
    return xstrdup("");
  long long st = l->step->ival < 0 ? -l->step->ival : l->step->ival;
  char *ub = ub_text ? xstrdup(ub_text) : print_expr_text(l->ub);
  char *span;
  switch (l->rel) {
  case REL_LT:
    span = xformat("nurt_span(%s, (%s) - 1)", v, ub);
    break;
  case REL_LE:
    span = xformat("nurt_span(%s, %s)", v, ub);
    break;
  case REL_GT:
    span = xformat("nurt_span((%s) + 1, %s)", ub, v);
    break;
  default:
    span = xformat("nurt_span(%s, %s)", ub, v);
    break;
  }
  xfree(ub);
  char *r = st > 1 ? xformat("%s / %lld.0", span, st) : xstrdup(span);
  xfree(span);
  if (outer) {
    char *both = xformat("%s * %s", outer, r);
    xfree(r);
    r = both;
  }
  return r;
}

static char *remaining_times(Loop *l, const char *outer) {
  return remaining_times_from(l, outer, l->var->name, NULL);
}

/* A loop that stays on the host, around its body in order: each nest's
 * call, each loop of its own that stays on the host (recursively), and the
 * statements the host runs between the launches with their syncs, as if
 * the user had written them so (compiler/auto/hostloop.c).  `outer_times`
 * and `later`: NU_HOST_FIRST's view ahead from the loops around it. */
static char *host_loop_text(Source *src, HostLoop *hl, Vec *kernels, const char *head, Buf *notes,
                            const char *outer_times, const char *later) {
  Vec calls = {0};
  char *times = remaining_times(hl->loop, outer_times);
  /* a kernel that may run the next one's work-item says whether it did
   * (Kernel.then): declared first, for C89 */
  for (int i = 0; i < hl->nests.len; i++) {
    AnnotCtx *c = hl->nests.items[i];
    Kernel *k = c->hostloop || !c->kernels.len ? NULL : c->kernels.items[c->kernels.len - 1];
    if (k && (k->then || k->pre))
      vec_push(&calls, xformat("  int nu_then_%s = 0;", k->name));
  }
  for (int i = 0, next = 0; i < hl->order.len; i++) {
    Stmt *s = hl->order.items[i];
    if (s) {
      vec_push(&calls, emit_host_stmt(s, src->path, notes));
      continue;
    }
    Stmt *once = next < hl->once.len ? hl->once.items[next] : NULL;
    Stmt *pre = next < hl->pre.len ? hl->pre.items[next] : NULL;
    AnnotCtx *c = hl->nests.items[next++];
    char *inner = xformat("#pragma nu work (loop '%s' on the host)\n", hl->loop->var->name);
    Nest *m = c->nest;
    Kernel *first = c->kernels.len ? c->kernels.items[0] : NULL;
    SrcLoc at = first && first->dims ? first->mapped[0]->loc : hl->loop->loc;
    char *after = later_in_loop(hl, next - 1, &at, times, later, NULL);
    if (c->hostloop) {
      vec_push(&calls, host_loop_text(src, c->hostloop, &c->kernels, inner, notes, times, after));
      xfree(after);
      continue;
    }
    char *original;
    if (once) { /* a statement as a kernel of one work-item: host mode runs the statement */
      Buf text = {0};
      Printer p = {.spelled = true};
      print_stmt(&p, once, 2, &text);
      original = text.s;
    } else {
      original = xstrndup(src->text + m->for_begin, m->end - m->for_begin);
    }
    Vec steps = verify_steps(c);
    char *pre_text = pre ? emit_host_stmt(pre, src->path, notes) : NULL;
    char *call = emit_host_call(&c->kernels, original, inner, src->path, &steps, pre_text,
                                *times ? times : NULL, after);
    xfree(after);
    xfree(pre_text);
    Kernel *k0 = c->kernels.len ? c->kernels.items[0] : NULL;
    if (k0 && k0->after) { /* unless the kernel before ran it */
      char *guarded = xformat("  if (!nu_then_%s)\n%s", k0->after->name, call);
      xfree(call);
      call = guarded;
    }
    vec_push(&calls, call);
  }
  xfree(times);
  return emit_host_loop(hl->loop, kernels, &calls, head, src->path);
}

static char *host_loop_call(Source *src, Nest *n, AnnotCtx *cx, Buf *notes, const char *later) {
  return host_loop_text(src, cx->hostloop, &cx->kernels, pragma_lines(src, n), notes, NULL, later);
}

/* NU_HOST_FIRST's question asked ahead, at main's start: the first site
 * main reaches (frontend_entry.c), with the values known there.  A program
 * whose first nest will launch anyway then starts the device on nurt's
 * thread beside its own set-up, instead of at that launch; one whose nests
 * run on the host starts nothing.  Only in a file whose every nest asks
 * (the others start the device in the constructor).  Nothing where a value
 * is not known at main's start. */

/* The value known at main's start of a loop bound: a constant, or a
 * variable EntryCall knows; else NULL. */
static char *bound_value(Expr *e, const EntryCall *known) {
  if (e->kind == EX_INT)
    return xformat("%lldLL", e->ival);
  const char *v = e->kind == EX_VAR && e->var ? frontend_entry_value(known, e->var->off) : NULL;
  return v ? xstrdup(v) : NULL;
}

/* The first site is the first nest of a loop kept on the host: its first
 * run, with the loop's index at its first value (the loop runs its nest
 * `times` more times from there).  Only where the nest comes first in the
 * loop's body, with no host statement before it that could change a value
 * (a statement its call site runs, Kernel.pre, runs after the question),
 * and the loop's bounds are known. */
static char *ahead_in_loop(Source *src, AnnotCtx *ctxs, int first, EntryCall *e, int *line) {
  HostLoop *hl = ctxs[first].hostloop;
  if (!hl->order.len || hl->order.items[0] || !hl->nests.len)
    return NULL;
  AnnotCtx *c = hl->nests.items[0];
  Kernel *k0 = c->kernels.len ? c->kernels.items[0] : NULL;
  char *lb = bound_value(hl->loop->lb, e), *ub = lb ? bound_value(hl->loop->ub, e) : NULL;
  if (c->hostloop || !k0 || !lb || !ub) {
    xfree(lb);
    xfree(ub);
    return NULL;
  }
  /* the index at its first value, for the nests' work and the later sites */
  vec_push(&e->offs, (void *)(uintptr_t)hl->loop->var->off);
  vec_push(&e->values, lb);
  char *times = remaining_times_from(hl->loop, NULL, lb, ub);
  SrcLoc at = k0->dims ? k0->mapped[0]->loc : hl->loop->loc;
  char *work = emit_work_sum(&c->kernels, NULL, e);
  char *after = later_sites(src, ctxs, first, &at, NULL);
  char *later = NULL;
  if (!after) {
    later = xstrdup("-1.0");
  } else {
    char *known_after = later_sites(src, ctxs, first, &at, e);
    char *as_written = later_in_loop(hl, 0, &at, times, after, NULL);
    later = !known_after ? NULL
            : as_written ? later_in_loop(hl, 0, &at, times, known_after, e)
                         : xstrdup("-1.0");
    xfree(known_after);
    xfree(as_written);
  }
  e->offs.len--;
  e->values.len--;
  char *text = work && later ? xformat("%s, %s, %s", work, *times ? times : "1.0", later) : NULL;
  *line = k0->nest->loops[0]->loc.line;
  xfree(lb);
  xfree(ub);
  xfree(times);
  xfree(work);
  xfree(after);
  xfree(later);
  return text;
}

static void start_ahead(Source *src, AnnotCtx *ctxs, Edits *edits) {
  EntryCall *e = src->entry;
  if (!e)
    return;
  int first = -1;
  for (int j = 0; j < src->nests.len && first < 0; j++) {
    Nest *m = src->nests.items[j];
    if (ctxs[j].kernels.len && m->func_name && !strcmp(m->func_name, e->func))
      first = j;
  }
  if (first < 0)
    return;
  char *args = NULL;
  int line = 0;
  if (ctxs[first].hostloop) {
    args = ahead_in_loop(src, ctxs, first, e, &line);
  } else {
    Nest *n = src->nests.items[first];
    SrcLoc at = n->depth ? n->loops[0]->loc : n->pragma_loc;
    char *work = emit_work_sum(&ctxs[first].kernels, NULL, e);
    char *as_written = later_sites(src, ctxs, first, &at, NULL);
    /* a later site not counted at the nest makes it launch: ahead too */
    char *later = as_written ? later_sites(src, ctxs, first, &at, e) : xstrdup("-1.0");
    args = work && later ? xformat("%s, 1.0, %s", work, later) : NULL;
    line = at.line;
    xfree(work);
    xfree(as_written);
    xfree(later);
  }
  if (args)
    rewrite_add(edits, e->insert_at, e->insert_at,
                xformat(" nurt_host_first_ahead(&nu_module, %d, %s);", line, args));
  xfree(args);
}

/* Where the parts of an output came from, for clcheck_host's messages:
 * the input's text (with the edits applied) begins at body_at. */
typedef struct OutMap {
  Edits edits; /* each nest's code tagged with its loop's line */
  size_t body_at;
} OutMap;

/* `ctxs` holds one AnnotCtx per nest: nests with `work` become launches,
 * the others their transformed sequential code; seq_only prints every nest
 * as sequential code (--emit=seq). */
/* The checks, at nest n's site, of the user's macros that it and the
 * functions its kernels call expand: their values are baked in.  An #error
 * points at the nest's first line. */
static char *macro_checks(Source *src, Nest *n, AnnotCtx *cx, const char *command, int line) {
  Vec ranges = {0};
  vec_push(&ranges, (void *)(uintptr_t)n->begin);
  vec_push(&ranges, (void *)(uintptr_t)n->end);
  for (int j = 0; j < cx->kernels.len; j++) {
    Kernel *k = cx->kernels.items[j];
    for (int f = 0; f < k->funcs.len; f++) {
      Func *fn = k->funcs.items[f];
      vec_push(&ranges, (void *)(uintptr_t)fn->begin);
      vec_push(&ranges, (void *)(uintptr_t)fn->end);
    }
  }
  unsigned *r = xcalloc((size_t)ranges.len, sizeof *r);
  for (int i = 0; i < ranges.len; i++)
    r[i] = (unsigned)(uintptr_t)ranges.items[i];
  char *text = emit_macro_checks(&src->macro_uses, r, ranges.len / 2, command ? command : "nucc");
  xfree(r);
  xfree(ranges.items);
  if (!*text)
    return text;
  return xformat("\n/* nucc: the values of the macros this code was translated with */\n"
                 "#line %d \"%s\"\n%s",
                 line, src->path, text);
}

/* A region the output drops (it holds a kernel) with an `omp for` loop
 * that stays on the host: orphaned, that loop would run on one thread
 * anyway, and its clauses may no longer compile (a reduction on a local
 * of the function is private there).  Its pragma line goes too. */
static void drop_region(Source *src, Directive *d, Edits *edits) {
  rewrite_add(edits, d->begin, d->end, xstrdup("\n"));
  for (int i = first_line_from(&src->pragmas, d->region_begin); i < src->pragmas.len; i++) {
    PragmaLine *p = src->pragmas.items[i];
    if (p->begin >= d->region_end)
      break;
    bool in_nest = false;
    for (int j = 0; j < src->nests.len && !in_nest; j++) {
      Nest *n = src->nests.items[j];
      in_nest = p->begin >= n->begin && p->begin < n->end;
    }
    if (p->omp && p->omp_for && !in_nest)
      rewrite_add(edits, p->begin, p->end, xstrdup("\n"));
  }
}

static char *host_output(Source *src, AnnotCtx *ctxs, const char *program, bool fp64, bool seq_only,
                         const char *command, Buf *sync_notes, OutMap *map) {
  Edits edits = {0};
  Buf stubs = {0};
  LineCounter lines = {src->text, 0, 1};
  bool copies = false; /* snapshot's copies on the host need malloc and memcpy */
  buf_puts(&stubs, "");
  if (!seq_only)
    pick_lazy_reds(src, ctxs);
  for (int i = 0; i < src->nests.len; i++) {
    Nest *n = src->nests.items[i];
    AnnotCtx *cx = &ctxs[i];
    char *text;
    unsigned was = diag_set_owner(n->for_begin + 1);
    if (cx->kernels.len && !seq_only) {
      for (int j = 0; j < cx->kernels.len; j++) {
        char *stub = emit_host_stub(cx->kernels.items[j]);
        if (!stub) {
          diag_set_owner(was);
          return NULL;
        }
        buf_printf(&stubs, "\n%s", stub);
      }
      SrcLoc at = n->depth ? n->loops[0]->loc : n->pragma_loc;
      char *later = later_sites(src, ctxs, i, &at, NULL);
      text = cx->hostloop ? host_loop_call(src, n, cx, sync_notes, later)
                          : nest_call(src, n, cx, later);
      xfree(later);
      /* an orphaned `omp for` may run inside a region that stays (its function
       * called from `omp parallel`): one thread launches the whole loop, and
       * the others wait at single's barrier as at the loop's.  Outside a
       * region, or without -fopenmp, it changes nothing. */
      if (n->omp_for)
        text = xformat("_Pragma(\"omp single\")\n%s", text);
    } else {
      char *pragmas = pragma_lines(src, n);
      text = xformat("/* %.*s */\n%s", (int)strcspn(pragmas, "\n"), pragmas, seq_text(cx, &copies));
      n->host_code = true;
    }
    diag_set_owner(was);
    char *checks = macro_checks(src, n, cx, command, line_at(&lines, n->begin));
    rewrite_add_tagged(
        &edits, n->begin, n->end,
        xformat("%s%s\n#line %d \"%s\"\n", checks, text, line_at(&lines, n->end), src->path),
        n->depth ? n->loops[0]->loc.line : n->pragma_loc.line);
    /* pragma lines a directive keeps apart from the loop: a blank line each,
     * so the directives between stay and no unknown pragma is left */
    for (int j = 0; j < n->apart.len; j++) {
      PragmaLine *p = n->apart.items[j];
      rewrite_add(&edits, p->begin, p->end, xstrdup("\n"));
    }
  }
  if (seq_only) {
    /* --openmp: the regions whose `omp for` loops lost their pragma go too,
     * or with -fopenmp every thread would run those loops whole */
    for (int i = 0; i < src->directives.len; i++) {
      Directive *d = src->directives.items[i];
      if (!strcmp(d->name, "omp parallel"))
        drop_region(src, d, &edits);
    }
    char *body = rewrite_apply(&edits, src->text, src->len);
    char *out = xformat(
        "/* Generated by nucc " NUCC_VERSION " --emit=seq from %s: every annotation "
        "applied except work. */\n%s#line 1 \"%s\"\n%s",
        src->path, copies ? "#include <stdlib.h>\n#include <string.h>\n" : "", src->path, body);
    *map = (OutMap){edits, strlen(out) - strlen(body)};
    return out;
  }
  for (int i = 0; i < src->directives.len; i++) {
    Directive *d = src->directives.items[i];
    /* an OpenMP parallel region (--openmp) is dropped: its loops are kernels */
    if (!strcmp(d->name, "omp parallel"))
      drop_region(src, d, &edits);
    else if (d->text) /* --openacc's update host, wait */
      rewrite_add(&edits, d->begin, d->end, xformat("%s\n", d->text));
    else
      rewrite_add(&edits, d->begin, d->end, xstrdup("nurt_wait();\n"));
  }
  /* --openacc: the lines it read in full (data directives, loop
   * directives joined to the one above) go, outside the nests too */
  for (int i = 0; i < src->skipped_nu.len; i++) {
    PragmaLine *p = src->skipped_nu.items[i];
    bool in_nest = false;
    for (int j = 0; j < src->nests.len && !in_nest; j++) {
      Nest *n = src->nests.items[j];
      in_nest = p->begin >= n->begin && p->begin < n->end;
    }
    if (p->acc && !in_nest)
      rewrite_add(&edits, p->begin, p->end, xstrdup("\n"));
  }
  hostsync_add_edits(src, &edits, sync_notes);
  bool host_first = true; /* every kernel's site may run on the host first */
  for (int i = 0; i < src->nests.len; i++)
    host_first &= emit_host_first_module(&ctxs[i].kernels);
  if (host_first)
    start_ahead(src, ctxs, &edits);
  char *body = rewrite_apply(&edits, src->text, src->len);
  char *prologue = emit_host_prologue(src->path, program, fp64, host_first);
  char *out = xformat("%s%s\n#line 1 \"%s\"\n%s", prologue, stubs.s, src->path, body);
  *map = (OutMap){edits, strlen(out) - strlen(body)};
  return out;
}

/* The dependency file after a good run; after a failed one, an earlier
 * dependency file is removed with the output it described. */
static bool write_deps(const Options *o, Source *src, bool ok) {
  const char *path = o->deps_file ? o->deps_file : depfile_default_path(o->output, o->input);
  if (!ok) {
    outfile_discard(path);
    return false;
  }
  Vec targets = o->deps_targets;
  if (!targets.len)
    vec_push(&targets, depfile_quote(o->output));
  char *text = depfile_text(&src->includes, o->input, &targets, o->deps_user_only, o->deps_phony);
  if (outfile_write(path, text))
    return true;
  if (o->output)
    outfile_discard(o->output); /* an output without its rule would not be rebuilt */
  return false;
}

/* PREFIX/<installed> for an installed nucc (PREFIX found from the
 * executable's own path) when it holds `file`, else `sources`: the folder
 * in the source tree, for a nucc in the build tree. */
static const char *data_dir(const char *installed, const char *file, const char *sources) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0 && *installed) {
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) {
      *slash = 0; /* PREFIX/bin */
      slash = strrchr(exe, '/');
      if (slash) {
        *slash = 0; /* PREFIX */
        char *dir = xformat("%s/%s", exe, installed);
        char *path = xformat("%s/%s", dir, file);
        bool there = access(path, R_OK) == 0;
        xfree(path);
        if (there)
          return dir;
        xfree(dir);
      }
    }
  }
  return sources;
}

/* The folder of nucc's parse-only <omp.h>. */
static const char *omp_include_dir(void) {
  return data_dir(NUCC_OMP_INSTALLED, "omp.h", NUCC_OMP_INCLUDE);
}

/* The host C and --emit=seq's C parsed as the user's compiler will read
 * them (clcheck.c), with the input's own options: nurt.h from the folder
 * of an installed nucc or the sources; without one, no check. */
static bool check_host_output(const Options *o, const char *out, OutMap *map, Vec *args) {
  const char *dir = data_dir(NUCC_NURT_INSTALLED, "nurt.h", NUCC_NURT_INCLUDE);
  char *header = xformat("%s/nurt.h", dir);
  bool there = access(header, R_OK) == 0;
  xfree(header);
  if (!there)
    return true;
  Vec a = {0};
  for (int i = 0; i < args->len; i++)
    vec_push(&a, args->items[i]);
  vec_push(&a, "-I");
  vec_push(&a, (void *)dir);
  vec_push(&a, "-w"); /* errors only: a warning is the user's compiler's business */
  bool ok =
      clcheck_host(o->input, out, map->body_at, &map->edits, a.len, (const char *const *)a.items);
  xfree(a.items);
  return ok;
}

/* One translation of the input, as far as it gets: front end, annotations,
 * printers.  ok: `out` is the output; src stays for the caller to dispose. */
typedef struct Pass {
  Source src;
  char *out;
  Vec kernels;
  Buf sync_notes;
  bool ok;
} Pass;

static void run_pass(const Options *o, Pass *p, char *text, size_t len, Vec *args, const Vec *home,
                     Vec *units) {
  /* nothing of an earlier compilation or pass in this process (the fuzz
   * target, test_reentry) may steer this one: the modules' state starts empty */
  util_scoped_reset();
  *p = (Pass){.src = {.path = o->input,
                      .openmp = o->openmp,
                      .openacc = o->openacc,
                      .text = text,
                      .len = len,
                      .home = home,
                      .units = units}};
  Source *src = &p->src;
  diag_init(o->input, src->text, src->len);
  bool ok = frontend_parse(src, args->len, (const char *const *)args->items);
  if (o->explain_html) {
    p->out = ok ? explain_html(o, src) : NULL;
    p->ok = p->out != NULL;
    return;
  }
  Vec *kernels = &p->kernels;
  AnnotCtx *ctxs = xcalloc((size_t)src->nests.len + 1, sizeof(AnnotCtx));
  for (int i = 0; ok && i < src->nests.len; i++) {
    Nest *n = src->nests.items[i];
    AnnotCtx *cx = &ctxs[i];
    /* the steps, for NU_VERIFY's step-by-step check */
    *cx = (AnnotCtx){.nest = n,
                     .path = src->path,
                     .explain = o->explain,
                     .host = o->emit == EMIT_HOST,
                     .steps = NEW(Vec)};
    unsigned was = diag_set_owner(n->for_begin + 1);
    if (o->explain)
      annot_explain_nest(src->path, n);
    if (annot_apply_all(cx)) {
      for (int j = 0; j < cx->kernels.len; j++) {
        unique_kernel_name(kernels, cx->kernels.items[j]);
        vec_push(kernels, cx->kernels.items[j]);
      }
      frontend_data_check_kernels(n, &cx->kernels);
    }
    if (o->explain)
      annot_explain_kernels(cx);
    diag_set_owner(was);
  }
  ok = ok && diag_errors() == 0;
  char *out = NULL;
  OutMap map = {0};
  if (ok) {
    bool fp64;
    char *program = emit_opencl_program(kernels, o->fp_contract != FP_CONTRACT_OFF, &fp64);
    if (kernels->len && clcheck_enabled() && !clcheck_program(o->input, program))
      out = NULL; /* an internal error: reported, no output */
    else if (o->emit == EMIT_CL)
      out = program;
    else
      /* without kernels the output needs no runtime: plain transformed C */
      out = host_output(src, ctxs, program, fp64, o->emit == EMIT_SEQ || !kernels->len, o->command,
                        &p->sync_notes, &map);
    ok = out && diag_errors() == 0;
    if (ok && o->emit != EMIT_CL && src->nests.len && clcheck_enabled() &&
        !check_host_output(o, out, &map, args))
      ok = false; /* an internal error: reported, no output */
  }
  p->out = out;
  p->ok = ok;
}

/* The offset of a location in the input, or -1. */
static long offset_of(Source *src, SrcLoc loc) {
  if (loc.line < 1 || loc.col < 1 || loc.file)
    return -1;
  size_t off = 0;
  for (int l = 1; l < loc.line && off < src->len; off++)
    l += src->text[off] == '\n';
  return off + (size_t)loc.col - 1 <= src->len ? (long)(off + (size_t)loc.col - 1) : -1;
}

/* The OpenMP loop an error belongs to: the one it was raised for, else
 * the innermost whose range holds its location; NULL if none. */
static OmpLoop *loop_of(Source *src, DiagRecord *r) {
  long off = r->owner ? -1 : offset_of(src, r->loc);
  OmpLoop *best = NULL;
  for (int i = 0; i < src->omp_loops.len; i++) {
    OmpLoop *l = src->omp_loops.items[i];
    if (r->owner ? l->for_begin == r->owner - 1
                 : off >= (long)l->begin && off < (long)l->end &&
                       (!best || l->end - l->begin < best->end - best->begin))
      best = l;
  }
  return best;
}

/* --openmp: the OpenMP loops that this pass's errors belong to go to
 * `home` (HomeLoop*, each with its first error), and the caller compiles
 * again without them (SPEC §6: such a loop stays on the host as written).
 * An error that belongs to no such loop (a `#pragma nu` nest's, the rest
 * of the file's, a warning made an error, one in a loop already home)
 * stays: the last pass shows it.  False when no loop was added. */
static bool send_home(Source *src, Vec *home) {
  const Vec *recs = diag_records();
  int before = home->len;
  for (int i = 0; i < recs->len; i++) {
    DiagRecord *r = recs->items[i];
    OmpLoop *l = r->movable && r->owner != DIAG_NO_LOOP ? loop_of(src, r) : NULL;
    bool seen = !l;
    for (int j = 0; !seen && j < home->len; j++)
      seen = ((HomeLoop *)home->items[j])->for_begin == l->for_begin;
    if (seen)
      continue;
    HomeLoop *h = NEW(HomeLoop);
    *h = (HomeLoop){l->for_begin, r->msg, r->loc};
    vec_push(home, h);
  }
  return home->len > before;
}

/* The flags every parse gets, the input's and its program's other files'. */
static void add_parse_flags(const Options *o, Vec *args) {
  vec_push(args, "-ferror-limit=50");
  /* what GCC accepts with a warning, clang 16+ refuses unless told: old C
   * (implicit int, implicit function declarations, K&R definitions) must
   * get through as with `cc` (the warnings stay warnings: not shown) */
  static const char *old_c[] = {
      "-Wno-error=implicit-int",   "-Wno-error=implicit-function-declaration",
      "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
      "-Wno-error=return-type",    "-Wno-error=deprecated-non-prototype"};
  for (size_t i = 0; i < sizeof old_c / sizeof *old_c; i++)
    vec_push(args, (void *)old_c[i]);
  /* --openmp reads the file as `cc -fopenmp` does: #ifdef _OPENMP holds
   * (201511, OpenMP 4.5); the directives themselves stay pragmas */
  if (o->openacc) /* OpenACC 2.6, as `cc -fopenacc` reads the file */
    vec_push(args, "-D_OPENACC=201711");
  if (o->openmp) {
    vec_push(args, "-D_OPENMP=201511");
    const char *omp_dir = omp_include_dir();
    if (*omp_dir) { /* nucc's parse-only <omp.h> (CMakeLists.txt) */
      vec_push(args, "-idirafter");
      vec_push(args, (void *)omp_dir);
    }
  }
}

int nucc_compile(const Options *o) {
  util_scoped_reset();
  /* the diagnostics of this compilation, the early ones too: diag.c keeps a
   * list whose memory the last compilation's util_free_all() released
   * (the fuzz target compiles many times in one process) */
  diag_init(o->input, NULL, 0);
  if (o->output && strcmp(o->output, "-") != 0 && same_file(o->input, o->output)) {
    diag_plain("the output '%s' is the input file", o->output);
    return 2;
  }
  const char *why = NULL;
  size_t len = 0;
  char *text = read_file(o->input, &len, &why);
  if (!text) {
    diag_plain("cannot read '%s': %s", o->input, why);
    return 1;
  }
  Vec args = {0};
  if (!o->compdb_dir)
    for (int i = 0; i < o->clang_args.len; i++)
      vec_push(&args, o->clang_args.items[i]);
  else if (!compdb_args(o->compdb_dir, o->input, &o->clang_args, &args))
    return 1;
  /* the program's other files: --with's take the input's flags, the
   * database's their own; each gets the flags every parse gets, below */
  Vec units = {0};
  for (int i = 0; i < o->with.len; i++) {
    FILE *f = fopen(o->with.items[i], "r");
    if (!f) {
      diag_plain("--with: cannot read '%s': %s", (char *)o->with.items[i], strerror(errno));
      return 1;
    }
    fclose(f);
    if (same_file(o->input, o->with.items[i]))
      continue;
    Unit *u = NEW(Unit);
    u->path = o->with.items[i];
    for (int j = 0; j < args.len; j++)
      vec_push(&u->args, args.items[j]);
    vec_push(&units, u);
  }
  if (o->compdb_dir && !compdb_units(o->compdb_dir, o->input, &o->clang_args, &units))
    return 1;
  for (int i = 0; i < units.len; i++)
    add_parse_flags(o, &((Unit *)units.items[i])->args);
  add_parse_flags(o, &args);
  /* --openmp: a pass whose errors are all OpenMP loops' goes again with
   * those loops on the host; its diagnostics are held back until the pass
   * that stands.  --explain prints as it goes: only in that last pass. */
  Vec home = {0};
  Options probe = *o;
  probe.explain = false;
  Pass pass;
  Source *srcp = &pass.src;
  bool foreign = o->openmp || o->openacc;
  for (;;) {
    if (foreign)
      diag_hold();
    run_pass(foreign ? &probe : o, &pass, text, len, &args, &home, &units);
    if (foreign && !pass.ok && send_home(srcp, &home)) {
      diag_release(false);
      frontend_dispose(srcp);
      continue;
    }
    if (foreign && o->explain) {
      diag_release(false);
      frontend_dispose(srcp);
      run_pass(o, &pass, text, len, &args, &home, &units);
    }
    diag_release(true);
    break;
  }
  bool ok = pass.ok;
  char *out = pass.out;
  Vec kernels = pass.kernels;
  Buf sync_notes = pass.sync_notes;
  Source src = pass.src;
  if (o->explain_html) {
    ok = ok && outfile_write(o->output, out);
    frontend_dispose(srcp);
    frontend_dispose_units(&units);
    return ok ? 0 : 1;
  }
  if (ok && o->report)
    for (int i = 0; i < kernels.len; i++)
      emit_report(kernels.items[i], o->input);
  /* hostsync ran in this compilation only for host output with kernels */
  if (ok && (o->report || o->explain_data) && kernels.len && o->emit == EMIT_HOST)
    fputs(sync_notes.s ? sync_notes.s : "", stdout);
  if (ok && o->output)
    ok = outfile_write(o->output, out);
  if (!ok && o->output)
    outfile_discard(o->output); /* no stale output from an earlier run either */
  if (o->deps)
    ok = write_deps(o, &src, ok) && ok;
  frontend_dispose(srcp);
  frontend_dispose_units(&units);
  return ok ? 0 : 1;
}
