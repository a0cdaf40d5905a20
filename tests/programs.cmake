# programs.cmake — run-both-ways tests and bad inputs, included from
# tests/CMakeLists.txt.  Receives the `nucc` target and the uninstalled
# pkg-config file of nurt (${CMAKE_BINARY_DIR}/pkgconfig-uninstalled/nurt.pc);
# registers with ctest:
#   run.<name>         every examples/*.c and tests/run/*.c, built with cc and
#                      through nucc + nurt, outputs compared (run_both.sh)
#   bad.<name>         every tests/bad/*.c: nucc must refuse it with the
#                      diagnostic its `// expect:` line gives (check_bad.sh)
#   bad.<name>         every tests/bad/*.sh: malformed inputs and outputs that
#                      a diagnostic line cannot describe (missing or unreadable
#                      input, binary garbage, unwritable output, huge inputs);
#                      run as `bash NAME.sh NUCC WORKDIR` (helpers: tools/expect.sh)
# Each test works in its own ${CMAKE_CURRENT_BINARY_DIR}/work/<test name>.

# Compares two program outputs line by line, numbers within a tolerance.
add_executable(outcmp ${CMAKE_CURRENT_SOURCE_DIR}/tools/outcmp.c)
target_link_libraries(outcmp PRIVATE m)

# Command-line arguments per program: the examples default to GPU-sized
# problems, so each needs small ones here (odd sizes on purpose).  Test
# programs in tests/run/ default to small sizes and need no entry.
set(NUCC_TEST_ARGS_saxpy 100003)
set(NUCC_TEST_ARGS_sgemm 67)
set(NUCC_TEST_ARGS_imgconv 130 97)
set(NUCC_TEST_ARGS_nbody 1000)
set(NUCC_TEST_ARGS_wave 20 18 16 5)
set(NUCC_TEST_ARGS_himeno XS 3)

# >>> emit=seq leg: turn on once nucc implements --emit=seq (run_both.sh).
option(NUCC_TEST_EMIT_SEQ "Also check the output of nucc --emit=seq in run.* tests" ON)
# <<<

set(NUCC_TEST_WORK ${CMAKE_CURRENT_BINARY_DIR}/work)
set(NUCC_TEST_PKGCONFIG ${CMAKE_BINARY_DIR}/pkgconfig-uninstalled)
# PoCL compiles kernels into a cache: keep it in the build tree, not in $HOME.
# NU_DEVICE is left unset: the runtime picks the first GPU, else any device.
# NUCC_CHECK_CL: every generated OpenCL program and host C file is parsed
# before it ships (compiler/emit/clcheck.c), over every test input.
# The sanitizer build of make test points at build/'s (NUCC_TEST_POCL_CACHE):
# nucc writes the same kernels in both, so PoCL compiles each once.
set(NUCC_TEST_POCL_CACHE ${CMAKE_CURRENT_BINARY_DIR}/pocl-cache CACHE PATH
  "PoCL's kernel cache for the tests")
# NU_HOST_FIRST=0: a bare `work`'s nests launch however small, so that the
# tests' small sizes run the kernels; tests of NU_HOST_FIRST set it themselves.
set(NUCC_TEST_ENV
  POCL_CACHE_DIR=${NUCC_TEST_POCL_CACHE}
  OUTCMP=$<TARGET_FILE:outcmp>
  NUCC_CHECK_CL=1
  NU_HOST_FIRST=0)
if(NUCC_TEST_EMIT_SEQ)
  list(APPEND NUCC_TEST_ENV NUCC_EMIT_SEQ=1)
endif()
# Every run.* test also runs its nucc build once with NU_VERIFY=1 (a leg of
# run_both.sh, no second compile): programs without faults must pass it.
option(NUCC_TEST_VERIFY "Also run the nucc build of run.* tests with NU_VERIFY=1" ON)
if(NUCC_TEST_VERIFY)
  list(APPEND NUCC_TEST_ENV NUCC_VERIFY=1)
