/* cltypes.c — the structs of the OpenCL program: each struct a kernel or a
 * helper holds (an array's element, a local, a parameter), defined with the
 * host's layout, and a check of that layout that fails the program's build
 * on a device that lays it out otherwise.  Receives the kernels and their
 * helpers; hands on the definitions' text, which opencl.c puts first. */
#include "analysis.h"
#include "emit.h"

static void add_struct(const Type *t, Vec *out) {
  while (t && (t->kind == TY_ARRAY || t->kind == TY_PTR))
    t = t->base;
  if (!t || !type_is_struct_ok(t) || vec_contains(out, t->sdef))
    return;
  for (int i = 0; i < t->sdef->nfields; i++) /* a member's struct first */
    add_struct(t->sdef->fields[i].type, out);
  vec_push(out, t->sdef);
}

static void add_expr_struct(Expr *e, void *d) { add_struct(e->type, d); }

static void add_stmt_structs(Stmt *s, Vec *out) {
  if (!s)
    return;
  if (s->kind == ST_DECL)
    add_struct(s->var->type, out);
  add_stmt_structs(s->init_s, out);
  add_stmt_structs(s->then, out);
  add_stmt_structs(s->els, out);
  add_stmt_structs(s->body, out);
  for (int i = 0; i < s->nitems; i++)
    add_stmt_structs(s->items[i], out);
}

/* The alignment a member gets on the device when nothing forces it: a
 * scalar's size, as OpenCL C 1.2 (6.1.5) lays out its built-in types. */
static long long natural_align(const Type *t) {
  if (t->kind == TY_ARRAY)
    return natural_align(t->base);
  if (t->kind == TY_STRUCT)
    return t->sdef->align;
  return type_size(t);
}

/* Whether the device's own rules give the host's layout: then the
 * definition is plain C; otherwise (#pragma pack, aligned attributes) it is
 * packed, with the host's padding written out. */
static bool natural_layout(const StructDef *sd) {
  long long at = 0, align = 1;
  for (int i = 0; i < sd->nfields; i++) {
    const Field *f = &sd->fields[i];
    long long a = natural_align(f->type);
    at = (at + a - 1) / a * a;
    if (at != f->offset)
      return false;
    at += type_size(f->type);
    align = a > align ? a : align;
  }
  return align == sd->align && (at + align - 1) / align * align == sd->size;
}

static void print_member(const Field *f, Buf *b) {
  const Type *t = f->type;
  buf_printf(b, "  %s %s", type_cl_name(type_elem((Type *)t)), print_cl_name(f->name));
  for (; t->kind == TY_ARRAY; t = t->base)
    buf_printf(b, "[%lld]", t->len);
  buf_puts(b, ";\n");
}

static void print_struct(const StructDef *sd, Buf *b) {
  bool natural = natural_layout(sd);
  buf_printf(b, "/* %s: %lld bytes, aligned to %lld, as the host lays it out */\n", sd->host,
             sd->size, sd->align);
  if (natural)
    buf_printf(b, "typedef struct %s {\n", sd->name);
  else
    buf_printf(b, "typedef struct __attribute__((packed, aligned(%lld))) %s {\n", sd->align,
               sd->name);
  long long at = 0;
  for (int i = 0; i < sd->nfields; i++) {
    const Field *f = &sd->fields[i];
    if (!natural && f->offset > at)
      buf_printf(b, "  uchar nu_pad%d[%lld];\n", i, f->offset - at);
    print_member(f, b);
    at = f->offset + type_size(f->type);
  }
  if (!natural && sd->size > at)
    buf_printf(b, "  uchar nu_pad%d[%lld];\n", sd->nfields, sd->size - at);
  buf_printf(b, "} %s;\n", sd->name);
  /* an array of a negative size stops the build, and the build log (which
   * nurt prints at the first launch) names the struct */
  buf_printf(b, "typedef char nu_layout_of_%s_differs_from_the_host[((sizeof(%s) == %lld)",
             sd->name + 3, sd->name, sd->size);
  for (int i = 0; i < sd->nfields; i++)
    buf_printf(b, " & (__builtin_offsetof(%s, %s) == %lld)", sd->name,
               print_cl_name(sd->fields[i].name), sd->fields[i].offset);
  buf_puts(b, ") ? 1 : -1];\n\n");
}

static bool holds_double(const Type *t) {
  t = type_elem((Type *)t);
  if (t->kind == TY_DOUBLE)
    return true;
  for (int i = 0; t->kind == TY_STRUCT && i < t->sdef->nfields; i++)
    if (holds_double(t->sdef->fields[i].type))
      return true;
  return false;
}

char *emit_cl_structs(Vec *kernels, Vec *funcs, bool *uses_fp64) {
  Vec defs = {0};
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    for (int j = 0; j < k->buffers.len; j++)
      add_struct(((Buffer *)k->buffers.items[j])->elem, &defs);
    for (int j = 0; j < k->scalars.len; j++)
      add_struct(((Scalar *)k->scalars.items[j])->type, &defs);
    ir_walk_stmt(k->body, add_expr_struct, &defs);
    add_stmt_structs(k->body, &defs);
  }
  for (int i = 0; i < funcs->len; i++) {
    Func *f = funcs->items[i];
    add_struct(f->ret, &defs);
    for (int j = 0; j < f->nparams; j++)
      add_struct(f->params[j]->type, &defs);
    ir_walk_stmt(f->body, add_expr_struct, &defs);
    add_stmt_structs(f->body, &defs);
  }
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < defs.len; i++) {
    const StructDef *sd = defs.items[i];
    for (int j = 0; j < sd->nfields; j++)
      *uses_fp64 |= holds_double(sd->fields[j].type);
  }
  for (int i = 0; i < defs.len; i++)
    print_struct(defs.items[i], &b);
  xfree(defs.items);
  return b.s;
}
