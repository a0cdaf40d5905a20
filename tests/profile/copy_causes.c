/* NU_PROFILE names each array and says why each copy happened: the
 * kernel that needed it on the device, the host statement that read it
 * back.  The host reads one element every fifth step only (see the end). */
#include <stdio.h>
#include <stdlib.h>

struct grid {
  int n;
  float *cells;
};

int main(void) {
  int n = 100000;
  float *a = malloc(sizeof(float) * (size_t)n);
  struct grid g = {n, malloc(sizeof(float) * (size_t)n)};
  for (int i = 0; i < n; i++) {
    a[i] = (float)i;
    g.cells[i] = 0;
  }
  double seen = 0;
  for (int s = 0; s < 20; s++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      g.cells[i] = a[i] * 0.5f + (float)s;
    if (s % 5 == 4)
      seen += g.cells[3];
  }
  printf("%g %g\n", seen, g.cells[n - 1]);
  free(a);
  free(g.cells);
  return 0;
}
/* Only the elements read come back (issue 25 §1; before, 4 copies of the
 * whole 400000 bytes): their pages where the array is protected, 4080 bytes
 * of the first page and 2704 of the last here, 19024 in all; the elements
 * themselves where it is not (AddressSanitizer's heap). */
// clang-format off
// profile: ^g\.cells \(first used by nu_main_23 at .*copy_causes\.c:23\) +400000 +1 +400000 .* 5 +[0-9]+ 
// profile: ^    to device: 1 x kernel nu_main_23 \(.*copy_causes\.c:23\)$
// profile: ^    to host  : 4 x host statement .*copy_causes\.c:26; 1 x host statement .*copy_causes\.c:28$
// profile: ^a \(first used by nu_main_23 at .*copy_causes\.c:23\) +400000 +1 +400000 .* 0 +0
// profile-max-bytes: to-host 19024
// clang-format on
