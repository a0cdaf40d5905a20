/* printer.c — prints IR expressions and statements as C or OpenCL C.
 * The same walk serves the kernel printer (OpenCL built-ins, flattened
 * subscripts and renamed free variables through callbacks), the host stubs
 * and --explain; parentheses follow C precedence so the output stays
 * readable. */
#include "nucc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* C precedence levels; higher binds tighter. */
static int prec(const Expr *e) {
  switch (e->kind) {
  case EX_BINARY:
    switch (e->op) {
    case OP_COMMA:
      return 1;
    case OP_LOR:
      return 4;
    case OP_LAND:
      return 5;
    case OP_OR:
      return 6;
    case OP_XOR:
      return 7;
    case OP_AND:
      return 8;
    case OP_EQ:
    case OP_NE:
      return 9;
    case OP_LT:
    case OP_GT:
    case OP_LE:
    case OP_GE:
      return 10;
    case OP_SHL:
    case OP_SHR:
      return 11;
    case OP_ADD:
    case OP_SUB:
      return 12;
    case OP_MUL:
    case OP_DIV:
    case OP_MOD:
      return 13;
    default:
      return 2; /* assignments */
    }
  case EX_COND:
    return 3;
  case EX_UNARY:
    return (e->op == OP_POSTINC || e->op == OP_POSTDEC) ? 15 : 14;
  case EX_CAST:
    return 14;
  default:
    return 16;
  }
}

/* x < y ? x : y in a loop bound, printed as min(x, y) (Printer.minmax). */
static bool as_minmax(Printer *p, Expr *e) {
  return p->minmax && p->header && e->kind == EX_COND && e->a->kind == EX_BINARY &&
         (e->a->op == OP_LT || e->a->op == OP_GT) && ir_expr_equal(e->a->a, e->b) &&
         ir_expr_equal(e->a->b, e->c);
}

static void print_sub(Printer *p, Expr *e, int min_prec, Buf *b) {
  if (prec(e) < min_prec && !as_minmax(p, e)) {
    buf_puts(b, "(");
    print_expr(p, e, b);
    buf_puts(b, ")");
  } else {
    print_expr(p, e, b);
  }
}

const char *print_cl_builtin(const char *n) {
  /* C99 <math.h> names → OpenCL's overloaded built-ins. */
  static const char *same[] = {
      "sqrt",   "cbrt",   "exp",   "exp2",      "expm1", "log",   "log2",      "log10",    "log1p",
      "sin",    "cos",    "tan",   "asin",      "acos",  "atan",  "atan2",     "sinh",     "cosh",
      "tanh",   "asinh",  "acosh", "atanh",     "pow",   "fabs",  "floor",     "ceil",     "round",
      "trunc",  "fmod",   "fmin",  "fmax",      "fma",   "hypot", "copysign",  "erf",      "erfc",
      "tgamma", "lgamma", "rint",  "remainder", "fdim",  "logb",  "nextafter", "nearbyint"};
  size_t len = strlen(n);
  for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
    size_t l = strlen(same[i]);
    if (!strcmp(n, same[i]) || (len == l + 1 && !strncmp(n, same[i], l) && (n[l] == 'f')))
      return same[i];
  }
  if (!strcmp(n, "abs") || !strcmp(n, "labs") || !strcmp(n, "llabs"))
    return "abs";
  return NULL;
}

static void print_int(Printer *p, const Expr *e, Buf *b) {
  if (p->spelled && e->text) {
    buf_puts(b, e->text);
    return;
  }
  const char *suffix = "";
  switch (e->type ? e->type->kind : TY_INT) {
  case TY_UINT:
    suffix = "u";
    break;
  case TY_LONG:
    suffix = "L";
    break;
  case TY_ULONG:
    suffix = "UL";
    break;
  default:
    break;
  }
  buf_printf(b, "%lld%s", e->ival, suffix);
}

static void print_float(const Expr *e, Buf *b) {
  if (e->text) {
    buf_puts(b, e->text);
    return;
  }
  bool is_float = e->type && e->type->kind == TY_FLOAT;
  char tmp[64];
  snprintf(tmp, sizeof tmp, is_float ? "%.9g" : "%.17g", e->fval);
  if (!strpbrk(tmp, ".eEin"))
    strcat(tmp, ".0");
  buf_puts(b, tmp);
  if (is_float)
    buf_puts(b, "f");
}

