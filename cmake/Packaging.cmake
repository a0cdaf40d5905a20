# Packaging.cmake — how nurt and nucc reach their users (SPEC §2): installs
# libnurt and nurt.h, writes pkg-config files for the install and for this
# build tree, and the CMake package `nucc` (nucc::nurt, nucc::nucc,
# nucc_add_sources).  Included from the top level after both targets exist.
include(CMakePackageConfigHelpers)
include(${CMAKE_CURRENT_LIST_DIR}/nuccAddSources.cmake)

# The name users link against, in this tree as after find_package(nucc).
add_library(nucc::nurt ALIAS nurt)

set(NUCC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/nucc)
install(TARGETS nurt EXPORT nuccTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/runtime/nurt.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# nurt's MPI layer, where an MPI library was found (runtime/CMakeLists.txt).
if(TARGET nurt_mpi)
  add_library(nucc::nurt_mpi ALIAS nurt_mpi)
  install(TARGETS nurt_mpi EXPORT nuccTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()

# --- pkg-config ------------------------------------------------------------
# Installed: written at install time, so that it names the prefix actually
# installed into (`cmake --install --prefix`); DESTDIR is honoured.
install(CODE "
  set(PROJECT_VERSION [[${PROJECT_VERSION}]])
  set(NURT_PC_IN [[${CMAKE_CURRENT_LIST_DIR}/nurt.pc.in]])
  set(NURT_PC_OUT [[${CMAKE_BINARY_DIR}/pkgconfig-install/nurt.pc]])
  set(NURT_PC_LIBDIR [[${CMAKE_INSTALL_LIBDIR}]])
  set(NURT_PC_INCLUDEDIR [[${CMAKE_INSTALL_INCLUDEDIR}]])
  include([[${CMAKE_CURRENT_LIST_DIR}/nurtInstallPkgConfig.cmake]])")
if(TARGET nurt_mpi)
  install(CODE "
    set(PROJECT_VERSION [[${PROJECT_VERSION}]])
    set(NURT_PC_IN [[${CMAKE_CURRENT_LIST_DIR}/nurt-mpi.pc.in]])
    set(NURT_PC_OUT [[${CMAKE_BINARY_DIR}/pkgconfig-install/nurt-mpi.pc]])
    set(NURT_PC_LIBDIR [[${CMAKE_INSTALL_LIBDIR}]])
    set(NURT_PC_INCLUDEDIR [[${CMAKE_INSTALL_INCLUDEDIR}]])
    include([[${CMAKE_CURRENT_LIST_DIR}/nurtInstallPkgConfig.cmake]])")
endif()

# This build tree: headers from the sources, the library from lib/.  As
# nurt-uninstalled.pc (which pkg-config prefers to nurt.pc when both are on
# PKG_CONFIG_PATH) and as pkgconfig-uninstalled/nurt.pc.
set(NURT_PC_PREFIX "${CMAKE_BINARY_DIR}")
set(NURT_PC_LIBDIR "${CMAKE_BINARY_DIR}/lib")
set(NURT_PC_INCLUDEDIR "${PROJECT_SOURCE_DIR}/runtime")
configure_file(${CMAKE_CURRENT_LIST_DIR}/nurt.pc.in
  ${CMAKE_BINARY_DIR}/nurt-uninstalled.pc @ONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/nurt.pc.in
  ${CMAKE_BINARY_DIR}/pkgconfig-uninstalled/nurt.pc @ONLY)
if(TARGET nurt_mpi)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/nurt-mpi.pc.in
    ${CMAKE_BINARY_DIR}/nurt-mpi-uninstalled.pc @ONLY)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/nurt-mpi.pc.in
    ${CMAKE_BINARY_DIR}/pkgconfig-uninstalled/nurt-mpi.pc @ONLY)
endif()

# --- the CMake package nucc --------------------------------------------------
write_basic_package_version_file(${CMAKE_BINARY_DIR}/nuccConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)

# Installed: nucc::nucc is found next to the prefix's lib/.
set(NUCC_CONFIG_EXECUTABLE "\${PACKAGE_PREFIX_DIR}/${CMAKE_INSTALL_BINDIR}/nucc")
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/nuccConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake-install/nuccConfig.cmake
  INSTALL_DESTINATION ${NUCC_CMAKE_DIR})
install(EXPORT nuccTargets NAMESPACE nucc:: DESTINATION ${NUCC_CMAKE_DIR})
install(FILES
  ${CMAKE_BINARY_DIR}/cmake-install/nuccConfig.cmake
  ${CMAKE_BINARY_DIR}/nuccConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/nuccAddSources.cmake
  DESTINATION ${NUCC_CMAKE_DIR})

# This build tree: find_package(nucc PATHS <build dir>) uses the targets here.
export(EXPORT nuccTargets NAMESPACE nucc:: FILE ${CMAKE_BINARY_DIR}/nuccTargets.cmake)
configure_file(${CMAKE_CURRENT_LIST_DIR}/nuccAddSources.cmake
  ${CMAKE_BINARY_DIR}/nuccAddSources.cmake COPYONLY)
if(TARGET nucc)
  set(NUCC_CONFIG_EXECUTABLE "$<TARGET_FILE:nucc>")
else()
  set(NUCC_CONFIG_EXECUTABLE "NUCC-NOTFOUND")
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/nuccConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake-build/nuccConfig.cmake.in
  INSTALL_DESTINATION ${CMAKE_BINARY_DIR} INSTALL_PREFIX ${CMAKE_BINARY_DIR})
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/nuccConfig.cmake
  INPUT ${CMAKE_BINARY_DIR}/cmake-build/nuccConfig.cmake.in)
