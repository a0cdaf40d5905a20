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
} Edit;

void rewrite_add(Edits *e, unsigned begin, unsigned end, char *text) {
  Edit *ed = NEW(Edit);
  ed->begin = begin;
  ed->end = end;
  ed->text = text;
  ed->seq = e->items.len;
  vec_push(&e->items, ed);
}

static int cmp_edit(const void *a, const void *b) {
  const Edit *x = *(Edit *const *)a, *y = *(Edit *const *)b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
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
    buf_puts(&out, ed->text);
    pos = ed->end;
  }
  char *rest = xstrndup(text + pos, len - pos);
  buf_puts(&out, rest);
  xfree(rest);
  return out.s ? out.s : xstrdup("");
}
