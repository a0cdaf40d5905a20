/* frontend_conv.c — the kernel subset of C, from cursors to IR: expressions,
 * statements, canonical loops and the functions a kernel calls.  One
 * recursive descent (a call converts its function's body, a `for` asks
 * whether it is canonical and converts its bounds), so it stays one file.
 * Constructs outside the subset (SPEC §4) are errors at their location. */
#include "frontend_clang.h"
#include "transform.h"

#include <ctype.h>
#include <string.h>

static Expr *conv_expr(Ctx *cx, CXCursor c);
static Func *conv_func(Ctx *cx, CXCursor def);

/* Implicit conversions are left implicit (OpenCL C converts the same way)
 * except where an argument's type differs from the parameter's: OpenCL's
 * built-ins are overloaded, so `sqrt(n)` with an int n must say `(double)n`. */
static Expr *conv_arg(Ctx *cx, CXCursor arg) {
  Expr *e = conv_expr(cx, arg);
  Type *want = conv_type(clang_getCursorType(arg));
  if (type_is_arith(want) && e->type && type_is_arith(e->type) && want->kind != e->type->kind) {
    Expr *cast = NEW(Expr);
    cast->kind = EX_CAST;
    cast->type = want;
    cast->a = e;
    cast->loc = e->loc;
    return cast;
  }
  return e;
}

static bool is_expr_cursor(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return clang_isExpression(k);
}

static Expr *conv_call(Ctx *cx, CXCursor c) {
  CXCursor fn = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl) {
    diag_error(frontend_start_of(c), "call through a function pointer cannot run in a kernel");
    return conv_new_expr(EX_INT, c);
  }
  Expr *e = conv_new_expr(EX_CALL, c);
  e->text = frontend_spelling(fn);
  CXCursor def = clang_getCursorDefinition(fn);
  /* the user's function without a body here: another file of the program may
   * have it; the C library's (declared in a system header) are not looked for */
  bool users =
      clang_Cursor_isNull(def) && !print_cl_builtin(e->text) && frontend_is_user_code(cx->src, fn);
  if (users)
    def = frontend_unit_definition(cx->src, fn);
  if (!clang_Cursor_isNull(def) && frontend_is_user_code(cx->src, def)) {
    e->callee = conv_func(cx, def);
  } else if (users) {
    char *where = frontend_units_searched(cx->src);
    diag_error(frontend_start_of(c),
               "call to '%s' cannot run in a kernel: nucc finds no body for it in this file%s%s%s; "
               "name the file that defines it with --with FILE.c",
               e->text,
               *where ? ", the headers it includes or the program's other files ("
                      : " or the headers it includes",
               where, *where ? ")" : "");
    xfree(where);
    return e;
  } else if (!print_cl_builtin(e->text)) {
    diag_error(frontend_start_of(c),
               "call to '%s' cannot run in a kernel: only math functions and the program's own "
               "functions can be called",
               e->text);
    return e;
  }
  int n = clang_Cursor_getNumArguments(c);
  e->nargs = n < 0 ? 0 : n;
  e->args = xcalloc((size_t)e->nargs, sizeof(Expr *));
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = conv_arg(cx, clang_Cursor_getArgument(c, (unsigned)i));
  return e;
}

static enum CXChildVisitResult collect_elem(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  CXCursor *copy = NEW(CXCursor);
  *copy = c;
  vec_push(d, copy);
  return CXChildVisit_Continue;
}

