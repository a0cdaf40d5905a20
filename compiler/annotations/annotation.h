/* annotation.h — the interface every annotation implements.
 * An annotation receives the nest (through AnnotCtx) after the annotations
 * nearer the loop were applied, checks its legality, and transforms the nest
 * or records facts for the `work` that offloads it.  A new annotation is one
 * file in annotations/ and one line in registry.c.
 *
 * Which file may use which, top down: the engine (apply.c) uses the table
 * (registry.c) and --explain's printer (explain.c); the table names every
 * annotation file, auto.c (a bare `work`) among them; auto.c uses
 * hostloop.c, and both drive the engine only through AnnotCtx.engine;
 * the annotation files use clause.c and annot_util.c at the bottom. */
#ifndef NUCC_ANNOTATION_H
#define NUCC_ANNOTATION_H

#include "nucc.h"

/* What the annotations of one nest work on.  `pieces` is the nest as the
 * annotations so far left it, in program order: each piece a for statement;
 * `main` is the piece holding the bulk of the iterations, which the next
 * annotation transforms (remainders and peeled pieces are left as they
 * are).  After `fission` there are several main parts (`mains`): the
 * engine hands each in turn to the next transformation as `main`, and
 * skips those with fewer loops than it needs.  `work` turns every piece
 * into a kernel. */
typedef struct HostLoop HostLoop;
typedef struct AnnotEngine AnnotEngine;

typedef struct AnnotCtx {
  Nest *nest;
  Vec annots;        /* Annot*, in application order */
  Vec pieces;        /* Stmt* (ST_FOR) */
  int main;          /* index of the main part in pieces */
  Vec mains;         /* Stmt*: every main part, when fission made more than one */
  Vec split;         /* Stmt*: set by fission, the main parts it made */
  Vec kernels;       /* Kernel*, one per piece, set by `work` */
  Vec sizes;         /* AnnotArg* from size(...) */
  bool independent;  /* the `independent` clause */
  Vec reduces;       /* AnnotArg* from reduce(OP: v, ...): key is OP */
  Vec privates;      /* AnnotArg* from private(v, ...) */
  Vec firstprivates; /* AnnotArg* from firstprivate(v, ...) */
  Vec caches;        /* AnnotArg* from cache(a, ...) */
  Annot *stride;     /* stride(s), or NULL */
  Annot *work;       /* the `work` annotation, once seen */
  bool explain;      /* print the pieces after each step (--explain) */
  bool host;         /* the output launches the kernels: work checks the buffers' extents
                        with the other analyses (--emit=seq and --emit=cl need none) */
  Vec *steps;        /* --explain=html: an ExplainStep per step, or NULL */
  bool inner;        /* a loop inside an annotated nest's body */
  int inner_line;    /* inner: that loop's line, for --explain's steps */
  bool reordered;    /* remainders of a split of several loops: pieces in program order
                        are not in the order of their iterations (tilem, dmine) */
  const char *path;  /* the input, for --explain's headers */
  char *decided;     /* a bare `work`: the chain it chose, as --explain says it */

  /* a bare `work` that keeps its loop on the host (hostloop.c), or NULL */
  HostLoop *hostloop;
  /* a nest of such a loop's body: its bare `work` tries no wavefront (the
   * host loop around its hyperplanes would multiply the launches; the
   * whole nest's wavefront is tried instead) */
  bool in_host_loop;
  /* pieces hold a copy of the nest's loop as written, not the loop itself
   * (hostloop.c's trial of a nest of such a loop's body) */
  bool trial_copy;
  /* a trial of a chain that is thrown away (plan.c): `work` gives its
   * verdict and the kernels' accesses, without the launches' regions,
   * which only the stubs of a kept kernel read */
  bool verdict_only;
  /* a bare `work`'s blocked chain (auto.c, block_try): `work`'s dependence
   * test passed on the nest before dmine, whose unroll-and-jam keeps the
   * work-items of the mapped loops apart, so it is not repeated on dmine's
   * copies (it pairs every two of their accesses: a second per kernel) */
  bool deps_proven;

  /* set by annot_apply_all: the engine, for auto.c and hostloop.c */
  const AnnotEngine *engine;
} AnnotCtx;

