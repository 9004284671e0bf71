# t/helpers/cnf-check: does a .config satisfy a kcnf CNF (through its c map lines), and the
# .config of each sampled model (soundness and completeness tests against the kernel).
$(BUILD)/t/cnf-check: $(BUILD)/t/helpers/cnf-check.o $(SHARE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(SHARE_LIB)
TEST_HELPERS += $(BUILD)/t/cnf-check
