# Read by cpack for each generator (CPACK_PROJECT_CONFIG_FILE, cmake/KarxPackage.cmake): the
# archives hold the tree relative to the prefix (bin/, lib/, share/, ...: extract them into any
# prefix, e.g. tar -C /usr/local -xzf karx-VERSION-Linux-cli.tar.gz); DEB and RPM install under /usr.
if(CPACK_GENERATOR MATCHES "^(TGZ|TXZ|TBZ2|TZST|ZIP|7Z)$")
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
endif()