static Expr *conv_expr(Ctx *cx, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  Kids kids = frontend_kids_of(c);
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_UnaryExpr: /* sizeof, alignof */
    return conv_literal(cx, c, k);
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    if (kids.n == 1 && is_expr_cursor(kids.c[0]))
      return conv_expr(cx, kids.c[0]);
    return conv_bad_expr(c, "this expression");
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_EnumConstantDecl) {
      Expr *e = conv_new_expr(EX_INT, c);
      e->ival = clang_getEnumConstantDeclValue(d);
      e->type->kind = TY_INT;
      return e;
    }
    if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl) {
      Expr *e = conv_new_expr(EX_VAR, c);
      e->var = conv_var(cx, d);
      if (e->var->is_param)
        e->type = e->var->type;
      return e;
    }
    return conv_bad_expr(c, "a reference to a function");
  }
  case CXCursor_MemberRefExpr: {
    if (kids.n != 1)
      return conv_bad_expr(c, "this member access");
    Expr *e = conv_new_expr(EX_MEMBER, c);
    e->a = conv_expr(cx, kids.c[0]);
    e->text = frontend_spelling(c);
    e->arrow = e->a->type->kind == TY_PTR;
    return e;
  }
  case CXCursor_ArraySubscriptExpr: {
    Expr *e = conv_new_expr(EX_INDEX, c);
    e->a = conv_expr(cx, kids.c[0]);
    e->b = conv_expr(cx, kids.c[1]);
    return e;
  }
  case CXCursor_CallExpr:
    return conv_call(cx, c);
  case CXCursor_CStyleCastExpr: {
    Expr *e = conv_new_expr(EX_CAST, c);
    if (!type_is_arith(e->type))
      return conv_bad_expr(c, "a cast to a non-arithmetic type");
    e->a = conv_expr(cx, frontend_last_kid(c, CXCursor_FirstInvalid));
    return e;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    Expr *e = conv_new_expr(EX_BINARY, c);
    e->op = conv_binop(clang_getCursorBinaryOperatorKind(c));
    if (e->op == OP_NONE || kids.n != 2)
      return conv_bad_expr(c, "this operator");
    e->a = conv_expr(cx, kids.c[0]);
    e->b = conv_expr(cx, kids.c[1]);
    return e;
  }
  case CXCursor_UnaryOperator: {
    Expr *e = conv_new_expr(EX_UNARY, c);
    e->op = conv_unop(clang_getCursorUnaryOperatorKind(c));
    if (e->op == OP_NONE || kids.n != 1)
      return conv_bad_expr(c, "this operator");
    e->a = conv_expr(cx, kids.c[0]);
    /* &a[i], &v: the address of an element or a scalar, for a helper's
     * pointer parameter (freevars.c allows a scalar only if it is local) */
    if (e->op == OP_ADDR && e->a->kind != EX_INDEX && e->a->kind != EX_VAR)
      return conv_bad_expr(
          c, "taking an address ('&') of anything but an array element or a variable");
    return e;
  }
  case CXCursor_InitListExpr: {
    /* the list as written (libclang shows the syntactic form): OpenCL C
     * takes it as C does, elements left out included */
    Expr *e = conv_new_expr(EX_INIT, c);
    Vec elems = {0}; /* Kids holds eight; a list may hold any number */
    clang_visitChildren(c, collect_elem, &elems);
    e->nargs = elems.len;
    e->args = xcalloc((size_t)elems.len + 1, sizeof(Expr *));
    for (int i = 0; i < elems.len; i++)
      e->args[i] = conv_expr(cx, *(CXCursor *)elems.items[i]);
    return e;
  }
  case CXCursor_ConditionalOperator: {
    Expr *e = conv_new_expr(EX_COND, c);
    e->a = conv_expr(cx, kids.c[0]);
    e->b = conv_expr(cx, kids.c[1]);
    e->c = conv_expr(cx, kids.c[2]);
    return e;
  }
  default: {
    char *kn = frontend_kind_name(c);
    char *what = xformat("this expression (%s)", kn);
    Expr *e = conv_bad_expr(c, what);
    xfree(kn);
    xfree(what);
    return e;
  }
  }
}

/* --- statements --------------------------------------------------------- */

static Stmt *new_stmt(StmtKind k, CXCursor c) {
  Stmt *s = NEW(Stmt);
  s->kind = k;
  s->loc = frontend_loc_of(c);
  return s;
}

