/* options.c — the table of nucc's options: spellings, how each takes its
 * argument, its line for --help and its paragraph for the man page.
 * main.c parses argv with options_match(); --help and manpage.c (nucc.1)
 * print the same entries. */
#include "options.h"

#include <string.h>

const OptionSpec options_table[] = {
    {OPT_INCLUDE, ARG_JOINED_NEXT, "front end (libclang), as for the C compiler", "-I", "-I DIR",
     "add DIR to the include path",
     "Add DIR to the include path of the C front end. The argument may be joined (-Iinc)."},
    {OPT_DEFINE, ARG_JOINED_NEXT, NULL, "-D", "-D NAME[=VAL]", "define a macro",
     "Define the macro NAME (to 1, or to VAL), as the C compiler does."},
    {OPT_UNDEF, ARG_JOINED_NEXT, NULL, "-U", "-U NAME", "undefine a macro",
     "Undefine the macro NAME."},
    {OPT_STD, ARG_EQ, NULL, "-std=", "-std=STD", "the C standard (c99, c11, gnu11, ...)",
     "The C standard the input is parsed as (c99, c11, gnu11, ...). Only the joined form."},
    {OPT_COMPDB, ARG_EQ_NEXT, NULL, "-p", "-p BUILD_DIR",
     "take the input's flags from BUILD_DIR/compile_commands.json",
     "Take the input's front-end flags (-I, -D, -U, -std, -include, -isystem, -iquote, "
     "-idirafter, --sysroot, the -f flags of the language) from its entry in "
     "BUILD_DIR/compile_commands.json, as clang-tidy does; relative paths are resolved against "
     "the entry's directory. nucc's own -I are searched first and its -D, -U and -std come "
     "last, so they win. A file the database does not list takes the flags of its nearest "
     "entry; with no entry at all nucc warns and uses none. A missing database is an error. The "
     "other C files the database lists are the program's other files, as with --with, each "
     "parsed with its own entry's flags."},
    {OPT_WITH, ARG_EQ_NEXT, NULL, "--with", "--with FILE.c",
     "another file of the program, whose functions kernels may call (repeatable)",
     "Another file of the program. A kernel's call to a function that the input declares but "
     "neither it nor its headers define takes the function's body from this file, as "
     "link-time optimisation does: the body is copied into the OpenCL program, and the host "
     "keeps calling the function FILE.c compiles to. FILE.c is parsed with the input's "
     "flags, only when such a call needs it, and only once. Repeat for several files; the "
     "first that defines the function gives it. A body that no file gives is an error at the "
     "call under #pragma nu work, and under --openmp leaves the loop on the host with a "
     "warning (-Wnucc-omp-host)."},

    {OPT_OUTPUT, ARG_NEXT, "output", "-o", "-o FILE", "the output file; - for standard output",
     "The output file, written through a temporary file and renamed, so that it is complete or "
     "absent; a failed run removes an earlier one. - writes to standard output. Required "
     "unless --report or --explain is given."},
    {OPT_EMIT, ARG_EQ, NULL, "--emit=", "--emit=KIND",
     "host (default), cl (the OpenCL program) or seq (sequential C)",
     "What the output holds: host (the default), host C with the OpenCL kernels embedded as a "
     "string, which calls the runtime nurt; cl, the OpenCL program alone; seq, sequential C "
     "with every annotation applied except work, which builds with cc alone."},
    {OPT_EXPLAIN, ARG_NONE, NULL, "--explain", "--explain",
     "print each annotated nest after each annotation step",
     "Print on standard output each annotated nest as written, after each transformation, and "
     "the OpenCL kernels that work made of it."},
    {OPT_OPENMP, ARG_NONE, NULL, "--openmp", "--openmp",
     "read '#pragma omp parallel for' loops as work (docs/openmp.md)",
     "Read OpenMP loop directives (#pragma omp parallel for, #pragma omp for, target teams "
     "distribute parallel for and the other combined forms, written or produced by _Pragma, "
     "with collapse, "
     "reduction, private, firstprivate, lastprivate; schedule and num_threads ignored) as "
     "work with the matching clauses and work-group sizes nucc picks. OpenMP's promise of "
     "independence stands for independent where the analysis cannot decide; a proven "
     "dependence is still an error. critical, atomic on an element, barrier, single and "
     "threadprivate variables inside such a loop are errors. The loop transformations of "
     "OpenMP 5.1/6.0 become the chain's annotations, checked as nucc's own (a refusal is an "
     "error with the pair of iterations) and shown by --explain: tile sizes(...) as tile, "
     "unroll partial(n) as unroll(n), unroll full as inline, interchange [permutation(...)] "
     "as permut, split counts(f, omp_fill, b) as peel(f, b); a bare unroll is left to the "
     "OpenCL compiler. Data directives are hints, since nurt moves the data kernels use by "
     "itself: target data, target enter data and target exit data, target update to and the "
     "map clauses; target update from(list) becomes a sync of the list on the host; "
     "map(present, ...) of an array no map before it mapped, map(to: b) of one the loop "
     "writes and map(from: a) of one it reads (where no map before moved them) are "
     "warnings (-Wnucc-omp-map). Every other OpenMP directive stays in the output as written, "
     "named in a warning (-Wnucc-omp-ignored): a parallel region without an offloaded loop "
     "keeps its threads under -fopenmp."},
    {OPT_OPENACC, ARG_NONE, NULL, "--openacc", "--openacc",
     "read OpenACC compute and data directives (docs/openacc.md)",
     "Read OpenACC directives: parallel, kernels and serial constructs and their loop "
     "directives (parallel loop, kernels loop, loop) as work, collapse(n) and nested gang, "
     "worker and vector loops as the mapped loops, vector, vector_length, worker and tile "
     "sizes as work-group sizes, reduction, private and firstprivate as the clauses of the "
     "same names; independent (implied in a parallel construct) as independent, where a "
     "proven dependence is still an error; in a kernels construct, loops without "
     "independent as a bare work (nucc decides what is parallel). Data directives and "
     "clauses (data, enter data, exit data, declare, copy*, create, present, update device) "
     "are hints, since nurt moves the data kernels use by itself; update host(list) and wait "
     "become a sync of the list on the host and nurt_wait(). present(a) where no data clause "
     "before copied a is a warning (-Wnucc-acc-present); async, wait and if clauses and "
     "directives nucc has no counterpart for are named in a warning (-Wnucc-acc-ignored); a "
     "loop nucc cannot offload stays on the host with a warning (-Wnucc-acc-host)."},
    {OPT_FP_CONTRACT, ARG_EQ, NULL, "-ffp-contract=", "-ffp-contract=off|on|fast",
     "fuse a*b+c into FMAs in kernels: on (default; off under --openmp/--openacc), fast, off",
     "Whether the kernels may contract a*b + c into one fused multiply-add, which rounds once "
     "where the C program rounds twice, as GCC's option of the name says. on (the default, "
     "OpenCL's own; under --openmp and --openacc the default is off, so that a program ported "
     "as written prints what its host build prints) lets the OpenCL compiler fuse within an "
     "expression; fast is the same in "
     "kernels (OpenCL C has no contraction across statements); off writes #pragma OPENCL "
     "FP_CONTRACT OFF into the program, so that the kernels round as a CPU build without FMA "
     "(cc -std=c11 on x86-64) does. NU_VERIFY names contraction when a mismatch goes away "
     "without it (docs/usage.md, \"Rounding\")."},
    {OPT_EXPLAIN_AS, ARG_EQ, NULL, "--explain=", "--explain=html",
     "one HTML page: each step's code beside a picture of its iterations",
     "Write to the output (-o) one self-contained HTML page that shows, for each annotated nest, "
     "each step of its chain: the code after the step beside a picture of the iteration space "
     "(inline SVG, one cell per iteration of up to 2 loops, or a 2-D slice of 3). The colour of "
     "a cell tells its work-group (work), tile (tile, tilem), copy of the body (unroll, dmine) "
     "or piece (main part, remainders, peeled iterations); numbers and a path give the order "
     "the sequential program visits them; red arrows are dependences. --explain=text is "
     "--explain. --explain=data prints, per function, where nucc puts host syncs and why "
     "(which statement reads or writes which array), as --report also does."},
    {OPT_EXPLAIN_SIZE, ARG_EQ_NEXT, NULL, "--explain-size", "--explain-size SIZES",
     "n=12,m=10: the sizes --explain=html draws (default 8)",
     "The values of the nest's integer parameters that --explain=html draws the iterations for, "
     "as NAME=VALUE separated by commas (n=12,m=10); a parameter not named is 8. A loop "
     "variable named here (k=2) picks the slice of a 3-loop nest that is drawn."},
    {OPT_REPORT, ARG_NONE, NULL, "--report", "--report",
     "one line per kernel: mapping, sizes, arrays, hints",
     "Print on standard output one line per kernel: its name, the NDRange mapping, the "
     "work-group size, the arrays with their direction and extent, the scalars; then hints; "
     "then the host syncs, as --explain=data."},

    {OPT_TUNE, ARG_NONE, "tuning (docs/usage.md, \"Tuning\")", "--tune", "--tune",
     "measure candidate chains on the device, write the fastest into the pragmas",
     "Measure, for each single #pragma nu line that starts with work, candidate chains on the "
     "device NU_DEVICE picks, on the program's own inputs: work-group shapes first, then "
     "dmine, unroll, tilem, permut, cache of the input arrays and bare work on the best shape. "
     "Each candidate is translated (an illegal one is dropped with nucc's reason), built with "
     "--tune-cc and nurt, run once under NU_VERIFY=1 (a difference from the sequential loop, "
     "or other output than the written chain's, drops it with the reason) and --tune-runs "
     "times under NU_PROFILE=1; the nest's kernel time is the best run's. The output is the "
     "input with only the winning #pragma nu lines changed; a table of candidates and times "
     "goes to standard output. The result is remembered per source, options and NU_DEVICE "
     "under $NU_CACHE_DIR/tune (else $XDG_CACHE_HOME/nucc/tune or ~/.cache/nucc/tune), so a "
     "rerun runs nothing. The program must terminate and print the same output on every run."},
    {OPT_TUNE_CC, ARG_EQ, NULL, "--tune-cc=", "--tune-cc=COMMAND",
     "--tune's build command (default: cc -O2)",
     "The shell command that builds each candidate, run as COMMAND OUT.c -o EXE "
     "$(pkg-config --cflags --libs nurt) -lm; the program's other files and libraries go "
     "into it. PKG_CONFIG_PATH must find nurt. Default: cc -O2."},
    {OPT_TUNE_ARGS, ARG_EQ, NULL, "--tune-args=", "--tune-args=ARGS",
     "the program's arguments under --tune (shell words)",
     "The arguments each candidate runs with, as shell words; the run's directory is nucc's "
     "and its standard input /dev/null."},
    {OPT_TUNE_CHECK, ARG_EQ, NULL, "--tune-check-args=", "--tune-check-args=ARGS",
     "the arguments of --tune's NU_VERIFY run (default: --tune-args)",
     "The arguments of the run that checks each candidate against the nest's sequential loop "
     "(NU_VERIFY=1), as shell words: a smaller input of the same program where the sequential "
     "loop at the timed size would take too long. Default: the --tune-args."},
    {OPT_TUNE_BUDGET, ARG_EQ, NULL, "--tune-budget=", "--tune-budget=SECONDS",
     "--tune's time limit (default 60)",
     "The time the whole search may take (default 60 seconds), shared equally among the "
     "nests still to tune. A run past it is killed; candidates not run by then are listed as "
     "such and the best so far wins."},
    {OPT_TUNE_RUNS, ARG_EQ, NULL, "--tune-runs=", "--tune-runs=N",
     "timed runs per candidate (default 3; the best counts)",
     "The timed runs of each candidate; the smallest kernel time counts (default 3)."},
    {OPT_MD, ARG_NONE, "dependency files, as GCC and Clang write them", "-MD", "-MD",
     "also write OUTPUT's make rule: the input and its headers",
     "Also write a dependency file: a make rule whose target is the output and whose "
     "prerequisites are the input and every header it includes. It is named after the output "
     "with its suffix replaced by .d (out.nu.c gives out.nu.d), unless -MF says otherwise, and "
     "written only when the output is."},
    {OPT_MMD, ARG_NONE, NULL, "-MMD", "-MMD", "as -MD, without system headers",
     "As -MD, leaving out the headers found in system directories and what they include."},
    {OPT_MF, ARG_JOINED_NEXT, NULL, "-MF", "-MF FILE", "the dependency file's name",
     "Write the dependency file to FILE."},
    {OPT_MT, ARG_JOINED_NEXT, NULL, "-MT", "-MT TARGET", "the rule's target (default: OUTPUT)",
     "The target of the rule, as given, instead of the output's name; may be repeated. "
     "Needed with -o -."},
    {OPT_MQ, ARG_JOINED_NEXT, NULL, "-MQ", "-MQ TARGET", "as -MT, quoted for make",
     "As -MT, with the characters special to make quoted ($ as $$, blanks escaped)."},
    {OPT_MP, ARG_NONE, NULL, "-MP", "-MP", "an empty rule per header",
     "Add an empty rule for each header, so that make does not stop when one is deleted."},

    {OPT_COLOR, ARG_NONE, "diagnostics", "-fcolor-diagnostics|-fdiagnostics-color",
     "-fcolor-diagnostics", "color the diagnostics",
     "Color the diagnostics as clang and GCC do: the location in bold, error: in red, warning: "
     "in magenta, note: in cyan, the caret in green. By default they are colored only when the "
     "standard error is a terminal and TERM is not dumb. The last color option given wins."},
    {OPT_NO_COLOR, ARG_NONE, NULL, "-fno-color-diagnostics|-fno-diagnostics-color",
     "-fno-color-diagnostics", "never color the diagnostics", "Never color the diagnostics."},
    {OPT_COLOR_WHEN, ARG_EQ, NULL, "-fdiagnostics-color=", "-fdiagnostics-color=WHEN",
     "always, never or auto (GCC's spelling)",
     "GCC's spelling: always, never, or auto (the default: on a terminal)."},
    {OPT_WERROR, ARG_NONE, NULL, "-Werror", "-Werror", "make every warning an error",
     "Make every warning an error (printed as error: ... [-Werror=NAME]): the run exits with "
     "status 1 and writes no output. A warning set by name (-Wno-NAME, -Wno-error=NAME) keeps "
     "its setting."},
    {OPT_WNO_ERROR, ARG_NONE, NULL, "-Wno-error", "-Wno-error", "undo -Werror",
     "Undo an earlier -Werror."},
    {OPT_WERROR_NAME, ARG_EQ, NULL, "-Werror=", "-Werror=NAME", "make the warning NAME an error",
     "Make the warning NAME an error, as GCC does; NAME is the name a warning prints in its "
     "brackets without -W (nucc-omp-ignored). An unknown NAME is a usage error."},
    {OPT_WNO_ERR_NAME, ARG_EQ, NULL, "-Wno-error=", "-Wno-error=NAME",
     "keep NAME a warning under -Werror", "Keep the warning NAME a warning under -Werror."},
    {OPT_WNO_NAME, ARG_EQ, NULL, "-Wno-", "-Wno-NAME", "do not print the warning NAME",
     "Do not print the warning NAME. An unknown NAME is ignored, as GCC does. The warnings: "
     "nucc-omp-ignored (an OpenMP directive nucc does not translate, which stays in the output "
     "as written), nucc-omp-header (an OpenMP loop in a function that a header defines, which "
     "nucc cannot rewrite: it stays on the host), nucc-omp-host (an OpenMP loop nucc cannot "
     "offload, such as one that calls a function of another file: it stays on the host as "
     "written, its pragma kept, with the first reason), nucc-acc-ignored (an OpenACC directive "
     "or clause nucc does not translate: async, wait, if, cache, host_data), nucc-acc-host (an "
     "OpenACC loop nucc cannot offload: it stays on the host), nucc-acc-present (present(a) "
     "where no data clause before copied a), nucc-omp-map (a map clause lazy sync "
     "finds wrong: map(present, ...) of an array no map before mapped, map(to: b) of one the "
     "loop writes, map(from: a) of one it reads), nucc-pragma-operator (a _Pragma whose text "
     "nucc cannot read), nucc-compdb (-p lists no command for the input), nucc-unused-option "
     "(-MF, -MT, -MQ or -MP without -MD), nucc-kernel-assert (an assert in a kernel's loop, "
     "dropped there: OpenCL C cannot stop the program), nucc-vector-lanes (a vector(v) loop "
     "that a kernel runs lane by lane: an array it reads by lanes is staged by cache or is a "
     "table of rows)."},
    {OPT_W_NAME, ARG_EQ, NULL, "-W", "-WNAME", "print the warning NAME (the default)",
     "Print the warning NAME as a warning again (every warning is on by default). An unknown "
     "NAME is a usage error."},

    {OPT_HELP, ARG_NONE, "information", "-h|--help", "-h, --help",
     "this text, and the annotations nucc knows",
     "Print the usage, the options and the annotations nucc knows, and exit with status 0."},
    {OPT_VERSION, ARG_NONE, NULL, "--version", "--version", "the version",
     "Print nucc's version and exit with status 0."},
};

