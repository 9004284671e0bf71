# t/: test helpers built before the suite runs (each helper's build rule is added here).
