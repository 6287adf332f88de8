# What `cmake --install` (and so `make install` and the packages, cmake/KarxPackage.cmake)
# puts where, in four components, one package each:
#   runtime   libkarx.so.N                            (lib)
#   dev       headers, libkarx.so, libkarx.a, karx.pc, the CMake package
#   cli       bin/karx, its man pages and bash / zsh completion (man/)
#   provider  the OpenSSL 3 provider karx.so and share/karx/karx-openssl.cnf
# Every destination is relative, so everything lands under the prefix (docs/INSTALL.md).

install(DIRECTORY include/karx DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
install(TARGETS karx_static karx_shared EXPORT karxTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(EXPORT karxTargets NAMESPACE karx:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/karx
  COMPONENT dev)
configure_package_config_file(cmake/karxConfig.cmake.in
  ${PROJECT_BINARY_DIR}/karxConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/karx)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/karxConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/karxConfig.cmake ${PROJECT_BINARY_DIR}/karxConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/karx COMPONENT dev)
# Relocatable: the prefix is found from the .pc file's own place, whatever --prefix install gets.
file(RELATIVE_PATH KARX_PC_TO_PREFIX "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
configure_file(cmake/karx.pc.in ${PROJECT_BINARY_DIR}/karx.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/karx.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
  COMPONENT dev)

set(KARX_INSTALL_TARGETS karx_static karx_shared)
if(TARGET karx)
  install(TARGETS karx RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
  list(APPEND KARX_INSTALL_TARGETS karx)
  if(TARGET karx_docs)
    list(APPEND KARX_INSTALL_TARGETS karx_docs)
  endif()
endif()

# The provider goes where the OpenSSL it was built against looks for modules, relative to that
# OpenSSL's prefix: libcrypto.pc's modulesdir (Debian: /usr/lib/<multiarch>/ossl-modules, so
# lib/<multiarch>/ossl-modules under the prefix; Fedora: lib64/ossl-modules). A package (prefix
# /usr) so puts it into the system's module directory; `make install PREFIX=P` into
# P/lib/<multiarch>/ossl-modules, and only `make install-ossl-system` into the system's.
# Without libcrypto.pc, or when it describes another OpenSSL than the one found:
# ${CMAKE_INSTALL_LIBDIR}/ossl-modules.
if(KARX_HAVE_PROVIDER)
  set(KARX_INSTALL_OSSL_MODULESDIR "" CACHE STRING
      "where cmake --install puts karx.so, relative to the prefix (empty: OpenSSL's own layout)")
  set(_moddir "${KARX_INSTALL_OSSL_MODULESDIR}")
  if(NOT _moddir)
    set(_moddir "${CMAKE_INSTALL_LIBDIR}/ossl-modules")
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND AND NOT CMAKE_CROSSCOMPILING)
      pkg_get_variable(_ossl_modulesdir libcrypto modulesdir)
      pkg_get_variable(_ossl_prefix libcrypto prefix)
      pkg_get_variable(_ossl_libdir libcrypto libdir)
      get_filename_component(_ossl_found_libdir "${OPENSSL_CRYPTO_LIBRARY}" DIRECTORY)
      if(_ossl_modulesdir AND _ossl_prefix AND _ossl_libdir STREQUAL _ossl_found_libdir)
        file(RELATIVE_PATH _rel "${_ossl_prefix}" "${_ossl_modulesdir}")
        if(_rel AND NOT _rel MATCHES "^\\.\\.")
          set(_moddir "${_rel}")
        endif()
      endif()
    endif()
  endif()
  set(KARX_OSSL_MODULESDIR_REL "${_moddir}")
  message(STATUS "karx: the provider installs into <prefix>/${KARX_OSSL_MODULESDIR_REL}")
  install(TARGETS karx_provider LIBRARY DESTINATION ${KARX_OSSL_MODULESDIR_REL} COMPONENT provider)
  # An openssl.cnf snippet that loads karx (and keeps default) in every OpenSSL program, by
  # module name from OpenSSL's module directory (docs/OPENSSL.md).
  install(FILES cmake/karx-openssl.cnf DESTINATION ${CMAKE_INSTALL_DATADIR}/karx
    COMPONENT provider)
  list(APPEND KARX_INSTALL_TARGETS karx_provider)
endif()

# `make install` builds this target, not `all`: what is installed, never the tests.
add_custom_target(karx_install_deps)
add_dependencies(karx_install_deps ${KARX_INSTALL_TARGETS})
