/* profile.c — counters and timings.  Receives the events of kernels and
 * copies as they are enqueued, reads their profiling times once they have
 * finished (a bounded queue: events are released after reading), and hands
 * on the counters (device.c's nurt_get_stats) and, with NU_PROFILE=1, the
 * report that launch.c prints at exit.  It only receives: it calls no other
 * floor of nurt (errors.c's failure aside). */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

nurt_stats nurt_counters = {.direct_probe = -1};

typedef struct {
  cl_event ev;
  int kind;  /* NURT_EV_* */
  void *rec; /* nurt_kernel * or nurt_arrec * */
} pending;

enum { MAX_PENDING = 512 };
static pending *queue; /* queue[first .. npending) are unread */
static size_t first, npending, cap;
static nurt_arrec *arrays, **arrays_tail = &arrays;

int nurt_profile_enabled(void) {
  static int on = -1;
  if (on < 0) {
    const char *s = getenv("NU_PROFILE");
    on = s && *s && strcmp(s, "0") != 0;
  }
  return on;
}

static int finished(cl_event ev, const nurt_where *w) {
  cl_int status;
  nurt_check(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
             "clGetEventInfo", w);
  nurt_check_event_status(status, w ? "kernel" : "copy", w);
  return status == CL_COMPLETE;
}

double nurt_prof_event_seconds(cl_event ev) {
  cl_ulong start = 0, end = 0;
  if (clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL) ||
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL) || end < start)
    return 0;
  return (double)(end - start) * 1e-9;
}

/* Reads and releases queue[first], if it has finished or `wait`. */
static int take_first(int wait) {
  pending *p = &queue[first];
  nurt_where w = {0}, *wp = NULL;
  if (p->kind == NURT_EV_KERNEL) {
    nurt_kernel *k = p->rec;
    w = (nurt_where){k->name, k->module->file, k->line};
    wp = &w;
  }
  if (wait)
    clWaitForEvents(1, &p->ev); /* a failure shows in the status */
  if (!finished(p->ev, wp))
    return 0;
  double s = nurt_prof_event_seconds(p->ev);
  if (p->kind == NURT_EV_KERNEL) {
    nurt_kernel *k = p->rec;
    if (k->timed == 0 || s < k->min)
      k->min = s;
    if (s > k->max)
      k->max = s;
    k->total += s;
    k->timed++;
    nurt_counters.kernel_seconds += s;
  } else {
    ((nurt_arrec *)p->rec)->seconds[p->kind == NURT_EV_TO_HOST] += s;
  }
  clReleaseEvent(p->ev);
  if (++first == npending)
    first = npending = 0;
  return 1;
}

/* Kernels launched without an event since the device last finished all
 * its work.  Only NU_PROFILE=1 gives each launch an event: on NVIDIA's
 * driver one costs about 4 us a launch (made, read, released), 20 ms of a
 * 0.45 s Cholesky with two launches a step on the H100.  Without events a
 * kernel that fails shows at the next wait, and these are the suspects. */
static nurt_kernel **suspects;
static size_t nsuspects, capsuspects;
static unsigned long round_no = 1; /* nurt_kernel.suspect: in this round */

void nurt_prof_launched(nurt_kernel *k) {
  NURT_LOCKED();
  if (k->suspect == round_no)
    return;
  if (nsuspects == capsuspects) {
    size_t n = capsuspects ? 2 * capsuspects : 16;
    nurt_kernel **v = realloc(suspects, n * sizeof(nurt_kernel *));
    if (!v)
      nurt_fatal("out of host memory");
    suspects = v;
    capsuspects = n;
  }
  k->suspect = round_no;
  suspects[nsuspects++] = k;
}

