/* compdb.h — the flags of a file from a compilation database, `-p BUILD_DIR`
 * (compdb.c). */
#ifndef NUCC_COMPDB_H
#define NUCC_COMPDB_H

#include "frontend.h"

/* The front-end arguments for `input`: nucc's own -I first (searched
 * first), then the flags from BUILD_DIR/compile_commands.json that matter to
 * parsing, then nucc's other flags (a later -D, -U or -std wins).  `own` and
 * `args` hold const char*.  Returns false, with an error printed, when the
 * database cannot be read. */
bool compdb_args(const char *build_dir, const char *input, const Vec *own, Vec *args);
/* The other C files of the database, as Unit* (frontend.h) with their flags
 * merged with `own` as above; false, with an error printed, when the
 * database cannot be read. */
bool compdb_units(const char *build_dir, const char *input, const Vec *own, Vec *units);

#endif
