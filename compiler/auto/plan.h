/* plan.h — what auto.c and distribute.c share: a candidate chain (Plan),
 * applying it on copies of the pieces with diagnostics muted, the search
 * over permutations that both run, and the region's time budget. */
#ifndef NUCC_PLAN_H
#define NUCC_PLAN_H

#include "analysis.h"
#include "annotation.h"

#define MAX_PERMUTED 4 /* the search's 4! orders; deeper loops keep their place */
#define MAX_LOOPS 16   /* tr_chain's depth */
#define MAX_PIECES 8   /* distribution: main parts with a permutation of their own */

/* One candidate chain, in application order (the pre-transformation, then
 * permut), and how it did. */
typedef struct {
  const char *pre; /* "fission", "fuse" or NULL */
  long long pre_args[MAX_LOOPS];
  int npre; /* fission's piece sizes, or 0 */
  long long perm[MAX_LOOPS];
  int nperm; /* 0: no permut */
  int dims;  /* loops mapped; 0: the chain failed */
  long score;
  int unit, all;  /* accesses on the contiguous dimension, of all */
  bool reordered; /* isl's parallel members, in another order */
  Annot *snap;    /* a `snapshot` applied before the chain, or NULL */
  Annot *split;   /* a `peel` around one iteration applied first, or NULL */
  Var *split_at;  /* the value that names that iteration */
  long long wave[MAX_LOOPS];
  int nwave; /* wavefront(wave...) applied first; 0: none */
  /* distribution (pre is fission): each main part's own permutation, where
   * the pieces want different orders (atax's column sum `y[j] += A[i][j] *
   * tmp[i]` runs j outside, its row sum i); npperm[k] 0: none */
  long long pperm[MAX_PIECES][MAX_LOOPS];
  int npperm[MAX_PIECES];
  int npieces;               /* main parts fission leaves; 0: not a distribution */
  bool refission;            /* a second plain fission after pre: loops inside distributed too */
  bool permuted[MAX_PIECES]; /* the piece's loops interchanged (for --report) */
  bool pfuse[MAX_PIECES];    /* the main part's loops fused, before its permutation */
  /* loop nests of the main part's body permuted first, as a `permut`
   * written on such a loop applies first: their index among the body's
   * items, line and permutation (isl's fusion of syrk's scaling with its
   * update, whose `for k for j` must run `for j for k` to fuse) */
  int ninner;
  int inner_at[MAX_PIECES];
  int inner_line[MAX_PIECES];
  long long inner_perm[MAX_PIECES][MAX_LOOPS];
  int inner_nperm[MAX_PIECES];
} Plan;

/* The region's time (a bare `work` and the bare `work`s of the nests of a
 * loop it keeps on the host), in processor seconds: plan_region_begin
 * opens one unless one is open (true when it did); plan_region_end closes
 * it and says its milliseconds and whether a search gave up. */
bool plan_region_begin(void);
double plan_region_end(bool *gave_up);
/* Seconds left of the region's budget (0 when no region is open); that a
 * search gave up; whether the budget is spent (which notes that too). */
double plan_time_left(void);
void plan_note_gave_up(void);
bool plan_time_up(void);
double plan_budget_s(void);

/* A synthetic annotation at the bare `work`, with integer arguments; a
 * `work` with sizes of 256 work-items over `dims` loops. */
Annot *plan_synth(Annot *at, const char *name, const long long *args, int nargs);
Annot *plan_synth_work(Annot *at, int dims);
/* The chain, as --explain says it. */
void plan_chain_text(Buf *b, Plan *p);
bool plan_apply_chain(AnnotCtx *cx, Annot *at, Plan *p, int dims);
/* The transformations p puts before `work` (wavefront, peel, fission, the
 * permutations), applied. */
bool plan_apply_prefix(AnnotCtx *cx, Annot *at, Plan *p);
/* Deep copies of the pieces, to try a chain on. */
void plan_copy_pieces(AnnotCtx *cx);
/* Tries the plan with every number of mapped loops up to max_dims, most
 * first; fills p->dims (0: none works) and p->score.  *cx is unchanged. */
void plan_try(AnnotCtx *cx, Annot *at, Plan *p, int max_dims);
bool plan_next_perm(long long *p, int n);
/* The permutation's length without the loops at its end that keep their
 * place. */
int plan_significant(const long long *perm, int n);
/* Every chain with this pre-transformation (fission's piece sizes in args)
 * and a permutation, the best kept in *best; deep_dims: work may map as
 * many loops as the deepest piece has. */
void plan_search_pre(AnnotCtx *cx, Annot *a, Plan *best, const char *pre, const long long *args,
                     int nargs, bool deep_dims);
/* The statements fission would distribute (the body of the one piece's
 * perfectly nested loops): their number, or 0; the statements. */
int plan_body_statements(AnnotCtx *cx);
void plan_body_items(AnnotCtx *cx, Vec *items);

/* distribute.c */
/* fission with pieces of several statements, where they map more loops
 * than *best. */
void distribute_search_pieces(AnnotCtx *cx, Annot *a, Plan *best);
/* The loop distributed over its body, each piece in an order of its own. */
void distribute_loop(AnnotCtx *cx, Annot *a, Plan *best);
/* A distribution's per-piece permutations said as one permut, where they
 * are one. */
void distribute_as_ordinary(AnnotCtx *cx, Annot *a, Plan *p);

#endif
