# Thin wrapper over CMake: make, make test, make bench, make asan, make install PREFIX=...
BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all test check bench asan install clean

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

bench: all
	$(BUILD)/karx bench

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) build-asan
