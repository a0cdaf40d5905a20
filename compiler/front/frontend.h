/* frontend.h — the program as the front end hands it on: the pragmas, the
 * annotated nests as IR, every function's host statements as source spans
 * with the arrays they use, and the headers included.  Only the front end
 * (frontend*.c, through frontend_clang.h) sees libclang. */
#ifndef NUCC_FRONTEND_H
#define NUCC_FRONTEND_H

#include "nucc.h"

typedef struct SourceClang SourceClang;

/* A `#pragma nu` line. */
typedef struct PragmaLine {
  int line;
  unsigned begin, end; /* byte range of the whole line */
  SrcLoc loc;          /* of the `#` */
  Vec annots;          /* Annot*, in source order */
  bool used;           /* attached to a loop, or a standalone directive */
  bool omp;            /* --openmp: a `#pragma omp` loop read as annotations */
  bool transform;      /* --openmp: a loop transformation (`omp tile`): checked as a
                          `#pragma nu` line is, its refusal an error */
  bool block;          /* --openmp: `omp fuse`, which stands over a block of loops, not a
                          `for`: its group attaches to the `{` */
  bool omp_for;        /* that loop is a `for` without `parallel`: it shares out the
                          iterations of the region around it (or, orphaned, of the
                          region its function is called in) */
  bool acc;            /* --openacc: a `#pragma acc` line (omp is set too: the rest is alike) */
  struct AccLoop *acc_loop; /* --openacc: the loop directive as read, until frontend_acc_nests
                               joins nested ones and writes the annotations */
  unsigned acc_for_begin, acc_for_end;    /* --openacc: its `for` statement */
  struct PragmaLine *acc_root, *acc_last; /* --openacc: the directive it joined; the last joined */
  Vec map_to, map_from; /* --openmp: char*, the arrays its map clauses move one way only
                           (to; from or alloc) that no map before it moved */
  char *refused;        /* --openmp: a loop directive with a clause nucc refuses, why
                           (an error unless the loop stays on the host) */
  SrcLoc refused_at;
} PragmaLine;

/* A standalone directive such as `#pragma nu wait`. */
typedef struct Directive {
  const char *name;
  unsigned begin, end;
  /* "omp parallel": the region, its braces included; a region without
   * braces is its first token alone (a loop right under the directive) */
  unsigned region_begin, region_end;
  char *text; /* "acc sync" (--openacc's update host, wait): the host code it stands for */
} Directive;

/* --openmp: a `#pragma omp` line that is not a loop directive, checked
 * against the nests once they are known: an error inside an offloaded loop
 * where it has no GPU meaning, else a warning that it stays as written, or
 * (a region holding an offloaded loop) a line the output drops. */
typedef struct OmpInside {
  SrcLoc loc;
  unsigned offset;            /* of the `#` */
  unsigned begin, end;        /* the whole line, continuations included */
  int kind;                   /* OmpKind (openmp.h) */
  char *what;                 /* "'#pragma omp critical'" */
  char *why;                  /* OMP_IGNORE: why nucc leaves it */
  char *list;                 /* OMP_THREADPRIVATE: the variables */
  bool scalar;                /* atomic: the statement updates a variable (a reduction) */
  bool acc;                   /* --openacc: a `#pragma acc` line */
  bool kernels, serial, data; /* --openacc, a region: a kernels, serial or data construct */
} OmpInside;

/* --openmp: an OpenMP loop, from its first pragma line to the end of its
 * `for`: an error in that range, or raised while the front end or the
 * annotations work on it (diag_set_owner(for_begin + 1)), is the loop's
 * (driver.c leaves it on the host).  Not a loop under `#pragma nu work`. */
typedef struct OmpLoop {
  unsigned begin, for_begin, end;
} OmpLoop;

/* --openmp: an OpenMP loop an earlier pass could not offload: the front
 * end leaves it on the host as written, with a warning that gives the
 * first error it met (why, at why_loc). */
typedef struct HomeLoop {
  unsigned for_begin;
  char *why;
  SrcLoc why_loc;
} HomeLoop;

/* --- host code, for the synchronisation pass (hostsync.c) --------------- */

