/* opencl.c — prints the OpenCL C program of an input file.
 * Receives the kernels that `work` produced; hands on one program text: the
 * functions the kernels call, then one __kernel per nest.  Arrays become
 * flattened __global buffers with their row lengths as arguments; mapped
 * loop indices are computed from get_global_id, with a guard for the
 * surplus work-items of the last work-group. */
#include "analysis/analysis.h"
#include "emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct KCtx {
  Kernel *k;
  bool global_only; /* print cached arrays' global subscripts (the loads) */
} KCtx;

static void cl_path(Printer *p, Expr *e, Buf *b) {
  (void)p;
  print_path_name(e, b);
}

static Buffer *buffer_of(Kernel *k, Expr *path) {
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *b = k->buffers.items[i];
    if (ir_expr_equal(b->path, path))
      return b;
  }
  return NULL;
}

/* a[i][j] → a[(i) * a_d1 + (j)] */
static bool cl_index(Printer *p, Expr *e, Buf *b) {
  KCtx *kc = p->ctx;
  if (!kc)
    return false;
  for (int i = 0; i < kc->k->reductions.len; i++) {
    Reduction *r = kc->k->reductions.items[i];
    if (r->elem && ir_expr_equal(r->path, e)) {
      buf_puts(b, r->name); /* this work-item's share of the element */
      return true;
    }
  }
  int n = 0; /* every subscript, however many (arrays of any rank) */
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  Buffer *buf = ir_path_root(base) ? buffer_of(kc->k, base) : NULL;
  if (!buf)
    return false;
  Expr **subs = xcalloc((size_t)n, sizeof(Expr *));
  n = 0;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    subs[n++] = x->b;
  Cache *cache = cache_of(kc->k, buf);
  if (cache && !kc->global_only) {
    /* the staged block: coordinates relative to the block's first element */
    buf_printf(b, "nu_tile_%s[", buf->name);
    for (int i = 0; i < n - 1; i++)
      buf_puts(b, "(");
    for (int i = n - 1; i >= 0; i--) {
      int d = n - 1 - i;
      buf_puts(b, "(");
      print_expr(p, subs[i], b);
      buf_printf(b, " - nu_o%d_%s)", d, buf->name);
      if (i > 0)
        buf_printf(b, ") * nu_w%d_%s + ", d + 1, buf->name);
    }
    buf_puts(b, "]");
    xfree(subs);
    return true;
  }
  /* Horner form, outermost subscript first: (s2 * a_d1 + s1) * a_d2 + s0 */
  buf_printf(b, "%s[", buf->name);
  Buf flat = {0};
  for (int i = n - 1; i >= 0; i--) {
    Expr *s = subs[i];
    bool simple = s->kind == EX_VAR || s->kind == EX_INT || s->kind == EX_MEMBER ||
                  s->kind == EX_INDEX || s->kind == EX_CALL;
    bool additive =
        simple || (s->kind == EX_BINARY && (s->op == OP_ADD || s->op == OP_SUB || s->op == OP_MUL ||
                                            s->op == OP_DIV || s->op == OP_MOD));
    Buf sub = {0};
    if (!additive)
      buf_puts(&sub, "(");
    print_expr(p, s, &sub);
    if (!additive)
      buf_puts(&sub, ")");
    if (i == n - 1) {
      if (n > 1 && !simple && additive)
        buf_printf(&flat, "(%s)", sub.s);
      else
        buf_puts(&flat, sub.s);
    } else {
      char *prev = flat.s;
      flat = (Buf){0};
      buf_printf(&flat, i == n - 2 ? "%s * %s_d%d + %s" : "(%s) * %s_d%d + %s", prev, buf->name,
                 n - 1 - i, sub.s);
      xfree(prev);
    }
    xfree(sub.s);
  }
  buf_puts(b, flat.s);
  xfree(flat.s);
  buf_puts(b, "]");
  xfree(subs);
  return true;
}

/* A helper's parameter type: a pointer gets the address space its
 * arguments have (freevars.c), a buffer's element __global. */
typedef struct Through {
  Var *v;
  bool written;
} Through;

static void find_store(Expr *e, void *d) {
  Through *t = d;
  if (!((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)))
    return;
  Expr *l = e->a;
  if ((l->kind == EX_INDEX || (l->kind == EX_UNARY && l->op == OP_DEREF)) && l->a->kind == EX_VAR &&
      l->a->var == t->v)
    t->written = true;
}

/* A helper's parameter type: a pointer gets the address space its
 * arguments have (freevars.c), a buffer's element __global, and `const`
 * when the helper only reads through it (a buffer the kernel only reads
 * is `__global const`). */
