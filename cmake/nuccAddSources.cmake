# nuccAddSources.cmake — nucc_add_sources(OUTVAR src.c ... [OPTIONS opt ...]):
# runs nucc on each source at build time into
# ${CMAKE_CURRENT_BINARY_DIR}/<name>.nu.c and returns those files in OUTVAR.
# Uses the `nucc` target of this build tree if there is one, else nucc::nucc
# from find_package(nucc).  OPTIONS are passed to nucc (-I, -D, --emit=...).
function(nucc_add_sources outvar)
  cmake_parse_arguments(PARSE_ARGV 1 NUCC "" "" "OPTIONS")
  if(TARGET nucc)
    set(compiler nucc)
  elseif(TARGET nucc::nucc)
    set(compiler nucc::nucc)
  else()
    message(FATAL_ERROR "nucc_add_sources: no nucc target: call find_package(nucc) first")
  endif()
  set(generated "")
  foreach(src IN LISTS NUCC_UNPARSED_ARGUMENTS)
    get_filename_component(abs "${src}" ABSOLUTE)
    get_filename_component(name "${src}" NAME_WE)
    get_filename_component(dir "${abs}" DIRECTORY)
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${name}.nu.c")
    add_custom_command(OUTPUT "${out}"
      COMMAND ${compiler} ${NUCC_OPTIONS} "${abs}" -o "${out}"
      DEPENDS "${abs}" ${compiler}
      COMMENT "nucc ${src}"
      VERBATIM)
    # The output includes the input's own headers ("x.h") from its folder.
    set_source_files_properties("${out}" PROPERTIES INCLUDE_DIRECTORIES "${dir}")
    list(APPEND generated "${out}")
  endforeach()
  set(${outvar} ${generated} PARENT_SCOPE)
endfunction()
