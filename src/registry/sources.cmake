# The algorithm registry: the one list (registry.c), the parts (parts.c), kernel selection
# (select.c), the public enumeration calls (registry_api.c), composed MAC names (mac_names.c) and
# the per-kernel known-answer self-tests (selftest.c).
list(APPEND KARX_SOURCES
  src/registry/registry.c src/registry/parts.c src/registry/select.c src/registry/registry_api.c
  src/registry/mac_names.c src/registry/selftest.c)
