/* launch.c — kernel launches: builds each module's program once per process
 * (at the first launch of any of its kernels), caches its kernels by name,
 * sets arguments and enqueues the NDRange without waiting.  Buffer arguments
 * are resolved to device buffers in arrays.c. */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nurt_internal.h"

/* What nurt keeps in module->priv. */
typedef struct {
  cl_program program; /* built with NU_RESTRICT = restrict */
  cl_program alias;   /* without, for launches whose arrays overlap; built lazily */
  cl_program exact;   /* without contraction, for NU_VERIFY's rerun; built lazily */
  /* with NU_WIDE (64-bit row lengths), for launches that pass an array of
   * 2 GiB or more: as `program`, as `alias`, as `exact`; built lazily */
  cl_program wide[3];
  int rowlens; /* the source has row lengths (typedef nu_idx) */
  nurt_kernel **kernels;
  size_t n, cap;
  char *log; /* NVIDIA: the build log, with each kernel's registers */
  /* NVIDIA: the program built again with a register cap, one per cap */
  struct capped_program {
    int regs;
    cl_program program;
  } * capped;
  size_t ncapped;
} program;

static nurt_launch current;

static nurt_kernel *all_kernels; /* every kernel launched, for the report */
static nurt_kernel **kernels_tail = &all_kernels;
static nurt_module **modules; /* built, for release at exit */
static size_t nmodules, capmodules;

static void check_fp64(const nurt_where *w) {
  cl_device_fp_config fp = 0;
  clGetDeviceInfo(nurt_g.device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL);
  if (fp == 0 && w->line > 0)
    nurt_fatal("loop at %s:%d (kernel %s) uses double precision, but device "
               "'%s' (%s) has no fp64 support; pick another device with "
               "NU_DEVICE, or run the loops on the host with NU_DEVICE=host",
               w->file, w->line, w->kernel, nurt_g.device_name, nurt_g.platform_name);
  if (fp == 0)
    nurt_fatal("the kernels generated from %s use double precision, but device '%s' (%s) has "
               "no fp64 support; pick another device with NU_DEVICE, or run the loops on the "
               "host with NU_DEVICE=host",
               w->file, nurt_g.device_name, nurt_g.platform_name);
}

/* A program's build log, NUL-ended (empty when the driver gives none);
 * NULL when out of memory. */
