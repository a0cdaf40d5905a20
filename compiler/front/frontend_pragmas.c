/* frontend_pragmas.c — the `#pragma nu` lines of the file, found among
 * libclang's tokens (and, through frontend_pragma_op.c, in `_Pragma`
 * operators and macros), sorted, grouped, and attached to the `for` each
 * group stands above (Attach), or the block of loops under OpenMP's fuse.  The nests and the
 * converter then ask which `for` is annotated, and with what. */
#include "frontend_clang.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Records the line of any `#pragma` (spelled so, first on its line):
 * hostsync.c puts code above the pragma lines that stand over a statement,
 * whatever their namespace (`omp`, `GCC`), never between them and it. */
static void note_pragma_start(Source *src, CXToken hash, CXToken pragma) {
  unsigned off0, off1;
  frontend_loc(clang_getTokenLocation(src->clang->tu, hash), &off0);
  frontend_loc(clang_getTokenLocation(src->clang->tu, pragma), &off1);
  if (off1 != off0 + 1)
    return;
  unsigned b = off0;
  while (b > 0 && (src->text[b - 1] == ' ' || src->text[b - 1] == '\t'))
    b--;
  if (b > 0 && src->text[b - 1] != '\n')
    return;
  vec_push(&src->pragma_starts, (void *)(uintptr_t)b);
}

static int cmp_offset(const void *x, const void *y) {
  uintptr_t a = (uintptr_t) * (void *const *)x, b = (uintptr_t) * (void *const *)y;
  return (a > b) - (a < b);
}

/* The pragma lines in source order, those of one expansion in theirs (an
 * insertion sort: stable, and the macro ones come few and last). */
static void sort_pragmas(Vec *v) {
  for (int i = 1; i < v->len; i++) {
    PragmaLine *p = v->items[i];
    int j = i;
    for (; j > 0 && ((PragmaLine *)v->items[j - 1])->begin > p->begin; j--)
      v->items[j] = v->items[j - 1];
    v->items[j] = p;
  }
}

/* Finds `#pragma nu` lines among the file's tokens, and for each the token
 * that follows the group of pragma lines it belongs to. */
void frontend_find_pragmas(Source *src, CXToken *toks, unsigned n) {
  for (unsigned i = 0; i + 2 < n; i++) {
    CXString s0 = clang_getTokenSpelling(src->clang->tu, toks[i]);
    bool hash = !strcmp(clang_getCString(s0), "#");
    bool op = !strcmp(clang_getCString(s0), "_Pragma");
    clang_disposeString(s0);
    if (op)
      frontend_pragma_operator(src, toks, n, i);
    if (!hash)
      continue;
    CXString s1 = clang_getTokenSpelling(src->clang->tu, toks[i + 1]);
    CXString s2 = clang_getTokenSpelling(src->clang->tu, toks[i + 2]);
    if (strcmp(clang_getCString(s1), "pragma") == 0)
      note_pragma_start(src, toks[i], toks[i + 1]);
    bool nu = !strcmp(clang_getCString(s1), "pragma") && !strcmp(clang_getCString(s2), "nu");
    bool acc = src->openacc && !strcmp(clang_getCString(s1), "pragma") &&
               !strcmp(clang_getCString(s2), "acc");
    bool omp = acc || (src->openmp && !strcmp(clang_getCString(s1), "pragma") &&
                       !strcmp(clang_getCString(s2), "omp"));
    clang_disposeString(s1);
    clang_disposeString(s2);
    unsigned off0, off2;
    SrcLoc l0 = frontend_loc(clang_getTokenLocation(src->clang->tu, toks[i]), &off0);
    SrcLoc l2 = frontend_loc(clang_getTokenLocation(src->clang->tu, toks[i + 2]), &off2);
    if ((!nu && !omp) || l0.line != l2.line)
      continue;
    bool skip = frontend_in_skipped(src, off0);
    if (acc && !skip) {
      unsigned b, e;
      char *rest = frontend_directive_text(src, off0, off2, &b, &e);
      frontend_read_acc_text(
          src, rest, l0, (SrcLoc){.line = l2.line, .col = l2.col + 4, .file = l2.file}, off0, b, e);
      continue;
    }
    if (omp && !skip) {
      frontend_read_omp(src, toks, n, i, l0, off0, l2, off2);
      continue;
    }
    if (!nu)
      continue;
    PragmaLine *p = NEW(PragmaLine);
    p->line = l0.line;
    p->loc = l0;
    unsigned b = off0;
    while (b > 0 && src->text[b - 1] != '\n')
      b--;
    unsigned e = off2;
    while (e < src->len && src->text[e] != '\n')
      e++;
    p->begin = b;
    p->end = e < src->len ? e + 1 : e;
    if (skip) {
      vec_push(&src->skipped_nu, p);
      continue;
    }
    char *rest = xstrndup(src->text + off2 + 2, e - off2 - 2);
    pragma_parse(rest, (SrcLoc){.line = l2.line, .col = l2.col + 2, .file = l2.file}, &p->annots);
    xfree(rest);
    vec_push(&src->pragmas, p);
  }
  frontend_expanded_pragmas(src, toks, n);
  sort_pragmas(&src->pragmas);
  if (src->pragma_starts.len)
    qsort(src->pragma_starts.items, (size_t)src->pragma_starts.len, sizeof(void *), cmp_offset);
}

