# Instruction sets and their compiler flags, each named once (BLAKE3's build does the same).
# A family's sources.cmake states the ISA of each SIMD file, a base set plus any extensions:
#   karx_simd_sources(AVX2 src/lea/lea_avx2.c)
#   karx_simd_sources(AVX512 GFNI src/hight/hight_avx512_gfni.c)
# The file is compiled with exactly those flags, and only when the build targets that
# architecture; the run-time dispatch calls it only on a CPU reporting the same features.

# Base sets (x86); each compiler flag also enables the older sets it builds on.
set(KARX_FLAGS_SSE2 -msse2)
set(KARX_FLAGS_SSSE3 -mssse3)
set(KARX_FLAGS_SSE41 ${KARX_FLAGS_SSSE3} -msse4.1)
set(KARX_FLAGS_AVX2 -mavx2)
set(KARX_FLAGS_AVX512 -mavx512f -mavx512vl -mavx512bw ${KARX_FLAGS_AVX2})
# Extensions (x86), added to a base set.
set(KARX_FLAGS_GFNI -mgfni)
set(KARX_FLAGS_VBMI2 -mavx512vbmi2)
set(KARX_FLAGS_PCLMUL -mpclmul)
set(KARX_FLAGS_VPCLMUL -mvpclmulqdq ${KARX_FLAGS_PCLMUL})
set(KARX_X86_ISAS SSE2 SSSE3 SSE41 AVX2 AVX512 GFNI VBMI2 PCLMUL VPCLMUL)
# Arm: Advanced SIMD is part of AArch64; 32-bit Arm enables it per file (the rest of the
# library keeps armhf's VFPv3-D16 baseline) and checks HWCAP_NEON at run time.
set(KARX_FLAGS_NEON)
if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(KARX_FLAGS_NEON -mfpu=neon)
endif()
set(KARX_ARM_ISAS NEON)

# The architecture whose SIMD files this build compiles (none: portable code only).
set(KARX_SIMD_ARCH none)
set(KARX_SIMD_DEFS)
if(KARX_SIMD AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(KARX_SIMD_ARCH x86)
  set(KARX_SIMD_DEFS KARX_HAVE_X86_SIMD=1)
elseif(KARX_SIMD AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64|arm.*)$")
  set(KARX_SIMD_ARCH arm)
  set(KARX_SIMD_DEFS KARX_HAVE_NEON=1)
endif()

# karx_simd_sources(<ISA> [<extension>...] <file>...): ISA names first, then the files, which
# join KARX_SOURCES when the build targets that ISA's architecture.
function(karx_simd_sources)
  set(arch "")
  set(flags "")
  set(files "")
  foreach(item IN LISTS ARGN)
    if(item IN_LIST KARX_X86_ISAS)
      set(item_arch x86)
    elseif(item IN_LIST KARX_ARM_ISAS)
      set(item_arch arm)
    else()
      list(APPEND files ${item})
      continue()
    endif()
    if(files OR (arch AND NOT arch STREQUAL item_arch))
      message(FATAL_ERROR "karx_simd_sources(${ARGN}): ISA names of one architecture, then files")
    endif()
    set(arch ${item_arch})
    list(APPEND flags ${KARX_FLAGS_${item}})
  endforeach()
  if(NOT arch OR NOT files)
    message(FATAL_ERROR "karx_simd_sources(${ARGN}): needs an ISA and at least one file")
  endif()
  if(arch STREQUAL KARX_SIMD_ARCH)
    if(flags)
      set_source_files_properties(${files} PROPERTIES COMPILE_OPTIONS "${flags}")
    endif()
    set(KARX_SOURCES ${KARX_SOURCES} ${files} PARENT_SCOPE)
  endif()
endfunction()
