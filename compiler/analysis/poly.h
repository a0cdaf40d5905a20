/* poly.h — the one symbolic layer between the loop-nest IR and isl.
 * Receives a kernel's loops and accesses (KernelInfo); hands on, for every
 * access, the set of iterations that may execute it and the element it
 * touches as quasi-affine functions of the loop indices, with flattened
 * subscripts (a[i*n + j], 0 <= j < n) delinearised.  Loop indices are the
 * set dimensions (one per KernelInfo loop, in its order), invariant integers
 * are isl parameters named as the kernel's stub names them (m->rows: m_rows).  No C text comes out
 * of here: deps.c asks the questions and words the answers. */
#ifndef NUCC_POLY_H
#define NUCC_POLY_H

#include "analysis.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/schedule.h>
#include <isl/set.h>

/* One coordinate of an element: subscript `pos` of the access, or, when
 * that subscript was delinearised, its part that multiplies `mono` (the
 * product of parameters "m*n", "" for 1). */
typedef struct PolyCoord {
  isl_pw_aff *pa; /* NULL: not affine, constrains nothing */
  int pos;
  char *mono; /* NULL unless delinearised */
} PolyCoord;

/* One access of a buffer (or an array element reduced into), as sets over
 * the kernel's loop space. */
typedef struct PolyAccess {
  Access *acc;
  Buffer *buf;
  Expr *e; /* the access expression */
  bool write;
  isl_set *dom;   /* iterations that may execute it */
  Vec coords;     /* PolyCoord*, the element */
  Vec loops;      /* LoopInfo* enclosing it, outer first, mapped ones left out */
  Vec *scope;     /* every LoopInfo* enclosing it, mapped ones first */
  Reduction *red; /* an array element reduced into (x[i]), not a buffer access */
  bool must;      /* every iteration of dom executes it */
  bool exact;     /* every coordinate is affine */
  char *why;      /* when !must or !exact: the reason, for messages */
} PolyAccess;

typedef struct Poly {
  isl_ctx *ctx;
  KernelInfo *ki;
  int ndims;        /* ki->loops.len */
  isl_space *space; /* the set space of the loop indices */
  Vec accs;         /* PolyAccess*, buffer by buffer */
  Vec scopes;       /* per loop id: Vec* of the LoopInfo* enclosing it */
  Vec *scope;       /* the loops around what is being converted */
} Poly;

Poly *poly_build(KernelInfo *ki);
/* The kernel's record of a canonical loop, or NULL. */
LoopInfo *poly_loop_info(KernelInfo *ki, Loop *l);
void poly_free(Poly *p);

/* The pair space [I, I'] of two iterations: the access's domain or a
 * coordinate moved to the first (second = false) or second copy. */
__isl_give isl_set *poly_pair_dom(Poly *p, PolyAccess *a, bool second);
/* { [I, I'] : I and I' touch the same element through x and y } within both
 * domains; coordinates that are not affine do not constrain. */
__isl_give isl_set *poly_pair_conflict(Poly *p, PolyAccess *x, PolyAccess *y);
/* The index of loop dimension `dim` in the second copy, as an affine
 * expression on the pair space. */
__isl_give isl_pw_aff *poly_pair_var(Poly *p, int dim, bool second);

/* Whether the coordinates of an access mention an isl parameter. */
bool poly_coords_use_params(PolyAccess *a);

/* A concrete point of a non-empty pair set, small parameters first. */
typedef struct PolyExample {
  long long *vals;  /* 2 * ndims loop values: I, then I' */
  Vec pnames;       /* char*: the parameters */
  long long *pvals; /* their values */
  long long *elem;  /* the coordinates of x's element at I */
} PolyExample;
bool poly_example(Poly *p, __isl_keep isl_set *s, PolyAccess *x, PolyExample *ex);

/* sched.c: reads a schedule over statements S0..Sn-1, each with the
 * nest's k outer loops first, as a chain (the pure half of sched_choose). */
bool sched_read(__isl_keep isl_schedule *s, int k, SchedChain *out);

#endif
