# The self-tests' floor, the top of the library (include/karx/selftest.h): it calls the services
# and kernels it tests and tells the approved-mode gate (src/approved/) below it the result.
#  - run.c: one self-test run, the power-up tests (at load when the mode starts on, and when
#    karx_set_approved_mode turns it on), the public calls that need a run;
#  - construction_kat.c: the known answers of the constructions on the kernels calls use now;
#  - kernel_kat.c: the known answer of every registered kernel, each called directly;
#  - kernel_list.c: the public listing of each entry's kernels (karx_alg_kernel).
list(APPEND KARX_SOURCES src/selftest/run.c src/selftest/construction_kat.c
  src/selftest/kernel_kat.c src/selftest/kernel_list.c)
