# kcount/: see kcount/kcount.1. Built as $(BIN)/kcount.