endif()
# A sanitizer build checks the generated programs and nurt together: the
# programs get the same instrumentation, and PoCL's own leaks are suppressed.
if(NUCC_SANITIZE)
  list(APPEND NUCC_TEST_ENV
    "NUCC_TEST_CFLAGS=-fsanitize=address,undefined -fno-omit-frame-pointer"
    ${NUCC_SANITIZER_ENV})
endif()
file(MAKE_DIRECTORY ${NUCC_TEST_POCL_CACHE})

# --- run.<name>: the oracle -------------------------------------------------
file(GLOB NUCC_EXAMPLE_PROGRAMS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/*.c)
file(GLOB NUCC_RUN_PROGRAMS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/run/*.c)
list(SORT NUCC_EXAMPLE_PROGRAMS)
list(SORT NUCC_RUN_PROGRAMS)
set(nucc_seen_names "")

function(nucc_add_run_test src label)
  get_filename_component(name ${src} NAME_WE)
  if(name IN_LIST nucc_seen_names)
    message(FATAL_ERROR "two test programs named ${name}: run.${name} would clash")
  endif()
  set(nucc_seen_names ${nucc_seen_names} ${name} PARENT_SCOPE)
  if(label STREQUAL "example" AND NOT DEFINED NUCC_TEST_ARGS_${name})
    message(FATAL_ERROR "examples/${name}.c has no small arguments: "
                        "add set(NUCC_TEST_ARGS_${name} ...) to tests/programs.cmake")
  endif()
  add_test(NAME run.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/run_both.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/run.${name}
            ${src} ${NUCC_TEST_ARGS_${name}})
  set_tests_properties(run.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}"
    LABELS "run;${label}"
    TIMEOUT 300)
endfunction()

foreach(src IN LISTS NUCC_EXAMPLE_PROGRAMS)
  nucc_add_run_test(${src} example)
endforeach()
foreach(src IN LISTS NUCC_RUN_PROGRAMS)
  nucc_add_run_test(${src} program)
endforeach()

# --- run_left.<name>: the oracle with every reduction leaving its partials --
# NU_RED_LAZY=1: every launch whose reduction variable can wait leaves its
# groups' partials, and nurt sums them on the host where the variable is
# read (docs/runtime.md, "When the host reads the result"); by default only
# a launch after a value dropped unread does.  The programs that reduce in
# the most ways: time loops, reads in between, recursion, several kernels
# into one variable, every operator and type.
foreach(name lazy_reduction reductions reduction_steps reduction_aliases overlapping_reduction
        lazy_step_calls inner_accumulator work_bare_time_converge vector_lanes integer_types)
  add_test(NAME run_left.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/run_both.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/run_left.${name}
            ${CMAKE_CURRENT_SOURCE_DIR}/run/${name}.c)
  set(env ${NUCC_TEST_ENV} NU_RED_LAZY=1)
  set_tests_properties(run_left.${name} PROPERTIES
    ENVIRONMENT "${env}"
    LABELS "run;program"
    TIMEOUT 300)
endforeach()

# --- verify.<name>: NU_VERIFY catches a fault and names it -----------------
# tests/verify/NAME.c must stop under NU_VERIFY=1 with the report its
# `// report:` lines give; broken_step is built with the test-only hook
# NUCC_TEST_BREAK_STEP=dmine, and also runs both ways without it (run.*).
file(GLOB NUCC_VERIFY_PROGRAMS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/verify/*.c)
foreach(src IN LISTS NUCC_VERIFY_PROGRAMS)
  get_filename_component(name ${src} NAME_WE)
  set(brk "")
  if(name STREQUAL "broken_step")
    set(brk dmine)
    nucc_add_run_test(${src} program)
  endif()
  add_test(NAME verify.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/verify/check_verify.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/verify.${name}
            ${src} ${brk})
  set_tests_properties(verify.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}" LABELS "verify" TIMEOUT 120)
endforeach()

# --- verify_copies.<name>: NU_VERIFY makes the run's copies, no more, no fewer
file(GLOB NUCC_VERIFY_COPY_PROGRAMS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/verify/copies/*.c)
foreach(src IN LISTS NUCC_VERIFY_COPY_PROGRAMS)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME verify_copies.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/verify/check_copies.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/verify_copies.${name} ${src})
  set_tests_properties(verify_copies.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}" LABELS "verify" TIMEOUT 120)
  nucc_add_run_test(${src} program)
endforeach()

# --- profile.<name>: NU_PROFILE's array names, causes and counts ----------
file(GLOB NUCC_PROFILE_PROGRAMS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/profile/*.c)
foreach(src IN LISTS NUCC_PROFILE_PROGRAMS)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME profile.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/profile/check_profile.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/profile.${name} ${src})
  set_tests_properties(profile.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}" LABELS "profile" TIMEOUT 120)
  nucc_add_run_test(${src} program)
  # --explain=data: where nucc puts host syncs, against NAME.data
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/profile/${name}.data)
    add_test(NAME explain_data.${name}
      COMMAND bash -c "mkdir -p \"$2\" && \"$0\" --explain=data \"$1\" -o \"$2/out.c\" | sed 's|^.*/||' | diff -u \"$3\" -"
              $<TARGET_FILE:nucc> ${src} ${NUCC_TEST_WORK}/explain_data.${name}
              ${CMAKE_CURRENT_SOURCE_DIR}/profile/${name}.data)
    set_tests_properties(explain_data.${name} PROPERTIES LABELS "profile" TIMEOUT 60)
  endif()
