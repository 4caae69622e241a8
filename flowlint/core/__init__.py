"""The core: what every other part of flowlint stands on, with no knowledge of linting.

The static value tree with byte spans (`nodes`), source positions (`source`), JavaScript value
semantics (`jsvalues`), severities, domain errors and file I/O (`fileio`).
"""
