# The tests of the runtime nurt alone: hand-written kernels in nucc's calling
# convention, run on the default OpenCL device (PoCL in CI).  Included from
# tests/CMakeLists.txt; every test is named runtime_*.
set(NURT_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
foreach(t arrays ranges untouched host_mode host_first errors reduce spread rows)
  add_executable(test_${t} ${NURT_TEST_DIR}/test_${t}.c)
  target_link_libraries(test_${t} PRIVATE nurt)
endforeach()
# closed.c's set of protected pages, internal: the runtime's header.
add_executable(test_closed ${NURT_TEST_DIR}/test_closed.c)
target_include_directories(test_closed PRIVATE ${CMAKE_SOURCE_DIR}/runtime)
target_link_libraries(test_closed PRIVATE nurt)
# heap.c's table of heap blocks, internal: the runtime's header.  Not under
# a sanitizer, which owns malloc (heap.c then knows block starts only).
if(NOT NUCC_SANITIZE AND NOT NUCC_TSAN)
  find_package(Threads REQUIRED)
  add_executable(test_heap ${NURT_TEST_DIR}/test_heap.c)
  target_include_directories(test_heap PRIVATE ${CMAKE_SOURCE_DIR}/runtime)
  target_link_libraries(test_heap PRIVATE nurt Threads::Threads)
endif()
# occupancy.c's functions alone: internal, so built from its source.
add_executable(test_occupancy ${NURT_TEST_DIR}/test_occupancy.c
  ${CMAKE_SOURCE_DIR}/runtime/occupancy.c)
target_include_directories(test_occupancy PRIVATE ${CMAKE_SOURCE_DIR}/runtime)
target_link_libraries(test_occupancy PRIVATE OpenCL::OpenCL)
target_compile_definitions(test_occupancy PRIVATE CL_TARGET_OPENCL_VERSION=120)
# Lazy synchronisation: lazy_other.c stands for a file nucc did not translate.
find_package(Threads REQUIRED)
foreach(t lazy lazy_signals freshness)
  add_executable(test_${t} ${NURT_TEST_DIR}/test_${t}.c ${NURT_TEST_DIR}/lazy_other.c)
  target_link_libraries(test_${t} PRIVATE nurt Threads::Threads)
endforeach()
# I/O through a file nucc did not translate (io_other.c): the C library's
# calls on arrays a kernel wrote, with libnurt shared and static.
foreach(lib nurt nurt_static)
  string(REPLACE "nurt" "test_io" exe ${lib})
  add_executable(${exe} ${NURT_TEST_DIR}/test_io.c ${NURT_TEST_DIR}/io_other.c
    ${NURT_TEST_DIR}/io_fortify.c)
  target_link_libraries(${exe} PRIVATE ${lib} Threads::Threads)
endforeach()
# As distributions build packages: read() becomes __read_chk(), and so on.
set_source_files_properties(${NURT_TEST_DIR}/io_fortify.c PROPERTIES COMPILE_OPTIONS
  "-O2;-U_FORTIFY_SOURCE;-D_FORTIFY_SOURCE=2;-D_FILE_OFFSET_BITS=64")
# Clocks that wait for the kernels (runtime/clock.c), with libnurt shared and
# static; the shared one with libgomp when there is one (omp_get_wtime is
# then libgomp's, else nurt's stand-in).
find_package(OpenMP COMPONENTS C QUIET)
foreach(lib nurt nurt_static)
  string(REPLACE "nurt" "test_timers" exe ${lib})
  add_executable(${exe} ${NURT_TEST_DIR}/test_timers.c)
  target_link_libraries(${exe} PRIVATE ${lib} Threads::Threads)
endforeach()
if(OpenMP_C_FOUND)
  target_link_libraries(test_timers PRIVATE OpenMP::OpenMP_C)
endif()
# test_faults replaces OpenCL entry points for libnurt: it exports them.
add_executable(test_faults ${NURT_TEST_DIR}/test_faults.c)
target_link_libraries(test_faults PRIVATE nurt OpenCL::OpenCL ${CMAKE_DL_LIBS})
set_target_properties(test_faults PROPERTIES ENABLE_EXPORTS ON)

# Under the sanitizer build, LeakSanitizer reports what PoCL and the LLVM in
# it allocate while compiling a kernel (when PoCL's kernel cache misses):
# lsan.supp suppresses those, nurt's own leaks are still reported.
set(NURT_TEST_ENV "")
if(NUCC_SANITIZE)
  set(NURT_TEST_ENV ${NUCC_SANITIZER_ENV})
  # The cause of LeakSanitizer's tracer crash at exit, made deterministic
  # (lsan_dtls.c): passes with the options above, fails without them.
  add_library(lsan_dtls_mod SHARED ${NURT_TEST_DIR}/lsan_dtls_mod.c)
  add_executable(lsan_dtls ${NURT_TEST_DIR}/lsan_dtls.c)
  target_link_libraries(lsan_dtls PRIVATE ${CMAKE_DL_LIBS})
  add_test(NAME runtime_lsan_dynamic_tls COMMAND lsan_dtls $<TARGET_FILE:lsan_dtls_mod>)
  set_tests_properties(runtime_lsan_dynamic_tls PROPERTIES ENVIRONMENT "${NUCC_SANITIZER_ENV}"
    SKIP_RETURN_CODE 77 PASS_REGULAR_EXPRESSION "16 bytes into a page" LABELS runtime)
endif()
# Under ThreadSanitizer (NUCC_TSAN, make test's build-tsan) a data race fails
# the test: the report, then exit status 66.  tsan.supp says what it leaves
# out.  Not reported: calls that are not async-signal-safe in the SIGSEGV
# handler, which copies data back through OpenCL by design (guard.c says
# when that is safe); and TSan's own SIGSEGV handling is off, so that a real
# crash still dies of SIGSEGV (runtime_lazy_crash_still_crashes).
# Under ThreadSanitizer every memcpy and memcmp is checked byte range by byte
# range: the shadows of unprotected arrays (one copy per upload, one compare
# per launch; TSan's allocator is not glibc's, so its heap arrays are never
# protected) make the 1000-step tests take about 60 s there instead of 3
# (150 s beside clang-tidy in make test).  There they run 100 steps: a race
# shows in the first steps as in the thousandth (each step is the same two
# launches and the same checks), and the counts below scale with the steps.
set(NURT_TEST_TIMEOUT 60)
set(NURT_LAZY_STEPS 1000)
if(NUCC_TSAN)
  set(NURT_LAZY_STEPS 100)
  set(NURT_TEST_ENV "TSAN_OPTIONS=halt_on_error=1:exitcode=66:report_signal_unsafe=0:handle_segv=0:suppressions=${NURT_TEST_DIR}/tsan.supp"
    "NURT_TEST_STEPS=${NURT_LAZY_STEPS}")
  set(NURT_TEST_TIMEOUT 300)
endif()
math(EXPR NURT_LAZY_LAUNCHES "2 * ${NURT_LAZY_STEPS}")

# nurt_runtime_test(NAME RC REGEX ENV PROG [ARG]): PROG exits with RC and its
# output matches REGEX when run under ENV.
function(nurt_runtime_test name rc regex env prog)
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND}
    -DPROG=$<TARGET_FILE:${prog}> -DARG=${ARGN} -DENV=${env} -DRC=${rc}
    "-DREGEX=${regex}" -P ${NURT_TEST_DIR}/expect_exit.cmake)
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${NURT_TEST_ENV}"
    TIMEOUT ${NURT_TEST_TIMEOUT} LABELS runtime)