/* What a host statement does to arrays, in the order a reader meets it. */
typedef enum HostUseKind {
  HU_ROOT,   // an array subscripted, dereferenced or handed to a library call
  HU_OPAQUE, // a pointer whose array cannot be named before the statement
  HU_ESCAPE, // a call to a function that may touch any array
  HU_SCALAR, // a scalar variable named (a reduction's result may be pending)
  HU_OBJECT, // a struct read or written whole: assigned, copied, handed to memset
} HostUseKind;

typedef struct HostUse {
  HostUseKind kind;
  bool lib_arg;  /* ROOT, OPAQUE: a pointer handed to a library call, which
                    matters in functions without kernels too */
  bool write;    /* ROOT, OBJECT: the statement may write through it */
  unsigned decl; /* ROOT, OBJECT: the offset of the root variable's declaration;
                    SCALAR: the offset of the variable's name there (Var.off) */
  char *root;    /* ROOT: its source text, `a`, `m->data`; OBJECT: the
                    object's, an lvalue (`s`, `*p`, `g.inner`) */
  /* ROOT: the use is one element, `A[k][k]`, `*p`, `g.cells[3]`, as written
   * (its lvalue, of arithmetic type), whose address the statement computes
   * every time it runs and from variables alone: evaluated before the
   * statement, it names the same bytes.  NULL for any other use (the array
   * handed on, its address taken, a use under && || ?: or in a statement
   * expression, a subscript with a call or a read of memory). */
  char *elem;
  Vec elem_vars;    /* with elem: Var.off (as uintptr) of every variable its
                       address reads; the statement must not assign them */
  bool elem_loads;  /* with elem: its address reads a pointer kept in a struct
                       (`m->data[i]`), which a write of a pointer may change */
  bool elem_shared; /* with elem: it reads a variable that is not a local whose
                       address is never taken: any write through memory may change it */
  bool aggregate;   /* SCALAR: the variable is a pointer, struct or array: a
                       write to it may change a pointer an element goes through */
} HostUse;

typedef enum HostKind {
  HS_COMPOUND, // { ... }
  HS_IF,       // if
  HS_DECL,     // a declaration statement
  HS_STMT,     // any other statement
  HS_EXPR,     // an expression
  HS_OTHER,    // anything else libclang shows (a declaration, a type)
} HostKind;

/* A statement or a part of one, as a source span.  A statement's children
 * are all kept, and so are those of any node that holds a nest; a node
 * without children carries what scanning it finds. */
typedef struct HostStmt {
  HostKind kind;
  unsigned begin, end;
  Vec kids;         /* HostStmt*, in source order */
  Vec uses;         /* HostUse*, of a node that is not a statement */
  unsigned assigns; /* `v = e`: Var.off of v, plus 1; else 0 */
  bool straight;    /* an expression, a declaration or a `return`: it runs
                       its parts once, with no statement inside */
  Vec defines;      /* char*, of a declaration: the arrays and structs of
                       automatic storage it declares, new objects each time
                       it runs (their addresses may be an old array's) */
} HostStmt;

/* A call to the C library's free or realloc: the name written at begin. */
typedef struct HostFree {
  unsigned begin;
  const char *name;
} HostFree;

typedef struct HostFunc {
  char *name;
  unsigned begin, end; /* the definition */
  HostStmt *body;      /* NULL if it has none */
  Vec returns;         /* HostStmt*: every return statement */
  Vec frees;           /* HostFree* */
  Vec lazy_ok;         /* Var.off (as uintptr) of the scalars, declared at the
                          top of the body or parameters, whose address is never
                          taken: a reduction's result can wait until it is named */
} HostFunc;

/* A header libclang opened, once per #include, in the order of inclusion. */
typedef struct Include {
  char *name;  /* as libclang names it: "./x.h", "/usr/include/stdio.h" */
  bool system; /* a system header, or included from one */
  SrcLoc at;   /* the #include in the input that brings it in */
} Include;

/* A macro the user defined (frontend_macros.c). */
typedef struct MacroDef {
  char *name;
  char *value; /* the replacement list, tokens separated by a space */
  bool function_like;
  bool user; /* defined in the input, a header of the user's or on the command line */
} MacroDef;

