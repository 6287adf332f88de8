# The algorithm registry: the descriptor types (registry.h), the one list (registry.c), the parts
# (parts.c), the AEAD modes (aeads.c), every mode as one list (modes.c), kernel selection
# (select.c), lookup by name or id and the public listing (lookup.c) and composed MAC names
# (mac_names.c). The kernels' listing and known-answer tests
# sit a floor up, in src/selftest/.
list(APPEND KARX_SOURCES
  src/registry/registry.c src/registry/parts.c src/registry/select.c src/registry/lookup.c
  src/registry/mac_names.c src/registry/aeads.c src/registry/modes.c)
