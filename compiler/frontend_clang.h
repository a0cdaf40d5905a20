/* frontend_clang.h — what the files of the front end (frontend.c,
 * frontend_host.c) share about libclang.  No other module includes it: the
 * rest of nucc sees the program only as frontend.h describes it. */
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
  Vec attachments; /* Attach* (frontend.c): pragma groups, by their `for` */
};

SrcLoc frontend_loc(CXSourceLocation l, unsigned *offset);
unsigned frontend_begin(CXCursor c);
unsigned frontend_end(CXCursor c);
bool frontend_in_main_file(Source *src, CXCursor c);

/* The children of a cursor, for kinds with a fixed shape (a `for` has 4, an
 * `if` 3, an operator 1 to 3): n counts them all, c keeps the first 8, and
 * the code reads c[i] only after checking n. */
typedef struct Kids {
  CXCursor c[8];
  int n;
} Kids;
Kids frontend_kids_of(CXCursor c);

// frontend_host.c
/* Fills src->host_funcs: every function defined in the file, its host
 * statements and what they do to arrays (frontend.h's HostFunc).  Runs once
 * the nests are known: a statement that holds one is taken apart. */
void frontend_host_collect(Source *src);

#endif
