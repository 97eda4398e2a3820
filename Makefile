# spgsim - Makefile
#
#   make                 build/libspg.a, build/libspg.so, build/spgsim
#                        (VARIANT=release)
#   make install         the library, its headers and spg.pc under
#                        PREFIX (/usr/local; DESTDIR for staging);
#                        make uninstall removes them
#   make VARIANT=debug   -O0 -g, in build/debug/
#   make VARIANT=san     ASan + UBSan, in build/san/
#   make test            unit tests, capture self-test, the suite (also under
#                        ASan+UBSan), determinism across compilers/levels
#   make check           the conformance suite: spgsim check scenarios/
#   make bench           frames per second: core vs. the original under
#                        emulation (S1_ROM= / S2_ROM= / S3_ROM= / SK_ROM= /
#                        SCD_MMD= for the capture side, each image timing
#                        its own game's scenarios)
#   make goldens S1_ROM=.. S2_ROM=.. S3_ROM=.. SK_ROM=.. SCD_MMD=..
#                        recapture every golden from your own ROMs and
#                        Sonic CD's level program R11A__.MMD
#                        (ROM defaults to $SPGSIM_ROM)
#   make report          report/index.html, errata.csv, errata.md, a page
#                        per scenario in report/s/ (python3-yaml;
#                        CHECK_JSON=, ACTUAL_DIR=)
#   make vectors         every scenario as a JSON test vector, in
#                        build/vectors/ (VECTORS=dir to choose)
#   make mutate          mutation testing of the core against the suite
#                        (MUTATE_ARGS="--only constants", "--file ..." ...)
#   make fuzz            libFuzzer targets build/fuzz/*_fuzzer (clang, ASan +
#                        UBSan; fuzz/README.md)
#   make fuzz-smoke      every fuzz target for FUZZ_TIME (20) seconds on its
#                        corpus; fails with the reproducer's path
#   make CC=clang        any of the above with clang

VARIANT ?= release
ROM ?= $(SPGSIM_ROM)
S1_ROM ?= $(ROM)
CC ?= cc
ifeq ($(origin CC),default)
CC = cc
endif

ifeq ($(VARIANT),release)
BUILD ?= build
VARIANT_CFLAGS = -O2
VARIANT_LDFLAGS =
else ifeq ($(VARIANT),debug)
BUILD ?= build/debug
VARIANT_CFLAGS = -O0 -g
VARIANT_LDFLAGS =
else ifeq ($(VARIANT),san)
BUILD ?= build/san
VARIANT_CFLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
VARIANT_LDFLAGS = -fsanitize=address,undefined
else ifeq ($(VARIANT),fuzz)
# libFuzzer instrumentation in every object; the engine (libFuzzer's main)
# only in the fuzz targets.  Set by `make fuzz`; fuzz/build.sh (OSS-Fuzz)
# replaces FUZZ_CFLAGS and FUZZ_ENGINE with its own.
BUILD ?= build/fuzz
FUZZ_SANITIZE ?= -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS ?= -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE)
FUZZ_ENGINE ?= -fsanitize=fuzzer
VARIANT_CFLAGS = $(FUZZ_CFLAGS)
VARIANT_LDFLAGS = $(FUZZ_CFLAGS)
else
$(error VARIANT must be release, debug, san or fuzz)
endif

PKG_CONFIG ?= pkg-config
YAML_CFLAGS := $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS := $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
UC_CFLAGS := $(shell $(PKG_CONFIG) --cflags unicorn 2>/dev/null)
UC_LIBS := $(shell $(PKG_CONFIG) --libs unicorn 2>/dev/null || echo -lunicorn)
ZLIB_LIBS := $(shell $(PKG_CONFIG) --libs zlib 2>/dev/null || echo -lz)
THREAD_LIBS := -pthread

WARNINGS = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wformat=2 \
	-Wundef -Wvla
CFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNINGS) $(VARIANT_CFLAGS) $(CFLAGS)
CPPFLAGS_ALL = -Icore/include -MMD -MP $(CPPFLAGS)
LDFLAGS_ALL = $(VARIANT_LDFLAGS) $(LDFLAGS)

