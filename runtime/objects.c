/* objects.c — the program's static arrays by address, so that a launch can
 * size an array whose subscripts the compiler could not bound when it is
 * not a heap block: NPB passes its file-scope arrays (`static double
 * a[NZ+1]`) to the functions that hold the loops, as pointers.  The
 * symbol tables of the executable and of each shared object loaded (ELF
 * .symtab, or .dynsym where the file was stripped) name every object with
 * its address and size; a pointer into one has that object's extent, and
 * a pointer into none gets the launch's error, never a guess.  Read once,
 * at the first question, from the files on disk (/proc/self/exe and the
 * loader's list), sorted by address. */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nurt_internal.h"

typedef struct {
  uintptr_t lo;
  size_t bytes;
} object;

static object *objects;
static size_t nobjects, cap;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void add(uintptr_t lo, size_t bytes) {
  if (nobjects == cap) {
    size_t c = cap ? 2 * cap : 256;
    object *o = realloc(objects, c * sizeof *o);
    if (!o)
      return; /* a table left short: its missing objects are errors, never guesses */
    objects = o;
    cap = c;
  }
  objects[nobjects++] = (object){lo, bytes};
}

/* The data objects of one ELF file mapped at `bias`: its .symtab, else its
 * .dynsym.  A file that cannot be read adds nothing. */
static void read_file(const char *path, uintptr_t bias) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  struct stat st;
  void *map = MAP_FAILED;
  if (fstat(fd, &st) == 0 && (size_t)st.st_size >= sizeof(ElfW(Ehdr)))
    map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED)
    return;
  const char *base = map;
  size_t size = (size_t)st.st_size;
  const ElfW(Ehdr) *eh = map;
  if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_shoff == 0 ||
      eh->e_shentsize != sizeof(ElfW(Shdr)) ||
      eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) > size) {
    munmap(map, size);
    return;
  }
  const ElfW(Shdr) *sh = (const ElfW(Shdr) *)(base + eh->e_shoff);
  const ElfW(Shdr) *tab = NULL;
  for (int want = SHT_SYMTAB; want && !tab; want = want == SHT_SYMTAB ? SHT_DYNSYM : 0)
    for (unsigned i = 0; i < eh->e_shnum && !tab; i++)
      if (sh[i].sh_type == (ElfW(Word))want && sh[i].sh_entsize == sizeof(ElfW(Sym)) &&
          sh[i].sh_offset + sh[i].sh_size <= size)
        tab = &sh[i];
  if (tab) {
    const ElfW(Sym) *sym = (const ElfW(Sym) *)(base + tab->sh_offset);
    size_t n = tab->sh_size / sizeof *sym;
    for (size_t i = 0; i < n; i++)
      if (ELF64_ST_TYPE(sym[i].st_info) == STT_OBJECT && sym[i].st_size > 0 &&
          sym[i].st_shndx != SHN_UNDEF && sym[i].st_shndx < SHN_LORESERVE)
        add(bias + sym[i].st_value, sym[i].st_size);
  }
  munmap(map, size);
}

static int each_object_file(struct dl_phdr_info *info, size_t size, void *unused) {
  (void)size;
  (void)unused;
  /* the executable has an empty name: its file is /proc/self/exe */
  const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
  if (strstr(path, "linux-vdso") || strstr(path, "linux-gate"))
    return 0;
  read_file(path, (uintptr_t)info->dlpi_addr);
  return 0;
}

static int by_address(const void *a, const void *b) {
  uintptr_t x = ((const object *)a)->lo, y = ((const object *)b)->lo;
  return (x > y) - (x < y);
}

static void load(void) {
  dl_iterate_phdr(each_object_file, NULL);
  qsort(objects, nobjects, sizeof *objects, by_address);
}

int nurt_static_object(const void *p, uintptr_t *lo, size_t *bytes) {
  pthread_once(&once, load);
  uintptr_t a = (uintptr_t)p;
  size_t l = 0, h = nobjects;
  while (l < h) { /* the last object starting at or below a */
    size_t mid = l + (h - l) / 2;
    if (objects[mid].lo <= a)
      l = mid + 1;
    else
      h = mid;
  }
  /* objects may nest (a symbol for part of another): the outermost that
   * holds a, among the nearest ones starting at or below it */
  int found = 0;
  for (size_t i = l; i-- > 0 && i + 64 >= l;)
    if (a - objects[i].lo < objects[i].bytes && (!found || objects[i].lo <= *lo)) {
      if (found && objects[i].lo == *lo && objects[i].bytes < *bytes)
        continue;
      *lo = objects[i].lo;
      *bytes = objects[i].bytes;
      found = 1;
    }
  return found;
}
