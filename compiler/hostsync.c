/* hostsync.c — where host code must see fresh arrays (SPEC §5).
 * Receives the parsed file and its nests; in every function that launches
 * kernels, puts before each host statement a nurt_host_access() for each
 * array the statement subscripts or hands to a library call (hoisted out of
 * host loops: a whole loop without kernels is one statement), a
 * nurt_escape() before calls to functions that may touch any array
 * (defined in this file or elsewhere), and a nurt_escape() at every exit of
 * the function.  The runtime finds arrays by address, so aliases and rotated
 * pointers are handled. */
#include "hostsync.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Sync {
  Source *src;
  Edits *edits;
  unsigned stmt_begin, stmt_end; /* the host statement being scanned */
  Vec roots;                     /* char*: source text of array roots */
  Vec writes;                    /* parallel to roots: non-NULL when written */
  bool all;                      /* needs nurt_escape() */
  bool calls_only;               /* a function without kernels: library calls only */
} Sync;

/* --explain=data: one line per sync, and the function being visited. */
static Buf notes;
static const char *func_name;

/* The line of a byte offset of the source. */
static int line_of(Source *src, unsigned off) {
  int line = 1;
  for (unsigned i = 0; i < off && i < src->len; i++)
    line += src->text[i] == '\n';
  return line;
}

const char *hostsync_explain(void) { return notes.s ? notes.s : ""; }

typedef struct Kids {
  CXCursor c[8];
  int n;
} Kids;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Kids *k = d;
  if (k->n < 8)
    k->c[k->n] = c;
  k->n++;
  return CXChildVisit_Continue;
}

static Kids kids_of(CXCursor c) {
  Kids k = {.n = 0};
  clang_visitChildren(c, collect, &k);
  return k;
}

static CXCursor strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
      return c;
    Kids kids = kids_of(c);
    if (kids.n < 1 || kids.n > 8)
      return c;
    c = kids.c[kids.n - 1];
  }
}

/* The offsets of the nests' `for` keywords, sorted, for the duration of
 * hostsync_add_edits(): every statement asks whether it holds a nest, and a
 * scan of all nests per statement made large files quadratic. */
static unsigned *nest_fors;
static int nnest_fors;

