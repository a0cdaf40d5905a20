/* calls.h — the MPI calls of calls_mpi.c, in a file nucc does not translate
 * (calls.c): every entry point of nurt's MPI layer that jacobi_mpi.c leaves
 * out, each on arrays that kernels wrote or will read. */
#ifndef CALLS_H
#define CALLS_H

int calls_rank(void);
int calls_size(void);
/* a, n doubles: MPI_Bcast from rank `root`. */
void calls_bcast(double *a, int n, int root);
/* MPI_Alltoall of n doubles to each rank. */
void calls_alltoall(const double *in, double *out, int n);
/* MPI_Reduce (MPI_IN_PLACE at rank 0) and MPI_Allgather of n doubles. */
void calls_reduce_in_place(double *a, int n);
void calls_allgather(const double *in, double *out, int n);
/* A ring through persistent requests (MPI_Send_init and MPI_Recv_init the
 * first time, MPI_Startall), completed by MPI_Testsome; the program runs
 * kernels in between; MPI_Request_free at the end. */
void calls_ring_start(const double *send, double *recv, int n);
void calls_ring_finish(void);
void calls_ring_free(void);
/* Column j of an r x c matrix to the next rank's column j (MPI_Type_vector,
 * MPI_Isend/MPI_Irecv, MPI_Waitany). */
void calls_column(const double *m, double *into, int r, int c, int j);

#endif
