/* driver.c — the pipeline: front end → annotations → printers → output.
 * Receives the options main.c parsed (or a fuzz target made); reads the
 * input, translates it, and writes the output through a temporary file and
 * rename(), so a failed run never leaves a half-written output.  Hands back
 * the exit status. */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"
#include "annotation.h"
#include "emit/emit.h"
#include "frontend.h"
#include "hostsync.h"
#include "rewrite.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  Buf b = {0};
  char chunk[65536];
  size_t n;
  buf_puts(&b, "");
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    char *s = xstrndup(chunk, n);
    if (strlen(s) != n) { /* NUL bytes: not C source */
      xfree(s);
      fclose(f);
      xfree(b.s);
      errno = EILSEQ;
      return NULL;
    }
    buf_puts(&b, s);
    xfree(s);
  }
  bool err = ferror(f);
  fclose(f);
  if (err) {
    xfree(b.s);
    return NULL;
  }
  *len = b.len;
  return b.s;
}

/* Writes through a temporary file in the same directory and renames it. */
static bool write_atomically(const char *path, const char *text) {
  char *tmp = xformat("%s.nucc-XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    diag_plain("cannot write '%s': %s", path, strerror(errno));
    xfree(tmp);
    return false;
  }
  FILE *f = fdopen(fd, "w");
  bool ok = f && fputs(text, f) >= 0;
  ok = f && fclose(f) == 0 && ok;
  if (ok && rename(tmp, path) != 0)
    ok = false;
  if (!ok) {
    diag_plain("cannot write '%s': %s", path, strerror(errno));
    unlink(tmp);
  }
  xfree(tmp);
  return ok;
}

static int line_of(const char *text, unsigned off) {
  int line = 1;
  for (unsigned i = 0; i < off && text[i]; i++)
    line += text[i] == '\n';
  return line;
}

static void explain(Source *src, Nest *n, Kernel *k) {
  printf("== %s:%d: nest of %d loop%s", src->path, n->loops[0]->loc.line, n->depth,
         n->depth == 1 ? "" : "s");
  printf("\n-- as written:\n");
  Printer p = {0};
  Buf b = {0};
  Stmt s = {.kind = ST_FOR, .loop = n->loops[0], .body = n->loops[0]->body};
  print_stmt(&p, &s, 0, &b);
  fputs(b.s, stdout);
  xfree(b.s);
  if (k) {
    Vec one = {0};
    bool fp64;
    vec_push(&one, k);
    char *prog = emit_opencl_program(&one, &fp64);
    printf("-- after work(");
    for (int i = 0; i < k->dims; i++)
      printf("%s%s", i ? "," : "", k->wg[i].text);
    printf("): OpenCL kernel\n%s", prog);
    xfree(prog);
    xfree(one.items);
  }
}

static char *host_output(Source *src, Vec *kernels, const char *program, bool fp64) {
  Edits edits = {0};
  Buf stubs = {0};
  for (int i = 0; i < kernels->len; i++) {
    Kernel *k = kernels->items[i];
    Nest *n = k->nest;
    char *stub = emit_host_stub(k);
    if (!stub)
      return NULL;
    buf_printf(&stubs, "\n%s", stub);
    char *original = xstrndup(src->text + n->for_begin, n->end - n->for_begin);
    /* the pragma lines, for a comment at the call; not the comments or blank
     * lines between them and the loop */
    Buf pragmas = {0};
    for (unsigned at = n->begin; at < n->for_begin;) {
      const char *nl = memchr(src->text + at, '\n', n->for_begin - at);
      unsigned end = nl ? (unsigned)(nl - src->text) + 1 : n->for_begin;
      const char *p = src->text + at;
      while (p < src->text + end && (*p == ' ' || *p == '\t'))
        p++;
      if (*p == '#') {
        char *line = xstrndup(p, (size_t)(src->text + end - p));
        for (char *q = line; *q; q++)
          if (q[0] == '*' && q[1] == '/')
            q[0] = ' ';
          else if (q[0] == '/' && q[1] == '*')
            q[1] = ' ';
        buf_puts(&pragmas, line);
        xfree(line);
      }
      at = end;
    }
    char *call = emit_host_call(k, original, pragmas.s ? pragmas.s : "", src->path);
    rewrite_add(&edits, n->begin, n->end,
                xformat("%s\n#line %d \"%s\"\n", call, line_of(src->text, n->end), src->path));
  }
  for (int i = 0; i < src->directives.len; i++) {
    Directive *d = src->directives.items[i];
    rewrite_add(&edits, d->begin, d->end, xstrdup("nurt_wait();\n"));
  }
  hostsync_add_edits(src, &edits);
  char *body = rewrite_apply(&edits, src->text, src->len);
  char *prologue = emit_host_prologue(src->path, program, fp64);
  return xformat("%s%s\n#line 1 \"%s\"\n%s", prologue, stubs.s ? stubs.s : "", src->path, body);
}

int nucc_compile(const Options *o) {
  Source src = {.path = o->input};
  src.text = read_file(o->input, &src.len);
  if (!src.text) {
    fprintf(stderr, "nucc: error: cannot read '%s': %s\n", o->input, strerror(errno));
    return 1;
  }
  diag_init(o->input, src.text, src.len);
  Vec args = {0};
  for (int i = 0; i < o->clang_args.len; i++)
    vec_push(&args, o->clang_args.items[i]);
  vec_push(&args, "-ferror-limit=50");
  bool ok = frontend_parse(&src, args.len, (const char *const *)args.items);
  Vec kernels = {0};
  for (int i = 0; ok && i < src.nests.len; i++) {
    Nest *n = src.nests.items[i];
    AnnotCtx cx = {.nest = n};
    if (annot_apply_all(&cx))
      vec_push(&kernels, cx.kernel);
    if (o->explain)
      explain(&src, n, cx.kernel);
  }
  ok = ok && diag_errors() == 0;
  char *out = NULL;
  if (ok) {
    bool fp64;
    char *program = emit_opencl_program(&kernels, &fp64);
    if (o->emit == EMIT_CL)
      out = program;
    else if (o->emit == EMIT_SEQ)
      out = xstrdup(src.text); /* no transformation but `work` exists yet */
    else
      out = host_output(&src, &kernels, program, fp64);
    ok = out && diag_errors() == 0;
  }
  if (ok && o->report)
    for (int i = 0; i < kernels.len; i++)
      emit_report(kernels.items[i], o->input);
  if (ok && o->output)
    ok = write_atomically(o->output, out);
  if (!ok && o->output)
    unlink(o->output);
  frontend_dispose(&src);
  return ok ? 0 : 1;
}
