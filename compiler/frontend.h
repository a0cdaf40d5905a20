/* frontend.h — the parsed input: libclang's translation unit, the pragmas
 * found in its tokens, and the annotated nests as IR.  Shared by the front
 * end, the host-synchronisation pass and the driver, the three parts that
 * look at libclang cursors. */
#ifndef NUCC_FRONTEND_H
#define NUCC_FRONTEND_H

#include "nucc.h"

#include <clang-c/Index.h>

/* A `#pragma nu` line. */
typedef struct PragmaLine {
  int line;
  unsigned begin, end; /* byte range of the whole line */
  SrcLoc loc;          /* of the `#` */
  Vec annots;          /* Annot*, in source order */
  bool used;           /* attached to a loop, or a standalone directive */
} PragmaLine;

/* A standalone directive such as `#pragma nu wait`. */
typedef struct Directive {
  const char *name;
  unsigned begin, end;
} Directive;

/* --openmp: a construct that has no GPU meaning inside an offloaded loop
 * (critical, atomic on an element, barrier, ...), or a threadprivate list. */
typedef struct OmpInside {
  SrcLoc loc;
  unsigned offset;
  char *what;         /* "'#pragma omp critical'"; the list for threadprivate */
  bool atomic;        /* `omp atomic` */
  bool scalar;        /* atomic: the statement updates a variable (a reduction) */
  bool threadprivate; /* `omp threadprivate(what)` */
} OmpInside;

typedef struct Source {
  const char *path;
  char *text;
  size_t len;
  CXIndex index;
  CXTranslationUnit tu;
  CXFile file;
  Vec pragmas;    /* PragmaLine* */
  Vec nests;      /* Nest* */
  Vec directives; /* Directive* */
  Vec funcs;      /* Func*: every function defined in the file */
  bool openmp;    /* --openmp: `#pragma omp` loops are read as `work` */
  Vec omp_inside; /* OmpInside* */
} Source;

/* Parses the file with libclang (reporting clang's errors), finds the
 * pragmas, and builds the IR of every annotated nest.  Returns false when
 * the input has errors. */
bool frontend_parse(Source *src, int nargs, const char *const *args);
void frontend_dispose(Source *src);

/* Helpers for the other cursor-level passes. */
SrcLoc frontend_loc(CXSourceLocation l, unsigned *offset);
unsigned frontend_begin(CXCursor c);
unsigned frontend_end(CXCursor c);
bool frontend_in_main_file(Source *src, CXCursor c);
/* A variable of the program with this name, among those seen so far. */
Var *frontend_lookup_var(const char *name);
/* Whether a variable of the file or a name made before in this compilation
 * has this name; and recording a made name.  The set lives with the
 * compilation, like everything the front end knows. */
bool frontend_name_taken(const char *name);
void frontend_claim_name(char *name);

#endif