static Stmt *conv_var_decl(Ctx *cx, CXCursor d) {
  Stmt *s = new_stmt(ST_DECL, d);
  s->var = conv_var(cx, d);
  Type *t = s->var->type;
  if (clang_Cursor_getStorageClass(d) == CX_SC_Static)
    diag_error(frontend_loc_of(d), "static variable '%s' cannot be declared in a kernel",
               s->var->name);
  for (Type *a = t; a->kind == TY_ARRAY; a = a->base)
    if (a->len < 0)
      diag_error(frontend_loc_of(d), "variable-length array '%s' cannot be declared in a kernel",
                 s->var->name);
  Type *et = type_elem(t);
  if (et->kind == TY_STRUCT && et->sdef && et->sdef->bad)
    diag_error(frontend_loc_of(d),
               "variable '%s' of type '%s' cannot be declared in a kernel: the device cannot "
               "hold a '%s' as the host lays it out: %s",
               s->var->name, t->spelling, et->sdef->host, et->sdef->bad);
  else if (!type_is_value(et))
    diag_error(frontend_loc_of(d), "variable '%s' of type '%s' cannot be declared in a kernel",
               s->var->name, t->spelling);
  /* the initializer, not the array size expression that is a child too */
  CXCursor init = clang_Cursor_getVarDeclInitializer(d);
  if (!clang_Cursor_isNull(init)) {
    if (clang_getCursorKind(init) == CXCursor_InitListExpr && t->kind != TY_ARRAY &&
        t->kind != TY_STRUCT)
      diag_error(frontend_loc_of(init),
                 "initializer lists are supported in kernels only for arrays and structs");
    else
      s->init = conv_expr(cx, init);
  }
  return s;
}

/* Appends the statements of `c` to a block; a declaration statement may
 * declare several variables. */
typedef struct DeclItems {
  Ctx *cx;
  Vec *items;
} DeclItems;

static enum CXChildVisitResult append_decl(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  DeclItems *di = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl)
    vec_push(di->items, conv_var_decl(di->cx, c));
  else
    diag_error(frontend_loc_of(c), "this declaration cannot appear in a kernel");
  return CXChildVisit_Continue;
}

static void append_stmt(Ctx *cx, CXCursor c, Vec *items) {
  if (clang_getCursorKind(c) == CXCursor_DeclStmt) {
    DeclItems di = {cx, items}; /* every declarator, however many */
    clang_visitChildren(c, append_decl, &di);
    return;
  }
  vec_push(items, conv_stmt(cx, c));
}

static Stmt *block_of(Vec *items, Stmt *s) {
  s->kind = ST_BLOCK;
  s->items = (Stmt **)items->items;
  s->nitems = items->len;
  return s;
}

typedef struct {
  Ctx *cx;
  Vec items;
} BlockVisit;

static enum CXChildVisitResult block_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  BlockVisit *bv = d;
  append_stmt(bv->cx, c, &bv->items);
  return CXChildVisit_Continue;
}

/* Where a for statement ends: a body that is an expression statement
 * leaves its `;` outside clang's extent. */
unsigned conv_for_end(Ctx *cx, CXCursor c) {
  unsigned end = frontend_end(c);
  if (end > 0 && cx->src->text[end - 1] != '}' && cx->src->text[end - 1] != ';') {
    unsigned e = end;
    while (e < cx->src->len && strchr(" \t\r\n", cx->src->text[e]))
      e++;
    if (e < cx->src->len && cx->src->text[e] == ';')
      end = e + 1;
  }
  return end;
}

