/* opencl.c — prints the OpenCL C program of an input file.
 * Receives the kernels that `work` produced; hands on one program text: the
 * functions the kernels call, then one __kernel per nest.  Arrays become
 * flattened __global buffers with their row lengths as arguments; mapped
 * loop indices are computed from get_global_id, with a guard for the
 * surplus work-items of the last work-group (one mapped loop: a grid-stride
 * loop, so the host may launch fewer work-items than iterations). */
#include "analysis.h"
#include "emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct KCtx {
  Kernel *k;
  bool global_only; /* print cached arrays' global subscripts (the loads) */
  bool element;     /* print a reduction's element as the array's, not the share */
} KCtx;

static void print_member_chain(Expr *e, Buf *b) {
  if (e->kind != EX_MEMBER) {
    buf_puts(b, print_cl_name(e->var->name));
    return;
  }
  print_member_chain(e->a, b);
  buf_printf(b, "%s%s", e->arrow ? "->" : ".", print_cl_name(e->text));
}

/* A path from outside is a parameter of its own (m->rows is m_rows); a
 * member of a struct the kernel or the helper holds (a local, a helper's
 * parameter) is a member there. */
static void cl_path(Printer *p, Expr *e, Buf *b) {
  KCtx *kc = p->ctx;
  Expr *root = e->kind == EX_MEMBER ? ir_path_root(e) : NULL;
  if (root && (kc ? kernelinfo_is_local(kc->k->info, root->var)
                  : !root->var->global && !root->var->flat_root)) {
    print_member_chain(e, b);
    return;
  }
  print_path_name(e, b);
}

/* The elements of dimension d read as one vector: c->vec in the innermost
 * dimension of a block read as vectors, else 1. */
static long long tile_lanes(const Cache *c, int d) {
  return d == c->rank - 1 && c->vec > 1 ? c->vec : 1;
}

/* Where an interleaved block of whole steps (Cache.slots) keeps the element at block
 * coordinate `x` (an expression): copy r of work-item l of the group's g
 * along d at ((r / V) * g + l) * V + r % V, V the lanes of a vector read.
 * The group's work-items read each copy's elements (or vectors of copies)
 * side by side: l * step + r put them a step apart, V-fold bank conflicts
 * in __local memory for steps of V or more (bench/results/gemm-layout-h100.txt). */
static void print_step_slot(const Cache *c, int d, const char *x, Buf *b) {
  long long st = c->step[d], v = tile_lanes(c, d);
  const char *a = c->buf->name;
  if (v > 1)
    buf_printf(b, "((((%s) %% %lld) / %lld * nu_g%d_%s + (%s) / %lld) * %lld + (%s) %% %lld)", x,
               st, v, d, a, x, st, v, x, v);
  else
    buf_printf(b, "(((%s) %% %lld) * nu_g%d_%s + (%s) / %lld)", x, st, d, a, x, st);
}

/* The elements between the block's consecutive coordinates of dimension
 * d - 1: dimension d's extent, and its spare vectors (Cache.slot_pad). */
static void print_pitch(const Cache *c, int d, Buf *b) {
  if (c->slot_pad[d])
    buf_printf(b, "(nu_g%d_%s * %lld)", d, c->buf->name, c->step[d]);
  else
    buf_printf(b, "nu_w%d_%s", d, c->buf->name);
}

/* Dimension d's coordinate in the block: relative to its origin, or for
 * whole steps copy r of work-item l: at l * step + r, or interleaved where
 * print_step_slot keeps it. */
static void print_tile_coord(Cache *c, Expr *sub, int d, Printer *p, Buf *b) {
  Var *v;
  long long off;
  const char *a = c->buf->name;
  if (c->slots[d] && cache_var_offset(sub, &v, &off)) {
    long long lanes = tile_lanes(c, d);
    buf_printf(b, "((%lld * nu_g%d_%s + nu_l%d_%s) * %lld + %lld)", off / lanes, d, a, d, a, lanes,
               off % lanes);
    return;
  }
  if (c->steps[d] && cache_var_offset(sub, &v, &off)) {
    buf_printf(b, "(nu_l%d_%s * %lld + %lld)", d, a, c->step[d], off);
    return;
  }
  Buf x = {0};
  print_expr(p, sub, &x);
  buf_printf(&x, " - nu_o%d_%s", d, a);
  if (c->slots[d])
    print_step_slot(c, d, x.s, b);
  else
    buf_printf(b, "(%s)", x.s);
  xfree(x.s);
}

/* An element of a staged block, subs[i] the subscript of dimension
 * n - 1 - i; the copies of a vector-read dimension as components of one
 * aligned vector load, which the OpenCL compiler loads once for all. */
static void print_tile_access(Cache *c, Expr **subs, int n, Buf *b, Printer *p) {
  const char *a = c->buf->name;
  Var *v;
  long long off;
  bool vec = c->vec > 1 && cache_var_offset(subs[0], &v, &off);
  if (vec)
    buf_printf(b, "(((__local %s%d *)(nu_tile_%s + (", type_cl_name(c->buf->elem), c->vec, a);
  else
    buf_printf(b, "nu_tile_%s[", a);
  int last = vec ? n - 1 : n; /* the dimensions printed as an offset */
  for (int d = 0; d < last - 1; d++)
    buf_puts(b, "(");
  for (int d = 0; d < last; d++) {
    print_tile_coord(c, subs[n - 1 - d], d, p, b);
    if (d < last - 1) {
      buf_puts(b, ") * ");
      print_pitch(c, d + 1, b);
      buf_puts(b, " + ");
    }
  }
  if (!vec) {
    buf_puts(b, "]");
    return;
  }
  if (last > 0) {
    buf_puts(b, ") * ");
    print_pitch(c, n - 1, b);
  } else
    buf_puts(b, "0)");
  if (c->slots[n - 1])
    buf_printf(b, "))[%lld * nu_g%d_%s + nu_l%d_%s].s%lld)", off / c->vec, n - 1, a, n - 1, a,
               off % c->vec);
  else
    buf_printf(b, "))[nu_l%d_%s * %lld + %lld].s%lld)", n - 1, a, c->step[n - 1] / c->vec,
               off / c->vec, off % c->vec);
}

/* A table of rows through its offsets (nurt_arg_rows): w[i][j] is
 * w[w_rows[i] + j], u[i][j][k] is u[u_rows[u_rows[i] + j] + k]; subs is
 * innermost first, as cl_index collects them. */
static void print_rows_index(Printer *p, const char *name, Expr **subs, int n, Buf *b) {
  Buf at = {0};
  for (int i = n - 1; i >= 0; i--) {
    Buf sub = {0};
    print_expr(p, subs[i], &sub);
    if (i == n - 1) {
      buf_printf(&at, "%s_rows[%s]", name, sub.s);
    } else {
      char *prev = at.s;
      at = (Buf){0};
      if (i)
        buf_printf(&at, "%s_rows[%s + (%s)]", name, prev, sub.s);
      else
        buf_printf(&at, "%s[%s + (%s)]", name, prev, sub.s);
      xfree(prev);
    }
    xfree(sub.s);
  }
  buf_puts(b, at.s);
  xfree(at.s);
}

/* A table of rows a helper's copy names (structarg.c): the kernel handed
 * it its numbers and offsets under the table's name. */
static bool cl_helper_index(Printer *p, Expr *e, Buf *b) {
  int n = 0;
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  int levels = base->kind == EX_VAR ? type_row_levels(base->var->type) : 0;
  if (!levels || levels + 1 != n || !(base->var->global || base->var->flat_root))
    return false;
  Expr **subs = xcalloc((size_t)n, sizeof(Expr *));
  n = 0;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    subs[n++] = x->b;
  print_rows_index(p, print_cl_name(base->var->name), subs, n, b);
  xfree(subs);
  return true;
}

/* The scalars (structs) of an array type: 1 for an element. */
static long long elem_count(const Type *t) {
  long long n = 1;
  for (; t && t->kind == TY_ARRAY; t = t->base)
    n *= t->len;
  return n;
}

/* r[i][j] of a private array interleaved in scratch: r[(i * N + j) * nu_pvn] */
static bool interleaved_index(Printer *p, Expr *e, Buf *b) {
  int n = 0;
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  if (base->kind != EX_VAR || !base->var->interleaved)
    return false;
  Expr **subs = xcalloc((size_t)n, sizeof(Expr *)); /* outer → inner */
  int i = n;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    subs[--i] = x->b;
  Type *t = base->var->type;
  buf_printf(b, "%s[%s", print_cl_name(base->var->name), n > 1 ? "(" : "");
  for (i = 0; i < n; i++, t = t->base) {
    buf_puts(b, "(");
    print_expr(p, subs[i], b);
    buf_puts(b, ")");
    if (i + 1 < n)
      buf_printf(b, " * %lld + ", elem_count(t->base));
  }
  buf_printf(b, "%s * nu_pvn]", n > 1 ? ")" : "");
  xfree(subs);
  return true;
}

