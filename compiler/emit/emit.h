/* emit.h — the printers: the OpenCL program, and the host C that launches it.
 * Sectioned bottom up: a file uses only the sections above its own.
 *   signature.c  what kernel and host agree on: the kernel's parameters,
 *                the stub's parameters and the call's arguments, the types
 *                values travel in, a reduction's combine (uses no printer)
 *   ttile.c      the body of a time-tiled kernel (`ttile`), with opencl.c's printer
 *   opencl.c     one OpenCL C program for all kernels of the input file
 *   stub.c       the file's prologue and the stubs that size buffers and
 *                launch; reports the buffers they cannot size
 *   callsite.c   the statement that replaces each nest at its site, NU_VERIFY
 *   report.c     the --report lines
 *   html.c       the page of --explain=html: each step's code and picture
 *   macros.c     the #error checks of the user's macros' values */
#ifndef NUCC_EMIT_H
#define NUCC_EMIT_H

#include "nucc.h"

/* signature.c: a kernel's parameters in order, as the OpenCL printer
 * declares them and the host stub sets them (one list, so they agree). */
typedef enum {
  KP_BUFFER,  // an array: __global T *name, long name_off; nurt_arg_buffer
  KP_ROWLEN,  // a row length of the array before it: long; nurt_arg_value
  KP_SCALAR,  // a scalar by value (bool travels as uchar)
  KP_LOCAL,   // __local scratch of `host` bytes: a reduction's tree, a cache tile
  KP_RESULT,  // one value back: __global T *name, long name_off; a nurt_partials block
  KP_SCRATCH, // device-only __global T *name of `host` bytes: partials, the group counter
  KP_BOUND,   // a mapped loop's lb, st or n: long; 8 bytes from the stub
  KP_ACC,     // int: the reduction's result block holds a pending value to combine with
  KP_PRIVATE, // __global T *name: a large private array's slices, `host` bytes a work-item
} KParamKind;

typedef struct {
  KParamKind kind;
  bool group;          // starts a line of the kernel's parameter list
  char *name;          // the kernel parameter
  const char *cl_type; // pointee for pointers
  const char *c_type;  // the host type of the value or pointee
  char *host;          // host expression: the variable, or the bytes (LOCAL, SCRATCH)
  void *of;            // the Buffer, Scalar, Reduction, Var or Cache it comes from
  char *key;           // RESULT, SCRATCH: the runtime's key for the reused block
  Reduction *red;      // RESULT, ACC: the reduction they serve (NULL: a last value)
} KParam;

Vec emit_kernel_signature(Kernel *k);

/* stub.c: why NU_DEVICES cannot split the kernel's launches over devices
 * (a new string), or NULL when it may; sig is its signature. */
char *emit_split_refusal(Kernel *k, Vec *sig);

/* signature.c: reductions' storage type, and `a OP b` in OpenCL C or C. */
const char *emit_red_type(const Reduction *r);
char *emit_red_combine(const Reduction *r, const char *a, const char *b, bool opencl);
/* The type of a temporary's last value in the kernel (opencl) or host. */
const char *emit_last_type(const Var *v, bool opencl);

/* Whether the host may fold a reduction's result in lazily: a plain
 * variable (hostsync.c decides which are; an element or a member is
 * folded right after the launch).  Its stub then takes a nurt_red *. */
bool emit_red_may_defer(const Reduction *r);
/* Whether k's groups may leave r's partials to the host (nurt's acc 2,
 * runtime.md): a value that can wait, in a kernel whose last group runs
 * no host statement (Kernel.pre, Kernel.then), which only the count finds.
 * The kernel skips the count where all its reductions may (opencl.c), and
 * the stub passes their partials through nurt_arg_partials (stub.c). */
bool emit_red_may_leave(const Kernel *k, const Reduction *r);
/* Whether k's work-items each combine several iterations of its outermost
 * mapped loop (a reduction's grid-stride loop), as many as stride(s) says
 * or nurt decides (stub.c): a 1-D reduction, or one over more loops where
 * `cache` stages none of its blocks. */
bool emit_red_strides(const Kernel *k);
/* Whether the launch writes the buffer: the body, a reduced element, or
 * the kernel of one work-item run in its last work-item (Buffer.also). */
