# The entry points of nucc's build.  CMake does the building; this file only
# strings the steps together.  The two commands a newcomer needs:
#   make demo   set up, build, translate examples/sgemm.c and run it both ways
#   make check  the quick loop after a change: unit, golden, bad-input, pipeline and
#               the run tests (runtime, run, verify, profile, mpi) on PoCL, in build/ only
#               (no sanitizers, no fuzzing, no corpus or property tests)
#   make test   set up, build (normal and sanitizer builds), check the style, run the
#               static checks (cppcheck, clang-tidy), run ctest (with fuzz and valgrind),
#               the tests that exercise memory again under AddressSanitizer, and the
#               runtime's tests again under ThreadSanitizer
#   make corpus the classic-kernel corpus alone (tests/corpus/, label corpus; also in test)
# See README.md and docs/building.md; docs/hardening.md for fuzz, valgrind, tidy, cppcheck.

BUILD  := build
ASAN   := build-asan
TSAN   := build-tsan
FUZZ   := build-fuzz
JOBS   ?= 2
PREFIX ?= /usr/local
FUZZ_TIME    ?= 600
FUZZ_TARGETS ?= pragma frontend
FUZZ_CC      ?= clang
# ctest's parallel jobs (TEST_JOBS) and the ctest labels each target runs
# (every test has one or more: ctest --print-labels; docs/building.md).
TEST_JOBS    ?= $(JOBS)
# make check: everything but the slow parts (corpus, prop, valgrind, fuzz).
# QUICK=1 (the default) skips the NU_VERIFY and --emit=seq legs of the run
# tests (NUCC_QUICK, tests/run_both.sh) and the seq tests (tests/emit_seq.sh);
# QUICK=0 runs them as make test does.
CHECK_LABELS ?= ^(unit|golden|bad|pipeline|run|runtime|verify|profile|seq|mpi)$$
QUICK        ?= 1
# The sanitizer build reruns only what exercises memory at run time: nurt
# and the programs built on it (runtime, run, verify, profile), nucc's error
# paths (bad) and many compilations in one process (unit), and the fuzz
# seeds and regressions (replay).  The golden, pipeline, property and corpus
# tests check what nucc writes; they run once, in build/.  The run tests'
# NU_VERIFY and --emit=seq legs run once too (NUCC_QUICK=1 there): the
# verify tests exercise NU_VERIFY's memory under the sanitizer, and the
# --emit=seq printer is nucc's, which the unit and bad tests exercise.
ASAN_LABELS  ?= ^(unit|bad|replay|run|runtime|verify|profile)$$

CMAKE        ?= cmake
CTEST        ?= ctest
CLANG_FORMAT ?= clang-format
CLANG_TIDY   ?= clang-tidy
CPPCHECK     ?= cppcheck

# The C files under the style check.  Inputs and expected outputs of tests
# whose bytes matter (diagnostic columns, golden kernels, fuzz seeds and
# regressions) are left as they are.
FORMAT_DIRS    := compiler runtime tests examples
FORMAT_EXCLUDE := tests/bad/% tests/golden/% tests/fuzz/corpus/% tests/fuzz/regressions/%
FORMAT_FILES    = $(filter-out $(FORMAT_EXCLUDE), \
                    $(sort $(shell find $(FORMAT_DIRS) -name '*.[ch]' 2>/dev/null)))

.PHONY: all setup build build-asan build-tsan check test test-tsan tidy-test corpus corpus-summary demo format format-check tidy cppcheck fuzz install clean

all: build

setup:
	@bash scripts/setup.sh

build: setup
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
	$(CMAKE) --build $(BUILD) -j$(JOBS)

build-asan: setup
	$(CMAKE) -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DNUCC_SANITIZE=ON -DNUCC_FUZZ=OFF \
	  -DNUCC_TEST_POCL_CACHE=$(abspath $(BUILD))/tests/pocl-cache
	$(CMAKE) --build $(ASAN) -j$(JOBS)

# The runtime and its tests alone, with ThreadSanitizer (NUCC_TSAN): host
# threads fault on arrays while the main thread launches.  About 1 minute.
build-tsan: setup
	$(CMAKE) -S . -B $(TSAN) -DCMAKE_BUILD_TYPE=Debug -DNUCC_TSAN=ON
	$(CMAKE) --build $(TSAN) -j$(JOBS)

# The quick loop: build/ only, the labels above, minutes at most (after a
# build, PoCL's kernel cache warm: about a minute on 2 cores; docs/building.md).
check: setup build
	NUCC_QUICK=$(QUICK) $(CTEST) --test-dir $(BUILD) --output-on-failure -j$(TEST_JOBS) \
	  -L '$(CHECK_LABELS)'

