/* frontend_acc.c — --openacc in the front end: `#pragma acc` lines read
 * (openacc.c parses them) into the structures --openmp uses (PragmaLine
 * marked omp, OmpInside, Directive), so that regions, stray constructs and
 * the loops that stay on the host are handled as for OpenMP
 * (frontend_omp.c); what is OpenACC's own is here: loop directives nested
 * in one another joined into one mapped nest, the loops of a `kernels`
 * region that carry no directive, `update host` and `wait` as host code,
 * and `present` checked against the data clauses before it. */
#include "frontend_clang.h"
#include "openacc.h"

#include <stdint.h>
#include <string.h>

void frontend_read_acc_text(Source *src, char *rest, SrcLoc l0, SrcLoc at, unsigned off0,
                            unsigned b, unsigned end) {
  AccDir d;
  acc_parse(rest, &d);
  for (int i = 0; i < d.notes.len; i++) {
    AccNote *n = d.notes.items[i];
    if (n->error)
      diag_error(frontend_data_at(at, l0, n->at), "%s", n->msg);
    else
      diag_warning("nucc-acc-ignored", frontend_data_at(at, l0, n->at), "%s", n->msg);
  }
  /* lazy synchronisation copies what kernels use by itself, so a data
   * clause is a hint (frontend_data.c) */
  frontend_data_clauses(src, &d.present, &d.copied, rest, at, l0, true);

  if (d.kind == OMP_LOOP || d.kind == OMP_ERROR) {
    PragmaLine *p = NEW(PragmaLine);
    p->line = l0.line;
    p->loc = l0;
    p->begin = b;
    p->end = end;
    p->omp = p->acc = true;
    if (d.kind == OMP_LOOP) {
      p->acc_loop = NEW(AccLoop);
      *p->acc_loop = d.loop;
    } else {
      p->refused = d.why;
    }
    p->refused_at = at;
    vec_push(&src->pragmas, p);
  } else if (d.kind == OMP_SYNC) {
    frontend_data_sync(src, d.sync, b, end);
  } else if (d.kind == OMP_HINT) {
    frontend_data_line(src, b, end);
  } else {
    OmpInside *o = NEW(OmpInside);
    o->loc = at;
    o->offset = off0;
    o->begin = b;
    o->end = end;
    o->kind = (int)d.kind;
    o->acc = true;
    o->kernels = d.kernels;
    o->serial = d.serial;
    o->data = d.data;
    o->what = xformat("'#pragma acc %s'", acc_name(rest));
    o->why = d.why;
    if (d.kind == OMP_ATOMIC) { /* on a scalar's update: a reduction (frontend_omp.c) */
      const char *s = src->text + end;
      while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
      while (*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
             (*s >= '0' && *s <= '9'))
        s++;
      while (*s == ' ' || *s == '\t')
        s++;
      o->scalar = *s != '[' && *s != '.' && strncmp(s, "->", 2) != 0;
    }
    vec_push(&src->omp_inside, o);
  }
  xfree(rest);
}

/* --- nests ----------------------------------------------------------------- */

/* The first token at or after off that is code, not a comment or a
 * preprocessor line; its offset, or UINT_MAX. */
static unsigned code_after(Source *src, CXToken *toks, unsigned n, unsigned off) {
  for (unsigned t = 0; t < n; t++) {
    unsigned o;
    frontend_loc(clang_getTokenLocation(src->clang->tu, toks[t]), &o);
    if (o < off || clang_getTokenKind(toks[t]) == CXToken_Comment || frontend_pp_token(src, o))
      continue;
    return o;
  }
  return ~0u;
}

static SrcLoc loc_of(Source *src, unsigned off) {
  return frontend_loc(clang_getLocationForOffset(src->clang->tu, src->clang->file, off), NULL);
}

typedef struct ForFind {
  Source *src;
  unsigned at;
  CXCursor found;
  bool ok;
} ForFind;

