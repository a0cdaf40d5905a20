/* analysis.h — what the analyses of a `work` kernel compute.
 *   kernelinfo.c what the analysis of a kernel recorded, asked by the others
 *   freevars.c  free scalars (by value) and arrays (buffers) of the body,
 *               private copies of outer loop indices, called functions
 *   helperptr.c the elements helpers reach through pointers the body hands
 *               them, and the helpers' loops around them
 *   private.c   outer scalars every iteration writes before it reads
 *   privarray.c arrays private to each iteration (private(...), OpenMP's
 *               per-thread arrays), which the front end declares in the body
 *   extent.c    host expressions (IR) for each buffer's first-subscript range
 *   poly.c      the IR as isl sets (domains, accesses); poly.h
 *   deps.c      dependences and legality (reordering, distribution,
 *               fusion), decided on those sets
 *   region.c    the first-subscript range each buffer needs, from those sets
 *   legality.c  the questions annotations ask of a nest (reorder, distribute,
 *               fuse, live-in reads, temporaries), answered as values
 *   sched.c     isl's schedule of a nest for a bare `work`, read as a chain
 *   promote.c   register promotion of loop-invariant elements in the body */
#ifndef NUCC_ANALYSIS_H
#define NUCC_ANALYSIS_H

#include "nucc.h"

/* A loop whose index may appear in a subscript: a mapped loop or a
 * canonical loop of the body. */
typedef struct LoopInfo LoopInfo;
struct LoopInfo {
  Loop *loop;
  bool mapped;
  int id;        /* names nu_lo<id>/nu_hi<id> in host code */
  Var *range[2]; /* those two, as the variables of extent.c's bounds (made there) */
  bool asking;   /* extent.c is bounding this loop's range (a cycle guard) */
  /* A loop of a helper that indexes a buffer the kernel hands it: one per
   * call, its bounds those of the helper with the call's arguments put in
   * (the loop's index is the helper's variable). */
  Expr *site;       /* the kernel's call that runs it; NULL for the kernel's own loops */
  LoopInfo *outer;  /* the helper loop around it (in this helper or its callers) */
  const char *func; /* the helper that holds it, for messages */
};

typedef struct KernelInfo {
  Kernel *k;
  Vec loops;          /* LoopInfo*, outer first */
  Vec locals;         /* Var* declared in the body */
  Vec privates;       /* Var* declared outside, private to a work-item: loop indices and temps */
  Vec temps;          /* Var* of privates that every iteration writes before it reads (C89
                         temporaries) */
  Vec copyouts;       /* Var* of temps the program may read after the nest (globals, and
                         variables the function names outside it): the work-item of the
                         last iteration stores them, the stub assigns them back */
  Vec written_locals; /* Var* assigned after their declaration */
  Vec decls;          /* Stmt* ST_DECL in the body, for substitution (and one made up for
                         a temporary written once: private_values) */
  bool has_continue;  /* a `continue` ends an iteration of the mapped loops */
} KernelInfo;

bool freevars_analyse(Kernel *k, KernelInfo *ki, Vec *sizes, Vec *reduces);
/* The probe of a nest: *kn made up as if `work` mapped loops[0..k-1] around
 * `body`, to ask the analyses about it (legality, a schedule, temporaries);
 * its free variables with no clauses, errors counted, not shown.  `nest` (NULL
 * inside another nest's body) says which temporaries the code after it
 * reads (private.c).  Fills kn->info; true when the analysis found no
 * error. */
bool freevars_probe(Kernel *kn, Symtab *names, Nest *nest, Loop **loops, int k, Stmt *body);

typedef struct FV FV; /* freevars.c's walk, below */

/* kernelinfo.c: what a kernel's analysis recorded: the loop whose index v
 * is (the innermost), whether v is a local or a private copy. */
LoopInfo *kernelinfo_loop_of(KernelInfo *ki, const Var *v);
bool kernelinfo_is_local(KernelInfo *ki, const Var *v);
/* An ExprVisitor that adds the locals e assigns (or whose address it takes)
 * to the KernelInfo's written_locals. */
