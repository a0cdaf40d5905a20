/* rewrite.h — edits to the input text: the output is the input with nests
 * replaced and synchronisation calls inserted, so comments, macros and
 * includes survive. */
#ifndef NUCC_REWRITE_H
#define NUCC_REWRITE_H

#include "nucc.h"

typedef struct Edits {
  Vec items; /* Edit* */
} Edits;

/* Replace [begin, end) by text (begin == end inserts). */
void rewrite_add(Edits *e, unsigned begin, unsigned end, char *text);
/* The input with every edit applied; edits at one offset keep their order. */
char *rewrite_apply(Edits *e, const char *text, size_t len);

#endif