static int cmp_offset(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

/* The index of the first nest at or after `off`. */
static int first_nest_from(unsigned off) {
  int lo = 0, hi = nnest_fors;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (nest_fors[mid] < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static bool contains_nest(Source *src, unsigned b, unsigned e) {
  (void)src;
  int i = first_nest_from(b);
  return i < nnest_fors && nest_fors[i] < e;
}

static bool is_nest(Source *src, CXCursor c) {
  (void)src;
  unsigned b = frontend_begin(c);
  int i = first_nest_from(b);
  return i < nnest_fors && nest_fors[i] == b;
}

/* Whether a location is text of the input as written: not produced by a
 * macro, whose expansion location is the whole invocation. */
static bool as_written(CXSourceLocation l) {
  CXFile ef, sf;
  unsigned eoff, soff;
  clang_getExpansionLocation(l, &ef, NULL, NULL, &eoff);
  clang_getSpellingLocation(l, &sf, NULL, NULL, &soff);
  return ef && sf && clang_File_isEqual(ef, sf) && eoff == soff;
}

/* The source text of an expression, or NULL when it is not written out in
 * the input (it comes from a macro: `prevent_dce(show(n))` expands to an
 * `if` whose `argv` would otherwise read as the whole invocation). */
static char *text_of(Source *src, CXCursor c) {
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (e <= b || e > src->len)
    return NULL;
  CXSourceRange r = clang_getCursorExtent(c);
  if (!as_written(clang_getRangeStart(r)) || !as_written(clang_getRangeEnd(r)))
    return NULL;
  return xstrndup(src->text + b, e - b);
}

/* Records the array behind a pointer expression: `a`, `m->data`; anything
 * else (a call's result, a[i] + k) asks for a full sync. */
static void note_root(Sync *s, CXCursor e, bool write) {
  e = strip(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  /* &a[i], a + i: the array is a */
  while (k == CXCursor_ArraySubscriptExpr || k == CXCursor_BinaryOperator ||
         (k == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)) {
    Kids kids = kids_of(e);
    if (kids.n < 1)
      break;
    CXCursor next = kids.c[0];
    if (k == CXCursor_BinaryOperator) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
      if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || kids.n != 2)
        break;
      CXType t0 = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
      next = t0.kind == CXType_Pointer ? kids.c[0] : kids.c[1];
    }
    e = strip(next);
    k = clang_getCursorKind(e);
  }
  if (k == CXCursor_StringLiteral)
    return;
  CXCursor root = e;
  while (clang_getCursorKind(root) == CXCursor_MemberRefExpr) {
    Kids kids = kids_of(root);
    if (kids.n != 1)
      break;
    root = strip(kids.c[0]);
  }
  if (clang_getCursorKind(root) != CXCursor_DeclRefExpr) {
    s->all = true;
    return;
  }
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  if (t.kind != CXType_Pointer && t.kind != CXType_ConstantArray &&
      t.kind != CXType_VariableArray && t.kind != CXType_IncompleteArray)
    return; /* a scalar: not device data */
  /* device arrays hold numbers: a FILE * or a struct pointer is not one */
  CXType elem = t;
  while (elem.kind == CXType_Pointer || elem.kind == CXType_ConstantArray ||
         elem.kind == CXType_VariableArray || elem.kind == CXType_IncompleteArray)
    elem = clang_getCanonicalType(elem.kind == CXType_Pointer ? clang_getPointeeType(elem)
                                                              : clang_getArrayElementType(elem));
  if (elem.kind == CXType_Record || elem.kind == CXType_FunctionProto ||
      elem.kind == CXType_FunctionNoProto)
    return;
  /* a variable declared inside the statement cannot be named before it */
  CXCursor decl = clang_getCursorReferenced(root);
  unsigned doff = frontend_begin(decl);
  if (doff >= s->stmt_begin && doff < s->stmt_end) {
    s->all = true;
    return;
  }
  char *txt = text_of(s->src, e);
  if (!txt) {
    s->all = true;
    return;
  }
  for (int i = 0; i < s->roots.len; i++)
    if (!strcmp(s->roots.items[i], txt)) {
      if (write)
        s->writes.items[i] = (void *)1;
      xfree(txt);
      return;
    }
  vec_push(&s->roots, txt);
  vec_push(&s->writes, write ? (void *)1 : NULL);
}

static void scan(Sync *s, CXCursor c, bool write);

typedef struct {
  Sync *s;
} ScanKids;

static enum CXChildVisitResult scan_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  scan(((ScanKids *)d)->s, c, false);
  return CXChildVisit_Continue;
}

static void scan_kids(Sync *s, CXCursor c) {
  ScanKids sk = {s};
  clang_visitChildren(c, scan_kid, &sk);
}

static CXCursor body_of(CXCursor fn);

/* A function of this file that touches no array (only scalars, its locals
 * and library calls without arrays) needs no sync before a call to it;
 * anything else may read or write any array. */
/* char* names; (void*)1 safe, (void*)2 unsafe, 0 pending; per compilation */
static Vec seen, verdict;

static bool touches_no_array(Source *src, CXCursor fn) {
  CXString n = clang_getCursorSpelling(fn);
  char *name = xstrdup(clang_getCString(n));
  clang_disposeString(n);
  for (int i = 0; i < seen.len; i++)
    if (!strcmp(seen.items[i], name)) {
      xfree(name);
      return verdict.items[i] == (void *)1;
    }
  CXCursor def = clang_getCursorDefinition(fn);
  if (clang_Cursor_isNull(def) || !frontend_in_main_file(src, def)) {
    xfree(name);
    return false;
  }
  int slot = seen.len;
  vec_push(&seen, name);
  vec_push(&verdict, NULL); /* recursion counts as unsafe */
  CXCursor body = body_of(def);
  bool safe = false;
  if (!clang_Cursor_isNull(body)) {
    Sync sub = {.src = src};
    sub.stmt_begin = frontend_begin(def);
    sub.stmt_end = frontend_end(def);
    scan(&sub, body, false);
    safe = !sub.all && sub.roots.len == 0;
    for (int i = 0; i < sub.roots.len; i++)
      xfree(sub.roots.items[i]);
    xfree(sub.roots.items);
    xfree(sub.writes.items);
  }
  verdict.items[slot] = safe ? (void *)1 : (void *)2;
  return safe;
}

static void scan_call(Sync *s, CXCursor c) {
  CXCursor fn = clang_getCursorReferenced(c);
  bool library =
      !clang_Cursor_isNull(fn) && (clang_Location_isInSystemHeader(clang_getCursorLocation(fn)) ||
                                   touches_no_array(s->src, fn));
  if (!library) {
    /* it may read or write any array, through globals or pointers (in a
     * function without kernels, it syncs what it touches itself) */
    s->all |= !s->calls_only;
    scan_kids(s, c);
    return;
  }
  /* free() and realloc() become nurt_free()/nurt_realloc(), which forget the
   * array (realloc keeps its data): no copy back beforehand */
  CXString name = clang_getCursorSpelling(fn);
  bool forgets =
      !strcmp(clang_getCString(name), "free") || !strcmp(clang_getCString(name), "realloc");
  clang_disposeString(name);
  int n = clang_Cursor_getNumArguments(c);
  for (int i = 0; i < n; i++) {
    CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
    if (forgets && i == 0) {
      scan(s, arg, false);
      continue;
    }
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    if (t.kind == CXType_Pointer) {
      CXType pointee = clang_getPointeeType(t);
      note_root(s, arg, !clang_isConstQualifiedType(pointee));
    }
    scan(s, arg, false);
  }
}

static void scan(Sync *s, CXCursor c, bool write) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_ArraySubscriptExpr: {
    Kids kids = kids_of(c);
    if (!s->calls_only)
      note_root(s, c, write);
    for (int i = 0; i < kids.n && i < 8; i++)
      scan(s, kids.c[i], false);
    return;
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    Kids kids = kids_of(c);
    if (kids.n != 1)
      break;
    if (op == CXUnaryOperator_Deref) {
      if (!s->calls_only)
        note_root(s, kids.c[0], write);
      scan(s, kids.c[0], false);
      return;
    }
    bool w = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
             op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
             op == CXUnaryOperator_AddrOf;
    scan(s, kids.c[0], w);
    return;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    Kids kids = kids_of(c);
    if (kids.n != 2)
      break;
    bool assign = op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
    scan(s, kids.c[0], assign);
    scan(s, kids.c[1], false);
    return;
  }
  case CXCursor_CallExpr:
    scan_call(s, c);
    return;
  case CXCursor_UnaryExpr: /* sizeof and alignof do not evaluate */
    return;
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr:
  case CXCursor_MemberRefExpr: {
    Kids kids = kids_of(c);
    for (int i = 0; i < kids.n && i < 8; i++)
      scan(s, kids.c[i], write);
    return;
  }
  default:
    break;
  }
  scan_kids(s, c);
}

