/* manpage.c — writes nucc.1, the man page, on stdout (a build step; see
 * CMakeLists.txt).  Receives nothing: the options come from options.c's
 * table and the annotations from the registry, the same entries --help
 * prints, so the page cannot drift from the program; the rest (description,
 * environment, exit status, examples) is written here. */
#include "annotation.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

/* Text for roff: backslashes doubled as \e, hyphens as \- (so that option
 * names copy and paste as ASCII), a leading . or ' protected. */
static void roff_char(char c) {
  if (c == '\\')
    fputs("\\e", stdout);
  else if (c == '-')
    fputs("\\-", stdout);
  else
    putchar(c);
}

static void roff(const char *s) {
  if (*s == '.' || *s == '\'')
    fputs("\\&", stdout);
  for (; *s; s++)
    roff_char(*s);
}

/* "-I DIR": the option in bold, its argument in italics. */
static void form(const char *f) {
  fputs("\\fB", stdout);
  for (const char *p = f; *p; p++) {
    if (*p == ' ' && p[1] >= 'A' && p[1] <= 'Z') { /* "-I DIR" */
      fputs("\\fR \\fI", stdout);
      continue;
    }
    if (*p == '=' && p[1] >= 'A' && p[1] <= 'Z') { /* "-std=STD" */
      fputs("=\\fI", stdout);
      continue;
    }
    if (*p == ',' && p[1] == ' ') { /* "-h, --help" */
      fputs("\\fR, \\fB", stdout);
      p++;
      continue;
    }
    roff_char(*p); /* never at a line's start: after \\fB */
  }
  fputs("\\fR\n", stdout);
}

/* The end of "name(args)" in a summary "name(args): text": the first ": "
 * outside parentheses (size(a: n, ...) has one inside). */
static const char *tag_end(const char *s) {
  int depth = 0;
  for (const char *p = s; *p; p++) {
    depth += (*p == '(') - (*p == ')');
    if (!depth && p[0] == ':' && p[1] == ' ')
      return p;
  }
  return NULL;
}

static void section(const char *name) { printf(".SH %s\n", name); }

static void para(const char *text) {
  puts(".PP");
  roff(text);
  putchar('\n');
}

/* A tagged paragraph: `tag` in bold, then the text indented. */
static void item(const char *tag, const char *text) {
  puts(".TP");
  printf("\\fB");
  roff(tag);
  puts("\\fR");
  roff(text);
  putchar('\n');
}

/* The variables the runtime reads (getenv in runtime/); the test
 * pipeline.manpage checks that every one is here. */