static int cmp_attach(const void *x, const void *y) {
  unsigned a = (*(Attach *const *)x)->for_offset, b = (*(Attach *const *)y)->for_offset;
  return (a > b) - (a < b);
}

/* Groups consecutive pragma lines and records the `for` each group precedes;
 * a group followed by anything else is an error. */
void frontend_attach_pragmas(Source *src, CXToken *toks, unsigned n) {
  unsigned t = 0;
  for (int pi = 0; pi < src->pragmas.len;) {
    Attach *a = NEW(Attach);
    a->first = src->pragmas.items[pi];
    PragmaLine *last = NULL;
    while (pi < src->pragmas.len) {
      PragmaLine *p = src->pragmas.items[pi];
      if (last) {
        /* only blank lines or comments may separate lines of one group (a
         * `_Pragma` may have its loop on its own line) */
        unsigned off;
        bool gap = false;
        for (unsigned k = t; k < n; k++) {
          if (clang_getTokenKind(toks[k]) == CXToken_Comment)
            continue;
          frontend_loc(clang_getTokenLocation(src->clang->tu, toks[k]), &off);
          if (off >= p->begin)
            break;
          if (off >= last->end && frontend_pp_token(src, off)) {
            a->apart = true;
            continue;
          }
          if (off >= last->end) {
            gap = true;
            break;
          }
        }
        if (gap)
          break;
      }
      /* a standalone directive ends a group */
      Annot *first = p->annots.len ? p->annots.items[0] : NULL;
      if (first && !strcmp(first->name, "wait")) {
        if (last)
          break;
        Directive *d = NEW(Directive);
        d->name = "wait";
        d->begin = p->begin;
        d->end = p->end;
        if (p->annots.len > 1)
          diag_error(((Annot *)p->annots.items[1])->loc,
                     "'wait' stands alone on its '#pragma nu' line");
        vec_push(&src->directives, d);
        p->used = true;
        pi++;
        goto next_group;
      }
      vec_push(&a->lines, p);
      last = p;
      pi++;
    }
    /* the first token after the group */
    for (; t < n; t++) {
      unsigned off;
      frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &off);
      if (off < last->end || clang_getTokenKind(toks[t]) == CXToken_Comment)
        continue;
      if (!frontend_pp_token(src, off))
        break;
      a->apart = true;
    }
    {
      bool is_for = false, is_block = false;
      if (t < n) {
        CXString s = clang_getTokenSpelling(src->clang->tu, toks[t]);
        is_for =
            clang_getTokenKind(toks[t]) == CXToken_Keyword && !strcmp(clang_getCString(s), "for");
        is_block =
            clang_getTokenKind(toks[t]) == CXToken_Punctuation && !strcmp(clang_getCString(s), "{");
        clang_disposeString(s);
        frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &a->for_offset);
      }
      /* OpenMP's fuse stands over a block of loops (a loop sequence), and
       * the lines above it over the loop it makes */
      if (last->block && !is_block) {
        if (last->refused)
          diag_error(last->refused_at, "%s", last->refused);
        diag_error(last->annots.len ? ((Annot *)last->annots.items[0])->loc : last->loc,
                   "'#pragma omp fuse' must stand directly above a block of loops, '{ for (...) "
                   "...; for (...) ...; }'");
        continue;
      }
      a->block = is_block && last->block;
      if (!is_for && !a->block) {
        Annot *an = last->annots.len ? last->annots.items[0] : NULL;
        if (last->refused)
          diag_error(last->refused_at, "%s", last->refused);
        diag_error(an ? an->loc : last->loc, "'#pragma nu' must stand directly above a 'for' loop");
        continue;
      }
      vec_push(&src->clang->attachments, a);
    }
  next_group:;
  }
  Vec *attachments = &src->clang->attachments;
  if (attachments->len)
    qsort(attachments->items, (size_t)attachments->len, sizeof(void *), cmp_attach);
}

/* The group above the `for` at c, or NULL.  A binary search (attachments
 * are sorted by for_offset after frontend_attach_pragmas): every `for` of the file
 * asks, and a file can have hundreds of nests. */
Attach *frontend_attach_of(Source *src, CXCursor c) {
  Vec *attachments = &src->clang->attachments;
  unsigned off = frontend_begin(c);
  int lo = 0, hi = attachments->len;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    unsigned at = ((Attach *)attachments->items[mid])->for_offset;
    if (at == off)
      return attachments->items[mid];
    if (at < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* The group's annotations in application order: lines bottom to top,
 * within a line right to left. */
Vec *frontend_annots_of(Attach *a) {
  Vec *v = NEW(Vec);
  for (int i = a->lines.len - 1; i >= 0; i--) {
    PragmaLine *p = a->lines.items[i];
    p->used = true;
    for (int j = p->annots.len - 1; j >= 0; j--)
      vec_push(v, p->annots.items[j]);
  }
  return v;
}

bool frontend_is_annotated_for(Ctx *cx, CXCursor c) {
  return frontend_attach_of(cx->src, c) != NULL;
}