/* The synchronisation text for a host statement, or NULL if none. */
/* `sep` is "; " for statements, ", " for a comma expression. */
static char *syncs_for(Source *src, CXCursor stmt, const char *sep, bool calls_only) {
  Sync s = {.src = src, .calls_only = calls_only};
  s.stmt_begin = frontend_begin(stmt);
  s.stmt_end = frontend_end(stmt);
  scan(&s, stmt, false);
  Buf b = {0};
  if (s.all || s.roots.len)
    buf_printf(&notes, "%s:%d: in %s: ", src->path, line_of(src, s.stmt_begin),
               func_name ? func_name : "?");
  if (s.all)
    buf_puts(&notes, "nurt_escape() before the statement: it calls a function that may touch "
                     "any array (arrays on the device are made safe for it)\n");
  for (int i = 0; !s.all && i < s.roots.len; i++)
    buf_printf(&notes, "%s%s %s", i ? ", " : "before the statement, ",
               s.writes.items[i] ? "writes" : "reads", (char *)s.roots.items[i]);
  if (!s.all && s.roots.len)
    buf_puts(&notes, "\n");
  if (s.all) {
    buf_printf(&b, "nurt_escape()%s", sep);
  } else {
    /* the array's name and the statement's line, for NU_PROFILE: the
     * output's #line directives make __FILE__ and __LINE__ the input's */
    for (int i = 0; i < s.roots.len; i++) {
      char *name = xstrdup(s.roots.items[i]);
      for (char *p = name; *p; p++)
        if (*p == '"' || *p == '\\' || *p == '\n')
          *p = ' ';
      buf_printf(&b, "nurt_host_access_at(%s, %d, \"%s\", __FILE__, __LINE__)%s",
                 (char *)s.roots.items[i], s.writes.items[i] ? 1 : 0, name, sep);
      xfree(name);
    }
  }
  for (int i = 0; i < s.roots.len; i++)
    xfree(s.roots.items[i]);
  xfree(s.roots.items);
  xfree(s.writes.items);
  return b.s;
}

