/* measure.c — one candidate of nucc --tune, measured: the variant source is
 * translated by this nucc (with --report), built with the user's --tune-cc
 * and nurt, run once under NU_VERIFY=1 (checked against the sequential loop
 * and the reference output), then --tune's runs times under NU_PROFILE=1,
 * whose kernel table (runtime/profile.c) gives the nest's kernel time. */
#define _GNU_SOURCE /* memmem, kill, clock_gettime */
#include "tune.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double tune_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

char *tune_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  Buf b = {0};
  buf_puts(&b, "");
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    buf_printf(&b, "%.*s", (int)n, chunk);
  fclose(f);
  if (len)
    *len = b.len;
  return b.s;
}

bool tune_write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

/* Runs `sh -c cmd` in its own process group, stdin from /dev/null, stdout
 * and stderr into files; a run past the deadline is killed with its
 * children (a program that does not terminate must not stop the search).
 * Returns the exit status, 128+signal, 124 past the deadline, -1 when no
 * process could start. */
static int sh_run(const char *cmd, const char *out, const char *err, double deadline) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    setpgid(0, 0);
    int in = open("/dev/null", O_RDONLY);
    int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || fo < 0 || fe < 0)
      _exit(127);
    dup2(in, 0);
    dup2(fo, 1);
    dup2(fe, 2);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid);
  int st;
  for (;;) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid)
      break;
    if (r < 0)
      return -1;
    if (tune_now() > deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &st, 0);
      return 124;
    }
    nanosleep(&(struct timespec){0, 2000000}, NULL);
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* s in single quotes, for sh. */
static const char *quote(const char *s) {
  Buf b = {0};
  buf_puts(&b, "'");
  for (; *s; s++)
    buf_puts(&b, *s == '\'' ? "'\\''" : (char[]){*s, 0});
  buf_puts(&b, "'");
  return b.s;
}

/* The line of `text` that says most about a failure: the first holding
 * `key`, else the last non-blank one; NULL when there is none. */
static const char *pick_line(const char *text, const char *key) {
  if (!text)
    return NULL;
  const char *last = NULL, *p = text;
  size_t lastn = 0;
  while (*p) {
    size_t n = strcspn(p, "\n");
    if (key && memmem(p, n, key, strlen(key)))
      return xstrndup(p, n);
    if (n && strspn(p, " \t") < n)
      last = p, lastn = n;
    p += n + (p[n] == '\n');
  }
  return last ? xstrndup(last, lastn) : NULL;
}

static const char *failure(const char *what, int rc, const char *errfile, const char *key) {
  const char *line = pick_line(tune_read_file(errfile, NULL), key);
  if (rc == 124)
    return xformat("%s: did not finish within the budget", what);
  return xformat("%s: %s%s", what,
                 rc > 128 ? xformat("killed by signal %d", rc - 128)
                          : xformat("exit status %d", rc),
                 line ? xformat(": %s", line) : "");
}

/* The line number of a "file:LINE..." field, or 0. */
static int loop_line(const char *field) {
  const char *c = strrchr(field, ':');
  return c ? atoi(c + 1) : 0;
}

/* The sum of the total times of the kernels whose loop line is in (lo, hi],
 * from NU_PROFILE's table; < 0 when none of them ran. */
static double nest_ms(const char *err, int lo, int hi) {
  const char *p = err ? strstr(err, "\nkernel ") : NULL;
  if (!p)
    return -1;
  p = strchr(p + 1, '\n');
  double sum = -1;
  while (p && p[1] && p[1] != '\n') {
    p++;
    char name[256], loop[512];
    unsigned long launches;
    double total;
    if (sscanf(p, "%255s %511s %lu %lf", name, loop, &launches, &total) == 4 && launches) {
      int l = loop_line(loop);
      if (l > lo && l <= hi)
        sum = (sum < 0 ? 0 : sum) + total;
    }
    p = strchr(p, '\n');
  }
  return sum;
}

/* nucc --report's lines about loops in (lo, hi]. */
static const char *report_lines(const char *out, int lo, int hi) {
  Buf b = {0};
  buf_puts(&b, "");
  for (const char *p = out ? out : ""; *p;) {
    size_t n = strcspn(p, "\n");
    const char *c = memchr(p, ':', n);
    int l = c ? atoi(c + 1) : 0;
    if (l > lo && l <= hi)
      buf_printf(&b, "%.*s\n", (int)n, p);
    p += n + (p[n] == '\n');
  }
  return b.s;
}

