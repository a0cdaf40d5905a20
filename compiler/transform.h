/* transform.h — building blocks of the loop transformations (transform.c). */
#ifndef NUCC_TRANSFORM_H
#define NUCC_TRANSFORM_H

#include "nucc.h"

/* Substitutions for a copy: variables replaced by expressions, variables
 * renamed (locals of a copy: r → r_1). */
typedef struct Subst {
  Vec from, to;   /* Var*, Expr* */
  Vec rfrom, rto; /* Var*, Var* */
  Vec efrom, eto; /* Expr* (one EX_VAR node, by identity), Var*: that use alone renamed */
  Symtab *names;  /* where a rename takes its fresh name: needed by renames only */
} Subst;

void subst_expr(Subst *s, Var *v, Expr *e);
Var *subst_rename(Subst *s, Var *v, const char *suffix);
/* base, or base_1, base_2, ...: a name no variable of the file has, nor
 * one made before; recorded in `names`. */
char *tr_fresh_name(Symtab *names, const char *base);
/* Renames every local the statement declares, with the suffix. */
void subst_rename_locals(Subst *s, Stmt *body, const char *suffix);

Expr *tr_clone_expr(Expr *e, Subst *s);
Stmt *tr_clone_stmt(Stmt *st, Subst *s);
Loop *tr_clone_loop(Loop *l, Subst *s);

/* Folding constructors of bound arithmetic. */
Expr *tr_add(Expr *a, Expr *b);
Expr *tr_sub(Expr *a, Expr *b);
Expr *tr_mul(Expr *a, Expr *b);
Expr *tr_div(Expr *a, Expr *b);
Expr *tr_min(Expr *a, Expr *b);
Expr *tr_max(Expr *a, Expr *b);

/* The value of an integer constant expression. */
bool tr_const(Expr *e, long long *v);

/* Loops counting up with a constant positive step; their exclusive end
 * (ub, or ub + 1 for <=) and their trip count as IR. */
bool tr_upward(Loop *l, long long *step);
Expr *tr_end(Loop *l);
Expr *tr_trip(Loop *l);
/* for (var = lb; var < end; var += step) body, like `model`. */
Loop *tr_loop(Loop *model, Expr *lb, Expr *end, long long step, Stmt *body);
Stmt *tr_for(Loop *l);
Stmt *tr_block(Vec *items);
/* The statement itself if it is a block, else a block holding it (each
 * copy in its own scope). */
Stmt *tr_as_block(Stmt *s);

/* The perfectly nested canonical loops of a piece (an ST_FOR). */
int tr_chain(Stmt *piece, Loop **out, int max);
void tr_relink(Loop **loops, int n);

/* The pieces outside the box [lb_j, split_j) of loops 0..k-1 (tilem, dmine). */
void tr_remainders(Loop **loops, int k, Expr **split, Vec *out);

/* Whether reordering loops[0..k-1] of the nest whose innermost body is
 * `body` as `how` (a Reorder of analysis.h; perm for REORDER_PERMUTE) keeps
 * every dependence.  Reports `broken` for a proven violation (with a
 * concrete pair) or `unproven` when undecided and not `trusted` (the
 * `independent` clause). */
bool tr_check_reorder(Symtab *names, Loop **loops, int k, Stmt *body, int how,
                      const long long *perm, bool trusted, SrcLoc at, const char *broken,
                      const char *unproven);

/* The reads of array `path` in loops[0..k-1] that see only values from
 * before the loops (deps_live_in); false, after an error at `at`, when the
 * body is outside what a kernel can hold. */
bool tr_live_in_reads(Symtab *names, Loop **loops, int k, Stmt *body, Expr *path, Vec *reads,
                      bool *written, Expr **blocked, char **example, SrcLoc at);

/* The arrays of loops[0..k-1] (Buffer*, into *buffers), each with the
 * smallest and largest first subscript over its accesses as isl bounds
 * them (region.c: first_lo, first_hi, NULL where it cannot); false when
 * the body is outside what a kernel can hold. */
bool tr_first_ranges(Symtab *names, Loop **loops, int k, Stmt *body, Vec *buffers);

/* Whether distributing loops[0..k-1] over the items of their body (item i
 * into loop copy group[i], groups non-decreasing) keeps every dependence;
 * reports a proven violation with its pair of accesses.  `nest` (NULL
 * inside another nest) says which temporaries are read after it. */
bool tr_check_distribute(Symtab *names, Loop **loops, int k, Stmt **items, int nitems,
                         const int *group, bool trusted, Nest *nest, SrcLoc at);

/* The scalars declared outside that every iteration of loops[0..k-1] writes
 * before it reads (private to an iteration: copies of the body need their
 * own, as dmine gives them), and of those the ones whose last value the
 * code after the loops may read (all of them when nest is NULL). */
void tr_find_temps(Symtab *names, Loop **loops, int k, Stmt *body, Nest *nest, Vec *temps,
                   Vec *copyouts);

/* The variables the statement assigns (or steps with ++/--), in order. */
void tr_written_scalars(Stmt *s, Vec *out);
/* Whether the statement may read v's value: a use anywhere except inside
 * a canonical loop of v itself, which sets v before any use (C89 indices
 * declared before the nest and reused by sibling loops). */
bool tr_reads_value(Stmt *s, const Var *v);

#endif
