# sweep.mk - IR, CNF and count files for many releases and architectures, in parallel:
#
#   make -f kdiff/sweep.mk -j2 RELEASES="6.1 6.12 7.3" ARCHES="x86_64 arm64" TIMEOUT=600
#
# For each release R and arch A it makes $(OUT)/R/A.ir (kparse -a A), R/A.cnf (kcnf) and
# R/A.count (share/kcount-timed: kcount under TIMEOUT seconds, a count file of kdiff(1), with
# the time it took or why there is no count, and with BOUND seconds a lower bound then), then
# per arch $(OUT)/history-A.tsv, .txt and .svg (kdiff --history). WIDTH: no exact count when
# the treewidth is surely above it (kcount --max-width); VERBOSE=1: kcount's progress. Trees
# come from share/get-kernel. Run from the top directory, after `make`. A count that does not
# finish in TIMEOUT is recorded as not counted. A file is made again when the program that
# makes it is newer, and a count not made within a shorter limit when TIMEOUT is longer;
# delete the .count files (or OUT) to force it.
OUT ?= sweep
RELEASES ?= 6.1 6.12 7.3
ARCHES ?= x86_64
TIMEOUT ?= 600
BOUND ?= 120
MEMORY ?=
WIDTH ?= 100
VERBOSE ?=
BIN ?= bin

KCOUNT_TIMED := KCOUNT=$(BIN)/kcount share/kcount-timed -t $(TIMEOUT) -b $(BOUND) \
	$(if $(MEMORY),-m $(MEMORY)) $(if $(WIDTH),-w $(WIDTH)) $(if $(VERBOSE),-v)
IRS := $(foreach r,$(RELEASES),$(foreach a,$(ARCHES),$(OUT)/$(r)/$(a).ir))
CNFS := $(IRS:.ir=.cnf)
COUNTS := $(IRS:.ir=.count)
HISTORIES := $(foreach a,$(ARCHES),$(OUT)/history-$(a).tsv)

all: $(HISTORIES)
irs: $(IRS)
counts: $(COUNTS)

# $* is RELEASE/ARCH
$(OUT)/%.ir: $(BIN)/kparse
	@mkdir -p $(@D)
	tree=$$(share/get-kernel $(*D)) && $(BIN)/kparse -a $(*F) -o $@.tmp "$$tree" && mv $@.tmp $@

$(OUT)/%.cnf: $(OUT)/%.ir $(BIN)/kcnf
	$(BIN)/kcnf $< > $@.tmp && mv $@.tmp $@

$(OUT)/%.count: $(OUT)/%.cnf $(BIN)/kcount
	$(KCOUNT_TIMED) $< $@ || [ -s $@ ]

# Count files that say "not counted within S s" for an S below TIMEOUT: tried again.
SHORT_TRIED := $(foreach c,$(wildcard $(COUNTS)),$(if $(shell awk -v t=$(TIMEOUT) \
	'/^c kdiff not-counted / && match($$0, / within [0-9.]+ s/) && \
	 substr($$0, RSTART + 8, RLENGTH - 10) + 0 < t + 0' $(c)),$(c)))
$(SHORT_TRIED): FORCE
FORCE:

# kdiff finds R/A.count next to R/A.ir
$(OUT)/history-%.tsv: $(foreach r,$(RELEASES),$(OUT)/$(r)/%.count)
	$(BIN)/kdiff --history --format=tsv --svg $(OUT)/history-$*.svg \
		$(foreach r,$(RELEASES),$(OUT)/$(r)/$*.ir) > $@.tmp && mv $@.tmp $@
	$(BIN)/kdiff --history $(foreach r,$(RELEASES),$(OUT)/$(r)/$*.ir) > $(OUT)/history-$*.txt

# IR and count files are named above, so a missing one is remade; CNF files are kept, but a
# missing one is not remade while its count file is up to date.
.PHONY: all irs counts FORCE
.SECONDARY: $(CNFS)
.DELETE_ON_ERROR:
