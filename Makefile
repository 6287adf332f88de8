# Thin wrapper over CMake: make, make test, make check, make bench, make bench-compare,
# make asan, make fuzz [FUZZ_SECONDS=N], make ct, make dudect, make s390x, make install PREFIX=...
BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all test check bench bench-compare asan install install-ossl clean gpu-check embedded arm s390x fuzz ct dudect mca

all:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON
	cmake --build $(BUILD) -j $(JOBS)

test: all
	ctest --test-dir $(BUILD) --output-on-failure

asan:
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DKARX_SANITIZE=ON -DKARX_WERROR=ON
	cmake --build build-asan -j $(JOBS)
	ctest --test-dir build-asan --output-on-failure

check:
	bash scripts/check.sh

# Every libFuzzer target in fuzz/ (clang, ASan + UBSan) for FUZZ_SECONDS each: make fuzz FUZZ_SECONDS=600
FUZZ_SECONDS ?= 60
fuzz:
	bash fuzz/run.sh $(FUZZ_SECONDS)

# AVR (simavr), Cortex-M3 (qemu) and MSP430 builds with their known-answer tests; see docs/EMBEDDED.md
embedded:
	bash embedded/run.sh

# NEON back ends: AArch64 and armhf cross builds, tests under qemu-user (build-arm64/, build-armhf/)
arm:
	bash scripts/test-arm.sh

# Big-endian: s390x cross build, tests under qemu-user (build-s390x/)
s390x:
	bash scripts/test-s390x.sh

# Constant-time check: valgrind memcheck with secrets marked undefined (tests/ct, build-ct/)
ct:
	bash scripts/ct-check.sh

# Statistical timing test (dudect) of the AVX-512 kernels, which valgrind cannot run; not in CI
dudect:
	bash bench/dudect/run.sh $(DUDECT_ARGS)

# llvm-mca's predicted cycles of each hot SIMD kernel on znver4, sapphirerapids, icelake-server
# (and znver3 for AVX2) beside its port and latency bounds (scripts/mca.py; Debian's llvm-19)
mca:
	python3 scripts/mca.py $(MCA_ARGS)

bench: all
	$(BUILD)/karx bench

# karx and Crypto++ 8.7 side by side in one run, saved under bench/results/
bench-compare: all
	python3 bench/compare.py --karx $(BUILD)/karx

# Also puts the OpenSSL provider into the system OpenSSL's module directory (openssl version -m)
# when it was built; OSSL_MODULES=DIR puts it elsewhere (DESTDIR is honoured).
OSSL_MODULES ?= $(shell openssl version -m 2>/dev/null | sed -n 's/^MODULESDIR: "\(.*\)"$$/\1/p')
install: all
	cmake --install $(BUILD) --prefix $(PREFIX)
	$(MAKE) --no-print-directory install-ossl

install-ossl:
	@if [ -f $(BUILD)/ossl-modules/karx.so ] && [ -n "$(OSSL_MODULES)" ]; then \
	    install -d "$(DESTDIR)$(OSSL_MODULES)" && \
	    install -m 0644 $(BUILD)/ossl-modules/karx.so "$(DESTDIR)$(OSSL_MODULES)/karx.so" && \
	    echo "installed $(DESTDIR)$(OSSL_MODULES)/karx.so"; fi

clean:
	rm -rf $(BUILD) build-asan build-ct build-ct-clang build-fuzz build-s390x

# The CUDA back end on a machine with an NVIDIA GPU: build, tests, compute-sanitizer, ncu, bench.
GPU_OUT ?= gpu-check-out
gpu-check:
	bash scripts/gpu-check.sh $(GPU_OUT)
