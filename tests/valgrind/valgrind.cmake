# valgrind.cmake — nucc under Valgrind's memcheck, included from
# tests/CMakeLists.txt.  Registers valgrind.<name> for every example (which
# must translate) and for two refused inputs (clang's error path and nucc's),
# each run by memcheck.sh.  Not in sanitizer builds: memcheck cannot run
# AddressSanitizer's binaries.  Skipped (exit 77) where valgrind is missing.
if(NUCC_SANITIZE)
  return()
endif()
set(NUCC_VALGRIND_DIR ${CMAKE_CURRENT_SOURCE_DIR}/valgrind)

function(nucc_add_memcheck name input status)
  add_test(NAME valgrind.${name}
    COMMAND bash ${NUCC_VALGRIND_DIR}/memcheck.sh $<TARGET_FILE:nucc>
            ${CMAKE_CURRENT_BINARY_DIR}/work/valgrind.${name} ${input} ${status})
  set_tests_properties(valgrind.${name} PROPERTIES
    LABELS "valgrind" TIMEOUT 300 SKIP_RETURN_CODE 77)
endfunction()

file(GLOB examples CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.c)
list(SORT examples)
foreach(src IN LISTS examples)
  get_filename_component(name ${src} NAME_WE)
  nucc_add_memcheck(${name} ${src} 0)
endforeach()
nucc_add_memcheck(c_syntax_error ${CMAKE_CURRENT_SOURCE_DIR}/bad/c_syntax_error.c 1)
nucc_add_memcheck(unknown_call ${CMAKE_CURRENT_SOURCE_DIR}/bad/unknown_call.c 1)