const int options_count = (int)(sizeof options_table / sizeof *options_table);

/* Whether `a` is one of the spellings in `names` ('|'-separated); with
 * prefix, whether it starts with one, the rest in *rest. */
static int spelled(const char *names, const char *a, int prefix, const char **rest) {
  for (const char *p = names; *p;) {
    size_t len = strcspn(p, "|");
    if (!strncmp(a, p, len) && (prefix || !a[len])) {
      *rest = a + len;
      return 1;
    }
    p += len + (p[len] == '|');
  }
  return 0;
}

const OptionSpec *options_match(int argc, char **argv, int *i, const char **value, int *missing) {
  const char *a = argv[*i], *rest;
  *value = NULL;
  *missing = 0;
  /* whole spellings first: -fdiagnostics-color before -fdiagnostics-color= */
  for (int k = 0; k < options_count; k++) {
    const OptionSpec *o = &options_table[k];
    if (o->arg == ARG_EQ || !spelled(o->names, a, 0, &rest))
      continue;
    if (o->arg != ARG_NONE) {
      if (*i + 1 >= argc)
        *missing = 1;
      else
        *value = argv[++*i];
    }
    return o;
  }
  for (int k = 0; k < options_count; k++) {
    const OptionSpec *o = &options_table[k];
    if (o->arg == ARG_NONE || o->arg == ARG_NEXT || !spelled(o->names, a, 1, &rest))
      continue;
    if (o->arg == ARG_EQ_NEXT) { /* -p=DIR, not -pDIR */
      if (*rest != '=')
        continue;
      rest++;
    }
    if (!*rest && o->arg != ARG_EQ)
      *missing = 1;
    *value = rest;
    return o;
  }
  return NULL;
}

void options_print_help(FILE *f) {
  fprintf(f, "usage: %s\n", OPTIONS_USAGE);
  for (int k = 0; k < options_count; k++) {
    const OptionSpec *o = &options_table[k];
    if (o->group)
      fprintf(f, "%s:\n", o->group);
    fprintf(f, "  %-26s %s\n", o->form, o->help);
  }
}