static char *build_log(cl_program program) {
  size_t len = 0;
  clGetProgramBuildInfo(program, nurt_g.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
  char *log = calloc(1, len + 1);
  if (log && clGetProgramBuildInfo(program, nurt_g.device, CL_PROGRAM_BUILD_LOG, len, log, NULL) !=
                 CL_SUCCESS)
    log[0] = 0;
  return log;
}

/* Where a build failure is reported: the loop whose launch built the
 * program, or the file when it was built at start-up. */
static _Noreturn void build_failed(cl_program prog, cl_int err, const nurt_where *w) {
  char *log = build_log(prog);
  if (w->line > 0)
    nurt_fatal("clBuildProgram: %s (kernel %s, loop at %s:%d)\n"
               "OpenCL build log of the program generated from %s:\n%s",
               nurt_cl_error_name(err), w->kernel, w->file, w->line, w->file,
               log ? log : "(out of memory)");
  nurt_fatal("clBuildProgram: %s (the kernels generated from %s)\n"
             "OpenCL build log of the program generated from %s:\n%s",
             nurt_cl_error_name(err), w->file, w->file, log ? log : "(out of memory)");
}

/* NVIDIA's OpenCL, with its compiler options and device attributes, and
 * NU_REGCAP not 0: the SM's registers and resident work-items for
 * occupancy.c; NULL elsewhere.  NU_REGCAP=N (16 or more) caps every
 * kernel that takes more than N registers at N instead: for measuring. */
#define NURT_CC_MAJOR_NV 0x4000
#define NURT_CC_MINOR_NV 0x4001
#define NURT_REGISTERS_PER_BLOCK_NV 0x4002
static int forced_cap; /* NU_REGCAP=N, N >= 16 */
static int caps_off;   /* NU_REGCAP=0 */
/* The SM's registers and resident work-items of an NVIDIA device, as the
 * driver tells them; NULL elsewhere (occupancy_device: NU_REGCAP as well). */
static const nurt_occ_device *nvidia_device(void) {
  static int known;
  static nurt_occ_device dev;
  if (!known) {
    known = 1;
    const char *off = getenv("NU_REGCAP");
    forced_cap = off && atoi(off) >= 16 ? atoi(off) : 0;
    caps_off = off && strcmp(off, "0") == 0;
    char ext[4096] = "";
    clGetDeviceInfo(nurt_g.device, CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL);
    cl_uint major = 0, minor = 0, regs = 0;
    if (strstr(ext, "cl_nv_compiler_options") && strstr(ext, "cl_nv_device_attribute_query") &&
        clGetDeviceInfo(nurt_g.device, NURT_CC_MAJOR_NV, sizeof major, &major, NULL) ==
            CL_SUCCESS &&
        clGetDeviceInfo(nurt_g.device, NURT_CC_MINOR_NV, sizeof minor, &minor, NULL) ==
            CL_SUCCESS &&
        clGetDeviceInfo(nurt_g.device, NURT_REGISTERS_PER_BLOCK_NV, sizeof regs, &regs, NULL) ==
            CL_SUCCESS) {
      dev.regs_per_sm = (int)regs;
      /* CUDA's table of resident threads per SM by compute capability */
      dev.threads_per_sm = major == 7 && minor == 5                   ? 1024
                           : (major == 8 && minor > 0) || major == 12 ? 1536
                                                                      : 2048;
    }
  }
  return dev.regs_per_sm > 0 ? &dev : NULL;
}

static const nurt_occ_device *occupancy_device(void) {
  const nurt_occ_device *d = nvidia_device();
  return caps_off ? NULL : d;
}

/* The lines of ptxas's log that give m's kernels' registers.  A binary
 * from NVIDIA's compile cache comes without them: then they come from
 * nurt's own file of them, or, the first time on this machine, from one
 * build with an option that misses the compile cache. */
static char *register_log(nurt_module *m, cl_program built, const nurt_where *w) {
  char driver[128] = "";
  clGetDeviceInfo(nurt_g.device, CL_DRIVER_VERSION, sizeof driver - 1, driver, NULL);
  const char *parts[] = {m->source, "-DNU_RESTRICT=restrict -cl-nv-verbose", nurt_g.device_name,
                         driver};
  uint64_t key = nurt_occ_key(parts, sizeof parts / sizeof *parts);
  char *log = build_log(built);
  if (!log)
    nurt_fatal("out of host memory");
  if (strstr(log, "Used ")) {
    nurt_occ_store(key, log);
    return log;
  }
  free(log);
  if ((log = nurt_occ_load(key)))
    return log;
  cl_int err;
  cl_program probe = clCreateProgramWithSource(nurt_g.context, 1, &m->source, NULL, &err);
  nurt_check(err, "clCreateProgramWithSource", w);
  char opts[96];
  snprintf(opts, sizeof opts, "-DNU_RESTRICT=restrict -cl-nv-verbose -DNU_REGISTER_PROBE=%llx",
           (unsigned long long)key ^ (unsigned long long)getpid());
  log = clBuildProgram(probe, 1, &nurt_g.device, opts, NULL, NULL) == CL_SUCCESS ? build_log(probe)
                                                                                 : calloc(1, 1);
  clReleaseProgram(probe);
  if (!log)
    nurt_fatal("out of host memory");
  if (strstr(log, "Used "))
    nurt_occ_store(key, log);
  return log;
}

#define NO_CONTRACT "#pragma OPENCL FP_CONTRACT OFF\n"

int nurt_module_exact(const nurt_module *m) { return strstr(m->source, NO_CONTRACT) != NULL; }

/* Build options plus, for a program that rounds as the C program does
 * (FP_CONTRACT OFF: nucc -ffp-contract=off, NU_VERIFY's rerun), correctly
 * rounded float division and sqrt where the device has them: OpenCL allows
 * 2.5 ulp otherwise, and NVIDIA's division uses it (a float LU on the H100
 * gave 4.575e5 against the CPU's 4.599e5 with contraction off). */
static const char *options_for(int exact, const char *base, char *buf, size_t n) {
  cl_device_fp_config fp = 0;
  if (exact)
    clGetDeviceInfo(nurt_g.device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL);
  if (!(fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT))
    return base;
  snprintf(buf, n, "%s -cl-fp32-correctly-rounded-divide-sqrt", base);
  return buf;
}

static program *build(nurt_module *m, const nurt_where *w) {
  nurt_device_init();
  if (m->uses_fp64)
    check_fp64(w);
  program *p = calloc(1, sizeof *p);
  if (!p)
    nurt_fatal("out of host memory");
  cl_int err;
  p->program = clCreateProgramWithSource(nurt_g.context, 1, &m->source, NULL, &err);
  nurt_check(err, "clCreateProgramWithSource", w);
  /* No fast-math options; the compiler may still contract a*b+c into an
   * FMA, as OpenCL allows unless the program says FP_CONTRACT OFF (nucc
   * -ffp-contract=off): results can differ in the last bits. */
  /* The kernels' arrays are `restrict` (NVIDIA then reads the read-only
   * ones through the non-coherent cache); a launch whose arrays overlap
   * runs the variant built without it (alias_kernel). */
  const nurt_occ_device *occ = occupancy_device();
  char opts[160];
  /* every device of NU_DEVICES: a split launch runs the kernel on each */
  err = clBuildProgram(
      p->program, (cl_uint)nurt_g.ndevices, nurt_g.devices,
      options_for(nurt_module_exact(m),
                  occ ? "-DNU_RESTRICT=restrict -cl-nv-verbose" : "-DNU_RESTRICT=restrict", opts,
                  sizeof opts),
      NULL, NULL);
  if (err != CL_SUCCESS)
    build_failed(p->program, err, w);
  if (occ)
    p->log = register_log(m, p->program, w);
  p->rowlens = strstr(m->source, "typedef int nu_idx;") != NULL;
  if (nmodules == capmodules)
    modules = nurt_grow(modules, &capmodules, sizeof(nurt_module *));
  modules[nmodules++] = m;
  m->priv = p;
  return p;
}

static nurt_kernel *kernel_of(program *p, nurt_module *m, const char *name, const nurt_where *w) {
  for (size_t i = 0; i < p->n; i++)
    if (p->kernels[i]->name == name || !strcmp(p->kernels[i]->name, name))
      return p->kernels[i];
  nurt_kernel *k = calloc(1, sizeof *k);
  if (!k || !(k->name = malloc(strlen(name) + 1)))
    nurt_fatal("out of host memory");
  strcpy(k->name, name);
  cl_int err;
  k->kernel = clCreateKernel(p->program, name, &err);
  nurt_check(err, "clCreateKernel", w);
  k->module = m;
  k->regs = nurt_occ_registers(p->log, name);
  if (p->n == p->cap)
    p->kernels = nurt_grow(p->kernels, &p->cap, sizeof(nurt_kernel *));
  p->kernels[p->n++] = k;
  *kernels_tail = k;
  kernels_tail = &k->next;
  return k;
}

/* The arguments of l set so far, on variant v of its kernel (every
 * argument is cached: none is over 8 bytes). */
static void replay_args(nurt_launch *l, nurt_kernel *v) {
  nurt_kernel *k = l->k;
  for (cl_uint i = 0; i < l->next_arg && i < k->nargs; i++) {
    nurt_argval *a = &k->args[i];
    if (a->size)
      nurt_check(clSetKernelArg(v->kernel, i, a->size, a->local ? NULL : &a->val), "clSetKernelArg",
                 &l->where);
  }
  /* those replayed bypassed the variant's cache: set_buffers sets them all */
  if (v->args)
    memset(v->args, 0, v->nargs * sizeof *v->args);
}

/* m's program built again with other options, for a kernel's variants;
 * `head` (or NULL) goes before its source. */
static cl_program build_variant(nurt_module *m, const char *head, const char *options,
                                const nurt_where *w) {
  cl_int err;
  const char *parts[] = {head, m->source};
  cl_program prog =
      clCreateProgramWithSource(nurt_g.context, head ? 2 : 1, parts + !head, NULL, &err);
  nurt_check(err, "clCreateProgramWithSource", w);
  char opts[160];
  options = options_for((head && strstr(head, NO_CONTRACT)) || nurt_module_exact(m), options, opts,
                        sizeof opts);
  err = clBuildProgram(prog, 1, &nurt_g.device, options, NULL, NULL);
  if (err != CL_SUCCESS)
    build_failed(prog, err, w);
  return prog;
}

/* Kernel `name` of a variant program, with an argument cache of its own. */
static nurt_kernel *new_variant(cl_program prog, const char *name, const nurt_where *w) {
  nurt_kernel *v = calloc(1, sizeof *v);
  if (!v)
    nurt_fatal("out of host memory");
  cl_int err;
  v->kernel = clCreateKernel(prog, name, &err);
  nurt_check(err, "clCreateKernel", w);
  return v;
}

static void release_variant(nurt_kernel *v) {
  clReleaseKernel(v->kernel);
  free(v->args);
  free(v);
}

/* The variant of l's kernel without `restrict`, with the arguments set so
 * far copied over. */
static nurt_kernel *alias_kernel(nurt_launch *l) {
  nurt_kernel *k = l->k;
  program *p = k->module->priv;
  if (!p->alias)
    p->alias = build_variant(k->module, NULL, "", &l->where);
  if (!k->alias)
    k->alias = new_variant(p->alias, k->name, &l->where);
  replay_args(l, k->alias);
  return k->alias;
}

static int exact_launches; /* nurt_launch_exact */

void nurt_launch_exact(int on) { exact_launches = on; }

/* The variant of l's kernel built without contraction, with the arguments
 * set so far copied over.  The pragma ahead of the source holds for the
 * whole program; without `restrict` too, so that it serves any launch
 * (restrict changes no rounding). */
static nurt_kernel *exact_kernel(nurt_launch *l) {
  nurt_kernel *k = l->k;
  program *p = k->module->priv;
  if (!p->exact)
    p->exact = build_variant(k->module, NO_CONTRACT, "", &l->where);
  if (!k->exact)
    k->exact = new_variant(p->exact, k->name, &l->where);
  replay_args(l, k->exact);
  return k->exact;
}

/* The bytes from which a launch runs the wide build: 2^31, or a lower
 * NU_WIDE_BYTES (to test or to time the wide build); an invalid value keeps
 * 2^31.  Read once; the profile's report prints it (report, below). */
static long long wide_limit(void) {
  static long long limit = -1;
  if (limit < 0) {
    const char *e = getenv("NU_WIDE_BYTES");
    char *end = "";
    long long n = e && *e ? strtoll(e, &end, 10) : -1;
    limit = n >= 0 && n < (1LL << 31) && !*end ? n : 1LL << 31;
  }
  return limit;
}

/* Whether l passes an array whose elements lie 2 GiB or more from its
 * start, either way: the program's 32-bit row lengths and subscripts hold
 * any element's index, in elements or bytes, of a smaller one. */
static int launch_wide(nurt_launch *l) {
  long long limit = wide_limit();
  if (!((program *)l->k->module->priv)->rowlens)
    return 0;
  for (size_t i = 0; i < l->nbufs; i++) {
    nurt_bufarg *b = &l->bufs[i];
    long long lo = (long long)((const char *)b->lo - (const char *)b->ptr);
    long long hi = lo + (long long)b->bytes;
    if (b->bytes && (lo <= -limit || hi > limit))
      return 1;
  }
  return 0;
}

/* The variant of l's kernel built with NU_WIDE: `how` 0 with restrict, 1
 * without (arrays that overlap), 2 without contraction (NU_VERIFY), with
 * the arguments set so far copied over. */
static nurt_kernel *wide_kernel(nurt_launch *l, int how) {
  nurt_kernel *k = l->k;
  program *p = k->module->priv;
  if (!p->wide[how])
    p->wide[how] =
        build_variant(k->module, how == 2 ? NO_CONTRACT : NULL,
                      how == 0 ? "-DNU_WIDE -DNU_RESTRICT=restrict" : "-DNU_WIDE", &l->where);
  if (!k->wide[how])
    k->wide[how] = new_variant(p->wide[how], k->name, &l->where);
  replay_args(l, k->wide[how]);
  return k->wide[how];
}

/* The variant of l's kernel built with its register cap, when it has one
 * for this work-group size (occupancy.c), with the arguments set so far
 * copied over; NULL when the kernel runs as built. */
static nurt_kernel *capped_kernel(nurt_launch *l, unsigned dims, const size_t *local) {
  nurt_kernel *k = l->k;
  const nurt_occ_device *occ = occupancy_device();
  if (!occ || !local || !k->regs)
    return NULL;
  size_t threads = 1;
  for (unsigned d = 0; d < dims; d++)
    threads *= local[d];
  if (k->occ_threads != threads) {
    k->occ_threads = threads;
    k->cap =
        forced_cap ? (k->regs > forced_cap ? forced_cap : 0) : nurt_occ_cap(k->regs, threads, occ);
  }
  /* A kernel's first launch runs it as built: a second build of the
   * program pays only over launches to come (symm's one launch took 0.436 s
   * against 0.395 without its cap, the compile cache warm, on the H100). */
  if (!k->cap || (!forced_cap && k->launches == 0))
    return NULL;
  program *p = k->module->priv;
  struct capped_program *c = NULL;
  for (size_t i = 0; i < p->ncapped; i++)
    if (p->capped[i].regs == k->cap)
      c = &p->capped[i];
  if (!c) {
    struct capped_program *more = realloc(p->capped, (p->ncapped + 1) * sizeof *more);
    if (!more)
      nurt_fatal("out of host memory");
    p->capped = more;
    c = &p->capped[p->ncapped++];
    c->regs = k->cap;
    char opts[96];
    snprintf(opts, sizeof opts, "-DNU_RESTRICT=restrict -cl-nv-maxrregcount=%d", k->cap);
    c->program = build_variant(k->module, NULL, opts, &l->where);
  }
  if (k->capped && k->capped->regs != k->cap) {
    release_variant(k->capped);
    k->capped = NULL;
  }
  if (!k->capped) {
    k->capped = new_variant(c->program, k->name, &l->where);
    k->capped->regs = k->cap; /* the cap it was built with */
  }
  replay_args(l, k->capped);
  return k->capped;
}

/* Whether two of the launch's arrays share an entry and one is written:
 * then `restrict` would be a lie. */
static int overlapping(nurt_launch *l) {
  for (size_t i = 0; i < l->nbufs; i++)
    for (size_t j = i + 1; j < l->nbufs; j++) {
      nurt_bufarg *a = &l->bufs[i], *b = &l->bufs[j];
      if (a->mode == NURT_SNAPSHOT || b->mode == NURT_SNAPSHOT)
        continue; /* a copy of its own */
      if (a->bytes && b->bytes && ((a->mode | b->mode) & NURT_OUT) &&
          nurt_table_find(a->lo, 1)->buf == nurt_table_find(b->lo, 1)->buf)
        return 1;
    }
  return 0;
}

/* The modules whose constructors ran, for the start-up thread to build
 * (device.c): every translation unit's constructor runs before main, while
 * the thread is still starting the device. */
static pthread_mutex_t prepare_mutex = PTHREAD_MUTEX_INITIALIZER;
static nurt_module **to_build;
static size_t nto_build, capto_build;
enum { NO_THREAD_YET, THREAD_TAKES, THREAD_DONE };
static int prepare_phase;

/* Builds the modules given, until none is left; then no more are taken. */
static void build_prepared(void) {
  for (;;) {
    pthread_mutex_lock(&prepare_mutex);
    nurt_module *m = nto_build ? to_build[--nto_build] : NULL;
    if (!m) {
      prepare_phase = THREAD_DONE;
      free(to_build);
      to_build = NULL;
      capto_build = 0;
    }
    pthread_mutex_unlock(&prepare_mutex);
    if (!m)
      return;
    if (!m->priv)
      build(m, &(nurt_where){"(program)", m->file, 0});
  }
}

/* ahead: from nurt_host_first_ahead, at main's start, not a constructor */
static void prepare(nurt_module *m, int ahead) {
  pthread_mutex_lock(&prepare_mutex);
  int phase = prepare_phase;
  if (phase != THREAD_DONE) {
    if (nto_build == capto_build)
      to_build = nurt_grow(to_build, &capto_build, sizeof(nurt_module *));
    to_build[nto_build++] = m;
    prepare_phase = THREAD_TAKES;
  }
  pthread_mutex_unlock(&prepare_mutex);
  if (phase == THREAD_TAKES || (phase == NO_THREAD_YET && nurt_device_start(build_prepared, ahead)))
    return;
  /* no start-up thread (NU_START=0, the device already up), or it is done:
   * built here, as a constructor, before main (or at main's start) */
  nurt_device_join();
  nurt_clock_busy(1);
  if (phase == NO_THREAD_YET)
    build_prepared();
  else if (!m->priv)
    build(m, &(nurt_where){"(program)", m->file, 0});
  nurt_clock_busy(0);
}

void nurt_module_prepare(nurt_module *m) {
  if (nurt_host_mode() || nurt_host_first_defers(m))
    return; /* the first launch builds it (NU_HOST_FIRST: maybe never) */
  prepare(m, 0);
}

/* Only where the thread would take the start: started here, at main's
 * start, the device would keep main waiting as long as at the launch. */
void nurt_host_first_ahead(nurt_module *m, int line, double work, double times, double later) {
  if (nurt_host_mode() || !nurt_host_first_defers(m) || !nurt_device_thread_wanted(1) ||
      !nurt_host_first_starts_ahead(m, line, work, times, later))
    return;
  prepare(m, 1);
}

/* nurt takes launches from one host thread (the first that launches): a
 * second one would race on the queue, the launch under construction and
 * the array table, so it is refused, loudly, rather than left to chance. */
static pthread_t launcher;
static int launcher_set;

static void check_thread(const nurt_where *w) {
  if (!launcher_set) {
    launcher = pthread_self();
    launcher_set = 1;
  } else if (!pthread_equal(launcher, pthread_self())) {
    nurt_fatal("kernel %s (loop at %s:%d) launched from a second host thread: nurt takes "
               "launches from one thread, the first that launched",
               w->kernel, w->file, w->line);
  }
}

/* From here to the end of nurt_launch_end, OpenCL is called without the
 * lock (builds, arguments): a clock read inside does not wait (clock.c). */
nurt_launch *nurt_launch_begin(nurt_module *m, const char *kernel, int line) {
  nurt_where w = {kernel, m->file, line};
  check_thread(&w);
  nurt_device_init(); /* the start-up thread made the context; the queues are made here */
  nurt_clock_busy(1);
  program *p = m->priv ? m->priv : build(m, &w);
  nurt_kernel *k = kernel_of(p, m, kernel, &w);
  k->line = line;
  current.k = k;
  current.where = (nurt_where){k->name, m->file, line};
  current.next_arg = 0;
  current.local_bytes = 0;
  current.nbufs = 0;
  current.names = NULL;
  current.nscatter = 0;
  current.nparts = 0;
  current.nreds = 0;
  current.left = 0;
  current.nscratch = 0;
  current.nprivs = 0;
  return &current;
}

void nurt_arg_buffer_at(nurt_launch *l, const void *ptr, long long lo_bytes, size_t bytes,
                        int mode) {
  if (bytes && !ptr)
    nurt_fatal("a NULL array of %zu bytes passed to kernel %s (loop at %s:%d)", bytes,
               l->where.kernel, l->where.file, l->where.line);
  const void *lo = (const char *)ptr + lo_bytes;
  if (bytes) {
    nurt_lock();
    nurt_prof_cause(NURT_CAUSE_KERNEL, l->where.file, l->where.line, l->k->name);
    nurt_entry *e = nurt_arrays_acquire(lo, bytes, &l->where);
    nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
    if (e->prof && !e->prof->name && l->names) {
      const char *n = l->names;
      for (size_t i = 0; i < l->nbufs && *n; i++)
        n += strlen(n) + 1;
      if (*n)
        e->prof->name = n;
    }
    nurt_unlock();
  }
  if (l->nbufs == l->cap)
    l->bufs = nurt_grow(l->bufs, &l->cap, sizeof *l->bufs);
  int result = 0;
  for (int r = 0; r < l->nreds; r++)
    if (l->reds[r].res == ptr && l->reds[r].buf < 0) {
      l->reds[r].buf = (int)l->nbufs;
      result = 1;
    }
  l->bufs[l->nbufs++] = (nurt_bufarg){ptr, lo, bytes, mode, result, l->next_arg, lo, bytes};
  l->next_arg += 2;
}

size_t nurt_heap_extent(nurt_launch *l, const void *ptr, int below, const char *name,
                        long long *lo_bytes) {
  uintptr_t lo;
  size_t bytes;
  *lo_bytes = 0;
  if (!ptr)
    return 0;
  if (!nurt_heap_block(ptr, &lo, &bytes) && !nurt_static_object(ptr, &lo, &bytes))
    nurt_fatal("%s:%d: kernel %s: the subscripts of '%s' were not bounded at compile time, and "
               "%p is in no heap block nurt knows (%s) nor a static array of the program's "
               "symbol tables; declare its extent with size(%s: element_count)",
               l->where.file, l->where.line, l->where.kernel, name, ptr,
               nurt_heap_tracked()
                   ? "not from malloc, calloc, realloc, posix_memalign or aligned_alloc, "
                     "or smaller than " NURT_HEAP_MIN_TEXT " bytes"
                   : "under a sanitizer, only a block's start is known",
               name);
  uintptr_t p = (uintptr_t)ptr;
  if (below)
    *lo_bytes = -(long long)(p - lo);
  return lo + bytes - p - (size_t)*lo_bytes;
}

void nurt_arg_writes(nurt_launch *l, long long lo_bytes, size_t bytes) {
  if (!l->nbufs)
    return;
  nurt_bufarg *b = &l->bufs[l->nbufs - 1];
  uintptr_t lo = (uintptr_t)b->ptr + (uintptr_t)lo_bytes, hi = lo + bytes;
  uintptr_t alo = (uintptr_t)b->lo, ahi = alo + b->bytes;
  lo = lo < alo ? alo : lo > ahi ? ahi : lo;
  hi = hi < lo ? lo : hi > ahi ? ahi : hi;
  b->wlo = (const void *)lo;
  b->wbytes = hi - lo;
}

void nurt_arg_buffer(nurt_launch *l, const void *ptr, size_t bytes, int mode) {
  nurt_arg_buffer_at(l, ptr, 0, bytes, mode);
}

static void set_arg(nurt_launch *l, cl_uint i, size_t size, const void *value);

void nurt_arg_rows(nurt_launch *l, const void *table, int levels, const long long *counts,
                   size_t elem_size, int mode, const char *name) {
  if (!table) { /* no rows: dummies the kernel never reads */
    nurt_arg_buffer_at(l, NULL, 0, 0, mode);
    cl_mem d = nurt_arrays_dummy(&l->where);
    set_arg(l, l->next_arg++, sizeof(cl_mem), &d);
    return;
  }
  nurt_rows *r = nurt_rows_read(table, levels, counts, elem_size, mode, name, &l->where);
  const void *lo;
  size_t bytes;
  if (nurt_rows_block(r, &lo, &bytes)) {
    nurt_arg_buffer_at(l, lo, 0, bytes, mode);
  } else {
    cl_mem data = nurt_rows_gather(r, &l->where);
    cl_long off = 0;
    set_arg(l, l->next_arg++, sizeof(cl_mem), &data);
    set_arg(l, l->next_arg++, sizeof off, &off);
    if (mode & NURT_OUT) {
      if (l->nscatter == l->capscatter)
        l->scatter = nurt_grow(l->scatter, &l->capscatter, sizeof(nurt_rows *));
      l->scatter[l->nscatter++] = r;
    }
  }
  cl_mem off = nurt_rows_offsets(r, &l->where);
  set_arg(l, l->next_arg++, sizeof(cl_mem), &off);
}

/* clSetKernelArg, skipped when the argument already holds this value (a
 * time loop passes the same buffers and bounds at every launch). */
static void set_arg(nurt_launch *l, cl_uint i, size_t size, const void *value) {
  nurt_kernel *k = l->k;
  if (i >= k->nargs) {
    size_t n = k->nargs ? 2 * k->nargs : 16;
    while (n <= i)
      n *= 2;
    nurt_argval *a = realloc(k->args, n * sizeof *a);
    if (!a)
      nurt_fatal("out of host memory");
    memset(a + k->nargs, 0, (n - k->nargs) * sizeof *a);
    k->args = a;
    k->nargs = n;
  }
  nurt_argval *a = &k->args[i], now = {size, value == NULL, 0};
  if (value && size <= sizeof now.val)
    memcpy(&now.val, value, size);
  /* a __local size is kept whatever its size: a variant of the kernel
   * (alias_kernel, capped_kernel) replays it */
  bool kept = !value || size <= sizeof now.val;
  if (kept && a->size == now.size && a->local == now.local && a->val == now.val)
    return;
  nurt_check(clSetKernelArg(k->kernel, i, size, value), "clSetKernelArg", &l->where);
  *a = kept ? now : (nurt_argval){0};
}

void nurt_launch_names(nurt_launch *l, const char *names) { l->names = names; }

void nurt_arg_value(nurt_launch *l, const void *value, size_t size) {
  set_arg(l, l->next_arg++, size, value);
}

/* Host blocks for the values kernels hand back (a reduction's result, a
 * temporary's last value), kept across launches so the device buffer
 * behind each is reused.  A block whose fold is pending (nurt_red_defer)
 * is held by that nurt_red until it folds or drops it; a launch with the
 * same key then gets another block (a recursive call of the function that
 * holds it), so a pending value is never overwritten.  `holder` is only
 * compared, never followed: the state may have died without dropping it
 * (longjmp), and a live state at the same address takes the block back. */
typedef struct partials {
  const void *key;
  int dev; /* NU_DEVICES: the device whose part's result it holds */
  void *buf;
  size_t bytes;
  const nurt_red *holder;
  /* a launch that left its groups' partials (acc 2): they are in mem
   * (device scratch keyed by this block), `left` of `elem` bytes, and the
   * fold sums them on the host */
  cl_mem mem;
  bool leave; /* nurt_red_result asked this launch to leave them (acc 2) */
  bool left_pending;
  size_t left, elem;
  struct partials *next;
} partials;
static partials *partial_list;

static partials *partials_free_block(const void *key, const nurt_red *r, int dev) {
  for (partials *p = partial_list; p; p = p->next)
    if (p->key == key && p->dev == dev && (!p->holder || p->holder == r))
      return p;
  partials *p = calloc(1, sizeof *p);
  if (!p)
    nurt_fatal("out of host memory");
  p->key = key;
  p->dev = dev;
  p->next = partial_list;
  partial_list = p;
  return p;
}

static partials *partials_of_buf(const void *buf) {
  for (partials *p = partial_list; p; p = p->next)
    if (p->buf == buf)
      return p;
  return NULL;
}

static void *partials_take(const void *key, size_t bytes, const nurt_red *r, int dev) {
  partials *p = partials_free_block(key, r, dev);
  p->holder = NULL;
  p->leave = p->left_pending = false; /* nurt_red_result and nurt_arg_partials say again */
  if (p->bytes < bytes) {
    nurt_free(p->buf);
    p->buf = malloc(bytes);
    if (!p->buf)
      nurt_fatal("out of host memory for %zu bytes of reduction partials", bytes);
    p->bytes = bytes;
  }
  return p->buf;
}

void *nurt_partials(const void *key, size_t bytes) { return partials_take(key, bytes, NULL, 0); }

/* The partials a launch left in p->mem, read back and folded into the
 * variable one after the other, in the groups' order. */
static void fold_left(nurt_red *r, partials *p) {
  p->left_pending = false;
  if (!p->left)
    return;
  char *all = malloc(p->left * p->elem);
  if (!all)
    nurt_fatal("out of host memory for %zu bytes of reduction partials", p->left * p->elem);
  nurt_lock();
  nurt_check(
      clEnqueueReadBuffer(nurt_g.queue, p->mem, CL_TRUE, 0, p->left * p->elem, all, 0, NULL, NULL),
      "clEnqueueReadBuffer (a reduction's partials)", NULL);
  /* counted on the result block, whose one value they replace */
  nurt_entry *e = nurt_table_find(p->buf, 1);
  if (e)
    nurt_copies_count(e, 1, p->left * p->elem);
  nurt_unlock();
  for (size_t g = 0; g < p->left; g++)
    r->fold(r->var, all + g * p->elem);
  free(all);
}

static void drop(nurt_red *r);

void nurt_red_fold(nurt_red *r) {
  if (!r->res)
    return;
  partials *left = partials_of_buf(r->res);
  if (left && left->left_pending)
    fold_left(r, left);
  else {
    nurt_host_access(r->res, 0); /* waits for the launch that wrote it */
    r->fold(r->var, r->res);
  }
  r->dropped = 0;
  /* NU_DEVICES: each device's part reduced into a block of its own */
  for (size_t d = 0; d < sizeof r->more / sizeof *r->more; d++)
    if (r->more[d]) {
      nurt_host_access(r->more[d], 0);
      r->fold(r->var, r->more[d]);
    }
  drop(r);
}

static void release_block(nurt_red *r, void *res) {
  partials *p = partials_of_buf(res);
  if (p && p->holder == r) {
    p->holder = NULL;
    p->left_pending = false;
  }
}

void nurt_red_drop(nurt_red *r) {
  if (r->res)
    r->dropped = 1; /* unread: the next launch may leave its partials */
  drop(r);
}

static void drop(nurt_red *r) {
  if (!r->res)
    return;
  release_block(r, r->res);
  r->res = NULL;
  for (size_t d = 0; d < sizeof r->more / sizeof *r->more; d++)
    if (r->more[d]) {
      release_block(r, r->more[d]);
      r->more[d] = NULL;
    }
}

/* The launch's reductions, for a split over devices (part_args). */
static void *note_red(nurt_red *r, const void *key, size_t bytes, void *res, int acc) {
  if (current.nreds < (int)(sizeof current.reds / sizeof *current.reds))
    current.reds[current.nreds++] = (struct nurt_launch_red){r, key, bytes, res, acc, -1, {0}};
  else
    current.nreds = 99; /* too many to split: may_split says so */
  return res;
}

/* NU_RED_LAZY: 0 never leaves the partials, 1 wherever it may (the tests'
 * way to run that path everywhere), unset after a result dropped unread. */
static int lazy_setting(void) {
  static int s = -2;
  if (s == -2) {
    const char *e = getenv("NU_RED_LAZY");
    s = e && !strcmp(e, "0") ? 0 : e && !strcmp(e, "1") ? 1 : -1;
  }
  return s;
}

/* Whether a launch reducing through r leaves its partials: one device (a
 * split launch's parts each finish their own), and r's last result
 * dropped unread, so that a loop that reads its sum every time keeps the
 * kernel's own final sum and copies one value back, not every group's.
 * NU_VERIFY's stub folds before each launch it checks, so those count. */
static bool may_leave(const nurt_red *r) {
  if (!r || nurt_g.ndevices > 1)
    return false;
  int s = lazy_setting();
  return s == 1 || (s == -1 && r->dropped);
}

void *nurt_red_result(nurt_red *r, void *var, const void *key, size_t bytes, int *acc) {
  *acc = 0;
  if (!r)
    return note_red(NULL, key, bytes, partials_take(key, bytes, NULL, 0), 0);
  if (r->res) {
    partials *p = partials_of_buf(r->res);
    /* the same kernel again, nothing read in between: the kernel folds its
     * value into the pending one on the device, and the host still waits
     * for nothing (not into partials left on the device: those come back
     * first) */
    if (p && p->key == key && p->holder == r && r->var == var && p->bytes >= bytes &&
        !p->left_pending) {
      *acc = 1;
      return note_red(r, key, bytes, r->res, 1);
    }
    nurt_red_fold(r); /* another kernel reduces into it: the first value comes in first */
  }
  void *res = partials_take(key, bytes, r, 0);
  partials *p = partials_of_buf(res);
  if (p && may_leave(r)) {
    *acc = 2;
    p->leave = true;
    p->elem = bytes;
  }
  return note_red(r, key, bytes, res, *acc);
}

void nurt_red_defer(nurt_red *r, void *var, void *res, void (*fold)(void *var, const void *res)) {
  partials *p = partials_of_buf(res);
  if (!p)
    nurt_fatal("internal error: nurt_red_defer on a block nurt_red_result did not give");
  r->var = var;
  r->res = res;
  r->fold = fold;
  p->holder = r;
  /* the other devices' blocks of a split launch (those of an earlier one
   * that this launch did not run on stay pending) */
  for (int i = 0; i < current.nreds && i < (int)(sizeof current.reds / sizeof *current.reds); i++)
    if (current.reds[i].res == res)
      for (int d = 1; d < NURT_MAX_DEVICES; d++)
        if (current.reds[i].more[d]) {
          r->more[d - 1] = current.reds[i].more[d];
          partials *q = partials_of_buf(r->more[d - 1]);
          if (q)
            q->holder = r;
        }
}

static void nurt_partials_release_all(void) {
  while (partial_list) {
    partials *p = partial_list;
    partial_list = p->next;
    nurt_free(p->buf);
    free(p);
  }
}

/* Device-only scratch buffers (reductions' per-group partials and the
 * counter of finished groups), one per key, kept across launches.  Created
 * zeroed: a counter starts at 0, and the kernel that uses it resets it. */
typedef struct scratch {
  const void *key;
  int dev; /* NU_DEVICES: whose */
  cl_mem mem;
  size_t bytes;
  struct scratch *next;
} scratch;
static scratch *scratch_list;

/* The scratch buffer of `key` for device dev, of `bytes` at least; zeroed
 * when created unless `raw` (large private arrays: a gigabyte of zeros
 * would cross the bus for nothing). */
static cl_mem scratch_mem(const void *key, int dev, size_t bytes, bool raw, const nurt_where *w) {
  scratch *s = scratch_list;
  while (s && (s->key != key || s->dev != dev))
    s = s->next;
  if (!s) {
    s = calloc(1, sizeof *s);
    if (!s)
      nurt_fatal("out of host memory");
    s->key = key;
    s->dev = dev;
    s->next = scratch_list;
    scratch_list = s;
  }
  if (bytes < 16)
    bytes = 16; /* an empty launch still passes a valid buffer */
  if (s->bytes < bytes) {
    void *zeros = raw ? NULL : calloc(1, bytes);
    if (!zeros && !raw)
      nurt_fatal("out of host memory for %zu bytes of device scratch", bytes);
    if (s->mem)
      clReleaseMemObject(s->mem);
    cl_int err;
    s->mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE | (raw ? 0 : CL_MEM_COPY_HOST_PTR),
                            bytes, zeros, &err);
    free(zeros);
    nurt_check(err, "clCreateBuffer", w);
    s->bytes = bytes;
  }
  return s->mem;
}

