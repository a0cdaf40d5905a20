/* rewrite.c — applies edits to the input text.
 * Receives (range, text) edits from the host printer and the
 * synchronisation pass; hands on the output text. */
#include "rewrite.h"

#include <stdlib.h>
#include <string.h>

typedef struct Edit {
  unsigned begin, end;
  char *text;
  int seq;
  int tag;
  size_t out_begin, out_end; /* where rewrite_apply put the text; out_end 0 if skipped */
} Edit;

void rewrite_add_tagged(Edits *e, unsigned begin, unsigned end, char *text, int tag) {
  Edit *ed = NEW(Edit);
  ed->begin = begin;
  ed->end = end;
  ed->text = text;
  ed->seq = e->items.len;
  ed->tag = tag;
  vec_push(&e->items, ed);
}

void rewrite_add(Edits *e, unsigned begin, unsigned end, char *text) {
  rewrite_add_tagged(e, begin, end, text, 0);
}

int rewrite_tag_at(const Edits *e, size_t at) {
  for (int i = 0; i < e->items.len; i++) {
    const Edit *ed = e->items.items[i];
    if (ed->tag && at >= ed->out_begin && at < ed->out_end)
      return ed->tag;
  }
  return 0;
}

static int cmp_edit(const void *a, const void *b) {
  const Edit *x = *(Edit *const *)a, *y = *(Edit *const *)b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  /* text inserted where a replaced range starts goes before it, whichever
   * came first: after, it would fall inside the range and be lost (a sync
   * above an `omp for` line that driver.c drops) */
  if ((x->begin == x->end) != (y->begin == y->end))
    return x->begin == x->end ? -1 : 1;
  return x->seq - y->seq;
}

char *rewrite_apply(Edits *e, const char *text, size_t len) {
  if (e->items.len) /* no edits: items is NULL, which qsort() must not get */
    qsort(e->items.items, (size_t)e->items.len, sizeof(void *), cmp_edit);
  Buf out = {0};
  unsigned pos = 0;
  for (int i = 0; i < e->items.len; i++) {
    Edit *ed = e->items.items[i];
    if (ed->begin < pos)
      continue; /* inside a replaced range: the replacement already covers it */
    char *chunk = xstrndup(text + pos, ed->begin - pos);
    buf_puts(&out, chunk);
    xfree(chunk);
    ed->out_begin = out.len;
    buf_puts(&out, ed->text);
    ed->out_end = out.len;
    pos = ed->end;
  }
  char *rest = xstrndup(text + pos, len - pos);
  buf_puts(&out, rest);
  xfree(rest);
  return out.s ? out.s : xstrdup("");
}
