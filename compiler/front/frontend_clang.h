/* frontend_clang.h — what the files of the front end (frontend*.c) share
 * about libclang, sectioned by the file that implements each part.  No other
 * module includes it: the rest of nucc sees the program only as frontend.h
 * describes it.  The files form floors, each calling only those below it:
 *   frontend.c (entry) → nests → private, conv → literals, types → cursor;
 *   nests, conv → pragmas → pragma_op → omp → cursor; host, macros, entry → cursor;
 *   conv → units → cursor. */
#ifndef NUCC_FRONTEND_CLANG_H
#define NUCC_FRONTEND_CLANG_H

#include "frontend.h"

#include <clang-c/Index.h>

/* The regions #if/#ifdef skipped, as byte ranges. */
typedef struct Skipped {
  unsigned *begin, *end;
  unsigned n;
} Skipped;

/* The front end's own part of one compilation. */
struct SourceClang {
  CXIndex index;
  CXTranslationUnit tu;
  CXFile file;
  Skipped skipped;
  Vec attachments; /* Attach* (frontend_pragmas.c): pragma groups, by their `for` */
};

/* One translation of the file's nests into IR (frontend_collect_nests). */
typedef struct Ctx {
  Source *src;
  Vec var_cursors;               /* CXCursor* parallel to src->names.vars */
  Vec globals;                   /* Var* of the file's global variables */
  Vec var_index[1024];           /* by clang_hashCursor(): indices into names.vars */
  unsigned nest_begin, nest_end; /* the nest being translated */
  Vec *annotated_fors;           /* offsets of annotated `for` keywords (as uintptr) */
  Func *in_func;                 /* a called function being translated */
} Ctx;

/* A group of pragma lines and the `for` it stands above (frontend_pragmas.c). */
typedef struct Attach {
  PragmaLine *first; /* topmost line of the group */
  Vec lines;         /* PragmaLine*, top to bottom */
  unsigned for_offset;
  bool apart; /* a directive stands between the lines or before the `for` */
  bool block; /* the group stands over a block of loops (`omp fuse`): for_offset is its `{` */
} Attach;

// frontend_cursor.c
SrcLoc frontend_loc(CXSourceLocation l, unsigned *offset);
unsigned frontend_begin(CXCursor c);
unsigned frontend_end(CXCursor c);
bool frontend_in_main_file(Source *src, CXCursor c);
bool frontend_is_user_code(Source *src, CXCursor c);

/* The children of a cursor, for kinds with a fixed shape (a `for` has 4, an
 * `if` 3, an operator 1 to 3): n counts them all, c keeps the first 8, and
 * the code reads c[i] only after checking n. */
typedef struct Kids {
  CXCursor c[8];
  int n;
} Kids;
Kids frontend_kids_of(CXCursor c);
SrcLoc frontend_loc_of(CXCursor c);
SrcLoc frontend_start_of(CXCursor c);
CXCursor frontend_last_kid(CXCursor c, enum CXCursorKind kind);
char *frontend_spelling(CXCursor c);
char *frontend_kind_name(CXCursor c);
CXCursor frontend_strip(CXCursor c);
/* frontend_strip, and casts too (a host root, a variable written) */
CXCursor frontend_strip_casts(CXCursor c);
bool frontend_refers_to(CXCursor e, CXCursor var);
void frontend_find_skipped(Source *src);
bool frontend_in_skipped(Source *src, unsigned off);
bool frontend_pp_token(Source *src, unsigned off);
/* The text after the 3-letter namespace of the `#pragma` line whose `#` is
 * at off0 and namespace at off2, continued lines joined; [*b, *e) is the
 * whole line. */
char *frontend_directive_text(Source *src, unsigned off0, unsigned off2, unsigned *b, unsigned *e);
bool frontend_names_word(const char *text, unsigned b, unsigned e, const char *w);

// frontend_types.c
Type *conv_type(CXType t);
Var *conv_var(Ctx *cx, CXCursor decl);
Expr *conv_new_expr(ExprKind k, CXCursor c);
Expr *conv_bad_expr(CXCursor c, const char *what);

// frontend_literals.c
Op conv_binop(enum CXBinaryOperatorKind k);
Op conv_unop(enum CXUnaryOperatorKind k);
Expr *conv_literal(Ctx *cx, CXCursor c, enum CXCursorKind k);

// frontend_conv.c
unsigned conv_for_end(Ctx *cx, CXCursor c);
Stmt *conv_stmt(Ctx *cx, CXCursor c);
Loop *conv_canonical_loop(Ctx *cx, CXCursor c, SrcLoc *why_loc, char **why);
/* The block of loops under OpenMP's fuse as a loop run once (Loop.seq). */
Loop *conv_loop_sequence(Ctx *cx, CXCursor block);
bool conv_loop_invariant(Loop *l, Stmt *body, SrcLoc *why_loc, char **why);

// frontend_alias.c
/* Pointers the body declares into an array, or assigns once where the loop
 * keeps them private (outside: Var*, what the function names outside the
 * nest), written as its subscripts. */
