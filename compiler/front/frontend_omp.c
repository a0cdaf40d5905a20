/* frontend_omp.c — --openmp in the front end: `#pragma omp` lines read as
 * annotations (openmp.c parses them), `parallel` regions and their bounds,
 * the OpenMP constructs checked against the nests once they are known, and
 * the loops an earlier pass left on the host. */
#include "frontend_clang.h"
#include "openmp.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The statement under a `#pragma omp parallel` whose tokens start at t: a
 * block from its brace to the matching one; any other statement its first
 * token (a loop with `omp for` right under the directive), since only a
 * block can declare what the region's threads keep. */
static void parallel_region(Source *src, CXToken *toks, unsigned n, unsigned t, Directive *d) {
  unsigned off = 0;
  for (; t < n; t++) {
    frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
    if (off >= d->end && clang_getTokenKind(toks[t]) != CXToken_Comment &&
        !frontend_pp_token(src, off))
      break;
  }
  if (t >= n)
    return;
  d->region_begin = off;
  d->region_end = off + 1;
  if (src->text[off] != '{')
    return;
  int depth = 0;
  for (; t < n; t++) {
    if (clang_getTokenKind(toks[t]) != CXToken_Punctuation)
      continue;
    CXString sp = clang_getTokenSpelling(src->clang->tu, toks[t]);
    const char *c = clang_getCString(sp);
    depth += !strcmp(c, "{") - !strcmp(c, "}");
    clang_disposeString(sp);
    if (depth <= 0) {
      unsigned at;
      frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &at);
      d->region_end = at + 1;
      return;
    }
  }
}

/* Whether text, after blanks, starts with the word w. */
static bool starts_word(const char *text, const char *w) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t n = strlen(w);
  return !strncmp(text, w, n) && !(isalnum((unsigned char)text[n]) || text[n] == '_');
}

/* A loop transformation: a line of the group above its `for`, as a
 * `#pragma nu` line would be, so that the engine checks its legality and a
 * refusal is an error (where a loop directive's is a loop left on the
 * host); each annotation remembers the directive for --explain. */
static void transform_line(Source *src, const char *annots, char *as_written, SrcLoc l0, SrcLoc at,
                           unsigned b, unsigned end) {
  PragmaLine *p = NEW(PragmaLine);
  p->line = l0.line;
  p->loc = l0;
  p->begin = b;
  p->end = end;
  p->transform = true;
  if (*annots)
    pragma_parse(annots, at, &p->annots);
  p->block = p->annots.len && !strcmp(((Annot *)p->annots.items[0])->name, "fuse");
  for (int j = 0; j < p->annots.len; j++) {
    Annot *a = p->annots.items[j];
    a->loc = at;
    a->from = as_written;
    for (int m = 0; m < a->nargs; m++)
      a->args[m].loc = a->args[m].key_loc = at;
  }
  vec_push(&src->pragmas, p);
}

/* Whether the line at b stands right under a loop directive's line (or a
 * transformation's under one), as part of its group. */
static bool right_under_loop_directive(Source *src, unsigned b) {
  for (int i = src->pragmas.len - 1; i >= 0; i--) {
    PragmaLine *p = src->pragmas.items[i];
    if (p->end != b)
      return false;
    if (p->omp && !p->refused)
      return true;
    if (!p->transform)
      return false;
    b = p->begin;
  }
  return false;
}

/* --openmp: a `#pragma omp` line.  A loop directive becomes a pragma line
 * with the annotations it stands for (openmp.c), a `parallel` region a line the
 * output drops, and constructs that have no GPU meaning are kept to be
 * checked against the nests once they are known (frontend_check_omp). */
