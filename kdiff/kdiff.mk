# kdiff/: see kdiff/kdiff.1. Built as $(BIN)/kdiff.
