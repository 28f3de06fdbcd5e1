# ferret — build with a C11 compiler alone.
#
#   make            release build: build/ferret, build/libferret.a, build/libferret.so
#   make test       layering check, sanitizer build (ASan+UBSan) in build-san/
#                   and every test
#   make san        only the sanitizer build
#   make debug      debug build in build-debug/ (-O0, assertions on): the
#                   library's invariants checked; make test runs its unit
#                   runner too.  The release build defines NDEBUG.
#   make fuzz       libFuzzer harnesses of every input reader (clang); make fuzz-run
#   make clean
#
# CC, CFLAGS and WERROR=1 can be set on the command line.

CC      ?= cc
OPT     ?= -O2
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-unused-parameter
ifeq ($(WERROR),1)
WARN    += -Werror
endif
BASE    := -std=c11 -D_POSIX_C_SOURCE=200809L -g $(WARN) -fvisibility=hidden -Iinclude -Isrc
SANFLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

LIBSRC  := $(sort $(wildcard src/*/*.c))
CLISRC  := $(sort $(wildcard cli/*.c))
TESTSRC := $(sort $(wildcard tests/test_*.c))
HDRS    := $(wildcard include/*.h src/*/*.h cli/*.h tests/*.h)

all: build/ferret build/libferret.a build/libferret.so

# ---- release ------------------------------------------------------------
build/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(OPT) -DNDEBUG -fPIC $(GENINC) $(CFLAGS) -c $< -o $@

build/libferret.a: $(LIBSRC:%.c=build/%.o)
	rm -f $@ && ar rcs $@ $^

# The shared library carries a versioned SONAME (libferret.so.MAJOR).
VERSION := $(shell sed -n 's/^\#define FERRET_VERSION "\(.*\)"/\1/p' include/ferret.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME  := libferret.so.$(SOMAJOR)

build/libferret.so: $(LIBSRC:%.c=build/%.o)
	$(CC) -shared -Wl,-soname,$(SONAME) -o $@ $^ -lm

build/ferret: $(CLISRC:%.c=build/%.o) build/libferret.a
	$(CC) -o $@ $(CLISRC:%.c=build/%.o) build/libferret.a -lm

# ---- sanitizer build (what the tests run) --------------------------------
build-san/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(SANFLAGS) $(GENINC) $(CFLAGS) -DFER_TESTING -c $< -o $@

build-san/libferret.a: $(LIBSRC:%.c=build-san/%.o)
	rm -f $@ && ar rcs $@ $^

build-san/ferret: $(CLISRC:%.c=build-san/%.o) build-san/libferret.a
	$(CC) $(SANFLAGS) -o $@ $(CLISRC:%.c=build-san/%.o) build-san/libferret.a -lm

# The unit-test runner: every TEST(name) in tests/test_*.c is registered by
# scanning the sources, so adding a test is adding a function.
build-san/tests.inc build-debug/tests.inc: $(TESTSRC)
	@mkdir -p $(dir $@)
	sed -n 's/^TEST(\([A-Za-z0-9_]*\)).*/X(\1)/p' $(TESTSRC) > $@

build-san/tests/main.o: tests/main.c build-san/tests.inc $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(SANFLAGS) $(CFLAGS) -Ibuild-san -c $< -o $@

build-san/ferret-tests: build-san/tests/main.o $(TESTSRC:%.c=build-san/%.o) build-san/libferret.a
	$(CC) $(SANFLAGS) -o $@ $^ -lmpfr -lgmp -lm

# smt2c copies ferret's FP/BV library into the C it writes: the source text
# is generated from the library files (tools/smt2c-runtime.sh).
SMT2C_RT := tools/smt2c-runtime.sh src/base/ops.h src/base/u128.h src/bv/bv.h src/bv/bv.c \
  src/fp/fp.h src/fp/wide.h src/fp/fp_internal.h src/fp/hw.h \
  $(filter-out src/fp/from_real.c src/fp/env.c,$(wildcard src/fp/*.c))
# Generated into each build directory (never committed), found through -I.
build/gen/smt2c_runtime.inc build-san/gen/smt2c_runtime.inc build-fuzz/gen/smt2c_runtime.inc \
  build-tsan/gen/smt2c_runtime.inc build-debug/gen/smt2c_runtime.inc: $(SMT2C_RT)
	@mkdir -p $(dir $@)
	tools/smt2c-runtime.sh > $@.tmp && mv $@.tmp $@
build/src/backends/smt2c.o: build/gen/smt2c_runtime.inc
build/src/backends/smt2c.o: GENINC = -Ibuild/gen
build-san/src/backends/smt2c.o: build-san/gen/smt2c_runtime.inc
build-san/src/backends/smt2c.o: GENINC = -Ibuild-san/gen

san: build-san/ferret build-san/ferret-tests fuzz-replay

# ---- debug build: no optimisation, every assert() on (the sanitizer build
# keeps them on as well; only the release build defines NDEBUG) ----------
DBGFLAGS := -O0 -fno-omit-frame-pointer
build-debug/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(DBGFLAGS) $(GENINC) $(CFLAGS) -DFER_TESTING -c $< -o $@
build-debug/src/backends/smt2c.o: build-debug/gen/smt2c_runtime.inc
build-debug/src/backends/smt2c.o: GENINC = -Ibuild-debug/gen
build-debug/libferret.a: $(LIBSRC:%.c=build-debug/%.o)
	rm -f $@ && ar rcs $@ $^
build-debug/ferret: $(CLISRC:%.c=build-debug/%.o) build-debug/libferret.a
	$(CC) -o $@ $(CLISRC:%.c=build-debug/%.o) build-debug/libferret.a -lm
build-debug/tests/main.o: tests/main.c build-debug/tests.inc $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(DBGFLAGS) $(CFLAGS) -Ibuild-debug -c $< -o $@
build-debug/ferret-tests: build-debug/tests/main.o $(TESTSRC:%.c=build-debug/%.o) build-debug/libferret.a
	$(CC) -o $@ $^ -lmpfr -lgmp -lm -lpthread
debug: build-debug/ferret build-debug/ferret-tests
.PHONY: debug

# ---- two contexts on two threads under ThreadSanitizer (tests/cli/threads.sh)
TSANFLAGS := -O1 -fsanitize=thread -fno-omit-frame-pointer
build-tsan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(TSANFLAGS) $(GENINC) $(CFLAGS) -c $< -o $@
build-tsan/src/backends/smt2c.o: build-tsan/gen/smt2c_runtime.inc
build-tsan/src/backends/smt2c.o: GENINC = -Ibuild-tsan/gen
build-tsan/threads: build-tsan/tests/threads/threads.o $(LIBSRC:%.c=build-tsan/%.o)
	$(CC) $(TSANFLAGS) -o $@ $^ -lm -lpthread
build-tsan/ferret: $(CLISRC:%.c=build-tsan/%.o) $(LIBSRC:%.c=build-tsan/%.o)
	$(CC) $(TSANFLAGS) -o $@ $^ -lm -lpthread
tsan: build-tsan/threads build-tsan/ferret

test: all
	tools/check-layers.sh
	tests/deps.sh
	$(MAKE) san debug tsan build-pysan/libferret.so
	tests/run-all.sh

# ---- mutation check: tools/mutants.txt's deliberate bugs, one at a time, in
# a copy of the tree (not part of `make test`: it takes a while)
mutants: build-san/ferret-tests
	tools/mutants.sh
.PHONY: mutants

# ---- fuzzing every reader of untrusted input with libFuzzer (needs clang) --
#   make fuzz                      build-fuzz/fuzz_T for each target T
#   make fuzz-run FUZZ_SECONDS=N   per target: replay its regression inputs,
#                                  then fuzz N s (tests/fuzz/run.sh)
# Targets (tests/fuzz/fuzz_T.c): reader (SMT-LIB scripts), samples (sample
# files), seeds (seed files), partner (a portfolio partner's answer and
# model), concolic (QUERIES and SEED), hunt_log (a campaign's log.tsv and
# ranking.tsv), bench (results TSVs).  Every library file is compiled with
# -fsanitize=fuzzer-no-link (coverage without a main); a harness links
# libFuzzer's main.  The sanitizer build links each harness with
# tests/fuzz/replay.c instead (build-san/fuzz-replay-T), which the test
# suite runs over the regression and seed inputs (tests/cli/fuzz_regress.sh).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := reader samples seeds partner concolic hunt_log bench
FUZZFLAGS    := -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
  -fno-omit-frame-pointer
FUZZ_SMT2C   := $(patsubst %.c,build-fuzz/%.o,$(filter %/smt2c.c,$(LIBSRC)))
FUZZ_DEPS    := tests/fuzz/cli_stubs.h cli/args.c cli/args.h cli/concolic.c cli/bench_report.c cli/hunt_merge.c

build-fuzz/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASE) $(FUZZFLAGS) -fsanitize=fuzzer-no-link $(GENINC) $(CFLAGS) -c $< -o $@
$(FUZZ_SMT2C): build-fuzz/gen/smt2c_runtime.inc
$(FUZZ_SMT2C): GENINC = -Ibuild-fuzz/gen
$(FUZZ_TARGETS:%=build-fuzz/tests/fuzz/fuzz_%.o): $(FUZZ_DEPS)

build-fuzz/fuzz_%: build-fuzz/tests/fuzz/fuzz_%.o $(LIBSRC:%.c=build-fuzz/%.o)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer -o $@ $^ -lm -lpthread

fuzz: $(FUZZ_TARGETS:%=build-fuzz/fuzz_%)

fuzz-run: fuzz
	tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# the harnesses without libFuzzer, in the sanitizer build
$(FUZZ_TARGETS:%=build-san/tests/fuzz/fuzz_%.o): $(FUZZ_DEPS)
build-san/fuzz-replay-%: build-san/tests/fuzz/fuzz_%.o build-san/tests/fuzz/replay.o build-san/libferret.a
	$(CC) $(SANFLAGS) -o $@ $^ -lm -lpthread
fuzz-replay: $(FUZZ_TARGETS:%=build-san/fuzz-replay-%)

# objects reached through the pattern rules above are kept (not removed
# as intermediate files, which would rebuild the library on every make)
.SECONDARY: $(LIBSRC:%.c=build-fuzz/%.o) $(FUZZ_TARGETS:%=build-fuzz/tests/fuzz/fuzz_%.o) \
  $(FUZZ_TARGETS:%=build-san/tests/fuzz/fuzz_%.o) build-san/tests/fuzz/replay.o

.PHONY: fuzz fuzz-run fuzz-replay
# ---- end of fuzzing -------------------------------------------------------

# ---- Python package (python/ferret over build/libferret.so) -----------------
#   make python     its unittest suite (python/tests) with PYTHON: Debian's
#                   /usr/bin/python3 when present (python3-z3 lives there), else python3
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
#   make python-san the same against build-pysan/libferret.so, the library with
#                   ASan+UBSan (position-independent), preloading their runtimes
PYSAN_PRELOAD = $(shell $(CC) -print-file-name=libasan.so):$(shell $(CC) -print-file-name=libubsan.so)
#                   Both run the suite twice: with the compiled extension
#                   ferret._speedups (python-ext) and with ctypes alone
#                   (FERRET_PY_NO_EXTENSION=1).
#   make python-ext the extension in place (python/ferret/_speedups*.so), for
#                   PYTHON; without its Python.h (Debian: python3-dev) a message
#                   and no extension: the package then uses ctypes alone
PY_CFG = $(shell $(PYTHON) -c 'import sysconfig as s; print(s.get_config_var("EXT_SUFFIX"), s.get_paths()["include"])' 2>/dev/null)
PYEXT = python/ferret/_speedups$(word 1,$(PY_CFG))
PYINC = $(word 2,$(PY_CFG))
#   (python-san uses build-pysan/python/, the extension with ASan+UBSan,
#   through FERRET_PY_EXTENSION)
PYEXT_SAN = build-pysan/python/_speedups$(word 1,$(PY_CFG))
define pyext_recipe
	@mkdir -p $(dir $@)
	@if [ -f "$(PYINC)/Python.h" ]; then \
	  echo "$(CC) ... $< -o $@"; \
	  $(CC) -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -fPIC -shared \
	    $(1) -Iinclude -I$(PYINC) $< -o $@; \
	else \
	  echo "ferret: no $(PYINC)/Python.h (apt-get install python3-dev): no compiled extension, the Python package uses ctypes alone"; \
	fi
endef
python-ext: $(PYEXT)
print-pyext-san:
	@echo $(PYEXT_SAN)
$(PYEXT): python/ferret/_speedups.c include/ferret.h
	$(call pyext_recipe,)
$(PYEXT_SAN): python/ferret/_speedups.c include/ferret.h
	$(call pyext_recipe,$(SANFLAGS))
PY_SUITE = $(PYTHON) -m unittest discover -s tests -t .
PY_BOTH = $(PY_SUITE) && echo "again with ctypes alone (FERRET_PY_NO_EXTENSION=1):" && FERRET_PY_NO_EXTENSION=1 $(PY_SUITE)
PY_EXPECT = $(shell test -f $(PYEXT) && echo FERRET_PY_EXPECT_EXTENSION=1)
python: build/libferret.so python-ext
	cd python && FERRET_LIBRARY=$(CURDIR)/build/libferret.so $(PY_EXPECT) sh -c '$(PY_BOTH)'

build-pysan/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(SANFLAGS) -fPIC $(GENINC) $(CFLAGS) -c $< -o $@
build-pysan/gen/smt2c_runtime.inc: $(SMT2C_RT)
	@mkdir -p $(dir $@)
	tools/smt2c-runtime.sh > $@.tmp && mv $@.tmp $@
build-pysan/src/backends/smt2c.o: build-pysan/gen/smt2c_runtime.inc
build-pysan/src/backends/smt2c.o: GENINC = -Ibuild-pysan/gen
build-pysan/libferret.so: $(LIBSRC:%.c=build-pysan/%.o)
	$(CC) -shared $(SANFLAGS) -o $@ $^ -lm

python-san: build-pysan/libferret.so $(PYEXT_SAN)
	cd python && FERRET_LIBRARY=$(CURDIR)/build-pysan/libferret.so LD_PRELOAD=$(PYSAN_PRELOAD) \
	  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(shell test -f $(PYEXT_SAN) && echo FERRET_PY_EXTENSION=$(CURDIR)/$(PYEXT_SAN) FERRET_PY_EXPECT_EXTENSION=1) \
	  sh -c '$(PY_BOTH)'

.PHONY: python python-san python-ext print-pyext-san
# ---- end of Python ------------------------------------------------------------

# ---- install like a library -------------------------------------------------
#   make install [PREFIX=/usr/local] [DESTDIR=]    make uninstall
# bin/ferret, lib/libferret.a, lib/libferret.so.VERSION (+ SONAME and dev
# links), include/ferret.h, lib/pkgconfig/ferret.pc, share/man/man1/ferret.1
# (generated from the command line's tables by tools/manpage.c).
PREFIX  ?= /usr/local
DESTDIR ?=
LIBDIR  := $(DESTDIR)$(PREFIX)/lib

build/manpage: tools/manpage.c build/cli/args.o build/libferret.a include/ferret.h cli/args.h
	$(CC) $(BASE) $(OPT) -Icli -o $@ tools/manpage.c build/cli/args.o build/libferret.a -lm

build/ferret.1: build/manpage
	build/manpage > $@

install: all build/ferret.1
	install -d $(DESTDIR)$(PREFIX)/bin $(LIBDIR)/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/ferret $(DESTDIR)$(PREFIX)/bin/ferret
	install -m 644 build/libferret.a $(LIBDIR)/libferret.a
	install -m 755 build/libferret.so $(LIBDIR)/libferret.so.$(VERSION)
	ln -sf libferret.so.$(VERSION) $(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(LIBDIR)/libferret.so
	install -m 644 include/ferret.h $(DESTDIR)$(PREFIX)/include/ferret.h
	printf 'prefix=%s\nlibdir=$${prefix}/lib\nincludedir=$${prefix}/include\n\nName: ferret\nDescription: solve, sample and stress-test SMT-LIB2 FP and BV constraints by fuzzing\nVersion: %s\nLibs: -L$${libdir} -lferret\nLibs.private: -lm -lpthread\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' '$(VERSION)' > $(LIBDIR)/pkgconfig/ferret.pc
	install -m 644 build/ferret.1 $(DESTDIR)$(PREFIX)/share/man/man1/ferret.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/ferret $(LIBDIR)/libferret.a \
	  $(LIBDIR)/libferret.so.$(VERSION) $(LIBDIR)/$(SONAME) $(LIBDIR)/libferret.so \
	  $(DESTDIR)$(PREFIX)/include/ferret.h $(LIBDIR)/pkgconfig/ferret.pc \
	  $(DESTDIR)$(PREFIX)/share/man/man1/ferret.1

clean:
	rm -rf build build-san build-debug build-fuzz build-tsan build-pysan
	rm -f python/ferret/_speedups*.so

layers:
	tools/check-layers.sh

.PHONY: all san tsan test clean layers install uninstall
