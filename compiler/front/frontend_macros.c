/* frontend_macros.c — the macros the input's code expands, for the output's
 * check of their values (SPEC §6).  Receives the parsed translation unit
 * (with libclang's detailed preprocessing record); hands on, in
 * Source.macro_uses, every expansion written in the input file of a macro
 * that the user defined (in the file, a header of the user's, or on the
 * command line), with the value it had there, object-like macros in it
 * expanded.  Macros of system headers and the compiler's own are left out:
 * the user does not set them, and GCC and clang may spell them apart. */
#include "frontend_clang.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct Collect {
  Source *src;
  Vec defs; /* MacroDef*, in the order the preprocessor met them */
} Collect;

/* Whether the definition is the user's: not in a system header, not one of
 * the compiler's predefined macros.  Clang keeps -D macros in the buffer of
 * the predefined ones, under a line marker "<command line>". */
static bool user_macro(CXCursor c) {
  CXSourceLocation loc = clang_getCursorLocation(c);
  if (clang_Location_isInSystemHeader(loc))
    return false;
  CXString name;
  clang_getPresumedLocation(loc, &name, NULL, NULL);
  const char *s = clang_getCString(name);
  bool builtin = !s || !*s || !strcmp(s, "<built-in>");
  clang_disposeString(name);
  return !builtin;
}

/* The replacement list's tokens, spelled and separated by one space. */
static char *replacement(Source *src, CXCursor c, bool function_like) {
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(src->clang->tu, clang_getCursorExtent(c), &toks, &n);
  unsigned i = 1; /* past the name */
  if (function_like) {
    for (int depth = 0; i < n; i++) {
      CXString t = clang_getTokenSpelling(src->clang->tu, toks[i]);
      const char *s = clang_getCString(t);
      depth += !strcmp(s, "(") - !strcmp(s, ")");
      clang_disposeString(t);
      if (!depth) {
        i++;
        break;
      }
    }
  }
  Buf b = {0};
  buf_puts(&b, "");
  for (; i < n; i++) {
    CXString t = clang_getTokenSpelling(src->clang->tu, toks[i]);
    const char *s = clang_getCString(t);
    buf_printf(&b, "%s%s", b.len ? " " : "", s);
    clang_disposeString(t);
  }
  clang_disposeTokens(src->clang->tu, toks, n);
  return b.s;
}

/* The definition of `name` in force now: the last one met, or NULL. */
static MacroDef *def_before(Collect *co, const char *name) {
  for (int i = co->defs.len - 1; i >= 0; i--) {
    MacroDef *d = co->defs.items[i];
    if (!strcmp(d->name, name))
      return d;
  }
  return NULL;
}

/* d's value with the user's object-like macros in it replaced by theirs,
 * as the C compiler will expand it at the use (the definitions met before
 * it); `used` collects every user macro it names, which a function-like
 * macro's call does not show.  *opaque: a system macro is left in it. */
static void expand(Collect *co, MacroDef *d, int depth, Buf *out, Vec *used, bool *opaque) {
  const char *p = d->value;
  while (*p) {
    size_t n = strcspn(p, " ");
    char *tok = xstrndup(p, n);
    MacroDef *in = isalpha((unsigned char)*tok) || *tok == '_' ? def_before(co, tok) : NULL;
    if (in && !in->function_like && in->user && depth < 16 && strcmp(in->name, d->name) != 0) {
      Buf sub = {0};
      buf_puts(&sub, "");
      expand(co, in, depth + 1, &sub, used, opaque);
      buf_printf(out, "%s%s", out->len ? " " : "", sub.s);
      xfree(sub.s);
    } else {
      *opaque |= in && !in->user;
      buf_printf(out, "%s%s", out->len ? " " : "", tok);
    }
    if (in && in->user && !vec_contains(used, in))
      vec_push(used, in);
    xfree(tok);
    p += n;
    while (*p == ' ')
      p++;
  }
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Collect *co = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_MacroDefinition) {
    MacroDef *d = NEW(MacroDef);
    CXString s = clang_getCursorSpelling(c);
    d->name = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    d->function_like = clang_Cursor_isMacroFunctionLike(c);
    d->user = user_macro(c);
    if (d->user)
      d->value = replacement(co->src, c, d->function_like);
    vec_push(&co->defs, d);
  } else if (k == CXCursor_MacroExpansion && frontend_in_main_file(co->src, c)) {
    CXCursor def = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(def))
      return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    MacroDef *d = def_before(co, clang_getCString(s));
    clang_disposeString(s);
    if (!d || !d->user)
      return CXChildVisit_Continue;
    MacroUse *u = NEW(MacroUse);
    u->offset = frontend_begin(c);
    Vec used = {0};
    vec_push(&used, d);
    for (int i = 0; i < used.len; i++) { /* grows as expand() finds more */
      MacroDef *m = used.items[i];
      MacroValue *v = NEW(MacroValue);
      v->def = m;
      Buf b = {0};
      buf_puts(&b, "");
      expand(co, m, 0, &b, &used, &v->opaque);
      v->value = b.s;
      if (m->function_like) /* no value to compare: the macros it names are */
        xfree(v);
      else
        vec_push(&u->values, v);
    }
    xfree(used.items);
    vec_push(&co->src->macro_uses, u);
  }
  return CXChildVisit_Continue;
}

void frontend_collect_macros(Source *src) {
  Collect co = {src, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), visit, &co);
  xfree(co.defs.items);
}
