/* nucc.h — the map of the compiler.
 *
 * Source → pragmas parsed (pragma.c) → loop-nest IR built from libclang
 * cursors (frontend.c, ir.c) → analyses (analysis/) → annotations applied
 * (annotations/) → printers (emit/) → one output file written atomically
 * (main.c, rewrite.c).  Each section below names the file that implements it.
 * Beside them: openmp.c reads `#pragma omp` loops as annotations (--openmp),
 * clcheck.c parses the generated OpenCL before it ships. */
#ifndef NUCC_H
#define NUCC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct Annot Annot;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Var Var;
typedef struct Type Type;
typedef struct Loop Loop;
typedef struct Nest Nest;
typedef struct Func Func;
typedef struct Kernel Kernel;
typedef struct KernelInfo KernelInfo;
typedef struct Symtab Symtab;

/* A position in the input file, or in another file the program is made of
 * (a header, a --with unit: their helpers run in kernels and their errors
 * point there); columns are 1-based bytes, as clang's. */
typedef struct SrcLoc {
  int line, col;
  int file; /* 0: the input; else diag_file()'s number */
} SrcLoc;

// util.c
void *xcalloc(size_t n, size_t size);
void xfree(void *p);
void util_free_all(void); /* at exit: releases every block still allocated */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xformat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvformat(const char *fmt, va_list ap);
#define NEW(T) ((T *)xcalloc(1, sizeof(T)))
/* A growable string, for the printers. */
typedef struct Buf {
  char *s;
  size_t len, cap;
} Buf;
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_indent(Buf *b, int depth);
/* A growable array of pointers. */
typedef struct Vec {
  void **items;
  int len, cap;
} Vec;
void vec_push(Vec *v, void *p);
bool vec_contains(const Vec *v, const void *p);
/* A module's static vector of compilation memory: util_free_all empties it,
 * so that nothing from one compilation survives into the next. */
void util_scoped_vec(Vec *v);
/* Empties them without freeing: each compilation starts with its own, even
 * when the caller keeps an earlier one's memory (nucc_compile() calls it). */
void util_scoped_reset(void);

// diag.c
/* Diagnostics are collected, then printed in the C compiler's format with the
 * source line and a caret; the driver turns any error into exit status 1. */
void diag_init(const char *path, const char *text, size_t len);
/* The number a SrcLoc gives for another file, by its path (read when a
 * diagnostic shows one of its lines); the input's path gives 0. */
