/* options.h — nucc's command-line options as one table (options.c): main.c
 * parses with it, --help prints it, and manpage.c makes nucc.1 from it, so
 * the three cannot drift apart. */
#ifndef NUCC_OPTIONS_H
#define NUCC_OPTIONS_H

#include <stdio.h>

typedef enum {
  OPT_INCLUDE,      // -I DIR
  OPT_DEFINE,       // -D NAME[=VAL]
  OPT_UNDEF,        // -U NAME
  OPT_STD,          // -std=STD
  OPT_COMPDB,       // -p BUILD_DIR
  OPT_WITH,         // --with FILE.c
  OPT_OUTPUT,       // -o FILE
  OPT_EMIT,         // --emit=KIND
  OPT_EXPLAIN,      // --explain
  OPT_EXPLAIN_AS,   // --explain=html
  OPT_EXPLAIN_SIZE, // --explain-size n=12,m=10
  OPT_REPORT,       // --report
  OPT_OPENMP,       // --openmp
  OPT_OPENACC,      // --openacc
  OPT_FP_CONTRACT,  // -ffp-contract=off|on|fast
  OPT_TUNE,         // --tune
  OPT_TUNE_CC,      // --tune-cc=COMMAND
  OPT_TUNE_ARGS,    // --tune-args=ARGS
  OPT_TUNE_CHECK,   // --tune-check-args=ARGS
  OPT_TUNE_BUDGET,  // --tune-budget=SECONDS
  OPT_TUNE_RUNS,    // --tune-runs=N
  OPT_MD,           // -MD
  OPT_MMD,          // -MMD
  OPT_MF,           // -MF FILE
  OPT_MT,           // -MT TARGET
  OPT_MQ,           // -MQ TARGET
  OPT_MP,           // -MP
  OPT_COLOR,        // -fcolor-diagnostics
  OPT_NO_COLOR,     // -fno-color-diagnostics
  OPT_COLOR_WHEN,   // -fdiagnostics-color=WHEN
  OPT_WERROR,       // -Werror
  OPT_WNO_ERROR,    // -Wno-error
  OPT_WERROR_NAME,  // -Werror=NAME
  OPT_WNO_ERR_NAME, // -Wno-error=NAME
  OPT_WNO_NAME,     // -Wno-NAME
  OPT_W_NAME,       // -WNAME
  OPT_HELP,         // -h, --help
  OPT_VERSION,      // --version
} OptId;

/* How an option takes its argument. */
typedef enum {
  ARG_NONE,        // -MD
  ARG_NEXT,        // -o FILE
  ARG_JOINED_NEXT, // -I DIR or -IDIR
  ARG_EQ,          // --emit=KIND (the name ends with '=')
  ARG_EQ_NEXT,     // -p DIR or -p=DIR
} OptArg;

typedef struct OptionSpec {
  OptId id;
  OptArg arg;
  const char *group; /* the heading it starts, or NULL: under the one before */
  const char *names; /* spellings, separated by '|' */
  const char *form;  /* as --help and the man page show it */
  const char *help;  /* one line for --help */
  const char *man;   /* the man page's paragraph */
} OptionSpec;

extern const OptionSpec options_table[];
extern const int options_count;

/* The option argv[*i] spells, with its argument in *value (moving *i past a
 * separate one); NULL when it is none.  *missing is set when it needs an
 * argument that the command line lacks. */
const OptionSpec *options_match(int argc, char **argv, int *i, const char **value, int *missing);
/* The usage line and the table, as --help prints them. */
void options_print_help(FILE *f);

#define OPTIONS_USAGE "nucc [options] INPUT.c -o OUTPUT.c"

#endif
