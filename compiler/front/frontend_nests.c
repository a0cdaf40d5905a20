/* frontend_nests.c — the annotated nests: every function of the file, each
 * annotated `for` taken with the perfectly nested canonical loops under it
 * as a Nest, and the variables the function names outside its nests.
 * Receives the attached pragmas; hands on src->nests and src->funcs. */
#include "frontend_clang.h"

/* The single `for` that is the whole body (directly or in braces), or a null
 * cursor. */
static CXCursor only_for(CXCursor body) {
  CXCursor c = body;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    Kids k = frontend_kids_of(c);
    if (k.n != 1)
      return clang_getNullCursor();
    c = k.c[0];
  }
  return clang_getCursorKind(c) == CXCursor_ForStmt ? c : clang_getNullCursor();
}

typedef struct {
  Ctx *cx;
  Vec *nests; /* Nest*: the function's */
  Vec used;   /* Var* */
} Outside;

/* Variables the function names outside its annotated nests: a temporary
 * private to a nest's work-items needs its last value copied out only if
 * the program may read it there (or in a nest that does not write it
 * first, which private.c decides; or it is a global). */
static enum CXChildVisitResult find_outside(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Outside *o = d;
  unsigned b = frontend_begin(c), e = frontend_end(c);
  for (int i = 0; i < o->nests->len; i++) {
    Nest *n = o->nests->items[i];
    if (b >= n->begin && e <= n->end)
      return CXChildVisit_Continue;
  }
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    CXCursor ref = clang_getCursorReferenced(c);
    enum CXCursorKind k = clang_getCursorKind(ref);
    if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
      Var *v = conv_var(o->cx, ref);
      bool seen = false;
      for (int i = 0; i < o->used.len && !seen; i++)
        seen = o->used.items[i] == v;
      if (!seen)
        vec_push(&o->used, v);
    }
  }
  return CXChildVisit_Recurse;
}

static void build_nest(Ctx *cx, CXCursor for_c, Attach *a, const char *func, CXCursor fdecl) {
  Nest *nest = NEW(Nest);
  nest->names = &cx->src->names;
  nest->index = cx->src->nests.len;
  nest->func_name = xstrdup(func);
  nest->pragma_loc = a->first->loc;
  nest->begin = a->first->begin;
  for (int i = 0; i < a->lines.len; i++) {
    PragmaLine *p = a->lines.items[i];
    nest->omp_for |= p->omp && p->omp_for;
    nest->acc |= p->acc;
    for (int j = 0; j < p->map_to.len; j++)
      vec_push(&nest->map_to, p->map_to.items[j]);
    for (int j = 0; j < p->map_from.len; j++)
      vec_push(&nest->map_from, p->map_from.items[j]);
    if ((p->map_to.len || p->map_from.len) && p->annots.len)
      nest->map_loc = ((Annot *)p->annots.items[0])->loc;
  }
  if (a->apart) { /* the directives stay where they are: the nest starts at its line */
    nest->begin = frontend_begin(for_c);
    while (nest->begin > 0 &&
           (cx->src->text[nest->begin - 1] == ' ' || cx->src->text[nest->begin - 1] == '\t'))
      nest->begin--;
    for (int i = 0; i < a->lines.len; i++)
      vec_push(&nest->apart, a->lines.items[i]);
  }
  nest->end = conv_for_end(cx, for_c);
  nest->for_begin = frontend_begin(for_c);
  nest->annots = *frontend_annots_of(a);
  cx->nest_begin = nest->for_begin;
  cx->nest_end = nest->end;
  Vec loops = {0};
  CXCursor curs[64];
  CXCursor c = for_c;
  if (a->block) { /* OpenMP's fuse over a block of loops: the block's stand-in loop */
    vec_push(&loops, conv_loop_sequence(cx, for_c));
    c = clang_getNullCursor();
  }
  while (!clang_Cursor_isNull(c) && loops.len < 64) {
    curs[loops.len] = c;
    SrcLoc why_loc;
    char *why = NULL;
    Loop *l = conv_canonical_loop(cx, c, &why_loc, &why);
    if (!l) {
      if (loops.len == 0) {
        diag_error(why_loc, "the annotated loop is not in canonical form: %s", why);
        xfree(why);
        return;
      }
      nest->bad_loop_loc = why_loc;
      nest->bad_loop_why = why;
      ((Loop *)loops.items[loops.len - 1])->body = conv_stmt(cx, c);
      break;
    }
    vec_push(&loops, l);
    Kids k = frontend_kids_of(c);
    CXCursor inner = only_for(k.c[3]);
    if (clang_Cursor_isNull(inner) || loops.len == 64) { /* deeper loops: the body */
      l->body = conv_stmt(cx, k.c[3]);
      break;
    }
    if (frontend_is_annotated_for(cx, inner)) {
      /* the nest stops here: the inner loop keeps its own annotations */
      l->body = conv_stmt(cx, k.c[3]);
      break;
    }
    c = inner;
  }
  /* Check invariance against the innermost body; cut the nest where it fails. */
  Stmt *inner_body = loops.len ? ((Loop *)loops.items[loops.len - 1])->body : NULL;
  for (int i = 0; i < loops.len; i++) {
    Loop *l = loops.items[i];
    SrcLoc why_loc = l->loc;
    char *why = NULL;
    bool ok = inner_body && conv_loop_invariant(l, inner_body, &why_loc, &why);
    for (int j = i + 1; ok && j < loops.len; j++)
      if (((Loop *)loops.items[j])->var == l->var) {
        why_loc = ((Loop *)loops.items[j])->loc;
        why = xformat("an inner loop assigns the index '%s'", l->var->name);
        ok = false;
      }
    if (!ok) {
      if (i == 0) {
        diag_error(why_loc, "the annotated loop is not in canonical form: %s", why);
        xfree(why);
        return;
      }
      nest->bad_loop_loc = why_loc;
      nest->bad_loop_why = why;
      loops.len = i;
      ((Loop *)loops.items[i - 1])->body = conv_stmt(cx, curs[i]);
      break;
    }
  }
  /* Link the chain: each loop's body is the next loop; from the inside out,
   * so that each wrapper copies a body that is already linked. */
  for (int i = loops.len - 2; i >= 0; i--) {
    Loop *l = loops.items[i];
    Stmt *s = NEW(Stmt);
    s->kind = ST_FOR;
    s->loc = ((Loop *)loops.items[i + 1])->loc;
    s->begin = frontend_begin(curs[i + 1]);
    s->end = conv_for_end(cx, curs[i + 1]);
    s->loop = loops.items[i + 1];
    s->body = s->loop->body;
    l->body = s;
  }
  nest->loops = (Loop **)loops.items;
  nest->depth = loops.len;
  if (loops.len) {
    /* a pointer the loop assigns is followed only if nothing after the
     * loop reads what it left in it */
    Outside o = {cx, NEW(Vec), {0}};
    vec_push(o.nests, nest);
    clang_visitChildren(fdecl, find_outside, &o);
    frontend_follow_aliases(nest, &o.used);
    xfree(o.nests->items);
    xfree(o.used.items);
  }
  vec_push(&cx->src->nests, nest);
}