static Stmt *conv_for(Ctx *cx, CXCursor c) {
  Stmt *s = new_stmt(ST_FOR, c);
  s->begin = frontend_begin(c);
  s->end = conv_for_end(cx, c);
  Kids kids = frontend_kids_of(c);
  if (kids.n != 4) {
    diag_error(frontend_loc_of(c), "a 'for' loop without an init, a condition and an increment "
                                   "cannot be used in a kernel");
    return s;
  }
  if (frontend_is_annotated_for(cx, c))
    s->annots =
        frontend_annots_of(frontend_attach_of(cx->src, c)); /* applied before the nest's own */
  SrcLoc why_loc;
  char *why = NULL;
  s->loop = conv_canonical_loop(cx, c, &why_loc, &why);
  s->body = conv_stmt(cx, kids.c[3]);
  if (s->loop && !conv_loop_invariant(s->loop, s->body, &why_loc, &why))
    s->loop = NULL;
  xfree(why);
  if (!s->loop) {
    Vec items = {0};
    append_stmt(cx, kids.c[0], &items);
    s->e = conv_expr(cx, kids.c[1]);
    s->inc = conv_expr(cx, kids.c[2]);
    if (items.len > 1) {
      /* `for (int off = m * b, ii = 0; ...)`: the IR's init is one
       * statement, so the declarations go before the loop, in a block of
       * their own that keeps their scope the loop's; dropping them made
       * the variables look declared outside the nest (reductions) */
      Stmt *blk = new_stmt(ST_BLOCK, c);
      conv_aux_inductions(&items, s);
      vec_push(&items, s);
      return block_of(&items, blk);
    }
    s->init_s = items.len == 1 ? items.items[0] : NULL;
    xfree(items.items);
  }
  if (s->loop)
    s->loop->body = s->body;
  return s;
}

/* OpenMP's fuse stands over a block of loops, nucc's `fuse` over the loop
 * around the loops it fuses: the block becomes a loop that runs it once
 * (Loop.seq), which `fuse` replaces with the loops it leaves, and which the
 * printers show as the block alone. */
Loop *conv_loop_sequence(Ctx *cx, CXCursor block) {
  Loop *l = NEW(Loop);
  l->loc = l->cond_loc = l->inc_loc = frontend_loc_of(block);
  l->seq = l->declared = true;
  Var *v = NEW(Var);
  v->name = tr_fresh_name(&cx->src->names, "nu_seq");
  v->loc = l->loc;
  l->lb = ir_int(0, l->loc);
  l->ub = ir_int(1, l->loc);
  l->step = ir_int(1, l->loc);
  v->type = l->lb->type;
  l->var = v;
  l->rel = REL_LT;
  BlockVisit bv = {cx, {0}};
  clang_visitChildren(block, block_kid, &bv);
  l->body = block_of(&bv.items, new_stmt(ST_BLOCK, block));
  return l;
}

static Stmt *conv_fuse_block(Ctx *cx, CXCursor c, Attach *a) {
  Stmt *s = new_stmt(ST_FOR, c);
  s->begin = frontend_begin(c);
  s->end = frontend_end(c);
  s->annots = frontend_annots_of(a); /* applied before the nest's own */
  s->loop = conv_loop_sequence(cx, c);
  s->body = s->loop->body;
  return s;
}

/* Statements C programs write for the compiler's sake, not the result's:
 * `(void)x;` (a variable marked used: nothing to run) and `assert(...)`,
 * which the kernel does not check (OpenCL C has no assert and no way to
 * stop the program): dropped, the assert with a warning, which -Werror can
 * make an error.  NULL for any other statement. */
static Stmt *conv_dropped(Ctx *cx, CXCursor c) {
  CXCursor e = frontend_strip(c);
  if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr &&
      clang_getCursorType(e).kind == CXType_Void) {
    CXCursor x = frontend_strip(frontend_last_kid(e, CXCursor_FirstInvalid));
    enum CXCursorKind k = clang_getCursorKind(x);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_IntegerLiteral) /* NDEBUG's ((void)0) */
      return new_stmt(ST_EMPTY, c);
  }
  /* the text where the statement's expansion starts: the macro's name */
  unsigned at = frontend_begin(c);
  const char *p = cx->src->text + at;
  bool is_assert = frontend_in_main_file(cx->src, c) && at + 6 < cx->src->len &&
                   !strncmp(p, "assert", 6) && !isalnum((unsigned char)p[6]) && p[6] != '_';
  if (!is_assert)
    return NULL;
  diag_warning("nucc-kernel-assert", frontend_loc_of(c),
               "this assert is not checked in the kernel: OpenCL C cannot stop the program");
  return new_stmt(ST_EMPTY, c);
}