static void print_param_type(Func *f, Var *v, Buf *b) {
  if (v->type->kind != TY_PTR) {
    buf_puts(b, type_cl_name(v->type));
    return;
  }
  Through t = {v, false};
  ir_walk_stmt(f->body, find_store, &t);
  buf_printf(b, "%s%s%s *", v->space == 'g' ? "__global " : "", t.written ? "" : "const ",
             type_cl_name(v->type->base));
}

static void print_func(Func *f, Buf *b) {
  Printer p = {.opencl = true, .on_path = cl_path};
  buf_printf(b, "%s nu_%s(", type_cl_name(f->ret), f->name);
  for (int i = 0; i < f->nparams; i++) {
    buf_puts(b, i ? ", " : "");
    print_param_type(f, f->params[i], b);
    buf_printf(b, "%s%s", f->params[i]->type->kind == TY_PTR ? "" : " ",
               print_cl_name(f->params[i]->name));
  }
  if (!f->nparams)
    buf_puts(b, "void");
  buf_puts(b, ")\n");
  print_stmt(&p, f->body, 0, b);
  buf_puts(b, "\n");
}

/* The type reductions keep in __local and __global memory (no bool there). */
const char *emit_red_type(const Reduction *r) {
  return r->type->kind == TY_BOOL ? "int" : type_cl_name(r->type);
}

static const char *red_identity(const Reduction *r) {
  bool fp = r->type->kind == TY_FLOAT || r->type->kind == TY_DOUBLE;
  static const char *mins[] = {
      [TY_BOOL] = "0",         [TY_CHAR] = "CHAR_MIN", [TY_UCHAR] = "0",
      [TY_SHORT] = "SHRT_MIN", [TY_USHORT] = "0",      [TY_INT] = "INT_MIN",
      [TY_UINT] = "0",         [TY_LONG] = "LONG_MIN", [TY_ULONG] = "0"};
  static const char *maxs[] = {
      [TY_BOOL] = "1",         [TY_CHAR] = "CHAR_MAX",    [TY_UCHAR] = "UCHAR_MAX",
      [TY_SHORT] = "SHRT_MAX", [TY_USHORT] = "USHRT_MAX", [TY_INT] = "INT_MAX",
      [TY_UINT] = "UINT_MAX",  [TY_LONG] = "LONG_MAX",    [TY_ULONG] = "ULONG_MAX"};
  switch (r->op) {
  case RED_PROD:
  case RED_LAND:
    return "1";
  case RED_AND:
    return "~0";
  case RED_MIN:
    return fp ? "INFINITY" : maxs[r->type->kind];
  case RED_MAX:
    return fp ? "-INFINITY" : mins[r->type->kind];
  default:
    return "0";
  }
}

/* a OP b for the reduction's operator, in OpenCL C (fp: fmin) or C. */
char *emit_red_combine(const Reduction *r, const char *a, const char *b, bool opencl) {
  bool fp = r->type->kind == TY_FLOAT || r->type->kind == TY_DOUBLE;
  static const char *ops[] = {[RED_SUM] = "+", [RED_PROD] = "*",  [RED_AND] = "&", [RED_OR] = "|",
                              [RED_XOR] = "^", [RED_LAND] = "&&", [RED_LOR] = "||"};
  if (r->op == RED_MIN || r->op == RED_MAX) {
    if (opencl)
      return xformat("%s%s(%s, %s)", fp ? "f" : "", r->op == RED_MIN ? "min" : "max", a, b);
    return xformat("(%s %s %s ? %s : %s)", b, r->op == RED_MIN ? "<" : ">", a, b, a);
  }
  return xformat("%s %s %s", a, ops[r->op], b);
}

static void print_body(Printer *p, Stmt *body, int depth, Buf *b) {
  if (body->kind == ST_BLOCK) {
    for (int i = 0; i < body->nitems; i++)
      print_stmt(p, body->items[i], depth, b);
  } else {
    print_stmt(p, body, depth, b);
  }
}

/* The type a private's last value travels in (no bool in buffers). */
const char *emit_last_type(const Var *v, bool opencl) {
  if (v->type->kind == TY_BOOL)
    return "int";
  return opencl ? type_cl_name(v->type) : type_c_name(v->type);
}

/* One iteration of the mapped loops: `continue` ends it; then the work-item
 * that runs the sequentially last iteration keeps the temporaries' values
 * for the host (SPEC §4). */
