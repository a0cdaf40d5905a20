/* depfile.c — dependency files in make's format, as GCC and Clang write them
 * for -MD, -MMD, -MF, -MT, -MQ and -MP.  Receives the headers the front end
 * saw included (src->includes); lists the input and every header, in the
 * order of inclusion, and hands the text to the driver, which writes it
 * next to the output. */
#include "depfile.h"

#include <string.h>

char *depfile_quote(const char *name) {
  Buf b = {0};
  buf_puts(&b, "");
  for (const char *p = name; *p; p++) {
    if (*p == ' ' || *p == '\t') {
      /* the backslashes just before a blank double, then one escapes it */
      for (const char *q = p; q > name && q[-1] == '\\'; q--)
        buf_puts(&b, "\\");
      buf_puts(&b, "\\");
    } else if (*p == '$') {
      buf_puts(&b, "$");
    } else if (*p == '#') {
      buf_puts(&b, "\\");
    }
    char c[2] = {*p, 0};
    buf_puts(&b, c);
  }
  return b.s;
}

/* path without its last suffix (".c" of "dir/a.nu.c"; nothing in "dir.x/a") */
static char *strip_suffix(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
    return xstrdup(path);
  return xstrndup(path, (size_t)(dot - path));
}

char *depfile_default_path(const char *output, const char *input) {
  if (output && strcmp(output, "-") != 0)
    return xformat("%s.d", strip_suffix(output));
  const char *slash = strrchr(input, '/');
  return xformat("%s.d", strip_suffix(slash ? slash + 1 : input));
}

/* The headers to list, each once, in the order of inclusion. */
static Vec headers_of(const Vec *includes, bool user_only) {
  Vec names = {0};
  for (int i = 0; i < includes->len; i++) {
    const Include *inc = includes->items[i];
    if (user_only && inc->system)
      continue;
    const char *name = inc->name;
    while (name[0] == '.' && name[1] == '/') /* "./x.h" is "x.h", as GCC writes it */
      name += 2;
    bool seen = !*name || name[0] == '<'; /* <built-in>, <command line> */
    for (int j = 0; !seen && j < names.len; j++)
      seen = strcmp(names.items[j], name) == 0;
    if (!seen)
      vec_push(&names, (void *)name);
  }
  return names;
}

/* Appends " word", starting a continuation line past 76 columns. */
static void put_word(Buf *b, int *col, const char *word) {
  int len = (int)strlen(word);
  if (*col > 1 && *col + 1 + len > 76) {
    buf_puts(b, " \\\n ");
    *col = 1;
  }
  buf_printf(b, " %s", word);
  *col += 1 + len;
}

char *depfile_text(const Vec *includes, const char *input, const Vec *targets, bool user_only,
                   bool phony) {
  Vec names = headers_of(includes, user_only);
  Buf b = {0};
  buf_puts(&b, "");
  int col = 0;
  for (int i = 0; i < targets->len; i++) {
    const char *t = targets->items[i];
    if (i)
      put_word(&b, &col, t);
    else {
      buf_puts(&b, t);
      col = (int)strlen(t);
    }
  }
  buf_puts(&b, ":");
  col++;
  put_word(&b, &col, depfile_quote(input));
  for (int i = 0; i < names.len; i++)
    put_word(&b, &col, depfile_quote(names.items[i]));
  buf_puts(&b, "\n");
  for (int i = 0; phony && i < names.len; i++)
    buf_printf(&b, "\n%s:\n", depfile_quote(names.items[i]));
  return b.s;
}
