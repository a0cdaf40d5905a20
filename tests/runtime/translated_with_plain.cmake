# translated_with_plain.cmake — a program of two files: MAIN translated by
# nucc, PLAIN compiled by cc alone, linked with nurt through pkg-config;
# passes when it exits 0 and its output matches REGEX:
#   cmake -DNUCC=... -DCC=cc -DPKG_CONFIG=pkg-config -DPCDIR=... -DMAIN=a.c
#         -DPLAIN=b.c -DWORK=dir -DREGEX=... -P this
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${NUCC} ${MAIN} -o ${WORK}/main_nu.c RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nucc failed on ${MAIN}")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${PCDIR} ${PKG_CONFIG} --cflags --libs nurt
  RESULT_VARIABLE rc OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config found no nurt in ${PCDIR}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
execute_process(COMMAND ${CC} -std=c11 -O2 ${WORK}/main_nu.c ${PLAIN} -o ${WORK}/app ${flags}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CC} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=NU_DEVICE --unset=NU_LAZY
  ${WORK}/app ${WORK}/data.bin RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the program exited with ${rc}")
endif()
if(NOT "${out}" MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match: ${REGEX}")
endif()