static void print_iteration(Printer *p, Kernel *k, int depth, Buf *b) {
  KernelInfo *ki = k->info;
  buf_indent(b, depth);
  buf_puts(b, "do { /* `continue` ends this iteration */\n");
  print_body(p, k->body, depth + 1, b);
  buf_indent(b, depth);
  buf_puts(b, "} while (0);\n");
  if (!ki->copyouts.len)
    return;
  buf_indent(b, depth);
  buf_puts(b, "if (");
  for (int m = 0; m < k->dims; m++)
    buf_printf(b, "%snu_g%d == nu_n%d - 1", m ? " && " : "", m, m);
  buf_puts(b, ") { /* the last iteration */\n");
  for (int i = 0; i < ki->copyouts.len; i++) {
    Var *v = ki->copyouts.items[i];
    buf_indent(b, depth + 1);
    buf_printf(b, "nu_last_%s[0] = (%s)%s;\n", v->name, emit_last_type(v, true),
               print_cl_name(v->name));
  }
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

static void print_indices(Kernel *k, int depth, Buf *b) {
  for (int m = 0; m < k->dims; m++) {
    Loop *l = k->mapped[m];
    const char *t = type_cl_name(l->var->type);
    buf_indent(b, depth);
    buf_printf(b, "%s %s = (%s)(nu_lb%d + nu_g%d * nu_st%d);\n", t, print_cl_name(l->var->name), t,
               m, m, m);
  }
}

/* Stages the block of an array that the work-group reads (with its halo)
 * in __local memory: each work-item loads every lsize-th element; elements
 * no in-range work-item reads are skipped. */
static void print_cache_load(Kernel *k, Cache *c, Buf *b) {
  const char *a = c->buf->name;
  buf_printf(b, "  /* cache(%s): this work-group's block of %s with its halo */\n", a, a);
  for (int d = 0; d < c->rank; d++) {
    int m = c->mapped[d], dim = k->dims - 1 - m;
    buf_printf(b,
               "  long nu_o%d_%s = nu_lb%d + (long)(get_group_id(%d) * get_local_size(%d)) + "
               "(%lld);\n"
               "  int nu_w%d_%s = (int)get_local_size(%d) + %lld;\n",
               d, a, m, dim, dim, c->lo[d], d, a, dim, c->hi[d] - c->lo[d]);
  }
  /* one loop per dimension, each work-item striding by the work-group's
   * extent in the NDRange dimension that dimension follows: no division */
  for (int d = 0; d < c->rank; d++) {
    int m = c->mapped[d], dim = k->dims - 1 - m;
    buf_indent(b, d + 1);
    buf_printf(b,
               "for (int nu_c%d = (int)get_local_id(%d); nu_c%d < nu_w%d_%s; nu_c%d += "
               "(int)get_local_size(%d)) {\n",
               d, dim, d, d, a, d, dim);
    buf_indent(b, d + 2);
    buf_printf(b, "long nu_x%d = nu_o%d_%s + nu_c%d;\n", d, d, a, d);
  }
  buf_indent(b, c->rank + 1);
  buf_puts(b, "if (");
  for (int d = 0; d < c->rank; d++) {
    int m = c->mapped[d];
    buf_printf(b, "%snu_x%d >= nu_lb%d + (%lld) && nu_x%d <= nu_lb%d + nu_n%d - 1 + (%lld)",
               d ? " && " : "", d, m, c->lo[d], d, m, m, c->hi[d]);
  }
  buf_puts(b, ")\n");
  buf_indent(b, c->rank + 2);
  buf_printf(b, "nu_tile_%s[", a);
  for (int d = 0; d < c->rank - 1; d++)
    buf_puts(b, "(");
  for (int d = 0; d < c->rank; d++) {
    buf_printf(b, "nu_c%d", d);
    if (d < c->rank - 1)
      buf_printf(b, ") * nu_w%d_%s + ", d + 1, a);
  }
  buf_printf(b, "] = %s[", a);
  for (int d = 0; d < c->rank - 1; d++)
    buf_puts(b, "(");
  for (int d = 0; d < c->rank; d++) {
    buf_printf(b, "nu_x%d", d);
    if (d < c->rank - 1)
      buf_printf(b, ") * %s_d%d + ", a, d + 1);
  }
  buf_puts(b, "];\n");
  for (int d = c->rank - 1; d >= 0; d--) {
    buf_indent(b, d + 1);
    buf_puts(b, "}\n");
  }
}

/* Work-group tree over __local memory with sequential addressing (no bank
 * conflicts, no modulo tests), any work-group size; one partial per group. */
static void print_group_reduction(Reduction *r, Buf *b) {
  char *combine = emit_red_combine(r, xformat("nu_red_%s[nu_lid]", r->name),
                                   xformat("nu_red_%s[nu_lid + nu_h]", r->name), true);
  buf_printf(b,
             "  nu_red_%s[nu_lid] = %s;\n"
             "  barrier(CLK_LOCAL_MEM_FENCE);\n"
             "  for (size_t nu_s = nu_lsize; nu_s > 1;) {\n"
             "    size_t nu_h = (nu_s + 1) / 2;\n"
             "    if (nu_lid < nu_s - nu_h)\n"
             "      nu_red_%s[nu_lid] = %s;\n"
             "    barrier(CLK_LOCAL_MEM_FENCE);\n"
             "    nu_s = nu_h;\n"
             "  }\n"
             "  if (nu_lid == 0)\n"
             "    nu_part_%s[get_group_id(0) + get_num_groups(0) * (get_group_id(1) + "
             "get_num_groups(1) * get_group_id(2))] = nu_red_%s[0];\n",
             r->name, r->name, r->name, combine, r->name, r->name);
}

static void print_kernel(Kernel *k, Buf *b) {
  KernelInfo *ki = k->info;
  KCtx kc = {k, false};
  Printer p = {.opencl = true, .on_path = cl_path, .on_index = cl_index, .ctx = &kc};
  Loop *l0 = k->mapped[0];
  bool red = k->reductions.len > 0;
  buf_printf(b, "/* %s: the loop nest at line %d */\n", k->name, l0->loc.line);
  buf_printf(b, "__kernel void %s(", k->name);
  const char *sep = "";
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *bf = k->buffers.items[i];
    buf_printf(b, "%s__global %s%s *%s, long %s_off", sep, bf->write ? "" : "const ",
               type_cl_name(bf->elem), bf->name, bf->name);
    for (int d = 1; d < bf->rank; d++)
      buf_printf(b, ", long %s_d%d", bf->name, d);
    sep = ",\n    ";
  }
  for (int i = 0; i < k->scalars.len; i++) {
    Scalar *s = k->scalars.items[i];
    buf_printf(b, "%s%s %s", sep, s->type->kind == TY_BOOL ? "uchar" : type_cl_name(s->type),
               s->name);
    sep = ",\n    ";
  }
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    const char *t = emit_red_type(r);
    buf_printf(b, "%s__local %s *nu_red_%s, __global %s *nu_part_%s, long nu_part_%s_off", sep, t,
               r->name, t, r->name, r->name);
    sep = ",\n    ";
  }
  for (int i = 0; i < ki->copyouts.len; i++) {
    Var *v = ki->copyouts.items[i];
    buf_printf(b, "%s__global %s *nu_last_%s, long nu_last_%s_off", sep, emit_last_type(v, true),
               v->name, v->name);
    sep = ",\n    ";
  }
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    buf_printf(b, "%s__local %s *nu_tile_%s", sep, type_cl_name(c->buf->elem), c->buf->name);
    sep = ",\n    ";
  }
  for (int m = 0; m < k->dims; m++) {
    buf_printf(b, "%slong nu_lb%d, long nu_st%d, long nu_n%d", sep, m, m, m);
    sep = ",\n    ";
  }
  buf_puts(b, ")\n{\n");
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *bf = k->buffers.items[i];
    const char *q = bf->write ? "" : "const ";
    buf_printf(b, "  %s = (__global %s%s *)((__global %schar *)%s + %s_off);\n", bf->name, q,
               type_cl_name(bf->elem), q, bf->name, bf->name);
  }
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    buf_printf(b, "  nu_part_%s = (__global %s *)((__global char *)nu_part_%s + nu_part_%s_off);\n",
               r->name, emit_red_type(r), r->name, r->name);
    buf_printf(b, "  %s %s = %s; /* this work-item's %s */\n", type_cl_name(r->type), r->name,
               red_identity(r), red_op_name(r->op));
  }
  for (int i = 0; i < ki->copyouts.len; i++) {
    Var *v = ki->copyouts.items[i];
    const char *t = emit_last_type(v, true);
    buf_printf(b, "  nu_last_%s = (__global %s *)((__global char *)nu_last_%s + nu_last_%s_off);\n",
               v->name, t, v->name, v->name);
  }
  for (int i = 0; i < ki->privates.len; i++) {
    Var *v = ki->privates.items[i];
    bool mapped = false;
    for (int m = 0; m < k->dims; m++)
      mapped |= k->mapped[m]->var == v;
    if (mapped)
      continue;
    if (private_is_first(k, v)) /* firstprivate: the copy starts from the host's value */
      buf_printf(b, "  %s %s = nu_first_%s;\n", type_cl_name(v->type), print_cl_name(v->name),
                 v->name);
    else
      buf_printf(b, "  %s %s;\n", type_cl_name(v->type), print_cl_name(v->name));
  }
  bool cached = k->caches.len > 0;
  if (red && k->dims == 1 && !cached) {
    /* grid-stride: each work-item accumulates several iterations in a
     * register before the work-group combines */
    buf_puts(b, "  for (long nu_g0 = get_global_id(0); nu_g0 < nu_n0; nu_g0 += get_global_size(0)) "
                "{\n");
    print_indices(k, 2, b);
    if (ki->copyouts.len)
      print_iteration(&p, k, 2, b);
    else
      print_body(&p, k->body, 2, b);
    buf_puts(b, "  }\n");
  } else {
    /* NDRange dimension 0 is the innermost mapped loop */
    for (int m = 0; m < k->dims; m++)
      buf_printf(b, "  long nu_g%d = get_global_id(%d);\n", m, k->dims - 1 - m);
    for (int i = 0; i < k->caches.len; i++)
      print_cache_load(k, k->caches.items[i], b);
    if (cached)
      buf_puts(b, "  barrier(CLK_LOCAL_MEM_FENCE);\n");
    if (red && !cached) {
      /* the outermost mapped loop strides over the groups the host capped,
       * so a few thousand partials come back, not one per 256 points */
      buf_printf(b, "  for (; nu_g0 < nu_n0; nu_g0 += get_global_size(%d)) {\n", k->dims - 1);
      buf_puts(b, "    if (");
      for (int m = 1; m < k->dims; m++)
        buf_printf(b, "%snu_g%d < nu_n%d", m > 1 ? " && " : "", m, m);
      buf_puts(b, ") {\n");
      print_indices(k, 3, b);
      print_iteration(&p, k, 3, b);
      buf_puts(b, "    }\n  }\n");
    } else if (red || cached) {
      /* every work-item must reach the barriers: no early return */
      buf_puts(b, "  if (");
      for (int m = 0; m < k->dims; m++)
        buf_printf(b, "%snu_g%d < nu_n%d", m ? " && " : "", m, m);
      buf_puts(b, ") {\n");
      print_indices(k, 2, b);
      print_iteration(&p, k, 2, b);
      buf_puts(b, "  }\n");
    } else {
      buf_puts(b, "  if (");
      for (int m = 0; m < k->dims; m++)
        buf_printf(b, "%snu_g%d >= nu_n%d", m ? " || " : "", m, m);
      buf_puts(b, ")\n    return;\n");
      print_indices(k, 1, b);
      if (ki->copyouts.len || ki->has_continue)
        print_iteration(&p, k, 1, b);
      else
        print_body(&p, k->body, 1, b);
    }
  }
  if (red) {
    buf_puts(b, "  size_t nu_lid = get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
                "get_local_size(1) * get_local_id(2));\n"
                "  size_t nu_lsize = get_local_size(0) * get_local_size(1) * "
                "get_local_size(2);\n");
    for (int i = 0; i < k->reductions.len; i++)
      print_group_reduction(k->reductions.items[i], b);
  }
  buf_puts(b, "}\n");
}