TuneRun tune_measure(const TuneEnv *e, const char *text, int lo, int hi, const TuneRun *ref,
                     bool fault) {
  TuneRun r = {.ms = -1};
  const char *d = e->dir;
  const char *nu = xformat("%s/prog.nu.c", d), *exe = xformat("%s/prog", d);
  const char *out = xformat("%s/out", d), *err = xformat("%s/err", d);
  unlink(nu);
  unlink(exe);
  if (!tune_write_file(e->src, text)) {
    r.why = xformat("cannot write %s", e->src);
    return r;
  }
  /* the variant lives in the temporary directory: its "" headers are the input's */
  char *indir = xstrdup(e->o->input), *slash = strrchr(indir, '/');
  if (slash)
    *slash = 0;
  else
    indir = ".";
  Buf cmd = {0};
  buf_printf(&cmd, "exec %s", quote(e->nucc));
  for (int i = 0; i < e->o->nucc_args.len; i++)
    buf_printf(&cmd, " %s", quote(e->o->nucc_args.items[i]));
  buf_printf(&cmd, " -I%s --report %s -o %s", quote(indir), quote(e->src), quote(nu));
  int rc = sh_run(cmd.s, out, err, e->deadline);
  r.info = report_lines(tune_read_file(out, NULL), lo, hi);
  if (rc) {
    const char *line = pick_line(tune_read_file(err, NULL), "error:");
    const char *msg = line && strstr(line, "error: ") ? strstr(line, "error: ") + 7 : line;
    r.why = rc == 124 ? "nucc: did not finish within the budget"
                      : xformat("nucc refuses it: %s", msg ? msg : "no message");
    return r;
  }
  cmd = (Buf){0};
  buf_printf(&cmd, "%s %s -o %s -iquote %s $(pkg-config --cflags --libs nurt) -lm", e->o->cc,
             quote(nu), quote(exe), quote(indir));
  if ((rc = sh_run(cmd.s, out, err, e->deadline))) {
    r.why = failure("the build (--tune-cc) fails", rc, err, "error");
    return r;
  }
  const char *args = e->o->args ? e->o->args : "";
  const char *check = e->o->check_args ? e->o->check_args : args;
  cmd = (Buf){0};
  buf_printf(&cmd, "NU_PROFILE=0 NU_VERIFY=1 %s%s %s", fault ? "NU_VERIFY_FAULT=1 " : "",
             quote(exe), check);
  rc = sh_run(cmd.s, out, err, e->deadline);
  const char *errtext = tune_read_file(err, NULL);
  if (rc == 3 && errtext && strstr(errtext, "NU_VERIFY")) {
    const char *next = strchr(strstr(errtext, "NU_VERIFY"), '\n');
    if (next)
      next += 1 + strspn(next + 1, " ");
    size_t n = next ? strcspn(next, "\n") : 0;
    r.why = xformat("NU_VERIFY: differs from the sequential loop%s%.*s", n ? ": " : "", (int)n,
                    n ? next : "");
    return r;
  }
  if (rc) {
    r.why = failure("the program fails under NU_VERIFY=1", rc, err, NULL);
    return r;
  }
  r.out = tune_read_file(out, NULL);
  if (!r.out)
    r.out = "";
  if (ref && strcmp(ref->out, r.out) != 0) {
    r.why = "prints other output than the written chain";
    return r;
  }
  /* the timed runs' output: the check's where they are the same run */
  r.tout = e->o->check_args ? NULL : r.out;
  for (int i = 0; i < e->o->runs; i++) {
    cmd = (Buf){0};
    buf_printf(&cmd, "NU_VERIFY=0 NU_PROFILE=1 %s %s", quote(exe), args);
    if ((rc = sh_run(cmd.s, out, err, e->deadline))) {
      r.why = failure("a timed run fails", rc, err, NULL);
      return r;
    }
    const char *o2 = tune_read_file(out, NULL);
    if (!o2)
      o2 = "";
    if (!r.tout && ref && strcmp(o2, ref->tout) != 0) {
      r.why = "prints other output than the written chain (timed run)";
      return r;
    }
    if (!r.tout)
      r.tout = o2;
    if (strcmp(o2, r.tout) != 0) {
      r.why = "prints different output from run to run: the program is not deterministic";
      return r;
    }
    double ms = nest_ms(tune_read_file(err, NULL), lo, hi);
    if (ms >= 0 && (r.ms < 0 || ms < r.ms))
      r.ms = ms;
    if (ms > r.slowest)
      r.slowest = ms;
  }
  r.ok = true;
  return r;
}