void nurt_prof_waited(cl_int err, const char *call, const nurt_where *w) {
  NURT_LOCKED();
  if (err == CL_SUCCESS) { /* an in-order queue: everything before is done */
    round_no++;
    nsuspects = 0;
    return;
  }
  if (!nsuspects)
    nurt_check(err, call, w);
  size_t len = 1;
  for (size_t i = 0; i < nsuspects; i++)
    len += strlen(suspects[i]->name) + strlen(suspects[i]->module->file) + 40;
  char *text = malloc(len), *at = text;
  for (size_t i = 0; text && i < nsuspects; i++)
    at += snprintf(at, len - (size_t)(at - text), "%s%s (loop at %s:%d)", i ? ", " : "",
                   suspects[i]->name, suspects[i]->module->file, suspects[i]->line);
  nurt_fatal("a kernel failed on the device: %s, seen by %s; the kernels launched since the "
             "device last finished its work: %s (NU_PROFILE=1 gives every launch an event, which "
             "names the one that failed)",
             nurt_cl_error_name(err), call, text ? text : "(out of memory to list them)");
}

void nurt_prof_drain(int all) {
  NURT_LOCKED();
  while (first < npending && take_first(all))
    ;
}

void nurt_prof_push(cl_event ev, int kind, void *rec) {
  NURT_LOCKED(); /* faults in any thread push; nurt_wait drains */
  if (kind != NURT_EV_KERNEL && !rec) {
    clReleaseEvent(ev); /* a copy, not profiled per array */
    return;
  }
  if (npending == cap && first > 0) {
    memmove(queue, queue + first, (npending - first) * sizeof *queue);
    npending -= first;
    first = 0;
  }
  if (npending == cap)
    queue = nurt_grow(queue, &cap, sizeof *queue);
  queue[npending++] = (pending){ev, kind, rec};
  if (npending - first >= MAX_PENDING) {
    nurt_prof_drain(0);
    /* The host is far ahead of the device: let it catch up a little. */
    while (npending - first >= MAX_PENDING / 2 && take_first(1))
      ;
  }
}

nurt_arrec *nurt_prof_array(const void *base, size_t bytes, const nurt_where *first) {
  const char *kname = first && first->kernel ? first->kernel : "?";
  for (nurt_arrec *r = arrays; r; r = r->next)
    if (r->base == base && r->bytes == bytes && !strcmp(r->first_kernel, kname))
      return r;
  nurt_arrec *r = calloc(1, sizeof *r);
  if (!r || !(r->first_kernel = malloc(strlen(kname) + 1)))
    nurt_fatal("out of host memory");
  strcpy(r->first_kernel, kname);
  r->base = base;
  r->bytes = bytes;
  r->file = first ? first->file : NULL;
  r->line = first ? first->line : 0;
  *arrays_tail = r;
  arrays_tail = &r->next;
  return r;
}

/* Set under the lock by whoever starts copies: one at a time. */
static nurt_cause current;

void nurt_prof_cause(int kind, const char *file, int line, const char *name) {
  current = (nurt_cause){.kind = kind, .file = file, .line = line, .name = name};
}

void nurt_prof_cause_pc(uintptr_t pc) { current.pc = pc; }

/* The function of a faulting instruction: its name when the dynamic symbol
 * table has it, else the object and offset for addr2line. */
static void print_pc(FILE *out, uintptr_t pc) {
  Dl_info info;
  if (!pc || !dladdr((void *)pc, &info) || !info.dli_fname) {
    fprintf(out, ", function not known");
    return;
  }
  if (info.dli_sname)
    fprintf(out, ", in %s()", info.dli_sname);
  else
    fprintf(out, ", at %s+0x%lx (addr2line -f -e %s 0x%lx names the function)", info.dli_fname,
            (unsigned long)(pc - (uintptr_t)info.dli_fbase), info.dli_fname,
            (unsigned long)(pc - (uintptr_t)info.dli_fbase));
}