void print_global_param(Func *f, Expr *path, const char *name, Buf *b) {
  Type *t = path->type;
  Buf n = {0};
  if (name)
    print_path_name(path, &n);
  if (type_is_arith(t)) {
    buf_printf(b, "%s%s%s", type_cl_name(t), name ? " " : "", name ? n.s : "");
    xfree(n.s);
    return;
  }
  /* a table of rows is the kernel's two: its numbers and its offsets
   * (nurt_arg_rows), which the helper indexes as the kernel does */
  if (type_row_levels(t)) {
    buf_printf(b, "__global %s%s *%s, __global const long *",
               ir_func_writes(f, path) ? "" : "const ", type_cl_name(type_elem(t)),
               name ? n.s : "");
    if (name)
      buf_printf(b, "%s_rows", n.s);
    xfree(n.s);
    return;
  }
  /* the kernel's buffer is flat: the helper indexes it through its rows */
  Buf dims = {0};
  for (Type *r = t->base; r && r->kind == TY_ARRAY; r = r->base)
    buf_printf(&dims, "[%lld]", r->len);
  buf_printf(b, "__global %s%s ", ir_func_writes(f, path) ? "" : "const ",
             type_cl_name(type_elem(t)));
  if (dims.s)
    buf_printf(b, "(*%s)%s", name ? n.s : "", dims.s);
  else
    buf_printf(b, "*%s", name ? n.s : "");
  xfree(dims.s);
  xfree(n.s);
}

/* The file-scope data a helper needs, after the call's own arguments: by
 * the caller's names for it (a kernel's buffer or scalar, or the caller's
 * own such parameter), an array cast to the helper's view of its rows. */
static void print_global_args(Func *f, int nargs, Buf *b) {
  const Vec *g = ir_func_globals(f);
  for (int i = 0; i < g->len; i++) {
    Expr *path = g->items[i];
    buf_puts(b, nargs || i ? ", " : "");
    if (!type_is_arith(path->type) && !type_row_levels(path->type)) {
      buf_puts(b, "(");
      print_global_param(f, path, NULL, b);
      buf_puts(b, ")");
    }
    print_path_name(path, b);
    if (type_row_levels(path->type)) {
      buf_puts(b, ", ");
      print_path_name(path, b);
      buf_puts(b, "_rows");
    }
  }
}

/* A buffer handed to a helper's parameter that points to rows: the
 * kernel holds it flattened, so the address of its first element, cast to
 * the parameter's rows (__global T (*)[N]); false for anything else. */
static bool print_rows_arg(Printer *p, Expr *arg, Type *param, Buf *b) {
  if (param->kind != TY_PTR || param->base->kind != TY_ARRAY || !p->on_index || !arg->type)
    return false;
  Expr *idx = arg;
  for (Type *t = arg->type; t && (t->kind == TY_ARRAY || t->kind == TY_PTR); t = t->base) {
    Expr *x = xcalloc(1, sizeof *x);
    x->kind = EX_INDEX;
    x->a = idx;
    x->b = ir_int(0, arg->loc);
    x->loc = arg->loc;
    x->type = t->base;
    idx = x;
  }
  Buf at = {0};
  if (idx == arg || !p->on_index(p, idx, &at)) { /* a local's rows: as they are */
    xfree(at.s);
    return false;
  }
  Buf rows = {0};
  Type *t = param->base;
  for (; t->kind == TY_ARRAY; t = t->base)
    buf_printf(&rows, "[%lld]", t->len);
  buf_printf(b, "(__global %s (*)%s)&%s", type_cl_name(t), rows.s, at.s);
  xfree(rows.s);
  xfree(at.s);
  return true;
}

