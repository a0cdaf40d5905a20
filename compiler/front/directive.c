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
  /* 256 work-items, the innermost loop 128 wide (NDRange dimension 0,
   * where accesses coalesce), as examples/himeno.c's work(1, 2, 128), the
   * fastest shape of its stencil on the H100; a narrower loop gives the
   * factor to the next (nurt_fit_groups) */
  static const char *sizes[] = {"", "work(256)", "work(2, 128)", "work(1, 2, 128)"};
  return dims >= 1 && dims <= 3 ? sizes[dims] : "";
}

/* The next item of a clause's comma-separated list, from *p (commas inside
 * brackets or parentheses are the item's): its start, *p moved past it;
 * NULL at the end. */
static const char *next_item(const char **p) {
  while (**p && (isspace((unsigned char)**p) || **p == ','))
    (*p)++;
  if (!**p)
    return NULL;
  const char *b = *p;
  int depth = 0;
  while (**p && (depth || **p != ',')) {
    depth += (**p == '[' || **p == '(') - (**p == ']' || **p == ')');
    (*p)++;
  }
  return b;
}

/* The variables a data clause lists, without their sections: `a[0:n]` is `a`. */
void dir_names(const char *arg, Vec *out) {
  const char *p = arg;
  for (const char *b; (b = next_item(&p));) {
    size_t n = strcspn(b, "[");
    if (n > (size_t)(p - b))
      n = (size_t)(p - b);
    while (n && isspace((unsigned char)b[n - 1]))
      n--;
    if (n)
      vec_push(out, xstrndup(b, n));
  }
}

/* update host(list): each array as a whole, or the elements of a section
 * `a[lo:len]` of one dimension, brought to the host now. */
void dir_host_syncs(const char *arg, Buf *out) {
  const char *p = arg;
  for (const char *b; (b = next_item(&p));) {
    char *item = xstrndup(b, (size_t)(p - b));
    size_t n = strlen(item);
    while (n && isspace((unsigned char)item[n - 1]))
      item[--n] = 0;
    if (!n)
      continue;
    char *br = strchr(item, '[');
    char *colon = br ? strchr(br, ':') : NULL;
    char *close = br ? strchr(br, ']') : NULL;
    if (br && colon && close && colon < close && close[1] == 0) {
      char *base = xstrndup(item, (size_t)(br - item));
      char *lo = xstrndup(br + 1, (size_t)(colon - br - 1));
      char *len = xstrndup(colon + 1, (size_t)(close - colon - 1));
      if (!*lo)
        lo = "0";
      if (*len)
        buf_printf(out,
                   "nurt_host_range_at(&(%s)[%s], (size_t)(%s) * sizeof (%s)[0], 0, \"%s\", "
                   "__FILE__, __LINE__); ",
                   base, lo, len, base, base);
      else
        buf_printf(out, "nurt_host_access_at(%s, 0, \"%s\", __FILE__, __LINE__); ", base, base);
    } else {
      if (br) /* a section of several dimensions: the whole array */
        *br = 0;
      buf_printf(out, "nurt_host_access_at(%s, 0, \"%s\", __FILE__, __LINE__); ", item, item);
    }
  }
}
