/* compdb.c — `-p BUILD_DIR`: the input's flags from compile_commands.json,
 * read with libclang's compilation-database API, as clang-tidy reads them.
 * Receives the build directory, the input and nucc's own front-end flags;
 * keeps the flags that change how the file parses (-I, -D, -U, -std,
 * -include, -isystem, ... , language -f flags), relative paths resolved
 * against the command's directory, and hands the merged list to the driver;
 * the other C files it lists, each with its flags, are the program's other
 * units (--with's, frontend_units.c). */
#define _DEFAULT_SOURCE /* realpath */
#include "compdb.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* How a kept option's argument is read: a path to resolve against the
 * command's directory, a path resolved only where that file exists (-include
 * also searches the include path), or text. */
typedef enum { ARG_TEXT, ARG_PATH, ARG_PATH_IF_FOUND } ArgKind;

typedef struct KeptOption {
  const char *name;
  ArgKind kind;
  char joined; /* 'y': also `-Iinc`; '=': also `--sysroot=/s`; 0: separate only */
} KeptOption;

static const KeptOption with_arg[] = {
    {"-I", ARG_PATH, 'y'},
    {"-D", ARG_TEXT, 'y'},
    {"-U", ARG_TEXT, 'y'},
    {"-isystem", ARG_PATH, 'y'},
    {"-iquote", ARG_PATH, 'y'},
    {"-idirafter", ARG_PATH, 'y'},
    {"-include", ARG_PATH_IF_FOUND, 0},
    {"-imacros", ARG_PATH_IF_FOUND, 0},
    {"-isysroot", ARG_PATH, 0},
    {"--sysroot", ARG_PATH, '='},
    {"-target", ARG_TEXT, 0},
    {"--target", ARG_TEXT, '='},
};

/* Flags that change the language or the predefined macros, kept as they are
 * (with their -fno- forms).  Optimisation, warning, code generation and
 * output flags are dropped. */
static const char *const lang_flags[] = {
    "-ansi",
    "-m32",
    "-m64",
    "-nostdinc",
    "-nostdlibinc",
    "-trigraphs",
    "-pthread",
    "-fopenmp",
    "-fopenmp-simd",
    "-fsigned-char",
    "-funsigned-char",
    "-fms-extensions",
    "-fshort-enums",
    "-fshort-wchar",
    "-fdollars-in-identifiers",
    "-fgnu89-inline",
    "-fgnu-keywords",
    "-fasm",
    "-fblocks",
    "-fbuiltin",
    "-ffreestanding",
    "-fhosted",
    "-fdeclspec",
    "-ffast-math",
    "-ffinite-math-only",
    "-fgnu-inline-asm",
};

static bool is_lang_flag(const char *a) {
  if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6) || !strncmp(a, "-fno-builtin-", 13))
    return true;
  char *yes = !strncmp(a, "-fno-", 5) ? xformat("-f%s", a + 5) : xstrdup(a);
  bool kept = false;
  for (size_t i = 0; !kept && i < sizeof lang_flags / sizeof *lang_flags; i++)
    kept = !strcmp(yes, lang_flags[i]);
  xfree(yes);
  return kept;
}

static char *resolve(const char *dir, const char *path, ArgKind kind) {
  if (kind == ARG_TEXT || path[0] == '/' || path[0] == '=' || !*path)
    return xstrdup(path);
  char *abs = xformat("%s/%s", dir, path);
  struct stat st;
  if (kind == ARG_PATH_IF_FOUND && stat(abs, &st) != 0) {
    xfree(abs);
    return xstrdup(path);
  }
  return abs;
}