void print_expr(Printer *p, Expr *e, Buf *b) {
  switch (e->kind) {
  case EX_INT:
    print_int(p, e, b);
    return;
  case EX_FLOAT:
    print_float(e, b);
    return;
  case EX_VAR:
    if (p->on_path)
      p->on_path(p, e, b);
    else
      buf_puts(b, e->var->name);
    return;
  case EX_MEMBER:
    if (p->on_path && ir_path_root(e)) {
      p->on_path(p, e, b);
      return;
    }
    print_sub(p, e->a, 15, b);
    buf_printf(b, "%s%s", e->arrow ? "->" : ".", p->opencl ? print_cl_name(e->text) : e->text);
    return;
  case EX_INDEX:
    if (p->on_index && p->on_index(p, e, b))
      return;
    print_sub(p, e->a, 15, b);
    buf_puts(b, "[");
    print_expr(p, e->b, b);
    buf_puts(b, "]");
    return;
  case EX_CALL: {
    const char *name = e->text;
    if (p->opencl && !e->callee && print_cl_builtin(name))
      name = print_cl_builtin(name);
    /* OpenCL's abs returns the unsigned type; C's keeps the signed one */
    if (p->opencl && !e->callee && !strcmp(name, "abs") && type_cl_name(e->type))
      buf_printf(b, "(%s)", type_cl_name(e->type));
    /* user functions get a prefix so they cannot clash with OpenCL built-ins */
    /* a helper's copy for its arguments' address spaces has a name of its
     * own (freevars.c) */
    if (p->opencl && e->callee)
      name = e->callee->name;
    buf_printf(b, "%s%s(", p->opencl && e->callee ? "nu_" : "", name);
    int n = 0; /* a struct the kernel flattened travels as its members (structarg.c) */
    for (int i = 0; i < e->nargs; i++) {
      if (p->opencl && e->callee && i < e->callee->nparams && e->callee->params[i]->flat)
        continue;
      if (n++)
        buf_puts(b, ", ");
      if (!(p->opencl && e->callee && i < e->callee->nparams &&
            print_rows_arg(p, e->args[i], e->callee->params[i]->type, b)))
        print_sub(p, e->args[i], 2, b);
    }
    if (p->opencl && e->callee)
      print_global_args(e->callee, n, b);
    buf_puts(b, ")");
    return;
  }
  case EX_INIT:
    buf_puts(b, "{");
    for (int i = 0; i < e->nargs; i++) {
      if (i)
        buf_puts(b, ", ");
      print_sub(p, e->args[i], 2, b);
    }
    buf_puts(b, "}");
    return;
  case EX_CAST:
    buf_printf(b, "(%s)", p->opencl ? type_cl_name(e->type) : type_c_name(e->type));
    print_sub(p, e->a, 14, b);
    return;
  case EX_COND:
    if (as_minmax(p, e)) {
      buf_printf(b, "%s%s(", p->minmax, e->a->op == OP_LT ? "min" : "max");
      print_sub(p, e->b, 2, b);
      buf_puts(b, ", ");
      print_sub(p, e->c, 2, b);
      buf_puts(b, ")");
      return;
    }
    print_sub(p, e->a, 4, b);
    buf_puts(b, " ? ");
    print_sub(p, e->b, 1, b);
    buf_puts(b, " : ");
    print_sub(p, e->c, 3, b);
    return;
  case EX_UNARY:
    if (e->op == OP_POSTINC || e->op == OP_POSTDEC) {
      print_sub(p, e->a, 15, b);
      buf_puts(b, op_spelling(e->op));
    } else {
      buf_puts(b, op_spelling(e->op));
      /* keep `- -x` and `+ +x` apart */
      Expr *a = e->a;
      if (a->kind == EX_UNARY && (a->op == OP_NEG || a->op == OP_PREDEC) &&
          (e->op == OP_NEG || e->op == OP_PREDEC))
        buf_puts(b, " ");
      print_sub(p, a, 14, b);
    }
    return;
  case EX_BINARY: {
    int pr = prec(e);
    bool assign = pr == 2;
    /* `a && b || c` is `(a && b) || c`, as C compilers ask (-Wparentheses):
     * isl's bounds (region.c) are such disjunctions */
    int lor = e->op == OP_LOR ? 1 : 0;
    /* left-associative except assignments */
    print_sub(p, e->a, assign ? 14 : pr + 2 * lor, b);
    buf_printf(b, e->op == OP_COMMA ? "%s " : " %s ", op_spelling(e->op));
    print_sub(p, e->b, assign ? 2 : pr + 1 + lor, b);
    return;
  }
  }
}

/* A variable's name in the output: OpenCL reserves some C identifiers. */
static const char *var_name(Printer *p, Var *v) {
  return p->opencl ? print_cl_name(v->name) : v->name;
}