bool emit_buffer_written(const Buffer *bf);
/* Whether the launch passes the buffer's row lengths, one per dimension
 * after the first (KP_ROWLEN, SP_ROWLEN): an array of rank 2 or more that
 * is not a table of rows (whose offsets travel in X_rows).  The kernel
 * declares them `const nu_idx X_d1 = (nu_idx)nu_X_d1`, or `long` where it
 * has vector lanes (opencl.c's print_kernel_locals). */
bool emit_buffer_rowlens(const Buffer *bf);
/* How the launch passes the buffer: NURT_IN, NURT_OUT, NURT_INOUT or
 * NURT_SNAPSHOT (stub.c's nurt_arg_*, report.c's direction). */
const char *emit_buffer_mode(const Buffer *bf);
/* The variable's own type (`long` and `long long` pointers differ). */
const char *emit_red_var_type(const Reduction *r);
/* NU_VERIFY's kind of an element type (nurt.h's NURT_VK_*). */
const char *emit_verify_kind(const Type *t);
/* A struct's scalar members, nested ones and arrays' elements included, as
 * nurt_verify_members reads them ("f8@0 s4@8"). */
char *emit_verify_members(const Type *t);
/* Host C for the size of one element of type t (a struct's is a number:
 * the stubs come before the program's declarations). */
char *emit_elem_bytes(const Type *t);
/* The array the host passes for a buffer: a snapshot's is the array it
 * copies. */
char *emit_host_path(Buffer *bf);

/* signature.c: the host stub's parameters in order, each with the argument
 * the call site passes for it.  The stub declares them (stub.c) and the
 * call site passes them (callsite.c) by walking the same list. */
typedef enum {
  SP_ARRAY,     // const void *a: the array (a snapshot's: the array it copies)
  SP_BYTES,     // size_t a_bytes: sizeof a fixed-size array
  SP_COUNT,     // long long a_count: the element count of size(a: n)
  SP_ROWLEN,    // long long a_d<d>: a row length, from the C type at the site
  SP_SCALAR,    // a scalar by value
  SP_REDUCTION, // T *r: the reduction's variable
  SP_RED_STATE, // nurt_red *nu_rs_r: the pending fold of a lazily folded one (or null)
  SP_GROUP,     // long long nu_ws<m>: the work-group side of mapped loop m
  SP_LAST,      // T *nu_last_i: a mapped index declared outside, set to its value after
  SP_COPY,      // T *nu_copy_v: a temporary's last value
  SP_LAUNCH,    // long long nu_tt_at, nu_tt_of: ttile's launch in the sweep, of how many
} StubParamKind;

typedef struct {
  StubParamKind kind;
  const char *type; // the C type, the pointee's for a pointer
  bool pointer;     // declared `type *name`
  char *name;       // the stub's parameter (its declarator for rows: (*d)[3])
  char *arg;        // the argument at the call site
  void *of;         // the Buffer, Scalar, Reduction, Loop or Var it comes from
} StubParam;

Vec emit_stub_params(Kernel *k);

/* lanes.c: a `vector` lane loop of kernel k's body (Loop.vec), printed as
 * vectors for a whole aligned block and lane by lane otherwise; false
 * (nothing printed) for any other statement, or a body it cannot print. */
bool emit_lane_loop(Printer *p, Kernel *k, Stmt *s, int depth, Buf *b);

/* ttile.c: the statements of a time-tiled kernel after its locals: the
 * tile and halo loaded into __local memory, the steps, the interior
 * written back; p prints the kernel's own accesses (opencl.c). */
void emit_ttile_kernel(Kernel *k, Printer *p, Buf *b);
/* The bytes of __local memory one work-group of it holds. */
long long emit_ttile_local_bytes(Kernel *k);
/* ttile streaming: the work-group's size per NDRange dimension (0 the
 * innermost loop), one work-item per point of the plane of the tile and
 * its halo, 1 along the streamed loop and past the loops; returns the
 * work-items. */
long long emit_ttile_stream_group(TTile *tt, long long group[3]);
/* The time-stepped arrays every step writes before it reads them (loaded
 * only outside the loops, written back by the last launch), comma-separated;
 * NULL where there are none. */
char *emit_ttile_dead_names(Kernel *k);

/* opencl.c: the program text for all kernels (and the functions they
 * call); without `contract`, the kernels may not fuse a*b + c into an FMA
 * (-ffp-contract=off). */
char *emit_opencl_program(Vec *kernels, bool contract, bool *uses_fp64);
/* cltypes.c: the definitions of the structs the kernels and their helpers
 * hold, in the host's layout, each with a check that fails the build where
 * the device lays it out otherwise; sets *uses_fp64 when one holds a double. */
