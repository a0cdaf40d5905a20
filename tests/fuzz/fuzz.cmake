# fuzz.cmake — the fuzz targets in ctest, included from tests/CMakeLists.txt.
# Registers:
#   fuzz.replay.<target>  every input in fuzz/corpus/<target>/ and
#                         fuzz/regressions/<target>/ run once through the target,
#                         built with this build's compiler and flags (replay.c)
#   fuzz.build            builds the libFuzzer targets with clang (fuzz.sh build)
#   fuzz.<target>         libFuzzer on the target for NUCC_FUZZ_TIME seconds
# The last two only with NUCC_FUZZ=ON and a clang that links -fsanitize=fuzzer.
# Labels: all three `fuzz`; the replays also `replay` (make test runs them in
# the sanitizer build too), the libFuzzer ones `libfuzzer` (not in make check).
set(NUCC_FUZZ_DIR ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
set(NUCC_FUZZ_TARGETS pragma frontend)

foreach(t IN LISTS NUCC_FUZZ_TARGETS)
  add_executable(replay_${t} ${NUCC_FUZZ_DIR}/fuzz_${t}.c ${NUCC_FUZZ_DIR}/replay.c)
  target_link_libraries(replay_${t} PRIVATE nucc_core)
  add_test(NAME fuzz.replay.${t}
    COMMAND replay_${t} ${NUCC_FUZZ_DIR}/corpus/${t} ${NUCC_FUZZ_DIR}/regressions/${t})
  # every generated OpenCL program and host C file is parsed too (compiler/emit/clcheck.c)
  set_tests_properties(fuzz.replay.${t} PROPERTIES LABELS "fuzz;replay" TIMEOUT 300
    ENVIRONMENT NUCC_CHECK_CL=1)
endforeach()

option(NUCC_FUZZ "Run the libFuzzer targets in ctest (needs clang with libFuzzer)" ON)
set(NUCC_FUZZ_TIME 30 CACHE STRING "Seconds each fuzz.<target> test fuzzes")
if(NOT NUCC_FUZZ)
  return()
endif()

# A clang that links a fuzzer: the build's own compiler if it is clang.
if(CMAKE_C_COMPILER_ID STREQUAL "Clang")
  set(NUCC_FUZZ_CC ${CMAKE_C_COMPILER})
else()
  find_program(NUCC_FUZZ_CC NAMES clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14)
endif()
set(probe ${CMAKE_CURRENT_BINARY_DIR}/fuzz-probe)
file(WRITE ${probe}.c
  "#include <stddef.h>\n#include <stdint.h>\n"
  "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n")
if(NUCC_FUZZ_CC)
  execute_process(COMMAND ${NUCC_FUZZ_CC} -fsanitize=fuzzer,address,undefined ${probe}.c -o ${probe}
    RESULT_VARIABLE probe_rc OUTPUT_QUIET ERROR_QUIET)
endif()
if(NOT NUCC_FUZZ_CC OR NOT probe_rc EQUAL 0)
  message(STATUS "fuzz: no clang with libFuzzer (apt-get install clang); "
                 "fuzz.build and fuzz.<target> not registered, fuzz.replay.* are")
  return()
endif()
message(STATUS "fuzz: libFuzzer targets built with ${NUCC_FUZZ_CC}, ${NUCC_FUZZ_TIME} s each")

set(bin ${CMAKE_CURRENT_BINARY_DIR}/fuzz)
add_test(NAME fuzz.build
  COMMAND bash ${NUCC_FUZZ_DIR}/fuzz.sh build ${bin} ${NUCC_FUZZ_CC} ${PROJECT_VERSION})
set_tests_properties(fuzz.build PROPERTIES LABELS "fuzz;libfuzzer" TIMEOUT 900 FIXTURES_SETUP nucc_fuzz)
foreach(t IN LISTS NUCC_FUZZ_TARGETS)
  add_test(NAME fuzz.${t}
    COMMAND bash ${NUCC_FUZZ_DIR}/fuzz.sh run ${bin} ${t} ${NUCC_FUZZ_TIME}
            ${CMAKE_CURRENT_BINARY_DIR}/work/fuzz.${t})
  math(EXPR limit "${NUCC_FUZZ_TIME} + 300")
  set_tests_properties(fuzz.${t} PROPERTIES LABELS "fuzz;libfuzzer" TIMEOUT ${limit}
    FIXTURES_REQUIRED nucc_fuzz)
endforeach()