void nurt_arg_scratch(nurt_launch *l, const void *key, size_t bytes) {
  if (l->nscratch < (int)(sizeof l->scratch / sizeof *l->scratch))
    l->scratch[l->nscratch++] = (struct nurt_launch_scratch){key, bytes, l->next_arg};
  else
    l->nscratch = 99; /* too many to split: may_split says so */
  cl_mem mem = scratch_mem(key, 0, bytes, false, &l->where);
  set_arg(l, l->next_arg++, sizeof(cl_mem), &mem);
}

void nurt_arg_partials(nurt_launch *l, const void *res, const void *key, size_t bytes) {
  partials *p = partials_of_buf(res);
  if (!p || !p->leave || !p->elem) {
    nurt_arg_scratch(l, key, bytes);
    return;
  }
  /* the block's own, not the kernel's key: another state's launch of the
   * same kernel must not overwrite partials still pending here */
  p->mem = scratch_mem(p, 0, bytes, true, &l->where);
  p->left = bytes / p->elem;
  p->left_pending = true;
  l->left = 1;
  set_arg(l, l->next_arg++, sizeof(cl_mem), &p->mem);
}

void nurt_arg_private(nurt_launch *l, const void *key, size_t bytes) {
  if (l->nprivs == (int)(sizeof l->privs / sizeof *l->privs))
    nurt_fatal("more than %d private arrays in device scratch (kernel %s, loop at %s:%d)",
               l->nprivs, l->where.kernel, l->where.file, l->where.line);
  l->privs[l->nprivs++] = (struct nurt_launch_private){key, bytes, l->next_arg++};
}

