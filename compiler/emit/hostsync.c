/* hostsync.c — where host code must see fresh arrays (SPEC §5).
 * Receives the host code as the front end describes it (src->host_funcs:
 * statements as source spans with the arrays they use) and the nests, and
 * sees no libclang cursor; in every function that launches
 * kernels, puts before each host statement a nurt_host_access() for each
 * array the statement subscripts or hands to a library call (hoisted out of
 * host loops: a whole loop without kernels is one statement), a
 * nurt_escape() before calls to functions that may touch any array
 * (defined in this file or elsewhere), and a nurt_escape() at every exit of
 * the function.  The runtime finds arrays by address, so aliases and rotated
 * pointers are handled.  A reduction variable whose result the host folds
 * in lazily (src->lazy_reds) gets a nurt_red at the start of the function,
 * a nurt_red_fold() before each host statement that names it (a
 * nurt_red_drop() before `v = e` that names it nowhere else), and a
 * nurt_red_drop() at every exit. */
#include "hostsync.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One run of hostsync_add_edits(): lives for one compilation. */
typedef struct HostSync {
  Source *src;
  Edits *edits;
  Buf *notes;            /* --explain=data: one line per sync */
  const char *func_name; /* the function being visited */
  bool calls_only;       /* a function without kernels: library calls only */
  /* the nests' `for` offsets, sorted, and parallel to them their ends:
   * every statement asks whether it holds a nest, and a scan of all nests
   * per statement made large files quadratic */
  unsigned *nest_fors, *nest_ends;
  int nnests;
  Vec lazy;          /* Var*: the function's lazily folded reduction variables */
  unsigned line_off; /* line_of(): the last offset asked, and its line */
  int line_no;
} HostSync;

/* An array (or struct object) one host statement uses. */
typedef struct SyncRoot {
  const char *root; /* its source text */
  bool write;
  bool object; /* a struct object (HU_OBJECT), synced over its bytes */
  bool whole;  /* some use is not one element (HostUse.elem): the whole array */
  bool lib;    /* handed to a library call, which may hand it to the kernel
                  without a fault: its pages must open (NURT_HOST_OPEN) */
  Vec elems;   /* HostUse*: its element uses */
} SyncRoot;

/* What one host statement needs. */
typedef struct Sync {
  unsigned stmt_begin, stmt_end; /* the host statement */
  Vec roots;                     /* SyncRoot*, in the order first used */
  Vec assigned;                  /* Var.off (as uintptr) of the variables it writes */
  bool writes_pointer;           /* it may write a pointer kept in memory (a
                                    struct, a pointer variable, an array that
                                    is not written one number at a time) */
  bool writes_memory;            /* it writes anything but a variable by name */
  bool all;                      /* needs nurt_escape() */
  Vec lazy;                      /* Var*: lazily folded variables named */
  int lazy_named;                /* how many times they are named */
} Sync;

static void sync_free(Sync *s) {
  for (int i = 0; i < s->roots.len; i++) {
    SyncRoot *r = s->roots.items[i];
    xfree(r->elems.items);
    xfree(r);
  }
  xfree(s->roots.items);
  xfree(s->assigned.items);
  xfree(s->lazy.items);
}

/* The line of a byte offset of the source.  Statements come in source
 * order, so the count goes on from the last one asked: scanning from the
 * start for every sync note made large files quadratic (a 20,000-line file
 * spent a third of its time here). */
static int line_of(HostSync *hs, unsigned off) {
  if (off < hs->line_off) {
    hs->line_off = 0;
    hs->line_no = 1;
  }
  for (; hs->line_off < off && hs->line_off < hs->src->len; hs->line_off++)
    hs->line_no += hs->src->text[hs->line_off] == '\n';
  return hs->line_no;
}