/* a[i][j] → a[(i) * a_d1 + (j)] */
static bool cl_index(Printer *p, Expr *e, Buf *b) {
  KCtx *kc = p->ctx;
  if (!kc)
    return false;
  if (interleaved_index(p, e, b))
    return true;
  for (int i = 0; i < kc->k->reductions.len && !kc->element; i++) {
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
  Buffer *buf = ir_path_root(base) ? kernel_buffer(kc->k, base) : NULL;
  if (!buf)
    return false;
  Expr **subs = xcalloc((size_t)n, sizeof(Expr *));
  n = 0;
  for (Expr *x = e; x->kind == EX_INDEX; x = x->a)
    subs[n++] = x->b;
  Cache *cache = cache_of(kc->k, buf);
  if (cache && !kc->global_only) {
    /* the staged block: coordinates relative to the block's first element */
    print_tile_access(cache, subs, n, b, p);
    xfree(subs);
    return true;
  }
  if (buf->rows) {
    print_rows_index(p, buf->name, subs, n, b);
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
  int depth; /* helpers handing it on (nucc refuses recursion; a bound all the same) */
} Through;

static void find_store(Expr *e, void *d) {
  Through *t = d;
  /* handed on whole to a helper that writes through it: no `const` here,
   * or the call would discard it (cfftz hands its rows to fftz2) */
  for (int i = 0; e->kind == EX_CALL && e->callee && i < e->nargs && i < e->callee->nparams &&
                  !t->written && t->depth < 16;
       i++) {
    Expr *a = e->args[i];
    while (a->kind == EX_CAST)
      a = a->a;
    if (a->kind != EX_VAR || a->var != t->v || e->callee->params[i]->type->kind != TY_PTR)
      continue;
    Through sub = {e->callee->params[i], false, t->depth + 1};
    ir_walk_stmt(e->callee->body, find_store, &sub);
    t->written |= sub.written;
  }
  if (!((e->kind == EX_BINARY || e->kind == EX_UNARY) && op_is_assign(e->op)))
    return;
  Expr *l = e->a;
  /* a member of an element written (p[k].x = ..., p->x = ...) */
  while (l->kind == EX_MEMBER && !l->arrow)
    l = l->a;
  if (l->kind == EX_MEMBER && l->a->kind == EX_VAR && l->a->var == t->v)
    t->written = true;
  if (l->kind == EX_INDEX) /* p[j][i] of rows */
    while (l->a->kind == EX_INDEX)
      l = l->a;
  if ((l->kind == EX_INDEX || (l->kind == EX_UNARY && l->op == OP_DEREF)) && l->a->kind == EX_VAR &&
      l->a->var == t->v)
    t->written = true;
}

/* A helper's parameter type: a pointer gets the address space its
 * arguments have (freevars.c), a buffer's element __global, and `const`
 * when the helper only reads through it (a buffer the kernel only reads
 * is `__global const`). */
static void print_param_type(Func *f, Var *v, bool named, Buf *b) {
  const char *name = named ? print_cl_name(v->name) : "";
  if (v->type->kind != TY_PTR) {
    buf_printf(b, "%s%s%s", type_cl_name(v->type), named ? " " : "", name);
    return;
  }
  Through t = {v, false, 0};
  ir_walk_stmt(f->body, find_store, &t);
  Type *elem = v->type->base;
  Buf rows = {0};
  for (; elem->kind == TY_ARRAY; elem = elem->base)
    buf_printf(&rows, "[%lld]", elem->len);
  /* rows are never const: C converts T (*)[N] to const T (*)[N] only
   * with a cast (C23 aside) */
  buf_printf(b, "%s%s%s %s%s%s%s", v->space == 'g' ? "__global " : "",
             t.written || rows.s ? "" : "const ", type_cl_name(elem), rows.s ? "(*" : "*", name,
             rows.s ? ")" : "", rows.s ? rows.s : "");
  xfree(rows.s);
}

static void print_func(Func *f, Buf *b) {
  Printer p = {.opencl = true, .on_path = cl_path, .on_index = cl_helper_index};
  buf_printf(b, "%s nu_%s(", type_cl_name(f->ret), f->name);
  int n = 0; /* a flattened struct is no parameter: its members are globals */
  for (int i = 0; i < f->nparams; i++) {
    if (f->params[i]->flat)
      continue;
    buf_puts(b, n++ ? ", " : "");
    print_param_type(f, f->params[i], true, b);
  }
  /* file-scope data, which OpenCL does not have: the kernel hands it on */
  const Vec *g = ir_func_globals(f);
  for (int i = 0; i < g->len; i++) {
    buf_puts(b, n++ ? ", " : "");
    print_global_param(f, g->items[i], "", b);
  }
  if (!n)
    buf_puts(b, "void");
  buf_puts(b, ")\n");
  print_stmt(&p, f->body, 0, b);
  buf_puts(b, "\n");
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

static void print_body(Printer *p, Stmt *body, int depth, Buf *b) {
  if (body->kind == ST_BLOCK) {
    for (int i = 0; i < body->nitems; i++)
      print_stmt(p, body->items[i], depth, b);
  } else {
    print_stmt(p, body, depth, b);
  }
}

/* A `vector` lane loop anywhere in a kernel's body (the block loop may be
 * one that work leaves inside the kernel). */
static bool cl_stmt(Printer *p, Stmt *s, int depth, Buf *b) {
  KCtx *kc = p->ctx;
  return kc && emit_lane_loop(p, kc->k, s, depth, b);
}

/* The work-item of the sequentially last iteration (and `guard`, a
 * condition and "&& ", when it must hold too) keeps the temporaries'
 * values for the host (SPEC §4). */
static void print_copyouts(Kernel *k, const char *guard, int depth, Buf *b) {
  KernelInfo *ki = k->info;
  if (!ki->copyouts.len)
    return;
  buf_indent(b, depth);
  buf_printf(b, "if (%s", guard);
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

/* One iteration of the mapped loops: `continue` ends it; then the work-item
 * that runs the sequentially last iteration keeps the temporaries' values
 * for the host (SPEC §4). */
static void print_iteration(Printer *p, Kernel *k, int depth, Buf *b) {
  buf_indent(b, depth);
  buf_puts(b, "do { /* `continue` ends this iteration */\n");
  print_body(p, k->body, depth + 1, b);
  buf_indent(b, depth);
  buf_puts(b, "} while (0);\n");
  print_copyouts(k, "", depth, b);
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

/* Whether this work-item's point of the bounding box is an iteration of
 * the loops whose bounds name outer mapped indices (a triangle: the host
 * launches the box, stub.c print_box); prints nothing for a rectangle. */
static bool print_box_test(Printer *p, Kernel *k, Buf *b) {
  bool any = false;
  for (int m = 1; m < k->dims; m++) {
    if (!kernel_loop_bounded_inside(k, m))
      continue;
    Loop *l = k->mapped[m];
    bool down = ir_loop_counts_down(l);
    const char *end = l->rel == REL_NE ? (down ? ">" : "<") : rel_spelling(l->rel);
    const char *name = print_cl_name(l->var->name);
    buf_printf(b, "%s%s %s (", any ? " && " : "", name, down ? "<=" : ">=");
    print_expr(p, l->lb, b);
    buf_printf(b, ") && %s %s (", name, end);
    print_expr(p, l->ub, b);
    buf_puts(b, ")");
    any = true;
  }
  return any;
}

/* Opens a block for the box's points that are iterations (a triangle), to
 * be closed by close_box_block; nothing for a rectangle. */
static bool open_box_block(Printer *p, Kernel *k, int depth, Buf *b) {
  Buf t = {0};
  if (!print_box_test(p, k, &t))
    return false;
  buf_indent(b, depth);
  buf_printf(b, "if (%s) {\n", t.s);
  xfree(t.s);
  return true;
}

static void close_box_block(bool open, int depth, Buf *b) {
  if (!open)
    return;
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

/* The origin and extent of a cached array's block in each dimension that
 * follows a mapped loop; a dimension that follows the staged loop has a
 * constant extent, and its origin moves with that loop (print_stage). */
static void print_cache_frame(Kernel *k, Cache *c, Buf *b) {
  const char *a = c->buf->name;
  buf_printf(b, "  /* cache(%s): this work-group's block of %s with its halo */\n", a, a);
  for (int d = 0; d < c->rank; d++) {
    int m = c->mapped[d], dim = m < 0 ? 0 : k->dims - 1 - m;
    long long halo = c->hi[d] - c->lo[d];
    /* a block staged along a loop is read in its inner loop: 32-bit
     * offsets into it (the index variables are int already) */
    const char *t = c->staged ? "int" : "long", *open = c->staged ? "(int)(" : "",
               *close = c->staged ? ")" : "";
    if (m < 0)
      buf_printf(b, "  const int nu_w%d_%s = %lld; /* %s: %lld iterations at a time */\n", d, a,
                 cache_stage_width(k, c, d), k->stage->name, k->stage_tile);
    else if (c->step[d] == 1)
      buf_printf(b,
                 "  %s nu_o%d_%s = %snu_lb%d + (long)(get_group_id(%d) * get_local_size(%d)) + "
                 "(%lld)%s;\n"
                 "  int nu_w%d_%s = (int)get_local_size(%d) + %lld;\n",
                 t, d, a, open, m, dim, dim, c->lo[d], close, d, a, dim, halo);
    else if (c->steps[d]) { /* whole steps: copy r of work-item l at l * step + r, or
                               interleaved (print_step_slot) */
      long long g = kernel_literal_group(k, dim);
      buf_printf(
          b,
          "  int nu_o%d_%s = (int)(nu_lb%d + (long)(get_group_id(%d) * get_local_size(%d)) * "
          "nu_st%d);\n"
          "  int nu_l%d_%s = (int)get_local_id(%d), nu_w%d_%s = (int)get_local_size(%d) * "
          "%lld;\n",
          d, a, m, dim, dim, m, d, a, dim, d, a, dim, c->step[d]);
      if (c->slots[d]) /* the group's run of each copy, and its spare vectors */
        buf_printf(b, "  const int nu_g%d_%s = %lld;\n", d, a, g + c->slot_pad[d]);
    } else /* a work-item's iterations lie nu_st apart (after dmine) */
      buf_printf(b,
                 "  %s nu_o%d_%s = %snu_lb%d + (long)(get_group_id(%d) * get_local_size(%d)) * "
                 "nu_st%d + (%lld)%s;\n"
                 "  int nu_w%d_%s = (int)((get_local_size(%d) - 1) * nu_st%d) + %lld;\n",
                 t, d, a, open, m, dim, dim, m, c->lo[d], close, d, a, dim, m, halo + 1);
  }
}

/* The NDRange dimension whose work-items stride over each dimension of the
 * block: a mapped dimension's own, the staged one the first left over
 * (dimension 0 first: consecutive work-items, consecutive elements).
 * False when none is left (a 1-D kernel staging a 2-D block). */
static bool load_dims(Kernel *k, Cache *c, int *nd) {
  if (c->staged) {
    /* the innermost dimension along NDRange dimension 0: consecutive
     * work-items load consecutive elements */
    if (c->rank > k->dims)
      return false;
    for (int d = 0; d < c->rank; d++)
      nd[d] = c->rank - 1 - d;
    return true;
  }
  bool used[3] = {false};
  for (int d = 0; d < c->rank; d++)
    if (c->mapped[d] >= 0) {
      nd[d] = k->dims - 1 - c->mapped[d];
      used[nd[d]] = true;
    }
  for (int d = c->rank - 1; d >= 0; d--) {
    if (c->mapped[d] >= 0)
      continue;
    nd[d] = -1;
    for (int x = 0; x < k->dims && nd[d] < 0; x++)
      if (!used[x]) {
        nd[d] = x;
        used[x] = true;
      }
    if (nd[d] < 0)
      return false;
  }
  return true;
}

/* Whether block coordinate `x` (an expression) of dimension d is one some
 * in-range work-item reads: loads outside stay inside the array. */
static void print_in_block_at(Cache *c, int d, const char *x, Buf *b) {
  int m = c->mapped[d];
  if (m < 0)
    buf_printf(b, "%s >= nu_s0 + (%lld) && %s <= nu_s1 - 1 + (%lld)", x, c->lo[d], x, c->hi[d]);
  else if (c->step[d] == 1)
    buf_printf(b, "%s >= nu_lb%d + (%lld) && %s <= nu_lb%d + nu_n%d - 1 + (%lld)", x, m, c->lo[d],
               x, m, m, c->hi[d]);
  else
    buf_printf(b, "%s >= nu_lb%d + (%lld) && %s <= nu_lb%d + (nu_n%d - 1) * nu_st%d + (%lld)", x, m,
               c->lo[d], x, m, m, m, c->hi[d]);
}

static void print_in_block(Cache *c, int d, Buf *b) {
  char x[16];
  snprintf(x, sizeof x, "nu_x%d", d);
  print_in_block_at(c, d, x, b);
}

/* The array's element at block coordinates (nu_x0, ...). */
static void print_block_elem(Cache *c, Buf *b) {
  const char *a = c->buf->name;
  buf_printf(b, "%s[", a);
  for (int d = 0; d < c->rank - 1; d++)
    buf_puts(b, "(");
  for (int d = 0; d < c->rank; d++) {
    buf_printf(b, "nu_x%d", d);
    if (d < c->rank - 1)
      buf_printf(b, ") * %s_d%d + ", a, d + 1);
  }
  buf_puts(b, "]");
}

static void print_tile_store(Cache *c, const char *slot, Buf *b) {
  buf_printf(b, "nu_tile_%s[%s] = ", c->buf->name, slot);
  print_block_elem(c, b);
  buf_puts(b, ";\n");
}

/* Where the block keeps element (nu_c0, ...): the offset into nu_tile_a. */
static void print_block_slot(Cache *c, Buf *slot) {
  for (int d = 0; d < c->rank - 1; d++)
    buf_puts(slot, "(");
  for (int d = 0; d < c->rank; d++) {
    char x[16];
    snprintf(x, sizeof x, "nu_c%d", d);
    if (c->slots[d])
      print_step_slot(c, d, x, slot);
    else
      buf_puts(slot, x);
    if (d < c->rank - 1) {
      buf_puts(slot, ") * ");
      print_pitch(c, d + 1, slot);
      buf_puts(slot, " + ");
    }
  }
}

/* The elements of the block in dimension d: its extent, less the spare
 * column of a staged block (cache_stage_width). */
static void print_extent(Kernel *k, Cache *c, int d, Buf *b) {
  if (c->mapped[d] < 0)
    buf_printf(b, "%lld", k->stage_tile + c->hi[d] - c->lo[d]);
  else
    buf_printf(b, "nu_w%d_%s", d, c->buf->name);
}

/* Loads element (nu_c0, ...) of the block when some in-range work-item
 * reads it; `tested`: false where the whole block is known in range. */
static void print_load_one(Cache *c, bool tested, int depth, Buf *b) {
  if (tested) {
    buf_indent(b, depth);
    buf_puts(b, "if (");
    for (int d = 0; d < c->rank; d++) {
      buf_puts(b, d ? " && " : "");
      print_in_block(c, d, b);
    }
    buf_puts(b, ")\n");
    depth++;
  }
  buf_indent(b, depth);
  Buf slot = {0};
  print_block_slot(c, &slot);
  print_tile_store(c, slot.s, b);
  xfree(slot.s);
}

/* Block dimension d's extent in groups of size[x] along NDRange dimension
 * x: the value of print_extent's expression (print_cache_frame's widths),
 * or 0 where it depends on a step known only at run time. */
static long long block_extent(Kernel *k, Cache *c, int d, const long long *size) {
  int m = c->mapped[d];
  if (m < 0)
    return k->stage_tile + c->hi[d] - c->lo[d];
  long long g = size[k->dims - 1 - m];
  if (c->step[d] == 1)
    return g + c->hi[d] - c->lo[d];
  return c->steps[d] ? g * c->step[d] : 0;
}

/* Loads that a work-item of the literal sizes' fast path issues at most:
 * each is a register until its store. */
#define NU_UNROLLED_LOADS 32

/* What an unrolled loop over a work-item's elements of a block does with
 * each: load it into the block, load it into the registers nu_pf_A (with
 * or without the test that it is one a work-item reads), or store those
 * registers into the block (print_stage_loop's prefetch). */
typedef enum { UNR_FILL, UNR_FETCH, UNR_FETCH_TESTED, UNR_PUT } UnrolledOp;

/* The loads of a work-item in the unrolled loops (print_unrolled_load):
 * 0 where a size is not a literal or they would be too many. */
static long long unrolled_loads(Kernel *k, Cache *c, const int *nd, long long *ext,
                                long long *step) {
  long long size[3], loads = 1;
  if (k->dims > 3)
    return 0;
  for (int x = 0; x < k->dims; x++)
    if (!(size[x] = kernel_literal_group(k, x)))
      return 0;
  for (int d = 0; d < c->rank; d++) {
    ext[d] = block_extent(k, c, d, size);
    step[d] = size[nd[d]];
    if (ext[d] <= 0)
      return 0;
    loads *= (ext[d] + step[d] - 1) / step[d];
  }
  return loads > NU_UNROLLED_LOADS ? 0 : loads;
}

/* The loads of a block wholly in range as loops of constant trip count
 * where `work` spelled the work-group's sizes, which a kernel with a cache
 * always runs with (the stub fits no such group, print_fit_groups):
 * unrolled, a work-item issues all its loads before its first store,
 * where the loop bounded by get_local_size waits out each load's latency
 * in turn.  H100, SGEMM 4096 in 16 x 16 groups with cache(a, b) and
 * dmine(8, 8): 15.3 against 31.7 TFLOP/s (bench/results/gemm-fill-h100.txt).
 * False where a size is not a literal or the loads would be too many. */
static bool print_unrolled_op(Kernel *k, Cache *c, const int *nd, UnrolledOp op, int depth,
                              Buf *b) {
  long long ext[8], step[8], n[8];
  if (!unrolled_loads(k, c, nd, ext, step))
    return false;
  const char *a = c->buf->name;
  Buf idx = {0};
  for (int d = 0; d < c->rank; d++) {
    int in = depth + 1 + d;
    n[d] = (ext[d] + step[d] - 1) / step[d];
    buf_indent(b, in);
    buf_puts(b, "#pragma unroll\n");
    buf_indent(b, in);
    buf_printf(b, "for (int nu_r%d = 0; nu_r%d < %lld; nu_r%d++) {\n", d, d, n[d], d);
    buf_indent(b, in + 1);
    buf_printf(b, "int nu_c%d = (int)get_local_id(%d) + %lld * nu_r%d;\n", d, nd[d], step[d], d);
    if (n[d] * step[d] != ext[d]) {
      buf_indent(b, in + 1);
      buf_printf(b, "if (nu_c%d >= %lld)\n", d, ext[d]);
      buf_indent(b, in + 2);
      buf_puts(b, "continue;\n");
    }
    if (op != UNR_PUT) {
      buf_indent(b, in + 1);
      buf_printf(b, "long nu_x%d = nu_o%d_%s + nu_c%d;\n", d, d, a, d);
    }
    if (d)
      buf_printf(&idx, ") * %lld + nu_r%d", n[d], d);
    else
      buf_puts(&idx, "nu_r0");
  }
  Buf reg = {0};
  buf_printf(&reg, "nu_pf_%s[", a);
  for (int d = 1; d < c->rank; d++)
    buf_puts(&reg, "(");
  buf_printf(&reg, "%s]", idx.s);
  int in = depth + 1 + c->rank;
  switch (op) {
  case UNR_FILL:
    print_load_one(c, false, in, b);
    break;
  case UNR_FETCH:
  case UNR_FETCH_TESTED:
    buf_indent(b, in);
    buf_printf(b, "%s = ", reg.s);
    if (op == UNR_FETCH_TESTED) { /* 0 where no work-item reads it: stored, never read */
      buf_puts(b, "(");
      for (int d = 0; d < c->rank; d++) {
        buf_puts(b, d ? " && " : "");
        print_in_block(c, d, b);
      }
      buf_puts(b, ") ? ");
      print_block_elem(c, b);
      buf_puts(b, " : 0;\n");
    } else {
      print_block_elem(c, b);
      buf_puts(b, ";\n");
    }
    break;
  case UNR_PUT: {
    Buf slot = {0};
    print_block_slot(c, &slot);
    buf_indent(b, in);
    buf_printf(b, "nu_tile_%s[%s] = %s;\n", a, slot.s, reg.s);
    xfree(slot.s);
    break;
  }
  }
  xfree(reg.s);
  xfree(idx.s);
  for (int d = c->rank - 1; d >= 0; d--) {
    buf_indent(b, depth + 1 + d);
    buf_puts(b, "}\n");
  }
  return true;
}

static bool print_unrolled_load(Kernel *k, Cache *c, const int *nd, int depth, Buf *b) {
  return print_unrolled_op(k, c, nd, UNR_FILL, depth, b);
}

/* Opens `if (the block is wholly in range) {`: tested at its two corners. */
static void print_corner_test(Kernel *k, Cache *c, int depth, Buf *b) {
  const char *a = c->buf->name;
  buf_indent(b, depth);
  buf_puts(b, "if (");
  for (int corner = 0; corner < 2; corner++)
    for (int d = 0; d < c->rank; d++) {
      Buf x = {0}, ext = {0};
      print_extent(k, c, d, &ext);
      if (corner)
        buf_printf(&x, "(long)(nu_o%d_%s + %s - 1)", d, a, ext.s);
      else
        buf_printf(&x, "(long)nu_o%d_%s", d, a);
      buf_puts(b, corner || d ? " && " : "");
      print_in_block_at(c, d, x.s, b);
      xfree(x.s);
      xfree(ext.s);
    }
  buf_puts(b, ") {\n");
}

/* Stages the block of an array that the work-group reads (with its halo)
 * in __local memory: each work-item loads every lsize-th element; elements
 * no in-range work-item reads are skipped. */
static void print_cache_load(Kernel *k, Cache *c, int depth, Buf *b) {
  const char *a = c->buf->name;
  int nd[8] = {0}; /* load_dims fills each when true; zeroed for clang-tidy */
  if (!load_dims(k, c, nd)) {
    /* one loop over the block's elements in order, split by division */
    buf_indent(b, depth);
    buf_printf(b, "for (int nu_t = nu_sid; nu_t < ");
    for (int d = 0; d < c->rank; d++) {
      buf_puts(b, d ? " * " : "");
      print_extent(k, c, d, b);
    }
    buf_puts(b, "; nu_t += nu_ssz) {\n");
    buf_indent(b, depth + 1);
    buf_puts(b, "int nu_r = nu_t;\n");
    for (int d = c->rank - 1; d >= 0; d--) {
      buf_indent(b, depth + 1);
      buf_printf(b, "int nu_c%d = nu_r %% ", d);
      print_extent(k, c, d, b);
      buf_puts(b, ";\n");
      buf_indent(b, depth + 1);
      buf_printf(b, "long nu_x%d = nu_o%d_%s + nu_c%d;\n", d, d, a, d);
      if (d) {
        buf_indent(b, depth + 1);
        buf_puts(b, "nu_r /= ");
        print_extent(k, c, d, b);
        buf_puts(b, ";\n");
      }
    }
    print_load_one(c, true, depth + 1, b);
    buf_indent(b, depth);
    buf_puts(b, "}\n");
    return;
  }
  /* A block wholly in range (every work-group off the edges, every tile
   * of a staged loop but the last) loads without the test per element: it
   * is range-tested at its two corners, once.  Then one loop per
   * dimension, each work-item striding by the work-group's extent in the
   * NDRange dimension that dimension follows: no division. */
  print_corner_test(k, c, depth, b);
  for (int tested = 0; tested < 2; tested++) {
    if (tested) {
      buf_indent(b, depth);
      buf_puts(b, "} else {\n");
    }
    if (!tested && print_unrolled_load(k, c, nd, depth, b))
      continue;
    for (int d = 0; d < c->rank; d++) {
      buf_indent(b, depth + 1 + d);
      buf_printf(b, "for (int nu_c%d = (int)get_local_id(%d); nu_c%d < ", d, nd[d], d);
      print_extent(k, c, d, b);
      buf_printf(b, "; nu_c%d += (int)get_local_size(%d)) {\n", d, nd[d]);
      buf_indent(b, depth + 2 + d);
      buf_printf(b, "long nu_x%d = nu_o%d_%s + nu_c%d;\n", d, d, a, d);
    }
    print_load_one(c, tested, depth + 1 + c->rank, b);
    for (int d = c->rank - 1; d >= 0; d--) {
      buf_indent(b, depth + 1 + d);
      buf_puts(b, "}\n");
    }
  }
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

/* Work-group tree over __local memory with sequential addressing (no bank
 * conflicts, no modulo tests), any work-group size: combines each
 * work-item's `val` into nu_red_R[0]. */
static void print_tree(Reduction *r, const char *val, int depth, Buf *b) {
  char *combine = emit_red_combine(r, xformat("nu_red_%s[nu_lid]", r->name),
                                   xformat("nu_red_%s[nu_lid + nu_h]", r->name), true);
  buf_indent(b, depth);
  buf_printf(b, "nu_red_%s[nu_lid] = %s;\n", r->name, val);
  buf_indent(b, depth);
  buf_puts(b, "barrier(CLK_LOCAL_MEM_FENCE);\n");
  buf_indent(b, depth);
  buf_puts(b, "for (size_t nu_s = nu_lsize; nu_s > 1;) {\n");
  buf_indent(b, depth);
  buf_puts(b, "  size_t nu_h = (nu_s + 1) / 2;\n");
  buf_indent(b, depth);
  buf_puts(b, "  if (nu_lid < nu_s - nu_h)\n");
  buf_indent(b, depth);
  buf_printf(b, "    nu_red_%s[nu_lid] = %s;\n", r->name, combine);
  buf_indent(b, depth);
  buf_puts(b, "  barrier(CLK_LOCAL_MEM_FENCE);\n");
  buf_indent(b, depth);
  buf_puts(b, "  nu_s = nu_h;\n");
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

/* The statements of kernel o of one work-item in the last work-item of a
 * reduction's kernel, elements as the arrays' (Kernel.pre, Kernel.then). */
static void print_last_item(Printer *p, Kernel *o, Buf *b) {
  KCtx *kc = p->ctx, saved = *kc;
  kc->global_only = kc->element = true;
  buf_puts(b, "    if (nu_then) {\n");
  print_stmt(p, o->body, 3, b);
  buf_puts(b, "    }\n");
  *kc = saved;
}

/* One partial per group into device scratch, then the group that finishes
 * last (a counter bumped after a fence, as CUDA's threadFenceReduction)
 * combines the partials and writes the one value the host reads back, so
 * the host copies a scalar instead of every group's partial and adds
 * nothing; an element that ends in its array (Reduction.into) takes the
 * value there, and the host reads nothing.  The last group resets the
 * counter for the next launch. */
static void print_group_reductions(Printer *p, Kernel *k, Buf *b) {
  buf_puts(b, "  size_t nu_lid = get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
              "get_local_size(1) * get_local_id(2));\n"
              "  size_t nu_lsize = get_local_size(0) * get_local_size(1) * "
              "get_local_size(2);\n"
              "  size_t nu_ngroups = get_num_groups(0) * get_num_groups(1) * "
              "get_num_groups(2);\n"
              "  __local int nu_is_last;\n");
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    print_tree(r, r->name, 1, b);
    buf_printf(b,
               "  if (nu_lid == 0)\n"
               "    nu_part_%s[get_group_id(0) + get_num_groups(0) * (get_group_id(1) + "
               "get_num_groups(1) * get_group_id(2))] = nu_red_%s[0];\n",
               r->name, r->name);
  }
  /* nu_acc_R 2 (nurt_red_result): the host sums the partials if it reads
   * the result at all, so where every reduction says so the groups end
   * without the count, a round trip each would wait for (10% of Himeno's
   * stencil on the H100, bench/results/red-finish-h100.txt) */
  Buf left = {0};
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    if (!emit_red_may_leave(k, r)) {
      left.len = 0;
      break;
    }
    buf_printf(&left, "%snu_acc_%s == 2", left.len ? " && " : "", r->name);
  }
  /* and then every work-item of the group ends: a uniform condition, so
   * no barrier below waits for one that left (Himeno's stencil at one
   * iteration per work-item, 60 launches on the H100: 5.78 ms against 5.56
   * with a warp-shuffle tree, S1W and S1WE of bench/results/
   * red-flat-h100.txt) */
  if (left.len)
    buf_printf(b, "  if (%s)\n    return; /* the host sums the partials */\n", left.s);
  xfree(left.s);
  buf_puts(b, "  if (nu_lid == 0) {\n"
              "    mem_fence(CLK_GLOBAL_MEM_FENCE); /* partials visible before the count */\n"
              "    nu_is_last = atomic_inc(nu_count) == nu_ngroups - 1;\n"
              "  }\n"
              "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
              "  size_t nu_nparts = nu_is_last ? nu_ngroups : 0;\n");
  /* The last group's final pass: each work-item folds a stride of the
   * partials, 32 work-items fold the group's values, work-item 0 the 32.
   * No loop holds a barrier, and every group passes the same two barriers
   * (over identities but in the last group): barrier loops under a
   * condition, even a uniform one, make PoCL's work-group compiler run for
   * minutes. */
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    const char *t = emit_red_type(r);
    /* volatile: read the other groups' partials from L2, not a stale L1 */
    char *step = emit_red_combine(
        r, "nu_t", xformat("((volatile __global %s *)nu_part_%s)[nu_i]", t, r->name), true);
    buf_printf(b,
               "  {\n"
               "    %s nu_t = %s;\n"
               "    for (size_t nu_i = nu_lid; nu_i < nu_nparts; nu_i += nu_lsize)\n"
               "      nu_t = %s;\n"
               "    nu_red_%s[nu_lid] = nu_t;\n"
               "  }\n",
               t, red_identity(r), step, r->name);
  }
  buf_puts(b, "  barrier(CLK_LOCAL_MEM_FENCE);\n");
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    const char *t = emit_red_type(r);
    char *step = emit_red_combine(r, "nu_t", xformat("nu_red_%s[nu_i]", r->name), true);
    buf_printf(b,
               "  if (nu_lid < 32) {\n"
               "    %s nu_t = nu_red_%s[nu_lid];\n"
               "    for (size_t nu_i = nu_lid + 32; nu_i < nu_lsize; nu_i += 32)\n"
               "      nu_t = %s;\n"
               "    nu_red_%s[nu_lid] = nu_t;\n"
               "  }\n",
               t, r->name, step, r->name);
  }
  buf_puts(b, "  barrier(CLK_LOCAL_MEM_FENCE);\n"
              "  if (nu_is_last && nu_lid == 0) {\n");
  if (k->pre) /* the host's statement before the nest, which sets the elements */
    print_last_item(p, k->pre, b);
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    const char *t = emit_red_type(r);
    char *step = emit_red_combine(r, "nu_t", xformat("nu_red_%s[nu_i]", r->name), true);
    buf_printf(b,
               "    {\n"
               "      %s nu_t = nu_red_%s[0];\n"
               "      for (size_t nu_i = 1; nu_i < 32 && nu_i < nu_lsize; nu_i++)\n"
               "        nu_t = %s;\n",
               t, r->name, step);
    if (r->into) {
      /* the element in its array, as the loop leaves it: every other
       * group's reads of the array came before its count */
      KCtx *kc = p->ctx, saved = *kc;
      kc->global_only = kc->element = true;
      Buf el = {0};
      print_expr(p, r->path, &el);
      *kc = saved;
      buf_printf(b, "      %s = %s;\n", el.s, emit_red_combine(r, el.s, "nu_t", true));
      xfree(el.s);
    } else {
      buf_printf(b, "      nu_res_%s[0] = nu_acc_%s == 1 ? %s : nu_t;\n", r->name, r->name,
                 emit_red_combine(r, xformat("nu_res_%s[0]", r->name), "nu_t", true));
    }
    buf_puts(b, "    }\n");
  }
  /* the statements of the kernel of one work-item that follows: after
   * every group's reads (the count) and the elements' final values, which
   * this work-item wrote (hostloop.c, run_then) */
  if (k->then)
    print_last_item(p, k->then, b);
  buf_puts(b, "    *nu_count = 0;\n  }\n");
}

/* Whether statement s holds the staged loop. */
static bool holds_stage(Kernel *k, Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_FOR && s->loop)
    return s->loop->var == k->stage;
  if (s->kind == ST_IF)
    return holds_stage(k, s->then);
  if (s->kind == ST_BLOCK)
    for (int i = 0; i < s->nitems; i++)
      if (holds_stage(k, s->items[i]))
        return true;
  return false;
}

/* A statement beside the staged loop runs in the work-items of the
 * iteration space only; a declaration stays in scope for the statements
 * after it, its initial value assigned under the guard when computing it
 * would read memory. */
static void print_guarded(Printer *p, Stmt *s, int depth, Buf *b) {
  if (s->kind == ST_EMPTY)
    return;
  if (s->kind == ST_DECL) {
    if (!s->init || !ir_expr_may_read_memory(s->init) ||
        s->var->type->kind == TY_ARRAY) { /* arrays: cache.c allows safe ones only */
      print_stmt(p, s, depth, b);
      return;
    }
    Stmt bare = *s;
    bare.init = NULL;
    print_stmt(p, &bare, depth, b);
    buf_indent(b, depth);
    buf_printf(b, "if (nu_in)\n");
    buf_indent(b, depth + 1);
    buf_printf(b, "%s = ", print_cl_name(s->var->name));
    print_expr(p, s->init, b);
    buf_puts(b, ";\n");
    return;
  }
  buf_indent(b, depth);
  buf_puts(b, "if (nu_in) {\n");
  print_stmt(p, s, depth + 1, b);
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

/* The staged loop, T iterations at a time: the whole group loads the
 * blocks of the staged arrays those iterations read, waits, runs them in
 * its in-range work-items, and waits again before the next blocks
 * overwrite these. */
/* Registers a work-item may hold for the next step's blocks (prefetch). */
#define NU_PREFETCH_LOADS 32

/* Whether the staged loop loads the next step's blocks into registers
 * while it runs the current one: every staged block loads in unrolled
 * loops (sizes spelled as numbers), their loads fit NU_PREFETCH_LOADS, and
 * their elements are doubles (or longs).  The loads' latency then hides
 * behind a step's arithmetic instead of stalling every work-item of the
 * group before the barrier.  A measured rule, not an explained one: on
 * the H100 at n = 4096 (bench/results/gemm-layout-h100.txt, one call),
 * DGEMM in 16 x 16 groups under dmine(8, 4) ran at 12.6 TFLOP/s without it
 * and 18.3 with it, under dmine(8, 8) in 8 x 16 groups 17.1 and 18.6,
 * while SGEMM lost 2-8% (work(8, 32) dmine(8, 8) 34.2 and 31.7). */
static bool stage_prefetch(Kernel *k) {
  long long total = 0, ext[8], step[8];
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    int nd[8] = {0};
    if (!c->staged)
      continue;
    if (c->buf->elem->kind != TY_DOUBLE && c->buf->elem->kind != TY_LONG &&
        c->buf->elem->kind != TY_ULONG)
      return false;
    long long n = load_dims(k, c, nd) ? unrolled_loads(k, c, nd, ext, step) : 0;
    if (!n)
      return false;
    total += n;
  }
  return total > 0 && total <= NU_PREFETCH_LOADS;
}

/* The upper bound of the staged loop, exclusive. */
static void print_stage_ub(Printer *p, Loop *l, Buf *b) {
  print_expr(p, l->ub, b);
  if (l->rel == REL_LE)
    buf_puts(b, " + 1");
}

/* nu_s1 and the staged blocks' origins of the step at nu_s0. */
static void print_stage_step(Printer *p, Kernel *k, Loop *l, int depth, Buf *b) {
  const char *t = type_cl_name(l->var->type);
  buf_indent(b, depth);
  buf_printf(b, "%s nu_s1 = min(nu_s0 + %lld, (%s)(", t, k->stage_tile, t);
  print_stage_ub(p, l, b);
  buf_puts(b, "));\n");
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    if (!c->staged)
      continue;
    for (int d = 0; d < c->rank; d++)
      if (c->mapped[d] < 0) {
        buf_indent(b, depth);
        buf_printf(b, "int nu_o%d_%s = (int)nu_s0 + (%lld);\n", d, c->buf->name, c->lo[d]);
      }
  }
}

/* The loads of the step at `first` (an expression) into the registers
 * nu_pf_A, when it is a step of the loop: its own nu_s0, nu_s1 and
 * origins, shadowing the current step's (set from nu_sn, declared
 * outside: a declaration's own name is in scope in its initializer). */
static void print_prefetch(Printer *p, Kernel *k, Loop *l, const char *first, int depth, Buf *b) {
  const char *t = type_cl_name(l->var->type);
  buf_indent(b, depth);
  buf_printf(b, "{\n");
  buf_indent(b, depth + 1);
  buf_printf(b, "%s nu_sn = %s;\n", t, first);
  buf_indent(b, depth + 1);
  buf_puts(b, "if (nu_sn < ");
  print_stage_ub(p, l, b);
  buf_puts(b, ") {\n");
  buf_indent(b, depth + 2);
  buf_printf(b, "%s nu_s0 = nu_sn;\n", t);
  print_stage_step(p, k, l, depth + 2, b);
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    int nd[8] = {0};
    if (!c->staged || !load_dims(k, c, nd))
      continue;
    print_corner_test(k, c, depth + 2, b);
    print_unrolled_op(k, c, nd, UNR_FETCH, depth + 2, b);
    buf_indent(b, depth + 2);
    buf_puts(b, "} else {\n");
    print_unrolled_op(k, c, nd, UNR_FETCH_TESTED, depth + 2, b);
    buf_indent(b, depth + 2);
    buf_puts(b, "}\n");
  }
  buf_indent(b, depth + 1);
  buf_puts(b, "}\n");
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

static void print_stage_loop(Printer *p, Kernel *k, Stmt *s, int depth, Buf *b) {
  Loop *l = s->loop;
  const char *t = type_cl_name(l->var->type);
  bool pf = stage_prefetch(k);
  Buf lb = {0};
  print_expr(p, l->lb, &lb);
  if (pf) { /* the first step's blocks, before the loop */
    for (int i = 0; i < k->caches.len; i++) {
      Cache *c = k->caches.items[i];
      long long ext[8], step[8];
      int nd[8] = {0};
      if (!c->staged || !load_dims(k, c, nd))
        continue;
      buf_indent(b, depth);
      buf_printf(b, "%s nu_pf_%s[%lld];\n", type_cl_name(c->buf->elem), c->buf->name,
                 unrolled_loads(k, c, nd, ext, step));
    }
    print_prefetch(p, k, l, lb.s, depth, b);
  }
  buf_indent(b, depth);
  buf_printf(b, "for (%s nu_s0 = %s; nu_s0 < ", t, lb.s);
  print_stage_ub(p, l, b);
  buf_printf(b, "; nu_s0 += %lld) {\n", k->stage_tile);
  xfree(lb.s);
  print_stage_step(p, k, l, depth + 1, b);
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    int nd[8] = {0};
    if (!c->staged)
      continue;
    if (pf && load_dims(k, c, nd))
      print_unrolled_op(k, c, nd, UNR_PUT, depth, b);
    else
      print_cache_load(k, c, depth + 1, b);
  }
  buf_indent(b, depth + 1);
  buf_puts(b, "barrier(CLK_LOCAL_MEM_FENCE);\n");
  if (pf) {
    char *next = xformat("nu_s0 + %lld", k->stage_tile);
    print_prefetch(p, k, l, next, depth + 1, b);
    xfree(next);
  }
  Var lo = {.name = "nu_s0", .type = l->var->type}, hi = {.name = "nu_s1", .type = l->var->type};
  Loop inner = *l;
  inner.lb = ir_var(&lo, l->loc);
  inner.ub = ir_var(&hi, l->loc);
  inner.rel = REL_LT;
  Stmt st = *s;
  st.loop = &inner;
  /* full blocks run a constant trip that the OpenCL compiler unrolls */
  Loop full = inner;
  full.ub = ir_binary(OP_ADD, ir_var(&lo, l->loc), ir_int(k->stage_tile, l->loc), l->var->type);
  Stmt fst = *s;
  fst.loop = &full;
  buf_indent(b, depth + 1);
  buf_printf(b, "if (nu_in && nu_s1 - nu_s0 == %lld) {\n", k->stage_tile);
  buf_puts(b, "#pragma unroll\n");
  print_stmt(p, &fst, depth + 2, b);
  buf_indent(b, depth + 1);
  buf_puts(b, "} else if (nu_in) {\n");
  print_stmt(p, &st, depth + 2, b);
  buf_indent(b, depth + 1);
  buf_puts(b, "}\n");
  buf_indent(b, depth + 1);
  buf_puts(b, "barrier(CLK_LOCAL_MEM_FENCE);\n");
  buf_indent(b, depth);
  buf_puts(b, "}\n");
}

