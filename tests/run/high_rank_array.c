/* high_rank_array.c — a kernel subscripting an array of 17 dimensions, past the
 * 16 subscripts the front end and the OpenCL printer once kept: the 17th was
 * left on the "array" and the access refused with a misleading message. */
#include <stdio.h>
static float g[4][2][2][2][2][2][2][2][2][2][2][2][2][2][2][2][2];
int main(void) {
#pragma nu work(4)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 2; j++)
      g[i][j][j][j][j][j][j][j][j][j][j][j][j][j][j][j][j] = (float)(i + j);
  double s = 0;
  for (int i = 0; i < 4; i++)
    s += g[i][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1] +
         g[i][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0];
  printf("sum %g\n", s);
  return 0;
}
