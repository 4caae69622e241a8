"""JavaScript (`.mjs`, `.js`): single or double quotes, unquoted identifier keys, JS comments."""

from __future__ import annotations

from flowlint.rewrite.syntax import Syntax

SYNTAX = Syntax(
    name="javascript",
    true="true",
    false="false",
    null="null",
    line_comment=b"//",
    block_comments=True,
    always_quote_keys=False,
    default_quote="'",
    default_indent="    ",
    default_pad=True,
    trailing_commas_allowed=True,
)