typedef struct Pass {
  Source *src;
  Edits *edits;
  bool calls_only; /* see Sync */
} Pass;

static void visit_stmt(Pass *p, CXCursor c, bool in_compound);

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    *(CXCursor *)d = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static CXCursor body_of(CXCursor fn) {
  CXCursor body = clang_getNullCursor();
  clang_visitChildren(fn, find_body, &body);
  return body;
}

static enum CXChildVisitResult compound_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  visit_stmt(d, c, true);
  return CXChildVisit_Continue;
}

/* The condition and increment of a loop (or the condition of an if) that
 * holds a kernel run after that kernel: `while (a[0] > e)` becomes
 * `while ((nurt_host_access(a, 0), a[0] > e))`. */
static enum CXChildVisitResult header_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Pass *p = d;
  if (!clang_isExpression(clang_getCursorKind(c)))
    return CXChildVisit_Continue;
  char *sync = syncs_for(p->src, c, ", ", p->calls_only);
  if (sync) {
    rewrite_add(p->edits, frontend_begin(c), frontend_begin(c), xformat("(%s", sync));
    rewrite_add(p->edits, frontend_end(c), frontend_end(c), xstrdup(")"));
  }
  return CXChildVisit_Continue;
}

/* Statements that hold statements, visited below a statement with a nest. */
static enum CXChildVisitResult inner_kid(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_isStatement(clang_getCursorKind(c)) && clang_getCursorKind(c) != CXCursor_DeclStmt)
    visit_stmt(d, c, false);
  return CXChildVisit_Continue;
}

/* Where code inserted before the statement at b goes: above the pragma
 * lines that stand directly over it (`#pragma omp parallel for` must stay
 * next to its loop). */
static unsigned above_pragmas(Source *src, unsigned b) {
  unsigned at = b;
  while (at > 0 && (src->text[at - 1] == ' ' || src->text[at - 1] == '\t'))
    at--;
  if (at > 0 && src->text[at - 1] != '\n')
    return b; /* something else precedes it on its line */
  for (;;) {
    if (at == 0)
      return at;
    unsigned prev = at - 1; /* the previous line: [start, prev) */
    unsigned start = prev;
    while (start > 0 && src->text[start - 1] != '\n')
      start--;
    unsigned q = start;
    while (q < prev && (src->text[q] == ' ' || src->text[q] == '\t'))
      q++;
    if (prev - q < 7 || strncmp(src->text + q, "#pragma", 7) != 0)
      return at;
    at = start;
  }
}

static void visit_stmt(Pass *p, CXCursor c, bool in_compound) {
  enum CXCursorKind k = clang_getCursorKind(c);
  unsigned b = frontend_begin(c), e = frontend_end(c);
  if (k == CXCursor_CompoundStmt) {
    clang_visitChildren(c, compound_kid, p);
    return;
  }
  /* An `if` syncs at its condition and in each branch, not before it
   * all: `if (s % 5 == 4) x += a[3];` copies only in the steps that read
   * (a loop stays one statement: one sync, not one per iteration).  An
   * `if` a macro expands to stays whole: its parts are not in the text. */
  bool split_if = k == CXCursor_IfStmt && b + 2 < p->src->len &&
                  !strncmp(p->src->text + b, "if", 2) &&
                  (p->src->text[b + 2] == ' ' || p->src->text[b + 2] == '(');
  if (contains_nest(p->src, b, e) || split_if) {
    if (!is_nest(p->src, c)) {
      clang_visitChildren(c, header_kid, p);
      clang_visitChildren(c, inner_kid, p);
    }
    return;
  }
  if (!clang_isStatement(k) && !clang_isExpression(k) && k != CXCursor_DeclStmt)
    return;
  char *sync = syncs_for(p->src, c, "; ", p->calls_only);
  if (!sync)
    return;
  if (in_compound) {
    unsigned at = above_pragmas(p->src, b);
    rewrite_add(p->edits, at, at, at == b ? sync : xformat("%s\n", sync));
  } else {
    /* `if (c) a[0] = 1;` → `if (c) { sync a[0] = 1; }` */
    rewrite_add(p->edits, b, b, xformat("{ %s", sync));
    unsigned end = e;
    /* the statement's `;` is outside an expression statement's extent */
    while (end < p->src->len && (p->src->text[end] == ' ' || p->src->text[end] == '\t'))
      end++;
    if (end < p->src->len && p->src->text[end] == ';')
      e = end + 1;
    rewrite_add(p->edits, e, e, xstrdup(" }"));
  }
}

