# t/helpers/dimacs-brute: brute-force DIMACS model counter (test oracle for kcount, kcnf).
$(BUILD)/t/dimacs-brute: $(BUILD)/t/helpers/dimacs-brute.o $(SHARE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(SHARE_LIB)
TEST_HELPERS += $(BUILD)/t/dimacs-brute
