/* macros.c — the output's check of the macros that shaped it (SPEC §6).
 * nucc bakes the values of the user's macros into kernels and into the
 * bounds of the stubs; compiled with other values, the output would
 * launch the old extents over the new arrays.  Receives the expansions the
 * front end found (MacroUse) and the byte ranges of a nest and of the
 * functions its kernels call; hands back preprocessor lines that stop the
 * compilation (#error) when cc sees another value, placed at the nest's
 * site, where the macros have the values the nest saw. */
#include "emit.h"
#include "frontend.h"

#include <ctype.h>
#include <string.h>

typedef enum {
  VAL_OTHER,   // no preprocessor comparison: only `defined` is checked
  VAL_INTEGER, // an integer constant expression of #if: compared with !=
  VAL_WORD,    // one identifier or keyword (a type): compared by token pasting
} ValueKind;

static bool integer_token(const char *t, size_t n) {
  if (!isdigit((unsigned char)t[0]))
    return false;
  bool hex = n > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  for (size_t i = 0; i < n; i++)
    if (t[i] == '.' || (!hex && (t[i] == 'e' || t[i] == 'E')) ||
        (hex && (t[i] == 'p' || t[i] == 'P')) || t[i] == '\'')
      return false;
  return true;
}

static ValueKind value_kind(const MacroValue *v) {
  static const char *ops[] = {"+",  "-", "*", "/", "%",  "<<", ">>", "<", ">", "<=", ">=", "==",
                              "!=", "&", "|", "^", "&&", "||", "!",  "~", "?", ":",  "(",  ")"};
  const char *p = v->value;
  if (v->opaque || !*p)
    return VAL_OTHER;
  if ((isalpha((unsigned char)*p) || *p == '_') && !strchr(p, ' '))
    return VAL_WORD;
  while (*p) {
    size_t n = strcspn(p, " ");
    bool ok = integer_token(p, n);
    for (size_t i = 0; !ok && i < sizeof ops / sizeof *ops; i++)
      ok = strlen(ops[i]) == n && !strncmp(ops[i], p, n);
    if (!ok)
      return VAL_OTHER;
    p += n;
    while (*p == ' ')
      p++;
  }
  return VAL_INTEGER;
}

/* s inside a C string literal. */
static void put_quoted(Buf *b, const char *s) {
  for (; *s; s++)
    buf_printf(b, "%s%c", *s == '"' || *s == '\\' ? "\\" : "", *s);
}

/* The value as a person writes it: "( 48 / 2 )" as "(48 / 2)". */
static char *pretty(const char *value) {
  char *out = xstrdup(value), *q = out;
  for (const char *p = value; *p; p++)
    if (!(*p == ' ' && ((p > value && p[-1] == '(') || p[1] == ')' || p[1] == ',')))
      *q++ = *p;
  *q = 0;
  return out;
}

static void print_check(const MacroValue *v, const char *command, Buf *b) {
  const char *name = v->def->name;
  char *value = pretty(v->value);
  ValueKind kind = value_kind(v);
  if (kind == VAL_WORD) {
    /* NAME expands to `value` exactly when the paste names this macro */
    buf_puts(b, "#ifndef NU_MACRO_PASTE\n#define NU_MACRO_PASTE_(a, b) a##b\n"
                "#define NU_MACRO_PASTE(a, b) NU_MACRO_PASTE_(a, b)\n#endif\n");
    buf_printf(b, "#define NU_MACRO_%s_%s 1\n", name, v->value);
    buf_printf(b, "#if !defined(%s) || !NU_MACRO_PASTE(NU_MACRO_%s_, %s)\n", name, name, name);
  } else if (kind == VAL_INTEGER) {
    buf_printf(b, "#if !defined(%s) || (%s) != (%s)\n", name, name, value);
  } else {
    buf_printf(b, "#if !defined(%s)\n", name);
  }
  buf_printf(b, "#error \"nucc: %s was ", name);
  put_quoted(b, *value ? value : "defined (empty)");
  buf_puts(b, " when this file was translated (");
  put_quoted(b, command);
  buf_puts(b, "); compile with the same value\"\n#endif\n");
  if (kind == VAL_WORD)
    buf_printf(b, "#undef NU_MACRO_%s_%s\n", name, v->value);
  xfree(value);
}

char *emit_macro_checks(const Vec *uses, const unsigned *ranges, int nranges, const char *command) {
  Vec seen = {0}; /* MacroValue*: one check per macro and value */
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < uses->len; i++) {
    MacroUse *u = uses->items[i];
    bool in = false;
    for (int r = 0; r < nranges && !in; r++)
      in = u->offset >= ranges[2 * (size_t)r] && u->offset < ranges[2 * (size_t)r + 1];
    for (int j = 0; in && j < u->values.len; j++) {
      MacroValue *v = u->values.items[j];
      bool dup = false;
      for (int k = 0; k < seen.len && !dup; k++) {
        MacroValue *w = seen.items[k];
        dup = !strcmp(w->def->name, v->def->name) && !strcmp(w->value, v->value);
      }
      if (dup)
        continue;
      vec_push(&seen, v);
      print_check(v, command, &b);
    }
  }
  xfree(seen.items);
  return b.s;
}
