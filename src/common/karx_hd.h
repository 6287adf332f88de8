/* KARX_HD marks round code shared by host and CUDA device: __host__ __device__ under nvcc,
 * nothing elsewhere, so the CPU tests run exactly the code the GPU runs. KARX_HD_UNROLL asks
 * nvcc to unroll a loop fully (array indices must become constants for values to stay in
 * registers); host compilers decide for themselves. */
#ifndef KARX_HD_H
#define KARX_HD_H

#ifdef __CUDACC__
#define KARX_HD __host__ __device__
#else
#define KARX_HD
#endif
#ifdef __CUDA_ARCH__ /* the device pass only: the host compiler does not know the pragma */
#define KARX_HD_UNROLL _Pragma("unroll")
#else
#define KARX_HD_UNROLL
#endif

#endif
