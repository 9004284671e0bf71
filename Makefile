# kconfig-count: top-level, non-recursive build. Each directory adds its programs in its own
# fragment (DIR/DIR.mk), so the programs share one set of rules and one share/ library.
PREFIX ?= /usr/local
CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter
CPPFLAGS += -Ishare
FLEX ?= flex
BISON ?= bison
PROVE ?= prove
BUILD := build
BIN := bin
VERSION := $(shell cat VERSION)
CPPFLAGS += -DKC_VERSION='"$(VERSION)"'

PROGRAMS :=
MAN1 :=
MAN5 :=

all: deps-ok programs

include share/share.mk
include kparse/kparse.mk
include kcnf/kcnf.mk
include kcount/kcount.mk
include kdiff/kdiff.mk
include t/t.mk

programs: $(PROGRAMS)

# Order-only on deps-ok: under make -j nothing compiles before setup-deps installed what it needs.
$(BUILD)/%.o: %.c | deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Installs flex, bison, GMP, prove when one is missing (Debian), else does nothing.
deps-ok:
	@share/setup-deps --check >/dev/null 2>&1 || share/setup-deps

check: all
	$(PROVE) $(PROVE_FLAGS) t/

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5
	install -d $(DESTDIR)$(PREFIX)/share/kconfig-count
	install -m 755 $(PROGRAMS) share/get-kernel share/get-project $(DESTDIR)$(PREFIX)/bin/
	sed 's/@KC_VERSION@/$(VERSION)/' share/get-common.sh > $(DESTDIR)$(PREFIX)/share/kconfig-count/get-common.sh
	install -m 644 $(MAN1) $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 $(MAN5) $(DESTDIR)$(PREFIX)/share/man/man5/

clean:
	rm -rf $(BUILD) $(BIN)

.PHONY: all programs deps-ok check install clean