/* A user's macro and the value it had at an expansion: its replacement
 * list with the user's object-like macros in it expanded, as the C
 * compiler will expand it. */
typedef struct MacroValue {
  MacroDef *def;
  char *value;
  bool opaque; /* the value names a macro of a system header or the compiler */
} MacroValue;

/* An expansion written in the input file of a user's macro. */
typedef struct MacroUse {
  unsigned offset;
  Vec values; /* MacroValue*: the macro's, then those of the object-like macros of
                 the user's that its replacement names, at any depth (a
                 function-like macro's value shows none of them) */
} MacroUse;

/* Another file of the program (--with, -p): a kernel may call a function
 * the input declares and this file defines.  It is parsed only when such a
 * call comes, and once for the whole compilation (frontend_units.c). */
typedef struct Unit {
  const char *path;
  Vec args;                /* const char*: its front-end flags */
  struct UnitClang *clang; /* its parse, once tried */
} Unit;

/* Where main first reaches a function of the file that holds annotated
 * nests, and what is known there at main's start (frontend_entry.c): for
 * NU_HOST_FIRST's question asked ahead, at main's start. */
typedef struct EntryCall {
  char *func;         /* that function; "main" where main's own nest comes first */
  unsigned insert_at; /* just inside main's `{` */
  Vec offs;           /* Var.off (as uintptr) of its variables whose values are known */
  Vec values;         /* char*: those values, as C constants */
} EntryCall;

typedef struct Source {
  const char *path;
  char *text;
  size_t len;
  SourceClang *clang; /* the front end's own: libclang's view (frontend_clang.h) */
  Vec pragmas;        /* PragmaLine*, in source order */
  Vec pragma_starts;  /* the start of every `#pragma` line, any namespace (as uintptr),
                         in source order */
  Vec skipped_nu;     /* PragmaLine* without annotations: `#pragma nu` lines in
                         regions #if skipped, which the output must still blank */
  Vec nests;          /* Nest* */
  Vec directives;     /* Directive* */
  Vec omp_regions;    /* Directive*: --openmp, every `omp parallel` region with its
                         bounds, for the arrays its threads keep */
  Vec funcs;          /* Func*: every function defined in the file */
  bool openmp;        /* --openmp: `#pragma omp` loops are read as `work` */
  bool openacc;       /* --openacc: `#pragma acc` lines are read (openacc.c) */
  Vec acc_copied;     /* char*: the names data (map) clauses have copied so far */
  Vec omp_inside;     /* OmpInside* */
  Vec omp_loops;      /* OmpLoop*, in source order */
  const Vec *home;    /* HomeLoop*: the driver's, or NULL */
  Vec *units;         /* Unit*: the program's other files, the driver's, or NULL */
  Vec host_funcs;     /* HostFunc*: every function defined in the file, as host code */
  Vec lazy_reds;      /* Var*: reduction variables whose results the host folds in
                         lazily (Var.lazy_red; the driver picks them, hostsync places
                         the folds) */
  Vec includes;       /* Include*: for -MD */
  Vec macro_uses;     /* MacroUse*, in source order (frontend_macros.c) */
  Symtab names;       /* the file's variables and the names made from them */
  EntryCall *entry;   /* NULL where main reaches no nest in a way nucc follows */
} Source;

/* Parses the file with libclang (reporting clang's errors), finds the
 * pragmas, and builds the IR of every annotated nest.  Returns false when
 * the input has errors. */
bool frontend_parse(Source *src, int nargs, const char *const *args);
/* frontend_macros.c: fills src->macro_uses (frontend_parse calls it). */
void frontend_collect_macros(Source *src);
void frontend_dispose(Source *src);
/* frontend_entry.c: the value an EntryCall knows for the variable declared
 * at decl_off (Var.off), or NULL. */
const char *frontend_entry_value(const EntryCall *ec, unsigned decl_off);
/* --openmp: a one-way map of the nest's directive (Nest.map_to, map_from)
 * against what its kernels write and read: -Wnucc-omp-map where they
 * disagree (frontend_data.c). */
void frontend_data_check_kernels(Nest *n, const Vec *kernels);
/* frontend_units.c: releases the parses of the units (after the last pass). */
void frontend_dispose_units(Vec *units);

#endif
