/* halo.c — see halo.h.  Compiled with plain mpicc, never through nucc: the
 * arrays reach MPI from code nucc does not see, so only nurt's MPI layer
 * (libnurt_mpi) can bring the kernels' rows back first. */
#include "halo.h"

#include <mpi.h>

void halo_exchange(double *u, int rows, int m, int nonblocking) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  double *first = u + m, *last = u + (long)rows * m;
  double *above = u, *below = u + (long)(rows + 1) * m;
  if (!nonblocking) {
    MPI_Sendrecv(first, m, MPI_DOUBLE, up, 1, below, m, MPI_DOUBLE, down, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(last, m, MPI_DOUBLE, down, 2, above, m, MPI_DOUBLE, up, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    return;
  }
  MPI_Request req[4];
  MPI_Irecv(above, m, MPI_DOUBLE, up, 3, MPI_COMM_WORLD, &req[0]);
  MPI_Irecv(below, m, MPI_DOUBLE, down, 4, MPI_COMM_WORLD, &req[1]);
  MPI_Isend(first, m, MPI_DOUBLE, up, 4, MPI_COMM_WORLD, &req[2]);
  MPI_Isend(last, m, MPI_DOUBLE, down, 3, MPI_COMM_WORLD, &req[3]);
  MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
}

void halo_sum(const double *in, double *out, int m) {
  MPI_Allreduce(in, out, m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