int diag_file(const char *path);
void diag_error(SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A warning named `name` (without -W: "nucc-omp-ignored"), printed with
 * `[-Wname]`; muted by -Wno-name, an error under -Werror=name or -Werror. */
void diag_warning(const char *name, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* `nucc: error: ...` (counted) and `nucc: warning: ... [-Wname]`: no location. */
void diag_plain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void diag_plain_warning(const char *name, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
typedef enum {
  DIAG_WARN_ON,    // shown as a warning (the default)
  DIAG_WARN_OFF,   // -Wno-NAME
  DIAG_WARN_ERROR, // -Werror=NAME: shown and counted as an error
} DiagWarnState;
/* Sets a warning by name (-W, -Wno-, -Werror=, -Wno-error=); false when
 * nucc has no warning of that name. */
bool diag_set_warning(const char *name, DiagWarnState state);
/* -Werror: every warning not set by name is an error. */
void diag_set_werror(bool on);
/* The i-th warning's name, NULL past the last (--help, the man page). */
const char *diag_warning_name(int i);
/* Colors in diagnostics, as clang's and GCC's; off unless main.c says so. */
void diag_set_color(bool on);
int diag_errors(void);
/* --openmp's second chance (driver.c): diagnostics held back, then shown or
 * dropped; every error recorded with the nest it belongs to. */
void diag_hold(void);
void diag_release(bool show);
/* The nest errors belong to from now on, whatever their location (a key
 * the caller chooses, 0 for none: then the location tells); the old key. */
unsigned diag_set_owner(unsigned key);
#define DIAG_NO_LOOP (~0u) /* an error no loop can take: the C compiler's own */
typedef struct DiagRecord {
  SrcLoc loc;
  unsigned owner; /* diag_set_owner's key when it was raised */
  char *msg;      /* NULL for an error that no loop can take (a warning made an error) */
  bool movable;   /* a diag_error: an OpenMP loop that stays on the host may avoid it */
} DiagRecord;
/* The errors of this compilation (diag_init), DiagRecord*, in order. */
const Vec *diag_records(void);
/* The automatic search (auto.c, hostloop.c) tries whole annotations without
 * showing their errors; analyses never mute (their answers are values:
 * Legality, freevars_probe):
 *   int b = diag_quiet_begin(); ...; int n = diag_quiet_end(b); */
int diag_quiet_begin(void);
int diag_quiet_end(int before);
/* The first error the last trial muted and the note after it (a
 * dependence's pair), as "line:col: message; note"; NULL when none. */
const char *diag_quiet_first(void);

// pragma.c — the annotation grammar (pure: no libclang, fuzzable)
typedef struct AnnotArg {
  char *key;  /* "a" in size(a: n), "+" in reduce(+: v); NULL when absent */
  char *text; /* the argument's source text, trimmed */
  SrcLoc loc; /* where the text starts */
  SrcLoc key_loc;
  Expr *names; /* what a clause's argument names (the key of size's), resolved
                  once in the nest's scope by the clause (annot_resolve); NULL
                  when it names nothing visible there */
  Expr *value; /* an argument a bare `work` computed (peel's split around one
                  iteration): the expression, of which text is the spelling */
} AnnotArg;

struct Annot {
  char *name;
  SrcLoc loc; /* of the name */
  bool has_parens;
  AnnotArg *args;
  int nargs;
  Annot *next; /* application order: the first applies first */
  char *from;  /* the directive it was read from ("omp tile sizes(8, 4)"), shown by
                  --explain; NULL for a `#pragma nu` one */
};

/* Parse the text after "#pragma nu" (line `line`, starting at column `col`).
 * Appends the annotations to *list in source order; returns false after
 * reporting a syntax error. */
bool pragma_parse(const char *text, SrcLoc start, Vec *list);
/* The integer value of a constant argument, or false. */
bool pragma_arg_int(const AnnotArg *a, long long *out);
/* Appends the annotation as written, `name(key: arg,...)` (--explain's and
 * --explain=html's step titles). */
void pragma_spell(const Annot *a, Buf *b);

// types (ir.c)
typedef enum {
  TY_VOID,
  TY_BOOL,
  TY_CHAR, // char, signed char
  TY_UCHAR,
  TY_SHORT,
  TY_USHORT,
  TY_INT,
  TY_UINT,
  TY_LONG, // long, long long (64-bit here)
  TY_ULONG,
  TY_FLOAT,
  TY_DOUBLE,
  TY_PTR,    // pointer to base
  TY_ARRAY,  // base[len]; len < 0 for a VLA
  TY_STRUCT, // a struct or union, by name
  TY_OTHER,  // anything the kernel subset does not know
} TypeKind;

struct Type {
  TypeKind kind;
  Type *base;
  long long len;
  char *spelling;         /* the C spelling, for messages */
  char *canon;            /* the canonical C spelling, valid at file scope */
  struct StructDef *sdef; /* TY_STRUCT: its members and the host's layout */
};

/* A struct as the host lays it out (libclang's sizeof/offsetof), shared by
 * every Type that names it.  The OpenCL program defines it under `name`
 * with the same offsets, and checks them as it builds (opencl.c). */
typedef struct Field {
  char *name;
  Type *type;
  long long offset; /* bytes */
} Field;
typedef struct StructDef {
  char *name; /* the OpenCL name, nu_<tag or typedef> */
  char *host; /* as the program spells it, for messages */
  Field *fields;
  int nfields;
  long long size, align;
  char *bad; /* why a kernel cannot hold it (a union, a bit-field, a pointer member,
                long double), or NULL */
  bool is_union;
} StructDef;

bool type_is_integer(const Type *t);
bool type_is_arith(const Type *t);
/* A struct a kernel can hold: every member a number, an array of them or
 * such a struct (StructDef.bad is NULL). */
bool type_is_struct_ok(const Type *t);
/* A scalar or such a struct: what a kernel may copy by value. */
bool type_is_value(const Type *t);
/* A struct that is not one of numbers only because members point to
 * numbers or to structs of numbers (RSBench's SimulationData), nested
 * structs of either kind included: a helper may take it by value, and the
 * kernel flattens it (analysis/structarg.c). */
bool type_is_struct_of_buffers(const Type *t);
/* A table of rows as a kernel copies it: T ** (1) or T *** (2), pointers
 * all the way down to numbers (Buffer.rows); 0 for anything else. */
int type_row_levels(const Type *t);
/* The host's size in bytes of a scalar or struct type, 0 if unknown. */
long long type_size(const Type *t);
/* The OpenCL C spelling of a scalar type ("uint"), NULL if none. */
const char *type_cl_name(const Type *t);
/* The C spelling of a scalar type for host code ("unsigned int"). */
const char *type_c_name(const Type *t);
/* The scalar element type under arrays and pointers. */
Type *type_elem(Type *t);

// ir.c — the loop-nest IR
struct Var {
  char *name;
  Type *type;
  SrcLoc loc;
  bool global;      /* file-scope variable */
  bool is_param;    /* function parameter */
  unsigned id;      /* unique; identifies the declaration */
  bool reg;         /* declared `register`: its address cannot be taken */
  char space;       /* a helper's pointer parameter in OpenCL: 'g' __global (a buffer's
                       element), 'p' __private (a local's); 0 before a kernel calls it */
  unsigned off;     /* the byte offset of its name in the declaration */
  bool lazy_red;    /* a reduction variable whose result the host folds in lazily:
                       its nurt_red is nu_rr_NAME_OFF (hostsync.c) */
  Var *snapshot_of; /* `snapshot(a)`: this array is the copy of a that the kernel reads,
                       taken on the device before the launch; no host variable */
  Expr *snapshot_lo, *snapshot_hi; /* the first subscripts the copy's reads reach, over
                                      the nest's invariants (--emit=seq copies them) */
  bool stat;        /* a local declared `static`: one copy, which OpenMP's threads share */
  char *alias_why;  /* a pointer a nest's body declares that frontend_alias.c could not
                       follow into its array: why (freevars.c refuses it with this) */
  bool flat;        /* a helper's struct parameter the kernel flattened (structarg.c):
                       its uses became the argument's paths; OpenCL has no such parameter */
  bool flat_root;   /* a variable from outside a kernel whose struct a helper's copy names
                       (structarg.c): its member paths are that copy's file-scope data */
  bool scratch;     /* a private array beyond a work-item's private memory: in a kernel, a
                       slice of the device scratch buffer nu_pv_NAME per work-item */
  bool interleaved; /* scratch, and the kernel being printed uses only its elements: element
                       e of work-item w at e * (work-items) + w, so that neighbours'
                       accesses coalesce (opencl.c) */
};

typedef enum {
  OP_NONE,
  // binary
  OP_ADD,    // +
  OP_SUB,    // -
  OP_MUL,    // *
  OP_DIV,    // /
  OP_MOD,    // %
  OP_SHL,    // <<
  OP_SHR,    // >>
  OP_LT,     // <
  OP_GT,     // >
  OP_LE,     // <=
  OP_GE,     // >=
  OP_EQ,     // ==
  OP_NE,     // !=
  OP_AND,    // &
  OP_XOR,    // ^
  OP_OR,     // |
  OP_LAND,   // &&
  OP_LOR,    // ||
  OP_ASSIGN, // =
  OP_ADD_ASSIGN,
  OP_SUB_ASSIGN,
  OP_MUL_ASSIGN,
  OP_DIV_ASSIGN,
  OP_MOD_ASSIGN,
  OP_SHL_ASSIGN,
  OP_SHR_ASSIGN,
  OP_AND_ASSIGN,
  OP_XOR_ASSIGN,
  OP_OR_ASSIGN,
  OP_COMMA, // ,
  // unary
  OP_NEG,     // -x
  OP_PLUS,    // +x
  OP_NOT,     // !x
  OP_BITNOT,  // ~x
  OP_DEREF,   // *x
  OP_ADDR,    // &x
  OP_PREINC,  // ++x
  OP_PREDEC,  // --x
  OP_POSTINC, // x++
  OP_POSTDEC, // x--
} Op;

const char *op_spelling(Op op);
bool op_is_assign(Op op);
/* a op b for the integer arithmetic operators (+ - * / %), as the host's
 * long long computes them; false for another operator or a zero divisor. */
bool op_fold_arith(Op op, long long a, long long b, long long *v);

typedef enum {
  EX_INT,    // integer literal: ival
  EX_FLOAT,  // floating literal: fval, spelled as in the source when possible
  EX_VAR,    // a variable: var
  EX_UNARY,  // op a
  EX_BINARY, // a op b (assignments too)
  EX_COND,   // a ? b : c
  EX_CALL,   // name(args)
  EX_INDEX,  // a[b]
  EX_MEMBER, // a.name or a->name
  EX_CAST,   // (type) a
  EX_INIT,   // {args}: the initializer list of a local array
} ExprKind;

struct Expr {
  ExprKind kind;
  Op op;
  Type *type;
  SrcLoc loc;
  Expr *a, *b, *c;
  Expr **args;
  int nargs;
  long long ival;
  double fval;
  char *text;    /* float literal spelling; the macro an integer literal was
                    written as (printed with Printer.spelled); call or member name */
  Var *var;      /* EX_VAR */
  bool arrow;    /* EX_MEMBER through a pointer */
  Func *callee;  /* EX_CALL of a function defined in the input file */
  bool trip_max; /* EX_COND: the max(t, 0) of a trip count (tr_trip), which
                    tidy.c may drop from a loop bound */
  Var *alias;    /* EX_INDEX a[i][c + s] written for p[s], p = &a[i][c] a pointer the
                    body declared (frontend_alias.c): taken for row i's element, which
                    deps.c proves it is */
};

typedef enum {
  ST_EXPR,     // e;
  ST_DECL,     // var = init;
  ST_BLOCK,    // { items }
  ST_IF,       // if (e) then else els
  ST_FOR,      // for (init; e; inc) body, or a canonical `loop`
  ST_WHILE,    // while (e) body
  ST_DO,       // do body while (e);
  ST_BREAK,    // break;
  ST_CONTINUE, // continue;
  ST_EMPTY,    // ;
  ST_RETURN,   // return e; (only in functions called from kernels)
} StmtKind;

struct Stmt {
  StmtKind kind;
  SrcLoc loc;
  Expr *e;
  Var *var;
  Expr *init;
  Stmt *init_s; /* ST_FOR: the init clause, a ST_DECL or ST_EXPR */
  Expr *inc;
  Stmt *then, *els, *body;
  Stmt **items;
  int nitems;
  Loop *loop;          /* ST_FOR in canonical form */
  Vec *annots;         /* ST_FOR with `#pragma nu` lines inside an annotated nest */
  unsigned begin, end; /* ST_FOR: its bytes in the input (a nest of a time loop's
                          body that stays on the host runs them in host mode) */
  bool visit;          /* ST_EXPR `i, j;` that --explain=html puts at the top of the
                          nest's body: its copies tell which original iteration runs
                          (explain/iterspace.c); printed nowhere (tidy.c) */
};

/* The relation of a canonical loop's condition `i REL ub`. */
typedef enum { REL_LT, REL_LE, REL_GT, REL_GE, REL_NE } Rel;
const char *rel_spelling(Rel r);

/* for (T var = lb; var REL ub; var += step) body — a canonical loop. */
struct Loop {
  Var *var;
  bool declared; /* the for declares its index */
  Expr *lb, *ub, *step;
  Rel rel;
  SrcLoc loc, cond_loc, inc_loc;
  Stmt *body;
  bool seq;   /* stands for a block of loops under OpenMP's fuse (a loop sequence): runs
                 its body once, and `fuse` replaces it with the loops it leaves */
  bool sweep; /* `wavefront`'s loop over hyperplanes: as the outer loop of a piece under
                 `work`, the host runs it and launches the loops inside once per step */
  /* a sweep's hyperplanes: w = wave[0]*wave_vars[0] + ... + the solved index, whose loop
   * (its bounds) is wave_solved; the stub narrows each launch's box with them */
  int nwave;
  long long *wave;
  Var **wave_vars;
  Loop *wave_solved;
  struct TTile *ttile; /* `ttile`'s loop over time tiles (a sweep): its plan, else NULL */
  /* `vector(v)`'s lane loop: for (x = max(base, vec_lb); x < min(base + vec, vec_end); x++),
   * base the aligned block's first index (a multiple of vec); a kernel runs a whole block
   * in range as vec-wide OpenCL vectors (emit/lanes.c), else lane by lane; 0 otherwise */
  int vec;
  Expr *vec_base, *vec_lb, *vec_end;
};

/* `ttile(T, w...)`'s plan for `work` (annotations/ttile.c): each launch runs
 * up to T steps of a time loop whose body is a sequence of space nests
 * (sub-steps), each writing one array at its own point, in overlapped tiles
 * of __local memory (emit/ttile.c prints the kernel). */
typedef struct TTile {
  long long T;
  int dims;               /* space loops of each sub-step, outer → inner */
  long long width[3];     /* tile interior per space loop; 0: work's group sizes (streaming:
                             width[0] is the planes of a chunk, 0 for the whole loop) */
  long long halo[3];      /* T * the sum of the sub-steps' radii */
  Loop **space;           /* the proxy loops the kernel maps (the first sub-step's, cloned) */
  Loop *time;             /* for (t = tt; t < min(tt + T, end); t++) over the steps */
  Expr *end;              /* the time loop's end: the launch whose steps reach it is the last */
  int nsteps;             /* sub-steps per time step */
  Stmt **steps;           /* each sub-step's assignment, over the proxy loops' indices */
  long long (*radius)[3]; /* per sub-step and space loop: the farthest read of a state array */
  Vec state;              /* Expr*: the paths of the arrays the sub-steps write */
  int *writes;            /* per sub-step: the state array it writes */
  bool stream;            /* tiles over the inner loops only, the outermost streamed through
                             in each work-group (widths given for the inner loops alone) */
  long long (*lo)[3], (*hi)[3]; /* per state array: its accesses' offsets' extremes */
} TTile;

Expr *ir_int(long long v, SrcLoc loc);
Expr *ir_var(Var *v, SrcLoc loc);
Expr *ir_binary(Op op, Expr *a, Expr *b, Type *t);
bool ir_expr_equal(const Expr *x, const Expr *y);
/* Calls fn on every sub-expression (pre-order) of the statement or expression. */
typedef void ExprVisitor(Expr *e, void *ctx);
void ir_walk_expr(Expr *e, ExprVisitor *fn, void *ctx);
void ir_walk_stmt(Stmt *s, ExprVisitor *fn, void *ctx);
bool ir_expr_uses_var(Expr *e, const Var *v);
/* Whether e is affine in vars (sums of var-free terms and of the vars
 * times var-free factors): over a box of the vars, its extremes are at
 * corners. */
bool ir_expr_affine_in(Expr *e, Var **vars, int n);
/* Whether expression node e (that very node) lies in statement s. */
bool ir_stmt_holds_expr(Stmt *s, const Expr *e);
/* Whether evaluating e may read memory: a subscript, a dereference, a call. */
bool ir_expr_may_read_memory(Expr *e);
/* The base variable and member path of an lvalue/array expression
 * (`m->data` in `m->data[i]`), or NULL when it is not such a path. */
Expr *ir_path_root(Expr *e);

// printer.c — IR back to C or OpenCL C text
typedef struct Printer Printer;
typedef void PathPrinter(Printer *p, Expr *e, Buf *b);
struct Printer {
  bool opencl;          /* OpenCL C: builtin names, flattened subscripts */
  PathPrinter *on_path; /* prints free variables and member paths, or NULL */
  bool (*on_index)(Printer *p, Expr *e, Buf *b); /* flattened subscripts */
  /* prints statement s itself, indentation included, or returns false for
   * print_stmt to print it (a kernel's `vector` lane loops: emit/lanes.c) */
  bool (*on_stmt)(Printer *p, Stmt *s, int depth, Buf *b);
  void *ctx;
  /* non-NULL: loop bounds print x < y ? x : y as min(x, y), with this
   * prefix ("" for --explain, "nu_" for --emit=seq, which defines them) */
  const char *minmax;
  bool header;  /* printing a loop bound (internal) */
  bool spelled; /* integer literals as written (a macro name, Expr.text), not their value */
};
void print_expr(Printer *p, Expr *e, Buf *b);
void print_stmt(Printer *p, Stmt *s, int depth, Buf *b);
/* An expression as plain C text (messages, host code at the nest's site). */
char *print_expr_text(Expr *e);
/* `t = lb > end ? lb : end;` after ttile's sweep of a time index declared
 * outside its loop (Loop.ttile): the value the loop as written leaves. */
char *print_sweep_last_text(Loop *sweep);
/* An expression of invariant host values, with free variables and member
 * paths by their generated names (print_path_name): the stub's view. */
char *print_host_text(Expr *e);
/* An OpenCL-safe spelling of a C identifier: reserved words get a `_`. */
const char *print_cl_name(const char *name);
/* The generated-code name of a free variable or member path: m->data is
 * m_data.  Kernel parameters, stub parameters and the bodies all use it. */
void print_path_name(Expr *e, Buf *b);
/* The OpenCL parameter that carries file-scope path (ir_func_globals) into
 * helper f: `float scale`, `__global const double *w`, `__global double
 * (*g)[64]` (a pointer to the rows of a fixed-size array); without a name
 * (NULL), the type alone, for a prototype or the cast at a call. */
void print_global_param(Func *f, Expr *path, const char *name, Buf *b);
/* The OpenCL built-in for a C math function (sqrtf → sqrt), or NULL. */
const char *print_cl_builtin(const char *c_name);

// tidy.c — the pieces of a nest as a person would write them (--explain, --emit=seq)
typedef struct Tidy {
  Vec decls;  /* Stmt* (ST_DECL): named split points, `int m2 = m / 2 * 2;` */
  Vec pieces; /* Stmt*: copies, simplified; empty pieces left out */
  Vec labels; /* char*: "main part: 0 <= j < m2, 0 <= i < n2", one per piece */
  int main;   /* index of the main part in pieces, -1 if none */
} Tidy;
/* The main part is pieces[main], or after fission every piece in mains
 * (Stmt*; NULL or empty: only pieces[main]). */
void tidy_pieces(Symtab *names, Vec *pieces, int main, Vec *mains, Tidy *out);
/* The declarations, then each piece under its label (when there are
 * several), as C at `depth`; minmax as in Printer.  The names it gives
 * bounds are none of `names`. */
void tidy_print(Symtab *names, Vec *pieces, int main, Vec *mains, Buf *b, int depth,
                const char *minmax);

// symtab.c — the names of one compilation
/* The names of one compilation: the file's variables, which the front end
 * records, and the names the transformations made (tr_fresh_name), so that
 * a made name captures nothing.  It lives with the compilation's Source;
 * every nest points at it. */
struct Symtab {
  Vec vars; /* Var*, in the order the front end met them */
  Vec made; /* char* */
};
/* A variable of the program with this name, among those seen so far. */
Var *symtab_lookup_var(Symtab *names, const char *name);
/* Whether a variable of the file or a name made before in this compilation
 * has this name; and recording a made name. */
bool symtab_name_taken(Symtab *names, const char *name);
void symtab_claim_name(Symtab *names, char *name);

// frontend*.c — libclang → IR
struct Func {
  char *name;
  Type *ret;
  Var **params;
  int nparams;
  Stmt *body;
  SrcLoc loc;
  unsigned begin, end; /* its bytes in the input (the macros its body expands); 0, 0 for a
                          header's function */
  bool converted;      /* body translated to IR */
  bool elsewhere;      /* its body is another unit's (--with, -p): the file-scope data it
                          names is that unit's, out of the input's reach */
  bool printing;       /* recursion guard for the OpenCL printer */
  char *written_as;    /* a copy's (structarg.c): the helper's name, for messages */
  Vec globals;         /* Expr*: ir_func_globals' answer, once computed */
  bool globals_known;
};
/* The file-scope variables and member paths of scalar, array or pointer
 * type that f names, its callees' included (`w` in `w[i % 5]`, `cfg.n`),
 * each once, in order of first use.  In OpenCL, where no file-scope data
 * exists, they travel as extra parameters after f's own. */
const Vec *ir_func_globals(Func *f);
/* Whether f, or a function it calls, assigns path or one of its elements. */
bool ir_func_writes(Func *f, Expr *path);

/* An annotated loop nest. */
struct Nest {
  Vec annots; /* Annot*, in application order */
  SrcLoc pragma_loc;
  unsigned begin, end; /* byte range replaced in the output */
  unsigned for_begin;  /* the `for` keyword */
  Loop **loops;        /* the perfectly nested canonical loops */
  int depth;
  SrcLoc bad_loop_loc; /* where the nest stops being canonical */
  char *bad_loop_why;
  char *func_name;
  int index;        /* 0, 1, ... in the file */
  Symtab *names;    /* the compilation's names */
  Vec visible;      /* Var*: the function's parameters and the globals */
  Vec used_outside; /* Var*: variables the function names outside its annotated nests */
  Vec *siblings;    /* Nest*: the annotated nests of the function, this one included */
  bool omp_for;     /* --openmp: a worksharing `omp for` (no `parallel` of its own):
                       its launch runs under `omp single`, since the threads of a
                       region kept around a call to its function would each run it */
  bool acc;         /* --openacc: an OpenACC loop directive's: its `independent` is the
                       user's, and a proven dependence under it is an error, not a
                       reason to stay on the host */
  Vec map_to;       /* --openmp: char*, arrays its directive maps to the device only */
  Vec map_from;     /* and from it only (or alloc), where no map before it moved them */
  SrcLoc map_loc;   /* that directive's location */
  bool host_code;   /* no kernel came of it: its annotations transformed host code, which
                       hostsync.c syncs as any host statement (set by the driver) */
  Vec apart;        /* PragmaLine* (frontend.h) of the nest outside [begin, end): a
                       preprocessor directive (#endif) stands between them and the `for`
                       and must stay; the driver blanks each line */
};

// compiler/annotations/work.c, analysis/ — what a `work` annotation produced, for the printers
typedef struct Access {
  Expr *e;     /* the EX_INDEX chain or path use */
  Expr **subs; /* subscripts outer → inner */
  int nsubs;
  bool write, read;
  Stmt *loops_ctx;        /* unused */
  Expr *site;             /* an access a helper makes through a pointer argument: the call
                             (poly.c places it there); NULL for an access in the body */
  struct LoopInfo *hloop; /* at a site: the innermost of the helper's loops around
                             it (analysis.h), NULL when none */
  bool certain;           /* at a site: the helper makes it in every iteration of those
                             loops, whenever it is called (no condition, no jump before) */
  bool named;             /* at a site: a table of rows the helper subscripts down to its
                             numbers itself (structarg.c), no row it was handed to stay in */
} Access;

/* A free array of the kernel: a variable or member path (`m->data`). */
typedef struct Buffer {
  Expr *path; /* as written in the source */
  char *name; /* kernel parameter name */
  Type *type; /* the path's type: pointer or array */
  Type *elem; /* scalar element type */
  int rank;   /* subscripts that index it */
  int rows;   /* a table of rows (float **w: 1, double ***u: 2): the pointer levels
                 below the first, each subscript but the last picks a row (runtime:
                 nurt_arg_rows); the kernel reads w[w_rows[i] + j]; 0 otherwise */
  bool read, write;
  bool reduced;           /* an element reduction ends in it (Reduction.into): the launch
                             reads and writes that element, beside the accesses above */
  struct Buffer *also[2]; /* the same array in the kernels of one work-item whose
                             statements this kernel's last work-item runs (Kernel.pre,
                             Kernel.then): the launch covers their ranges too */
  bool in_bounds;         /* a mapped loop's bound reads it: the stub reads it on the host,
                             typed (`const int *d` for k < d[2]), after nurt_host_access */
  Vec accesses;           /* Access* */
  bool opaque;            /* a helper reads it at an element nucc cannot name (helperptr.c):
                             no subscript bounds it, its extent is the heap block's */
  char *size_text;        /* from size(a: n) */
  SrcLoc size_loc;
  /* the smallest and largest first subscript over every access, exact,
   * from isl (analysis/region.c); NULL: extent.c's intervals decide */
  Expr *first_lo, *first_hi;
  /* the same over the accesses that write, for the launch's written range
   * (nurt_arg_writes); NULL: extent.c's intervals decide, or none */
  Expr *write_lo, *write_hi;
  /* the same two pairs over the iterations whose outermost mapped index lies
   * in [nu_plo, nu_phi], two names the stub sets for each part of a launch
   * that NU_DEVICES splits over devices (region.c); NULL: no split */
  Expr *part_lo, *part_hi, *part_wlo, *part_whi;
  /* under wavefront: the same over the whole sweep, every hyperplane (the
   * stub reserves that range at the first one, so it is not grown launch by
   * launch); NULL otherwise */
  Expr *sweep_lo, *sweep_hi;
} Buffer;

/* A free scalar of the kernel, passed by value. */
typedef struct Scalar {
  Expr *path;
  char *name;
  Type *type;
} Scalar;

/* A scalar from outside the nest that the body only combines into. */
typedef enum {
  RED_SUM,  // + (and -)
  RED_PROD, // *
  RED_MIN,  // min
  RED_MAX,  // max
  RED_AND,  // &
  RED_OR,   // |
  RED_XOR,  // ^
  RED_LAND, // &&
  RED_LOR,  // ||
} RedOp;

/* A scalar from outside the nest, or an element of an array whose subscripts
 * the kernel does not change (`x[i]` in a loop over j: elem, path the
 * EX_INDEX, array its array's path).  An element reduction is not an access
 * of the array's buffer.  Where the kernel has the array as a buffer for its
 * other accesses (`x[j]`), the kernel's last work-group combines the result
 * into the element there (into), so that the host waits for nothing;
 * otherwise the host folds the result into it after the launch. */
typedef struct Reduction {
  Expr *path; /* the variable or member path; the EX_INDEX x[i] for an element */
  char *name; /* kernel name */
  Type *type;
  RedOp op;
  SrcLoc loc;          /* the first update */
  bool named;          /* given in reduce(...) */
  bool elem;           /* path is an array element */
  Expr *array;         /* elem: the array's path (x, m->data) */
  struct Buffer *into; /* elem: the array's buffer, which the kernel finishes the
                          reduction in (freevars.c), or NULL */
} Reduction;

const char *red_op_name(RedOp op); /* "sum", "min", ... */

/* An array staged in __local memory by cache(a): the block one work-group
 * reads, with its halo.  Dimension d of the array follows mapped loop
 * mapped[d] (counting by step[d]) with subscripts mapped_var + lo[d] ..
 * mapped_var + hi[d]; or, when mapped[d] < 0, the kernel's staged loop
 * (Kernel.stage): then the block is reloaded for each stage_tile
 * iterations of that loop. */
typedef struct Cache {
  Buffer *buf;
  int rank;
  int mapped[8];
  long long step[8];
  long long lo[8], hi[8];
  bool staged;     /* some dimension follows the staged loop */
  bool steps[8];   /* in a staged block, dmine's copies of a mapped index
                      (0 <= lo <= hi < step): the block holds whole steps, and
                      a work-item's copy c sits at local id * step + c */
  int vec;         /* > 1: the innermost dimension is read as vectors of this
                      many elements (a work-item's consecutive copies) */
  bool slots[8];   /* whole steps along NDRange dimension 0, of a work-group
                      size `work` spells as a number: the copies interleaved by
                      work-item (the OpenCL printer's print_step_slot) */
  int slot_pad[8]; /* with slots: spare vectors after each copy's run of the
                      group's work-items, so that the group's stores into the
                      block meet no __local bank conflicts (plan_layout) */
} Cache;

/* One term of a kernel's work estimate: `count` accesses over the box
 * lo[d]..hi[d] of their iterations. */
typedef struct WorkTerm {
  int count;
  Vec lo, hi; /* Expr* */
} WorkTerm;

struct Kernel {
  Nest *nest;
  Symtab *names; /* the compilation's (set even where nest is NULL) */
  char *name;
  int dims;      /* mapped loops */
  Loop **mapped; /* outer → inner */
  AnnotArg *wg;  /* work-group sizes, outer → inner */
  Stmt *body;    /* the body of the innermost mapped loop */
  bool independent;
  Vec private_vars;     /* Var*: private(v, ...) (OpenMP's private): no value kept after */
  Vec first_vars;       /* Var*: firstprivate(v, ...): private, starting from v's value */
  Vec buffers, scalars; /* Buffer*, Scalar* */
  Vec reductions;       /* Reduction* */
  Vec caches;           /* Cache* */
  Var *stage;           /* the inner loop whose index cached arrays follow, or NULL */
  long long stage_tile; /* iterations of it per staged block */
  int red_stride;       /* stride(s): iterations of the outermost mapped loop per work-item
                           of a reduction, 0: nurt decides (nurt_red_items) */
  Vec funcs;            /* Func* called from the body, transitively */
  bool uses_fp64;
  Vec hints;    /* char*: advice for --report */
  TTile *ttile; /* time tiling: the plan of sweep's `ttile`, else NULL */
  Loop *sweep;  /* the piece's outer loop that the host runs around the launches
                   (`wavefront`), or NULL */
  bool spread;  /* a bare `work` chose the sizes: the stub lets nurt shrink the groups
                   of a small NDRange so that every compute unit gets some */
  /* a bare `work` made it (auto.c): the program may run the nest as written on
   * the host while nurt has not started the device (NU_HOST_FIRST) */
  bool bare;
  /* the nest's work, region.c: per distinct iteration domain of its accesses,
   * how many accesses share it and the domain's box (Expr* lo and hi per
   * loop, of the stub's values); work_known false: a domain isl could not
   * bound, and the launch never asks to stay on the host */
  bool work_known;
  Vec work;            /* WorkTerm* */
  double work_density; /* units of work per access: 1 + the body's operations per access */
  /* a host loop's kernel of one work-item that runs right after this one
   * (hostloop.c, run_then): this kernel's last work-item runs its body
   * after the reductions' final writes, and the stub says whether it did;
   * `after` is the other side of the link, on the one-item kernel.  `pre`:
   * the host statement right before the nest, which sets the reduced
   * elements (x[i] = b[i]), analysed as such a kernel but never launched:
   * the last work-item runs it before the final writes (run_pre) */
  Kernel *then, *after, *pre;
  KernelInfo *info; /* what the analyses found */
};
/* Whether mapped loop m's bounds name an outer mapped index (a triangular
 * NDRange: the host launches the bounding box, each work-item tests its
 * own bounds). */
/* Whether a canonical loop counts down: its condition is > or >=, or its
 * step is negative (a negative literal, or `i -= c`). */
bool ir_loop_counts_down(const Loop *l);
/* The array a buffer copies when it is `snapshot`'s copy (its path the
 * copy's variable), else NULL. */
Var *buffer_snapshot_of(const Buffer *b);
/* The kernel's buffer of the array at `path`, or NULL. */
Buffer *kernel_buffer(const Kernel *k, const Expr *path);
bool kernel_loop_bounded_inside(Kernel *k, int m);
/* The work-group's extent along NDRange dimension x where `work` spelled
 * it as a number (`work(16, 16)`), else 0. */
long long kernel_literal_group(const Kernel *k, int x);

#endif
