# The entry points of nucc's build.  CMake does the building; this file only
# strings the steps together.  The two commands a newcomer needs:
#   make demo   set up, build, translate examples/sgemm.c and run it both ways
#   make test   set up, build (normal and sanitizer builds), check the style, run ctest
# See README.md and docs/building.md.

BUILD  := build
ASAN   := build-asan
JOBS   ?= 2
PREFIX ?= /usr/local

CMAKE        ?= cmake
CTEST        ?= ctest
CLANG_FORMAT ?= clang-format
CLANG_TIDY   ?= clang-tidy

# The C files under the style check.  Inputs and expected outputs of tests
# whose bytes matter (diagnostic columns, golden kernels) are left as they are.
FORMAT_DIRS    := compiler annotations runtime tests examples
FORMAT_EXCLUDE := tests/bad/% tests/golden/%
FORMAT_FILES    = $(filter-out $(FORMAT_EXCLUDE), \
                    $(sort $(shell find $(FORMAT_DIRS) -name '*.[ch]' 2>/dev/null)))

.PHONY: all setup build build-asan test demo format format-check tidy install clean

all: build

setup:
	@bash scripts/setup.sh

build: setup
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
	$(CMAKE) --build $(BUILD) -j$(JOBS)

build-asan: setup
	$(CMAKE) -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DNUCC_SANITIZE=ON
	$(CMAKE) --build $(ASAN) -j$(JOBS)

test: setup build build-asan format-check
	$(CTEST) --test-dir $(BUILD) --output-on-failure -j$(JOBS)
	$(CTEST) --test-dir $(ASAN) --output-on-failure -j$(JOBS)

demo: setup build
	bash scripts/demo.sh

format:
	$(if $(strip $(FORMAT_FILES)),$(CLANG_FORMAT) -i $(FORMAT_FILES),@echo "format: no C files yet")

format-check:
	@if ! command -v $(CLANG_FORMAT) >/dev/null; then \
	  echo "format-check: $(CLANG_FORMAT) not found, style not checked"; \
	elif [ -z "$(strip $(FORMAT_FILES))" ]; then \
	  echo "format-check: no C files yet"; \
	else \
	  echo "$(CLANG_FORMAT) --dry-run -Werror <$(words $(FORMAT_FILES)) files>"; \
	  $(CLANG_FORMAT) --dry-run -Werror $(FORMAT_FILES); \
	fi

# clang-tidy with the checked-in .clang-tidy, on the compiler and runtime
# sources, using the compile commands of the normal build.  Not part of `test`.
tidy: build
	$(CLANG_TIDY) -p $(BUILD) --quiet $(filter compiler/% annotations/% runtime/%, \
	  $(filter %.c, $(FORMAT_FILES)))

install:
	@test -f $(BUILD)/CMakeCache.txt || { echo "install: run 'make build' first"; exit 1; }
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN)