endforeach()
# A clock read waits for the start-up thread only outside the sanitizer
# builds (runtime/device.c: their allocators read the clock under locks of
# their own), so there the first wait comes at the launch.
if(NUCC_SANITIZE)
  set_tests_properties(profile.start_clock PROPERTIES LABELS "profile-unsanitized")
endif()

# --- bad.<name>: inputs nucc must refuse -----------------------------------
file(GLOB NUCC_BAD_INPUTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/bad/*.c)
list(SORT NUCC_BAD_INPUTS)
foreach(src IN LISTS NUCC_BAD_INPUTS)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME bad.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/check_bad.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_WORK}/bad.${name} ${src})
  set_tests_properties(bad.${name} PROPERTIES LABELS "bad" TIMEOUT 60)
endforeach()

file(GLOB NUCC_BAD_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/bad/*.sh)
list(SORT NUCC_BAD_SCRIPTS)
foreach(script IN LISTS NUCC_BAD_SCRIPTS)
  get_filename_component(name ${script} NAME_WE)
  if(TEST bad.${name})
    message(FATAL_ERROR "tests/bad/${name}.c and ${name}.sh: bad.${name} would clash")
  endif()
  add_test(NAME bad.${name}
    COMMAND bash ${script} $<TARGET_FILE:nucc> ${NUCC_TEST_WORK}/bad.${name})
  set_tests_properties(bad.${name} PROPERTIES LABELS "bad" TIMEOUT 120)
endforeach()

# --- multi.<name>: one nest over two devices (NU_DEVICES=2) ----------------
# PoCL's two pthread devices; the program gives the sequential answer, and
# NU_PROFILE says which loops were split and why the others were not.
file(GLOB NUCC_MULTI_PROGRAMS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/multi/*.c)
foreach(src IN LISTS NUCC_MULTI_PROGRAMS)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME multi.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/multi/check_multi.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/multi.${name} ${src})
  set_tests_properties(multi.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}" LABELS "run;multi" TIMEOUT 300)
endforeach()
# the same over corpus kernels (tests/corpus), as written, whose loops split
# (check_multi.sh: device 1 ran launches, which only a split gives it):
# matrix products, a covariance, a factorisation, stencils over time
foreach(name 2mm atax cholesky correlation deriche fdtd_2d heat_3d jacobi_2d lu syrk)
  add_test(NAME multi.corpus.${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/multi/check_multi.sh
            $<TARGET_FILE:nucc> ${NUCC_TEST_PKGCONFIG} ${NUCC_TEST_WORK}/multi.corpus.${name}
            ${CMAKE_CURRENT_SOURCE_DIR}/corpus/${name}.c)
  set_tests_properties(multi.corpus.${name} PROPERTIES
    ENVIRONMENT "${NUCC_TEST_ENV}" LABELS "run;multi" TIMEOUT 300)
endforeach()
