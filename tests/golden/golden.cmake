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