# core/src/: the player of the normal stage; core/src/special/: the special
# stage (object 09).  Objects keep the folders: $(BUILD)/obj/core/src/...,
# $(BUILD)/pic/core/src/...
CORE_SRC := $(wildcard core/src/*.c) $(wildcard core/src/special/*.c)
CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
# harness/: one folder per concern (harness/README.md); the layers, lowest
# first: util, trace, games, scenario, check/interop/capture, fuzz/import,
# cli.
# IO_SRC is everything below capture: what the fuzz targets link (no
# unicorn).
IO_SRC := $(foreach d,util trace games scenario check interop,$(wildcard harness/$(d)/*.c))
HARNESS_SRC := $(IO_SRC) $(wildcard harness/capture/*.c) \
	$(wildcard harness/fuzz/*.c) $(wildcard harness/import/*.c) \
	$(wildcard harness/cli/*.c) \
	$(filter-out harness/bench/spgbench.c,$(wildcard harness/bench/*.c))
HARNESS_LIB_SRC := $(filter-out harness/cli/main.c,$(HARNESS_SRC))
HARNESS_LIB_OBJ := $(HARNESS_LIB_SRC:%.c=$(BUILD)/obj/%.o)
MAIN_OBJ := $(BUILD)/obj/harness/cli/main.o

CORE_TEST_SRC := $(wildcard core/tests/test_*.c)
HARNESS_TEST_SRC := $(wildcard harness/tests/test_*.c)
TEST_BINS := $(CORE_TEST_SRC:core/tests/%.c=$(BUILD)/tests/%) \
	$(HARNESS_TEST_SRC:harness/tests/%.c=$(BUILD)/tests/%)

# Fuzz targets (fuzz/README.md): fuzz/NAME_fuzzer.c.  Every variant builds
# each as $(BUILD)/replay/NAME_fuzzer (fuzz/replay.c as main: runs the files
# it is given once, for the regression test); VARIANT=fuzz builds the
# libFuzzer binaries $(BUILD)/NAME_fuzzer.  They read through the harness
# modules only (not the CLI, not capture: no unicorn).
FUZZ_TARGETS := $(patsubst fuzz/%.c,%,$(wildcard fuzz/*_fuzzer.c))
FUZZ_COMMON_OBJ := $(BUILD)/obj/fuzz/fuzz_util.o $(BUILD)/obj/fuzz/movie_check.o
IO_OBJ := $(IO_SRC:%.c=$(BUILD)/obj/%.o)
REPLAY_BINS := $(FUZZ_TARGETS:%=$(BUILD)/replay/%)
FUZZ_BINS := $(FUZZ_TARGETS:%=$(BUILD)/%)
FUZZ_CC ?= clang
FUZZ_TIME ?= 20

LIB := $(BUILD)/libspg.a

# The shared library: position-independent objects with hidden visibility,
# so only the SPG_API functions of the public headers (core/include/spg)
# are exported.
SPG_VERSION_STR := $(shell sed -n 's/^\#define SPG_VERSION "\(.*\)"$$/\1/p' core/include/spg/spg.h)
SPG_SOVERSION := $(firstword $(subst ., ,$(SPG_VERSION_STR)))
SHLIB_NAME := libspg.so.$(SPG_VERSION_STR)
SHLIB := $(BUILD)/$(SHLIB_NAME)
PIC_OBJ := $(CORE_SRC:%.c=$(BUILD)/pic/%.o)
HLIB := $(BUILD)/libspgsim_harness.a
# The viewer's page, generated from harness/interop/viewer.html (in the
# harness library: only `spgsim view` pulls it in).
VIEWER_OBJ := $(BUILD)/gen/viewer_page.o
BIN := $(BUILD)/spgsim

.PHONY: all tests test check bench goldens report vectors install uninstall mutate clean fuzz fuzz-build fuzz-smoke fuzz-corpus
all: $(LIB) $(SHLIB) $(BIN)
tests: $(TEST_BINS) $(REPLAY_BINS) $(BUILD)/fuzz_seed

$(LIB): $(CORE_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/pic/core/%.o: core/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -fPIC -fvisibility=hidden -c -o $@ $<

$(SHLIB): $(PIC_OBJ)
	$(CC) $(LDFLAGS_ALL) -shared -Wl,-soname,libspg.so.$(SPG_SOVERSION) -o $@ $^
	ln -sf $(SHLIB_NAME) $(BUILD)/libspg.so.$(SPG_SOVERSION)
	ln -sf $(SHLIB_NAME) $(BUILD)/libspg.so

$(HLIB): $(HARNESS_LIB_OBJ) $(VIEWER_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# The trace viewer's page (harness/interop/viewer.html) as a C array, so
# `spgsim view` needs no file beside the program: od and sed only (no xxd).
$(BUILD)/gen/viewer_page.c: harness/interop/viewer.html
	@mkdir -p $(@D)
	{ echo '/* generated from harness/interop/viewer.html by the Makefile */'; \
	  echo '#include <stddef.h>'; \
	  echo 'extern const unsigned char viewer_page[];'; \
	  echo 'extern const size_t viewer_page_len;'; \
	  echo 'const unsigned char viewer_page[] = {'; \
	  od -An -v -tx1 $< | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	  echo '0x00};'; \
	  echo 'const size_t viewer_page_len = sizeof viewer_page - 1;'; \
	} > $@.tmp && mv $@.tmp $@

