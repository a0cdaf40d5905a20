/* signature.c — what the kernel and the host agree on, built once: the
 * kernel's parameters in order, each with its kind, OpenCL and C types,
 * name and host value; the types values travel in; how a reduction
 * combines.  The OpenCL printer declares the parameters and the host stub
 * sets them with nurt_arg_* by walking the same list, so the two cannot
 * disagree.  It uses no other printer: opencl.c and the host's printers
 * stand on it. */
#include "analysis.h"
#include "emit.h"

#include <string.h>

static KParam *add(Vec *v, KParamKind kind, bool group, char *name, const char *cl_type,
                   const char *c_type, char *host, void *of) {
  KParam *p = xcalloc(1, sizeof *p);
  *p = (KParam){kind, group, name, cl_type, c_type, host, of, NULL, NULL};
  vec_push(v, p);
  return p;
}

/* The type reductions keep in __local and __global memory (no bool there). */
const char *emit_red_type(const Reduction *r) {
  return r->type->kind == TY_BOOL ? "int" : type_cl_name(r->type);
}

/* The type a private's last value travels in (no bool in buffers). */
const char *emit_last_type(const Var *v, bool opencl) {
  if (v->type->kind == TY_BOOL)
    return "int";
  return opencl ? type_cl_name(v->type) : type_c_name(v->type);
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

bool emit_red_may_defer(const Reduction *r) { return !r->elem && r->path->kind == EX_VAR; }

bool emit_red_may_leave(const Kernel *k, const Reduction *r) {
  return !k->pre && !k->then && !r->into && emit_red_may_defer(r);
}

bool emit_red_strides(const Kernel *k) {
  return k->reductions.len && !k->ttile && (k->dims == 1 || !k->caches.len);
}

bool emit_buffer_written(const Buffer *bf) {
  return bf->write || bf->reduced || (bf->also[0] && bf->also[0]->write) ||
         (bf->also[1] && bf->also[1]->write);
}

bool emit_buffer_rowlens(const Buffer *bf) { return bf->rank > 1 && !bf->rows; }

const char *emit_buffer_mode(const Buffer *bf) {
  if (buffer_snapshot_of(bf))
    return "NURT_SNAPSHOT";
  if (!emit_buffer_written(bf))
    return "NURT_IN";
  /* a reduced element, or the hull of two kernels' ranges (Buffer.also),
   * comes up before it is written */
  bool hull = bf->reduced || bf->also[0] || bf->also[1];
  return hull || bf->read ? "NURT_INOUT" : "NURT_OUT";
}

/* ttile: a device copy of each time-stepped array's box of points, which
 * every other launch of the sweep writes (tiles that overlap must not read
 * what a neighbour of the same launch wrote); and which way this launch
 * goes, nu_ttdir (emit/ttile.c). */
static void ttile_params(Kernel *k, Vec *v) {
  TTile *tt = k->ttile;
  for (int i = 0; i < tt->state.len; i++) {
    Type *et = type_elem(((Expr *)tt->state.items[i])->type);
    Buf bytes = {0};
    buf_puts(&bytes, "(size_t)(nu_n0");
    for (int m = 1; m < tt->dims; m++)
      buf_printf(&bytes, " * nu_n%d", m);
    char *eb = emit_elem_bytes(et);
    buf_printf(&bytes, ") * %s", eb);
    xfree(eb);
    KParam *q = add(v, KP_SCRATCH, i == 0, xformat("nu_sc%d", i), type_cl_name(et), type_c_name(et),
                    bytes.s, NULL);
    q->key = xformat("%s_sc%d", k->name, i);
  }
  add(v, KP_BOUND, true, xstrdup("nu_ttdir"), "long", "long long", xstrdup("nu_ttdir"), NULL);
}

/* The private arrays too large for a work-item's private memory that the
 * body declares (privarray.c): each work-item's copy is a slice of one
 * scratch buffer, which nurt sizes by the launch's global size. */
static void private_params(Stmt *s, Vec *v) {
  if (!s)
    return;
  bool seen = false;
  for (int i = 0; s->kind == ST_DECL && i < v->len; i++)
    seen |= ((KParam *)v->items[i])->of == s->var;
  if (s->kind == ST_DECL && s->var->scratch && !seen) {
    Type *et = type_elem(s->var->type);
    long long n = 1;
    for (Type *t = s->var->type; t && t->kind == TY_ARRAY; t = t->base)
      n *= t->len;
    char *eb = emit_elem_bytes(et);
    KParam *q = add(v, KP_PRIVATE, true, xformat("nu_pv_%s", print_cl_name(s->var->name)),
                    type_cl_name(et), type_c_name(et), xformat("(size_t)%lld * %s", n, eb), s->var);
    q->key = xformat("pv.%s.%u", s->var->name, s->var->id);
    xfree(eb);
  }
  private_params(s->init_s, v);
  private_params(s->then, v);
  private_params(s->els, v);
  private_params(s->body, v);
  for (int i = 0; i < s->nitems; i++)
    private_params(s->items[i], v);
}

Vec emit_kernel_signature(Kernel *k) {
  Vec v = {0};
  for (int i = 0; i < k->buffers.len; i++) {
    Buffer *bf = k->buffers.items[i];
    add(&v, KP_BUFFER, true, xstrdup(bf->name), type_cl_name(bf->elem), type_c_name(bf->elem),
        xstrdup(bf->name), bf);
    for (int d = 1; emit_buffer_rowlens(bf) && d < bf->rank; d++)
      add(&v, KP_ROWLEN, false, xformat("%s_d%d", bf->name, d), "long", "long long",
          xformat("%s_d%d", bf->name, d), bf);
  }
  for (int i = 0; i < k->scalars.len; i++) {
    Scalar *s = k->scalars.items[i];
    bool b = s->type->kind == TY_BOOL; /* no bool in kernel arguments */
    add(&v, KP_SCALAR, true, xstrdup(s->name), b ? "uchar" : type_cl_name(s->type),
        b ? "unsigned char" : type_c_name(s->type), xstrdup(s->name), s);
  }
  for (int i = 0; i < k->reductions.len; i++) {
    Reduction *r = k->reductions.items[i];
    const char *cl = emit_red_type(r), *c = r->type->kind == TY_BOOL ? "int" : type_c_name(r->type);
    add(&v, KP_LOCAL, true, xformat("nu_red_%s", r->name), cl, c,
        xformat("nu_group_size * sizeof(%s)", c), r);
    if (!r->into) { /* one ending in its array's buffer has no result block */
      KParam *res = add(&v, KP_RESULT, false, xformat("nu_res_%s", r->name), cl, c,
                        xformat("nu_res_%s", r->name), r);
      res->key = xformat("%s.%s", k->name, r->name);
      res->red = r;
      KParam *acc = add(&v, KP_ACC, false, xformat("nu_acc_%s", r->name), "int", "int",
                        xformat("nu_acc_%s", r->name), r);
      acc->red = r;
    }
    KParam *part = add(&v, KP_SCRATCH, false, xformat("nu_part_%s", r->name), cl, c,
                       xformat("nu_groups * sizeof(%s)", c), r);
    part->key = xformat("%s.part.%s", k->name, r->name);
    if (emit_red_may_leave(k, r))
      part->red = r; /* nurt may leave them to the host (stub.c, nurt_arg_partials) */
  }
  if (k->reductions.len) { /* the groups that finished; the last resets it */
    KParam *n = add(&v, KP_SCRATCH, true, xstrdup("nu_count"), "uint", "unsigned",
                    xstrdup("sizeof(unsigned)"), NULL);
    n->key = xformat("%s.count", k->name);
  }
  for (int i = 0; i < k->info->copyouts.len; i++) {
    Var *var = k->info->copyouts.items[i];
    KParam *p =
        add(&v, KP_RESULT, true, xformat("nu_last_%s", var->name), emit_last_type(var, true),
            emit_last_type(var, false), xformat("nu_lastv_%s", var->name), var);
    p->key = xformat("%s.last.%s", k->name, var->name);
  }
  for (int i = 0; i < k->caches.len; i++) {
    Cache *c = k->caches.items[i];
    Buf bytes = {0};
    buf_puts(&bytes, emit_elem_bytes(c->buf->elem));
    for (int d = 0; d < c->rank; d++) {
      long long halo = c->hi[d] - c->lo[d];
      int m = c->mapped[d];
      if (m < 0) /* the staged loop's block: a constant extent */
        buf_printf(&bytes, " * %lld", cache_stage_width(k, c, d));
      else if (c->steps[d] && c->slot_pad[d])
        buf_printf(&bytes, " * ((nu_local[%d] + %d) * %lld)", k->dims - 1 - m, c->slot_pad[d],
                   c->step[d]);
      else if (c->steps[d])
        buf_printf(&bytes, " * (nu_local[%d] * %lld)", k->dims - 1 - m, c->step[d]);
      else if (c->step[d] == 1)
        buf_printf(&bytes, " * (nu_local[%d] + %lld)", k->dims - 1 - m, halo);
      else
        buf_printf(&bytes, " * ((nu_local[%d] - 1) * (size_t)nu_st%d + %lld)", k->dims - 1 - m, m,
                   halo + 1);
    }
    /* a block read as vectors is declared as vectors: OpenCL aligns a
     * __local argument to its element type only (NVIDIA's to 4 bytes for
     * a float *), and the kernel casts it back (opencl.c) */
    if (c->vec > 1)
      add(&v, KP_LOCAL, true, xformat("nu_tilev_%s", c->buf->name),
          xformat("%s%d", type_cl_name(c->buf->elem), c->vec), type_c_name(c->buf->elem), bytes.s,
          c);
    else
      add(&v, KP_LOCAL, true, xformat("nu_tile_%s", c->buf->name), type_cl_name(c->buf->elem),
          type_c_name(c->buf->elem), bytes.s, c);
  }
  for (int m = 0; m < k->dims; m++) {
    static const char *const what[] = {"lb", "st", "n"};
    for (int j = 0; j < 3; j++)
      add(&v, KP_BOUND, j == 0, xformat("nu_%s%d", what[j], m), "long", "long long",
          xformat("nu_%s%d", what[j], m), NULL);
  }
  if (k->ttile)
    ttile_params(k, &v);
  private_params(k->body, &v);
  if (k->then || k->pre) /* whether the last work-item runs them: not under NU_VERIFY */
    add(&v, KP_ACC, true, xstrdup("nu_then"), "int", "int", xstrdup("nu_then"), NULL);
  return v;
}

const char *emit_red_var_type(const Reduction *r) {
  return r->type->canon ? r->type->canon : type_c_name(r->type);
}

char *emit_elem_bytes(const Type *t) {
  /* the stubs stand before the program's own declarations: a struct's
   * size is the host's, as a number */
  if (t->kind == TY_STRUCT)
    return xformat("(size_t)%lld", type_size(t));
  return xformat("sizeof(%s)", type_c_name(t));
}

static void member_layout(const Type *t, long long at, Buf *b) {
  if (t->kind == TY_ARRAY) {
    for (long long i = 0; i < t->len; i++)
      member_layout(t->base, at + i * type_size(t->base), b);
    return;
  }
  if (t->kind == TY_STRUCT) {
    for (int i = 0; i < t->sdef->nfields; i++)
      member_layout(t->sdef->fields[i].type, at + t->sdef->fields[i].offset, b);
    return;
  }
  const char *k = emit_verify_kind(t);
  buf_printf(b, "%s%c%lld@%lld", b->len ? " " : "",
             !strcmp(k, "NURT_VK_FLOAT")    ? 'f'
             : !strcmp(k, "NURT_VK_SIGNED") ? 's'
                                            : 'u',
             type_size(t), at);
}

char *emit_verify_members(const Type *t) {
  Buf b = {0};
  buf_puts(&b, "");
  member_layout(t, 0, &b);
  return b.s;
}

const char *emit_verify_kind(const Type *t) {
  switch (t->kind) {
  case TY_FLOAT:
  case TY_DOUBLE:
    return "NURT_VK_FLOAT";
  case TY_CHAR:
  case TY_SHORT:
  case TY_INT:
  case TY_LONG:
    return "NURT_VK_SIGNED";
  default:
    return "NURT_VK_UNSIGNED";
  }
}

char *emit_host_path(Buffer *bf) {
  Var *of = buffer_snapshot_of(bf);
  return of ? xstrdup(of->name) : print_expr_text(bf->path);
}

static void add_stub(Vec *v, StubParamKind kind, const char *type, bool pointer, char *name,
                     char *arg, void *of) {
  StubParam *p = xcalloc(1, sizeof *p);
  *p = (StubParam){kind, type, pointer, name, arg, of};
  vec_push(v, p);
}

/* An array's parameters: the array, its bytes or count, its row lengths
 * (from the C type at the site: sizeof works for fixed arrays and VLAs). */
static void add_stub_array(Vec *v, Buffer *bf) {
  char *t = emit_host_path(bf);
  /* one a mapped loop's bound reads (k < d[2]) keeps its type: the stub
   * computes the trip count from it on the host */
  char *type = bf->in_bounds ? xformat("const %s", type_c_name(bf->elem)) : xstrdup("const void");
  Buf rows = {0};
  for (Type *r = bf->in_bounds && bf->type->kind == TY_ARRAY ? bf->type->base : NULL;
       r && r->kind == TY_ARRAY; r = r->base)
    buf_printf(&rows, "[%lld]", r->len);
  if (rows.s) /* dims[2][0]: a pointer to its rows */
    add_stub(v, SP_ARRAY, type, false, xformat("(*%s)%s", bf->name, rows.s),
             xformat("(const void *)(%s)", t), bf);
  else
    add_stub(v, SP_ARRAY, type, true, xstrdup(bf->name), xformat("(const void *)(%s)", t), bf);
  xfree(rows.s);
  if (bf->rows) /* nurt counts a table's rows (nurt_arg_rows) */
    ;
  else if (bf->type->kind == TY_ARRAY && bf->type->len >= 0 && !bf->size_text)
    add_stub(v, SP_BYTES, "size_t", false, xformat("%s_bytes", bf->name), xformat("sizeof(%s)", t),
             bf);
  else if (bf->size_text)
    add_stub(v, SP_COUNT, "long long", false, xformat("%s_count", bf->name),
             xformat("(long long)(%s)", bf->size_text), bf);
  Buf x = {0};
  buf_printf(&x, "(%s)[0]", t);
  for (int d = 1; emit_buffer_rowlens(bf) && d < bf->rank; d++) {
    char *outer = xstrdup(x.s);
    buf_puts(&x, "[0]");
    add_stub(v, SP_ROWLEN, "long long", false, xformat("%s_d%d", bf->name, d),
             xformat("(long long)(sizeof(%s) / sizeof(%s))", outer, x.s), bf);
    xfree(outer);
  }
  xfree(x.s);
  xfree(t);
}

/* A reduction's parameters: its variable, and for one the host may fold
 * lazily, the runtime's record of the pending fold (none at this site:
 * a null one, and the stub folds at once). */
static void add_stub_reduction(Vec *v, Reduction *r) {
  char *t = print_expr_text(r->path);
  add_stub(v, SP_REDUCTION, emit_red_var_type(r), true, xstrdup(r->name), xformat("&(%s)", t), r);
  xfree(t);
  if (!emit_red_may_defer(r))
    return;
  Var *var = r->path->var;
  add_stub(v, SP_RED_STATE, "nurt_red", true, xformat("nu_rs_%s", r->name),
           var->lazy_red ? xformat("&nu_rr_%s_%u", var->name, var->off) : xstrdup("(nurt_red *)0"),
           r);
}

Vec emit_stub_params(Kernel *k) {
  Vec v = {0};
  for (int i = 0; i < k->buffers.len; i++)
    add_stub_array(&v, k->buffers.items[i]);
  for (int i = 0; i < k->scalars.len; i++) {
    Scalar *s = k->scalars.items[i];
    add_stub(&v, SP_SCALAR, type_c_name(s->type), false, xstrdup(s->name), print_expr_text(s->path),
             s);
  }
  for (int i = 0; i < k->reductions.len; i++)
    add_stub_reduction(&v, k->reductions.items[i]);
  for (int m = 0; m < k->dims; m++)
    add_stub(&v, SP_GROUP, "long long", false, xformat("nu_ws%d", m),
             xformat("(%s)", k->wg[m].text), k->mapped[m]);
  /* an index declared `register` has no address: the call site passes a
   * temporary's (callsite.c), and so for a temporary's last value */
  for (int m = 0; m < k->dims; m++) {
    Loop *l = k->mapped[m];
    if (!l->declared)
      add_stub(&v, SP_LAST, l->var->type->canon, true, xformat("nu_last_%s", l->var->name),
               xformat("&%s%s", l->var->reg ? "nu_last_" : "", l->var->name), l);
  }
  if (k->ttile) {
    /* the launches alternate between the arrays and their scratch copies */
    Loop *s = k->sweep;
    char *at = print_expr_text(s->var ? ir_var(s->var, s->loc) : NULL);
    char *lb = print_expr_text(s->lb), *end = print_expr_text(s->ub);
    add_stub(&v, SP_LAUNCH, "long long", false, xstrdup("nu_tt_at"),
             xformat("((long long)%s - (long long)(%s)) / %lldLL", at, lb, k->ttile->T), s);
    add_stub(&v, SP_LAUNCH, "long long", false, xstrdup("nu_tt_of"),
             xformat("((long long)(%s) - (long long)(%s) + %lldLL) / %lldLL", end, lb,
                     k->ttile->T - 1, k->ttile->T),
             s);
    xfree(at);
    xfree(lb);
    xfree(end);
  }
  for (int i = 0; i < k->info->copyouts.len; i++) {
    Var *var = k->info->copyouts.items[i];
    add_stub(&v, SP_COPY, var->type->canon, true, xformat("nu_copy_%s", var->name),
             xformat("&%s%s", var->reg ? "nu_copy_" : "", var->name), var);
  }
  return v;
}
