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
/* ub - lb for a loop `i < ub` whose bounds are integer constants (its
 * trip count under a step of 1; a host statement's loop of one iteration,
 * hostloop.c, has 1). */
bool tr_const_span(Loop *l, long long *span);

/* Loops counting up with a constant positive step; their exclusive end
 * (ub, or ub + 1 for <=) and their trip count as IR. */
bool tr_upward(Loop *l, long long *step);
Expr *tr_end(Loop *l);
Expr *tr_trip(Loop *l);
/* for (var = lb; var < end; var += step) body, like `model`. */
Loop *tr_loop(Loop *model, Expr *lb, Expr *end, long long step, Stmt *body);
/* The loop over tiles or blocks of loop l (tile, vector): its index a fresh
 * `ii` of l's type, declared, from lb while < end, stepping by span. */
Loop *tr_tile_loop(Symtab *names, Loop *l, Expr *lb, Expr *end, Expr *span);
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

/* The variables the statement assigns (or steps with ++/--), in order. */
void tr_written_scalars(Stmt *s, Vec *out);
/* Whether the statement may read v's value: a use anywhere except inside
 * a canonical loop of v itself, which sets v before any use (C89 indices
 * declared before the nest and reused by sibling loops). */
bool tr_reads_value(Stmt *s, const Var *v);

#endif
