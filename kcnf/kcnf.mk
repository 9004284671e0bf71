# kcnf/: see kcnf/kcnf.1. Built as $(BIN)/kcnf.
KCNF_SRC := $(wildcard kcnf/*.c)
KCNF_OBJ := $(KCNF_SRC:%.c=$(BUILD)/%.o)

$(BIN)/kcnf: $(KCNF_OBJ) $(SHARE_LIB)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(KCNF_OBJ) $(SHARE_LIB)

PROGRAMS += $(BIN)/kcnf
MAN1 += kcnf/kcnf.1