Stmt *conv_stmt(Ctx *cx, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  Kids kids = frontend_kids_of(c);
  Stmt *s;
  switch (k) {
  case CXCursor_CompoundStmt: {
    Attach *a = frontend_attach_of(cx->src, c);
    if (a && a->block)
      return conv_fuse_block(cx, c, a);
    BlockVisit bv = {cx, {0}};
    clang_visitChildren(c, block_kid, &bv);
    return block_of(&bv.items, new_stmt(ST_BLOCK, c));
  }
  case CXCursor_DeclStmt: {
    Vec items = {0};
    append_stmt(cx, c, &items);
    if (items.len == 1) {
      s = items.items[0];
      xfree(items.items);
      return s;
    }
    return block_of(&items, new_stmt(ST_BLOCK, c));
  }
  case CXCursor_ForStmt:
    return conv_for(cx, c);
  case CXCursor_IfStmt:
    s = new_stmt(ST_IF, c);
    s->e = conv_expr(cx, kids.c[0]);
    s->then = conv_stmt(cx, kids.c[1]);
    if (kids.n > 2)
      s->els = conv_stmt(cx, kids.c[2]);
    return s;
  case CXCursor_WhileStmt:
    s = new_stmt(ST_WHILE, c);
    s->e = conv_expr(cx, kids.c[0]);
    s->body = conv_stmt(cx, kids.c[1]);
    return s;
  case CXCursor_DoStmt:
    s = new_stmt(ST_DO, c);
    s->body = conv_stmt(cx, kids.c[0]);
    s->e = conv_expr(cx, kids.c[1]);
    return s;
  case CXCursor_BreakStmt:
    return new_stmt(ST_BREAK, c);
  case CXCursor_ContinueStmt:
    return new_stmt(ST_CONTINUE, c);
  case CXCursor_NullStmt:
    return new_stmt(ST_EMPTY, c);
  case CXCursor_ReturnStmt:
    if (!cx->in_func) {
      diag_error(frontend_loc_of(c), "'return' cannot be used inside a 'work' nest");
      return new_stmt(ST_EMPTY, c);
    }
    s = new_stmt(ST_RETURN, c);
    s->e = kids.n ? conv_expr(cx, kids.c[0]) : NULL;
    return s;
  case CXCursor_GotoStmt:
  case CXCursor_LabelStmt:
  case CXCursor_IndirectGotoStmt:
    diag_error(frontend_loc_of(c), "'goto' and labels cannot be used in a kernel");
    return new_stmt(ST_EMPTY, c);
  case CXCursor_SwitchStmt:
    diag_error(frontend_loc_of(c), "'switch' is not supported in kernels yet; use if/else");
    return new_stmt(ST_EMPTY, c);
  default:
    if (is_expr_cursor(c) && (s = conv_dropped(cx, c)))
      return s;
    if (is_expr_cursor(c)) {
      s = new_stmt(ST_EXPR, c);
      s->e = conv_expr(cx, c);
      return s;
    }
    {
      char *kn = frontend_kind_name(c);
      diag_error(frontend_loc_of(c), "this statement (%s) cannot be used in a kernel", kn);
      xfree(kn);
    }
    return new_stmt(ST_EMPTY, c);
  }
}

/* --- canonical loops ---------------------------------------------------- */

typedef struct {
  Ctx *cx;
  Vec written; /* Var* assigned in a loop body */
} WriteScan;