void nurt_private_fit(nurt_launch *l, size_t *global, const size_t *local) {
  size_t each = 0, widest = 0;
  for (int i = 0; i < l->nprivs; i++) {
    each += l->privs[i].bytes;
    if (l->privs[i].bytes > widest)
      widest = l->privs[i].bytes;
  }
  if (!each)
    return;
  /* the device's sizes, asked once: the stub calls this at every launch */
  static cl_ulong mem, alloc;
  if (!mem || !alloc) {
    clGetDeviceInfo(nurt_g.device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
    clGetDeviceInfo(nurt_g.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL);
  }
  if (!mem || !alloc)
    return;
  /* a quarter of the device for the slices, each array within one buffer */
  size_t items = (size_t)(mem / 4 / each);
  if (items > alloc / widest)
    items = (size_t)(alloc / widest);
  items -= items % local[0];
  if (items < local[0])
    items = local[0];
  if (global[0] > items)
    global[0] = items;
}

/* Each large private array's buffer, a slice per work-item of the whole
 * launch; kept for the next launch, grown when one has more work-items.
 * Not zeroed: privarray.c proved each iteration writes what it reads. */
static void set_privates(nurt_launch *l, unsigned dims, const size_t *global) {
  size_t items = 1;
  for (unsigned d = 0; d < dims; d++)
    items *= global[d];
  for (int i = 0; i < l->nprivs; i++) {
    if (l->privs[i].bytes && items > SIZE_MAX / l->privs[i].bytes)
      nurt_fatal("%zu work-items of %zu private bytes each overflow (kernel %s, loop at %s:%d)",
                 items, l->privs[i].bytes, l->where.kernel, l->where.file, l->where.line);
    cl_mem mem = scratch_mem(l->privs[i].key, 0, items * l->privs[i].bytes, true, &l->where);
    set_arg(l, l->privs[i].index, sizeof(cl_mem), &mem);
  }
}

static void nurt_scratch_release_all(void) {
  while (scratch_list) {
    scratch *s = scratch_list;
    scratch_list = s->next;
    if (s->mem)
      clReleaseMemObject(s->mem);
    free(s);
  }
}

/* A work-group's __local arguments (cache's tiles, a reduction's partials)
 * must fit the device's __local memory: past it, NVIDIA's launch fails
 * without saying why and PoCL aborts on an assertion. */
void nurt_arg_local(nurt_launch *l, size_t bytes) {
  static cl_ulong most;
  if (!most && clGetDeviceInfo(nurt_g.device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof most, &most, NULL) !=
                   CL_SUCCESS)
    most = 0;
  l->local_bytes += bytes;
  if (most && l->local_bytes > most)
    nurt_fatal("kernel %s (loop at %s:%d) needs %zu bytes of __local memory per work-group "
               "(cache's tiles, a reduction's partials), and the device has %llu: smaller "
               "work-groups, smaller dmine factors along a cached array or a shorter k: T in "
               "cache(...) need less",
               l->where.kernel, l->where.file, l->where.line, l->local_bytes,
               (unsigned long long)most);
  set_arg(l, l->next_arg++, bytes, NULL);
}

/* The device copies that `snapshot` arguments read, one per kernel and
 * argument, kept across launches.  The queue is in order, so the copy for
 * a launch waits for the launches before it, and the next launch's copy
 * waits for this one. */
typedef struct snapshot {
  const nurt_kernel *k;
  cl_uint index;
  cl_mem mem;
  size_t bytes;
  struct snapshot *next;
} snapshot;
static snapshot *snapshot_list;

/* A copy of [lo, lo + bytes) of e's device copy, taken now on the queue. */
static cl_mem take_snapshot(nurt_launch *l, nurt_bufarg *b, nurt_entry *e) {
  snapshot *s = snapshot_list;
  while (s && (s->k != l->k || s->index != b->index))
    s = s->next;
  if (!s) {
    s = calloc(1, sizeof *s);
    if (!s)
      nurt_fatal("out of host memory");
    s->k = l->k;
    s->index = b->index;
    s->next = snapshot_list;
    snapshot_list = s;
  }
  if (s->bytes < b->bytes) {
    if (s->mem)
      clReleaseMemObject(s->mem);
    cl_int err;
    s->mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, b->bytes, NULL, &err);
    nurt_check(err, "clCreateBuffer (snapshot)", &l->where);
    s->bytes = b->bytes;
  }
  size_t from = nurt_off(e, (uintptr_t)b->lo);
  nurt_multi_gather(e->buf, from, from + b->bytes, &l->where);
  nurt_check(
      clEnqueueCopyBuffer(nurt_g.queue, e->buf->mem, s->mem, from, 0, b->bytes, 0, NULL, NULL),
      "clEnqueueCopyBuffer (snapshot)", &l->where);
  nurt_counters.snapshots++;
  return s->mem;
}