void nurt_prof_count(nurt_arrec *r, int to_host, size_t bytes) {
  r->copies[to_host]++;
  r->moved[to_host] += bytes;
  nurt_cause **p = &r->cause[to_host];
  while (*p &&
         !((*p)->kind == current.kind && (*p)->line == current.line && (*p)->file == current.file &&
           (*p)->name == current.name && (*p)->pc == current.pc))
    p = &(*p)->next;
  if (!*p) {
    *p = calloc(1, sizeof **p);
    if (!*p)
      nurt_fatal("out of host memory");
    **p = current;
    (*p)->count = (*p)->bytes = 0;
    (*p)->next = NULL;
  }
  (*p)->count++;
  (*p)->bytes += bytes;
}

static void print_causes(FILE *out, const nurt_arrec *r, int to_host) {
  fprintf(out, "    %s:", to_host ? "to host  " : "to device");
  const char *sep = " ";
  for (const nurt_cause *c = r->cause[to_host]; c; c = c->next) {
    fprintf(out, "%s%lu x ", sep, c->count);
    switch (c->kind) {
    case NURT_CAUSE_HOST:
      fprintf(out, "host statement %s:%d", c->file ? c->file : "?", c->line);
      break;
    case NURT_CAUSE_KERNEL:
      fprintf(out, "kernel %s (%s:%d)", c->name ? c->name : "?", c->file ? c->file : "?", c->line);
      break;
    case NURT_CAUSE_FAULT:
      fprintf(out, "page fault in host code nucc did not translate");
      print_pc(out, c->pc);
      break;
    case NURT_CAUSE_IO:
      fprintf(out, "system call %s given the array", c->name ? c->name : "");
      break;
    case NURT_CAUSE_ALL:
      fprintf(out, "a call or return nucc cannot see through (%s)", c->name ? c->name : "");
      break;
    default: /* nurt's own reads: a reduction's partials, a last value */
      fprintf(out, "the result of the kernel, read by the stub or where host code needs it");
    }
    sep = "; ";
  }
  fprintf(out, "\n");
}

/* One line where a copy pattern looks avoidable. */
static void print_advice(FILE *out, const nurt_arrec *r) {
  if (r->copies[0] >= 3 && r->copies[1] >= 3) {
    unsigned long trips = r->copies[0] < r->copies[1] ? r->copies[0] : r->copies[1];
    fprintf(out,
            "    avoidable? copied to the device and back %lu times: host code and kernels take "
            "turns on it; a kernel for the host statement, or the host access out of the loop, "
            "keeps it on the device\n",
            trips);
  } else if (r->copies[1] >= 3 && r->moved[1] / r->copies[1] >= r->bytes && r->bytes > 65536) {
    fprintf(out,
            "    avoidable? %lu copies of the whole array back to the host: if the host reads "
            "only a few elements, that access is the one to move\n",
            r->copies[1]);
  }
}

static void sizes(char *buf, size_t n, unsigned dims, const size_t *s) {
  size_t len = 0;
  buf[0] = 0;
  for (unsigned d = 0; d < dims && len < n; d++)
    len += snprintf(buf + len, n - len, "%s%zu", d ? "x" : "", s[d]);
}

static double reference[2]; /* GB/s of a pinned copy: to device, to host */

void nurt_prof_reference(double up, double down) {
  reference[0] = up;
  reference[1] = down;
}

static double start_ran = -1, start_waited;
static const char *start_at;

static unsigned long hf_nests;
static double hf_spent, hf_budget, hf_predicted = -1;
static const char *hf_file;
static int hf_line;

void nurt_prof_host_first(unsigned long n, double spent, double budget, const char *file, int line,
                          double predicted) {
  hf_nests = n;
  hf_spent = spent;
  hf_budget = budget;
  hf_file = file;
  hf_line = line;
  hf_predicted = predicted;
}

static const char *ahead_file;
static int ahead_line;
static double ahead_predicted, ahead_budget;

void nurt_prof_host_first_ahead(double budget, const char *file, int line, double predicted) {
  ahead_budget = budget;
  ahead_file = file;
  ahead_line = line;
  ahead_predicted = predicted;
}

