# emit_seq.cmake — SPEC §1's oracle on the code `nucc --emit=seq` prints
# (issue 32), for the programs no run_both.sh run gives that leg:
#   seq.verify.<name>  tests/verify/*.c that are not run tests (their nucc
#                      builds stop under NU_VERIFY on purpose; their
#                      sequential text must still be right)
#   seq.bench.<name>   bench/kernels/*.c, bench/legacy/*.c, bench/red/*.c and
#                      bench/overhead/launch_nu.c at small sizes: the most
#                      annotated programs of the repository
# Each runs tests/emit_seq.sh: cc's build against the --emit=seq build, with
# cc, outputs compared.  The examples and tests/run/*.c (run.*, with
# NUCC_TEST_EMIT_SEQ) and the corpus (corpus.*, corpus_bare.*) have the leg
# in run_both.sh; the corpus' wrong_* files are refused by --emit=seq too;
# tests/golden/seq_signs.c has golden.seq_signs.  Label `seq`: `make check`
# runs it and, with NUCC_QUICK=1, skips it (exit 77) as it skips run_both.sh's
# --emit=seq leg; about 20 s on 2 cores (docs/building.md).
# Included from tests/CMakeLists.txt after programs.cmake (outcmp, NUCC_TEST_ENV).
set(nucc_seq_programs "")
file(GLOB nucc_seq_verify CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/verify/*.c)
foreach(src IN LISTS nucc_seq_verify)
  get_filename_component(name ${src} NAME_WE)
  if(NOT TEST run.${name})
    list(APPEND nucc_seq_programs "verify.${name}|${src}|")
  endif()
endforeach()
# The small arguments of bench/check_small.sh, per row.
set(nucc_seq_bench_args_copy 100003 2)
set(nucc_seq_bench_args_imgconv 131 2)
set(nucc_seq_bench_args_nbody 1000 1)
set(nucc_seq_bench_args_sgemm 67 1)
set(nucc_seq_bench_args_dgemm 67 1)
set(nucc_seq_bench_args_himeno XS 2)
set(nucc_seq_bench_args_sum 1000003 2)
set(nucc_seq_bench_args_wave 20 18 16 3)
set(nucc_seq_bench_args_gemm_legacy 64 1)
set(nucc_seq_bench_args_jacobi2d_legacy 66 3)
set(nucc_seq_bench_args_launch_nu 100)
set(nucc_seq_bench_args_dot2 45 2)
set(nucc_seq_bench_args_res3 21 2)
file(GLOB nucc_seq_bench CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/bench/kernels/*.c
     ${PROJECT_SOURCE_DIR}/bench/legacy/*.c ${PROJECT_SOURCE_DIR}/bench/red/*.c)
list(APPEND nucc_seq_bench ${PROJECT_SOURCE_DIR}/bench/overhead/launch_nu.c)
foreach(src IN LISTS nucc_seq_bench)
  get_filename_component(name ${src} NAME_WE)
  string(REGEX REPLACE "_(base|opt)$" "" row ${name})
  if(NOT DEFINED nucc_seq_bench_args_${row})
    message(FATAL_ERROR "bench program ${name} has no small arguments: "
                        "add set(nucc_seq_bench_args_${row} ...) to tests/emit_seq.cmake")
  endif()
  string(REPLACE ";" "," a "${nucc_seq_bench_args_${row}}")
  list(APPEND nucc_seq_programs "bench.${name}|${src}|${a}")
endforeach()

foreach(entry IN LISTS nucc_seq_programs)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 name)
  list(GET parts 1 src)
  list(GET parts 2 a)
  string(REPLACE "," ";" a "${a}")
  add_test(NAME seq.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/emit_seq.sh $<TARGET_FILE:nucc>
            ${NUCC_TEST_WORK}/seq.${name} ${src} ${a})
  set_tests_properties(seq.${name} PROPERTIES
    ENVIRONMENT "OUTCMP=$<TARGET_FILE:outcmp>"
    LABELS "seq" SKIP_RETURN_CODE 77 TIMEOUT 120)
endforeach()
