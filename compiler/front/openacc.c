/* openacc.c — `#pragma acc` lines read as annotations, for --openacc (pure:
 * no libclang, as openmp.c, whose kinds it uses).  Receives the text after
 * "#pragma acc"; hands on what the line means to nucc: a loop directive
 * with the `#pragma nu` clauses and sizes it stands for (acc_annots), a
 * compute or data region, a data directive that lazy synchronisation makes
 * a hint, `update host` and `wait` as the host code they stand for, and
 * each clause that is only a hint or that nucc refuses with its place in
 * the text, for a warning there.  docs/openacc.md gives the mapping. */
#include "openacc.h"
#include "directive.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void note(AccDir *d, const char *text, const Lex *l, const char *w, bool error,
                 const char *msg) {
  AccNote *n = NEW(AccNote);
  /* the clause's first letter: the lexer stands after its argument */
  const char *at = l->p;
  size_t wl = strlen(w);
  while (at > text && strncmp(at, w, wl) != 0)
    at--;
  n->at = (int)(at - text);
  n->error = error;
  n->msg = xstrdup(msg);
  vec_push(&d->notes, n);
}

static long long number(const char *arg) {
  if (!arg)
    return 0;
  const char *c = strchr(arg, ':'); /* gang(num: 4), vector(length: 128) */
  char *end;
  long long v = strtoll(c ? c + 1 : arg, &end, 10);
  while (*end && isspace((unsigned char)*end))
    end++;
  return *end || v < 1 ? -1 : v; /* -1: not a constant: nucc picks */
}

static const char *const data_clauses[] = {"copy",
                                           "copyin",
                                           "copyout",
                                           "create",
                                           "pcopy",
                                           "pcopyin",
                                           "pcopyout",
                                           "pcreate",
                                           "present_or_copy",
                                           "present_or_copyin",
                                           "present_or_copyout",
                                           "present_or_create",
                                           "no_create",
                                           "attach",
                                           "device_resident",
                                           "link"};

/* The clauses of any construct; those of a loop fill d->loop. */
static bool clauses(const char *text, Lex *l, AccDir *d) {
  AccLoop *lp = &d->loop;
  for (char *w; (w = dir_word(l));) {
    char *arg = dir_paren(l);
    bool data = false;
    for (size_t i = 0; i < sizeof data_clauses / sizeof *data_clauses; i++)
      data |= dir_is(w, data_clauses[i]);
    if (data) {
      if (arg)
        dir_names(arg, &d->copied);
    } else if (dir_is(w, "present")) {
      if (arg)
        dir_names(arg, &d->present);
    } else if (dir_is(w, "collapse")) {
      lp->dims = arg ? (int)strtol(arg, NULL, 10) : 0;
      if (lp->dims < 1 || lp->dims > 3) {
        d->why = xformat("collapse(%s): at most 3 loops map to an NDRange", arg ? arg : "");
        return false;
      }
    } else if (dir_is(w, "tile")) {
      int n = 1;
      for (const char *c = arg ? arg : ""; *c; c++)
        n += *c == ',';
      if (!arg || n > 3) {
        d->why = xformat("tile(%s): at most 3 loops map to an NDRange", arg ? arg : "");
        return false;
      }
      lp->tile = arg;
      lp->dims = n;
    } else if (dir_is(w, "reduction")) {
      if (!arg || !dir_reduction(arg, &lp->clauses, &d->why))
        return false;
    } else if ((dir_is(w, "private") || dir_is(w, "firstprivate")) && arg) {
      buf_printf(&lp->clauses, " %s(%s)", w, arg);
    } else if (dir_is(w, "seq")) {
      lp->seq = true;
    } else if (dir_is(w, "independent")) {
      lp->independent = true;
    } else if (dir_is(w, "auto")) {
      lp->autop = true;
    } else if (dir_is(w, "vector") || dir_is(w, "vector_length")) {
      lp->vector = number(arg);
    } else if (dir_is(w, "worker") || dir_is(w, "num_workers")) {
      lp->worker = number(arg);
    } else if (dir_is(w, "async") || dir_is(w, "wait")) {
      note(d, text, l, w, false,
           xformat("'%s' is not translated: nurt launches every kernel without waiting, and the "
                   "host waits only where it uses what a kernel wrote; there are no queues to "
                   "keep apart",
                   w));
    } else if (dir_is(w, "if") || dir_is(w, "self")) {
      if (!dir_is(d->why, "update"))
        note(d, text, l, w, false,
             xformat("'%s(%s)' is not translated: the loops nucc offloads always run on the device",
                     w, arg ? arg : ""));
    } else if (dir_is(w, "device_type") || dir_is(w, "dtype") || dir_is(w, "deviceptr") ||
               dir_is(w, "use_device") || dir_is(w, "bind") || dir_is(w, "nohost")) {
      note(d, text, l, w, false,
           xformat("'%s' is not translated: nucc has no counterpart for it", w));
    }
    /* gang, num_gangs: the global size is the loop's trip count; default,
     * delete, finalize, if_present: lazy synchronisation needs no data
     * directive; host/device: update's own (acc_parse) */
  }
  return true;
}