/* A bare `work` whose loop carries a dependence and holds only loop nests
 * keeps that loop on the host (hostloop.c): the host runs it, and each
 * iteration launches the kernels of each nest of its body, in order.  Each
 * nest is a Nest of its own with a bare `work` of its own, exactly as if
 * the loop were written outside the annotated nest; the kernels of them all
 * are also the AnnotCtx's `kernels`, for the program and the stubs. */
struct HostLoop {
  Loop *loop; /* the annotated loop, which the host runs */
  Vec nests;  /* AnnotCtx*: the nests of its body, each after its own bare `work` */
  Vec order;  /* Stmt*: the body in order, NULL for each nest (nests, in turn) and the
                 statement for each host statement on scalars between them */
  Vec once;   /* Stmt*: for each of `nests`, the statement of the body it runs as a kernel
                 of one work-item (a loop of one iteration around it), else NULL */
  Vec pre;    /* Stmt*: for each of `nests`, the host statement right before it that its
                 call site runs, and its kernel's last work-item where it can
                 (Kernel.pre), else NULL; not in `order` */
};

/* The pieces after one annotation, for --explain=html (the IR is shared
 * and never changed once built, so keeping the Vec's items is enough). */
typedef struct ExplainStep {
  Annot *annot; /* NULL: the nest as written */
  Vec pieces;
  int main;
  Vec mains; /* Stmt*: the main parts after fission, else empty */
} ExplainStep;

/* What the engine needs to know of an annotation, as flags of its entry
 * in the table (rather than tests of its name). */
enum {
  ANNOT_CLAUSE = 1 << 0,   /* declares facts about the nest; applied before transformations */
  ANNOT_MAPS = 1 << 1,     /* maps loops onto the NDRange (`work`): last, and not on inner loops */
  ANNOT_ONE_LOOP = 1 << 2, /* transforms one loop whatever its arguments (peel, inline, snapshot) */
  ANNOT_BODY = 1 << 3,     /* works on the statements of the body: needs several (fission, fuse) */
  ANNOT_COPIES = 1 << 4,   /* copies arrays before the kernels start: only on the nest, with
                              `work` (snapshot) */
  ANNOT_ALONE = 1 << 5,    /* takes the annotated loop as written and plans the kernel itself:
                              no other transformation in its chain, not on an inner loop (ttile) */
};

typedef struct AnnotSpec {
  const char *name;
  int min_args, max_args; /* -1: any number */
  unsigned flags;         /* ANNOT_* */
  bool (*apply)(AnnotCtx *cx, Annot *a);
  bool (*bare)(AnnotCtx *cx, Annot *a); /* without arguments, where that differs (auto.c) */
  const char *summary;                  /* one line for --help */
} AnnotSpec;

/* The engine as auto.c and hostloop.c see it.  They run inside the engine
 * (a bare `work` is an annotation it applies) and drive it in turn: auto.c
 * tries chains of transformations, hostloop.c applies the chains of the
 * nests of a loop it keeps on the host.  The engine passes itself in, as
 * PPCG passes its printer to generate_gpu, so that they stay below it. */
struct AnnotEngine {
  /* Applies a transformation to the main part (to each main part in turn
   * after fission), then annot_explain_step. */
  bool (*transform)(AnnotCtx *cx, Annot *a);
  bool (*apply_all)(AnnotCtx *cx); /* annot_apply_all */
  /* Applies the annotations of s, a loop inside cx's nest, in place, as
   * written ones apply first: s becomes its one piece, or their block. */
  bool (*inner)(AnnotCtx *cx, Stmt *s);
};

/* registry.c */
const AnnotSpec *annot_find(const char *name);
void annot_print_help(void);
/* The i-th annotation of the table (for the man page); NULL past the end. */
const AnnotSpec *annot_spec_at(int i);

/* apply.c: applies the nest's annotations in order (and first those of
 * annotated loops in its body); false after an error. */
bool annot_apply_all(AnnotCtx *cx);

/* explain.c: after a step, --explain's print of the pieces and the record
 * of the step; the record alone (the step of `work`). */
