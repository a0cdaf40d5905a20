/* calls.c — see calls.h.  Plain mpicc, never nucc. */
#include "calls.h"

#include <mpi.h>
#include <stddef.h>

int calls_rank(void) {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int calls_size(void) {
  int s;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

void calls_bcast(double *a, int n, int root) { MPI_Bcast(a, n, MPI_DOUBLE, root, MPI_COMM_WORLD); }

void calls_alltoall(const double *in, double *out, int n) {
  MPI_Alltoall(in, n, MPI_DOUBLE, out, n, MPI_DOUBLE, MPI_COMM_WORLD);
}

void calls_reduce_in_place(double *a, int n) {
  if (calls_rank() == 0)
    MPI_Reduce(MPI_IN_PLACE, a, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(a, NULL, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
}

void calls_allgather(const double *in, double *out, int n) {
  MPI_Allgather(in, n, MPI_DOUBLE, out, n, MPI_DOUBLE, MPI_COMM_WORLD);
}

static MPI_Request ring[2];
static int ring_made;

void calls_ring_start(const double *send, double *recv, int n) {
  int rank = calls_rank(), size = calls_size();
  if (!ring_made) {
    ring_made = 1;
    MPI_Send_init(send, n, MPI_DOUBLE, (rank + 1) % size, 7, MPI_COMM_WORLD, &ring[0]);
    MPI_Recv_init(recv, n, MPI_DOUBLE, (rank + size - 1) % size, 7, MPI_COMM_WORLD, &ring[1]);
  }
  MPI_Startall(2, ring);
}

void calls_ring_finish(void) {
  int done = 0, outcount, idx[2];
  MPI_Status st[2];
  while (done < 2) {
    MPI_Testsome(2, ring, &outcount, idx, st);
    if (outcount != MPI_UNDEFINED)
      done += outcount;
  }
}

void calls_ring_free(void) {
  MPI_Request_free(&ring[0]);
  MPI_Request_free(&ring[1]);
}

void calls_column(const double *m, double *into, int r, int c, int j) {
  int rank = calls_rank(), size = calls_size(), which;
  MPI_Datatype col;
  MPI_Type_vector(r, 1, c, MPI_DOUBLE, &col);
  MPI_Type_commit(&col);
  MPI_Request req[2];
  MPI_Irecv(into + j, 1, col, (rank + size - 1) % size, 8, MPI_COMM_WORLD, &req[0]);
  MPI_Isend(m + j, 1, col, (rank + 1) % size, 8, MPI_COMM_WORLD, &req[1]);
  for (int k = 0; k < 2; k++)
    MPI_Waitany(2, req, &which, MPI_STATUS_IGNORE);
  MPI_Type_free(&col);
}
