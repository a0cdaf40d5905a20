# pipeline.cmake — nucc as a step of users' builds, included from
# tests/CMakeLists.txt; registers:
#   pipeline.stdout_output  `-o -` writes to standard output
set(NUCC_PIPELINE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/pipeline)
set(NUCC_PIPELINE_WORK ${CMAKE_CURRENT_BINARY_DIR}/work)

add_test(NAME pipeline.stdout_output
  COMMAND bash ${NUCC_PIPELINE_DIR}/stdout_output.sh
          $<TARGET_FILE:nucc> ${NUCC_PIPELINE_WORK}/pipeline.stdout_output)
set_tests_properties(pipeline.stdout_output PROPERTIES LABELS pipeline TIMEOUT 60)