void nurt_prof_start(double ran, double waited, const char *at) {
  start_ran = ran;
  start_waited = waited;
  start_at = at;
}

/* Each direction's rate over every timed copy, against a pinned copy's
 * (issue 25 §2).  Small copies measure latency more than bandwidth: the
 * rate means most where the bytes come in large copies. */
static void print_rates(FILE *out) {
  unsigned long long moved[2] = {0, 0};
  double seconds[2] = {0, 0};
  for (nurt_arrec *r = arrays; r; r = r->next)
    for (int d = 0; d < 2; d++) {
      moved[d] += r->moved[d];
      seconds[d] += r->seconds[d];
    }
  static const char *const dir[2] = {"to device", "to host"};
  for (int d = 0; d < 2; d++) {
    if (!moved[d] || seconds[d] <= 0)
      continue;
    double gbs = (double)moved[d] / seconds[d] * 1e-9;
    fprintf(out, "rate %s: %.2f GB/s over %llu bytes", dir[d], gbs, moved[d]);
    if (reference[d] > 0)
      fprintf(out, " (%.2f of a pinned copy's %.2f GB/s)", gbs / reference[d], reference[d]);
    fputc('\n', out);
  }
}

void nurt_prof_report(FILE *out, const char *device, const char *platform,
                      const nurt_kernel *kernels, long long wide_bytes) {
  fprintf(out, "\nnurt profile: device '%s' (%s)\n", device, platform);
  fprintf(out, "%-24s %-20s %8s %10s %9s %9s %9s  %-14s %s\n", "kernel", "loop", "launches",
          "total ms", "min ms", "avg ms", "max ms", "global", "local");
  for (const nurt_kernel *k = kernels; k; k = k->next) {
    char loop[256], g[64], l[64] = "-";
    snprintf(loop, sizeof loop, "%s:%d", k->module->file, k->line);
    sizes(g, sizeof g, k->dims, k->global);
    if (k->has_local)
      sizes(l, sizeof l, k->dims, k->local);
    double avg = k->timed ? k->total / (double)k->timed : 0;
    fprintf(out, "%-24s %-20s %8lu %10.3f %9.3f %9.3f %9.3f  %-14s %s\n", k->name, loop,
            k->launches, k->total * 1e3, k->min * 1e3, avg * 1e3, k->max * 1e3, g, l);
  }
  for (const nurt_kernel *k = kernels; k; k = k->next)
    if (k->wide_launches)
      fprintf(out,
              "%s: %lu of %lu launches ran with 64-bit subscripts: an array of %lld bytes or "
              "more\n",
              k->name, k->wide_launches, k->launches, wide_bytes);
  for (const nurt_kernel *k = kernels; k; k = k->next)
    if (k->left_launches)
      fprintf(out,
              "%s: %lu of %lu launches left their groups' partials to the host, the result "
              "before unread\n",
              k->name, k->left_launches, k->launches);
  fprintf(out, "\n%-44s %12s  %6s %12s %9s  %6s %12s %9s\n", "array", "bytes", "to dev", "bytes",
          "ms", "to host", "bytes", "ms");
  for (nurt_arrec *r = arrays; r; r = r->next) {
    char name[256];
    if (r->name)
      snprintf(name, sizeof name, "%s (first used by %s at %s:%d)", r->name, r->first_kernel,
               r->file ? r->file : "?", r->line);
    else
      snprintf(name, sizeof name, "%p (first used by %s at %s:%d)", r->base, r->first_kernel,
               r->file ? r->file : "?", r->line);
    fprintf(out, "%-44s %12zu  %6lu %12llu %9.3f  %6lu %12llu %9.3f\n", name, r->bytes,
            r->copies[0], r->moved[0], r->seconds[0] * 1e3, r->copies[1], r->moved[1],
            r->seconds[1] * 1e3);
    for (int d = 0; d < 2; d++)
      if (r->cause[d])
        print_causes(out, r, d);
    print_advice(out, r);
  }
  const nurt_stats *c = &nurt_counters;
  fprintf(out,
          "\ntotal: %lu launches, %.3f ms in kernels; to device %lu copies, "
          "%llu bytes; to host %lu copies, %llu bytes\n",
          c->launches, c->kernel_seconds * 1e3, c->copies_to_device, c->bytes_to_device,
          c->copies_to_host, c->bytes_to_host);
  fprintf(out, "faults: %lu host accesses caught by page protection (NU_LAZY)\n", c->faults);
  if (c->timer_waits)
    fprintf(out, "timers: %lu clock reads waited for the kernels (NU_TIMERS)\n", c->timer_waits);
  if (start_ran >= 0)
    fprintf(out,
            "start: %.1f ms to start the device and build, beside the program's own start; "
            "%.1f ms of it waited for%s%s\n",
            start_ran * 1e3, start_waited * 1e3, start_at ? ", first at " : "",
            start_at ? start_at : "");
  if (ahead_file && ahead_predicted >= 0)
    fprintf(out,
            "host first: asked at main's start, the nest at %s:%d predicted %.1f ms, past "
            "NU_HOST_FIRST's %g ms: the device started beside main\n",
            ahead_file, ahead_line, ahead_predicted * 1e3, ahead_budget * 1e3);
  else if (ahead_file)
    fprintf(out,
            "host first: asked at main's start, the nest at %s:%d will launch (nucc could not "
            "count the work of the nests after it): the device started beside main\n",
            ahead_file, ahead_line);
  if (hf_nests) {
    fprintf(out, "host first: %lu nest%s ran on the host in %.1f ms, within NU_HOST_FIRST's %g ms",
            hf_nests, hf_nests == 1 ? "" : "s", hf_spent * 1e3, hf_budget * 1e3);
    if (hf_file && hf_predicted >= 0)
      fprintf(out, "; then the nest at %s:%d, predicted at %.1f ms, started the device\n", hf_file,
              hf_line, hf_predicted * 1e3);
    else if (hf_file && hf_predicted < -1)
      fprintf(out,
              "; then the nest at %s:%d started the device: nucc could not count the work of the "
              "nests after it\n",
              hf_file, hf_line);
    else
      fprintf(out, "; then the device started for a nest that does not ask\n");
  }
  if (c->snapshots)
    fprintf(out, "snapshots: %lu copies taken on the device for snapshot(...)\n", c->snapshots);
  /* NVIDIA: the kernels that ran from a build with a register cap
   * (launch.c, occupancy.c) */
  for (const nurt_kernel *k = kernels; k; k = k->next)
    if (k->capped)
      fprintf(out, "register cap: %s takes %d registers, built again with -cl-nv-maxrregcount=%d\n",
              k->name, k->regs, k->capped->regs);
  if (c->mirrored || c->direct_probe >= 0)
    fprintf(out,
            "pinned pages: %lu uploads from arrays' own pages; %lu copies back straight into "
            "protected pages%s\n",
            c->mirrored, c->direct_back,
            c->direct_probe == 0 ? " (none: this driver copies on the CPU)" : "");
  print_rates(out);
}

void nurt_prof_release(void) {
  for (size_t i = first; i < npending; i++)
    clReleaseEvent(queue[i].ev);
  free(queue);
  queue = NULL;
  first = npending = cap = 0;
  free(suspects);
  suspects = NULL;
  nsuspects = capsuspects = 0;
  for (nurt_arrec *r = arrays, *next; r; r = next) {
    next = r->next;
    for (int d = 0; d < 2; d++)
      for (nurt_cause *c = r->cause[d], *cn; c; c = cn) {
        cn = c->next;
        free(c);
      }
    free(r->first_kernel);
    free(r);
  }
  arrays = NULL;
  arrays_tail = &arrays;
}
