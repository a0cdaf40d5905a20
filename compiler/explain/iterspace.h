/* iterspace.h — a nest's iterations at small sizes, by interpreting its
 * pieces (iterspace.c), for the pictures of --explain=html. */
#ifndef NUCC_ITERSPACE_H
#define NUCC_ITERSPACE_H

#include "nucc.h"

#define IT_DEFAULT_SIZE 8 /* a parameter --explain-size does not name */
#define IT_MAX_ARROWS 400 /* dependence arrows drawn; the page counts the rest */

/* --explain-size: NAME=VALUE pairs, and the names that got the default. */
typedef struct IterParams {
  Vec names; /* char* */
  long long *values;
  Vec defaulted; /* char* */
} IterParams;

/* One run of an original iteration (the indices of the nest as written). */
typedef struct IterVisit {
  long long *orig; /* nest->depth values */
  int piece;       /* index in the step's pieces */
  int order;       /* 0, 1, ... in the order the sequential code runs */
  char *group;     /* what its colour tells: "tile (ii = 0, jj = 8)", "" for none */
} IterVisit;

/* Iteration `to` must stay after `from` (indices into the visits of the
 * nest as written): both touch `what`, at least one writes. */
typedef struct IterDep {
  int from, to;
  char *what;
} IterDep;

typedef struct IterSpace {
  Vec visits; /* IterVisit*, in visit order */
  Vec deps;   /* IterDep* */
  int deps_left_out;
  char *why; /* when the pieces could not be run */
} IterSpace;

bool iter_parse_params(const char *text, IterParams *ps, char **why);
long long iter_param(IterParams *ps, const char *name, bool *found);
/* Runs the pieces after `step` (NULL: the nest as written); the bodies
 * must hold the nest's `visit` statement (Stmt.visit). */
bool iter_run(Vec *pieces, Nest *nest, Annot *step, IterParams *params, IterSpace *out);
/* The dependences between the iterations of `sp`, a run of the nest as
 * written, from the body's subscripts evaluated at each iteration; only
 * the iterations `keep` accepts (those drawn) take part. */
void iter_deps(Nest *nest, IterParams *params, IterSpace *sp, bool (*keep)(IterVisit *v, void *ctx),
               void *ctx);

#endif
