"""Python (`.py`): dict literals with quoted keys, `True`/`False`/`None`, `#` comments.

The libcst-based loader gives every node a byte span, so the same byte-range edits keep all
formatting and comments outside the rewritten `output` value.
"""

from __future__ import annotations

from flowlint.rewrite.syntax import Syntax

SYNTAX = Syntax(
    name="python",
    true="True",
    false="False",
    null="None",
    line_comment=b"#",
    block_comments=False,
    always_quote_keys=True,
    default_quote="'",
    default_indent="    ",
    default_pad=False,
    trailing_commas_allowed=True,
)
