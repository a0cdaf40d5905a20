# nuccAddSources.cmake — nucc_add_sources(OUTVAR src.c ... [OPTIONS opt ...]):
# runs nucc on each source at build time into
# ${CMAKE_CURRENT_BINARY_DIR}/<name>.nu.c and returns those files in OUTVAR.
# Uses the `nucc` target of this build tree if there is one, else nucc::nucc
# from find_package(nucc).  OPTIONS are passed to nucc (-I, -D, --emit=...).
# nucc writes a dependency file (-MD), so a change to a header the source
# includes runs nucc again (DEPFILE: CMake 3.20 for Makefile generators).

# The depfile's paths are absolute; policy CMP0116 (3.20) makes the Makefile
# and Ninja generators read them alike.  Recorded with the function below.
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

function(nucc_add_sources outvar)
  cmake_parse_arguments(PARSE_ARGV 1 NUCC "" "" "OPTIONS")
  if(TARGET nucc)
    set(compiler nucc)
  elseif(TARGET nucc::nucc)
    set(compiler nucc::nucc)
  else()
    message(FATAL_ERROR "nucc_add_sources: no nucc target: call find_package(nucc) first")
  endif()
  # DEPFILE with the Makefile generators needs CMake 3.20; Ninja had it before.
  set(with_depfile OFF)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.20 OR CMAKE_GENERATOR MATCHES "Ninja")
    set(with_depfile ON)
  endif()
  set(generated "")
  foreach(src IN LISTS NUCC_UNPARSED_ARGUMENTS)
    get_filename_component(abs "${src}" ABSOLUTE)
    get_filename_component(name "${src}" NAME_WE)
    get_filename_component(dir "${abs}" DIRECTORY)
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${name}.nu.c")
    if(with_depfile)
      add_custom_command(OUTPUT "${out}"
        COMMAND ${compiler} ${NUCC_OPTIONS} -MD -MF "${out}.d" "${abs}" -o "${out}"
        DEPENDS "${abs}" ${compiler}
        DEPFILE "${out}.d"
        COMMENT "nucc ${src}"
        VERBATIM)
    else()
      add_custom_command(OUTPUT "${out}"
        COMMAND ${compiler} ${NUCC_OPTIONS} "${abs}" -o "${out}"
        DEPENDS "${abs}" ${compiler}
        COMMENT "nucc ${src}"
        VERBATIM)
    endif()
    # The output includes the input's own headers ("x.h") from its folder.
    set_source_files_properties("${out}" PROPERTIES INCLUDE_DIRECTORIES "${dir}")
    list(APPEND generated "${out}")
  endforeach()
  set(${outvar} ${generated} PARENT_SCOPE)
endfunction()
