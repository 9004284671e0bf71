# kparse/: see kparse/kparse.1. Built as $(BIN)/kparse from the C files, the flex lexer and
# the bison parser (generated under $(BUILD)/kparse/).
KPARSE_SRC := $(wildcard kparse/*.c)
KPARSE_OBJ := $(KPARSE_SRC:%.c=$(BUILD)/%.o) $(BUILD)/kparse/lexer.o $(BUILD)/kparse/parser.o
KPARSE_GEN_CFLAGS := -Wno-unused-function -Wno-sign-compare

# One bison run makes both files (a grouped target), after setup-deps may have installed it.
$(BUILD)/kparse/parser.c $(BUILD)/kparse/parser.h &: kparse/parser.y | deps-ok
	@mkdir -p $(BUILD)/kparse
	$(BISON) -Wall --header=$(BUILD)/kparse/parser.h -o $(BUILD)/kparse/parser.c $<

$(BUILD)/kparse/lexer.c: kparse/lexer.l | deps-ok
	@mkdir -p $(BUILD)/kparse
	$(FLEX) -o $@ $<

$(BUILD)/kparse/lexer.o: $(BUILD)/kparse/lexer.c $(BUILD)/kparse/parser.h
	$(CC) $(CPPFLAGS) -Ikparse -I$(BUILD)/kparse $(CFLAGS) $(KPARSE_GEN_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/kparse/parser.o: $(BUILD)/kparse/parser.c
	$(CC) $(CPPFLAGS) -Ikparse -I$(BUILD)/kparse $(CFLAGS) $(KPARSE_GEN_CFLAGS) -MMD -MP -c -o $@ $<

$(KPARSE_SRC:%.c=$(BUILD)/%.o): $(BUILD)/kparse/parser.h
$(BUILD)/kparse/old.o: CPPFLAGS += -Ikparse -I$(BUILD)/kparse

$(BIN)/kparse: $(KPARSE_OBJ) $(SHARE_LIB)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(KPARSE_OBJ) $(SHARE_LIB)

PROGRAMS += $(BIN)/kparse
MAN1 += kparse/kparse.1
