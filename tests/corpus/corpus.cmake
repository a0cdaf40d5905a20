# corpus.cmake — the corpus of classic loop kernels written the legacy way
# (tests/corpus/*.c), included from tests/CMakeLists.txt after programs.cmake
# (it uses the outcmp target and NUCC_TEST_* settings from there).
# Registers corpus.<name> for every kernel that tests/corpus/EXPECT lists,
# and corpus_bare.<name> (run_bare.sh: the kernel under a bare `work`) for
# those it says pass, and corpus_outer.<name> (run_outer.sh: one bare `work`
# on each outermost loop) for those tests/corpus/OUTER says pass, with the
# label `corpus`:
#   `NAME pass`            run_both.sh with the --emit=seq leg (run_corpus.sh)
#   `NAME refused SUBSTR`  nucc must refuse it: status 1, SUBSTR in the
#                          diagnostic, no output file
# EXPECT says what a correct nucc must do; `make test` runs them with the
# rest of the suite; alone with `make corpus` (ctest -L corpus) or, as a table,
#   bash tests/corpus/run_corpus.sh --summary NUCC PKGCONFIGDIR WORKDIR
set(NUCC_CORPUS_DIR ${CMAKE_CURRENT_LIST_DIR})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${NUCC_CORPUS_DIR}/EXPECT)
file(STRINGS ${NUCC_CORPUS_DIR}/EXPECT nucc_corpus_lines REGEX "^[^#]")
file(GLOB nucc_corpus_sources CONFIGURE_DEPENDS ${NUCC_CORPUS_DIR}/*.c)

set(nucc_corpus_names "")
foreach(line IN LISTS nucc_corpus_lines)
  string(REGEX MATCH "^([^ \t]+)[ \t]+(pass|refused[ \t].+)$" m "${line}")
  if(NOT m)
    message(FATAL_ERROR "tests/corpus/EXPECT: malformed line '${line}'")
  endif()
  set(name ${CMAKE_MATCH_1})
  if(NOT EXISTS ${NUCC_CORPUS_DIR}/${name}.c)
    message(FATAL_ERROR "tests/corpus/EXPECT names ${name}, but there is no tests/corpus/${name}.c")
  endif()
  list(APPEND nucc_corpus_names ${name})
  add_test(NAME corpus.${name}
    COMMAND bash ${NUCC_CORPUS_DIR}/run_corpus.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/corpus.${name} ${name})
  set_tests_properties(corpus.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}"
    LABELS "corpus"
    TIMEOUT 300)
  # the same kernel under a bare `work`: nucc's own chain must be right too
  if(line MATCHES "[ \t]pass$")
    add_test(NAME corpus_bare.${name}
      COMMAND bash ${NUCC_CORPUS_DIR}/run_bare.sh
              $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/corpus_bare.${name} ${name})
    set_tests_properties(corpus_bare.${name} PROPERTIES
      ENVIRONMENT "${NUCC_TEST_ENV}"
      LABELS "corpus"
      TIMEOUT 300)
  endif()
endforeach()

# the same kernels with one bare `work` on each outermost loop of a region
# (outer.py): nucc decides what stays on the host as well
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${NUCC_CORPUS_DIR}/OUTER)
file(STRINGS ${NUCC_CORPUS_DIR}/OUTER nucc_outer_lines REGEX "^[^#]")
foreach(line IN LISTS nucc_outer_lines)
  string(REGEX MATCH "^([^ \t]+)[ \t]+(pass|todo.*)$" m "${line}")
  if(NOT m OR NOT CMAKE_MATCH_1 IN_LIST nucc_corpus_names)
    message(FATAL_ERROR "tests/corpus/OUTER: malformed line '${line}'")
  endif()
  if(CMAKE_MATCH_2 STREQUAL "pass")
    set(name ${CMAKE_MATCH_1})
    add_test(NAME corpus_outer.${name}
      COMMAND bash ${NUCC_CORPUS_DIR}/run_outer.sh
              $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/corpus_outer.${name} ${name})
    set_tests_properties(corpus_outer.${name} PROPERTIES
      ENVIRONMENT "${NUCC_TEST_ENV}"
      LABELS "corpus"
      TIMEOUT 300)
  endif()
endforeach()

foreach(src IN LISTS nucc_corpus_sources)
  get_filename_component(name ${src} NAME_WE)
  if(NOT name IN_LIST nucc_corpus_names)
    message(FATAL_ERROR "tests/corpus/${name}.c has no line in tests/corpus/EXPECT")
  endif()
endforeach()
