# mpi.cmake — nucc's kernels inside MPI programs, included from
# tests/CMakeLists.txt; registers (tests/mpi/run_mpi.sh):
#   mpi.jacobi  a 2-D Jacobi split by rows over 2 and 3 ranks on PoCL, halo rows
#       kernel-written and exchanged by MPI_Sendrecv and by MPI_Isend/MPI_Irecv
#       around a kernel then MPI_Waitall, a kernel's residual summed by
#       MPI_Allreduce (halo.c): the output of one rank of plain C
#   mpi.calls   the layer's other calls (calls.c) on kernel-written arrays, on
#       3 ranks: the output of the plain C program on 3 ranks
# Skipped, saying why, where CMake found no MPI (no libnurt_mpi).
set(NUCC_MPI_DIR ${CMAKE_CURRENT_SOURCE_DIR}/mpi)
function(nucc_add_mpi_test name prog helper oracle ranks)
  if(TARGET nurt_mpi AND MPI_C_COMPILER AND MPIEXEC_EXECUTABLE)
    add_test(NAME mpi.${name}
      COMMAND bash ${NUCC_MPI_DIR}/run_mpi.sh $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG}
              ${CMAKE_CURRENT_BINARY_DIR}/work/mpi.${name} ${MPI_C_COMPILER} ${MPIEXEC_EXECUTABLE}
              ${MPIEXEC_NUMPROC_FLAG} "${MPI_C_INCLUDE_DIRS}" ${NUCC_MPI_DIR}/${prog}
              ${NUCC_MPI_DIR}/${helper} ${oracle} ${ranks} ${ARGN})
    set_tests_properties(mpi.${name} PROPERTIES ENVIRONMENT "${NUCC_TEST_ENV}")
  else()
    add_test(NAME mpi.${name} COMMAND sh -c
      "echo 'mpi.${name}: skipped: CMake found no MPI library for C (apt-get install libmpich-dev mpich; make setup does)'; exit 77")
    set_tests_properties(mpi.${name} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
  set_tests_properties(mpi.${name} PROPERTIES LABELS mpi TIMEOUT 300)
endfunction()
# 24 rows of 2048 columns (16 KiB rows: UCX sends them by CMA), 12 steps
nucc_add_mpi_test(jacobi jacobi_mpi.c halo.c 1 2,3 24 2048 12)
nucc_add_mpi_test(calls calls_mpi.c calls.c same 3)
