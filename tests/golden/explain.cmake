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
