# golden.doc_explain: every `nucc --explain` block in docs/annotations.md (after
# a `<!-- nucc --explain PATH -->` marker) is what nucc prints for PATH now;
# regenerate with tests/golden/explain/update_doc.sh and review the doc diff.
# golden.nuda_explain: NUDA's chained example prints tests/golden/nuda_explain.txt
# (regenerate: cd tests/golden && nucc --explain nuda_explain.c > nuda_explain.txt).
add_test(NAME golden.doc_explain
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/golden/check_doc_explain.sh $<TARGET_FILE:nucc>
          ${PROJECT_SOURCE_DIR}/docs/annotations.md)
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/work/golden.nuda_explain)
add_test(NAME golden.nuda_explain
  COMMAND bash -c "\"$0\" --explain nuda_explain.c > \"$1\" && diff -u nuda_explain.txt \"$1\" || (echo 'FAIL: nucc --explain nuda_explain.c differs from tests/golden/nuda_explain.txt' && false)"
          $<TARGET_FILE:nucc> ${CMAKE_CURRENT_BINARY_DIR}/work/golden.nuda_explain/nuda_explain.txt
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/golden)
set_tests_properties(golden.doc_explain golden.nuda_explain PROPERTIES LABELS golden)
# golden.seq_signs: the readable --emit=seq text (tidy.c) touches the same
# elements as the program as written, at sizes from -3 to 19.
add_test(NAME golden.seq_signs
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/golden/seq_signs.sh $<TARGET_FILE:nucc>
          ${CMAKE_CURRENT_BINARY_DIR}/work/golden.seq_signs)
set_tests_properties(golden.seq_signs PROPERTIES LABELS golden)
# golden.html.<name>: the --explain=html page of each file in html_pages.txt
# (path and --explain-size) equals tests/golden/<name>.html, and it and its
# SVG pictures are well-formed XML (regenerate with update_html.sh).
# browser.explain_html: the pages load in headless chromium without a script
# error and draw every picture; skipped where no browser is installed.
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/golden/html_pages.txt nucc_html_pages)
set(nucc_browser_args "")
foreach(line ${nucc_html_pages})
  separate_arguments(parts UNIX_COMMAND "${line}")
  list(GET parts 0 src)
  list(GET parts 1 sizes)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME golden.html.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/golden/check_html.sh $<TARGET_FILE:nucc>
            ${CMAKE_CURRENT_SOURCE_DIR}/golden/${src} ${CMAKE_CURRENT_SOURCE_DIR}/golden/${name}.html
            ${sizes} ${CMAKE_CURRENT_BINARY_DIR}/work/golden.html.${name})
  set_tests_properties(golden.html.${name} PROPERTIES LABELS golden)
  list(APPEND nucc_browser_args ${CMAKE_CURRENT_SOURCE_DIR}/golden/${src} ${sizes})
endforeach()
add_test(NAME browser.explain_html
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/golden/check_browser.sh $<TARGET_FILE:nucc>
          ${CMAKE_CURRENT_BINARY_DIR}/work/browser.explain_html ${nucc_browser_args})
set_tests_properties(browser.explain_html PROPERTIES LABELS golden SKIP_RETURN_CODE 77)
# golden.tutorial_pictures: the SVG pictures of docs/tutorial.md are what
# nucc --explain=html draws now (regenerate with docs/img/update.sh).
add_test(NAME golden.tutorial_pictures
  COMMAND bash ${PROJECT_SOURCE_DIR}/docs/img/update.sh $<TARGET_FILE:nucc> --check)
set_tests_properties(golden.tutorial_pictures PROPERTIES LABELS golden)
# golden.explain_spelled: literals and macros as the source spells them, no
# loop that provably runs zero times (tests/golden/explain_spelled.txt;
# regenerate: cd tests/golden && nucc --explain explain_spelled.c > explain_spelled.txt).
add_test(NAME golden.explain_spelled
  COMMAND bash -c "\"$0\" --explain explain_spelled.c | diff -u explain_spelled.txt - || (echo 'FAIL: nucc --explain explain_spelled.c differs from tests/golden/explain_spelled.txt' && false)"
          $<TARGET_FILE:nucc>
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/golden)
set_tests_properties(golden.explain_spelled PROPERTIES LABELS golden)
# golden.explain_macros: macros of every style (expressions, macros of
# macros, function-like index macros, a cast, a sizeof) print as what they
# mean, before and after dmine, tile and unroll rewrite the bounds (issue 32;
# tests/golden/explain_macros.txt, each step read by hand; regenerate:
# cd tests/golden && nucc --explain explain_macros.c > explain_macros.txt).
add_test(NAME golden.explain_macros
  COMMAND bash -c "\"$0\" --explain explain_macros.c | diff -u explain_macros.txt - || (echo 'FAIL: nucc --explain explain_macros.c differs from tests/golden/explain_macros.txt' && false)"
          $<TARGET_FILE:nucc>
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/golden)
set_tests_properties(golden.explain_macros PROPERTIES LABELS golden)
# auto.chains: the chains a bare `work` decides and the reasons --report
# gives: from isl's schedule, reordered for contiguity, and from nucc's own
# search where isl's effort limit is passed or nucc refuses isl's chain.
add_test(NAME auto.chains
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/golden/bare_chains.sh $<TARGET_FILE:nucc>
          ${PROJECT_SOURCE_DIR})
set_tests_properties(auto.chains PROPERTIES LABELS golden)
