# kparse/: see kparse/kparse.1. Built as $(BIN)/kparse.