static void print_staged_stmt(Printer *p, Kernel *k, Stmt *s, int depth, Buf *b);

/* Statements of a block: runs of those beside the staged loop share one
 * guard. */
static void print_staged_items(Printer *p, Kernel *k, Stmt **items, int n, int depth, Buf *b) {
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && !holds_stage(k, items[j]) && items[j]->kind != ST_DECL)
      j++;
    if (j == i) {
      print_staged_stmt(p, k, items[i++], depth, b);
      continue;
    }
    buf_indent(b, depth);
    buf_puts(b, "if (nu_in) {\n");
    for (; i < j; i++)
      print_stmt(p, items[i], depth + 1, b);
    buf_indent(b, depth);
    buf_puts(b, "}\n");
  }
}

/* The body around the staged loop: the blocks and the uniform conditions
 * (register promotion's `lb < ub`) that hold it run in every work-item, so
 * that all reach its barriers; everything else under the guard. */
static void print_staged_stmt(Printer *p, Kernel *k, Stmt *s, int depth, Buf *b) {
  if (!holds_stage(k, s)) {
    print_guarded(p, s, depth, b);
    return;
  }
  switch (s->kind) {
  case ST_FOR:
    print_stage_loop(p, k, s, depth, b);
    return;
  case ST_IF:
    buf_indent(b, depth);
    buf_puts(b, "if (");
    print_expr(p, s->e, b);
    buf_puts(b, ") {\n");
    print_staged_stmt(p, k, s->then, depth + 1, b);
    buf_indent(b, depth);
    buf_puts(b, "}\n");
    if (s->els) {
      buf_indent(b, depth);
      buf_puts(b, "else {\n");
      print_guarded(p, s->els, depth + 1, b);
      buf_indent(b, depth);
      buf_puts(b, "}\n");
    }
    return;
  default: /* a block */
    buf_indent(b, depth);
    buf_puts(b, "{\n");
    print_staged_items(p, k, s->items, s->nitems, depth + 1, b);
    buf_indent(b, depth);
    buf_puts(b, "}\n");
  }
}

