/* callsite.c — prints the statement that replaces each annotated nest at
 * its site: the original loops for NU_DEVICE=host, else the calls of the
 * nest's stubs with the values at the site (the arguments of signature.c's
 * StubParam list, in the order stub.c declares them), the lazy folds the
 * kernels' inputs need, and NU_VERIFY's comparison with the original loops
 * and each transformation step.  Also the loop kept on the host around
 * such calls, and the copies `snapshot` made, for the verify and seq code. */
#include "analysis.h"
#include "emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The call of one kernel's stub, with the values at the nest's site.  The
 * mapped indices' last values come back through pointers, or through a
 * temporary for an index declared `register`, which has no address; so do
 * the private temporaries' (a register one's temporary is assigned back
 * when the stub says its kernel ran). */
static void print_call(Kernel *k, Buf *b) {
  if (k->sweep) { /* wavefront: a launch per hyperplane, in order; ttile: per T steps */
    Loop *l = k->sweep;
    char *lo = print_expr_text(l->lb), *end = print_expr_text(l->ub);
    char *st = print_expr_text(l->step); /* ttile: T steps per launch */
    buf_printf(b, "    for (%s %s = %s; %s < %s; %s += %s)\n", type_c_name(l->var->type),
               l->var->name, lo, l->var->name, end, l->var->name, st);
    xfree(lo);
    xfree(end);
    xfree(st);
  }
  buf_puts(b, "    {");
  for (int m = 0; m < k->dims; m++)
    if (!k->mapped[m]->declared && k->mapped[m]->var->reg) {
      Var *v = k->mapped[m]->var; /* the outermost index is always set by the stub */
      buf_printf(b, " %s nu_last_%s%s%s;", v->type->canon, v->name, m ? " = " : "",
                 m ? v->name : "");
    }
  bool regs = false;
  for (int i = 0; i < k->info->copyouts.len; i++) {
    Var *v = k->info->copyouts.items[i];
    if (v->reg)
      buf_printf(b, " %s nu_copy_%s;", v->type->canon, v->name);
    regs |= v->reg;
  }
  if (k->then || k->pre) /* whether its last work-item ran the statements around it */
    buf_printf(b, "\n    nu_then_%s = %s(", k->name, k->name);
  else
    buf_printf(b, regs ? "\n    if (%s(" : "\n    %s(", k->name);
  Vec params = emit_stub_params(k);
  for (int i = 0; i < params.len; i++)
    buf_printf(b, "%s%s", i ? ", " : "", ((StubParam *)params.items[i])->arg);
  KernelInfo *ki = k->info;
  if (regs) {
    /* only a kernel that ran has values to copy back */
    buf_puts(b, "))\n     ");
    for (int i = 0; i < ki->copyouts.len; i++) {
      Var *v = ki->copyouts.items[i];
      if (v->reg)
        buf_printf(b, " %s = nu_copy_%s;", v->name, v->name);
    }
    buf_puts(b, "\n   ");
  } else {
    buf_puts(b, ");\n   ");
  }
  for (int m = 0; m < k->dims; m++)
    if (!k->mapped[m]->declared && k->mapped[m]->var->reg)
      buf_printf(b, " %s = nu_last_%s;", k->mapped[m]->var->name, k->mapped[m]->var->name);
  buf_puts(b, " }\n");
  if (k->ttile && !k->ttile->time->declared) { /* the kernels ran the steps */
    char *last = print_sweep_last_text(k->sweep);
    buf_printf(b, "    %s", last);
    xfree(last);
  }
}

/* The nest's reductions, each once (a remainder kernel shares its main
 * kernel's), for NU_VERIFY. */
static void verify_reductions(Vec *kernels, Vec *out) {
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    for (int j = 0; j < k->reductions.len; j++) {
      Reduction *r = k->reductions.items[j];
      char *t = print_expr_text(r->path);
      bool dup = false;
      for (int x = 0; x < out->len; x++)
        dup |= !strcmp(print_expr_text(((Reduction *)out->items[x])->path), t);
      if (!dup)
        vec_push(out, r);
      xfree(t);
    }
  }
}

/* nurt_red_fold() of v when the host folds its results in lazily. */
static void print_lazy_fold(Var *v, const char *indent, Buf *b) {
  if (v->lazy_red)
    buf_printf(b, "%snurt_red_fold(&nu_rr_%s_%u);\n", indent, v->name, v->off);
}

/* The folds of the lazily folded variables among `items` (Reduction* when
 * reds, else Scalar*): the value a kernel argument or NU_VERIFY needs is
 * the one with every pending result folded in.  Returns how many. */
