/* directive.h — the words and parenthesised arguments of a foreign
 * directive's text (`#pragma omp`, `#pragma acc`), and the clauses both
 * dialects share (directive.c; openmp.c and openacc.c read with it). */
#ifndef NUCC_DIRECTIVE_H
#define NUCC_DIRECTIVE_H

#include "nucc.h"

typedef struct Lex {
  const char *p;
} Lex;

/* The next word (a directive or clause name), or NULL at the end. */
char *dir_word(Lex *l);
/* A clause's parenthesised argument, without the parentheses, or NULL. */
char *dir_paren(Lex *l);
bool dir_is(const char *w, const char *s);
/* reduction([modifier,] op: list) appended to out as ` reduce(op: list)`
 * (`-` is a sum in both dialects); false with *why when the operator has
 * no reduce() counterpart. */
bool dir_reduction(const char *arg, Buf *out, char **why);
/* The work-group sizes nucc picks for `dims` mapped loops (1..3): 64
 * work-items, the innermost loop widest (NDRange dimension 0, where
 * accesses coalesce): "work(64)", "work(4, 16)", "work(2, 2, 16)". */
const char *dir_sizes(int dims);
/* The variables a data clause lists (`a[0:n], b`), without their sections,
 * appended to out as char*: OpenACC's copy/present, OpenMP's map. */
void dir_names(const char *arg, Vec *out);
/* A host sync (`update host(list)`, `target update from(list)`): each array
 * of the list as a whole, or the elements of a section `a[lo:len]` of one
 * dimension, appended to out as the nurt calls that bring it to the host. */
void dir_host_syncs(const char *arg, Buf *out);

#endif
