# t/: test helpers (C programs and oracles) are built before the suite runs. Each helper
# directory adds its programs to TEST_HELPERS in its own t/helpers/*.mk fragment.
TEST_HELPERS :=
-include $(wildcard t/helpers/*.mk)

test-helpers: $(TEST_HELPERS)
check: test-helpers
.PHONY: test-helpers