static enum CXChildVisitResult find_for(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  ForFind *f = d;
  if (!frontend_in_main_file(f->src, c))
    return CXChildVisit_Continue;
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= f->at || b > f->at)
    return CXChildVisit_Continue;
  if (b == f->at && clang_getCursorKind(c) == CXCursor_ForStmt) {
    f->found = c;
    f->ok = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

typedef struct ForKids {
  CXCursor last;
  int n;
} ForKids;

static enum CXChildVisitResult for_kids(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  ForKids *k = d;
  k->last = c;
  k->n++;
  return CXChildVisit_Continue;
}

/* Whether the `for` at inner is the whole body of the `for` at outer. */
static bool tight(Source *src, unsigned outer, unsigned inner) {
  ForFind f = {src, outer, clang_getNullCursor(), false};
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), find_for, &f);
  if (!f.ok)
    return false;
  ForKids k = {clang_getNullCursor(), 0};
  clang_visitChildren(f.found, for_kids, &k);
  CXCursor body = k.last;
  if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
    ForKids in = {clang_getNullCursor(), 0};
    clang_visitChildren(body, for_kids, &in);
    if (in.n != 1)
      return false;
    body = in.last;
  }
  return clang_getCursorKind(body) == CXCursor_ForStmt && frontend_begin(body) == inner;
}

typedef struct Region {
  unsigned b, e;
  bool kernels, serial;
} Region;

typedef struct TopFors {
  Source *src;
  unsigned b, e;
  Vec *out; /* offsets (as uintptr) */
} TopFors;