endfunction()

# Data movement, checked by numbers and counters.
nurt_runtime_test(runtime_lazy_copies 0 "test_arrays: ok" "" test_arrays)
nurt_runtime_test(runtime_closed_pages 0 "test_closed: ok" "" test_closed)
nurt_runtime_test(runtime_ranges_merge_and_free 0 "test_ranges: ok" ""
  test_ranges)
nurt_runtime_test(runtime_reduction_folds_lazily 0 "test_reduce: ok" "" test_reduce)
if(TARGET test_heap)
  nurt_runtime_test(runtime_heap_blocks 0 "test_heap: ok" "" test_heap)
endif()
nurt_runtime_test(runtime_spread_groups 0 "test_spread: ok" "" test_spread)
if(TARGET test_heap) # counts from heap blocks: not under a sanitizer
  nurt_runtime_test(runtime_row_tables 0 "test_rows: ok" "" test_rows)
endif()
nurt_runtime_test(runtime_row_tables_alias 1
  "test_rows.c:1: kernel add writes table 'w', whose rows 5 and 7 .* share memory" ""
  test_rows alias)
nurt_runtime_test(runtime_register_caps 0 "test_occupancy: ok" "" test_occupancy)
nurt_runtime_test(runtime_untouched_without_kernels 0 "test_untouched: ok"
  "NU_DEVICE=matches-nothing" test_untouched)