/* A kernel with a staged loop: every work-item of a group runs the loop's
 * blocks (the loads and barriers), only those in the iteration space the
 * statements. */
static void print_staged_kernel(Printer *p, Kernel *k, Buf *b) {
  buf_puts(b, "  int nu_in = ");
  for (int m = 0; m < k->dims; m++)
    buf_printf(b, "%snu_g%d < nu_n%d", m ? " && " : "", m, m);
  buf_puts(b, ";\n");
  buf_puts(b, "  int nu_sid = (int)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
              "get_local_size(1) * get_local_id(2)));\n"
              "  int nu_ssz = (int)(get_local_size(0) * get_local_size(1) * get_local_size(2));\n");
  bool mapped_only = false;
  for (int i = 0; i < k->caches.len; i++)
    mapped_only |= !((Cache *)k->caches.items[i])->staged;
  if (mapped_only)
    buf_puts(b, "  barrier(CLK_LOCAL_MEM_FENCE);\n");
  print_indices(k, 1, b);
  if (k->body->kind == ST_BLOCK)
    print_staged_items(p, k, k->body->items, k->body->nitems, 1, b);
  else
    print_staged_stmt(p, k, k->body, 1, b);
  print_copyouts(k, "nu_in && ", 1, b);
}

/* The kernel's head: its parameters, emit_kernel_signature's in order. */
static void print_kernel_params(Kernel *k, Buf *b) {
  buf_printf(b, "/* %s: the loop nest at line %d */\n", k->name, k->mapped[0]->loc.line);
  if (k->ttile && k->ttile->stream) {
    /* its groups are the tile's plane with its halo (emit/ttile.c): said
     * to the compiler, which then keeps the registers within what a group
     * that large may use, so that the launch cannot fail for them */
    long long group[3];
    emit_ttile_stream_group(k->ttile, group);
    buf_printf(b, "__kernel __attribute__((reqd_work_group_size(%lld, %lld, %lld))) void %s(",
               group[0], group[1], group[2], k->name);
  } else
    buf_printf(b, "__kernel void %s(", k->name);
  Vec sig = emit_kernel_signature(k);
  for (int i = 0; i < sig.len; i++) {
    KParam *q = sig.items[i];
    buf_puts(b, i == 0 ? "" : q->group ? ",\n    " : ", ");
    bool ro = q->kind == KP_BUFFER && !emit_buffer_written(q->of);
    switch (q->kind) {
    case KP_BUFFER:
      /* restrict where nurt sees no overlap at the launch (runtime.md) */
      buf_printf(b, "__global %s%s *NU_RESTRICT %s, long %s_off", ro ? "const " : "", q->cl_type,
                 q->name, q->name);
      if (((Buffer *)q->of)->rows)
        buf_printf(b, ", __global const long *NU_RESTRICT %s_rows", q->name);
      break;
    case KP_RESULT:
      buf_printf(b, "__global %s *%s, long %s_off", q->cl_type, q->name, q->name);
      break;
    case KP_ROWLEN: /* the kernel's own is an nu_idx, or a long with lanes (print_kernel_locals) */
      buf_printf(b, "%s nu_%s", q->cl_type, q->name);
      break;
    case KP_LOCAL:
      buf_printf(b, "__local %s *%s", q->cl_type, q->name);
      break;
    case KP_SCRATCH:
    case KP_PRIVATE:
      buf_printf(b, "__global %s *%s", q->cl_type, q->name);
      break;
    default:
      buf_printf(b, "%s %s", q->cl_type, q->name);
    }
  }
  buf_puts(b, ")\n{\n");
}