char *acc_name(const char *text) {
  Lex l = {text};
  Buf out = {0};
  buf_puts(&out, "");
  for (int n = 0; n < 3; n++) {
    const char *save = l.p;
    char *w = dir_word(&l);
    static const char *ws[] = {"parallel", "kernels",   "serial",  "loop",     "data", "enter",
                               "exit",     "update",    "declare", "routine",  "wait", "atomic",
                               "cache",    "host_data", "init",    "shutdown", "set"};
    bool ok = false;
    for (size_t i = 0; w && i < sizeof ws / sizeof *ws; i++)
      ok |= dir_is(w, ws[i]);
    if (!ok || (n && !dir_is(w, "loop") && !dir_is(w, "data"))) {
      l.p = save;
      break;
    }
    buf_printf(&out, "%s%s", n ? " " : "", w);
  }
  return out.s;
}

void acc_parse(const char *text, AccDir *d) {
  Lex l = {text};
  *d = (AccDir){.kind = OMP_IGNORE};
  d->loop.dims = 1;
  buf_puts(&d->loop.clauses, "");
  const char *save = l.p;
  char *w = dir_word(&l);
  bool compute = dir_is(w, "parallel") || dir_is(w, "kernels") || dir_is(w, "serial");
  if (compute) {
    d->kernels = d->loop.kernels = dir_is(w, "kernels");
    d->serial = d->loop.serial = dir_is(w, "serial");
    save = l.p;
    if (dir_is(dir_word(&l), "loop")) {
      d->loop.combined = true;
      w = "loop";
    } else
      l.p = save;
  }
  if (dir_is(w, "loop")) {
    d->kind = clauses(text, &l, d) ? OMP_LOOP : OMP_ERROR;
    return;
  }
  if (compute || dir_is(w, "data")) {
    d->data = dir_is(w, "data");
    d->kind = clauses(text, &l, d) ? OMP_REGION : OMP_ERROR;
    return;
  }
  if (dir_is(w, "enter") || dir_is(w, "exit") || dir_is(w, "declare") || dir_is(w, "routine")) {
    if (!dir_is(w, "routine"))
      clauses(text, &l, d);
    d->kind = OMP_HINT;
    return;
  }
  if (dir_is(w, "update")) {
    Buf sync = {0};
    buf_puts(&sync, "");
    d->why = "update";
    for (char *c; (c = dir_word(&l));) {
      char *arg = dir_paren(&l);
      if ((dir_is(c, "host") || dir_is(c, "self")) && arg)
        dir_host_syncs(arg, &sync);
      else if (dir_is(c, "async") || dir_is(c, "wait") || dir_is(c, "if") ||
               dir_is(c, "device_type"))
        note(d, text, &l, c, false,
             xformat("'%s' is not translated: the update runs where it stands", c));
      /* device(list): nurt copies to the device what a kernel reads and the
       * host wrote, at the launch */
    }
    d->why = NULL;
    d->sync = sync.s;
    d->kind = *sync.s ? OMP_SYNC : OMP_HINT;
    return;
  }
  if (dir_is(w, "wait")) {
    char *arg = dir_paren(&l);
    (void)arg;
    clauses(text, &l, d); /* async on a wait: a note */
    d->sync = "nurt_wait(); ";
    d->kind = OMP_SYNC;
    return;
  }
  if (dir_is(w, "atomic")) {
    d->kind = OMP_ATOMIC;
    return;
  }
  l.p = save;
  if (dir_is(w, "cache"))
    d->why = "the kernel reads the arrays where they are (use '#pragma nu cache' for local "
             "memory)";
  else if (dir_is(w, "host_data"))
    d->why = "nucc's arrays are the host's; there are no device addresses to hand out";
  else if (dir_is(w, "init") || dir_is(w, "shutdown") || dir_is(w, "set"))
    d->why = "nurt picks and starts the device itself (NU_DEVICE)";
  else
    d->why = "nucc has no counterpart for it";
}

