# Thin wrapper over CMake: make, make test, make check, make bench, make bench-compare,
# make asan, make fuzz [FUZZ_SECONDS=N], make ct, make dudect, make s390x, make install PREFIX=...,
# make install-ossl-system, make package
BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all test check bench bench-compare asan install install-ossl-system package clean gpu-check embedded arm s390x fuzz ct dudect mca

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

# make install PREFIX=P [DESTDIR=D]: builds only what is installed (library, CLI with its man
# pages and completion, OpenSSL provider; never the tests) and installs it under P alone, the
# provider in P/lib/<multiarch>/ossl-modules (docs/INSTALL.md). A build folder that is not
# configured yet is configured as `make` does.
install:
	@[ -f $(BUILD)/CMakeCache.txt ] || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON
	cmake --build $(BUILD) -j $(JOBS) --target karx_install_deps
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix $(PREFIX)

# make install-ossl-system: the provider into the system OpenSSL's module directory
# (`openssl version -m`), where `-provider karx` finds it with no path; OSSL_MODULES=DIR puts it
# elsewhere, DESTDIR is honoured. The only target that writes outside PREFIX.
OSSL_MODULES ?= $(shell openssl version -m 2>/dev/null | sed -n 's/^MODULESDIR: "\(.*\)"$$/\1/p')
install-ossl-system:
	@[ -f $(BUILD)/CMakeCache.txt ] || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON
	cmake --build $(BUILD) -j $(JOBS) --target karx_install_deps
	@if [ ! -f $(BUILD)/ossl-modules/karx.so ]; then \
	    echo "install-ossl-system: no $(BUILD)/ossl-modules/karx.so (OpenSSL 3 headers missing?)"; exit 1; fi
	@if [ -z "$(OSSL_MODULES)" ]; then \
	    echo "install-ossl-system: no module directory (openssl version -m); set OSSL_MODULES=DIR"; exit 1; fi
	install -d "$(DESTDIR)$(OSSL_MODULES)"
	install -m 0644 $(BUILD)/ossl-modules/karx.so "$(DESTDIR)$(OSSL_MODULES)/karx.so"

# Distribution packages from $(BUILD) into $(BUILD)/packages: make package [PACKAGE_GENERATORS="DEB RPM TGZ"]
PACKAGE_GENERATORS ?= DEB TGZ
package: all
	for g in $(PACKAGE_GENERATORS); do cpack -G $$g --config $(BUILD)/CPackConfig.cmake -B $(BUILD)/packages || exit 1; done

clean:
	rm -rf $(BUILD) build-asan build-ct build-ct-clang build-fuzz build-s390x

# The CUDA back end on a machine with an NVIDIA GPU: build, tests, compute-sanitizer, ncu, bench.
GPU_OUT ?= gpu-check-out
gpu-check:
	bash scripts/gpu-check.sh $(GPU_OUT)
