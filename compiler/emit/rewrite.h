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
/* As rewrite_add, with a tag (not 0: the line of the nest the text
 * replaces) that rewrite_tag_at() finds again in the output. */
void rewrite_add_tagged(Edits *e, unsigned begin, unsigned end, char *text, int tag);
/* After rewrite_apply: the tag of the edit whose text holds offset `at` of
 * its output, or 0 (the input's own text, or an untagged edit). */
int rewrite_tag_at(const Edits *e, size_t at);
/* The input with every edit applied; edits at one offset keep their order. */
char *rewrite_apply(Edits *e, const char *text, size_t len);

#endif
