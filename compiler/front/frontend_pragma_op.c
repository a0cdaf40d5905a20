/* frontend_pragma_op.c — pragmas that stand on no `#pragma` line: the
 * `_Pragma` operator, written in the file or produced by a macro the file
 * expands (through other macros and `#PARAM`).  Receives the file's tokens;
 * hands on PragmaLines, as frontend_pragmas.c makes for `#pragma` lines. */
#include "frontend_clang.h"
#include "openacc.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

/* `_Pragma("omp parallel for")`, the C99 operator a macro usually produces,
 * is a pragma like a `#pragma` line: written in the file, or from a macro
 * (defined here or in a header) that the file expands, through other
 * macros and `#PARAM` too.  Clang drops a pragma it does not know, so
 * nucc reads the operator's text itself. */

static char *token_text(Source *src, CXToken t) {
  CXString s = clang_getTokenSpelling(src->clang->tu, t);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

bool frontend_token_is(Source *src, CXToken t, const char *w) {
  CXString s = clang_getTokenSpelling(src->clang->tu, t);
  bool r = !strcmp(clang_getCString(s), w);
  clang_disposeString(s);
  return r;
}

/* The text of a string literal "..." without its quotes and escapes of `"`
 * and `\`, as _Pragma destringizes it; NULL for another token. */
static char *destringize(const char *lit) {
  size_t n = strlen(lit);
  if (n < 2 || lit[0] != '"' || lit[n - 1] != '"')
    return NULL;
  char *r = xstrndup(lit + 1, n - 2), *w = r;
  for (const char *p = r; *p; p++) {
    if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
      p++;
    *w++ = *p;
  }
  *w = 0;
  return r;
}

/* A pragma's span in the output: from its first byte, or its line's start
 * when only blanks stand before; to its last, or past the newline when only
 * blanks follow, so that one alone on its line goes whole. */
static void pragma_span(Source *src, unsigned first, unsigned last, unsigned *b, unsigned *e) {
  unsigned p = first;
  while (p > 0 && (src->text[p - 1] == ' ' || src->text[p - 1] == '\t'))
    p--;
  *b = p == 0 || src->text[p - 1] == '\n' ? p : first;
  p = last;
  while (p < src->len && (src->text[p] == ' ' || src->text[p] == '\t'))
    p++;
  *e = p >= src->len ? p : src->text[p] == '\n' ? p + 1 : last;
}

/* A pragma found anywhere, by the text after `pragma` ("nu work(64)", "omp
 * parallel for"), at `loc` (offset off) and spanning [b, e): read as its
 * namespace says.  Its columns are not the file's, so every annotation's
 * location is the pragma's. */
static void take_pragma(Source *src, CXToken *toks, unsigned n, unsigned i, const char *text,
                        SrcLoc loc, unsigned off, unsigned b, unsigned e) {
  /* alone on its line, it stands over a statement as a `#pragma` line does
   * (hostsync.c puts code above it) */
  if ((b == 0 || src->text[b - 1] == '\n') && e > b && src->text[e - 1] == '\n')
    vec_push(&src->pragma_starts, (void *)(uintptr_t)b);
  while (*text == ' ' || *text == '\t')
    text++;
  bool nu = !strncmp(text, "nu", 2) && !isalnum((unsigned char)text[2]) && text[2] != '_';
  bool omp =
      src->openmp && !strncmp(text, "omp", 3) && !isalnum((unsigned char)text[3]) && text[3] != '_';
  bool acc = src->openacc && !strncmp(text, "acc", 3) && !isalnum((unsigned char)text[3]) &&
             text[3] != '_';
  if (acc) {
    frontend_read_acc_text(src, xstrdup(text + 3), loc, loc, off, b, e);
    return;
  }
  if (omp) {
    frontend_read_omp_text(src, toks, n, i, xstrdup(text + 3), loc, loc, off, b, e);
    return;
  }
  if (!nu)
    return;
  PragmaLine *p = NEW(PragmaLine);
  p->line = loc.line;
  p->loc = loc;
  p->begin = b;
  p->end = e;
  pragma_parse(text + 2, loc, &p->annots);
  for (int j = 0; j < p->annots.len; j++) {
    Annot *a = p->annots.items[j];
    a->loc = loc;
    for (int m = 0; m < a->nargs; m++)
      a->args[m].loc = a->args[m].key_loc = loc;
  }
  vec_push(&src->pragmas, p);
}

/* `_Pragma ( "text" )` written in the file, at toks[i]. */
void frontend_pragma_operator(Source *src, CXToken *toks, unsigned n, unsigned i) {
  unsigned off, end;
  SrcLoc loc = frontend_loc(clang_getTokenLocation(src->clang->tu, toks[i]), &off);
  if (frontend_pp_token(src, off)) /* in a #define (read where it is expanded) or skipped */
    return;
  char *text = NULL;
  if (i + 3 < n && frontend_token_is(src, toks[i + 1], "(") &&
      frontend_token_is(src, toks[i + 3], ")")) {
    char *lit = token_text(src, toks[i + 2]);
    text = destringize(lit);
    xfree(lit);
  }
  if (!text) {
    diag_warning("nucc-pragma-operator", loc,
                 "this '_Pragma' is not read: its operand is not a string literal");
    return;
  }
  frontend_loc(clang_getRangeEnd(clang_getTokenExtent(src->clang->tu, toks[i + 3])), &end);
  unsigned b, e;
  pragma_span(src, off, end, &b, &e);
  take_pragma(src, toks, n, i, text, loc, off, b, e);
  xfree(text);
}

/* Every macro definition the file's expansions may reach, by name. */
typedef struct MacroDefs {
  Source *src;
  Vec defs;       /* CXCursor* of MacroDefinition, in order */
  Vec expansions; /* CXCursor* of the file's MacroExpansion, in order */
  Vec in_headers; /* CXCursor* of the MacroExpansions in headers the user wrote */
} MacroDefs;

static enum CXChildVisitResult collect_macros(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  MacroDefs *m = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_MacroDefinition && k != CXCursor_MacroExpansion)
    return CXChildVisit_Continue;
  bool header = k == CXCursor_MacroExpansion && !frontend_in_main_file(m->src, c);
  if (header && clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  CXCursor *p = NEW(CXCursor);
  *p = c;
  vec_push(k == CXCursor_MacroDefinition ? &m->defs : header ? &m->in_headers : &m->expansions, p);
  return CXChildVisit_Continue;
}

static CXCursor *macro_named(MacroDefs *m, const char *name) {
  for (int i = m->defs.len - 1; i >= 0; i--) {
    CXCursor *c = m->defs.items[i];
    CXString s = clang_getCursorSpelling(*c);
    bool eq = !strcmp(clang_getCString(s), name);
    clang_disposeString(s);
    if (eq)
      return c;
  }
  return NULL;
}

/* Text of tokens [a, b) (a macro argument, as `#x` spells it), with the
 * enclosing macro's parameters replaced by its arguments' texts. */
static char *tokens_text(Source *src, CXToken *t, unsigned a, unsigned b, const Vec *params,
                         const Vec *args) {
  Buf out = {0};
  buf_puts(&out, "");
  for (unsigned k = a; k < b; k++) {
    char *w = token_text(src, t[k]);
    const char *put = w;
    for (int j = 0; j < params->len && j < args->len; j++)
      if (!strcmp(params->items[j], w))
        put = args->items[j];
    buf_printf(&out, "%s%s", k > a ? " " : "", put);
    xfree(w);
  }
  return out.s;
}

/* The arguments of a call-like use `NAME ( a, b )` starting at t[k] (the
 * name), as texts; *next past the `)`. */
static Vec macro_args(Source *src, CXToken *t, unsigned n, unsigned k, unsigned *next,
                      const Vec *params, const Vec *outer) {
  Vec args = {0};
  *next = k + 1;
  if (k + 1 >= n || !frontend_token_is(src, t[k + 1], "("))
    return args;
  int depth = 0;
  unsigned a = k + 2;
  for (unsigned j = k + 1; j < n; j++) {
    char *w = token_text(src, t[j]);
    bool open = !strcmp(w, "("), close = !strcmp(w, ")"), comma = !strcmp(w, ",");
    xfree(w);
    depth += open - close;
    if ((depth == 1 && comma) || (depth == 0 && close)) {
      if (j > a || comma || args.len)
        vec_push(&args, tokens_text(src, t, a, j, params, outer));
      a = j + 1;
    }
    if (depth == 0) {
      *next = j + 1;
      break;
    }
  }
  return args;
}

/* The pragma texts a macro's body produces, given its arguments' texts:
 * pushed on `out`.  False when it holds a _Pragma nucc cannot read. */
static bool macro_pragmas(MacroDefs *m, CXCursor def, Vec *args, int depth, Vec *out) {
  Source *src = m->src;
  CXToken *t;
  unsigned n;
  clang_tokenize(src->clang->tu, clang_getCursorExtent(def), &t, &n);
  unsigned k = 1; /* past the name */
  Vec params = {0};
  if (clang_Cursor_isMacroFunctionLike(def)) {
    for (k = 2; k < n && !frontend_token_is(src, t[k], ")"); k++)
      if (!frontend_token_is(src, t[k], ","))
        vec_push(&params, token_text(src, t[k]));
    k++;
  }
  bool ok = true;
  while (k < n) {
    char *w = token_text(src, t[k]);
    if (!strcmp(w, "_Pragma") && k + 1 < n && frontend_token_is(src, t[k + 1], "(")) {
      char *text = NULL;
      unsigned close = k + 3;
      if (k + 3 < n && frontend_token_is(src, t[k + 3], ")")) {
        char *lit = token_text(src, t[k + 2]);
        text = destringize(lit);
        xfree(lit);
      } else if (k + 4 < n && frontend_token_is(src, t[k + 2], "#") &&
                 frontend_token_is(src, t[k + 4], ")")) {
        char *p = token_text(src, t[k + 3]); /* _Pragma(#x): the argument x's text */
        for (int j = 0; j < params.len && j < args->len; j++)
          if (!strcmp(params.items[j], p))
            text = xstrdup(args->items[j]);
        xfree(p);
        close = k + 4;
      }
      if (text)
        vec_push(out, text);
      else
        ok = false;
      k = close + 1;
    } else if (depth < 16 && clang_getTokenKind(t[k]) == CXToken_Identifier && macro_named(m, w)) {
      CXCursor *inner = macro_named(m, w);
      unsigned next = k + 1;
      Vec inner_args = {0};
      if (clang_Cursor_isMacroFunctionLike(*inner))
        inner_args = macro_args(src, t, n, k, &next, &params, args);
      ok = macro_pragmas(m, *inner, &inner_args, depth + 1, out) && ok;
      k = next;
    } else {
      k++;
    }
    xfree(w);
  }
  clang_disposeTokens(src->clang->tu, t, n);
  return ok;
}

/* Whether an expansion, or the definition it uses, names `nu` (or `omp`
 * under --openmp): a _Pragma there nucc cannot read may be one of its. */
static bool names_namespace(Source *src, CXCursor def, unsigned off, unsigned end) {
  if (frontend_names_word(src->text, off, end, "nu") ||
      (src->openmp && frontend_names_word(src->text, off, end, "omp")) ||
      (src->openacc && frontend_names_word(src->text, off, end, "acc")))
    return true;
  CXToken *t;
  unsigned n;
  clang_tokenize(src->clang->tu, clang_getCursorExtent(def), &t, &n);
  bool named = false;
  for (unsigned k = 0; k < n; k++)
    named |= frontend_token_is(src, t[k], "nu") ||
             (src->openmp && frontend_token_is(src, t[k], "omp")) ||
             (src->openacc && frontend_token_is(src, t[k], "acc"));
  clang_disposeTokens(src->clang->tu, t, n);
  return named;
}

/* The pragma texts an expansion produces (none when it cannot tell). */
static Vec expansion_pragmas(MacroDefs *m, CXCursor x, CXCursor def) {
  Vec args = {0}, texts = {0};
  if (clang_Cursor_isMacroFunctionLike(def)) {
    CXToken *t;
    unsigned n, next;
    clang_tokenize(m->src->clang->tu, clang_getCursorExtent(x), &t, &n);
    Vec none = {0};
    args = macro_args(m->src, t, n, 0, &next, &none, &none);
    clang_disposeTokens(m->src->clang->tu, t, n);
  }
  macro_pragmas(m, def, &args, 0, &texts);
  return texts;
}

/* A header's `OMP_TARGET(teams distribute parallel for)` (ParRes Kernels'
 * stencil_target.h): as a `#pragma omp` line there (frontend.c's
 * header_pragmas), its loop stays on the host, named in a warning at the
 * #include rather than silently. */
static void header_expansions(MacroDefs *m) {
  Source *src = m->src;
  for (int i = 0; i < m->in_headers.len; i++) {
    CXCursor *x = m->in_headers.items[i];
    CXCursor def = clang_getCursorReferenced(*x);
    if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
      continue;
    Vec texts = expansion_pragmas(m, *x, def);
    CXFile f;
    unsigned line;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(*x)), &f, &line, NULL,
                              NULL);
    CXString fname = clang_getFileName(f);
    const char *path = clang_getCString(fname);
    Include *inc = NULL;
    for (int j = 0; path && j < src->includes.len && !inc; j++)
      if (!strcmp(((Include *)src->includes.items[j])->name, path))
        inc = src->includes.items[j];
    for (int j = 0; inc && !inc->system && j < texts.len; j++) {
      const char *t = texts.items[j];
      while (*t == ' ' || *t == '\t')
        t++;
      bool nu = !strncmp(t, "nu", 2) && !isalnum((unsigned char)t[2]);
      bool omp = src->openmp && !strncmp(t, "omp", 3) && !isalnum((unsigned char)t[3]);
      bool acc = src->openacc && !strncmp(t, "acc", 3) && !isalnum((unsigned char)t[3]);
      if (!nu && !omp && !acc)
        continue;
      bool loop = nu;
      char *annots, *why;
      AccDir d;
      if (omp)
        loop = omp_parse(t + 3, &annots, &why) == OMP_LOOP;
      else if (acc) {
        acc_parse(t + 3, &d);
        loop = d.kind == OMP_LOOP;
      }
      CXString mname = clang_getCursorSpelling(def);
      const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
      diag_warning("nucc-omp-header", inc->at,
                   "'#pragma %s' (from '%s') at %s:%u is not translated: nucc rewrites only the "
                   "input file, not a header it includes; %s",
                   t, clang_getCString(mname), base, line,
                   loop ? "the loop stays on the host" : "it stays as written");
      clang_disposeString(mname);
    }
    clang_disposeString(fname);
  }
}

