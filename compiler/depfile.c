/* depfile.c — dependency files in make's format, as GCC and Clang write them
 * for -MD, -MMD, -MF, -MT, -MQ and -MP.  Receives the parsed translation
 * unit; lists the input and every header libclang opened for it, in the
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

typedef struct Deps {
  CXTranslationUnit tu;
  bool user_only;
  Vec names; /* char*, each once */
} Deps;

static bool in_system_header(CXSourceLocation loc) { return clang_Location_isInSystemHeader(loc); }

static void visit_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
                            CXClientData data) {
  Deps *d = data;
  if (depth == 0) /* the input itself, listed first under its own name */
    return;
  if (d->user_only &&
      (in_system_header(clang_getLocationForOffset(d->tu, file, 0)) || in_system_header(stack[0])))
    return;
  CXString s = clang_getFileName(file);
  const char *name = clang_getCString(s);
  while (name && name[0] == '.' && name[1] == '/') /* "./x.h" is "x.h", as GCC writes it */
    name += 2;
  bool seen = !name || !*name || name[0] == '<'; /* <built-in>, <command line> */
  for (int i = 0; !seen && i < d->names.len; i++)
    seen = !strcmp(d->names.items[i], name);
  if (!seen)
    vec_push(&d->names, xstrdup(name));
  clang_disposeString(s);
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

char *depfile_text(CXTranslationUnit tu, const char *input, const Vec *targets, bool user_only,
                   bool phony) {
  Deps d = {.tu = tu, .user_only = user_only};
  clang_getInclusions(tu, visit_inclusion, &d);
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
  for (int i = 0; i < d.names.len; i++)
    put_word(&b, &col, depfile_quote(d.names.items[i]));
  buf_puts(&b, "\n");
  for (int i = 0; phony && i < d.names.len; i++)
    buf_printf(&b, "\n%s:\n", depfile_quote(d.names.items[i]));
  return b.s;
}
