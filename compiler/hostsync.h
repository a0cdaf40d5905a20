/* hostsync.h — the synchronisation calls host code needs (see hostsync.c). */
#ifndef NUCC_HOSTSYNC_H
#define NUCC_HOSTSYNC_H

#include "frontend.h"
#include "rewrite.h"

void hostsync_add_edits(Source *src, Edits *edits);

#endif