void frontend_read_omp_text(Source *src, CXToken *toks, unsigned n, unsigned i, char *rest,
                            SrcLoc l0, SrcLoc at, unsigned off0, unsigned b, unsigned end) {
  char *annots, *why;
  OmpKind k = omp_parse(rest, &annots, &why);
  OmpMaps maps = {0};
  omp_maps(rest, &maps);
  /* a one-way map of an array no map before made: checked against what the
   * kernel does with it (frontend_data_check_kernels) */
  Vec map_to = frontend_data_unmapped(src, &maps.to);
  Vec map_from = frontend_data_unmapped(src, &maps.from);
  frontend_data_clauses(src, &maps.present, &maps.copied, rest, at, l0, false);
  if (k == OMP_IGNORE && right_under_loop_directive(src, b)) {
    /* reverse under a loop directive: its order does not matter there */
    char *name = omp_name(rest);
    if (!strcmp(name, "reverse")) {
      k = OMP_TRANSFORM;
      annots = "";
    }
  }
  if (k == OMP_TRANSFORM) {
    transform_line(src, annots, why, l0, at, b, end);
    xfree(rest);
    return;
  }
  if (k == OMP_HINT || k == OMP_SYNC) {
    if (k == OMP_SYNC)
      frontend_data_sync(src, annots, b, end);
    else
      frontend_data_line(src, b, end);
    xfree(rest);
    return;
  }
  /* a loop directive with a clause nucc refuses is still a loop's: grouped
   * with its `for`, its error given once the loop is known (frontend_omp_loops) */
  if (k == OMP_LOOP || k == OMP_ERROR) {
    PragmaLine *p = NEW(PragmaLine);
    p->line = l0.line;
    p->loc = l0;
    p->begin = b;
    p->end = end;
    p->omp = true;
    p->map_to = map_to;
    p->map_from = map_from;
    const char *w = rest;
    while (*w == ' ' || *w == '\t')
      w++;
    /* a worksharing loop of the threads around it: not one that makes its
     * own (parallel for, target teams distribute parallel for, ...) */
    p->omp_for = starts_word(w, "for") || starts_word(w, "loop");
    /* the annotations' text is nucc's: every location is the directive's */
    if (k == OMP_LOOP)
      pragma_parse(annots, at, &p->annots);
    else {
      p->refused = why;
      p->refused_at = at;
      /* a fuse nucc refuses still stands over its block: the loop it
       * belongs to stays on the host */
      char *name = omp_name(rest);
      p->block = !strcmp(name, "fuse");
      xfree(name);
    }
    for (int j = 0; j < p->annots.len; j++) {
      Annot *a = p->annots.items[j];
      a->loc = at;
      for (int m = 0; m < a->nargs; m++)
        a->args[m].loc = a->args[m].key_loc = at;
    }
    vec_push(&src->pragmas, p);
  } else {
    if (k == OMP_REGION && starts_word(rest, "parallel")) {
      /* the arrays its threads keep: per-thread arrays (frontend_region_around) */
      Directive *r = NEW(Directive);
      r->name = "omp parallel";
      r->begin = b;
      r->end = end;
      parallel_region(src, toks, n, i + 3, r);
      vec_push(&src->omp_regions, r);
    }
    OmpInside *o = NEW(OmpInside);
    o->loc = at;
    o->offset = off0;
    o->begin = b;
    o->end = end;
    o->kind = (int)k;
    /* a data region without kernels has nothing to move (check_region) */
    char *name = omp_name(rest);
    o->data = k == OMP_REGION && !strcmp(name, "target data");
    o->what = xformat("'#pragma omp %s'", name);
    xfree(name);
    o->why = why;
    o->list = k == OMP_THREADPRIVATE ? annots : NULL;
    /* atomic on a scalar's update is a reduction: `v op= e`, `v++`; on an
     * element (a[i] += e, a->n++) it needs atomics nucc does not make */
    if (k == OMP_ATOMIC) {
      unsigned t = i + 3;
      for (; t < n; t++) {
        unsigned off;
        frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
        if (off >= end)
          break;
      }
      if (t + 1 < n && clang_getTokenKind(toks[t]) == CXToken_Identifier) {
        CXString s = clang_getTokenSpelling(src->clang->tu, toks[t + 1]);
        const char *nx = clang_getCString(s);
        o->scalar = strcmp(nx, "[") != 0 && strcmp(nx, ".") != 0 && strcmp(nx, "->") != 0;
        clang_disposeString(s);
      }
    }
    vec_push(&src->omp_inside, o);
  }
  xfree(rest);
}

void frontend_read_omp(Source *src, CXToken *toks, unsigned n, unsigned i, SrcLoc l0, unsigned off0,
                       SrcLoc l2, unsigned off2) {
  unsigned b, e;
  char *rest = frontend_directive_text(src, off0, off2, &b, &e);
  frontend_read_omp_text(src, toks, n, i, rest, l0,
                         (SrcLoc){.line = l2.line, .col = l2.col + 4, .file = l2.file}, off0, b, e);
}

/* The innermost `omp parallel` region around off, or NULL. */
Directive *frontend_region_around(Source *src, unsigned off) {
  Directive *best = NULL;
  for (int i = 0; i < src->omp_regions.len; i++) {
    Directive *d = src->omp_regions.items[i];
    if (!strcmp(d->name, "omp parallel") && d->region_begin <= off && off < d->region_end &&
        (!best || d->region_begin > best->region_begin))
      best = d;
  }
  return best;
}