/* The kept flags of one command, as joined single arguments. */
static void keep_flags(CXCompileCommand cmd, Vec *out) {
  CXString d = clang_CompileCommand_getDirectory(cmd);
  const char *dir = clang_getCString(d);
  unsigned n = clang_CompileCommand_getNumArgs(cmd);
  for (unsigned i = 1; i < n; i++) { /* argument 0 is the compiler */
    CXString s = clang_CompileCommand_getArg(cmd, i);
    const char *a = clang_getCString(s);
    const KeptOption *k = NULL;
    const char *val = NULL;
    for (size_t j = 0; !k && j < sizeof with_arg / sizeof *with_arg; j++) {
      const KeptOption *o = &with_arg[j];
      size_t len = strlen(o->name);
      if (strncmp(a, o->name, len) != 0)
        continue;
      if (!a[len] && i + 1 < n) { /* the argument is the next word */
        k = o;
        clang_disposeString(s);
        s = clang_CompileCommand_getArg(cmd, ++i);
        val = clang_getCString(s);
      } else if (a[len] && (o->joined == 'y' || (o->joined == '=' && a[len] == '='))) {
        k = o;
        val = a + len + (o->joined == '=');
      }
    }
    if (k) {
      char *v = resolve(dir, val, k->kind);
      const char *sep = k->joined == '=' ? "=" : k->joined ? "" : NULL;
      if (!sep) { /* a separate argument stays one */
        vec_push(out, xstrdup(k->name));
        vec_push(out, v);
        clang_disposeString(s);
        continue;
      }
      vec_push(out, xformat("%s%s%s", k->name, sep, v));
      xfree(v);
    } else if (is_lang_flag(a)) {
      vec_push(out, xstrdup(a));
    }
    clang_disposeString(s);
  }
  clang_disposeString(d);
}

/* The database of BUILD_DIR, or NULL with an error printed. */
static CXCompilationDatabase open_db(const char *build_dir) {
  /* checked first: libclang would print its own message on stderr */
  char *json = xformat("%s/compile_commands.json", build_dir);
  FILE *f = fopen(json, "r");
  if (!f) {
    diag_plain("-p: cannot read '%s': %s", json, strerror(errno));
    return NULL;
  }
  fclose(f);
  CXCompilationDatabase_Error err;
  CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
  if (err != CXCompilationDatabase_NoError || !db) {
    diag_plain("-p: '%s' is not a compilation database", json);
    return NULL;
  }
  return db;
}

/* nucc's own -I first (searched first), the command's kept flags, then
 * nucc's other flags (a later -D, -U or -std wins). */
static void merge(CXCompileCommand cmd, const Vec *own, Vec *args) {
  for (int i = 0; i < own->len; i++)
    if (!strncmp(own->items[i], "-I", 2))
      vec_push(args, own->items[i]);
  if (cmd)
    keep_flags(cmd, args);
  for (int i = 0; i < own->len; i++)
    if (strncmp(own->items[i], "-I", 2) != 0)
      vec_push(args, own->items[i]);
}

bool compdb_args(const char *build_dir, const char *input, const Vec *own, Vec *args) {
  CXCompilationDatabase db = open_db(build_dir);
  if (!db)
    return false;
  char full[PATH_MAX];
  const char *path = realpath(input, full) ? full : input;
  CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, path);
  bool found = cmds && clang_CompileCommands_getSize(cmds) > 0;
  if (!found)
    diag_plain_warning("nucc-compdb",
                       "no compile command for '%s' in %s/compile_commands.json: none of its "
                       "flags are used",
                       input, build_dir);
  merge(found ? clang_CompileCommands_getCommand(cmds, 0) : NULL, own, args);
  clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return true;
}

/* A command's file as an absolute path (the database may give it relative
 * to the command's directory), or NULL where it is not a C file. */
static char *c_file_of(CXCompileCommand cmd) {
  CXString f = clang_CompileCommand_getFilename(cmd);
  CXString d = clang_CompileCommand_getDirectory(cmd);
  const char *name = clang_getCString(f);
  size_t n = name ? strlen(name) : 0;
  char *path = NULL;
  if (n > 2 && !strcmp(name + n - 2, ".c")) {
    char *joined = name[0] == '/' ? xstrdup(name) : xformat("%s/%s", clang_getCString(d), name);
    char full[PATH_MAX];
    path = realpath(joined, full) ? xstrdup(full) : joined;
    if (path != joined)
      xfree(joined);
  }
  clang_disposeString(f);
  clang_disposeString(d);
  return path;
}

bool compdb_units(const char *build_dir, const char *input, const Vec *own, Vec *units) {
  CXCompilationDatabase db = open_db(build_dir);
  if (!db)
    return false;
  char full[PATH_MAX];
  const char *self = realpath(input, full) ? full : input;
  CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
  unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
  for (unsigned i = 0; i < n; i++) {
    CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
    char *path = c_file_of(cmd);
    bool skip = !path || !strcmp(path, self);
    for (int j = 0; j < units->len && !skip; j++)
      skip = !strcmp(((Unit *)units->items[j])->path, path);
    if (skip) {
      xfree(path);
      continue;
    }
    Unit *u = NEW(Unit);
    u->path = path;
    merge(cmd, own, &u->args);
    vec_push(units, u);
  }
  clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return true;
}
