/* emit.h — the printers: the OpenCL program, and the host C that launches it.
 *   opencl.c  one OpenCL C program for all kernels of the input file
 *   host.c    the stubs that size buffers and launch, the call sites, and
 *             the --report lines
 *   html.c    the page of --explain=html: each step's code and picture */
#ifndef NUCC_EMIT_H
#define NUCC_EMIT_H

#include "nucc.h"

/* The program text for all kernels (and the functions they call). */
char *emit_opencl_program(Vec *kernels, bool *uses_fp64);
/* Reductions: the storage type, and `a OP b` in OpenCL C or C. */
const char *emit_red_type(const Reduction *r);
/* The type of a temporary's last value in the kernel (opencl) or host. */
const char *emit_last_type(const Var *v, bool opencl);
char *emit_red_combine(const Reduction *r, const char *a, const char *b, bool opencl);

/* The host stub of a kernel (a static function) and the statement that
 * replaces the nest at its site; `original` is the nest's source text. */
char *emit_host_stub(Kernel *k);
/* `steps`: for NU_VERIFY, the label and the sequential C of the nest after
 * each transformation step, alternating. */
char *emit_host_call(Vec *kernels, const char *original, const char *pragma_text, const char *path,
                     Vec *steps);
/* The prologue of the output file: include, program string, module. */
char *emit_host_prologue(const char *path, const char *program, bool uses_fp64);

/* Reports every buffer whose extent cannot be bounded (no size(), no
 * fixed type, a subscript extent.c cannot bound); false after an error.
 * work.c calls it with the other analyses, so one run reports them all. */
bool emit_check_extents(Kernel *k);
/* The --explain=html page of the file at `path`: nests[i] (Nest*) went
 * through the steps steps[i] (Vec* of ExplainStep*, the nest as written
 * first); params are the sizes of --explain-size (iterspace.h). */
struct IterParams;
char *emit_explain_html(const char *path, Vec *nests, Vec *steps, struct IterParams *params);

/* One line per kernel for --report. */
void emit_report(Kernel *k, const char *path);

#endif
