/* outfile.h — writing nucc's output files (the translation, the dependency
 * file): complete or absent, never half-written (outfile.c). */
#ifndef NUCC_OUTFILE_H
#define NUCC_OUTFILE_H

#include <stdbool.h>

/* Writes text to path: "-" is standard output, an existing special file
 * (a FIFO, /dev/stdout) is written in place, anything else through a
 * temporary file renamed over it.  On failure prints `nucc: error: cannot
 * write ...` (an error of diag.c) and returns false. */
bool outfile_write(const char *path, const char *text);
/* Removes an earlier output after a failed run, so that it cannot pass for
 * up to date; leaves standard output and special files alone. */
void outfile_discard(const char *path);

#endif