static void nurt_snapshots_release_all(void) {
  while (snapshot_list) {
    snapshot *s = snapshot_list;
    snapshot_list = s->next;
    if (s->mem)
      clReleaseMemObject(s->mem);
    free(s);
  }
}

static void set_buffers(nurt_launch *l) {
  for (size_t i = 0; i < l->nbufs; i++) {
    nurt_bufarg *b = &l->bufs[i];
    cl_mem mem;
    cl_long off = 0;
    if (b->bytes == 0) {
      mem = nurt_arrays_dummy(&l->where);
    } else if (b->mode == NURT_SNAPSHOT) {
      nurt_entry *e = nurt_table_find(b->lo, 1);
      mem = take_snapshot(l, b, e);
      off = (cl_long)((uintptr_t)b->ptr - (uintptr_t)b->lo);
    } else {
      nurt_entry *e = nurt_table_find(b->lo, 1);
      mem = e->buf->mem;
      off = (cl_long)((uintptr_t)b->ptr - (uintptr_t)e->buf->base);
    }
    set_arg(l, b->index, sizeof(cl_mem), &mem);
    set_arg(l, b->index + 1, sizeof off, &off);
  }
}

void nurt_reserve(nurt_module *m, const char *kernel, int line, const void *ptr, long long lo_bytes,
                  size_t bytes) {
  if (!bytes || !ptr || nurt_host_mode())
    return;
  nurt_device_init();
  nurt_where w = {kernel, m->file, line};
  nurt_lock();
  nurt_prof_cause(NURT_CAUSE_KERNEL, m->file, line, kernel);
  nurt_arrays_acquire((const char *)ptr + lo_bytes, bytes, &w);
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_unlock();
}