typedef struct {
  Ctx *cx;
  const char *func;
  CXCursor decl; /* the function */
} FindVisit;

static enum CXChildVisitResult find_fors(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  FindVisit *fv = d;
  /* a loop that stays on the host stays whole: a kernel inside it would be
   * launched from each of the host's threads under -fopenmp */
  enum CXCursorKind k = clang_getCursorKind(c);
  bool loop = k == CXCursor_ForStmt || k == CXCursor_CompoundStmt; /* a block under omp fuse */
  if (loop && frontend_home_of(fv->cx->src, frontend_begin(c)))
    return CXChildVisit_Continue;
  Attach *a = loop ? frontend_attach_of(fv->cx->src, c) : NULL;
  if (a) {
    /* an error in a helper the loop calls is the loop's (OmpLoop) */
    unsigned was = diag_set_owner(frontend_begin(c) + 1);
    build_nest(fv->cx, c, a, fv->func, fv->decl);
    /* names a tile size may use: the function's parameters, the globals */
    Nest *n = fv->cx->src->nests.len ? fv->cx->src->nests.items[fv->cx->src->nests.len - 1] : NULL;
    bool home = n && n->for_begin == frontend_begin(c) &&
                !frontend_private_arrays(fv->cx->src, n, a, frontend_begin(fv->decl),
                                         frontend_end(fv->decl));
    diag_set_owner(was);
    if (home) {
      fv->cx->src->nests.len--; /* host code, as written */
      return CXChildVisit_Continue;
    }
    if (n && n->for_begin == frontend_begin(c)) {
      int np = clang_Cursor_getNumArguments(fv->decl);
      for (int i = 0; i < np; i++)
        vec_push(&n->visible, conv_var(fv->cx, clang_Cursor_getArgument(fv->decl, (unsigned)i)));
      for (int i = 0; i < fv->cx->globals.len; i++)
        vec_push(&n->visible, fv->cx->globals.items[i]);
    }
    return CXChildVisit_Continue; /* inner annotated loops were reported */
  }
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_funcs(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Ctx *cx = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl && frontend_in_main_file(cx->src, c))
    vec_push(&cx->globals, conv_var(cx, c));
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      frontend_in_main_file(cx->src, c)) {
    Func *f = NEW(Func);
    f->name = frontend_spelling(c);
    f->loc = frontend_loc_of(c);
    f->begin = frontend_begin(c);
    f->end = frontend_end(c);
    vec_push(&cx->src->funcs, f);
  }
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_nests(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Ctx *cx = d;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      frontend_in_main_file(cx->src, c)) {
    char *name = frontend_spelling(c);
    FindVisit fv = {cx, name, c};
    int first = cx->src->nests.len;
    clang_visitChildren(c, find_fors, &fv);
    xfree(name);
    Outside o = {cx, NEW(Vec), {0}};
    for (int i = first; i < cx->src->nests.len; i++)
      vec_push(o.nests, cx->src->nests.items[i]);
    clang_visitChildren(c, find_outside, &o);
    for (int i = 0; i < o.nests->len; i++) {
      Nest *n = o.nests->items[i];
      n->used_outside = o.used;
      n->siblings = o.nests;
    }
  }
  return CXChildVisit_Continue;
}

void frontend_collect_nests(Source *src) {
  Ctx *cx = NEW(Ctx);
  cx->src = src;
  CXCursor root = clang_getTranslationUnitCursor(src->clang->tu);
  clang_visitChildren(root, find_funcs, cx);
  clang_visitChildren(root, find_nests, cx);
}
