/* directive.c — reading a foreign directive's text (pure: no libclang, as
 * pragma.c): the lexer and the clauses that `#pragma omp` (openmp.c) and
 * `#pragma acc` (openacc.c) share, so that both dialects map them alike. */
#include "directive.h"

#include <ctype.h>
#include <string.h>

static void skip(Lex *l) {
  while (*l->p && (isspace((unsigned char)*l->p) || *l->p == ','))
    l->p++;
}

char *dir_word(Lex *l) {
  skip(l);
  const char *b = l->p;
  while (*l->p && (isalnum((unsigned char)*l->p) || *l->p == '_'))
    l->p++;
  return l->p > b ? xstrndup(b, (size_t)(l->p - b)) : NULL;
}

char *dir_paren(Lex *l) {
  while (*l->p == ' ' || *l->p == '\t')
    l->p++;
  if (*l->p != '(')
    return NULL;
  const char *b = ++l->p;
  int depth = 1;
  while (*l->p && depth) {
    if (*l->p == '(')
      depth++;
    else if (*l->p == ')')
      depth--;
    l->p++;
  }
  return xstrndup(b, (size_t)(l->p - b - (depth ? 0 : 1)));
}

bool dir_is(const char *w, const char *s) { return w && !strcmp(w, s); }

bool dir_reduction(const char *arg, Buf *out, char **why) {
  const char *colon = strrchr(arg, ':');
  if (!colon) {
    *why = xformat("reduction(%s): expected 'operator: list'", arg);
    return false;
  }
  const char *ob = arg;
  for (const char *c = arg; c < colon; c++) /* reduction(inscan, +: x): the last part */
    if (*c == ',')
      ob = c + 1;
  char *op = xstrndup(ob, (size_t)(colon - ob));
  char *t = op;
  while (isspace((unsigned char)*t))
    t++;
  size_t n = strlen(t);
  while (n && isspace((unsigned char)t[n - 1]))
    t[--n] = 0;
  static const char *ok[] = {"+", "*", "min", "max", "&", "|", "^", "&&", "||"};
  const char *mapped = dir_is(t, "-") ? "+" : NULL;
  for (size_t i = 0; !mapped && i < sizeof ok / sizeof *ok; i++)
    if (dir_is(t, ok[i]))
      mapped = ok[i];
  if (!mapped) {
    *why = xformat("reduction(%s: ...): the operator has no reduce() counterpart (use + - * "
                   "min max & | ^ && ||)",
                   t);
    return false;
  }
  buf_printf(out, " reduce(%s: %s)", mapped, colon + 1);
  return true;
}

const char *dir_sizes(int dims) {
  static const char *sizes[] = {"", "work(64)", "work(4, 16)", "work(2, 2, 16)"};
  return dims >= 1 && dims <= 3 ? sizes[dims] : "";
}