/* The fewest work-items a spread group keeps in dimension 0.  On the H100
 * (bench/results/spread-floor-h100.txt), 8 against the earlier 32: adi's
 * row sweeps 532 -> 412 ms, nussinov 197 -> 174 ms, the matrix-vector
 * products 5-15% faster; a long inner loop per work-item gains more from
 * more compute units than it loses from half-filled warps.  Defined at
 * build time for such a comparison. */
#ifndef NURT_SPREAD_MIN
#define NURT_SPREAD_MIN 8
#endif

/* The device's compute units; 0 before the device is up, or where the
 * driver does not say (asked again then). */
static cl_uint compute_units(void) {
  static cl_uint units;
  if (!units && nurt_device_up()) {
    nurt_clock_busy(1);
    if (clGetDeviceInfo(nurt_g.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL) !=
        CL_SUCCESS)
      units = 0;
    nurt_clock_busy(0);
  }
  return units;
}

void nurt_spread_groups(unsigned dims, const size_t *global, size_t *local) {
  cl_uint units = compute_units();
  if (!units)
    return;
  if (dims < 1 || dims > 3)
    return;
  for (unsigned d = 0; d < dims; d++)
    if (!global[d] || !local[d])
      return;
  for (;;) {
    size_t groups = 1;
    for (unsigned d = 0; d < dims; d++)
      groups *= global[d] / local[d];
    if (groups >= 2 * (size_t)units)
      return;
    unsigned d = dims - 1;
    while (d > 0 && local[d] == 1)
      d--;
    if ((d == 0 && local[0] / 2 < NURT_SPREAD_MIN) || local[d] % 2)
      return;
    local[d] /= 2;
  }
}