/* --openmp: what has no GPU meaning must not be inside an offloaded loop. */

/* The end of the outermost statement that starts at `off` in a function of
 * the file, or 0: the block an OpenMP region stands over. */
typedef struct StmtAt {
  Source *src;
  unsigned at, end;
} StmtAt;

static enum CXChildVisitResult stmt_at(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  StmtAt *s = d;
  if (!frontend_in_main_file(s->src, c))
    return CXChildVisit_Continue;
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= s->at || b > s->at)
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (b == s->at && (clang_isStatement(k) || clang_isExpression(k))) {
    s->end = e;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

unsigned frontend_stmt_end(Source *src, unsigned at) {
  StmtAt s = {src, at, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), stmt_at, &s);
  return s.end;
}

/* The statement after a region's pragma line: [*b, *e), or false. */
bool frontend_region_stmt(Source *src, CXToken *toks, unsigned n, unsigned line_end, unsigned *b,
                          unsigned *e) {
  for (unsigned t = 0; t < n; t++) {
    unsigned off;
    frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
    if (off < line_end || clang_getTokenKind(toks[t]) == CXToken_Comment ||
        frontend_pp_token(src, off))
      continue;
    StmtAt s = {src, off, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), stmt_at, &s);
    *b = off;
    *e = s.end;
    return s.end > off;
  }
  return false;
}

/* The offloaded nest that holds `off`, or NULL. */
static Nest *nest_at(Source *src, unsigned off) {
  for (int j = 0; j < src->nests.len; j++) {
    Nest *n = src->nests.items[j];
    if (off >= n->for_begin && off < n->end)
      return n;
  }
  return NULL;
}

const char *frontend_dialect_flag(bool acc) { return acc ? "--openacc" : "--openmp"; }

#define OMP_WARN(o) ((o)->acc ? "nucc-acc-ignored" : "nucc-omp-ignored")

/* A region (parallel, target, teams, target data) that holds an offloaded
 * loop is dropped: its loops are kernels, and with -fopenmp every thread
 * would launch them.  One without goes on as written, so that a build with
 * -fopenmp has the threads the original has. */
static void check_region(Source *src, OmpInside *o, CXToken *toks, unsigned n) {
  unsigned b, e;
  if (!frontend_region_stmt(src, toks, n, o->end, &b, &e)) {
    diag_warning(OMP_WARN(o), o->loc,
                 "%s is not translated: no statement follows it; it stays as "
                 "written",
                 o->what);
    return;
  }
  for (int j = 0; j < src->nests.len; j++) {
    Nest *nest = src->nests.items[j];
    if (nest->for_begin >= b && nest->for_begin < e) {
      Directive *d = NEW(Directive);
      d->name = "omp parallel";
      d->begin = o->begin;
      d->end = o->end;
      d->region_begin = b;
      d->region_end = e;
      vec_push(&src->directives, d);
      return;
    }
  }
  if (o->data) { /* a data region without kernels: there is nothing to move */
    PragmaLine *p = NEW(PragmaLine);
    p->begin = o->begin;
    p->end = o->end;
    p->omp = p->acc = true;
    vec_push(&src->skipped_nu, p);
    return;
  }
  diag_warning(OMP_WARN(o), o->loc,
               "%s is not translated: the region holds no loop nucc offloads; it stays as "
               "written and runs on the host%s",
               o->what, o->acc ? "" : "'s threads");
}