# NU_DEVICE selects the device; NU_DEVICE=host runs the loops on the host.
nurt_runtime_test(runtime_device_cpu 0 "test_arrays: ok" "NU_DEVICE=cpu"
  test_arrays)
nurt_runtime_test(runtime_device_index 0 "test_arrays: ok" "NU_DEVICE=0"
  test_arrays)
nurt_runtime_test(runtime_device_name 0 "test_arrays: ok" "NU_DEVICE=PORTABLE"
  test_arrays)
nurt_runtime_test(runtime_host_mode 0 "test_host_mode: ok" "NU_DEVICE=host"
  test_host_mode 1)
nurt_runtime_test(runtime_host_mode_any_case 0 "test_host_mode: ok"
  "NU_DEVICE=HOST" test_host_mode 1)
nurt_runtime_test(runtime_host_mode_off 0 "test_host_mode: ok" "" test_host_mode
  0)
# NU_HOST_FIRST (hostfirst.c): small nests on the host until one would pass
# the budget; 0 launches every nest; NU_DEVICE=host runs all on the host;
# a value that is no number of milliseconds is refused.
nurt_runtime_test(runtime_host_first 0 "test_host_first: ok" "NU_HOST_FIRST=200"
  test_host_first budget)
nurt_runtime_test(runtime_host_first_default 0 "test_host_first: ok" "NU_HOST_FIRST="
  test_host_first budget)
nurt_runtime_test(runtime_host_first_times 0 "test_host_first: ok" "NU_HOST_FIRST=200"
  test_host_first times)
nurt_runtime_test(runtime_host_first_ahead_unknown 0 "test_host_first: ok" "NU_HOST_FIRST=200"
  test_host_first ahead)
nurt_runtime_test(runtime_host_first_ahead 0 "test_host_first: ok" "NU_HOST_FIRST=200"
  test_host_first ahead-big)
nurt_runtime_test(runtime_host_first_off 0 "test_host_first: ok" "NU_HOST_FIRST=0"
  test_host_first off)
# NU_VERIFY checks launches: with it, every nest launches
nurt_runtime_test(runtime_host_first_verify 0 "test_host_first: ok"
  "NU_HOST_FIRST=200 NU_VERIFY=1" test_host_first off)
nurt_runtime_test(runtime_host_first_host_mode 0 "test_host_first: ok"
  "NU_DEVICE=host NU_HOST_FIRST=200" test_host_first host)
nurt_runtime_test(runtime_host_first_bad 1
  "^nurt: error: NU_HOST_FIRST='12ms' is not a number of milliseconds [(]0 launches every nest[)]\n$"
  "NU_HOST_FIRST=12ms" test_host_first budget)
nurt_runtime_test(runtime_device_no_match 1
  "nurt: error: NU_DEVICE='nonsense' matches no OpenCL device. devices: 0: [^\n]+ [(][^\n]+[)]"
  "NU_DEVICE=nonsense" test_errors device)
# NU_START=1: nurt_module_prepare's start-up thread (device.c) meets the
# same failure first and stops without a word: the message comes once, from
# the launch that needs the device, and the exit is a clean status 1.
nurt_runtime_test(runtime_start_fails_at_launch 1
  "^nurt: error: NU_DEVICE='nonsense' matches no OpenCL device[^\n]*\n$"
  "NU_DEVICE=nonsense NU_START=1" test_freshness global 5)
nurt_runtime_test(runtime_device_index_out_of_range 1
  "nurt: error: NU_DEVICE='99' matches no OpenCL device" "NU_DEVICE=99"
  test_errors device)

# Kernels launched from a second host thread are refused with the loop named.
nurt_runtime_test(runtime_second_thread_refused 1
  "nurt: error: kernel scale [(]loop at test_errors.c:61[)] launched from a second host thread"
  "" test_errors thread)