/* The work-group sizes of a loop directive: tile's (OpenACC lists the
 * innermost loop first, work the outermost), or vector and worker on the
 * innermost two loops, or nucc's. */
static char *sizes(const AccLoop *l) {
  if (l->tile) {
    char *list[3] = {0};
    Lex lx = {l->tile};
    int n = 0;
    for (; n < l->dims; n++) {
      while (*lx.p == ' ' || *lx.p == ',')
        lx.p++;
      const char *b = lx.p;
      while (*lx.p && *lx.p != ',')
        lx.p++;
      list[n] = xstrndup(b, (size_t)(lx.p - b));
      size_t k = strlen(list[n]);
      while (k && isspace((unsigned char)list[n][k - 1]))
        list[n][--k] = 0;
      if (!strcmp(list[n], "*"))
        return xstrdup(dir_sizes(l->dims));
    }
    Buf b = {0};
    buf_puts(&b, "work(");
    for (int i = n - 1; i >= 0; i--)
      buf_printf(&b, "%s%s", list[i], i ? ", " : ")");
    return b.s;
  }
  if (l->vector <= 0 && l->worker <= 0)
    return xstrdup(dir_sizes(l->dims));
  long long v = l->vector > 0 ? l->vector : 64 / l->worker > 0 ? 64 / l->worker : 1;
  long long s[3] = {1, 1, v};
  if (l->dims >= 2 && l->worker > 0)
    s[1] = l->worker;
  if (l->dims == 1)
    return xformat("work(%lld)", v);
  if (l->dims == 2)
    return xformat("work(%lld, %lld)", s[1], s[2]);
  return xformat("work(%lld, %lld, %lld)", s[0], s[1], s[2]);
}

char *acc_annots(const AccLoop *l) {
  /* kernels without independent: nucc decides what is parallel, as a bare
   * work does; a parallel construct's loops, and orphaned ones, are
   * independent unless seq or auto says otherwise */
  if (l->autop || (l->kernels && !l->independent))
    return xformat("work%s", l->clauses.s);
  return xformat("%s independent%s", sizes(l), l->clauses.s);
}

bool acc_merge(AccLoop *outer, const AccLoop *inner) {
  if (inner->seq || outer->seq || inner->tile || outer->tile || outer->dims + inner->dims > 3)
    return false;
  outer->dims += inner->dims;
  if (inner->vector)
    outer->vector = inner->vector;
  if (inner->worker)
    outer->worker = inner->worker;
  outer->autop |= inner->autop || (inner->kernels && !inner->independent);
  buf_puts(&outer->clauses, inner->clauses.s);
  return true;
}
