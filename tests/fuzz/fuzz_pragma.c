/* fuzz_pragma.c — fuzz target: the annotation grammar alone.
 * Receives arbitrary bytes, taken as the text after `#pragma nu` (cut at the
 * first NUL, as a line of C would be); parses it and evaluates every
 * argument as an integer.  Syntax errors are fine; a crash, a sanitizer
 * report or a hang is a bug. */
#include "nucc.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = xstrndup((const char *)data, size);
  diag_init("<fuzz>", text, size);
  Vec annots = {0};
  pragma_parse(text, (SrcLoc){1, 11, 0}, &annots);
  for (int i = 0; i < annots.len; i++) {
    Annot *a = annots.items[i];
    for (int j = 0; j < a->nargs; j++) {
      long long v;
      pragma_arg_int(&a->args[j], &v);
    }
  }
  util_free_all();
  return 0;
}