static void scan_writes(Expr *e, void *d) {
  WriteScan *w = d;
  if ((e->kind == EX_BINARY && op_is_assign(e->op)) ||
      (e->kind == EX_UNARY && op_is_assign(e->op))) {
    Expr *t = e->a;
    if (t->kind == EX_VAR)
      vec_push(&w->written, t->var);
  }
}

static bool uses_any(Expr *e, Vec *vars) {
  for (int i = 0; i < vars->len; i++)
    if (ir_expr_uses_var(e, vars->items[i]))
      return true;
  return false;
}

/* -amount: the step of `i -= amount` and `i = i - amount`. */
static Expr *negated(Expr *amount) {
  Expr *step = NEW(Expr);
  step->kind = EX_UNARY;
  step->op = OP_NEG;
  step->a = amount;
  step->type = amount->type;
  step->loc = amount->loc;
  return step;
}

/* The init, `T i = lb` or `i = lb`: sets *var, l->lb and l->declared, or
 * gives the reason it is neither. */
static bool loop_init(Ctx *cx, CXCursor init, Loop *l, CXCursor *var, SrcLoc *why_loc, char **why) {
  if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
    Kids d = frontend_kids_of(init);
    if (d.n != 1 || clang_getCursorKind(d.c[0]) != CXCursor_VarDecl) {
      *why_loc = frontend_start_of(init);
      *why = xstrdup("the init must declare one index variable");
      return false;
    }
    *var = d.c[0];
    CXCursor vinit = clang_Cursor_getVarDeclInitializer(*var);
    if (clang_Cursor_isNull(vinit)) {
      *why_loc = frontend_start_of(init);
      *why = xstrdup("the index variable needs an initial value");
      return false;
    }
    l->declared = true;
    l->lb = conv_expr(cx, vinit);
    return true;
  }
  CXCursor a = frontend_strip(init);
  Kids ak = frontend_kids_of(a);
  if (clang_getCursorKind(a) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(a) != CXBinaryOperator_Assign ||
      clang_getCursorKind(frontend_strip(ak.c[0])) != CXCursor_DeclRefExpr) {
    *why_loc = frontend_start_of(init);
    *why = xstrdup("the init must be 'T i = a' or 'i = a'");
    return false;
  }
  *var = clang_getCursorReferenced(frontend_strip(ak.c[0]));
  l->lb = conv_expr(cx, ak.c[1]);
  return true;
}

/* The condition, `i REL ub` or `ub REL i`: sets l->rel and l->ub, or gives
 * the reason it is neither. */
static bool loop_cond(Ctx *cx, CXCursor cond, CXCursor var, Loop *l, SrcLoc *why_loc, char **why) {
  Kids ck = frontend_kids_of(cond);
  bool flipped = false;
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || ck.n != 2) {
    *why_loc = frontend_start_of(cond);
    *why = xformat("the condition must compare '%s' with a bound", l->var->name);
    return false;
  }
  CXCursor bound;
  if (frontend_refers_to(ck.c[0], var)) {
    bound = ck.c[1];
  } else if (frontend_refers_to(ck.c[1], var)) {
    bound = ck.c[0];
    flipped = true;
  } else {
    *why_loc = frontend_start_of(cond);
    *why = xformat("the condition must compare '%s' with a bound", l->var->name);
    return false;
  }
  switch (clang_getCursorBinaryOperatorKind(cond)) {
  case CXBinaryOperator_LT:
    l->rel = flipped ? REL_GT : REL_LT;
    break;
  case CXBinaryOperator_LE:
    l->rel = flipped ? REL_GE : REL_LE;
    break;
  case CXBinaryOperator_GT:
    l->rel = flipped ? REL_LT : REL_GT;
    break;
  case CXBinaryOperator_GE:
    l->rel = flipped ? REL_LE : REL_GE;
    break;
  case CXBinaryOperator_NE:
    l->rel = REL_NE;
    break;
  default:
    *why_loc = frontend_start_of(cond);
    *why = xstrdup("the condition must use one of < <= > >= !=");
    return false;
  }
  l->ub = conv_expr(cx, bound);
  return true;
}