/* Functions in call order: a callee before its callers. */
static void order_funcs(Func *f, Vec *out) {
  for (int i = 0; i < out->len; i++)
    if (out->items[i] == f)
      return;
  vec_push(out, f);
}

char *emit_opencl_program(Vec *kernels, bool *uses_fp64) {
  Buf b = {0};
  Vec funcs = {0};
  *uses_fp64 = false;
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    *uses_fp64 |= k->uses_fp64;
    for (int j = 0; j < k->funcs.len; j++)
      order_funcs(k->funcs.items[j], &funcs);
  }
  buf_puts(&b, "/* Generated by nucc. */\n");
  if (*uses_fp64)
    buf_puts(&b, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
  buf_puts(&b, "\n");
  /* prototypes first: functions may call each other in any order */
  for (int i = 0; i < funcs.len; i++) {
    Func *f = funcs.items[i];
    buf_printf(&b, "%s nu_%s(", type_cl_name(f->ret), f->name);
    for (int j = 0; j < f->nparams; j++) {
      buf_puts(&b, j ? ", " : "");
      print_param_type(f, f->params[j], &b);
    }
    buf_puts(&b, f->nparams ? ");\n" : "void);\n");
  }
  if (funcs.len)
    buf_puts(&b, "\n");
  for (int i = 0; i < funcs.len; i++)
    print_func(funcs.items[i], &b);
  for (int i = 0; i < kernels->len; i++) {
    print_kernel(kernels->items[i], &b);
    if (i + 1 < kernels->len)
      buf_puts(&b, "\n");
  }
  xfree(funcs.items);
  return b.s;
}