static const char *const environment[][2] = {
    {"NU_DEVICE",
     "The OpenCL device: gpu, cpu or accelerator (the first of that type), a number (that index "
     "among the devices of all platforms), or part of a device or platform name; case is "
     "ignored. Unset: the first GPU, else the first device of any kind. host runs the original "
     "sequential loops, kept in the output, with no OpenCL at all."},
    {"NU_DEVICES",
     "A number, or all: each work nest runs over that many devices of the platform NU_DEVICE "
     "picks, of the same type, its outermost mapped loop cut into one range of iterations per "
     "device (sized by each device's measured speed); only the rows a range reads move to its "
     "device, reductions combine across devices. A nest that cannot be split runs on the "
     "first device; NU_PROFILE and nucc --report say why. Unset or 1: one device."},
    {"NU_PROFILE",
     "1 prints a report at exit: per kernel and source line the launches, total, minimum, "
     "average and maximum times, NDRange and work-group sizes; per array the bytes and time of "
     "the copies in each direction, and why each copy happened (the kernel, host statement, "
     "page fault or system call that caused it, with counts)."},
    {"NU_VERIFY",
     "1 checks every kernel launch against the nest's sequential loop run on the same inputs, "
     "N the first N launches of each kernel; on a mismatch it reports the array, the first "
     "differing element, the iteration that writes it, and the transformation step that first "
     "changes the result, and exits with status 3."},
    {"NU_VERIFY_RTOL",
     "The relative tolerance of NU_VERIFY's comparison (default 1e-4 for float, 1e-9 for "
     "double)."},
    {"NU_VERIFY_ATOL",
     "The absolute tolerance of NU_VERIFY's comparison (default 1e-6 for float, 1e-12 for "
     "double)."},
    {"NU_VERIFY_FAULT",
     "For tests: 1 makes NU_VERIFY see a difference in the first element the first checked "
     "launch writes, so that the whole path of a mismatch can be exercised (nucc --tune's test "
     "sets it through NUCC_TUNE_FAULT=CHAIN for the candidate of that chain)."},
    {"NU_LAZY",
     "0 turns off lazy synchronisation by page protection: arrays are copied back whenever "
     "control leaves translated code. 1 forces it on (it is off by default under Valgrind)."},
    {"NU_TIMERS",
     "0 stops clocks from waiting for the kernels. By default a call that reads a clock "
     "(clock_gettime, gettimeofday, clock, time, timespec_get, omp_get_wtime, MPI_Wtime) in the "
     "thread that launched kernels first waits for them, so that a program that times itself "
     "measures its kernels, not their launches."},
    {"NU_START",
     "1 starts the device and builds the program on a thread of nurt's, beside the program's own "
     "start, instead of in the program's constructor before main; the first launch, or a clock "
     "read in the thread that started the program, waits for it. Where nucc asks NU_HOST_FIRST's "
     "question at main's start and the first nest will launch, the device starts so unless "
     "NU_START is 0 (then at that launch)."},
    {"NU_HOST_FIRST",
     "Milliseconds (default 200) that the nests of a bare work may spend on the host, run as "
     "written, before the device starts: each asks with nucc's estimate of its work, runs on the "
     "host while the time spent so far and its own predicted time stay within the budget, and "
     "the first that would pass it starts the device, after which every nest launches. A file "
     "with a written work starts the device at start-up, as before. 0 launches every nest, as "
     "NU_VERIFY does."},
    {"NU_REGCAP",
     "On NVIDIA devices nurt caps a kernel's registers where that fits one more work-group per "
     "SM and that group adds an eighth or more (reading the counts from the build log, kept "
     "under NU_CACHE_DIR). 0 turns this off; a "
     "number N of 16 or more caps every kernel that takes more than N registers at N."},
    {"NU_WIDE_BYTES",
     "Kernels compute subscripts with 32-bit row lengths; a launch that passes an array "
     "reaching 2^31 bytes runs a build of the program with 64-bit ones. N lowers that limit to "
     "N bytes (0: every launch), to test or time the wide build; NU_PROFILE counts the launches "
     "that ran it."},
    {"NU_EXIT_RELEASE",
     "At exit the runtime releases its kernels, programs, buffers and queues and leaves the "
     "OpenCL context to the process's end, which tears it down anyway (sooner: 8-29 ms on "
     "NVIDIA's driver). 1 releases the context too, for tools that count OpenCL objects left "
     "at exit."},
    {"NU_RED_LAZY",
     "After a reduction's value was overwritten unread, the next launch's work-groups only "
     "write their partials, and nurt sums them on the host if the value is read. 0 turns this "
     "off; 1 does it for every launch whose value can wait; NU_PROFILE counts the launches "
     "that did."},
    {"NU_CACHE_DIR",
     "Where nurt keeps the register counts of the programs it built on NVIDIA devices "
     "(default: $XDG_CACHE_HOME/nurt, else ~/.cache/nurt), and, under tune/, where nucc "
     "--tune remembers its results (default: $XDG_CACHE_HOME/nucc/tune, else "
     "~/.cache/nucc/tune)."},
};

static const char *const exit_status[][2] = {
    {"0", "Success: the output (and the dependency file) are written."},
    {"1",
     "Errors in the input (C errors, annotation and kernel errors, with diagnostics), or files "
     "that cannot be read or written: the input, the output, the dependency file, the "
     "compilation database of -p. No output is left behind."},
    {"2", "Bad usage: an unknown option, a missing argument, no input or two, no -o, an unknown "
          "--emit kind, an output that is the input. A command-line mistake also prints the usage "
          "line on standard error."},
};