/* The index of the first nest at or after `off`. */
static int first_nest_from(HostSync *hs, unsigned off) {
  int lo = 0, hi = hs->nnests;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (hs->nest_fors[mid] < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static bool contains_nest(HostSync *hs, unsigned b, unsigned e) {
  int i = first_nest_from(hs, b);
  return i < hs->nnests && hs->nest_fors[i] < e;
}

static bool is_nest(HostSync *hs, unsigned b) {
  int i = first_nest_from(hs, b);
  return i < hs->nnests && hs->nest_fors[i] == b;
}

static bool in_nest(HostSync *hs, unsigned off) {
  int i = first_nest_from(hs, off + 1) - 1;
  return i >= 0 && off < hs->nest_ends[i];
}

static bool is_statement(HostStmt *n) { return n->kind != HS_EXPR && n->kind != HS_OTHER; }

static Var *lazy_var(HostSync *hs, unsigned off) {
  for (int i = 0; i < hs->lazy.len; i++)
    if (((Var *)hs->lazy.items[i])->off == off)
      return hs->lazy.items[i];
  return NULL;
}

static void sync_use(HostSync *hs, Sync *s, HostUse *u) {
  if (u->kind == HU_SCALAR) {
    if (u->write) {
      vec_push(&s->assigned, (void *)(uintptr_t)u->decl);
      s->writes_pointer |= u->aggregate;
      s->writes_memory |= u->aggregate;
    }
    Var *v = lazy_var(hs, u->decl);
    if (!v)
      return;
    s->lazy_named++;
    for (int i = 0; i < s->lazy.len; i++)
      if (s->lazy.items[i] == v)
        return;
    vec_push(&s->lazy, v);
    return;
  }
  /* in a function without kernels, page protection catches the host's own
   * accesses: only what library calls receive counts */
  if (hs->calls_only && !u->lib_arg)
    return;
  if (u->kind != HU_ROOT && u->kind != HU_OBJECT) {
    s->all = true;
    return;
  }
  /* a variable declared inside the statement cannot be named before it */
  if (u->decl >= s->stmt_begin && u->decl < s->stmt_end) {
    s->all = true;
    return;
  }
  bool object = u->kind == HU_OBJECT;
  s->writes_pointer |= u->write && (object || !u->elem);
  s->writes_memory |= u->write;
  SyncRoot *r = NULL;
  for (int i = 0; i < s->roots.len && !r; i++) {
    SyncRoot *ri = s->roots.items[i];
    if (strcmp(ri->root, u->root) == 0 && ri->object == object)
      r = ri;
  }
  if (!r) {
    r = NEW(SyncRoot);
    r->root = u->root;
    r->object = object;
    vec_push(&s->roots, r);
  }
  r->write |= u->write;
  r->lib |= u->lib_arg;
  if (u->elem && !object)
    vec_push(&r->elems, u);
  else
    r->whole = true;
}

static bool has_off(Vec *v, uintptr_t off) {
  for (int i = 0; i < v->len; i++)
    if ((uintptr_t)v->items[i] == off)
      return true;
  return false;
}

/* Whether the statement touches only r's elements, each at an address that
 * evaluates before the statement to the bytes the statement uses: then the
 * runtime needs to sync only those.  Naming too few bytes would leave stale
 * data unseen, so anything in doubt syncs the whole array. */
static bool elements_only(HostStmt *stmt, Sync *s, SyncRoot *r) {
  if (!stmt->straight || r->whole || r->object || !r->elems.len)
    return false;
  for (int i = 0; i < r->elems.len; i++) {
    HostUse *u = r->elems.items[i];
    if ((u->elem_loads && s->writes_pointer) || (u->elem_shared && s->writes_memory))
      return false;
    for (int j = 0; j < u->elem_vars.len; j++) {
      uintptr_t off = (uintptr_t)u->elem_vars.items[j];
      /* assigned by the statement, or declared in it (not yet in scope) */
      if (has_off(&s->assigned, off) || (off >= s->stmt_begin && off < s->stmt_end))
        return false;
    }
  }
  return true;
}

/* r's distinct elements (text-equal lvalues are one), each written if any
 * use of it writes: HostUse* of the first use, and a write flag. */
static void distinct_elems(SyncRoot *r, Vec *elems, Vec *writes) {
  for (int i = 0; i < r->elems.len; i++) {
    HostUse *u = r->elems.items[i];
    int j = 0;
    while (j < elems->len && strcmp(((HostUse *)elems->items[j])->elem, u->elem) != 0)
      j++;
    if (j == elems->len) {
      vec_push(elems, u);
      vec_push(writes, NULL);
    }
    if (u->write)
      writes->items[j] = (void *)1;
  }
}

/* A root's text inside the string literal of a check. */
static char *quoted_name(const char *root) {
  char *name = xstrdup(root);
  for (char *p = name; *p; p++)
    if (*p == '"' || *p == '\\' || *p == '\n')
      *p = ' ';
  return name;
}

/* A statement's uses are its parts', in order; anything else carries its
 * own, whole. */
static void sync_node(HostSync *hs, Sync *s, HostStmt *n) {
  if (is_statement(n))
    for (int i = 0; i < n->kids.len; i++)
      sync_node(hs, s, n->kids.items[i]);
  else
    for (int i = 0; i < n->uses.len; i++)
      sync_use(hs, s, n->uses.items[i]);
}

/* The synchronisation text for a host statement, or NULL if none. */
/* `sep` is "; " for statements, ", " for a comma expression. */
static char *syncs_for(HostSync *hs, HostStmt *stmt, const char *sep) {
  Source *src = hs->src;
  Buf *notes = hs->notes;
  Sync s = {.stmt_begin = stmt->begin, .stmt_end = stmt->end};
  sync_node(hs, &s, stmt);
  Buf b = {0};
  /* `v = e` where e does not name v: the pending result is never read */
  bool drop = s.lazy.len == 1 && s.lazy_named == 1 && strcmp(sep, "; ") == 0 &&
              stmt->assigns == ((Var *)s.lazy.items[0])->off + 1;
  for (int i = 0; i < s.lazy.len; i++) {
    Var *v = s.lazy.items[i];
    buf_printf(notes, "%s:%d: in %s: %s before the statement: it %s %s\n", src->path,
               line_of(hs, s.stmt_begin), hs->func_name ? hs->func_name : "?",
               drop ? "nurt_red_drop()" : "nurt_red_fold()", drop ? "overwrites" : "names",
               v->name);
    buf_printf(&b, "nurt_red_%s(&nu_rr_%s_%u)%s", drop ? "drop" : "fold", v->name, v->off, sep);
  }
  if (s.all || s.roots.len)
    buf_printf(notes, "%s:%d: in %s: ", src->path, line_of(hs, s.stmt_begin),
               hs->func_name ? hs->func_name : "?");
  if (s.all) {
    buf_puts(notes, "nurt_escape() before the statement: it calls a function that may touch "
                    "any array (arrays on the device are made safe for it)\n");
    buf_printf(&b, "nurt_escape()%s", sep);
    sync_free(&s);
    return b.s;
  }
  const char *lead = "before the statement, ";
  for (int i = 0; i < s.roots.len; i++) {
    SyncRoot *r = s.roots.items[i];
    const char *root = r->root;
    if (r->object) { /* a struct, read or written whole */
      buf_printf(notes, "%s%s %s", lead, r->write ? "writes" : "reads", root);
      buf_printf(&b, "nurt_host_range(&(%s), sizeof(%s), %d)%s", root, root, r->write ? 1 : 0, sep);
      lead = ", ";
      continue;
    }
    /* the array's name and the statement's line, for NU_PROFILE: the
     * output's #line directives make __FILE__ and __LINE__ the input's */
    char *name = quoted_name(root);
    if (elements_only(stmt, &s, r)) {
      Vec elems = {0}, writes = {0};
      distinct_elems(r, &elems, &writes);
      for (int j = 0; j < elems.len; j++) {
        const char *e = ((HostUse *)elems.items[j])->elem;
        int w = writes.items[j] != NULL;
        buf_printf(notes, "%s%s %s (one element)", lead, w ? "writes" : "reads", e);
        buf_printf(&b, "nurt_host_range_at(&(%s), sizeof(%s), %d, \"%s\", __FILE__, __LINE__)%s", e,
                   e, w, name, sep);
        lead = ", ";
      }
      xfree(elems.items);
      xfree(writes.items);
    } else {
      buf_printf(notes, "%s%s %s", lead, r->write ? "writes" : "reads", root);
      const char *how =
          r->lib ? (r->write ? "1 | NURT_HOST_OPEN" : "NURT_HOST_OPEN") : (r->write ? "1" : "0");
      buf_printf(&b, "nurt_host_access_at(%s, %s, \"%s\", __FILE__, __LINE__)%s", root, how, name,
                 sep);
      lead = ", ";
    }
    xfree(name);
  }
  if (s.roots.len)
    buf_puts(notes, "\n");
  sync_free(&s);
  return b.s;
}

static void visit_stmt(HostSync *hs, HostStmt *n, bool in_compound);

/* The condition and increment of a loop (or the condition of an if) that
 * holds a kernel run after that kernel: `while (a[0] > e)` becomes
 * `while ((nurt_host_access(a, 0), a[0] > e))`. */
static void visit_header(HostSync *hs, HostStmt *n) {
  if (n->kind != HS_EXPR)
    return;
  char *sync = syncs_for(hs, n, ", ");
  if (sync) {
    rewrite_add(hs->edits, n->begin, n->begin, xformat("(%s", sync));
    rewrite_add(hs->edits, n->end, n->end, xstrdup(")"));
  }
}

/* Whether a `#pragma` line starts at off (the front end's pragma_starts,
 * in order: a binary search). */
static bool is_pragma_start(Source *src, unsigned off) {
  int lo = 0, hi = src->pragma_starts.len;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    unsigned at = (unsigned)(uintptr_t)src->pragma_starts.items[mid];
    if (at == off)
      return true;
    if (at < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return false;
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
    if (!is_pragma_start(src, start))
      return at;
    at = start;
  }
}

/* Puts `sync` before the statement n: in its block, or in braces. */
static void insert_before(HostSync *hs, HostStmt *n, bool in_compound, char *sync) {
  Source *src = hs->src;
  unsigned b = n->begin, e = n->end;
  if (in_compound) {
    unsigned at = above_pragmas(src, b);
    rewrite_add(hs->edits, at, at, at == b ? sync : xformat("%s\n", sync));
  } else {
    /* `if (c) a[0] = 1;` → `if (c) { sync a[0] = 1; }` */
    rewrite_add(hs->edits, b, b, xformat("{ %s", sync));
    unsigned end = e;
    /* the statement's `;` is outside an expression statement's extent */
    while (end < src->len && (src->text[end] == ' ' || src->text[end] == '\t'))
      end++;
    if (end < src->len && src->text[end] == ';')
      e = end + 1;
    rewrite_add(hs->edits, e, e, xstrdup(" }"));
  }
}

/* The folds a declaration in the header of a statement that holds a nest
 * needs (`for (double t = s; ...)`): they go before the whole statement,
 * whose header runs first. */
static char *header_decl_folds(HostSync *hs, HostStmt *n) {
  Buf b = {0};
  for (int i = 0; i < n->kids.len; i++) {
    HostStmt *k = n->kids.items[i];
    if (k->kind != HS_DECL)
      continue;
    Sync s = {.stmt_begin = k->begin, .stmt_end = k->end};
    sync_node(hs, &s, k);
    for (int j = 0; j < s.lazy.len; j++) {
      Var *v = s.lazy.items[j];
      buf_printf(&b, "nurt_red_fold(&nu_rr_%s_%u); ", v->name, v->off);
    }
    sync_free(&s);
  }
  return b.s;
}

/* After a declaration of local arrays or structs: their objects are new,
 * and an old array at the same address (the last iteration's, a sibling
 * block's) must not lend them its device copy.  A declaration's initializer
 * writes them where nurt cannot see it, so this goes after it: the runtime
 * then forgets what the device held there. */
static void define_after(HostSync *hs, HostStmt *n) {
  if (n->kind != HS_DECL || !n->defines.len)
    return;
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < n->defines.len; i++) {
    const char *v = n->defines.items[i];
    buf_printf(&b, " nurt_host_define(&%s, sizeof %s);", v, v);
    buf_printf(hs->notes,
               "%s:%d: in %s: nurt_host_define() after the declaration of %s: a new "
               "object, whatever the device held at its address is gone\n",
               hs->src->path, line_of(hs, n->begin), hs->func_name ? hs->func_name : "?", v);
  }
  rewrite_add(hs->edits, n->end, n->end, b.s);
}

/* Whether the block at b is an OpenMP `parallel` region the output keeps
 * (it holds no kernel: driver.c drops the others).  Its threads would all
 * run a sync placed inside it, and nurt is called from one thread: the
 * region is synced as one statement, before its pragma. */
static bool kept_region(HostSync *hs, unsigned b) {
  Source *src = hs->src;
  for (int i = 0; i < src->omp_regions.len; i++) {
    Directive *r = src->omp_regions.items[i];
    if (r->region_begin != b)
      continue;
    for (int j = 0; j < src->directives.len; j++) {
      Directive *d = src->directives.items[j];
      if (!strcmp(d->name, "omp parallel") && d->begin == r->begin)
        return false;
    }
    return true;
  }
  return false;
}

/* Whether the block at b is a nest that stays host code (OpenMP's fuse
 * over a block of loops): the output replaces the block whole, so it is
 * synced as one statement. */
static bool host_block(HostSync *hs, unsigned b) {
  for (int i = 0; i < hs->src->nests.len; i++) {
    Nest *n = hs->src->nests.items[i];
    if (n->host_code && n->for_begin == b)
      return true;
  }
  return false;
}

static void visit_stmt(HostSync *hs, HostStmt *n, bool in_compound) {
  Source *src = hs->src;
  unsigned b = n->begin, e = n->end;
  if (n->kind == HS_COMPOUND && !(in_compound && kept_region(hs, b)) && !host_block(hs, b)) {
    for (int i = 0; i < n->kids.len; i++)
      visit_stmt(hs, n->kids.items[i], true);
    return;
  }
  /* An `if` syncs at its condition and in each branch, not before it
   * all: `if (s % 5 == 4) x += a[3];` copies only in the steps that read
   * (a loop stays one statement: one sync, not one per iteration).  An
   * `if` a macro expands to stays whole: its parts are not in the text. */
  bool split_if = n->kind == HS_IF && b + 2 < src->len && strncmp(src->text + b, "if", 2) == 0 &&
                  (src->text[b + 2] == ' ' || src->text[b + 2] == '(');
  if (contains_nest(hs, b, e) || split_if) {
    if (!is_nest(hs, b)) {
      char *folds = hs->lazy.len ? header_decl_folds(hs, n) : NULL;
      if (folds)
        insert_before(hs, n, in_compound, folds);
      for (int i = 0; i < n->kids.len; i++)
        visit_header(hs, n->kids.items[i]);
      /* the statements below it, declarations apart */
      for (int i = 0; i < n->kids.len; i++) {
        HostStmt *k = n->kids.items[i];
        if (is_statement(k) && k->kind != HS_DECL)
          visit_stmt(hs, k, false);
      }
    }
    return;
  }
  if (n->kind == HS_OTHER)
    return;
  char *sync = syncs_for(hs, n, "; ");
  if (sync)
    insert_before(hs, n, in_compound, sync);
  if (in_compound && !hs->calls_only)
    define_after(hs, n);
}

/* Every exit of a function that launches kernels hands the arrays back:
 * the caller may touch any of them. */
static void sync_exits(HostSync *hs, HostFunc *f) {
  Source *src = hs->src;
  /* the lazily folded variables die: their pending results are not needed */
  Buf drops = {0};
  buf_puts(&drops, "");
  for (int i = 0; i < hs->lazy.len; i++) {
    Var *v = hs->lazy.items[i];
    buf_printf(&drops, "nurt_red_drop(&nu_rr_%s_%u); ", v->name, v->off);
  }
  for (int i = 0; i < f->returns.len; i++) {
    HostStmt *r = f->returns.items[i];
    if (in_nest(hs, r->begin))
      continue;
    unsigned b = r->begin, e = r->end;
    if (e == 0 || src->text[e - 1] != ';') {
      while (e < src->len && src->text[e] != ';')
        e++;
      e++;
    }
    rewrite_add(hs->edits, b, b, xformat("{ nurt_escape(); %s", drops.s));
    buf_printf(hs->notes,
               "%s:%d: in %s: nurt_escape() at the return: the caller may touch any array\n",
               src->path, line_of(hs, b), f->name);
    rewrite_add(hs->edits, e, e, xstrdup(" }"));
  }
  /* falling off the end of the function is an exit too */
  unsigned end = f->body->end;
  rewrite_add(hs->edits, end - 1, end - 1, xformat("nurt_escape(); %s", drops.s));
  xfree(drops.s);
  buf_printf(hs->notes, "%s:%d: in %s: nurt_escape() at the end of the function\n", src->path,
             line_of(hs, end - 1), f->name);
}

static void visit_func(HostSync *hs, HostFunc *f) {
  hs->func_name = f->name;
  if (!f->body)
    return;
  /* page protection catches the host's own reads and writes of device
   * data, but a system call (fwrite, read) would fail with EFAULT: sync
   * the arrays handed to library calls in every function of the file */
  hs->calls_only = true; /* a nest that stays host code counts: its function is synced */
  for (int i = 0; i < hs->src->nests.len && hs->calls_only; i++) {
    Nest *n = hs->src->nests.items[i];
    hs->calls_only = n->for_begin < f->begin || n->for_begin >= f->end;
  }
  hs->lazy.len = 0;
  for (int i = 0; !hs->calls_only && i < hs->src->lazy_reds.len; i++) {
    Var *v = hs->src->lazy_reds.items[i];
    for (int j = 0; j < f->lazy_ok.len; j++)
      if ((uintptr_t)f->lazy_ok.items[j] == v->off)
        vec_push(&hs->lazy, v);
  }
  /* one nurt_red per variable, zeroed at every call of the function */
  for (int i = 0; i < hs->lazy.len; i++) {
    Var *v = hs->lazy.items[i];
    rewrite_add(hs->edits, f->body->begin + 1, f->body->begin + 1,
                xformat(" nurt_red nu_rr_%s_%u = {0};", v->name, v->off));
  }
  visit_stmt(hs, f->body, false);
  if (!hs->calls_only)
    sync_exits(hs, f);
}

/* free(p) and realloc(p, n) → nurt_free/nurt_realloc, so the runtime forgets
 * the array before its address can be reused. */
static void rename_frees(HostSync *hs, HostFunc *f) {
  Source *src = hs->src;
  for (int i = 0; i < f->frees.len; i++) {
    HostFree *c = f->frees.items[i];
    unsigned b = c->begin;
    size_t len = strlen(c->name);
    /* as written, not through a macro */
    if (b + len < src->len && strncmp(src->text + b, c->name, len) == 0 &&
        (src->text[b + len] == '(' || src->text[b + len] == ' '))
      rewrite_add(hs->edits, b, b + (unsigned)len, xformat("nurt_%s", c->name));
  }
}

static int cmp_nest(const void *a, const void *b) {
  unsigned x = (*(Nest *const *)a)->for_begin, y = (*(Nest *const *)b)->for_begin;
  return (x > y) - (x < y);
}

void hostsync_add_edits(Source *src, Edits *edits, Buf *notes) {
  HostSync hs = {.src = src, .edits = edits, .notes = notes, .line_no = 1};
  Nest **nests = xcalloc((size_t)src->nests.len + 1, sizeof(Nest *));
  /* a nest that stays host code reads and writes host memory as the
   * statement it replaces would: synced as one, above its pragma lines */
  for (int i = 0; i < src->nests.len; i++)
    if (!((Nest *)src->nests.items[i])->host_code)
      nests[hs.nnests++] = src->nests.items[i];
  qsort(nests, (size_t)hs.nnests, sizeof(Nest *), cmp_nest);
  hs.nest_fors = xcalloc((size_t)hs.nnests + 1, sizeof(unsigned));
  hs.nest_ends = xcalloc((size_t)hs.nnests + 1, sizeof(unsigned));
  for (int i = 0; i < hs.nnests; i++) {
    hs.nest_fors[i] = nests[i]->for_begin;
    hs.nest_ends[i] = nests[i]->end;
  }
  buf_puts(notes, "");
  for (int i = 0; i < src->host_funcs.len; i++)
    visit_func(&hs, src->host_funcs.items[i]);
  for (int i = 0; i < src->host_funcs.len; i++)
    rename_frees(&hs, src->host_funcs.items[i]);
  xfree(nests);
  xfree(hs.lazy.items);
  xfree(hs.nest_fors);
  xfree(hs.nest_ends);
}