static int print_lazy_folds(Vec *items, bool reds, const char *indent, Buf *b) {
  int n = 0;
  for (int i = 0; i < items->len; i++) {
    Expr *path = reds ? ((Reduction *)items->items[i])->path : ((Scalar *)items->items[i])->path;
    if (path->kind == EX_VAR && path->var->lazy_red && ++n)
      print_lazy_fold(path->var, indent, b);
  }
  return n;
}

/* Before a kernel reads a lazily folded variable (a scalar argument) or
 * its stub writes it (a mapped index declared outside, a temporary's last
 * value), the pending results come in: the variable's value is then the
 * program's, and no later fold lands on a value the stub wrote. */
static void print_kernel_folds(Kernel *k, Buf *b) {
  print_lazy_folds(&k->scalars, false, "    ", b);
  for (int m = 0; m < k->dims; m++)
    if (!k->mapped[m]->declared)
      print_lazy_fold(k->mapped[m]->var, "    ", b);
  for (int i = 0; i < k->info->copyouts.len; i++)
    print_lazy_fold(k->info->copyouts.items[i], "    ", b);
}

static void find_snapshots(Expr *e, void *d) {
  if (e->kind == EX_VAR && e->var->snapshot_of && !vec_contains(d, e->var))
    vec_push(d, e->var);
}

/* "double (*B_in)[34]": a pointer to the elements of the array `v` copies
 * (a parameter's pointer type, or an array's first dimension), declared
 * from clang's spelling of that type. */
static void print_pointer_decl(Var *v, Buf *b) {
  Type *t = v->type;
  const char *row = t->kind == TY_ARRAY ? (t->base->spelling ? t->base->spelling : "")
                                        : (t->spelling ? t->spelling : "");
  const char *star = strstr(row, "(*)");
  const char *bracket = strchr(row, '[');
  if (t->kind == TY_PTR && star)
    buf_printf(b, "%.*s(*%s)%s", (int)(star - row), row, v->name, star + 3);
  else if (t->kind == TY_PTR)
    buf_printf(b, "%s%s%s", row, row[0] && row[strlen(row) - 1] == '*' ? "" : " ", v->name);
  else if (bracket)
    buf_printf(b, "%.*s(*%s)%s", (int)(bracket - row), row, v->name, bracket);
  else
    buf_printf(b, "%s *%s", row, v->name);
}

void emit_snapshot_decls(Vec *pieces, Buf *b) {
  Vec vars = {0};
  for (int i = 0; i < pieces->len; i++)
    ir_walk_stmt(pieces->items[i], find_snapshots, &vars);
  for (int i = 0; i < vars.len; i++) {
    Var *v = vars.items[i];
    buf_puts(b, "  ");
    print_pointer_decl(v, b);
    buf_printf(b, " = nurt_verify_before(%s);\n", v->snapshot_of->name);
  }
  xfree(vars.items);
}

bool emit_snapshot_copies(Vec *pieces, Buf *pre, Buf *post) {
  Vec vars = {0};
  for (int i = 0; i < pieces->len; i++)
    ir_walk_stmt(pieces->items[i], find_snapshots, &vars);
  for (int i = 0; i < vars.len; i++) {
    Var *v = vars.items[i];
    const char *of = v->snapshot_of->name;
    char *lo = print_expr_text(v->snapshot_lo), *hi = print_expr_text(v->snapshot_hi);
    buf_printf(pre, "  /* snapshot(%s): %s is %s as it was before the nest */\n", of, v->name, of);
    buf_printf(pre, "  long long nu_%s_lo = %s, nu_%s_n = (%s) - nu_%s_lo + 1;\n", v->name, lo,
               v->name, hi, v->name);
    buf_puts(pre, "  ");
    print_pointer_decl(v, pre);
    buf_printf(pre, " = malloc(nu_%s_n > 0 ? (size_t)nu_%s_n * sizeof *%s : 1);\n", v->name,
               v->name, v->name);
    buf_printf(pre, "  if (!%s)\n    abort();\n", v->name);
    buf_printf(pre,
               "  if (nu_%s_n > 0)\n    memcpy(%s, %s + nu_%s_lo, (size_t)nu_%s_n * sizeof *%s);\n",
               v->name, v->name, of, v->name, v->name, v->name);
    buf_printf(pre, "  %s -= nu_%s_lo;\n", v->name, v->name);
    buf_printf(post, "  free(%s + nu_%s_lo);\n", v->name, v->name);
    xfree(lo);
    xfree(hi);
  }
  bool any = vars.len > 0;
  xfree(vars.items);
  return any;
}

/* NU_VERIFY at the nest's site: after the kernels, their results put aside,
 * the original loop on the same inputs, the comparison; on a mismatch each
 * transformation step's sequential code (`steps`: label, code, ...). */
