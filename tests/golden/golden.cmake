# golden.<name>: the OpenCL program nucc emits for each example equals the
# reviewed copy in tests/golden/<name>.cl (regenerate with update.sh).
file(GLOB NUCC_GOLDEN_EXAMPLES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.c)
foreach(src ${NUCC_GOLDEN_EXAMPLES})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME golden.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/golden/check.sh $<TARGET_FILE:nucc> ${src}
            ${CMAKE_CURRENT_SOURCE_DIR}/golden/${name}.cl
            ${CMAKE_CURRENT_BINARY_DIR}/work/golden.${name})
  set_tests_properties(golden.${name} PROPERTIES LABELS golden)
endforeach()
# golden.extent_fallback: the host bounds extent.c gives subscripts isl's
# region.c leaves undecided (loop ranges and buffer ranges in the stub)
# equal tests/golden/extent_fallback.bounds, as they were printed when
# extent.c still built them as text.
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/work/golden.extent_fallback)
add_test(NAME golden.extent_fallback
  COMMAND bash -c "\"$0\" extent_fallback.c -o \"$1\" && grep -E '^  long long nu_(lo[0-9]+|[A-Za-z0-9_]+_(lo|hi)) = ' \"$1\" | diff -u extent_fallback.bounds - || (echo 'FAIL: the bounds of extent_fallback.c differ from tests/golden/extent_fallback.bounds' && false)"
          $<TARGET_FILE:nucc> ${CMAKE_CURRENT_BINARY_DIR}/work/golden.extent_fallback/out.c
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/golden)
set_tests_properties(golden.extent_fallback PROPERTIES LABELS golden)
