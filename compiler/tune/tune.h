/* tune.h — nucc --tune: measure candidate chains of each `#pragma nu work`
 * nest on the device and write the fastest into the pragmas (tune.c), by
 * translating, building and running variants of the input (measure.c). */
#ifndef NUCC_TUNE_H
#define NUCC_TUNE_H

#include "nucc.h"

typedef struct TuneOptions {
  const char *input, *output;
  Vec nucc_args;          /* const char*: the front-end options, given to each variant's nucc */
  const char *cc;         /* --tune-cc: the build command, before SRC -o EXE and nurt's flags */
  const char *args;       /* --tune-args: the program's arguments, shell words */
  const char *check_args; /* --tune-check-args: the NU_VERIFY run's (NULL: args) */
  double budget;          /* --tune-budget: seconds for the whole search */
  int runs;               /* timed runs per candidate; the best counts */
} TuneOptions;

/* Runs the search and writes o->output; the exit status (0 done, 1 when the
 * input or the written chains cannot be translated, built or run). */
int tune_run(const TuneOptions *o);

// measure.c
/* One variant of the program, as the search runs it. */
typedef struct TuneRun {
  bool ok;          /* translated, built, verified and printed the reference output */
  const char *why;  /* when not ok: the first line that says why */
  const char *out;  /* the program's standard output (the verify run's) */
  const char *tout; /* that of the timed runs (the same run's as out without --tune-check-args) */
  double ms;        /* best total kernel time of the nest's kernels; < 0: none ran */
  double slowest;   /* the slowest timed run's: (slowest - ms) / ms is its noise */
  const char *info; /* nucc --report's lines about the nest's loops */
} TuneRun;

typedef struct TuneEnv {
  const TuneOptions *o;
  const char *dir;  /* the temporary directory */
  const char *nucc; /* this executable */
  const char *src;  /* where variants are written, under the input's name */
  double deadline;  /* tune_now() after which nothing more is started */
} TuneEnv;

double tune_now(void);
/* Translates, builds and runs the variant `text`; the kernels counted are
 * those whose loop line lies in (lo, hi].  ref: the written chain's run,
 * whose outputs the program must print (NULL: none yet).  fault: ask
 * NU_VERIFY to report a difference (test hook). */
TuneRun tune_measure(const TuneEnv *e, const char *text, int lo, int hi, const TuneRun *ref,
                     bool fault);
/* A file's bytes, NUL-ended, or NULL; *len its size. */
char *tune_read_file(const char *path, size_t *len);
bool tune_write_file(const char *path, const char *text);

#endif