# Failures name the OpenCL call, the error, the kernel and the loop.
nurt_runtime_test(runtime_build_error_prints_log 1
  "nurt: error: clBuildProgram: CL_BUILD_PROGRAM_FAILURE [(]kernel broken, loop at broken.c:7[)].*undeclared_variable"
  "" test_errors build)
nurt_runtime_test(runtime_error_kernel_name 1
  "nurt: error: clCreateKernel: CL_INVALID_KERNEL_NAME [(]kernel no_such_kernel, loop at test_errors.c:33[)]"
  "" test_errors kernel_name)
nurt_runtime_test(runtime_error_work_group 1
  "nurt: error: clEnqueueNDRangeKernel: CL_INVALID_WORK_(GROUP|ITEM)_SIZE [(]kernel scale, loop at test_errors.c:42[)]"
  "" test_errors work_group)
nurt_runtime_test(runtime_error_local_memory 1
  "nurt: error: kernel stage [(]loop at stage.c:70[)] needs 1073742848 bytes of __local memory per work-group [(]cache's tiles, a reduction's partials[)], and the device has [0-9]+"
  "" test_errors local_memory)
nurt_runtime_test(runtime_error_buffer_size 1
  "nurt: error: clCreateBuffer: CL_[A-Z_]+ [(]kernel scale, loop at test_errors.c:55[)]"
  "" test_errors buffer_size)

# Injected failures (test_faults.c): the message names the failing call, the
# error, and the kernel and loop; a copy back names the array's last writer.
nurt_runtime_test(runtime_fault_no_platform 1
  "nurt: error: no OpenCL platform found [(]is an ICD such as pocl-opencl-icd installed[?][)]"
  "" test_faults no_platform)
nurt_runtime_test(runtime_fault_no_device 1 "nurt: error: no OpenCL device found"
  "" test_faults no_device)
nurt_runtime_test(runtime_fault_no_fp64 1
  "nurt: error: loop at fp64.c:12 [(]kernel twice[)] uses double precision, but device '[^']+' [(][^)]+[)] has no fp64 support"
  "" test_faults fp64)
nurt_runtime_test(runtime_fault_copy_to_device 1
  "nurt: error: clEnqueueWriteBuffer: CL_MEM_OBJECT_ALLOCATION_FAILURE [(]kernel scale, loop at test_faults.c:78[)]"
  "" test_faults write)
nurt_runtime_test(runtime_fault_copy_back_names_writer 1
  "nurt: error: clEnqueueReadBuffer: CL_OUT_OF_RESOURCES [(]kernel scale, loop at test_faults.c:34[)]"
  "" test_faults read)
# More devices than nurt's former fixed list of 64: every one can be chosen,
# and every one is listed when NU_DEVICE matches none.
nurt_runtime_test(runtime_many_devices_last_chosen 0 "test_faults many_devices: ok"
  "NU_DEVICE=69" test_faults many_devices)
nurt_runtime_test(runtime_many_devices_all_listed 1
  "matches no OpenCL device. devices: 0: .*, 69: [^,]+[(][^)]+[)]\n"
  "NU_DEVICE=nonsense" test_faults many_devices)
# At exit nurt releases its queues and leaves the context to the process's
# end, unless NU_EXIT_RELEASE=1 (docs/runtime.md, "Exit").
nurt_runtime_test(runtime_exit_keeps_context 0
  "test_faults exit: 0 context releases, [1-9][0-9]* queue releases" "" test_faults exit)
nurt_runtime_test(runtime_exit_release_all 0
  "test_faults exit: 1 context releases, [1-9][0-9]* queue releases" "NU_EXIT_RELEASE=1"
  test_faults exit)
# With NU_PROFILE=1 every launch has an event, whose status names the kernel
# that failed; without, the failure shows at the next wait, which lists the
# kernels launched since the device last finished its work.
nurt_runtime_test(runtime_fault_kernel_execution 1
  "nurt: error: kernel failed on the device: CL_OUT_OF_RESOURCES [(]kernel scale, loop at test_faults.c:56[)]"
  "NU_PROFILE=1" test_faults kernel)
