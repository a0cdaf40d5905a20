/* main.c — the command line.
 * Receives argv; parses the options and hands them to nucc_compile()
 * (driver.c), which runs the pipeline and writes the output.  Exit 0 on
 * success, 1 on errors in the input, 2 on bad usage. */
#include "annotation.h"
#include "depfile.h"
#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void) {
  FILE *f = stdout;
  fputs("usage: nucc [options] INPUT.c -o OUTPUT.c\n"
        "  -I DIR, -D NAME[=VAL], -U NAME, -std=...  passed to the C front end (libclang)\n"
        "  --emit=host   host C with the OpenCL kernels embedded (default)\n"
        "  --emit=cl     the OpenCL program alone\n"
        "  --emit=seq    sequential C with every annotation applied except 'work'\n"
        "  --explain     print each annotated nest after each annotation step\n"
        "  --report      one line per kernel: mapping, sizes, arrays, hints\n"
        "  -h, --help    this text;  --version  the version\n"
        "annotations (#pragma nu ...):\n",
        f);
  annot_print_help();
}

static int bad_usage(const char *msg, const char *arg) {
  diag_plain("%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
  fputs("usage: nucc [options] INPUT.c -o OUTPUT.c   (nucc --help for more)\n", stderr);
  return 2;
}

/* The argument of an option given as `-XVAL` or `-X VAL`: NULL when `-X`
 * ends the command line; *i moves past it. */
static const char *option_arg(int argc, char **argv, int *i, size_t len) {
  if (argv[*i][len])
    return argv[*i] + len;
  return ++*i < argc ? argv[*i] : NULL;
}

/* -MD, -MMD, -MF, -MT, -MQ, -MP as GCC and Clang read them.  Returns 1 when
 * `a` is one of them, 0 when not, -1 when its argument is missing. */
static int parse_dep_option(int argc, char **argv, int *i, Options *o, bool *dep_args) {
  const char *a = argv[*i];
  if (!strcmp(a, "-MD") || !strcmp(a, "-MMD")) {
    o->deps = true;
    o->deps_user_only = a[2] == 'M';
  } else if (!strcmp(a, "-MP")) {
    o->deps_phony = *dep_args = true;
  } else if (!strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) || !strncmp(a, "-MQ", 3)) {
    const char *v = option_arg(argc, argv, i, 3);
    if (!v)
      return -1;
    *dep_args = true;
    if (a[2] == 'F')
      o->deps_file = v;
    else
      vec_push(&o->deps_targets, a[2] == 'Q' ? depfile_quote(v) : (void *)v);
  } else {
    return 0;
  }
  return 1;
}

/* -fcolor-diagnostics and GCC's -fdiagnostics-color[=WHEN]: 1 on, 0 off,
 * 2 auto, -1 not a color option. */
static int color_option(const char *a) {
  if (!strcmp(a, "-fcolor-diagnostics") || !strcmp(a, "-fdiagnostics-color") ||
      !strcmp(a, "-fdiagnostics-color=always"))
    return 1;
  if (!strcmp(a, "-fno-color-diagnostics") || !strcmp(a, "-fno-diagnostics-color") ||
      !strcmp(a, "-fdiagnostics-color=never"))
    return 0;
  return !strcmp(a, "-fdiagnostics-color=auto") ? 2 : -1;
}

/* Colors as the last color option says; by default (auto) only when stderr
 * is a terminal that is not TERM=dumb, as GCC and clang decide. */
static bool want_color(int argc, char **argv) {
  int mode = 2;
  for (int i = 1; i < argc; i++) {
    int m = color_option(argv[i]);
    if (m >= 0)
      mode = m;
  }
  if (mode < 2)
    return mode;
  const char *term = getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb"));
}

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, Options *o) {
  bool dep_args = false; /* -MF, -MT, -MQ or -MP given */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int dep = !strncmp(a, "-M", 2) ? parse_dep_option(argc, argv, &i, o, &dep_args) : 0;
    if (dep < 0)
      return bad_usage("option needs an argument", a);
    if (dep > 0)
      continue;
    if (color_option(a) >= 0)
      continue;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage();
      return 0;
    } else if (!strcmp(a, "--version")) {
      printf("nucc " NUCC_VERSION "\n");
      return 0;
    } else if (!strcmp(a, "-o")) {
      if (++i == argc)
        return bad_usage("-o needs a file name", NULL);
      o->output = argv[i];
    } else if (!strncmp(a, "--emit=", 7)) {
      if (!strcmp(a + 7, "host"))
        o->emit = EMIT_HOST;
      else if (!strcmp(a + 7, "cl"))
        o->emit = EMIT_CL;
      else if (!strcmp(a + 7, "seq"))
        o->emit = EMIT_SEQ;
      else
        return bad_usage("unknown --emit kind", a + 7);
    } else if (!strcmp(a, "-p") || !strncmp(a, "-p=", 3)) {
      if (a[2] == '=')
        o->compdb_dir = a + 3;
      else if (++i < argc)
        o->compdb_dir = argv[i];
      else
        return bad_usage("-p needs a build directory", NULL);
    } else if (!strcmp(a, "--explain")) {
      o->explain = true;
    } else if (!strcmp(a, "--report")) {
      o->report = true;
    } else if (!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U")) {
      if (++i == argc)
        return bad_usage("option needs an argument", a);
      vec_push(&o->clang_args, xformat("%s%s", a, argv[i]));
    } else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) ||
               !strncmp(a, "-std=", 5)) {
      vec_push(&o->clang_args, (void *)a);
    } else if (a[0] == '-') {
      return bad_usage("unknown option", a);
    } else if (o->input) {
      return bad_usage("more than one input file", a);
    } else {
      o->input = a;
    }
  }
  if (!o->input)
    return bad_usage("no input file", NULL);
  if (!o->output && !o->explain && !o->report)
    return bad_usage("no output file (-o)", NULL);
  if (o->deps && !o->deps_targets.len && (!o->output || !strcmp(o->output, "-")))
    return bad_usage("-MD and -MMD need -MT TARGET when the output is not a file", NULL);
  if (dep_args && !o->deps)
    diag_plain_warning("-MF, -MT, -MQ and -MP do nothing without -MD or -MMD");
  return -1;
}

int main(int argc, char **argv) {
  Options o = {0};
  diag_set_color(want_color(argc, argv));
  int rc = parse_options(argc, argv, &o);
  if (rc < 0)
    rc = nucc_compile(&o);
  util_free_all();
  return rc;
}
