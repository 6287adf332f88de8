/* KARX_HD marks round code shared by host and CUDA device: __host__ __device__ under nvcc,
 * nothing elsewhere, so the CPU tests run exactly the code the GPU runs. */
#ifndef KARX_HD_H
#define KARX_HD_H

#ifdef __CUDACC__
#define KARX_HD __host__ __device__ __forceinline__
#else
#define KARX_HD
#endif

#endif