static enum CXChildVisitResult top_fors(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  TopFors *t = d;
  if (!frontend_in_main_file(t->src, c))
    return CXChildVisit_Continue;
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= t->b || b >= t->e)
    return CXChildVisit_Continue;
  if (b >= t->b && clang_getCursorKind(c) == CXCursor_ForStmt) {
    vec_push(t->out, (void *)(uintptr_t)b);
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

static void remove_line(Source *src, PragmaLine *p) {
  frontend_data_line(src, p->begin, p->end);
  int k = 0;
  for (int i = 0; i < src->pragmas.len; i++)
    if (src->pragmas.items[i] != p)
      src->pragmas.items[k++] = src->pragmas.items[i];
  src->pragmas.len = k;
}

static void write_annots(PragmaLine *p, const char *text, SrcLoc at) {
  pragma_parse(text, at, &p->annots);
  /* the annotations' text is nucc's: every location is the directive's */
  for (int j = 0; j < p->annots.len; j++) {
    Annot *a = p->annots.items[j];
    a->loc = at;
    for (int m = 0; m < a->nargs; m++)
      a->args[m].loc = a->args[m].key_loc = at;
  }
}

void frontend_acc_nests(Source *src, CXToken *toks, unsigned n) {
  Vec regions = {0};
  for (int i = 0; i < src->omp_inside.len; i++) {
    OmpInside *o = src->omp_inside.items[i];
    unsigned b, e;
    if (o->acc && o->kind == OMP_REGION && (o->kernels || o->serial) &&
        frontend_region_stmt(src, toks, n, o->end, &b, &e)) {
      Region *r = NEW(Region);
      *r = (Region){b, e, o->kernels, o->serial};
      vec_push(&regions, r);
    }
  }
  Vec lines = {0};
  for (int i = 0; i < src->pragmas.len; i++) {
    PragmaLine *p = src->pragmas.items[i];
    if (!p->acc || !p->acc_loop)
      continue;
    unsigned f = code_after(src, toks, n, p->end);
    unsigned e = f == ~0u ? 0 : frontend_stmt_end(src, f);
    p->acc_for_begin = f;
    p->acc_for_end = e > f ? e : f;
    for (int r = 0; r < regions.len && !p->acc_loop->combined; r++) {
      Region *g = regions.items[r];
      if (f >= g->b && f < g->e) {
        p->acc_loop->kernels |= g->kernels;
        p->acc_loop->serial |= g->serial;
      }
    }
    vec_push(&lines, p);
  }
  /* nested loop directives: one joins the directive of the loop right
   * around it into one mapped nest (`parallel loop gang` over i, `loop
   * vector` over j), as OpenACC's gang and vector levels are one NDRange
   * here; any other runs in order inside each work-item */
  for (int i = 0; i < lines.len; i++) {
    PragmaLine *l = lines.items[i];
    PragmaLine *parent = NULL;
    for (int j = 0; j < i; j++) {
      PragmaLine *q = lines.items[j];
      if (l->acc_for_begin > q->acc_for_begin && l->acc_for_begin < q->acc_for_end)
        parent = q;
    }
    if (!parent)
      continue;
    PragmaLine *root = parent->acc_root ? parent->acc_root : parent;
    PragmaLine *last = root->acc_last ? root->acc_last : root;
    if (parent == last && root->acc_loop && tight(src, parent->acc_for_begin, l->acc_for_begin) &&
        acc_merge(root->acc_loop, l->acc_loop)) {
      l->acc_root = root;
      root->acc_last = l;
      remove_line(src, l);
      continue;
    }
    l->acc_root = root;
    remove_line(src, l);
    if (l->acc_loop->seq)
      continue; /* honoured: the kernel runs it in order */
    OmpInside *o = NEW(OmpInside);
    o->loc = l->refused_at;
    o->offset = l->begin;
    o->begin = l->begin;
    o->end = l->end;
    o->kind = OMP_IGNORE;
    o->acc = true;
    o->what = xstrdup("'#pragma acc loop'");
    o->why = xstrdup("it is not the whole body of the loop mapped above it, or the mapped "
                     "loops would be more than 3: each work-item runs it in order");
    vec_push(&src->omp_inside, o);
  }
  for (int i = 0; i < lines.len; i++) {
    PragmaLine *l = lines.items[i];
    if (l->acc_root)
      continue;
    if (l->acc_loop->seq || l->acc_loop->serial) {
      remove_line(src, l);
      diag_warning("nucc-acc-host", l->refused_at, "this loop stays on the host: %s",
                   l->acc_loop->seq ? "'seq' asks for its iterations in order"
                                    : "a 'serial' construct runs its loops on one thread");
      continue;
    }
    write_annots(l, acc_annots(l->acc_loop), l->refused_at);
  }
  /* the loops of a kernels region without a directive: nucc decides what
   * is parallel in each, as a bare work does */
  for (int r = 0; r < regions.len; r++) {
    Region *g = regions.items[r];
    if (!g->kernels)
      continue;
    Vec fors = {0};
    TopFors t = {src, g->b, g->e, &fors};
    clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), top_fors, &t);
    for (int k = 0; k < fors.len; k++) {
      unsigned f = (unsigned)(uintptr_t)fors.items[k];
      bool taken = false;
      for (int i = 0; i < lines.len && !taken; i++)
        taken = ((PragmaLine *)lines.items[i])->acc_for_begin == f;
      /* a `#pragma nu` line over it says what it wants */
      unsigned lb = f;
      while (lb > 0 && src->text[lb - 1] != '\n')
        lb--;
      unsigned pb = lb ? lb - 1 : 0;
      while (pb > 0 && src->text[pb - 1] != '\n')
        pb--;
      while (pb < lb && (src->text[pb] == ' ' || src->text[pb] == '\t'))
        pb++;
      if (taken || (lb && !strncmp(src->text + pb, "#pragma", 7)))
        continue;
      PragmaLine *p = NEW(PragmaLine);
      SrcLoc at = loc_of(src, f);
      p->line = at.line;
      p->loc = at;
      p->begin = p->end = f;
      p->omp = p->acc = true;
      p->refused_at = at;
      write_annots(p, "work", at);
      vec_push(&src->pragmas, p);
    }
  }
  /* kept in source order, as frontend_attach_pragmas wants them */
  for (int i = 1; i < src->pragmas.len; i++) {
    PragmaLine *p = src->pragmas.items[i];
    int j = i;
    for (; j > 0 && ((PragmaLine *)src->pragmas.items[j - 1])->begin > p->begin; j--)
      src->pragmas.items[j] = src->pragmas.items[j - 1];
    src->pragmas.items[j] = p;
  }
}
