"""The core: what every other part of flowlint stands on; it knows no rule, code or finding.

The static value tree with byte spans (`nodes`), source positions (`source`), JavaScript's values and
regular expressions (`jsvalues`, `jsregex`, `jsbacktrack`, `jspattern`), severities and the consequence
classes with the severity each gives per profile (`consequence`), domain errors and file I/O (`fileio`).
docs/ARCHITECTURE.md lists every module.
"""
