# mpi.cmake — nucc's kernels inside MPI programs, included from
# tests/CMakeLists.txt; registers:
#   mpi.jacobi  a 2-D Jacobi split by rows over 2 and 3 ranks on PoCL, halos
#       kernel-written and exchanged by MPI_Sendrecv and by
#       MPI_Isend/MPI_Irecv/MPI_Waitall, a kernel's residual summed by
#       MPI_Allreduce: the output of one rank of plain C (run_mpi.sh)
# Skipped, saying why, where CMake found no MPI (no libnurt_mpi).
set(NUCC_MPI_DIR ${CMAKE_CURRENT_SOURCE_DIR}/mpi)
if(TARGET nurt_mpi AND MPI_C_COMPILER AND MPIEXEC_EXECUTABLE)
  add_test(NAME mpi.jacobi
    COMMAND bash ${NUCC_MPI_DIR}/run_mpi.sh $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG}
            ${CMAKE_CURRENT_BINARY_DIR}/work/mpi.jacobi ${MPI_C_COMPILER} ${MPIEXEC_EXECUTABLE}
            ${MPIEXEC_NUMPROC_FLAG} "${MPI_C_INCLUDE_DIRS}" 2 3)
  set_tests_properties(mpi.jacobi PROPERTIES ENVIRONMENT "${NUCC_TEST_ENV}")
else()
  add_test(NAME mpi.jacobi COMMAND sh -c
    "echo 'mpi.jacobi: skipped: CMake found no MPI library for C (apt-get install libmpich-dev mpich; make setup does)'; exit 77")
  set_tests_properties(mpi.jacobi PROPERTIES SKIP_RETURN_CODE 77)
endif()
set_tests_properties(mpi.jacobi PROPERTIES LABELS mpi TIMEOUT 300)