static void print_verify(Vec *kernels, const char *original, Vec *steps, const char *path, Buf *b) {
  Kernel *k0 = kernels->items[0];
  Vec reds = {0};
  verify_reductions(kernels, &reds);
  buf_puts(b, "    if (nu_v) {\n");
  print_lazy_folds(&reds, true, "      ", b);
  for (int i = 0; i < reds.len; i++) {
    Reduction *r = reds.items[i];
    char *t = print_expr_text(r->path);
    buf_printf(b, "      %s nu_vd%d = %s;\n", emit_red_var_type(r), i, t);
    xfree(t);
  }
  /* the arrays' device copies before the elements go back to their values
   * before the launch: an element of an array the kernel also writes is
   * compared in the array too */
  buf_puts(b, "      nurt_verify_device();\n");
  for (int i = 0; i < reds.len; i++) {
    char *t = print_expr_text(((Reduction *)reds.items[i])->path);
    buf_printf(b, "      %s = nu_vs%d;\n", t, i);
    xfree(t);
  }
  buf_printf(b, "#line %d \"%s\"\n", k0->nest->loops[0]->loc.line, path);
  buf_puts(b, original);
  buf_puts(b, "\n      ;\n");
  for (int i = 0; i < reds.len; i++) {
    Reduction *r = reds.items[i];
    char *t = print_expr_text(r->path);
    buf_printf(b, "      nurt_verify_value(\"%s\", %s, sizeof(%s), &nu_vd%d, &(%s));\n", t,
               emit_verify_kind(r->type), emit_red_var_type(r), i, t);
    xfree(t);
  }
  buf_puts(b, "      if (nurt_verify_check()) {\n");
  for (int i = 0; i < reds.len; i++) {
    Reduction *r = reds.items[i];
    char *t = print_expr_text(r->path);
    buf_printf(b, "        %s nu_ve%d = %s;\n        (void)nu_ve%d;\n", emit_red_var_type(r), i, t,
               i);
    xfree(t);
  }
  for (int s = 0; s + 1 < steps->len; s += 2) {
    buf_puts(b, "        nurt_verify_restore();\n");
    for (int i = 0; i < reds.len; i++) {
      char *t = print_expr_text(((Reduction *)reds.items[i])->path);
      buf_printf(b, "        %s = nu_vs%d;\n", t, i);
      xfree(t);
    }
    buf_printf(b, "        %s\n", (char *)steps->items[s + 1]);
    for (int i = 0; i < reds.len; i++) {
      Reduction *r = reds.items[i];
      char *t = print_expr_text(r->path);
      buf_printf(b, "        nurt_verify_step_value(%s, sizeof(%s), &(%s), &nu_ve%d);\n",
                 emit_verify_kind(r->type), emit_red_var_type(r), t, i);
      xfree(t);
    }
    buf_printf(b, "        nurt_verify_step(\"%s\");\n", (char *)steps->items[s]);
  }
  /* the kernels again from the same inputs, built without contraction:
   * whether fused multiply-adds alone make the difference */
  buf_puts(b, "        if (nurt_verify_rerun_begin()) {\n");
  for (int i = 0; i < reds.len; i++) {
    char *t = print_expr_text(((Reduction *)reds.items[i])->path);
    buf_printf(b, "        %s = nu_vs%d;\n", t, i);
    xfree(t);
  }
  for (int i = 0; i < kernels->len; i++)
    print_call(kernels->items[i], b);
  print_lazy_folds(&reds, true, "        ", b);
  for (int i = 0; i < reds.len; i++) {
    Reduction *r = reds.items[i];
    char *t = print_expr_text(r->path);
    buf_printf(b, "        nurt_verify_rerun_value(%s, sizeof(%s), &(%s), &nu_ve%d);\n",
               emit_verify_kind(r->type), emit_red_var_type(r), t, i);
    xfree(t);
  }
  buf_puts(b, "        nurt_verify_rerun_end();\n        }\n");
  buf_puts(b, "      }\n      nurt_verify_end();\n    }\n");
  xfree(reds.items);
}

static bool kernels_use_rows(Vec *kernels) {
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    for (int j = 0; j < k->buffers.len; j++)
      if (((Buffer *)k->buffers.items[j])->rows)
        return true;
  }
  return false;
}

