"""flowlint rules: one module per rule, in a folder per family (`rules/tst/tst004_valid_values.py`).

A module named `_<topic>.py` holds what several rules of its family share (an example builder, a shared
walk of the definition) and defines no rule. `flowlint rule CODE` names a rule's module and class."""