/* The step of the increment `i++`, `i--`, `i += c`, `i -= c`, `i = i + c`,
 * `i = c + i` or `i = i - c`; NULL for any other. */
static Expr *loop_step(Ctx *cx, CXCursor inc, CXCursor var, Loop *l) {
  enum CXCursorKind ik = clang_getCursorKind(inc);
  Kids ik2 = frontend_kids_of(inc);
  if (ik == CXCursor_UnaryOperator && frontend_refers_to(ik2.c[0], var)) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
    if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc)
      return ir_int(1, l->inc_loc);
    if (u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreDec)
      return ir_int(-1, l->inc_loc);
    return NULL;
  }
  if (ik == CXCursor_CompoundAssignOperator && frontend_refers_to(ik2.c[0], var)) {
    enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(inc);
    Expr *amount = conv_expr(cx, ik2.c[1]);
    if (bk == CXBinaryOperator_AddAssign)
      return amount;
    return bk == CXBinaryOperator_SubAssign ? negated(amount) : NULL;
  }
  if (ik != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(inc) != CXBinaryOperator_Assign ||
      !frontend_refers_to(ik2.c[0], var))
    return NULL;
  CXCursor rhs = frontend_strip(ik2.c[1]);
  Kids rk = frontend_kids_of(rhs);
  if (clang_getCursorKind(rhs) != CXCursor_BinaryOperator || rk.n != 2)
    return NULL;
  enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(rhs);
  if (bk == CXBinaryOperator_Add && frontend_refers_to(rk.c[0], var))
    return conv_expr(cx, rk.c[1]);
  if (bk == CXBinaryOperator_Add && frontend_refers_to(rk.c[1], var))
    return conv_expr(cx, rk.c[0]);
  if (bk == CXBinaryOperator_Sub && frontend_refers_to(rk.c[0], var))
    return negated(conv_expr(cx, rk.c[1]));
  return NULL;
}

/* for (T i = lb; i REL ub; STEP) with lb, ub, step invariant — or NULL with
 * the reason and where it applies. */
Loop *conv_canonical_loop(Ctx *cx, CXCursor c, SrcLoc *why_loc, char **why) {
  Kids kids = frontend_kids_of(c);
  *why_loc = frontend_loc_of(c);
  if (kids.n != 4) {
    *why = xstrdup("the loop needs an init, a condition and an increment");
    return NULL;
  }
  CXCursor init = kids.c[0], cond = frontend_strip(kids.c[1]), inc = frontend_strip(kids.c[2]);
  Loop *l = NEW(Loop);
  l->loc = frontend_loc_of(c);
  l->cond_loc = frontend_start_of(cond);
  l->inc_loc = frontend_start_of(inc);
  CXCursor var;
  if (!loop_init(cx, init, l, &var, why_loc, why))
    return NULL;
  l->var = conv_var(cx, var);
  if (!type_is_integer(l->var->type)) {
    *why_loc = frontend_start_of(init);
    *why = xformat("the index '%s' must have an integer type", l->var->name);
    return NULL;
  }
  if (!loop_cond(cx, cond, var, l, why_loc, why))
    return NULL;
  Expr *step = loop_step(cx, inc, var, l);
  if (!step) {
    *why_loc = frontend_start_of(inc);
    *why =
        xformat("the increment must be %s++, %s--, %s += c, %s -= c or %s = %s + c", l->var->name,
                l->var->name, l->var->name, l->var->name, l->var->name, l->var->name);
    return NULL;
  }
  l->step = step;
  if (l->rel == REL_NE && !(step->kind == EX_INT && (step->ival == 1 || step->ival == -1))) {
    *why_loc = l->cond_loc;
    *why = xstrdup("'!=' conditions need a step of 1 or -1");
    return NULL;
  }
  return l;
}

