/* main.c — the command line.
 * Receives argv; parses it with the table of options.c (which --help and the
 * man page print) and hands the Options to nucc_compile() (driver.c), which
 * runs the pipeline and writes the output.  Exit 0 on success, 1 on errors in
 * the input or unreadable/unwritable files, 2 on bad usage. */
#include "annotation.h"
#include "depfile.h"
#include "driver.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void) {
  options_print_help(stdout);
  puts("warnings (-WNAME, -Wno-NAME, -Werror=NAME):");
  for (int i = 0; diag_warning_name(i); i++)
    printf("  %s\n", diag_warning_name(i));
  puts("annotations (#pragma nu ...):");
  annot_print_help();
}

static int bad_usage(const char *msg, const char *arg) {
  diag_plain("%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
  fputs("usage: " OPTIONS_USAGE "   (nucc --help for more)\n", stderr);
  return 2;
}

/* Colors as the last color option says; by default (auto) only when stderr
 * is a terminal that is not TERM=dumb, as GCC and clang decide.  Read before
 * the other options, so that a usage error is colored too. */
static bool want_color(int argc, char **argv) {
  int mode = 2; /* 0 off, 1 on, 2 auto */
  for (int i = 1; i < argc; i++) {
    const char *v;
    int missing;
    const OptionSpec *spec = options_match(argc, argv, &i, &v, &missing);
    if (!spec || missing)
      continue;
    if (spec->id == OPT_COLOR || spec->id == OPT_NO_COLOR)
      mode = spec->id == OPT_COLOR;
    else if (spec->id == OPT_COLOR_WHEN)
      mode = !strcmp(v, "always") ? 1 : !strcmp(v, "never") ? 0 : 2;
  }
  if (mode < 2)
    return mode;
  const char *term = getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb"));
}

static int apply_option(const OptionSpec *spec, const char *a, const char *v, Options *o) {
  char *end;
  switch (spec->id) {
  case OPT_INCLUDE:
  case OPT_DEFINE:
  case OPT_UNDEF:
    vec_push(&o->clang_args, xformat("%.2s%s", a, v));
    break;
  case OPT_STD:
    vec_push(&o->clang_args, xformat("-std=%s", v));
    break;
  case OPT_COMPDB:
    o->compdb_dir = v;
    break;
  case OPT_WITH:
    vec_push(&o->with, (void *)v);
    break;
  case OPT_OUTPUT:
    o->output = v;
    break;
  case OPT_EMIT:
    if (!strcmp(v, "host"))
      o->emit = EMIT_HOST;
    else if (!strcmp(v, "cl"))
      o->emit = EMIT_CL;
    else if (!strcmp(v, "seq"))
      o->emit = EMIT_SEQ;
    else
      return bad_usage("unknown --emit kind", v);
    break;
  case OPT_EXPLAIN:
    o->explain = true;
    break;
  case OPT_EXPLAIN_AS:
    if (!strcmp(v, "html"))
      o->explain_html = true;
    else if (!strcmp(v, "text"))
      o->explain = true;
    else if (!strcmp(v, "data"))
      o->explain_data = true;
    else
      return bad_usage("unknown --explain kind (html, text or data)", v);
    break;
  case OPT_EXPLAIN_SIZE:
    o->explain_size = v;
    break;
  case OPT_REPORT:
    o->report = true;
    break;
  case OPT_OPENMP:
    o->openmp = true;
    break;
  case OPT_OPENACC:
    o->openacc = true;
    break;
  case OPT_FP_CONTRACT:
    o->fp_contract_given = true;
    if (!strcmp(v, "on"))
      o->fp_contract = FP_CONTRACT_ON;
    else if (!strcmp(v, "off"))
      o->fp_contract = FP_CONTRACT_OFF;
    else if (!strcmp(v, "fast"))
      o->fp_contract = FP_CONTRACT_FAST;
    else
      return bad_usage("unknown -ffp-contract value (off, on or fast)", v);
    break;
  case OPT_TUNE:
    o->tuning = true;
    break;
  case OPT_TUNE_CC:
    o->tune.cc = v;
    break;
  case OPT_TUNE_ARGS:
    o->tune.args = v;
    break;
  case OPT_TUNE_CHECK:
    o->tune.check_args = v;
    break;
  case OPT_TUNE_BUDGET:
    o->tune.budget = strtod(v, &end);
    if (end == v || *end || !(o->tune.budget > 0))
      return bad_usage("--tune-budget needs a positive number of seconds", v);
    break;
  case OPT_TUNE_RUNS:
    o->tune.runs = (int)strtol(v, &end, 10);
    if (end == v || *end || o->tune.runs < 1 || o->tune.runs > 100)
      return bad_usage("--tune-runs needs a count from 1 to 100", v);
    break;
  case OPT_MD:
  case OPT_MMD:
    o->deps = true;
    o->deps_user_only = spec->id == OPT_MMD;
    break;
  case OPT_MF:
    o->deps_file = v;
    break;
  case OPT_MT:
    vec_push(&o->deps_targets, (void *)v);
    break;
  case OPT_MQ:
    vec_push(&o->deps_targets, depfile_quote(v));
    break;
  case OPT_MP:
    o->deps_phony = true;
    break;
  case OPT_COLOR:
  case OPT_NO_COLOR:
  case OPT_COLOR_WHEN: /* read before parsing (want_color) */
    break;
  case OPT_WERROR:
  case OPT_WNO_ERROR:
    diag_set_werror(spec->id == OPT_WERROR);
    break;
  case OPT_WERROR_NAME:
  case OPT_W_NAME:
  case OPT_WNO_ERR_NAME:
    if (!diag_set_warning(v, spec->id == OPT_WERROR_NAME ? DIAG_WARN_ERROR : DIAG_WARN_ON))
      return bad_usage("no such warning (nucc --help lists them)", a);
    break;
  case OPT_WNO_NAME: /* as GCC: an unknown -Wno- is no error */
    diag_set_warning(v, DIAG_WARN_OFF);
    break;
  case OPT_HELP:
    usage();
    return 0;
  case OPT_VERSION:
    printf("nucc " NUCC_VERSION "\n");
    return 0;
  }
  return -1;
}

/* Whether --tune gives the option to the nucc that translates each
 * candidate: the front end's and the translation's, not what says where the
 * output goes or what it holds. */
static bool tune_passes(OptId id) {
  switch (id) {
  case OPT_OUTPUT:
  case OPT_EMIT:
  case OPT_EXPLAIN:
  case OPT_EXPLAIN_AS:
  case OPT_EXPLAIN_SIZE:
  case OPT_REPORT:
  case OPT_TUNE:
  case OPT_TUNE_CC:
  case OPT_TUNE_ARGS:
  case OPT_TUNE_CHECK:
  case OPT_TUNE_BUDGET:
  case OPT_TUNE_RUNS:
  case OPT_MD:
  case OPT_MMD:
  case OPT_MF:
  case OPT_MT:
  case OPT_MQ:
  case OPT_MP:
    return false;
  default:
    return true;
  }
}

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, Options *o) {
  bool dep_args = false; /* -MF, -MT, -MQ or -MP given */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    int missing, first = i;
    const OptionSpec *spec = options_match(argc, argv, &i, &v, &missing);
    for (int j = first; spec && !missing && tune_passes(spec->id) && j <= i; j++)
      vec_push(&o->tune.nucc_args, argv[j]);
    if (spec && missing)
      return bad_usage("option needs an argument", a);
    if (spec) {
      int rc = apply_option(spec, a, v, o);
      if (rc >= 0)
        return rc;
      dep_args |=
          spec->id == OPT_MF || spec->id == OPT_MT || spec->id == OPT_MQ || spec->id == OPT_MP;
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
  if (o->tuning && (!o->output || !strcmp(o->output, "-") || o->emit != EMIT_HOST || o->explain ||
                    o->explain_html || o->explain_data || o->report || o->deps))
    return bad_usage("--tune writes the tuned source: it needs -o FILE, and no --emit, "
                     "--explain, --report or -MD",
                     NULL);
  if (!o->output && !o->explain && !o->report)
    return bad_usage("no output file (-o)", NULL);
  if (o->explain_html && !o->output)
    return bad_usage("--explain=html writes a page: name it with -o", NULL);
  if (o->deps && !o->deps_targets.len && (!o->output || !strcmp(o->output, "-")))
    return bad_usage("-MD and -MMD need -MT TARGET when the output is not a file", NULL);
  if (dep_args && !o->deps)
    diag_plain_warning("nucc-unused-option",
                       "-MF, -MT, -MQ and -MP do nothing without -MD or -MMD");
  return -1;
}

/* The command line as the output's macro checks quote it: a word with
 * blanks or quotes in single quotes, as a shell would take it back. */
static const char *command_line(int argc, char **argv) {
  Buf b = {0};
  buf_puts(&b, "nucc");
  for (int i = 1; i < argc; i++) {
    bool plain = argv[i][0] && !argv[i][strcspn(argv[i], " \t'\"\\$`")];
    buf_printf(&b, plain ? " %s" : " '%s'", argv[i]);
  }
  return b.s;
}

int main(int argc, char **argv) {
  Options o = {0};
  o.command = command_line(argc, argv);
  diag_set_color(want_color(argc, argv));
  o.tune.cc = "cc -O2";
  o.tune.budget = 60;
  o.tune.runs = 3;
  int rc = parse_options(argc, argv, &o);
  /* A program ported as written is checked against its own host build:
   * under the directive front ends the kernels round as that build does
   * (no FMA, ISO C's and x86-64's default), unless -ffp-contract says. */
  if (!o.fp_contract_given && (o.openmp || o.openacc))
    o.fp_contract = FP_CONTRACT_OFF;
  if (rc < 0 && o.tuning) {
    o.tune.input = o.input;
    o.tune.output = o.output;
    rc = tune_run(&o.tune);
  } else if (rc < 0) {
    rc = nucc_compile(&o);
  }
  util_free_all();
  return rc;
}
