# nurtInstallPkgConfig.cmake — runs at install time, from the install(CODE)
# in Packaging.cmake, which sets NURT_PC_IN/OUT/LIBDIR/INCLUDEDIR: writes
# nurt.pc naming the prefix actually installed into and installs it into
# <libdir>/pkgconfig (DESTDIR and the install manifest are honoured).
set(NURT_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(pcdir "${NURT_PC_LIBDIR}/pkgconfig")
foreach(v NURT_PC_LIBDIR NURT_PC_INCLUDEDIR)
  if(NOT IS_ABSOLUTE "${${v}}")
    set(${v} "\${prefix}/${${v}}")
  endif()
endforeach()
if(NOT IS_ABSOLUTE "${pcdir}")
  set(pcdir "${CMAKE_INSTALL_PREFIX}/${pcdir}")
endif()
configure_file("${NURT_PC_IN}" "${NURT_PC_OUT}" @ONLY)
file(INSTALL "${NURT_PC_OUT}" DESTINATION "${pcdir}")