$(VIEWER_OBJ): $(BUILD)/gen/viewer_page.c
	$(CC) $(CFLAGS_ALL) -c -o $@ $<

$(BIN): $(MAIN_OBJ) $(HLIB) $(LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $(MAIN_OBJ) $(HLIB) $(LIB) $(YAML_LIBS) $(UC_LIBS) $(ZLIB_LIBS) $(THREAD_LIBS) -lm

# Core objects: no libyaml, no unicorn, and a check that nothing outside the
# public headers and core/src is included.
$(BUILD)/obj/core/%.o: core/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c -o $@ $<

$(BUILD)/obj/harness/%.o: harness/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Iharness $(YAML_CFLAGS) $(UC_CFLAGS) $(CFLAGS_ALL) -c -o $@ $<

# Unit tests: one program per file, each ending "N passed, N failed".
$(BUILD)/tests/test_%: core/tests/test_%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Icore/src -Icore/tests $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(LIB) -lm

$(BUILD)/tests/test_%: harness/tests/test_%.c $(HLIB) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Iharness -Icore/tests $(YAML_CFLAGS) $(UC_CFLAGS) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(HLIB) $(LIB) $(YAML_LIBS) $(UC_LIBS) $(ZLIB_LIBS) $(THREAD_LIBS) -lm

# (kept: make would delete them as intermediates of the link rules)
.PRECIOUS: $(BUILD)/obj/fuzz/%.o
$(BUILD)/obj/fuzz/%.o: fuzz/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Iharness $(YAML_CFLAGS) $(CFLAGS_ALL) -c -o $@ $<

$(BUILD)/replay/%_fuzzer: $(BUILD)/obj/fuzz/%_fuzzer.o $(BUILD)/obj/fuzz/replay.o $(FUZZ_COMMON_OBJ) $(IO_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(YAML_LIBS) $(ZLIB_LIBS) -lm

$(BUILD)/fuzz_seed: $(BUILD)/obj/fuzz/seed.o $(BUILD)/obj/fuzz/fuzz_util.o $(IO_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(YAML_LIBS) $(ZLIB_LIBS) -lm

ifeq ($(VARIANT),fuzz)
$(BUILD)/%_fuzzer: $(BUILD)/obj/fuzz/%_fuzzer.o $(FUZZ_COMMON_OBJ) $(IO_OBJ) $(LIB)
	$(CC) $(LDFLAGS_ALL) $(FUZZ_ENGINE) -o $@ $^ $(YAML_LIBS) $(ZLIB_LIBS) -lm
endif

fuzz-build: $(FUZZ_BINS) $(BUILD)/fuzz_seed

fuzz:
	$(MAKE) VARIANT=fuzz CC=$(FUZZ_CC) fuzz-build

fuzz-smoke: fuzz
	sh fuzz/run.sh -t $(FUZZ_TIME) -b build/fuzz

# Rebuild fuzz/corpus/ from the scenarios, goldens and movie fixtures.
fuzz-corpus: fuzz
	sh fuzz/mkcorpus.sh build/fuzz

test: all tests
	sh ci/run-tests.sh

check: all
	$(BIN) check scenarios

BENCH := $(BUILD)/spgbench
$(BENCH): harness/bench/spgbench.c $(HLIB) $(LIB)
	$(CC) $(CPPFLAGS_ALL) -Iharness $(YAML_CFLAGS) $(UC_CFLAGS) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(HLIB) $(LIB) $(YAML_LIBS) $(UC_LIBS) $(ZLIB_LIBS) $(THREAD_LIBS) -lm

# test_bench runs spgbench itself (with ROM paths that do not exist).
$(BUILD)/tests/test_bench: $(BENCH)
$(BUILD)/tests/test_bench: private CPPFLAGS += -DSPGBENCH='"$(BENCH)"'

bench: all $(BENCH)
	$(BENCH) $(if $(S1_ROM),--rom "$(S1_ROM)") $(if $(S2_ROM),--rom "$(S2_ROM)") $(if $(S3_ROM),--rom "$(S3_ROM)") $(if $(SK_ROM),--rom "$(SK_ROM)") $(if $(SCD_MMD),--rom "$(SCD_MMD)") scenarios

# S1_ROM (or ROM), S2_ROM, S3_ROM, SK_ROM and SCD_MMD (Sonic CD's R11A__.MMD):
# one image per game; every scenario of a game whose image is not given is
# reported by capture (exit 2), not skipped.
goldens: all
	@test -n "$(S1_ROM)$(S2_ROM)$(S3_ROM)$(SK_ROM)$(SCD_MMD)" || { echo "usage: make goldens S1_ROM=path/to/sonic1.bin S2_ROM=path/to/sonic2.bin S3_ROM=path/to/sonic3.bin SK_ROM=path/to/sk.bin SCD_MMD=path/to/R11A__.MMD" >&2; exit 2; }
	$(BIN) capture $(if $(S1_ROM),--rom "$(S1_ROM)") $(if $(S2_ROM),--rom "$(S2_ROM)") $(if $(S3_ROM),--rom "$(S3_ROM)") $(if $(SK_ROM),--rom "$(SK_ROM)") $(if $(SCD_MMD),--rom "$(SCD_MMD)") $$(find scenarios -name '*.yaml' | sort)

# CHECK_JSON=file: report on an earlier `check --json`; ACTUAL_DIR=dir:
# on another engine's traces (check --actual-dir).
report: all
	/usr/bin/python3 scripts/report.py --spgsim $(BIN) --out report \
	    $(if $(CHECK_JSON),--check-json "$(CHECK_JSON)") \
	    $(if $(ACTUAL_DIR),--actual-dir "$(ACTUAL_DIR)")

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
install: $(LIB) $(SHLIB)
	install -d "$(DESTDIR)$(LIBDIR)" "$(DESTDIR)$(INCLUDEDIR)/spg" "$(DESTDIR)$(PKGCONFIGDIR)"
	install -m 644 $(LIB) "$(DESTDIR)$(LIBDIR)/libspg.a"
	install -m 755 $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SHLIB_NAME)"
	ln -sf $(SHLIB_NAME) "$(DESTDIR)$(LIBDIR)/libspg.so.$(SPG_SOVERSION)"
	ln -sf $(SHLIB_NAME) "$(DESTDIR)$(LIBDIR)/libspg.so"
	install -m 644 core/include/spg/*.h "$(DESTDIR)$(INCLUDEDIR)/spg/"
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(SPG_VERSION_STR)|g' \
	    core/spg.pc.in > "$(DESTDIR)$(PKGCONFIGDIR)/spg.pc"

uninstall:
	rm -f "$(DESTDIR)$(LIBDIR)/libspg.a" "$(DESTDIR)$(LIBDIR)/$(SHLIB_NAME)" \
	    "$(DESTDIR)$(LIBDIR)/libspg.so.$(SPG_SOVERSION)" "$(DESTDIR)$(LIBDIR)/libspg.so" \
	    "$(DESTDIR)$(PKGCONFIGDIR)/spg.pc"
	rm -rf "$(DESTDIR)$(INCLUDEDIR)/spg"

VECTORS ?= $(BUILD)/vectors
vectors: all
	rm -rf "$(VECTORS)"
	$(BIN) export --format json --out-dir "$(VECTORS)" scenarios

# Builds its own copies of the tree (release, and ASan + UBSan for the
# survivors); see docs/mutation-testing.md.
mutate:
	/usr/bin/python3 scripts/mutate $(MUTATE_ARGS)

clean:
	rm -rf build report

# Capture self-test programs (68000 assembly assembled at build time).
-include harness/capture/capture.mk
-include harness/capture/m68kfix.mk

-include $(CORE_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(HARNESS_LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(BENCH).d
-include $(wildcard $(BUILD)/obj/fuzz/*.d)
