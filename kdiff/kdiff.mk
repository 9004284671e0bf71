# kdiff/: see kdiff/kdiff.1. Built as $(BIN)/kdiff.
KDIFF_SRC := $(wildcard kdiff/*.c)
KDIFF_OBJ := $(KDIFF_SRC:%.c=$(BUILD)/%.o)

$(BIN)/kdiff: $(KDIFF_OBJ) $(SHARE_LIB)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(KDIFF_OBJ) $(SHARE_LIB) -lm

PROGRAMS += $(BIN)/kdiff
MAN1 += kdiff/kdiff.1