/* The body must not assign the index or the variables of the bound and step;
 * `body` is the innermost body of the nest below `l`. */
bool conv_loop_invariant(Loop *l, Stmt *body, SrcLoc *why_loc, char **why) {
  WriteScan ws = {NULL, {0}};
  ir_walk_stmt(body, scan_writes, &ws);
  bool ok = true;
  for (int i = 0; i < ws.written.len && ok; i++)
    if (ws.written.items[i] == l->var) {
      *why_loc = l->inc_loc;
      *why = xformat("the body assigns the index '%s'", l->var->name);
      ok = false;
    }
  if (ok && (uses_any(l->ub, &ws.written) || uses_any(l->step, &ws.written))) {
    *why_loc = l->cond_loc;
    *why = xstrdup("the bound or the step changes inside the loop");
    ok = false;
  }
  xfree(ws.written.items);
  return ok;
}

/* --- functions called from kernels -------------------------------------- */

static Func *conv_func(Ctx *cx, CXCursor def) {
  char *name = frontend_spelling(def);
  for (int i = 0; i < cx->src->funcs.len; i++) {
    Func *f = cx->src->funcs.items[i];
    if (!strcmp(f->name, name)) {
      xfree(name);
      if (!f->converted) {
        f->converted = true;
        Func *saved = cx->in_func;
        cx->in_func = f;
        int n = clang_Cursor_getNumArguments(def);
        f->nparams = n < 0 ? 0 : n;
        f->params = xcalloc((size_t)f->nparams, sizeof(Var *));
        for (int j = 0; j < f->nparams; j++) {
          CXCursor p = clang_Cursor_getArgument(def, (unsigned)j);
          f->params[j] = conv_var(cx, p);
          /* pointers to scalars and to structs of numbers too: a kernel
           * hands them the address of an element of a buffer or of a local
           * (helperptr.c); a struct whose members point to such arrays is
           * flattened into them at the call (structarg.c), and so is a
           * table of rows (float **w) the kernel holds */
          Type *pt = f->params[j]->type;
          /* T (*)[N], T x[M][N]: rows of a private array or of a buffer */
          Type *elem = pt->kind == TY_PTR ? pt->base : NULL;
          while (elem && elem->kind == TY_ARRAY && elem->len > 0)
            elem = elem->base;
          if (!type_is_value(pt) && !type_is_struct_of_buffers(pt) && !type_row_levels(pt) &&
              !(elem && (type_is_arith(elem) || type_is_struct_ok(elem))))
            diag_error(frontend_loc_of(p),
                       "function '%s' called from a kernel takes '%s': only scalar "
                       "parameters, structs of numbers, pointers to either or to rows of "
                       "either (T (*)[N]), structs of such pointers and numbers, and tables "
                       "of rows (T **, T ***) are supported",
                       f->name, f->params[j]->type->spelling);
        }
        f->ret = conv_type(clang_getResultType(clang_getCursorType(def)));
        if (f->ret->kind != TY_VOID && !type_is_value(f->ret))
          diag_error(frontend_loc_of(def),
                     "function '%s' called from a kernel must return a scalar or a struct of "
                     "numbers",
                     f->name);
        CXCursor body = frontend_last_kid(def, CXCursor_CompoundStmt); /* past every parameter */
        if (!clang_Cursor_isNull(body)) {
          f->body = conv_stmt(cx, body);
          frontend_follow_helper_pointers(f, &cx->src->names);
        }
        cx->in_func = saved;
      }
      return f;
    }
  }
  /* a helper of a header the file includes: known from its first call */
  Func *f = NEW(Func);
  f->name = name;
  f->loc = frontend_loc_of(def);
  f->elsewhere = clang_Cursor_getTranslationUnit(def) != cx->src->clang->tu;
  vec_push(&cx->src->funcs, f);
  return conv_func(cx, def);
}