void frontend_follow_aliases(Nest *n, const Vec *outside);
/* The pointers a helper called from a kernel declares into one of its
 * arrays (`low = &grid[k]; high = low + 1; ... high->energy`), each made an
 * index into that array (grid[low_at + 1].energy); one that cannot be keeps
 * its declaration and Var.alias_why, which freevars.c refuses. */
void frontend_follow_helper_pointers(Func *f, Symtab *names);

// frontend_induction.c
/* for (int off = m * b, ii = 0; ii < n; ii++, off++), its declarations in
 * items: made canonical over ii, off read as m * b + ii; NULL when not. */
Stmt *conv_aux_inductions(Vec *items, Stmt *s);

// frontend_omp.c
void frontend_read_omp_text(Source *src, CXToken *toks, unsigned n, unsigned i, char *rest,
                            SrcLoc l0, SrcLoc at, unsigned off0, unsigned b, unsigned end);
void frontend_read_omp(Source *src, CXToken *toks, unsigned n, unsigned i, SrcLoc l0, unsigned off0,
                       SrcLoc l2, unsigned off2);
unsigned frontend_stmt_end(Source *src, unsigned at);
bool frontend_region_stmt(Source *src, CXToken *toks, unsigned n, unsigned line_end, unsigned *b,
                          unsigned *e);
/* The flag, the warnings' names and the pragma's namespace of a dialect. */
const char *frontend_dialect_flag(bool acc);
Directive *frontend_region_around(Source *src, unsigned off);
void frontend_check_omp(Source *src, CXToken *toks, unsigned ntoks);
HomeLoop *frontend_home_of(Source *src, unsigned for_begin);
void frontend_omp_loops(Source *src);

// frontend_acc.c
void frontend_read_acc_text(Source *src, char *rest, SrcLoc l0, SrcLoc at, unsigned off0,
                            unsigned b, unsigned end);
/* Joins nested loop directives, finds the loops of kernels regions, and
 * writes each loop directive's annotations (before frontend_attach_pragmas). */
void frontend_acc_nests(Source *src, CXToken *toks, unsigned n);

// frontend_data.c
/* A directive line read in full (a hint): the host output blanks it, since
 * a C compiler's -Wall would name it as unknown. */
void frontend_data_line(Source *src, unsigned b, unsigned e);
/* Host code a directive stands for (update host, target update from, wait),
 * put where the line is. */
void frontend_data_sync(Source *src, char *code, unsigned b, unsigned e);
/* The location of the byte at rest[k], where `at` is that of rest[1]; a
 * _Pragma's text has no columns of its own: the pragma's location. */
SrcLoc frontend_data_at(SrcLoc at, SrcLoc l0, int k);
/* present(list) / map(present: list) checked against the names data
 * clauses copied before it in source order; then copied and present
 * recorded as copied.  acc: OpenACC's spelling and warning, else OpenMP's. */
void frontend_data_clauses(Source *src, const Vec *present, const Vec *copied, const char *rest,
                           SrcLoc at, SrcLoc l0, bool acc);
/* The names of v that no data clause before has copied. */
Vec frontend_data_unmapped(Source *src, const Vec *v);

// frontend_pragma_op.c
bool frontend_token_is(Source *src, CXToken t, const char *w);
void frontend_pragma_operator(Source *src, CXToken *toks, unsigned n, unsigned i);
void frontend_expanded_pragmas(Source *src, CXToken *toks, unsigned ntoks);

// frontend_pragmas.c
/* Fills src->pragmas (and src->pragma_starts, src->skipped_nu). */
void frontend_find_pragmas(Source *src, CXToken *toks, unsigned n);
/* Groups them into src->clang->attachments, sorted by their `for`. */
void frontend_attach_pragmas(Source *src, CXToken *toks, unsigned n);
Attach *frontend_attach_of(Source *src, CXCursor c);
Vec *frontend_annots_of(Attach *a);
bool frontend_is_annotated_for(Ctx *cx, CXCursor c);

// frontend_private.c
bool frontend_private_arrays(Source *src, Nest *n, Attach *a, unsigned fbegin, unsigned fend);

// frontend_units.c
/* The definition, in another unit of the program (src->units), of the
 * function `fn` that the input declares without a body, parsing units not
 * yet parsed in turn; a null cursor when none has it. */
CXCursor frontend_unit_definition(Source *src, CXCursor fn);
/* Where frontend_unit_definition() looked, for a diagnostic: "" or
 * "a.c, b.c" (the first four). */
char *frontend_units_searched(Source *src);

// frontend_nests.c
/* Fills src->funcs, then src->nests: every function defined in the file,
 * then the annotated nests in each, as IR. */
void frontend_collect_nests(Source *src);

// frontend_host.c
/* Fills src->host_funcs: every function defined in the file, its host
 * statements and what they do to arrays (frontend.h's HostFunc).  Runs once
 * the nests are known: a statement that holds one is taken apart. */
void frontend_host_collect(Source *src);

// frontend_entry.c
/* Sets src->entry (frontend.h's EntryCall), once the nests are known. */
void frontend_find_entry(Source *src);

#endif
