/* pragma.c — the annotation grammar of `#pragma nu` lines.
 *   ANNOT := NAME [ '(' ARG {',' ARG} ')' ]      ARG := [KEY ':'] TEXT
 * Receives the text after `#pragma nu` and where it starts; hands on Annot
 * records whose arguments keep their text and column, so later stages can
 * evaluate them in the host program and point carets at them.  Pure: no
 * libclang, so it can be unit-tested and fuzzed alone. */
#include "nucc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct Cursor {
  const char *s;
  int pos;
  SrcLoc start;
} Cursor;

static SrcLoc here(const Cursor *c) {
  return (SrcLoc){.line = c->start.line, .col = c->start.col + c->pos};
}

/* Skips blanks and comments; stops at the end of the text or a `//`. */
static void skip_space(Cursor *c) {
  for (;;) {
    char ch = c->s[c->pos];
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\\') {
      c->pos++;
    } else if (ch == '/' && c->s[c->pos + 1] == '*') {
      const char *e = strstr(c->s + c->pos + 2, "*/");
      c->pos = e ? (int)(e - c->s) + 2 : (int)strlen(c->s);
    } else if (ch == '/' && c->s[c->pos + 1] == '/') {
      c->pos = (int)strlen(c->s);
    } else {
      return;
    }
  }
}

static bool at_end(Cursor *c) {
  skip_space(c);
  return c->s[c->pos] == '\0';
}

static char *trim(const char *s, int len, int *lead) {
  int b = 0, e = len;
  while (b < e && isspace((unsigned char)s[b]))
    b++;
  while (e > b && isspace((unsigned char)s[e - 1]))
    e--;
  *lead = b;
  return xstrndup(s + b, (size_t)(e - b));
}

/* A reduction operator or an identifier: the part before `:` in an ARG. */
static bool is_key(const char *k) {
  static const char *ops[] = {"+", "*", "&", "|", "^", "&&", "||", "-"};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (!strcmp(k, ops[i]))
      return true;
  /* a name or a member path, spelled as C allows: `a`, `m->data`,
   * `s . v`, `(a)`; what it names is the clause's to resolve */
  if (!isalpha((unsigned char)k[0]) && k[0] != '_' && k[0] != '(')
    return false;
  for (const char *p = k; *p; p++)
    if (!isalnum((unsigned char)*p) && !strchr("_.->() \t", *p))
      return false;
  return true;
}

/* One argument: text up to a `,` or `)` at depth 0. */
static bool parse_arg(Cursor *c, AnnotArg *arg) {
  skip_space(c);
  int begin = c->pos, depth = 0, colon = -1;
  bool question = false;
  for (;; c->pos++) {
    char ch = c->s[c->pos];
    if (ch == '\0' || (ch == '/' && c->s[c->pos + 1] == '/')) {
      diag_error(here(c), "expected ')' to close the annotation's arguments");
      return false;
    }
    if (ch == '(' || ch == '[')
      depth++;
    else if ((ch == ')' || ch == ']') && depth > 0)
      depth--;
    else if (depth == 0 && (ch == ',' || ch == ')'))
      break;
    else if (depth == 0 && ch == '?')
      question = true;
    else if (depth == 0 && ch == ':' && colon < 0 && !question)
      colon = c->pos;
  }
  int lead;
  if (colon >= 0) {
    char *key = trim(c->s + begin, colon - begin, &lead);
    if (is_key(key)) {
      arg->key = key;
      arg->key_loc = (SrcLoc){.line = c->start.line, .col = c->start.col + begin + lead};
      begin = colon + 1;
    } else {
      xfree(key);
    }
  }
  arg->text = trim(c->s + begin, c->pos - begin, &lead);
  arg->loc = (SrcLoc){.line = c->start.line, .col = c->start.col + begin + lead};
  if (!arg->text[0]) {
    diag_error(arg->loc, "expected an argument");
    return false;
  }
  return true;
}

static bool parse_annot(Cursor *c, Annot *a) {
  skip_space(c);
  a->loc = here(c);
  int b = c->pos;
  if (!isalpha((unsigned char)c->s[c->pos]) && c->s[c->pos] != '_') {
    diag_error(a->loc, "expected an annotation name");
    return false;
  }
  while (isalnum((unsigned char)c->s[c->pos]) || c->s[c->pos] == '_')
    c->pos++;
  a->name = xstrndup(c->s + b, (size_t)(c->pos - b));
  skip_space(c);
  if (c->s[c->pos] != '(')
    return true;
  a->has_parens = true;
  c->pos++;
  Vec args = {0};
  for (;;) {
    AnnotArg *arg = NEW(AnnotArg);
    if (!parse_arg(c, arg))
      return false;
    vec_push(&args, arg);
    if (c->s[c->pos] == ')')
      break;
    c->pos++; /* the comma */
  }
  c->pos++;
  a->nargs = args.len;
  a->args = xcalloc((size_t)args.len, sizeof(AnnotArg));
  for (int i = 0; i < args.len; i++) {
    a->args[i] = *(AnnotArg *)args.items[i];
    xfree(args.items[i]);
  }
  xfree(args.items);
  return true;
}

bool pragma_parse(const char *text, SrcLoc start, Vec *list) {
  Cursor c = {text, 0, start};
  if (at_end(&c)) {
    diag_error(here(&c), "expected an annotation after '#pragma nu'");
    return false;
  }
  while (!at_end(&c)) {
    Annot *a = NEW(Annot);
    if (!parse_annot(&c, a))
      return false;
    vec_push(list, a);
    skip_space(&c);
    if (c.s[c.pos] == ',') /* tolerate `work(8), size(a: n)` */
      c.pos++;
  }
  return true;
}

bool pragma_arg_int(const AnnotArg *a, long long *out) {
  const char *s = a->text;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 0);
  if (end == s || errno)
    return false;
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
    end++;
  if (*end)
    return false;
  *out = v;
  return true;
}

void pragma_spell(const Annot *a, Buf *b) {
  buf_puts(b, a->name);
  if (!a->has_parens)
    return;
  buf_puts(b, "(");
  for (int i = 0; i < a->nargs; i++)
    buf_printf(b, "%s%s%s%s", i ? "," : "", a->args[i].key ? a->args[i].key : "",
               a->args[i].key ? ": " : "", a->args[i].text);
  buf_puts(b, ")");
}
