# t/helpers/ir-brute: brute-force counter of small kir(5) models, straight from the semantics (test oracle for kcnf).
$(BUILD)/t/ir-brute: $(BUILD)/t/helpers/ir-brute.o $(SHARE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(SHARE_LIB)
TEST_HELPERS += $(BUILD)/t/ir-brute