static bool has_lanes(Stmt *s) {
  if (!s)
    return false;
  if (s->kind == ST_FOR && s->loop && s->loop->vec)
    return true;
  if (has_lanes(s->init_s) || has_lanes(s->then) || has_lanes(s->els) || has_lanes(s->body))
    return true;
  for (int i = 0; i < s->nitems; i++)
    if (has_lanes(s->items[i]))
      return true;
  return false;
}

/* Whether k declares row lengths as nu_idx (print_kernel_locals): one of
 * its buffers has row lengths, and it has no vector lanes. */
static bool uses_nu_idx(Kernel *k) {
  if (has_lanes(k->body))
    return false;
  for (int i = 0; i < k->buffers.len; i++)
    if (emit_buffer_rowlens(k->buffers.items[i]))
      return true;
  return false;
}

/* The kernel's first statements: each buffer's pointer moved by its
 * offset, a vector tile seen as elements, each reduction's running value,
 * the last values' blocks, and the private copies. */
static void print_kernel_locals(Kernel *k, Buf *b) {
  KernelInfo *ki = k->info;
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *bf = k->buffers.items[i];
    const char *q = emit_buffer_written(bf) ? "" : "const ";
    buf_printf(b, "  %s = (__global %s%s *)((__global %schar *)%s + %s_off);\n", bf->name, q,
               type_cl_name(bf->elem), q, bf->name, bf->name);
  }
  /* a kernel with vector lanes keeps 64-bit row lengths: 32-bit ones
   * slowed the H100's wave under vector(1,1,4) from 2,717 to 2,615-2,637
   * GB/s, where they sped SGEMM up 7% and Himeno 1-2%
   * (bench/results/index32-h100.txt) */
  bool lanes = has_lanes(k->body);
  const char *idx = lanes ? "long" : "nu_idx";
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *bf = k->buffers.items[i];
    if (!emit_buffer_rowlens(bf))
      continue;
    for (int d = 1; d < bf->rank; d++)
      buf_printf(b, d == 1 ? "  const %s %s_d%d = %snu_%s_d%d" : "%s, %s_d%d = %snu_%s_d%d",
                 d == 1 ? idx : "", bf->name, d, lanes ? "" : "(nu_idx)", bf->name, d);
    buf_puts(b, ";\n");
  }
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    const char *t = type_cl_name(c->buf->elem);
    if (c->vec > 1)
      buf_printf(b, "  __local %s *nu_tile_%s = (__local %s *)nu_tilev_%s;\n", t, c->buf->name, t,
                 c->buf->name);
  }
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    if (!r->into)
      buf_printf(b, "  nu_res_%s = (__global %s *)((__global char *)nu_res_%s + nu_res_%s_off);\n",
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
}

