# m68kfix.mk - included by the Makefile: the 68000 programs that
# harness/tests/test_m68kfix.c runs to check the instruction corrections
# (harness/capture/m68kfix.c), and the local SingleStepTests audit runner.
#
# harness/capture/selftest/fix_*.S are assembled with Debian's
# binutils-m68k-linux-gnu into flat images under $(BUILD)/m68kfix-selftest/
# (never committed); the test binary is built after them and told where
# they are (M68KFIX_SELFTEST_DIR).
#
#   make sst-run    build $(BUILD)/sst_run, the runner of
#                   docs/emulator-audit.md (local only: the suite's data is
#                   not in the repository; not part of `make test`)

M68K_AS ?= m68k-linux-gnu-as
M68K_LD ?= m68k-linux-gnu-ld
M68K_OBJCOPY ?= m68k-linux-gnu-objcopy

M68KFIX_SELFTEST_DIR := $(BUILD)/m68kfix-selftest
M68KFIX_SELFTEST_SRC := $(wildcard harness/capture/selftest/fix_*.S)
M68KFIX_SELFTEST_BIN := $(M68KFIX_SELFTEST_SRC:harness/capture/selftest/%.S=$(M68KFIX_SELFTEST_DIR)/%.bin)

.PHONY: m68kfix-selftest sst-run
m68kfix-selftest: $(M68KFIX_SELFTEST_BIN)

$(M68KFIX_SELFTEST_DIR)/%.o: harness/capture/selftest/%.S
	@mkdir -p $(@D)
	$(M68K_AS) -m68000 -o $@ $<

$(M68KFIX_SELFTEST_DIR)/%.elf: $(M68KFIX_SELFTEST_DIR)/%.o
	$(M68K_LD) -Ttext=0 --entry=0 -o $@ $<

$(M68KFIX_SELFTEST_DIR)/%.bin: $(M68KFIX_SELFTEST_DIR)/%.elf
	$(M68K_OBJCOPY) -O binary $< $@

.SECONDARY: $(M68KFIX_SELFTEST_BIN:.bin=.o) $(M68KFIX_SELFTEST_BIN:.bin=.elf)

$(BUILD)/tests/test_m68kfix: $(M68KFIX_SELFTEST_BIN)
$(BUILD)/tests/test_m68kfix: private CPPFLAGS += -DM68KFIX_SELFTEST_DIR='"$(M68KFIX_SELFTEST_DIR)"'

sst-run: $(BUILD)/sst_run
$(BUILD)/sst_run: harness/tools/sst_run.c harness/capture/m68kfix.c harness/capture/m68kform.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Iharness $(UC_CFLAGS) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $^ $(UC_LIBS)