nurt_runtime_test(runtime_fault_kernel_at_wait 1
  "nurt: error: a kernel failed on the device: CL_OUT_OF_RESOURCES, seen by clFinish; the kernels launched since the device last finished its work: scale [(]loop at test_faults.c:56[)]"
  "" test_faults kernel_wait)

# Freshness by the range (issue 25 §1): random kernels, host statements, host
# loops and code nucc did not see on one array, against a model of its
# bytes; heap and global arrays protected (and not, with NU_LAZY=0), an
# arena and a stack array never.  Steps fewer under ThreadSanitizer.
math(EXPR NURT_RANGES_STEPS "3 * ${NURT_LAZY_STEPS}")
foreach(kind heap global arena stack)
  nurt_runtime_test(runtime_freshness_${kind} 0 "test_freshness ${kind}: ok" ""
    test_freshness ${kind} ${NURT_RANGES_STEPS})
  nurt_runtime_test(runtime_freshness_off_${kind} 0 "test_freshness ${kind}: ok" "NU_LAZY=0"
    test_freshness ${kind} ${NURT_LAZY_STEPS})
  # the same with the start-up thread (NU_START=1): under ThreadSanitizer
  # too, whose build runs these tests
  nurt_runtime_test(runtime_freshness_start_${kind} 0 "test_freshness ${kind}: ok" "NU_START=1"
    test_freshness ${kind} ${NURT_RANGES_STEPS})
endforeach()
nurt_runtime_test(runtime_freshness_diagonal 0 "test_freshness diagonal: ok" ""
  test_freshness diagonal)
nurt_runtime_test(runtime_freshness_column 0 "test_freshness column: ok" ""
  test_freshness column)
nurt_runtime_test(runtime_freshness_mirror 0 "test_freshness mirror: ok" ""
  test_freshness mirror)
nurt_runtime_test(runtime_freshness_static_mirror 0 "test_freshness static_mirror: ok" ""
  test_freshness static_mirror)
nurt_runtime_test(runtime_freshness_static_mirror_off 0 "test_freshness static_mirror: ok"
  "NU_LAZY=0" test_freshness static_mirror)

# Lazy synchronisation by page protection (NU_LAZY, on by default): exact
# copy counts when arrays escape to a file without nurt, free/realloc there,
# host and kernels alternating, 1000 calls of a step function, shared pages,
# stack arrays, the program's own SIGSEGV handler, threads, fork(), system
# calls on protected pages (served by runtime/io.c's wrappers).  Each again with
# NU_LAZY=0, where nurt_escape() copies back as nurt_sync_all() does.
foreach(mode "" "NU_LAZY=0")
  set(p runtime_lazy)
  if(mode)
    set(p runtime_lazy_off)
  endif()
  nurt_runtime_test(${p}_escape_other_file 0 "test_lazy escape: ok" "${mode}"
    test_lazy escape)
  nurt_runtime_test(${p}_free_realloc_other_file 0 "test_lazy free: ok" "${mode}"
    test_lazy free)
  nurt_runtime_test(${p}_host_kernel_alternate 0 "test_lazy alternate: ok"
    "${mode}" test_lazy alternate)
  nurt_runtime_test(${p}_shared_page 0 "test_lazy shared: ok" "${mode}"
    test_lazy shared)
  nurt_runtime_test(${p}_stack_array 0 "test_lazy stack: ok" "${mode}"
    test_lazy stack)
  nurt_runtime_test(${p}_sigsegv_chain 0 "test_lazy_signals chain: ok"
    "${mode}" test_lazy_signals chain)
  nurt_runtime_test(${p}_crash_still_crashes 0 "test_lazy_signals crash: ok"
    "${mode}" test_lazy_signals crash)
  nurt_runtime_test(${p}_threads 0 "test_lazy_signals threads: ok" "${mode}"
    test_lazy_signals threads)
  nurt_runtime_test(${p}_fork_child 0 "test_lazy_signals fork: ok" "${mode}"
    test_lazy_signals fork)
  nurt_runtime_test(${p}_syscall_other_file 0 "test_lazy syscall: ok" "${mode}"
    test_lazy syscall)
