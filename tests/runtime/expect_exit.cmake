# expect_exit.cmake — runs PROG ARG with the environment ENV (NAME=VALUE ...,
# may be empty) and passes when it exits with status RC and its output (stdout
# then stderr) matches REGEX.  Used for the runtime's failure paths:
#   cmake -DPROG=... -DARG=... -DENV=NU_DEVICE=x -DRC=1 -DREGEX=... -P this
set(cmd ${PROG})
if(NOT "${ARG}" STREQUAL "")
  list(APPEND cmd ${ARG})
endif()
# ENV may hold several NAME=VALUE, separated by spaces.
separate_arguments(envs UNIX_COMMAND "${ENV}")
# The caller's own NU_* settings must not change what a test proves.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=NU_DEVICE
  --unset=NU_PROFILE --unset=NU_LAZY --unset=NU_START --unset=NU_HOST_FIRST ${envs} ${cmd}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc STREQUAL "${RC}")
  message(FATAL_ERROR "exit status ${rc}, expected ${RC}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match: ${REGEX}")
endif()