static enum CXChildVisitResult find_returns(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Pass *p = d;
  if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
    unsigned b = frontend_begin(c), e = frontend_end(c);
    if (e == 0 || p->src->text[e - 1] != ';') {
      while (e < p->src->len && p->src->text[e] != ';')
        e++;
      e++;
    }
    rewrite_add(p->edits, b, b, xstrdup("{ nurt_escape(); "));
    buf_printf(&notes,
               "%s:%d: in %s: nurt_escape() at the return: the caller may touch any array\n",
               p->src->path, line_of(p->src, b), func_name);
    rewrite_add(p->edits, e, e, xstrdup(" }"));
    return CXChildVisit_Continue;
  }
  return is_nest(p->src, c) ? CXChildVisit_Continue : CXChildVisit_Recurse;
}

static enum CXChildVisitResult visit_func(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Pass *p = d;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
      !frontend_in_main_file(p->src, c))
    return CXChildVisit_Continue;
  CXString fname = clang_getCursorSpelling(c);
  func_name = xstrdup(clang_getCString(fname));
  clang_disposeString(fname);
  CXCursor body = body_of(c);
  if (clang_Cursor_isNull(body))
    return CXChildVisit_Continue;
  if (!contains_nest(p->src, frontend_begin(c), frontend_end(c))) {
    /* page protection catches the host's own reads and writes of device
     * data, but a system call (fwrite, read) would fail with EFAULT: sync
     * the arrays handed to library calls in every function of the file */
    Pass calls = {p->src, p->edits, true};
    visit_stmt(&calls, body, false);
    return CXChildVisit_Continue;
  }
  visit_stmt(p, body, false);
  clang_visitChildren(body, find_returns, p);
  /* falling off the end of the function is an exit too */
  unsigned end = frontend_end(body);
  rewrite_add(p->edits, end - 1, end - 1, xstrdup("nurt_escape(); "));
  buf_printf(&notes, "%s:%d: in %s: nurt_escape() at the end of the function\n", p->src->path,
             line_of(p->src, end - 1), func_name);
  return CXChildVisit_Continue;
}

/* free(p) and realloc(p, n) → nurt_free/nurt_realloc, so the runtime forgets
 * the array before its address can be reused. */
static enum CXChildVisitResult find_frees(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Pass *p = d;
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    CXCursor fn = clang_getCursorReferenced(c);
    CXString name = clang_getCursorSpelling(fn);
    const char *n = clang_getCString(name);
    bool mine = !clang_Cursor_isNull(fn) &&
                clang_Location_isInSystemHeader(clang_getCursorLocation(fn)) &&
                (!strcmp(n, "free") || !strcmp(n, "realloc"));
    unsigned b = frontend_begin(c);
    size_t len = strlen(n);
    if (mine && b + len < p->src->len && !strncmp(p->src->text + b, n, len) &&
        (p->src->text[b + len] == '(' || p->src->text[b + len] == ' '))
      rewrite_add(p->edits, b, b + (unsigned)len, xformat("nurt_%s", n));
    clang_disposeString(name);
  }
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult visit_frees(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Pass *p = d;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      frontend_in_main_file(p->src, c))
    clang_visitChildren(c, find_frees, p);
  return CXChildVisit_Continue;
}

void hostsync_add_edits(Source *src, Edits *edits) {
  seen = verdict = (Vec){0};
  notes = (Buf){0};
  nnest_fors = src->nests.len;
  nest_fors = xcalloc((size_t)nnest_fors, sizeof *nest_fors);
  for (int i = 0; i < nnest_fors; i++)
    nest_fors[i] = ((Nest *)src->nests.items[i])->for_begin;
  qsort(nest_fors, (size_t)nnest_fors, sizeof *nest_fors, cmp_offset);
  Pass p = {src, edits, false};
  clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_func, &p);
  clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_frees, &p);
}
