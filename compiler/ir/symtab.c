/* symtab.c — the names of one compilation (nucc.h's Symtab): the file's
 * variables, which the front end records, and the names the transformations
 * make.  It belongs to the IR, not to the front end: transform.c and tidy.c
 * ask it for a fresh name without reaching up into libclang's side. */
#include "nucc.h"

#include <string.h>

Var *symtab_lookup_var(Symtab *names, const char *name) {
  for (int i = 0; i < names->vars.len; i++) {
    Var *v = names->vars.items[i];
    if (strcmp(v->name, name) == 0)
      return v;
  }
  return NULL;
}

bool symtab_name_taken(Symtab *names, const char *name) {
  if (symtab_lookup_var(names, name))
    return true;
  for (int i = 0; i < names->made.len; i++)
    if (strcmp(names->made.items[i], name) == 0)
      return true;
  return false;
}

void symtab_claim_name(Symtab *names, char *name) { vec_push(&names->made, name); }