char *emit_host_call(Vec *kernels, const char *original, const char *pragma_text, const char *path,
                     Vec *steps, const char *pre, const char *times, const char *later) {
  Kernel *k0 = kernels->items[0];
  Buf b = {0};
  buf_puts(&b, "{ /* ");
  for (const char *p = pragma_text; *p; p++) {
    if (*p == '\n' && p[1])
      buf_puts(&b, "\n     ");
    else if (*p != '\n')
      buf_printf(&b, "%c", *p);
  }
  buf_puts(&b, " →");
  for (int i = 0; i < kernels->len; i++)
    buf_printf(&b, " %s", ((Kernel *)kernels->items[i])->name);
  /* a bare `work`'s nest may run as written while the device has not
   * started and the program has done little (NU_HOST_FIRST) */
  char *work = emit_work_sum(kernels, NULL, NULL);
  bool asks = work != NULL;
  if (asks)
    buf_printf(&b,
               " */\n  double nu_hf = nurt_host_first(&nu_module, %d, %s, %s, %s);\n"
               "  if (nu_hf >= 0) {\n",
               k0->nest->loops[0]->loc.line, work, times ? times : "1.0", later ? later : "-1.0");
  else
    buf_printf(&b, " */\n  if (nurt_host_mode()) {\n");
  xfree(work);
  if (pre)
    buf_printf(&b, "%s\n", pre);
  buf_printf(&b, "#line %d \"%s\"\n", k0->nest->loops[0]->loc.line, path);
  buf_puts(&b, original);
  buf_puts(&b, asks ? "\n    nurt_host_first_end(nu_hf);\n  } else {\n" : "\n  } else {\n");
  /* NU_VERIFY: one call per nest when off */
  /* NU_VERIFY keeps copies of arrays, and a table of rows is none: such a
   * nest runs unchecked (docs/usage.md) */
  if (kernels_use_rows(kernels))
    buf_puts(&b, "    int nu_v = 0; /* NU_VERIFY does not check a table of rows */\n");
  else
    buf_printf(&b, "    int nu_v = nurt_verify_begin(&nu_module, \"%s\", %d);\n", k0->name,
               k0->nest->loops[0]->loc.line);
  /* the host statement before the nest (Kernel.pre): in the last work-item
   * of the kernel where it runs, else on the host, before the launch where
   * NU_VERIFY checks it and after it where the kernel had no iteration */
  Kernel *kl = kernels->items[kernels->len - 1];
  if (pre && kl->pre)
    buf_printf(&b, "    if (nu_v) {\n%s\n    }\n", pre);
  else if (pre)
    buf_printf(&b, "%s\n", pre);
  for (int i = 0; i < kernels->len; i++)
    print_kernel_folds(kernels->items[i], &b);
  Vec reds = {0};
  verify_reductions(kernels, &reds);
  Buf folds = {0};
  if (print_lazy_folds(&reds, true, "      ", &folds))
    buf_printf(&b, "    if (nu_v) {\n%s    }\n", folds.s);
  xfree(folds.s);
  for (int i = 0; i < reds.len; i++) {
    Reduction *r = reds.items[i];
    char *t = print_expr_text(r->path);
    buf_printf(&b, "    %s nu_vs%d = nu_v ? (%s) : 0;\n", emit_red_var_type(r), i, t);
    xfree(t);
  }
  xfree(reds.items);
  /* the main part and its remainders, in program order */
  for (int i = 0; i < kernels->len; i++)
    print_call(kernels->items[i], &b);
  if (pre && kl->pre)
    buf_printf(&b, "    if (!nu_v && !nu_then_%s) {\n%s\n    }\n", kl->name, pre);
  print_verify(kernels, original, steps, path, &b);
  buf_puts(&b, "  }\n}");
  return b.s;
}

char *emit_host_loop(Loop *loop, Vec *kernels, Vec *calls, const char *pragma_text,
                     const char *path) {
  Buf b = {0};
  buf_puts(&b, "{ /* ");
  for (const char *p = pragma_text; *p && *p != '\n'; p++)
    buf_printf(&b, "%c", *p);
  buf_printf(&b, " → loop '%s' on the host:", loop->var->name);
  for (int i = 0; i < kernels->len; i++)
    buf_printf(&b, " %s", ((Kernel *)kernels->items[i])->name);
  /* the loop as written (its bounds are host values at the site); in host
   * mode each nest's call runs that nest's original loops */
  Var *v = loop->var;
  char *lb = print_expr_text(loop->lb), *ub = print_expr_text(loop->ub);
  char *st = print_expr_text(loop->step);
  bool unit = loop->step->kind == EX_INT && (loop->step->ival == 1 || loop->step->ival == -1);
  char *inc = unit ? xformat("%s%s", v->name, loop->step->ival > 0 ? "++" : "--")
                   : xformat("%s += %s", v->name, st);
  buf_printf(&b, " */\n#line %d \"%s\"\n  for (%s%s%s = %s; %s %s %s; %s) {\n", loop->loc.line,
             path, loop->declared ? v->type->canon : "", loop->declared ? " " : "", v->name, lb,
             v->name, rel_spelling(loop->rel), ub, inc);
  for (int i = 0; i < calls->len; i++)
    buf_printf(&b, "%s\n", (char *)calls->items[i]);
  buf_puts(&b, "  }\n}");
  xfree(lb);
  xfree(ub);
  xfree(st);
  xfree(inc);
  return b.s;
}