void frontend_check_omp(Source *src, CXToken *toks, unsigned ntoks) {
  for (int i = 0; i < src->omp_inside.len; i++) {
    OmpInside *o = src->omp_inside.items[i];
    OmpKind k = (OmpKind)o->kind;
    Nest *in = nest_at(src, o->offset);
    if (k == OMP_THREADPRIVATE) {
      bool used = false;
      for (int j = 0; j < src->nests.len; j++) {
        Nest *n = src->nests.items[j];
        char *list = xstrdup(o->list ? o->list : "");
        for (char *w = strtok(list, ", \t"); w; w = strtok(NULL, ", \t"))
          if (frontend_names_word(src->text, n->for_begin, n->end, w)) {
            used = true;
            unsigned was = diag_set_owner(n->for_begin + 1);
            diag_error(o->loc,
                       "'%s' is threadprivate and the loop at line %d uses it: offloaded, the "
                       "loop has no threads to keep copies",
                       w, n->loops && n->depth ? n->loops[0]->loc.line : n->pragma_loc.line);
            diag_set_owner(was);
          }
        xfree(list);
      }
      if (!used)
        diag_warning(OMP_WARN(o), o->loc,
                     "%s is not translated: no loop nucc offloads uses its variables; it stays "
                     "as written",
                     o->what);
    } else if (in && k == OMP_ATOMIC && o->scalar) {
      /* a reduction's update: the analysis finds it */
    } else if (in && k == OMP_ATOMIC) {
      diag_error(o->loc,
                 "'#pragma %s atomic' on an array element or a member has no GPU meaning in a "
                 "loop that %s offloads (only a scalar's update, a reduction, may be atomic)",
                 o->acc ? "acc" : "omp", frontend_dialect_flag(o->acc));
    } else if (in && (k == OMP_NO_GPU || k == OMP_REGION)) {
      diag_error(o->loc, "%s has no GPU meaning in a loop that %s offloads", o->what,
                 frontend_dialect_flag(o->acc));
    } else if (in) {
      diag_warning(OMP_WARN(o), o->loc,
                   "%s is not translated: %s; in the loop that %s offloads at line %d, "
                   "the kernel leaves it out",
                   o->what, o->why, frontend_dialect_flag(o->acc), in->pragma_loc.line);
    } else if (k == OMP_REGION) {
      check_region(src, o, toks, ntoks);
    } else {
      diag_warning(OMP_WARN(o), o->loc, "%s is not translated: %s; it stays as written", o->what,
                   k == OMP_IGNORE ? o->why : "it is outside every loop nucc offloads");
    }
  }
}

/* --- OpenMP loops that stay on the host ----------------------------------- */

static PragmaLine *omp_line(Attach *a) {
  for (int i = 0; i < a->lines.len; i++)
    if (((PragmaLine *)a->lines.items[i])->omp)
      return a->lines.items[i];
  return NULL;
}

static bool nu_work(Attach *a) {
  for (int i = 0; i < a->lines.len; i++) {
    PragmaLine *p = a->lines.items[i];
    for (int j = 0; !p->omp && j < p->annots.len; j++)
      if (!strcmp(((Annot *)p->annots.items[j])->name, "work"))
        return true;
  }
  return false;
}

HomeLoop *frontend_home_of(Source *src, unsigned for_begin) {
  for (int i = 0; src->home && i < src->home->len; i++)
    if (((HomeLoop *)src->home->items[i])->for_begin == for_begin)
      return src->home->items[i];
  return NULL;
}

/* Records the range of every OpenMP loop (OmpLoop), and takes the loops an
 * earlier pass could not offload out of the attachments: their `for` is
 * host code as written, pragma lines and all, so that `cc -fopenmp` still
 * runs them in parallel. */
void frontend_omp_loops(Source *src) {
  Vec *attachments = &src->clang->attachments;
  int kept = 0;
  for (int i = 0; i < attachments->len; i++) {
    Attach *a = attachments->items[i];
    PragmaLine *omp = omp_line(a);
    HomeLoop *h = omp ? frontend_home_of(src, a->for_offset) : NULL;
    if (omp && !nu_work(a)) {
      StmtAt st = {src, a->for_offset, 0};
      clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), stmt_at, &st);
      OmpLoop *l = NEW(OmpLoop);
      *l = (OmpLoop){a->first->begin, a->for_offset, st.end > a->for_offset ? st.end : 0};
      if (l->end)
        vec_push(&src->omp_loops, l);
    }
    if (!h) {
      attachments->items[kept++] = a;
      /* every line of the group: a transformation under a loop directive
       * may be the one refused */
      for (int j = 0; j < a->lines.len; j++) {
        PragmaLine *p = a->lines.items[j];
        if (p->omp && p->refused)
          diag_error(p->refused_at, "%s", p->refused);
      }
      continue;
    }
    SrcLoc at = omp->annots.len ? ((Annot *)omp->annots.items[0])->loc : omp->refused_at;
    diag_warning(omp->acc ? "nucc-acc-host" : "nucc-omp-host", at,
                 "this loop stays on the host: %s", h->why);
    if (h->why_loc.line > 0 &&
        (h->why_loc.line != at.line || h->why_loc.col != at.col || h->why_loc.file != at.file))
      diag_note(h->why_loc, "the first thing nucc cannot offload");
  }
  attachments->len = kept;
}
