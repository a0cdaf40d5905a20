/* driver.h — the pipeline as one call, for main.c and the fuzz targets.
 * Receives the parsed command line; runs front end → annotations → printers
 * and writes the output file atomically (driver.c). */
#ifndef NUCC_DRIVER_H
#define NUCC_DRIVER_H

#include "nucc.h"
#include "tune.h"

typedef enum { EMIT_HOST, EMIT_CL, EMIT_SEQ } EmitKind;
/* -ffp-contract: whether kernels may fuse a*b + c into an FMA (on: OpenCL's default). */
typedef enum { FP_CONTRACT_ON, FP_CONTRACT_OFF, FP_CONTRACT_FAST } FpContract;

typedef struct Options {
  const char *input, *output; /* output NULL: translate, write nothing */
  EmitKind emit;
  bool explain, report;
  bool explain_data;        /* --explain=data: where host syncs go and why (also in --report) */
  bool openacc;             /* --openacc: read `#pragma acc` directives (openacc.c) */
  bool openmp;              /* --openmp: read `#pragma omp` loops as `work` (openmp.c) */
  FpContract fp_contract;   /* -ffp-contract= */
  bool fp_contract_given;   /* else --openmp and --openacc make it off */
  const char *command;      /* the command line, for the output's macro checks; NULL: "nucc" */
  bool explain_html;        /* --explain=html: the output is the page (explain_html.c) */
  const char *explain_size; /* --explain-size: "n=12,m=10" */
  Vec clang_args;           /* const char* */
  const char *compdb_dir;   /* -p: take the input's flags from its compile_commands.json */
  Vec with;                 /* const char*: --with, the program's other files */
  /* -MD/-MMD: also write a make rule, the output depending on the input and
   * its headers (depfile.c); user_only for -MMD, phony for -MP */
  bool deps, deps_user_only, deps_phony;
  const char *deps_file; /* -MF; NULL: depfile_default_path() */
  Vec deps_targets;      /* char*, quoted for make: -MT as given, -MQ quoted */
  bool tuning;           /* --tune: main.c runs tune_run() instead of nucc_compile() */
  TuneOptions tune;      /* its options; input, output and nucc_args filled by main.c */
} Options;

/* Translates o->input; returns the exit status (0 done, 1 errors in the
 * input or an unwritable output, 2 when the output would replace the input).
 * What it allocates stays until util_free_all(). */
int nucc_compile(const Options *o);

#endif