/* Each work-item of a reduction over two or more loops strides over about
 * 32 iterations of the outermost, its partial covering them all: fewer
 * partials, and the tree's cost spread over more work.  Where that leaves
 * fewer work-items than a quarter of what the device holds at once, the
 * stride halves until they are as many.  On the H100, Himeno's stencil with
 * gosa (GFLOP/s, strides 64/32/16/8; bench/results/red-stride-h100.txt):
 * M 1,009/1,232/1,193/1,145, with dmine(1,1,2), whose work-items along k
 * are half as many, 685/1,039/1,263/1,222; L 1,185/1,278/1,262/1,238 and,
 * with dmine(1,1,2), 1,361/1,384/1,374/1,349.  Only the stride of 32 of M
 * with dmine fell under the quarter (65,536 work-items for 67,584), and
 * 16 took it to 1,263.  Devices that do not say what they hold keep 32. */
size_t nurt_red_items(long long n, size_t local, size_t others) {
  static size_t quarter = (size_t)-1;
  if (quarter == (size_t)-1 && nurt_device_up()) {
    nurt_clock_busy(1);
    const nurt_occ_device *d = nvidia_device();
    nurt_clock_busy(0);
    quarter = d ? (size_t)compute_units() * (size_t)d->threads_per_sm / 4 : 0;
  }
  return nurt_occ_red_items(n, local, others, quarter == (size_t)-1 ? 0 : quarter);
}

void nurt_fit_groups(unsigned dims, const long long *n, size_t *global, size_t *local) {
  static size_t most[3];
  if (!most[0] && nurt_device_up()) {
    nurt_clock_busy(1);
    if (clGetDeviceInfo(nurt_g.device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof most, most, NULL) !=
        CL_SUCCESS)
      most[0] = 0;
    nurt_clock_busy(0);
  }
  if (!most[0])
    return;
  if (dims < 1 || dims > 3)
    return;
  for (unsigned d = 0; d < dims; d++)
    if (n[d] <= 0 || !local[d])
      return; /* an empty launch, or no sizes: as given */
  for (unsigned d = 0; d < dims; d++) {
    if ((unsigned long long)n[d] >= local[d])
      continue;
    size_t side = (size_t)n[d], factor = local[d] / side;
    local[d] = side;
    global[d] = side;
    if (d + 1 >= dims)
      continue; /* the outermost dimension: the group just gets smaller */
    /* the next dimension takes the factor, as far as its iterations and
     * the device's limit allow; the rest of it is given up */
    size_t next = local[d + 1];
    while (factor > 1 && next * 2 <= most[d + 1] && (unsigned long long)n[d + 1] >= next * 2) {
      next *= 2;
      factor /= 2;
    }
    local[d + 1] = next;
    global[d + 1] = ((size_t)n[d + 1] + next - 1) / next * next;
  }
}

/* A launch the stub split (nurt_split_plan) runs split unless its kernel
 * must run as a variant built for device 0 alone. */
/* Part p's arguments that each device has its own of: a reduction's result
 * block (with its accumulate flag: whether the block holds the device's
 * pending value of the same reduction, or the value of a part of this
 * launch that ran on the device before, in the same queue) and the scratch
 * of its tree. */
static void part_args(nurt_launch *l, int p, int dev) {
  int again = l->parts[p].again;
  for (int i = 0; i < l->nscratch; i++) {
    cl_mem mem = scratch_mem(l->scratch[i].key, dev, l->scratch[i].bytes, false, &l->where);
    set_arg(l, l->scratch[i].index, sizeof(cl_mem), &mem);
  }
  for (int i = 0; i < l->nreds; i++) {
    struct nurt_launch_red *x = &l->reds[i];
    nurt_bufarg *b = &l->bufs[x->buf];
    int acc = x->acc || again;
    if (dev) {
      void *blk = x->more[dev]; /* taken before the lock: take_blocks */
      acc = again || blk == x->r->more[dev - 1];
      nurt_entry *e = nurt_arrays_acquire(blk, x->bytes, &l->where);
      size_t off = nurt_off(e, (uintptr_t)blk);
      if (acc)
        nurt_multi_need(e->buf, dev, off, off + x->bytes, &l->where);
      cl_mem mem = nurt_multi_mem(e->buf, dev, &l->where);
      cl_long at = (cl_long)off;
      set_arg(l, b->index, sizeof(cl_mem), &mem);
      set_arg(l, b->index + 1, sizeof at, &at);
      /* written by this part: the table and the device map say so now, as
       * nothing reads the block before the launch is queued */
      nurt_arrays_mark_written(blk, x->bytes, &l->where);
      nurt_multi_own(e->buf, dev, off, off + x->bytes);
    }
    set_arg(l, b->index + 2, sizeof acc, &acc);
  }
}