# Every test in build/, those of ASAN_LABELS in build-asan/ (which shares
# build/'s PoCL kernel cache: the same kernels, compiled once), all of
# build-tsan/.  NUCC_QUICK=0 whatever the environment says: every leg runs.
# clang-tidy (tidy-test) and the ThreadSanitizer tests run side by side: the
# TSan tests mostly wait (61 s of CPU in 178 s of wall time, docs/building.md).
test: setup build build-asan build-tsan format-check cppcheck
	@$(MAKE) --no-print-directory -j2 tidy-test test-tsan
	NUCC_QUICK=0 $(CTEST) --test-dir $(BUILD) --output-on-failure -j$(TEST_JOBS)
	NUCC_QUICK=1 $(CTEST) --test-dir $(ASAN) --output-on-failure -j$(TEST_JOBS) \
	  -L '$(ASAN_LABELS)'

# The runtime's tests under ThreadSanitizer (part of `make test`).
test-tsan: build-tsan
	@if $(TSAN)/tsan_probe; then \
	  $(CTEST) --test-dir $(TSAN) --output-on-failure -j$(TEST_JOBS); \
	else \
	  echo "test: ThreadSanitizer cannot start on this machine: $(TSAN) NOT RUN"; \
	fi

# The corpus of classic loop kernels (tests/corpus/): what a correct nucc must
# do with each is in tests/corpus/EXPECT; `make test` runs them with the rest,
# `make corpus` alone.  `corpus-summary` prints a table.
corpus: build
	$(CTEST) --test-dir $(BUILD) --output-on-failure -j$(TEST_JOBS) -L corpus

corpus-summary: build
	OUTCMP=$(abspath $(BUILD))/tests/outcmp bash tests/corpus/run_corpus.sh --summary $(abspath $(BUILD))/nucc \
	  $(abspath $(BUILD))/pkgconfig-uninstalled $(abspath $(BUILD))/tests/work/corpus-summary

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
# sources, using the compile commands of the normal build; any warning fails.
# Skipped without clang-tidy.  Its static analyzer (clang-analyzer-*) follows
# paths into the functions a function calls ("deep"): 640 s of CPU over the
# whole tree on 2 cores, more than make test's 12 minutes can hold.
#   make tidy       every file deep (before a release, or after a large change)
#   make tidy-test  what make test runs: the runtime deep (it runs inside the
#                   user's program: 14 files, about 45 s), the compiler with
#                   the analyzer "shallow" (each function's own paths, calls not
#                   followed: about 40 s), every bugprone check everywhere
TIDY_FILES = $(filter compiler/% runtime/%, $(filter %.c, $(FORMAT_FILES)))
TIDY_SHALLOW = --extra-arg=-Xclang --extra-arg=-analyzer-config \
               --extra-arg=-Xclang --extra-arg=mode=shallow
define run_tidy
	@if ! command -v $(CLANG_TIDY) >/dev/null; then \
	  echo "tidy: $(CLANG_TIDY) not found, not checked"; \
	else \
	  echo "$(CLANG_TIDY) --warnings-as-errors='*' $(2) <$(words $(1)) files>"; \
	  printf '%s\n' $(1) | xargs -P$(JOBS) -n2 \
	    $(CLANG_TIDY) -p $(BUILD) --quiet --warnings-as-errors='*' $(2); \
	fi
endef
tidy: build
	$(call run_tidy,$(TIDY_FILES),)
tidy-test: build
	$(call run_tidy,$(filter runtime/%,$(TIDY_FILES)),)
	$(call run_tidy,$(filter compiler/%,$(TIDY_FILES)),$(TIDY_SHALLOW))

# cppcheck on the compiler and runtime sources, with the compile commands of
# the normal build; any warning fails; inline suppressions only
# (// cppcheck-suppress ID).  cppcheck 2.10 does not know C11's _Noreturn,
# so it is told.  Part of `test` (seconds), skipped without cppcheck.
cppcheck: build
	@if ! command -v $(CPPCHECK) >/dev/null; then \
	  echo "cppcheck: $(CPPCHECK) not found, not checked"; \
	else \
	  echo "$(CPPCHECK) --enable=warning,portability <compiler, runtime>"; \
	  $(CPPCHECK) --project=$(abspath $(BUILD))/compile_commands.json --quiet --error-exitcode=1 \
	    --enable=warning,portability --inline-suppr --suppress=missingIncludeSystem \
	    '-D_Noreturn=__attribute__((noreturn))' \
	    --file-filter='$(CURDIR)/compiler/*' \
	    --file-filter='$(CURDIR)/runtime/*' -j$(JOBS); \
	fi

# The libFuzzer targets (tests/fuzz/), FUZZ_TIME seconds each, built with
# FUZZ_CC into $(FUZZ); new inputs stay in $(FUZZ)/work/<target>/corpus for
# the next run.  `make test` runs them for 30 s each (fuzz.* in ctest).
fuzz: setup
	bash tests/fuzz/fuzz.sh build $(FUZZ) $(FUZZ_CC) dev
	@for t in $(FUZZ_TARGETS); do \
	  bash tests/fuzz/fuzz.sh run $(FUZZ) $$t $(FUZZ_TIME) $(FUZZ)/work/$$t || exit 1; \
	done

install:
	@test -f $(BUILD)/CMakeCache.txt || { echo "install: run 'make build' first"; exit 1; }
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN) $(TSAN) $(FUZZ)
