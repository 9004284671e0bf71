# kcnf/: see kcnf/kcnf.1. Built as $(BIN)/kcnf.