/* The file's macro expansions that produce pragmas. */
void frontend_expanded_pragmas(Source *src, CXToken *toks, unsigned ntoks) {
  MacroDefs m = {src, {0}, {0}, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(src->clang->tu), collect_macros, &m);
  header_expansions(&m);
  for (int i = 0; i < m.expansions.len; i++) {
    CXCursor *x = m.expansions.items[i];
    CXCursor def = clang_getCursorReferenced(*x);
    if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
      continue;
    CXSourceRange r = clang_getCursorExtent(*x);
    unsigned off, end;
    SrcLoc loc = frontend_loc(clang_getRangeStart(r), &off);
    frontend_loc(clang_getRangeEnd(r), &end);
    Vec args = {0};
    if (clang_Cursor_isMacroFunctionLike(def)) {
      CXToken *t;
      unsigned n, next;
      clang_tokenize(src->clang->tu, r, &t, &n);
      Vec none = {0};
      args = macro_args(src, t, n, 0, &next, &none, &none);
      clang_disposeTokens(src->clang->tu, t, n);
    }
    Vec texts = {0};
    /* one that names neither namespace (GCC diagnostic ...) is no concern */
    if (!macro_pragmas(&m, def, &args, 0, &texts) && names_namespace(src, def, off, end)) {
      CXString name = clang_getCursorSpelling(def);
      diag_warning("nucc-pragma-operator", loc,
                   "the '_Pragma' that '%s' expands to is not read: its operand is neither a "
                   "string literal nor '#PARAM'",
                   clang_getCString(name));
      clang_disposeString(name);
    }
    if (!texts.len)
      continue;
    unsigned b, e, ti = 0;
    pragma_span(src, off, end, &b, &e);
    while (ti < ntoks) { /* the expansion's first token, for take_pragma */
      unsigned o;
      frontend_loc(clang_getTokenLocation(src->clang->tu, toks[ti]), &o);
      if (o >= off)
        break;
      ti++;
    }
    for (int j = 0; j < texts.len; j++)
      take_pragma(src, toks, ntoks, ti, texts.items[j], loc, off, b, e);
  }
}
