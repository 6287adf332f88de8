# Packages from the build: `cpack -G DEB`, `cpack -G RPM` (needs rpmbuild: Debian's rpm) and
# `cpack -G TGZ`, run in the build folder (or `cpack --config build/CPackConfig.cmake -B DIR`),
# give one package per component of cmake/KarxInstall.cmake:
#   libkarx0               runtime   the shared library
#   libkarx-dev            dev       headers, libkarx.so, libkarx.a, pkg-config, CMake package
#                                    (libkarx-devel as an RPM); depends on libkarx0 = this version
#   karx                   cli       the command, man pages, bash and zsh completion
#   openssl-provider-karx  provider  karx.so in OpenSSL's module directory + an openssl.cnf snippet
# The CLI and the provider link karx statically, so they need only libc (and libcrypto). The
# version is the project's; the DEB and RPM packages install under /usr, the archives are relative
# to the prefix (cmake/KarxCPackOptions.cmake). Checked by
# tests/install/test_packages.sh (docs/INSTALL.md).
set(CPACK_PACKAGE_NAME karx)
set(CPACK_PACKAGE_VENDOR "The karx developers")
set(CPACK_PACKAGE_CONTACT "The karx developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Korean lightweight ARX cryptography: LSH, LEA, HIGHT, CHAM, ARIA")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/cmake/KarxCPackOptions.cmake)
set(CPACK_GENERATOR TGZ)
set(CPACK_SOURCE_GENERATOR "")
set(CPACK_STRIP_FILES ON)
set(CPACK_THREADS 1)

# Only these components are packaged (not python: that is the wheel, docs/PYTHON.md).
set(CPACK_COMPONENTS_ALL runtime dev cli)
if(KARX_HAVE_PROVIDER)
  list(APPEND CPACK_COMPONENTS_ALL provider)
endif()
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "karx shared library")
set(CPACK_COMPONENT_DEV_DESCRIPTION "karx headers, static library, pkg-config and CMake files")
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
set(CPACK_COMPONENT_CLI_DESCRIPTION "karx command-line tool")
set(CPACK_COMPONENT_PROVIDER_DESCRIPTION "karx OpenSSL 3 provider")

set(_karx_lib_pkg libkarx${PROJECT_VERSION_MAJOR})
set(_karx_names_runtime ${_karx_lib_pkg})
set(_karx_names_dev libkarx-dev)
set(_karx_names_cli karx)
set(_karx_names_provider openssl-provider-karx)

# ---- archives: karx-VERSION-Linux-COMPONENT.tar.gz, relative paths (bin/, lib/, ...)
set(CPACK_ARCHIVE_COMPONENT_INSTALL ON)

# ---- Debian
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
# dpkg-shlibdeps: libc6 for all, libssl3 (libcrypto) for the provider
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
foreach(c runtime dev cli provider)
  string(TOUPPER ${c} C)
  set(CPACK_DEBIAN_${C}_PACKAGE_NAME ${_karx_names_${c}})
endforeach()
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${_karx_lib_pkg} (= ${PROJECT_VERSION})")
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PROVIDER_PACKAGE_ENHANCES openssl)

# ---- RPM
set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_LICENSE MIT)
set(CPACK_RPM_PACKAGE_GROUP "System Environment/Libraries")
set(CPACK_RPM_SPEC_MORE_DEFINE "%define _build_id_links none")
foreach(c runtime dev cli provider)
  string(TOUPPER ${c} C)
  set(CPACK_RPM_${C}_PACKAGE_NAME ${_karx_names_${c}})
endforeach()
set(CPACK_RPM_DEV_PACKAGE_NAME libkarx-devel)
set(CPACK_RPM_DEV_PACKAGE_REQUIRES "${_karx_lib_pkg} = ${PROJECT_VERSION}")
# ldconfig after the shared library comes and goes
set(CPACK_RPM_RUNTIME_POST_INSTALL_SCRIPT_FILE ${PROJECT_SOURCE_DIR}/cmake/rpm-ldconfig.sh)
set(CPACK_RPM_RUNTIME_POST_UNINSTALL_SCRIPT_FILE ${PROJECT_SOURCE_DIR}/cmake/rpm-ldconfig.sh)
# folders the system owns are not claimed by these packages
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
    /usr/share/man /usr/share/man/man1 /usr/share/bash-completion
    /usr/share/bash-completion/completions /usr/share/zsh /usr/share/zsh/site-functions
    /usr/${CMAKE_INSTALL_LIBDIR} /usr/${CMAKE_INSTALL_LIBDIR}/pkgconfig
    /usr/${CMAKE_INSTALL_LIBDIR}/cmake)
if(KARX_HAVE_PROVIDER)
  get_filename_component(_karx_moddir_parent "/usr/${KARX_OSSL_MODULESDIR_REL}" DIRECTORY)
  list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
       ${_karx_moddir_parent} /usr/${KARX_OSSL_MODULESDIR_REL})
endif()

include(CPack)
