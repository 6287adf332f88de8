# GPU back end: the record jobs' host side (plain C, every build), then the CUDA runtime and
# kernels where nvcc was found (KARX_HAVE_CUDA), else a stub whose calls report
# KARX_ERR_NO_DEVICE.
list(APPEND KARX_SOURCES src/gpu/gpu_jobs.c)
if(KARX_HAVE_CUDA)
  list(APPEND KARX_SOURCES src/gpu/gpu_runtime.cu src/gpu/gpu_open.cu src/gpu/gpu_lsh.cu
       src/gpu/gpu_cipher.cu src/gpu/gpu_jobs.cu)
else()
  list(APPEND KARX_SOURCES src/gpu/gpu_stub.c)
endif()
