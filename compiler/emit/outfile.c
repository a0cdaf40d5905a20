/* outfile.c — the files nucc writes: the translation and the dependency file.
 * Receives a path and the whole text; writes it through a temporary file
 * in the same directory and rename(), so a failed run never leaves a
 * half-written file, or in place for "-" (stdout) and special files. */
#define _POSIX_C_SOURCE 200809L
#include "outfile.h"
#include "nucc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An output that exists but is not a regular file (a pipe, a terminal,
 * /dev/null): renaming a temporary file over it would replace it, and
 * removing it after an error would delete it. */
static bool is_special(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

static bool write_stdout(const char *text) {
  bool ok = fputs(text, stdout) >= 0 && fflush(stdout) == 0;
  if (!ok)
    diag_plain("cannot write to standard output: %s", strerror(errno));
  return ok;
}

static bool write_in_place(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  bool ok = f && fputs(text, f) >= 0;
  int err = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok)
    diag_plain("cannot write '%s': %s", path, strerror(err));
  return ok;
}

/* The file gets the mode a plain fopen() would give it, not mkstemp()'s 0600. */
static bool write_atomically(const char *path, const char *text) {
  char *tmp = xformat("%s.nucc-XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    diag_plain("cannot write '%s': %s", path, strerror(errno));
    xfree(tmp);
    return false;
  }
  mode_t mask = umask(0);
  umask(mask);
  FILE *f = fdopen(fd, "w");
  bool ok = f && fchmod(fd, 0666 & ~mask) == 0 && fputs(text, f) >= 0;
  int err = errno;
  if (!f) {
    close(fd);
  } else if (fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && rename(tmp, path) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    diag_plain("cannot write '%s': %s", path, strerror(err));
    unlink(tmp);
  }
  xfree(tmp);
  return ok;
}

bool outfile_write(const char *path, const char *text) {
  if (!strcmp(path, "-"))
    return write_stdout(text);
  return is_special(path) ? write_in_place(path, text) : write_atomically(path, text);
}

void outfile_discard(const char *path) {
  if (strcmp(path, "-") != 0 && !is_special(path))
    unlink(path);
}
