# capture.mk - included by the Makefile: the capture self-test programs.
#
# harness/capture/selftest/*.S are small 68000 programs that stand in for
# the game's player routine in the capture tests.  They are assembled here
# with Debian's binutils-m68k-linux-gnu into flat images under
# $(BUILD)/capture-selftest/, and the capture test binaries are built after
# them and told where they are (CAPTURE_SELFTEST_DIR).

M68K_AS ?= m68k-linux-gnu-as
M68K_LD ?= m68k-linux-gnu-ld
M68K_OBJCOPY ?= m68k-linux-gnu-objcopy

CAPTURE_SELFTEST_DIR := $(BUILD)/capture-selftest
CAPTURE_SELFTEST_SRC := $(wildcard harness/capture/selftest/*.S)
CAPTURE_SELFTEST_BIN := $(CAPTURE_SELFTEST_SRC:harness/capture/selftest/%.S=$(CAPTURE_SELFTEST_DIR)/%.bin)
CAPTURE_TEST_BINS := $(patsubst harness/tests/%.c,$(BUILD)/tests/%,$(wildcard harness/tests/test_capture*.c) harness/tests/test_fuzz.c)

.PHONY: capture-selftest
capture-selftest: $(CAPTURE_SELFTEST_BIN)

$(CAPTURE_SELFTEST_DIR)/%.o: harness/capture/selftest/%.S
	@mkdir -p $(@D)
	$(M68K_AS) -m68000 -o $@ $<

$(CAPTURE_SELFTEST_DIR)/%.elf: $(CAPTURE_SELFTEST_DIR)/%.o
	$(M68K_LD) -Ttext=0 --entry=0 -o $@ $<

$(CAPTURE_SELFTEST_DIR)/%.bin: $(CAPTURE_SELFTEST_DIR)/%.elf
	$(M68K_OBJCOPY) -O binary $< $@

.SECONDARY: $(CAPTURE_SELFTEST_BIN:.bin=.o) $(CAPTURE_SELFTEST_BIN:.bin=.elf)

$(CAPTURE_TEST_BINS): $(CAPTURE_SELFTEST_BIN)
$(CAPTURE_TEST_BINS): private CPPFLAGS += -DCAPTURE_SELFTEST_DIR='"$(CAPTURE_SELFTEST_DIR)"'