/* Declarations: `float t[4][4]`, `int i`. */
static void print_decl(Printer *p, Var *v, Buf *b) {
  Type *t = v->type;
  const char *base = p->opencl ? type_cl_name(type_elem(t)) : type_c_name(type_elem(t));
  if (p->opencl && v->interleaved) { /* its first element; the next one work-items on */
    buf_printf(b,
               "__global %s *%s = (nu_pv_%s + (get_global_id(0) + get_global_size(0) * "
               "(get_global_id(1) + get_global_size(1) * get_global_id(2))))",
               base, var_name(p, v), var_name(p, v));
    return;
  }
  if (p->opencl && v->scratch) { /* its work-item's slice, through a pointer to its rows */
    const char *name = var_name(p, v);
    Buf rows = {0};
    long long n = t->len;
    for (Type *r = t->base; r && r->kind == TY_ARRAY; r = r->base) {
      buf_printf(&rows, "[%lld]", r->len);
      n *= r->len;
    }
    if (rows.s)
      buf_printf(b, "__global %s (*%s)%s = (__global %s (*)%s)", base, name, rows.s, base, rows.s);
    else
      buf_printf(b, "__global %s *%s = ", base, name);
    buf_printf(b,
               "(nu_pv_%s + (size_t)%lld * (get_global_id(0) + get_global_size(0) * "
               "(get_global_id(1) + get_global_size(1) * get_global_id(2))))",
               name, n);
    xfree(rows.s);
    return;
  }
  if (!base) /* a struct's name; an array's brackets follow the name */
    base = t->kind == TY_ARRAY ? type_elem(t)->spelling : t->spelling;
  buf_printf(b, "%s %s", base, var_name(p, v));
  for (; t && t->kind == TY_ARRAY; t = t->base)
    buf_printf(b, "[%lld]", t->len);
}

static void print_loop_header(Printer *p, Loop *l, Buf *b) {
  const char *name = var_name(p, l->var);
  buf_puts(b, "for (");
  if (l->declared)
    buf_printf(b, "%s ", p->opencl ? type_cl_name(l->var->type) : type_c_name(l->var->type));
  buf_printf(b, "%s = ", name);
  bool header = p->header;
  p->header = true;
  print_expr(p, l->lb, b);
  buf_printf(b, "; %s %s ", name, rel_spelling(l->rel));
  print_sub(p, l->ub, 11, b);
  p->header = header;
  buf_printf(b, "; %s", name);
  if (l->step->kind == EX_INT && l->step->ival == 1)
    buf_puts(b, "++");
  else if (l->step->kind == EX_INT && l->step->ival == -1)
    buf_puts(b, "--");
  else if (l->step->kind == EX_UNARY && l->step->op == OP_NEG) {
    buf_puts(b, " -= ");
    print_sub(p, l->step->a, 2, b);
  } else {
    buf_puts(b, " += ");
    print_sub(p, l->step, 2, b);
  }
  buf_puts(b, ")");
}

/* After ttile's sweep of a time index declared outside its loop: the value
 * the loop as written leaves in it, its end, or its start where it ran no
 * step.  For the host's launches (callsite.c) and the printed nest. */
static void print_sweep_last(Printer *p, Loop *l, Buf *b) {
  buf_printf(b, "%s = ", var_name(p, l->ttile->time->var));
  print_sub(p, l->lb, 11, b);
  buf_puts(b, " > ");
  print_sub(p, l->ub, 11, b);
  buf_puts(b, " ? ");
  print_sub(p, l->lb, 11, b);
  buf_puts(b, " : ");
  print_sub(p, l->ub, 11, b);
  buf_puts(b, ";\n");
}

static void stmt_body(Printer *p, Stmt *s, int depth, Buf *b);

static void print_body(Printer *p, Stmt *s, int depth, Buf *b) {
  if (s->kind == ST_BLOCK) {
    buf_puts(b, " ");
    stmt_body(p, s, depth, b);
  } else {
    buf_puts(b, "\n");
    print_stmt(p, s, depth + 1, b);
  }
}

void print_stmt(Printer *p, Stmt *s, int depth, Buf *b) {
  if (p->on_stmt && p->on_stmt(p, s, depth, b))
    return;
  buf_indent(b, depth);
  stmt_body(p, s, depth, b);
}