void annot_explain_step(AnnotCtx *cx, Annot *a);
void annot_record_step(AnnotCtx *cx, Annot *a);
/* --explain: the nest as written, under its header; and the OpenCL
 * program of the kernels `work` made of it (those of a loop kept on the
 * host are printed with their nests). */
void annot_explain_nest(const char *path, Nest *n);
void annot_explain_kernels(AnnotCtx *cx);

/* annot_util.c: replaces the main part with `with` (pieces in program
 * order); the new main part is with[main]; main < 0: no main part is left
 * (inline). */
void annot_replace_main(AnnotCtx *cx, Vec *with, int main);
/* The main part's perfectly nested loops; reports an error at `a` and
 * returns 0 when the annotation needs more than there are. */
int annot_main_loops(AnnotCtx *cx, Annot *a, Loop **out, int need);
/* The annotation's arguments as positive integer constants. */
bool annot_int_args(Annot *a, long long *out, const char *what);

/* clause.c: the variable of this name in scope at the nest (one the nest
 * uses and does not declare, a parameter of the function, a global), or
 * NULL. */
Var *annot_visible_var(AnnotCtx *cx, const char *name);
/* What a clause argument names, as IR over the variables in scope at the
 * nest (`s -> data`, `(a)`, `ps->acc[i]`), or NULL when it is not such a
 * path or names something not in scope. */
Expr *annot_resolve(AnnotCtx *cx, const char *text, SrcLoc loc);

/* One per annotation file. */
bool work_apply(AnnotCtx *cx, Annot *a);
bool auto_apply(AnnotCtx *cx, Annot *a); /* a bare `work`: auto.c */
/* hostloop.c: where no chain maps the nest's loop, because it carries a
 * dependence, and its body is a sequence of loop nests, keeps the loop on
 * the host with a bare `work` on each nest; false (nothing changed, nothing
 * reported, *why_not saying why when the body is the reason) when the nest
 * is not such; else true, *ok false after errors. */
bool hostloop_try(AnnotCtx *cx, Annot *a, bool *ok, char **why_not);
bool size_apply(AnnotCtx *cx, Annot *a);
bool independent_apply(AnnotCtx *cx, Annot *a);
bool private_apply(AnnotCtx *cx, Annot *a);
bool firstprivate_apply(AnnotCtx *cx, Annot *a);
bool reduce_apply(AnnotCtx *cx, Annot *a);
bool permut_apply(AnnotCtx *cx, Annot *a);
bool tile_apply(AnnotCtx *cx, Annot *a);
bool tilem_apply(AnnotCtx *cx, Annot *a);
bool unroll_apply(AnnotCtx *cx, Annot *a);
bool dmine_apply(AnnotCtx *cx, Annot *a);
bool vector_apply(AnnotCtx *cx, Annot *a);
bool peel_apply(AnnotCtx *cx, Annot *a);
bool inline_apply(AnnotCtx *cx, Annot *a);
bool fission_apply(AnnotCtx *cx, Annot *a);
/* The statements of a loop body (empty ones left out) and the group of
 * each, as fission distributes them: items that pass values through a
 * scalar share one; returns the number of groups. */
int fission_group_items(Stmt *body, Vec *items, int **group);
bool fuse_apply(AnnotCtx *cx, Annot *a);
bool snapshot_apply(AnnotCtx *cx, Annot *a);
bool wavefront_apply(AnnotCtx *cx, Annot *a);
/* The first of loops[0..k-1] that a wavefront cannot take, or -1: one that
 * does not count up by 1 (*other -1), or whose bounds name loop *other. */
int wavefront_misfit(Loop **loops, int k, int *other);
bool cache_apply(AnnotCtx *cx, Annot *a);
bool stride_apply(AnnotCtx *cx, Annot *a);
int annot_stride(const AnnotCtx *cx);
bool ttile_apply(AnnotCtx *cx, Annot *a);
/* `work` on ttile's loop over time tiles (`sweep`): the kernel of one
 * launch of T steps; NULL after an error. */
Kernel *ttile_kernel(AnnotCtx *cx, Annot *a, Loop *sweep);

#endif
