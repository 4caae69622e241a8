"""`flowlint migrate`: take FlowMCP definitions from specification 3.x to 4.x, through the syntax tree, and
show what the runtimes do before and after (see docs/migrate.md)."""