/* One mapped loop, no cache: grid-stride.  Each work-item accumulates
 * several iterations in a register before the work-group combines; without
 * a reduction, the host launches a quarter of the iterations' work-items
 * for a long loop, so that several loads are in flight per work-item. */
static void print_grid_stride(Printer *p, Kernel *k, Buf *b) {
  Var *iv = k->mapped[0]->var;
  bool narrow = iv->type->kind == TY_INT || iv->type->kind == TY_UINT;
  for (int wide = narrow ? 0 : 1; wide < 2; wide++) {
    if (narrow) /* 32-bit loop arithmetic streams at the bandwidth, 64-bit at 0.75
                   of it on the H100 (bench/results: sum forms) */
      buf_puts(b,
               wide ? "  } else {\n" : "  if (nu_n0 <= 2147483647 - (long)get_global_size(0)) {\n");
    const char *t = wide ? "long" : "int", *in = narrow ? "  " : "";
    buf_printf(b,
               "%s  for (%s nu_g0 = (%s)get_global_id(0); nu_g0 < %snu_n0; nu_g0 += "
               "(%s)get_global_size(0)) {\n",
               in, t, t, wide ? "" : "(int)", t);
    if (wide) {
      print_indices(k, narrow ? 3 : 2, b);
    } else { /* wraps as the 64-bit form does, without undefined overflow */
      const char *it = type_cl_name(iv->type);
      buf_printf(b, "      %s %s = (%s)((uint)nu_lb0 + (uint)nu_g0 * (uint)nu_st0);\n", it,
                 print_cl_name(iv->name), it);
    }
    if (k->info->copyouts.len)
      print_iteration(p, k, narrow ? 3 : 2, b);
    else
      print_body(p, k->body, narrow ? 3 : 2, b);
    buf_printf(b, "%s  }\n", in);
  }
  if (narrow)
    buf_puts(b, "  }\n");
}