char *emit_cl_structs(Vec *kernels, Vec *funcs, bool *uses_fp64);

/* stub.c: the prologue of the output file: include, program string, module. */
char *emit_host_prologue(const char *path, const char *program, bool uses_fp64, bool host_first);

/* hostfirst.c: NU_HOST_FIRST's question at a bare `work`'s site.  The
 * function that estimates kernel k's work (NULL: its site asks nothing);
 * the sum of the estimates of a site's kernels, with the values at the
 * site, or at `at`, an earlier site of the same function (NULL: the site
 * asks nothing, or a value is a local declared after `at`), and with
 * `known` (not NULL), the values known at main's start in place of the
 * variables (NULL where one is not known); whether every kernel's site
 * asks, so that the device need not start before the first launch. */
struct EntryCall; /* frontend.h */
char *emit_work_function(Kernel *k);
bool emit_work_asks(Kernel *k); /* emit_work_function(k) is not NULL */
char *emit_work_sum(Vec *kernels, const SrcLoc *at, const struct EntryCall *known);
bool emit_host_first_module(Vec *kernels);
/* The host stub of a kernel (a static function); NULL after an error. */
char *emit_host_stub(Kernel *k);
/* Reports every buffer whose extent cannot be bounded (no size(), no
 * fixed type, a subscript extent.c cannot bound: extent_first_bounded's
 * verdict); false after an error.
 * work.c calls it with the other analyses, so one run reports them all. */
bool emit_check_extents(Kernel *k);

/* callsite.c: the statement that replaces the nest at its site; `original`
 * is the nest's source text; `steps`, for NU_VERIFY, the label and the
 * sequential C of the nest after each transformation step, alternating;
 * `pre`, or NULL: the host's statement before the nest in a loop kept on
 * the host, which the last kernel's last work-item may run (Kernel.pre);
 * `times`, or NULL (once): C text of how many more times the loops kept on
 * the host around the site will run it, and `later` of the work of the
 * sites that follow it in its function (NULL: some cannot be counted, and
 * the site launches), for NU_HOST_FIRST's prediction. */
char *emit_host_call(Vec *kernels, const char *original, const char *pragma_text, const char *path,
                     Vec *steps, const char *pre, const char *times, const char *later);
/* hoststmt.c: a statement of a loop kept on the host (compiler/auto/hostloop.c)
 * that the host runs between the launches, preceded by its synchronisation
 * (an element's bytes, the whole array, or nurt_escape(): never nothing);
 * one line for --explain=data into notes, when not NULL. */
char *emit_host_stmt(Stmt *s, const char *path, Buf *notes);
/* The statement that replaces a nest whose loop stays on the host
 * (compiler/auto/hostloop.c): that loop, as written, around `calls` (char*,
 * from emit_host_call, one per nest of its body); `kernels` are theirs. */
char *emit_host_loop(Loop *loop, Vec *kernels, Vec *calls, const char *pragma_text,
                     const char *path);
/* In NU_VERIFY's code for a step: the copies `snapshot` made, declared
 * as the inputs of the arrays they copy. */
void emit_snapshot_decls(Vec *pieces, Buf *b);
/* In --emit=seq: the copies `snapshot` made, taken on the host before
 * the nest (pre) and freed after it (post); whether there are any (the
 * file then needs <stdlib.h> and <string.h>). */
bool emit_snapshot_copies(Vec *pieces, Buf *pre, Buf *post);

/* report.c: one line per kernel for --report. */
void emit_report(Kernel *k, const char *path);

/* html.c: the --explain=html page of the file at `path`: nests[i] (Nest*)
 * went through the steps steps[i] (Vec* of ExplainStep*, the nest as
 * written first); params are the sizes of --explain-size (iterspace.h). */
struct IterParams;
char *emit_explain_html(const char *path, Vec *nests, Vec *steps, struct IterParams *params);

/* macros.c: preprocessor checks that the user's macros expanded at byte
 * offsets within `ranges` (nranges pairs [begin, end)) of the input, uses
 * (MacroUse*, frontend.h), have the values nucc saw; each failing check is
 * an #error naming the macro, its value and `command`.  "" when none. */
char *emit_macro_checks(const Vec *uses, const unsigned *ranges, int nranges, const char *command);

#endif
