/* depfile.h — the make rule of -MD/-MMD (depfile.c): the output depends on
 * the input and on every header the front end opened for it. */
#ifndef NUCC_DEPFILE_H
#define NUCC_DEPFILE_H

#include "frontend.h"

/* A name quoted for make, as GCC's -MQ does: `$` as `$$`, `#` as `\#`,
 * blanks (and the backslashes before them) escaped with a backslash. */
char *depfile_quote(const char *name);
/* Where -MD writes without -MF: the output with its suffix replaced by .d,
 * or, when the output is "-" or absent, the input's base name with .d. */
char *depfile_default_path(const char *output, const char *input);
/* The rule `TARGETS: INPUT HEADERS...`, wrapped at 76 columns; includes
 * are the front end's (Include*), targets already quoted (char*); user_only
 * (-MMD) leaves out system headers and what they include; phony (-MP) adds
 * `HEADER:` for each header. */
char *depfile_text(const Vec *includes, const char *input, const Vec *targets, bool user_only,
                   bool phony);

#endif