/* Under `if (` + the work-item's test + `) {`, its indices and the
 * iteration, in the triangle's box when there is one. */
static void print_guarded_iteration(Printer *p, Kernel *k, int depth, Buf *b) {
  print_indices(k, depth, b);
  bool box = open_box_block(p, k, depth, b);
  print_iteration(p, k, box ? depth + 1 : depth, b);
  close_box_block(box, depth, b);
}

/* One work-item per point of the NDRange (dimension 0 is the innermost
 * mapped loop): the caches' tiles first, then the iteration, guarded for
 * the surplus work-items of the last work-group. */
static void print_ndrange(Printer *p, Kernel *k, Buf *b) {
  bool red = k->reductions.len > 0, cached = k->caches.len > 0;
  for (int m = 0; m < k->dims; m++)
    buf_printf(b, "  long nu_g%d = get_global_id(%d);\n", m, k->dims - 1 - m);
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    print_cache_frame(k, c, b);
    if (!c->staged)
      print_cache_load(k, c, 1, b);
  }
  if (cached && !k->stage)
    buf_puts(b, "  barrier(CLK_LOCAL_MEM_FENCE);\n");
  if (k->stage) {
    print_staged_kernel(p, k, b);
  } else if (red && !cached && k->red_stride != 1) {
    /* the outermost mapped loop strides over the groups the host capped,
     * so a few thousand partials come back, not one per 256 points.
     * stride(1) has no loop: the loop's invariants (an address per array
     * and neighbour) stay live across it, 56 registers for Himeno's stencil
     * against 36 without (bench/results/red-flat-h100.txt) */
    buf_printf(b, "  for (; nu_g0 < nu_n0; nu_g0 += get_global_size(%d)) {\n", k->dims - 1);
    buf_puts(b, "    if (");
    for (int m = 1; m < k->dims; m++)
      buf_printf(b, "%snu_g%d < nu_n%d", m > 1 ? " && " : "", m, m);
    buf_puts(b, ") {\n");
    print_guarded_iteration(p, k, 3, b);
    buf_puts(b, "    }\n  }\n");
  } else if (red || cached) {
    /* every work-item must reach the barriers: no early return */
    buf_puts(b, "  if (");
    for (int m = 0; m < k->dims; m++)
      buf_printf(b, "%snu_g%d < nu_n%d", m ? " && " : "", m, m);
    buf_puts(b, ") {\n");
    print_guarded_iteration(p, k, 2, b);
    buf_puts(b, "  }\n");
  } else {
    buf_puts(b, "  if (");
    for (int m = 0; m < k->dims; m++)
      buf_printf(b, "%snu_g%d >= nu_n%d", m ? " || " : "", m, m);
    buf_puts(b, ")\n    return;\n");
    print_indices(k, 1, b);
    Buf t = {0};
    if (print_box_test(p, k, &t)) /* outside the triangle */
      buf_printf(b, "  if (!(%s))\n    return;\n", t.s);
    xfree(t.s);
    if (k->info->copyouts.len || k->info->has_continue)
      print_iteration(p, k, 1, b);
    else
      print_body(p, k->body, 1, b);
  }
}