/* The statement without its leading indentation. */
static void stmt_body(Printer *p, Stmt *s, int depth, Buf *b) {
  switch (s->kind) {
  case ST_EXPR:
    print_expr(p, s->e, b);
    buf_puts(b, ";\n");
    return;
  case ST_DECL:
    print_decl(p, s->var, b);
    if (s->init) {
      buf_puts(b, " = ");
      print_sub(p, s->init, 2, b);
    }
    buf_puts(b, ";\n");
    return;
  case ST_BLOCK:
    buf_puts(b, "{\n");
    for (int i = 0; i < s->nitems; i++)
      print_stmt(p, s->items[i], depth + 1, b);
    buf_indent(b, depth);
    buf_puts(b, "}\n");
    return;
  case ST_IF:
    buf_puts(b, "if (");
    print_expr(p, s->e, b);
    buf_puts(b, ")");
    print_body(p, s->then, depth, b);
    if (s->els) {
      if (s->then->kind == ST_BLOCK) {
        b->len--; /* "}\n" → "} else" */
        buf_puts(b, " else");
      } else {
        buf_indent(b, depth);
        buf_puts(b, "else");
      }
      if (s->els->kind == ST_IF) {
        buf_puts(b, " ");
        stmt_body(p, s->els, depth, b);
      } else {
        print_body(p, s->els, depth, b);
      }
    }
    return;
  case ST_FOR:
    if (s->loop && s->loop->seq) { /* OpenMP's block of loops, as written */
      stmt_body(p, s->loop->body, depth, b);
      return;
    }
    if (s->loop && s->loop->ttile && !s->loop->ttile->time->declared && !p->opencl) {
      /* ttile's sweep of a time index declared outside: after it, the index
       * holds the value the loop as written leaves, also where it ran no
       * step (the inner loop never assigned it) */
      Loop *l = s->loop;
      buf_puts(b, "{\n");
      buf_indent(b, depth + 1);
      print_loop_header(p, l, b);
      print_body(p, l->body, depth + 1, b);
      buf_indent(b, depth + 1);
      print_sweep_last(p, l, b);
      buf_indent(b, depth);
      buf_puts(b, "}\n");
      return;
    }
    if (s->loop) {
      print_loop_header(p, s->loop, b);
    } else {
      buf_puts(b, "for (");
      if (s->init_s && s->init_s->kind == ST_DECL) {
        print_decl(p, s->init_s->var, b);
        buf_puts(b, " = ");
        print_expr(p, s->init_s->init, b);
      } else if (s->init_s && s->init_s->e) {
        print_expr(p, s->init_s->e, b);
      }
      buf_puts(b, "; ");
      if (s->e)
        print_expr(p, s->e, b);
      buf_puts(b, "; ");
      if (s->inc)
        print_expr(p, s->inc, b);
      buf_puts(b, ")");
    }
    print_body(p, s->loop ? s->loop->body : s->body, depth, b);
    return;
  case ST_WHILE:
    buf_puts(b, "while (");
    print_expr(p, s->e, b);
    buf_puts(b, ")");
    print_body(p, s->body, depth, b);
    return;
  case ST_DO:
    buf_puts(b, "do");
    print_body(p, s->body, depth, b);
    buf_indent(b, depth);
    buf_puts(b, "while (");
    print_expr(p, s->e, b);
    buf_puts(b, ");\n");
    return;
  case ST_BREAK:
    buf_puts(b, "break;\n");
    return;
  case ST_CONTINUE:
    buf_puts(b, "continue;\n");
    return;
  case ST_EMPTY:
    buf_puts(b, ";\n");
    return;
  case ST_RETURN:
    buf_puts(b, "return");
    if (s->e) {
      buf_puts(b, " ");
      print_expr(p, s->e, b);
    }
    buf_puts(b, ";\n");
    return;
  }
}

char *print_sweep_last_text(Loop *sweep) {
  Printer p = {0};
  Buf b = {0};
  print_sweep_last(&p, sweep, &b);
  return b.s;
}

char *print_expr_text(Expr *e) {
  Printer p = {0};
  Buf b = {0};
  print_expr(&p, e, &b);
  return b.s;
}

static void host_path(Printer *p, Expr *e, Buf *b) {
  (void)p;
  print_path_name(e, b);
}

char *print_host_text(Expr *e) {
  Printer p = {.opencl = false, .on_path = host_path};
  Buf b = {0};
  print_expr(&p, e, &b);
  return b.s ? b.s : xstrdup("");
}

const char *print_cl_name(const char *name) {
  static const char *reserved[] = {
      "global",     "local",     "constant",  "private",   "kernel",     "read_only", "write_only",
      "read_write", "half",      "uchar",     "ushort",    "uint",       "ulong",     "bool",
      "vector",     "image1d_t", "image2d_t", "image3d_t", "sampler_t",  "event_t",   "complex",
      "imaginary",  "quad",      "__global",  "__local",   "__constant", "__private", "__kernel"};
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (!strcmp(name, reserved[i]))
      return xformat("%s_", name);
  return name;
}

void print_path_name(Expr *e, Buf *b) {
  if (e->kind == EX_VAR) {
    buf_puts(b, print_cl_name(e->var->name));
    return;
  }
  print_path_name(e->a, b);
  buf_printf(b, "_%s", e->text);
}