static void examples(void) {
  section("EXAMPLES");
  para("Translate, compile and run a file, then run it on the CPU without OpenCL:");
  puts(".PP\n.nf\n.RS");
  puts("nucc sgemm.c \\-o sgemm.nu.c");
  puts("cc \\-O2 sgemm.nu.c $(pkg\\-config \\-\\-cflags \\-\\-libs nurt) \\-lm \\-o sgemm");
  puts("\\&./sgemm");
  puts("NU_DEVICE=host ./sgemm");
  puts(".RE\n.fi");
  para("In a Makefile, with a dependency file so that a change to a header runs nucc again:");
  puts(".PP\n.nf\n.RS");
  puts("%.nu.c: %.c");
  puts("\t$(NUCC) \\-MMD \\-MP $(CPPFLAGS) $< \\-o $@");
  puts("\\-include prog.nu.d");
  puts(".RE\n.fi");
  para("With the flags of the project's compilation database, writing to standard output:");
  puts(".PP\n.nf\n.RS");
  puts("nucc \\-p build src/prog.c \\-o \\- | less");
  puts(".RE\n.fi");
  para("An OpenMP program whose loops call functions of its other file: the kernels get "
       "copies of their bodies, the host links the file as before:");
  puts(".PP\n.nf\n.RS");
  puts("nucc \\-\\-openmp \\-\\-with rng.c main.c \\-o main.nu.c");
  puts("cc main.nu.c rng.c $(pkg\\-config \\-\\-cflags \\-\\-libs nurt) \\-lm \\-o sim");
  puts(".RE\n.fi");
  para("Tune the chains of a program's work nests on the GPU, on the program's own "
       "arguments, within two minutes; a rerun on the same source comes from the cache:");
  puts(".PP\n.nf\n.RS");
  puts("NU_DEVICE=gpu nucc \\-\\-tune \\-\\-tune\\-budget=120 \\-\\-tune\\-args='\\-n 2048' \\");
  puts("    \\-\\-tune\\-cc='cc \\-O2 \\-fopenmp' heat.c \\-o heat.tuned.c");
  puts(".RE\n.fi");
  para("An OpenACC program, its data directives taken as hints:");
  puts(".PP\n.nf\n.RS");
  puts("nucc \\-\\-openacc himeno.c \\-o himeno.nu.c");
  puts(".RE\n.fi");
  para("What nucc made of each nest, and the OpenCL program alone:");
  puts(".PP\n.nf\n.RS");
  puts("nucc \\-\\-report \\-\\-explain prog.c");
  puts("nucc \\-\\-emit=cl prog.c \\-o prog.cl");
  puts(".RE\n.fi");
}

int main(void) {
  printf(".TH NUCC 1 \"\" \"nucc %s\" \"User Commands\"\n", NUCC_VERSION);
  section("NAME");
  puts("nucc \\- translate C loop nests annotated with #pragma nu into OpenCL kernels");
  section("SYNOPSIS");
  puts("\\fBnucc\\fR [\\fIoptions\\fR] \\fIINPUT.c\\fR \\fB\\-o\\fR \\fIOUTPUT.c\\fR");
  section("DESCRIPTION");
  para("nucc reads one C file whose for loops carry #pragma nu annotations and writes one C "
       "file. Every nest annotated with work(...) becomes OpenCL kernels, launched through the "
       "runtime library nurt, after the loop transformations annotated with it; the rest of "
       "the file is unchanged. The input stays a valid C program: cc ignores the pragmas and "
       "runs the loops sequentially. The output compiles with one command:");
  puts(".PP\n.RS\ncc out.c $(pkg\\-config \\-\\-cflags \\-\\-libs nurt)\n.RE");
  para("Diagnostics use the C compiler's format, FILE:LINE:COL: error: MESSAGE, then the source "
       "line and a caret; errors about the command line start with nucc: error:.");

  section("OPTIONS");
  for (int k = 0; k < options_count; k++) {
    const OptionSpec *o = &options_table[k];
    if (o->group) {
      printf(".SS ");
      roff(o->group);
      putchar('\n');
    }
    puts(".TP");
    form(o->form);
    roff(o->man);
    putchar('\n');
  }

  section("ANNOTATIONS");
  para("One or more #pragma nu lines stand directly above a for loop; the annotation nearest "
       "the loop applies first, and work must be the last one applied (the leftmost of the top "
       "line). Loops are numbered 1 (outermost), 2, ... in the nest.");
  for (int i = 0; annot_spec_at(i); i++) {
    const char *s = annot_spec_at(i)->summary, *colon = tag_end(s);
    char *tag = colon ? xstrndup(s, (size_t)(colon - s)) : xstrdup(s);
    item(tag, colon ? colon + 2 : "");
    xfree(tag);
  }

  section("ENVIRONMENT");
  para("The translated programs read these variables (nucc itself reads none):");
  for (size_t i = 0; i < sizeof environment / sizeof *environment; i++)
    item(environment[i][0], environment[i][1]);

  section("EXIT STATUS");
  for (size_t i = 0; i < sizeof exit_status / sizeof *exit_status; i++)
    item(exit_status[i][0], exit_status[i][1]);

  examples();

  section("SEE ALSO");
  para("cc(1), make(1), ninja(1), cmake(1), pkg-config(1). The manual is in the docs/ folder "
       "of nucc's sources: usage.md, annotations.md, runtime.md, building.md.");
  util_free_all();
  return 0;
}
