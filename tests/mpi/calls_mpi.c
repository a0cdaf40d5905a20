/* calls_mpi.c — the MPI calls of nurt's MPI layer that jacobi_mpi.c does
 * not make (calls.c makes them, untranslated), each on arrays that kernels
 * wrote and then read: MPI_Bcast, MPI_Alltoall, MPI_Reduce in place,
 * MPI_Allgather, persistent requests completed by MPI_Testsome with a
 * kernel between the start and the completion, and a column (a vector
 * datatype, sparse) sent by MPI_Isend/MPI_Irecv and MPI_Waitany.  Rank 0
 * prints every rank's checksums (tests/mpi/run_mpi.sh compares them with
 * the plain C program's on as many ranks).  Arrays of 512 KiB: nurt
 * protects their pages. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "calls.h"

static void fill(int n, double *a, double s) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = s + 0.001 * (i % 1000);
}

static double total(int n, const double *a) {
  double t = 0;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    t += a[i] * (1 + i % 7);
  return t;
}

/* Every rank's value, printed by rank 0. */
static void report(const char *what, double v) {
  double all[64];
  MPI_Gather(&v, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (calls_rank() == 0)
    for (int k = 0; k < calls_size(); k++)
      printf("%s rank %d %.9e\n", what, k, all[k]);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = calls_rank(), size = calls_size();
  int n = 65536, m = 65536 / size, r = 64, c = 1024;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *in = malloc((size_t)size * m * sizeof *in), *out = malloc((size_t)size * m * sizeof *out);
  if (size > 64 || !a || !b || !in || !out)
    MPI_Abort(MPI_COMM_WORLD, 1);

  fill(n, a, rank + 1);
  calls_bcast(a, n, size - 1);
  report("bcast", total(n, a));

  fill(size * m, in, 10 * rank);
  calls_alltoall(in, out, m);
  report("alltoall", total(size * m, out));

  fill(n, a, rank + 0.5);
  calls_reduce_in_place(a, n);
  report("reduce", total(n, a));

  fill(m, in, 2 * rank);
  calls_allgather(in, out, m);
  report("allgather", total(size * m, out));

  for (int step = 0; step < 3; step++) {
    fill(n, a, rank + 100 * step);
    fill(n, b, -1);
    calls_ring_start(a, b, n);
    double during = total(n, a); /* reads the send buffer while it is in flight */
    calls_ring_finish();
    report("ring", total(n, b) + during);
  }
  calls_ring_free();

  /* the matrices in a and b, r x c */
  fill(r * c, a, rank);
  fill(r * c, b, -1);
  calls_column(a, b, r, c, 5);
  report("column", total(r * c, b));

  free(a);
  free(b);
  free(in);
  free(out);
  MPI_Finalize();
  return 0;
}