void kernelinfo_note_written(Expr *e, void *ki);
/* An error of freevars.c's walk (FV, below): a diagnostic, or under a
 * probe only counted, so that a probe's answer is a value and not muted
 * output. */
void kernelinfo_error(FV *fv, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* freevars.c's walk over a kernel's body, which helperptr.c continues at
 * the calls that hand a helper a pointer.  freevars.c passes its visitors
 * in, so that helperptr.c, which they call, does not call back up. */
struct FV {
  Kernel *k;
  KernelInfo *ki;
  bool ok;
  Vec why;    /* Var*, char*: why an outer scalar the body writes is not private */
  bool quiet; /* a probe's walk: errors are counted, not shown (kernelinfo_error) */
  int errors;
  void (*visit)(FV *fv, Expr *e);
  /* a[i][j]: records an access of buffer a with its subscripts. */
  void (*visit_index)(FV *fv, Expr *e, bool read, bool write);
  /* The kernel's buffer of an array or member path, made at its first use. */
  Buffer *(*buffer_of)(FV *fv, Expr *path);
  Func *helper; /* the walk of a helper's body (freevars.c's check of it): its name for
                   messages; the accesses it makes are placed at the kernel's calls */
  Vec opaque;   /* Expr*, Buffer*: a read a helper makes of a file-scope array at an
                   element nucc cannot name; right only if the loop writes none of it */
};

/* helperptr.c: a call's pointer arguments: the callee's copy for their
 * address spaces (call->callee is set to it), and the elements the helper
 * reaches through a buffer's, as accesses of the buffer at the call. */
void helperptr_visit_call(FV *fv, Expr *call);
/* helperptr.c: the file-scope arrays a called helper (or its callees)
 * names: buffers of the kernel, their elements accesses at the call, as
 * those it reaches through a pointer (Access.site); in a helper's own walk
 * (fv->helper), only that none of its names hides one. */
void helperptr_visit_globals(FV *fv, Expr *call);
/* structarg.c: a struct with pointer members handed to a helper by value:
 * call->callee becomes the helper's copy that names the argument's member
 * paths instead (file-scope data of the copy, ir_func_globals), the
 * parameter marked Var.flat. */
void structarg_visit_call(FV *fv, Expr *call);

/* The largest value `e` can take over the loops, as a host expression
 * (NULL when it cannot be bounded): loop ranges are the variables
 * nu_lo<id> and nu_hi<id> (LoopInfo.range), free scalars and member paths
 * the kernel's own expressions, min and max `a < b ? a : b` and
 * `a > b ? a : b`; literals of type long long print with LL.  emit/stub.c
 * prints it (bound_print). */
Expr *extent_hi(KernelInfo *ki, Expr *e);
Expr *extent_lo(KernelInfo *ki, Expr *e);
/* The range of a loop's index, the union over the loops that share it
 * (NULL for all but the first of them): fills *lo and *hi. */
void extent_loop_range(KernelInfo *ki, LoopInfo *li, Expr **lo, Expr **hi);
/* Whether a buffer's extent comes from the range of its first subscript:
 * neither a size(...) nor a fixed-size array type gives it. */
bool extent_from_subscripts(const Buffer *bf);
/* Whether the host can bound the buffer's first subscript from above (true
 * too when its extent does not come from subscripts, or isl bounded it
 * exactly); when not, *unbounded is the first access whose subscript has no
 * bound (NULL: no access at all).  A verdict: the caller reports it. */
bool extent_first_bounded(Kernel *k, Buffer *bf, Access **unbounded);
/* Whether the stub needs the loops' index ranges nu_lo<id>/nu_hi<id>: some
 * buffer's extent, or the range its writes reach, comes from subscripts
 * that isl did not bound exactly. */
bool extent_needs_loop_ranges(Kernel *k);

/* private.c: finds the temporaries (ki->privates, ki->temps, ki->copyouts;
 * without ki->k->nest, every temporary is copied out); for the
 * outer scalars the body writes that are not, pushes the Var* and a reason. */
void private_find(KernelInfo *ki, Vec *why);
/* private.c: forward substitution.  An integer temporary written once, by a
 * statement `v = e;` of the body or of a canonical loop's body in it, from
 * values that block cannot change (indices of the loops around it,
 * invariant scalars, locals and temporaries that stand for such values:
 * c = x + y*nx; w = x ? c - 1 : c), and read only after that statement in
 * that block, stands for e in the analyses, as a local declared with it: a
 * decl in ki->decls, not in ki->written_locals.  Call after written_locals
 * is filled. */
void private_values(KernelInfo *ki);
/* private.c: v is named in firstprivate(...) */
bool private_is_first(Kernel *k, const Var *v);
/* private.c: whether a loop's body may leave it early or skip to its next
 * iteration (break, continue, return; jumps of loops nested in it are their
 * own business).  privarray.c asks it too. */
bool private_has_jump(Stmt *s);

/* reduction.c: whether an update of the scalar `path` is a reduction. */
bool reduction_match_update(Expr *e, Expr *path, RedOp *op, Expr **operand);
bool reduction_match_if(Stmt *s, Expr **path, RedOp *op, Expr **operand);
bool reduction_uses(Expr *e, Expr *path);

/* cache.c: plans cache(a, ...) for a kernel; the plan of a buffer or NULL. */
bool cache_plan(Kernel *k, Vec *args, bool split);
/* After a split nest's kernels were planned with split set: each array that
 * cache(...) names must be staged in one of them. */
bool cache_check_used(Kernel **kernels, int n, Vec *args);
Cache *cache_of(Kernel *k, Buffer *b);
/* The extent of a cached block in dimension d, which follows the staged loop. */
long long cache_stage_width(Kernel *k, Cache *c, int d);
/* `v + c`, `v - c`, `c + v` or `v`: the variable and the constant. */
bool cache_var_offset(Expr *e, Var **v, long long *c);

/* promote.c: the kernel's body with loop-invariant array elements kept in
 * private variables across the loops (a copy: k->body is replaced). */
void promote_registers(Kernel *k);

/* region.c: fills each buffer's first_lo/first_hi where isl can; for a
 * launch (not a probe that wants those alone) also the rows it writes and
 * the rows of each part of a split launch. */
void region_analyse(KernelInfo *ki, bool launch);

/* deps.c (on isl, through poly.c): reports dependences between different
 * work-items, proven ones with a concrete pair; false after an error. */
bool deps_check(KernelInfo *ki);

/* What reordering the outer loops (the kernel's "mapped" loops 0..dims-1)
 * of a nest needs from its dependences. */
typedef enum {
  REORDER_NONE_CARRIED, // dmine: no dependence between different iterations
  REORDER_BAND,         // tile, tilem: no dependence runs backwards in any loop
  REORDER_PERMUTE,      // permut(p): every dependence keeps its direction
  REORDER_WAVEFRONT,    // wavefront(c): every dependence runs to a later hyperplane c.I
} Reorder;

typedef enum {
  LEGAL,
  ILLEGAL,   // a proven dependence is broken; *why gives a concrete pair
  UNDECIDED, // non-affine accesses or values: *why says which
} Verdict;

Verdict deps_reorder(KernelInfo *ki, Reorder how, const long long *perm, char **why);

/* Whether distributing the kernel's outer loops (0..dims-1) over the items
 * of their body, item i going to the loop copy group[i] (non-decreasing),
 * keeps every dependence: none may run from a later group to an earlier one
 * in a later iteration.  On a violation, *from and *to are the two
 * accesses (the earlier one in the original order first). */
/* Whether fusing two adjacent loops of the kernel's body (`first` then
 * `second`, equal headers, in one iteration of the outer loops) keeps every
 * dependence: none may run from iteration J' of `first` to an iteration
 * J < J' of `second`.  On a violation, *from is the access in `first`. */
Verdict deps_fuse(KernelInfo *ki, Loop *first, Loop *second, char **why, SrcLoc *from, SrcLoc *to);
Verdict deps_distribute(KernelInfo *ki, Stmt **items, int nitems, const int *group, char **why,
                        SrcLoc *from, SrcLoc *to);

/* The reads of array `path` (plain reads, not the read of `+=`, none made
 * by a helper) that see only values from before the kernel's loops: no
 * write of the array in the loops reaches their element earlier in the
 * sequential order.  They can read a copy taken before the loops
 * (`snapshot`).  *written: whether the loops write the array at all;
 * *blocked: a read that a write reaches, *example the pair in words. */
void deps_live_in(KernelInfo *ki, Expr *path, Vec *reads, bool *written, Expr **blocked,
                  char **example);

/* legality.c: an answer to a legality question, as a value.  A search
 * reads `ok`; the annotation the user wrote reports a refusal
 * (legality_report): an error at `loc` saying `reason`, then the notes. */
typedef struct LegalNote {
  SrcLoc loc;
  char *text;
} LegalNote;
typedef struct Legality {
  bool ok;
  SrcLoc loc;
  char *reason; /* NULL when ok */
  Vec notes;    /* LegalNote* */
} Legality;
/* Reports l if it refuses; returns l.ok. */
bool legality_report(Legality l);

/* Whether reordering loops[0..k-1] of the nest whose innermost body is
 * `body` as `how` (perm for REORDER_PERMUTE, the hyperplane for
 * REORDER_WAVEFRONT) keeps every dependence.  Refused saying `broken` for a
 * proven violation (with a concrete pair), or `unproven` when undecided and
 * not `trusted` (the clause `independent`), at `at`. */
Legality legality_reorder(Symtab *names, Loop **loops, int k, Stmt *body, Reorder how,
                          const long long *perm, bool trusted, SrcLoc at, const char *broken,
                          const char *unproven);
/* Whether distributing loops[0..k-1] over the items of their body (item i
 * into loop copy group[i], groups non-decreasing) keeps every dependence;
 * a refusal names the pair of accesses.  `nest` (NULL inside another nest)
 * says which temporaries are read after it. */
Legality legality_distribute(Symtab *names, Loop **loops, int k, Stmt **items, int nitems,
                             const int *group, bool trusted, Nest *nest, SrcLoc at);
/* Whether fusing the adjacent loops x then y (ST_FOR items of `body`, the
 * body of loops[0..k-1]) keeps every dependence (deps_fuse). */
Legality legality_fuse(Symtab *names, Nest *nest, Loop **loops, int k, Stmt *body, Stmt *x, Stmt *y,
                       bool trusted, SrcLoc at);
/* The reads of array `path` in loops[0..k-1] that see only values from
 * before the loops (deps_live_in); refused when the body is outside what a
 * kernel can hold. */
Legality legality_live_in(Symtab *names, Loop **loops, int k, Stmt *body, Expr *path, Vec *reads,
                          bool *written, Expr **blocked, char **example, SrcLoc at);
/* The arrays of loops[0..k-1] (Buffer*, into *buffers), each with the
 * smallest and largest first subscript over its accesses as isl bounds
 * them (region.c: first_lo, first_hi, NULL where it cannot); false when
 * the body is outside what a kernel can hold. */
bool legality_first_ranges(Symtab *names, Loop **loops, int k, Stmt *body, Vec *buffers);
/* The scalars declared outside that every iteration of loops[0..k-1] writes
 * before it reads (private to an iteration: copies of the body need their
 * own, as dmine gives them), and of those the ones whose last value the
 * code after the loops may read (all of them when nest is NULL). */
void legality_find_temps(Symtab *names, Loop **loops, int k, Stmt *body, Nest *nest, Vec *temps,
                         Vec *copyouts);

/* sched.c: isl's scheduler for a bare `work`.  A group of the body's items
 * is one isl statement (S0, S1, ... in program order); a group of one
 * canonical loop nest also runs over its own perfectly nested loops. */
typedef struct SchedGroup {
  Stmt **items;
  int nitems;
  Loop **loops; /* the group's own perfectly nested loops */
  int nloops;
} SchedGroup;

/* isl's schedule as nucc's chain `work(S) [permut(perm)] [pre]`, or
 * `work(S) [permut(p_k) on piece k ...] fission[(sizes)]`. */
typedef struct SchedChain {
  const char *pre;    /* "fission", "fuse" or NULL */
  const char *reason; /* why pre, for --report */
  long long *perm;    /* 1-based; nperm 0: no permut */
  int nperm;
  int nfull;      /* perm's length: nperm and the loops after it that keep their place */
  int dims;       /* the parallel outer loops to map, 1 to 3 */
  char *tree;     /* the schedule in brief, parallel members starred:
                     "sequence[S0: band(i*, j*); S1: band(i*, j*, k)]" */
  char *why;      /* when there is no chain: why not */
  bool timed_out; /* isl's scheduler passed the time it was given */
  /* a distribution whose pieces run in orders of their own (pre is
   * fission, perm unused): per piece in program order, the statements
   * (groups) it holds and its permutation (piece_nperm 0: none) */
  int npieces;
  int *piece_groups;
  long long **piece_perm;
  int *piece_nperm;
  int *piece_nfull; /* piece_perm's length */
  bool *piece_fuse; /* the piece's statements fused (`fuse` on it, before its permut) */
  /* per statement (group), a permutation of its own loops that applies
   * first, as a `permut` written on that loop of the body would (NULL:
   * none): fuse then joins the loop it brings out with the loops beside
   * it (syrk's `for j S0; for k for j S1` under `for i`) */
  long long **inner_perm;
  int *inner_nperm;
  int ninner; /* their length: the statements */
  /* where inner_perm is set, the chain without it (a kernel per statement),
   * for when nucc's checks refuse the fused one; NULL: none */
  struct SchedChain *alt;
} SchedChain;

/* Computes isl's schedule for the nest whose outer loops are the kernel's
 * mapped ones and whose body's items are `groups`, as PPCG does (validity,
 * proximity and coincidence: every dependence; `trusted`, the clause
 * `independent`: none between accesses that are not exact), and reads it
 * as a chain; false with out->why when isl finds none, passes budget_s
 * seconds (0: no limit but its effort limit) or no chain expresses it. */
bool sched_choose(KernelInfo *ki, SchedGroup *groups, int ngroups, bool trusted, double budget_s,
                  SchedChain *out);

/* privarray.c: arrays private to each iteration of a nest (private(...),
 * OpenMP's per-thread arrays).  The bytes of a fixed-size array of
 * scalars, -1 for any other type. */
long long privarray_bytes(const Type *t);
/* The largest array a work-item keeps in private memory; a larger one is a
 * slice of a device scratch buffer (docs/openmp.md). */
#define PRIVARRAY_MAX_BYTES 4096
/* The arrays the nest names and does not declare (Var*), appended to out. */
void privarray_free_arrays(Nest *n, Vec *out);
/* Whether the nest only reads a's elements: it writes none and hands a to
 * nothing (a call, an address). */
bool privarray_only_read(Nest *n, Var *a);
/* Whether each iteration of the innermost loop of the nest writes every
 * element of a that it reads before reading it; else where and why not. */
bool privarray_self_contained(Nest *n, Var *a, SrcLoc *at, char **why);
/* Gives each iteration its own a: declared again at the top of the body. */
void privarray_declare(Nest *n, Var *a);

/* lanes.c: `vector`'s lane loop over x, run as OpenCL vectors of V lanes. */
typedef struct Lanes {
  const Var *x;  /* the lane index */
  TypeKind elem; /* the vectors' element type, TY_FLOAT or TY_DOUBLE (set by lanes_check) */
  Vec varying;   /* Var*: the body's locals whose values differ between lanes */
  Vec sums;      /* Var*: scalars from outside the loop that one `+=` or `-=` of
                    the body accumulates into, lane after lane */
} Lanes;
/* Whether subscript `sub` is x + c (x, x + 3, 2 + x, x - 1); *c the constant. */
bool lanes_offset(Expr *sub, const Var *x, long long *c);
/* Whether the loop body can run as vectors: straight-line declarations and
 * assignments, every value that differs between lanes of one floating
 * type, reached through accesses whose last subscript alone follows x.
 * Fills ln (x set by the caller); otherwise *why and *at say what stops it. */
bool lanes_check(Lanes *ln, Stmt *body, SrcLoc *at, char **why);
bool lanes_local_varies(const Lanes *ln, const Var *v);
bool lanes_sum(const Lanes *ln, const Var *v);
/* Whether e names x or a local that varies: after lanes_check, whether its
 * value differs between lanes (x stands only in x + c subscripts). */
bool lanes_varies(const Lanes *ln, Expr *e);

#endif
