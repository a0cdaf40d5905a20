/* openacc.h — `#pragma acc` lines for --openacc (openacc.c); frontend_acc.c
 * and frontend_omp.c call it.  The kinds are OpenMP's (openmp.h): the front
 * end treats both dialects' regions, loops and stray constructs alike. */
#ifndef NUCC_ACC_H
#define NUCC_ACC_H

#include "openmp.h"

/* A loop directive (`parallel loop`, `kernels loop`, `loop`), as read. */
typedef struct AccLoop {
  int dims;                 /* the loops it maps: collapse(n), tile's count, or 1 */
  long long vector, worker; /* vector(N) or vector_length(N), worker(N) or num_workers(N);
                               0: nucc picks */
  char *tile;               /* tile(...)'s sizes as written (innermost loop first), or NULL */
  bool seq;                 /* seq: the loop runs in order */
  bool independent;         /* independent, or implied (parallel construct, orphaned loop) */
  bool autop;               /* auto, or a kernels construct without independent */
  bool combined;            /* parallel loop, kernels loop, serial loop: its own construct */
  bool kernels, serial;     /* in (or combined with) a kernels / serial construct */
  Buf clauses;              /* " reduce(+: s) private(x)": `#pragma nu` clauses */
} AccLoop;

/* A clause read as a hint or refused, with its offset in the text. */
typedef struct AccNote {
  int at;
  bool error;
  char *msg;
} AccNote;

typedef struct AccDir {
  OmpKind kind;
  AccLoop loop; /* OMP_LOOP */
  bool kernels; /* OMP_REGION: a kernels construct, where nucc decides what is parallel */
  bool serial;  /* OMP_REGION: a serial construct */
  bool data;    /* OMP_REGION: a data construct */
  char *why;    /* OMP_IGNORE, OMP_NO_GPU, OMP_ERROR: why */
  char *sync;   /* OMP_SYNC: update host's list */
  Vec present;  /* char*: the names present(...) lists */
  Vec copied;   /* char*: the names copy, copyin, copyout, create, ... list */
  Vec notes;    /* AccNote*: clauses that are hints, or refused, each at its place */
} AccDir;

/* Reads the text after "#pragma acc". */
void acc_parse(const char *text, AccDir *d);
/* The construct's leading words without clauses ("enter data"). */
char *acc_name(const char *text);
/* The `#pragma nu` text a loop directive stands for. */
char *acc_annots(const AccLoop *l);
/* Joins the loop directive right inside outer's loop (tightly nested) to
 * it, as one mapped nest; false when they cannot be one (more than 3 loops,
 * seq, tile). */
bool acc_merge(AccLoop *outer, const AccLoop *inner);

#endif
