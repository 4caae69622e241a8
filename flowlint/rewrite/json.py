"""JSON (`.json`): double quotes, quoted keys, no comments or trailing commas; layout and key order kept."""

from __future__ import annotations

from flowlint.rewrite.syntax import Syntax

SYNTAX = Syntax(
    name="json",
    true="true",
    false="false",
    null="null",
    line_comment=None,
    block_comments=False,
    always_quote_keys=True,
    default_quote='"',
    default_indent="  ",
    default_pad=False,
    trailing_commas_allowed=False,
)
