# pipeline.cmake — nucc as a step of users' builds, included from
# tests/CMakeLists.txt; registers:
#   pipeline.stdout_output  `-o -` writes to standard output
#   pipeline.depfile_format  what -MD/-MMD/-MF/-MT/-MQ/-MP write (depfile_format.sh)
#   pipeline.deps_make, pipeline.deps_ninja  dependency files (-MMD -MP, -MD):
#       proj/ built with its Makefile and its build.ninja; touching a header
#       runs nucc again (deps_rebuild.sh; skipped without ninja)
#   pipeline.deps_cmake_unixmakefiles, pipeline.deps_cmake_ninja  the same
#       through nucc_add_sources() and CMake's DEPFILE (deps_cmake.sh)
#   pipeline.compdb  -p BUILD_DIR: flags from compile_commands.json (compdb.sh)
#   pipeline.compdb_units  -p BUILD_DIR: the database's other files give the
#       bodies of the functions kernels call (compdb_units.sh)
#   pipeline.diag_color  colors on a terminal or when asked, never in a file
#   pipeline.fp_contract  -ffp-contract=off writes FP_CONTRACT OFF, on and fast
#       the default program (fp_contract.sh)
#   pipeline.macro_values  the output refuses to compile (#error) under other values
#       of the macros that shaped it (macro_values.sh)
#   pipeline.host_ranges  host statements name the elements they touch, or the
#       whole array where they cannot (host_ranges.sh)
#   pipeline.heap_unknown  an unbounded array's pointer into no heap block: a
#       run-time error with the loop's file:line (heap_unknown.sh)
#   pipeline.tune  nucc --tune on PoCL: only the pragma line changes, the result
#       matches cc's, a wrong candidate is dropped, a rerun is cached, the check
#       runs at --tune-check-args' size, the written factors' steps are tried, a
#       reduction's strides are tried (tune.sh)
#   pipeline.manpage  nucc.1 renders, matches --help, lists the runtime's
#       NU_* variables and the exit statuses, and installs (manpage.sh)
set(NUCC_PIPELINE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/pipeline)
set(NUCC_PIPELINE_WORK ${CMAKE_CURRENT_BINARY_DIR}/work)

add_test(NAME pipeline.stdout_output
  COMMAND bash ${NUCC_PIPELINE_DIR}/stdout_output.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.stdout_output)
set_tests_properties(pipeline.stdout_output PROPERTIES LABELS pipeline TIMEOUT 60)

add_test(NAME pipeline.depfile_format
  COMMAND bash ${NUCC_PIPELINE_DIR}/depfile_format.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.depfile_format)
set_tests_properties(pipeline.depfile_format PROPERTIES LABELS pipeline TIMEOUT 60)

foreach(tool make ninja)
  add_test(NAME pipeline.deps_${tool}
    COMMAND bash ${NUCC_PIPELINE_DIR}/deps_rebuild.sh
            $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.deps_${tool} ${tool})
  set_tests_properties(pipeline.deps_${tool} PROPERTIES
    LABELS pipeline TIMEOUT 120 SKIP_RETURN_CODE 77)
endforeach()

foreach(gen "Unix Makefiles" Ninja)
  string(REGEX REPLACE "[^A-Za-z]" "" name "${gen}")
  string(TOLOWER "${name}" name)
  add_test(NAME pipeline.deps_cmake_${name}
    COMMAND bash ${NUCC_PIPELINE_DIR}/deps_cmake.sh $<TARGET_FILE:nucc>
            ${NUCC_PIPELINE_WORK}/pipeline.deps_cmake_${name} ${CMAKE_BINARY_DIR} ${gen})
  set_tests_properties(pipeline.deps_cmake_${name} PROPERTIES
    LABELS pipeline TIMEOUT 120 SKIP_RETURN_CODE 77)
endforeach()

add_test(NAME pipeline.compdb
  COMMAND bash ${NUCC_PIPELINE_DIR}/compdb.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.compdb)
set_tests_properties(pipeline.compdb PROPERTIES LABELS pipeline TIMEOUT 60)

add_test(NAME pipeline.compdb_units
  COMMAND bash ${NUCC_PIPELINE_DIR}/compdb_units.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.compdb_units)
set_tests_properties(pipeline.compdb_units PROPERTIES LABELS pipeline TIMEOUT 60)

add_test(NAME pipeline.diag_color
  COMMAND bash ${NUCC_PIPELINE_DIR}/diag_color.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.diag_color)
set_tests_properties(pipeline.diag_color PROPERTIES LABELS pipeline TIMEOUT 60)

add_test(NAME pipeline.fp_contract
  COMMAND bash ${NUCC_PIPELINE_DIR}/fp_contract.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.fp_contract)
set_tests_properties(pipeline.fp_contract PROPERTIES LABELS pipeline TIMEOUT 60)

add_test(NAME pipeline.macro_values
  COMMAND bash ${NUCC_PIPELINE_DIR}/macro_values.sh $<TARGET_FILE:nucc> ${CMAKE_BINARY_DIR}
          ${NUCC_PIPELINE_WORK}/pipeline.macro_values)
set_tests_properties(pipeline.macro_values PROPERTIES LABELS pipeline TIMEOUT 60)

add_test(NAME pipeline.manpage
  COMMAND bash ${NUCC_PIPELINE_DIR}/manpage.sh $<TARGET_FILE:nucc> ${CMAKE_BINARY_DIR}/nucc.1
          ${CMAKE_BINARY_DIR} ${NUCC_PIPELINE_WORK}/pipeline.manpage)
set_tests_properties(pipeline.manpage PROPERTIES LABELS pipeline TIMEOUT 60 SKIP_RETURN_CODE 77)

add_test(NAME pipeline.openmp_installed
  COMMAND bash ${NUCC_PIPELINE_DIR}/openmp_installed.sh ${CMAKE_BINARY_DIR}
          ${NUCC_PIPELINE_WORK}/pipeline.openmp_installed)
set_tests_properties(pipeline.openmp_installed PROPERTIES LABELS pipeline TIMEOUT 120)

add_test(NAME pipeline.heap_unknown
  COMMAND bash ${NUCC_PIPELINE_DIR}/heap_unknown.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.heap_unknown
          ${CMAKE_BINARY_DIR}/pkgconfig-uninstalled)
set_tests_properties(pipeline.heap_unknown PROPERTIES LABELS pipeline TIMEOUT 120
  ENVIRONMENT "POCL_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/pocl-cache")

add_test(NAME pipeline.tune
  COMMAND bash ${NUCC_PIPELINE_DIR}/tune.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.tune
          ${CMAKE_BINARY_DIR}/pkgconfig-uninstalled)
set_tests_properties(pipeline.tune PROPERTIES LABELS pipeline TIMEOUT 900
  ENVIRONMENT "POCL_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/pocl-cache")

add_test(NAME pipeline.host_ranges
  COMMAND bash ${NUCC_PIPELINE_DIR}/host_ranges.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.host_ranges)
set_tests_properties(pipeline.host_ranges PROPERTIES LABELS pipeline TIMEOUT 60)
