/* halo.c — see halo.h.  Compiled with plain mpicc, never through nucc: the
 * arrays reach MPI from code nucc does not see, so only nurt's MPI layer
 * (libnurt_mpi) can bring the kernels' rows back first. */
#include "halo.h"

#include <mpi.h>

static int up, down; /* the neighbours, or MPI_PROC_NULL */
static MPI_Request pending[4];

static void neighbours(void) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
}

void halo_exchange(double *u, int rows, int m) {
  neighbours();
  double *first = u + m, *last = u + (long)rows * m;
  double *above = u, *below = u + (long)(rows + 1) * m;
  MPI_Sendrecv(first, m, MPI_DOUBLE, up, 1, below, m, MPI_DOUBLE, down, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(last, m, MPI_DOUBLE, down, 2, above, m, MPI_DOUBLE, up, 2, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
}

void halo_post(double *u, int rows, int m) {
  neighbours();
  MPI_Irecv(u, m, MPI_DOUBLE, up, 3, MPI_COMM_WORLD, &pending[0]);
  MPI_Irecv(u + (long)(rows + 1) * m, m, MPI_DOUBLE, down, 4, MPI_COMM_WORLD, &pending[1]);
  MPI_Isend(u + m, m, MPI_DOUBLE, up, 4, MPI_COMM_WORLD, &pending[2]);
  MPI_Isend(u + (long)rows * m, m, MPI_DOUBLE, down, 3, MPI_COMM_WORLD, &pending[3]);
}

void halo_wait(void) {
  MPI_Status status[4];
  MPI_Waitall(4, pending, status);
}

void halo_sum(const double *in, double *out, int m) {
  MPI_Allreduce(in, out, m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