/* The uses of a private array in scratch: every one, and those that are
 * whole elements (r[i][j], as many subscripts as its rank). */
typedef struct ScratchUses {
  Var *v;
  int rank, all, elems;
} ScratchUses;

static void count_scratch_use(Expr *e, void *d) {
  ScratchUses *u = d;
  if (e->kind == EX_VAR && e->var == u->v)
    u->all++;
  int n = 0;
  Expr *base = e;
  for (; base->kind == EX_INDEX; base = base->a)
    n++;
  if (n == u->rank && base->kind == EX_VAR && base->var == u->v)
    u->elems++;
}

/* The kernel's private arrays in scratch that it uses only element by
 * element are interleaved; one it hands to a helper as rows keeps a
 * contiguous slice (signature.c sized both alike).  `on`: false after the
 * kernel, since another may hand the same array on. */
static void mark_interleaved(Stmt *body, Stmt *s, bool on, int *n) {
  if (!s)
    return;
  if (s->kind == ST_DECL && s->var->scratch) {
    ScratchUses u = {s->var, 0, 0, 0};
    for (Type *t = s->var->type; t && t->kind == TY_ARRAY; t = t->base)
      u.rank++;
    if (on)
      ir_walk_stmt(body, count_scratch_use, &u);
    s->var->interleaved = on && u.all == u.elems;
    *n += s->var->interleaved;
  }
  mark_interleaved(body, s->init_s, on, n);
  mark_interleaved(body, s->then, on, n);
  mark_interleaved(body, s->els, on, n);
  mark_interleaved(body, s->body, on, n);
  for (int i = 0; i < s->nitems; i++)
    mark_interleaved(body, s->items[i], on, n);
}

static void print_kernel(Kernel *k, Buf *b) {
  KCtx kc = {k, false, false};
  Printer p = {
      .opencl = true, .on_path = cl_path, .on_index = cl_index, .on_stmt = cl_stmt, .ctx = &kc};
  int interleaved = 0;
  mark_interleaved(k->body, k->body, true, &interleaved);
  print_kernel_params(k, b);
  print_kernel_locals(k, b);
  if (interleaved) /* the stride of an interleaved private array's elements */
    buf_puts(b, "  const size_t nu_pvn = get_global_size(0) * get_global_size(1) * "
                "get_global_size(2);\n");
  if (k->ttile)
    emit_ttile_kernel(k, &p, b);
  else if (k->dims == 1 && !k->caches.len)
    print_grid_stride(&p, k, b);
  else
    print_ndrange(&p, k, b);
  if (k->reductions.len)
    print_group_reductions(&p, k, b);
  buf_puts(b, "}\n");
  mark_interleaved(k->body, k->body, false, &interleaved);
}

/* Functions in call order: a callee before its callers. */
static void order_funcs(Func *f, Vec *out) {
  for (int i = 0; i < out->len; i++)
    if (out->items[i] == f)
      return;
  vec_push(out, f);
}

char *emit_opencl_program(Vec *kernels, bool contract, bool *uses_fp64) {
  Buf b = {0};
  Vec funcs = {0};
  *uses_fp64 = false;
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    *uses_fp64 |= k->uses_fp64;
    for (int j = 0; j < k->funcs.len; j++)
      order_funcs(k->funcs.items[j], &funcs);
  }
  char *structs = emit_cl_structs(kernels, &funcs, uses_fp64);
  buf_puts(&b, "/* Generated by nucc. */\n");
  /* nurt builds the program with NU_RESTRICT=restrict, and again without
   * for a launch whose arrays overlap */
  buf_puts(&b, "#ifndef NU_RESTRICT\n#define NU_RESTRICT\n#endif\n");
  bool idx = false;
  for (int i = 0; i < kernels->len; i++)
    idx |= uses_nu_idx(kernels->items[i]);
  /* Subscripts a[i][j] are i * a_d1 + j: 64-bit products cost the H100's
   * SGEMM 7% and Himeno 1-2% (bench/results/index32-h100.txt), so the row
   * lengths are 32-bit, and nurt builds the program again with NU_WIDE for
   * a launch that passes an array of 2 GiB or more (runtime.md).  Only a
   * program that uses nu_idx defines it: nurt finds the typedef and would
   * otherwise build a wide program for nothing. */
  if (idx)
    buf_puts(&b, "#ifdef NU_WIDE\ntypedef long nu_idx;\n#else\ntypedef int nu_idx;\n#endif\n");
  if (*uses_fp64)
    buf_puts(&b, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
  /* OpenCL contracts by default (FP_CONTRACT ON); the pragma holds to the
   * end of the program, every kernel and helper */
  if (!contract)
    buf_puts(&b, "#pragma OPENCL FP_CONTRACT OFF\n");
  buf_printf(&b, "\n%s", structs);
  xfree(structs);
  /* prototypes first: functions may call each other in any order */
  for (int i = 0; i < funcs.len; i++) {
    Func *f = funcs.items[i];
    buf_printf(&b, "%s nu_%s(", type_cl_name(f->ret), f->name);
    int n = 0;
    for (int j = 0; j < f->nparams; j++) {
      if (f->params[j]->flat)
        continue;
      buf_puts(&b, n++ ? ", " : "");
      print_param_type(f, f->params[j], false, &b);
    }
    const Vec *g = ir_func_globals(f);
    for (int j = 0; j < g->len; j++) {
      buf_puts(&b, n++ ? ", " : "");
      print_global_param(f, g->items[j], NULL, &b);
    }
    buf_puts(&b, n ? ");\n" : "void);\n");
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
