# kcount/: exact (projected) model counter, see kcount/kcount.1. Built as $(BIN)/kcount.
KCOUNT_SRC := $(wildcard kcount/*.c)
KCOUNT_OBJ := $(KCOUNT_SRC:%.c=$(BUILD)/%.o)

$(BIN)/kcount: $(KCOUNT_OBJ) $(SHARE_LIB)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(KCOUNT_OBJ) $(SHARE_LIB) -lgmp -lm -lpthread

PROGRAMS += $(BIN)/kcount
MAN1 += kcount/kcount.1
