# ferret — build with a C11 compiler alone.
#
#   make            release build: build/ferret, build/libferret.a, build/libferret.so
#   make test       layering check, sanitizer build (ASan+UBSan) in build-san/
#                   and every test
#   make san        only the sanitizer build
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
	$(CC) $(BASE) $(OPT) -fPIC $(GENINC) $(CFLAGS) -c $< -o $@

build/libferret.a: $(LIBSRC:%.c=build/%.o)
	rm -f $@ && ar rcs $@ $^

build/libferret.so: $(LIBSRC:%.c=build/%.o)
	$(CC) -shared -o $@ $^ -lm

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
build-san/tests.inc: $(TESTSRC)
	@mkdir -p build-san
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
build/gen/smt2c_runtime.inc build-san/gen/smt2c_runtime.inc: $(SMT2C_RT)
	@mkdir -p $(dir $@)
	tools/smt2c-runtime.sh > $@.tmp && mv $@.tmp $@
build/src/backends/smt2c.o: build/gen/smt2c_runtime.inc
build/src/backends/smt2c.o: GENINC = -Ibuild/gen
build-san/src/backends/smt2c.o: build-san/gen/smt2c_runtime.inc
build-san/src/backends/smt2c.o: GENINC = -Ibuild-san/gen

san: build-san/ferret build-san/ferret-tests

test: all
	tools/check-layers.sh
	tests/deps.sh
	$(MAKE) san
	tests/run-all.sh

clean:
	rm -rf build build-san

layers:
	tools/check-layers.sh

.PHONY: all san test clean layers