endforeach()
# Arrays a kernel wrote, passed by a file nucc did not translate to the C
# library (runtime/io.c): system calls, stdio with blocks past its buffer,
# sockets, memcpy and kin.  Again with libnurt linked statically, and once
# with NU_LAZY=0 (nothing protected: nurt_escape() copied everything back).
foreach(family posix stdio socket user fortify)
  set(calls_posix "write.*read.*pwrite.*pread.*writev.*readv.*pwritev.*preadv")
  set(calls_stdio "fwrite.*fread.*fgets.*fputs")
  set(calls_socket "send.*recv.*sendto.*recvfrom.*sendmsg.*recvmsg")
  set(calls_user "memcpy.*memmove.*memset.*qsort")
  set(calls_fortify "read_chk.*pread64_chk.*recv_chk.*recvfrom_chk.*fread_chk.*fread_unlocked_chk")
  string(REGEX REPLACE "([a-z_0-9]+)" "test_io \\1: ok" want "${calls_${family}}")
  nurt_runtime_test(runtime_io_${family} 0 "${want}" "" test_io ${family})
  nurt_runtime_test(runtime_io_static_${family} 0 "${want}" "" test_io_static ${family})
  nurt_runtime_test(runtime_io_off_${family} 0 "${want}" "NU_LAZY=0" test_io ${family})
endforeach()
# A program that times itself measures its kernels: the launching thread's
# clocks wait for them (runtime/clock.c), once per batch of launches; other
# threads' and a forked child's do not, nor any with NU_TIMERS=0.
foreach(case each covers thread fork wtime)
  nurt_runtime_test(runtime_timers_${case} 0 "test_timers ${case}: ok" "" test_timers ${case})
endforeach()
nurt_runtime_test(runtime_timers_static_each 0 "test_timers each: ok" "" test_timers_static each)
nurt_runtime_test(runtime_timers_static_wtime 0 "test_timers wtime: ok" "" test_timers_static
  wtime)
nurt_runtime_test(runtime_timers_off 0 "test_timers off: ok" "NU_TIMERS=0" test_timers off)
# Host threads touching arrays (faults) while the main thread launches and
# waits, with NU_PROFILE=1; threads faulting while the process exits.  Their
# point is the ThreadSanitizer build (build-tsan), where a race fails them.
nurt_runtime_test(runtime_lazy_threads_while_launching 0 "test_lazy_signals busy: ok"
  "NU_PROFILE=1" test_lazy_signals busy)
nurt_runtime_test(runtime_lazy_threads_at_exit 0 "test_lazy_signals exit: ok"
  "NU_PROFILE=1" test_lazy_signals exit)
# 1000 calls of a function that launches kernels then escapes: each array
# goes up once and its bytes come back once (the global ones in every build,
# page by page with read-ahead, the program checks the bytes; the malloc'ed
# ones where glibc maps them: not under AddressSanitizer).
nurt_runtime_test(runtime_lazy_time_steps 0
  "${NURT_LAZY_STEPS} steps, global arrays, NU_LAZY=1: ${NURT_LAZY_LAUNCHES} launches, 2 copies to the device, 0 to the host\nafter the host read both: [0-9]+ copies to the host, [0-9]+ faults\ntest_lazy steps: ok"
  "" test_lazy steps)
nurt_runtime_test(runtime_lazy_off_time_steps 0
  "${NURT_LAZY_STEPS} steps, malloc'ed arrays, NU_LAZY=0: ${NURT_LAZY_LAUNCHES} launches, ${NURT_LAZY_LAUNCHES} copies to the device, ${NURT_LAZY_LAUNCHES} to the host.*test_lazy steps: ok"
  "NU_LAZY=0" test_lazy steps)
nurt_runtime_test(runtime_lazy_profile_faults 0
  "faults: [1-9][0-9]* host accesses caught by page protection"
  "NU_PROFILE=1" test_lazy steps)

# NU_PROFILE=1 prints the per-kernel and per-array report at exit.
nurt_runtime_test(runtime_profile_report 0
  "nurt profile: device.*\nscale +test_arrays.c:[0-9]+ +[0-9]+ .*add2d +test_arrays.c:70 +1 .* 24x32 +8x8.*first used by scale at test_arrays.c:10"
  "NU_PROFILE=1" test_arrays)

