/* annotation.h — the interface every annotation implements.
 * An annotation receives the nest (through AnnotCtx) after the annotations
 * nearer the loop were applied, checks its legality, and transforms the nest
 * or records facts for the `work` that offloads it.  A new annotation is one
 * file in annotations/ and one line in registry.c. */
#ifndef NUCC_ANNOTATION_H
#define NUCC_ANNOTATION_H

#include "nucc.h"

typedef struct AnnotCtx {
  Nest *nest;
  Kernel *kernel;   /* set by `work` */
  Vec sizes;        /* AnnotArg* from size(...) */
  bool independent; /* the `independent` clause */
  Vec reduces;      /* AnnotArg* from reduce(OP: v, ...): key is OP */
  Annot *work;      /* the `work` annotation, once seen */
} AnnotCtx;

typedef struct AnnotSpec {
  const char *name;
  int min_args, max_args; /* -1: any number */
  bool clause;            /* declares facts about the nest; applied before transformations */
  bool (*apply)(AnnotCtx *cx, Annot *a);
  const char *summary; /* one line for --help */
} AnnotSpec;

/* registry.c */
const AnnotSpec *annot_find(const char *name);
/* Applies the nest's annotations in order; false after an error. */
bool annot_apply_all(AnnotCtx *cx);
void annot_print_help(void);

/* One per annotation file. */
bool work_apply(AnnotCtx *cx, Annot *a);
bool size_apply(AnnotCtx *cx, Annot *a);
bool independent_apply(AnnotCtx *cx, Annot *a);
bool reduce_apply(AnnotCtx *cx, Annot *a);

#endif
