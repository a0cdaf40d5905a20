# pkg_config_test.cmake — proves that a user compiles generated code with one
# command, `cc SRC $(pkg-config --cflags --libs PKG)`, with PKG_CONFIG_PATH
# set to PCDIR, and that the program runs:
#   cmake -DCC=cc -DPKG_CONFIG=pkg-config -DPCDIR=... -DPKG=nurt -DSRC=x.c -DOUT=x -P this
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${PCDIR}
          ${PKG_CONFIG} --cflags --libs ${PKG}
  RESULT_VARIABLE rc OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config found no ${PKG} in ${PCDIR}")
endif()
message("pkg-config --cflags --libs ${PKG}: ${flags}")
separate_arguments(flags UNIX_COMMAND "${flags}")
execute_process(COMMAND ${CC} -std=c11 ${SRC} -o ${OUT} ${flags}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CC} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=NU_DEVICE ${OUT}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OUT} exited with ${rc}")
endif()
