/* hostsync.h — the synchronisation calls host code needs (see hostsync.c). */
#ifndef NUCC_HOSTSYNC_H
#define NUCC_HOSTSYNC_H

#include "frontend.h"
#include "rewrite.h"

/* Adds the syncs to edits, and to notes what it did, one line per sync:
 * `file:line: in f: before the statement, reads a`, for --explain=data and
 * --report. */
void hostsync_add_edits(Source *src, Edits *edits, Buf *notes);

#endif
