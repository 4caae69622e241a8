"""VAL rules (VAL*): one module per rule, named by its code and name; a `_`-module holds what several of them share."""
