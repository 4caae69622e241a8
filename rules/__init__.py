"""flowlint rules: one module per rule code."""