/* Before the lock (nurt_free takes it): the result block of each device of
 * a split launch, its pending one when it has one. */
static void take_blocks(nurt_launch *l) {
  for (int i = 0; i < l->nreds && i < (int)(sizeof l->reds / sizeof *l->reds); i++) {
    struct nurt_launch_red *x = &l->reds[i];
    for (int p = 0; x->r && p < l->nparts; p++) {
      int dev = l->parts[p].dev;
      if (dev)
        x->more[dev] =
            x->r->more[dev - 1] ? x->r->more[dev - 1] : partials_take(x->key, x->bytes, x->r, dev);
    }
  }
}

static int may_split(nurt_launch *l) {
  int folded = l->nreds > (int)(sizeof l->reds / sizeof *l->reds) ||
               l->nscratch > (int)(sizeof l->scratch / sizeof *l->scratch);
  for (int i = 0; i < l->nreds && !folded; i++)
    folded |= !l->reds[i].r || l->reds[i].buf < 0;
  if (folded)
    l->k->one_device = "a reduction the host folds at once";
  else if (exact_launches)
    l->k->one_device = "NU_VERIFY checks launches on one device";
  else if (overlapping(l))
    l->k->one_device = "two of its arguments share an array";
  else if (launch_wide(l))
    l->k->one_device = "an array of 2 GiB or more, whose 64-bit subscripts run on one device";
  else
    return 1;
  return 0;
}

/* The launch on device 0 alone, as nurt has always run it; the lock held. */
static void launch_one(nurt_launch *l, unsigned dims, const size_t *global, const size_t *local) {
  nurt_kernel *k = l->k;
  cl_kernel run = k->kernel;
  nurt_kernel *a = NULL;
  int wide = launch_wide(l);
  k->wide_launches += (unsigned long)wide;
  k->left_launches += (unsigned long)l->left;
  if (exact_launches)
    a = wide ? wide_kernel(l, 2) : exact_kernel(l);
  else if (overlapping(l))
    a = wide ? wide_kernel(l, 1) : alias_kernel(l);
  else
    a = wide ? wide_kernel(l, 0) : capped_kernel(l, dims, local);
  if (a) {
    /* the buffers go on the variant's own arguments, uncached */
    run = a->kernel;
    l->k = a;
    set_buffers(l);
    l->k = k;
  } else {
    set_buffers(l);
  }
  if (nurt_g.ndevices > 1)
    nurt_split_before_one(l);
  /* an event only for NU_PROFILE (profile.c says why) */
  cl_event ev = NULL;
  int timed = nurt_profile_enabled();
  nurt_check(clEnqueueNDRangeKernel(nurt_g.queue, run, dims, NULL, global, local, 0, NULL,
                                    timed ? &ev : NULL),
             "clEnqueueNDRangeKernel", &l->where);
  nurt_counters.launches++;
  k->launches++;
  k->dims = dims;
  k->has_local = local != NULL;
  for (unsigned d = 0; d < dims; d++) {
    k->global[d] = global[d];
    k->local[d] = local ? local[d] : 0;
  }
  if (nurt_g.ndevices > 1)
    nurt_split_after_one(l, ev);
  if (timed)
    nurt_prof_push(ev, NURT_EV_KERNEL, k);
  else
    nurt_prof_launched(k);
  for (size_t i = 0; i < l->nbufs; i++)
    if ((l->bufs[i].mode & NURT_OUT) && l->bufs[i].bytes)
      nurt_arrays_mark_written(l->bufs[i].wlo, l->bufs[i].wbytes, &l->where);
}

void nurt_launch_end(nurt_launch *l, unsigned dims, const size_t *global, const size_t *local) {
  nurt_kernel *k = l->k;
  if (dims < 1 || dims > 3)
    nurt_check(CL_INVALID_WORK_DIMENSION, "nurt_launch_end", &l->where);
  for (unsigned d = 0; d < dims; d++)
    if (local[d] == 0)
      nurt_fatal("work-group size 0 in dimension %u (kernel %s, loop at %s:%d): the sizes in "
                 "work(...) must be positive",
                 d, l->where.kernel, l->where.file, l->where.line);
  for (unsigned d = 0; d < dims; d++)
    if (global[d] == 0) {
      nurt_clock_busy(0);
      return; /* an empty loop: nothing to run, nothing written */
    }
  if (l->nparts > 1)
    take_blocks(l);
  nurt_lock();
  set_privates(l, dims, global);
  nurt_prof_cause(NURT_CAUSE_KERNEL, l->where.file, l->where.line, k->name);
  if (!(l->nparts > 1 && may_split(l) &&
        nurt_split_launch(l, dims, global, local, set_arg, part_args))) {
    /* the blocks take_blocks gave the other devices hold nothing of it */
    for (int i = 0; i < l->nreds && i < (int)(sizeof l->reds / sizeof *l->reds); i++)
      memset(l->reds[i].more, 0, sizeof l->reds[i].more);
    launch_one(l, dims, global, local);
  }
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
  /* gathered rows the kernel wrote go back now: the host's rows are no
   * array nurt tracks, so nothing else would bring them */
  for (size_t i = 0; i < l->nscatter; i++)
    nurt_rows_scatter(l->scatter[i], &l->where);
  nurt_device_after_first_launch();
  nurt_clock_launched();
}

/* At exit, the queue drained and the lock held (device.c). */
static void report(void) {
  if (!nurt_profile_enabled())
    return;
  double up, down;
  nurt_copies_pinned_rates(&up, &down);
  nurt_prof_reference(up, down);
  nurt_prof_report(stderr, nurt_g.device_name, nurt_g.platform_name, all_kernels, wide_limit());
  nurt_split_report(stderr, all_kernels);
}

static void release_all(void) {
  nurt_partials_release_all();
  nurt_scratch_release_all();
  nurt_snapshots_release_all();
  nurt_rows_release_all();
  for (nurt_kernel *k = all_kernels, *next; k; k = next) {
    next = k->next;
    clReleaseKernel(k->kernel);
    if (k->alias)
      release_variant(k->alias);
    if (k->exact)
      release_variant(k->exact);
    if (k->capped)
      release_variant(k->capped);
    for (int w = 0; w < 3; w++)
      if (k->wide[w])
        release_variant(k->wide[w]);
    nurt_split_release(k);
    free(k->args);
    free(k->name);
    free(k);
  }
  all_kernels = NULL;
  kernels_tail = &all_kernels;
  for (size_t i = 0; i < nmodules; i++) {
    program *p = modules[i]->priv;
    clReleaseProgram(p->program);
    if (p->alias)
      clReleaseProgram(p->alias);
    if (p->exact)
      clReleaseProgram(p->exact);
    for (int w = 0; w < 3; w++)
      if (p->wide[w])
        clReleaseProgram(p->wide[w]);
    for (size_t c = 0; c < p->ncapped; c++)
      clReleaseProgram(p->capped[c].program);
    free(p->capped);
    free(p->log);
    free(p->kernels);
    free(p);
    modules[i]->priv = NULL;
  }
  free(modules);
  modules = NULL;
  nmodules = capmodules = 0;
  nurt_split_release_all(&current);
  free(current.bufs);
  free(current.scatter);
  current = (nurt_launch){0};
}

/* launch.c's part of the exit, in device.c's order (nurt_exit_step). */
__attribute__((constructor)) static void register_exit_work(void) {
  nurt_device_at_exit(NURT_EXIT_REPORT, report);
  nurt_device_at_exit(NURT_EXIT_MODULES, release_all);
}
