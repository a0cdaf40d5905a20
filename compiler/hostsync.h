/* hostsync.h — the synchronisation calls host code needs (see hostsync.c). */
#ifndef NUCC_HOSTSYNC_H
#define NUCC_HOSTSYNC_H

#include "frontend.h"
#include "rewrite.h"

void hostsync_add_edits(Source *src, Edits *edits);
/* What the last hostsync_add_edits did, one line per sync: `file:line: in
 * f: before this statement, reads a (copied back if the device holds it)`,
 * for --explain=data and --report. */
const char *hostsync_explain(void);

#endif