# Packaging: a user's build finds nurt through pkg-config and through the
# CMake package, here in the build tree.  Not in the sanitizer build: the
# user's program would link the instrumented libnurt without the sanitizer.
find_program(NURT_PKG_CONFIG pkg-config)
if(NURT_PKG_CONFIG AND NOT NUCC_SANITIZE AND NOT NUCC_TSAN)
  # NAME: PKG_CONFIG_PATH=DIR pkg-config --cflags --libs nurt, cc, run.
  function(nurt_pkg_config_test name dir)
    add_test(NAME ${name} COMMAND ${CMAKE_COMMAND}
      -DCC=${CMAKE_C_COMPILER} -DPKG_CONFIG=${NURT_PKG_CONFIG}
      -DPCDIR=${dir} -DPKG=nurt -DSRC=${NURT_TEST_DIR}/test_arrays.c
      -DOUT=${CMAKE_CURRENT_BINARY_DIR}/${name}_app
      -P ${NURT_TEST_DIR}/pkg_config_test.cmake)
    set_tests_properties(${name} PROPERTIES TIMEOUT ${NURT_TEST_TIMEOUT} LABELS runtime)
  endfunction()
  # Issue 10's case end to end: a translated file computes an array, a file
  # nucc never saw fwrite()s it and fread()s it back (save_*.c).
  add_test(NAME runtime_io_translated_with_plain COMMAND ${CMAKE_COMMAND}
    -DNUCC=$<TARGET_FILE:nucc> -DCC=${CMAKE_C_COMPILER} -DPKG_CONFIG=${NURT_PKG_CONFIG}
    -DPCDIR=${CMAKE_BINARY_DIR} -DMAIN=${NURT_TEST_DIR}/save_main.c
    -DPLAIN=${NURT_TEST_DIR}/save_plain.c
    -DWORK=${CMAKE_CURRENT_BINARY_DIR}/work/runtime_io_translated_with_plain
    "-DREGEX=fwrite wrote 1048576\nloaded 1048576, sum 2.748776e\\+11"
    -P ${NURT_TEST_DIR}/translated_with_plain.cmake)
  set_tests_properties(runtime_io_translated_with_plain PROPERTIES TIMEOUT 120 LABELS runtime)
  # <build>/nurt-uninstalled.pc, which pkg-config prefers for `nurt`.
  nurt_pkg_config_test(runtime_pkg_config_build_dir ${CMAKE_BINARY_DIR})
  nurt_pkg_config_test(runtime_pkg_config_uninstalled_dir
    ${CMAKE_BINARY_DIR}/pkgconfig-uninstalled)
endif()
if(NOT NUCC_SANITIZE AND NOT NUCC_TSAN)
  add_test(NAME runtime_cmake_package COMMAND ${CMAKE_CTEST_COMMAND}
    --build-and-test ${NURT_TEST_DIR}/consumer
                     ${CMAKE_CURRENT_BINARY_DIR}/nurt_consumer
    --build-generator ${CMAKE_GENERATOR}
    --build-options -Dnucc_DIR=${CMAKE_BINARY_DIR}
                    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    --test-command ${CMAKE_COMMAND} -E env --unset=NU_DEVICE
                   ${CMAKE_CURRENT_BINARY_DIR}/nurt_consumer/app)
  set_tests_properties(runtime_cmake_package PROPERTIES
    TIMEOUT 120 LABELS runtime PASS_REGULAR_EXPRESSION "test_arrays: ok")
  # The same project with the real nucc translating an example at build time.
  add_test(NAME runtime_cmake_package_nucc COMMAND ${CMAKE_CTEST_COMMAND}
    --build-and-test ${NURT_TEST_DIR}/consumer
                     ${CMAKE_CURRENT_BINARY_DIR}/nurt_consumer_nucc
    --build-generator ${CMAKE_GENERATOR}
    --build-options -Dnucc_DIR=${CMAKE_BINARY_DIR}
                    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
                    -DNUCC_EXE=$<TARGET_FILE:nucc>
                    -DAPP_SOURCE=${PROJECT_SOURCE_DIR}/examples/saxpy.c
    --test-command ${CMAKE_CURRENT_BINARY_DIR}/nurt_consumer_nucc/app 1000)
  set_tests_properties(runtime_cmake_package_nucc PROPERTIES
    TIMEOUT 120 LABELS runtime
    PASS_REGULAR_EXPRESSION "checksum 4.991875e\\+02")
endif()
