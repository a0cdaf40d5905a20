# prop.<n>: property tests of the loop transformations (gen.c writes case n
# of a fixed seed; run_case.sh checks it both ways and with --emit=seq).
# Refused chains are reported as skipped.  Change the seed by hand to
# explore: -DNUCC_PROP_SEED=... -DNUCC_PROP_CASES=...
set(NUCC_PROP_SEED 20261123 CACHE STRING "seed of the transformation property tests")
set(NUCC_PROP_CASES 48 CACHE STRING "number of transformation property tests")
add_executable(prop_gen ${CMAKE_CURRENT_SOURCE_DIR}/prop/gen.c)
math(EXPR nucc_prop_last "${NUCC_PROP_CASES} - 1")
foreach(i RANGE ${nucc_prop_last})
  add_test(NAME prop.${i}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/prop/run_case.sh $<TARGET_FILE:prop_gen>
            ${NUCC_PROP_SEED} ${i} $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG}
            ${NUCC_TEST_WORK}/prop.${i})
  set_tests_properties(prop.${i} PROPERTIES SKIP_RETURN_CODE 77 LABELS prop
    ENVIRONMENT "${NUCC_TEST_ENV}")
endforeach()
# prop.html: the same chains through --explain=html, every iteration drawn
# once at every step (tests/prop/html_prop.sh).
add_test(NAME prop.html
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/prop/html_prop.sh $<TARGET_FILE:prop_gen>
          ${NUCC_PROP_SEED} ${NUCC_PROP_CASES} $<TARGET_FILE:nucc> ${NUCC_TEST_WORK}/prop.html)
set_tests_properties(prop.html PROPERTIES LABELS prop)
