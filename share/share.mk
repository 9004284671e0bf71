# share/: the library every program links (IR and DIMACS readers, expressions, bignum output).
SHARE_SRC := $(wildcard share/*.c)
SHARE_OBJ := $(SHARE_SRC:%.c=$(BUILD)/%.o)
SHARE_LIB := $(BUILD)/libshare.a
MAN5 += $(wildcard share/*.5)

$(SHARE_LIB): $(SHARE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^
