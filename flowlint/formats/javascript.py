"""Load a FlowMCP definition written as an ES module, without executing anything.

The source is parsed with tree-sitter; the initializers of exported bindings are then evaluated
*statically* into the value tree of `flowlint.core.nodes`. Nothing is ever run: whatever cannot be known
from the text alone becomes a `NonStatic` node that keeps its source text, span and a short reason.

What is understood
------------------
* Exports: `export const|let|var NAME = <expr>` (several declarators too), `export { a, b as c }`
  for local bindings (in any order relative to the declarations), `export default <expr>` (under
  the name `default`), `export function|class ...` (a `NonStatic`). Re-exports
  (`export { x } from '...'`) become `NonStatic`; `export * from '...'` is ignored.
* Literals: objects, arrays (holes are `SHole` nodes spanning their comma), single/double-quoted
  strings with every JS escape, template literals without substitutions, numbers (decimal, hex,
  octal, binary, separators, exponents; BigInt is `NonStatic`), `true`, `false`, `null`, `NaN`,
  `Infinity` (as float nan/inf), unary `-`/`+` on numbers, parentheses (transparent: the value
  keeps the span of the inner expression), `+` on strings and numbers (JS semantics, including
  number formatting), and `JSON.stringify(<static value>)` with one argument (JS output: compact,
  integer-like keys first, NaN/Infinity and holes as `null`).
* `undefined`, regexes, calls, `new`, member access, functions, classes, templates with
  substitutions, other operators... are `NonStatic` with their exact source text and a reason.
* Identifiers resolve to top-level `const` bindings declared before the use (exported or not).
  A resolved value is the binding's own tree, so its spans point at the declaration.
  Anything else (imports, `let`/`var`, later consts, unknown names) is a `NonStatic` whose reason
  names the identifier.
* Object spread of a static object (or array/string) merges its entries in place with JavaScript
  semantics: a later key overrides an earlier one *at the earlier position* (so `{...defaults,
  a: 1}` does not produce a duplicate entry; two explicit `a:` keys still do). The merging is
  `flowlint.formats.base.SpreadMerger`, shared with the Python loader. Getters, setters and
  methods become entries with a `NonStatic` value.
* Entries whose key cannot be known statically -- a spread of a non-static value (`...other()`)
  or a computed key that is not a static string/number (`[name]: 1`) -- are represented as an
  `SEntry` with the key `UNKNOWN_KEY` (`"..."`) and a `NonStatic` value. Rules that reason about
  keys (duplicates, unknown keys) should skip entries with that key.
* Not modelled: mutations after a declaration (`main.x = 1`), `__proto__` keys (kept as plain
  keys), the value of `let`/`var` bindings at any point other than their initializer.

Syntax problems
---------------
tree-sitter ERROR and MISSING nodes become `SyntaxProblem`s ("missing `}`", "unexpected `)`",
"unexpected end of file: `[` is never closed", ...), at most `MAX_PROBLEMS`, in source order; so
do empty object members (`{a: 1,, b: 2}`), which tree-sitter accepts. Whatever exports still parse
are evaluated.

Safety and speed
----------------
`parse_javascript` never raises: invalid UTF-8, binary junk and truncated files produce
`SyntaxProblem`s, nesting deeper than `MAX_DEPTH` becomes a `NonStatic` "nested too deeply"
instead of exhausting the Python stack, evaluation is bounded by a `WorkBudget` (references to
constants, spreads and computed strings are counted in values; a file that needs more is reported as
`ParsedModule.over_budget`), and the parse is bounded by size, never by time, so the same
bytes always give the same result on a busy or an idle machine: files over `MAX_SOURCE_BYTES` are not
parsed, and tree-sitter's error recovery (superlinear on junk: seconds for a few hundred KB) runs over
at most `PARSE_BEYOND_ERROR` bytes past the first error it reports (see `_parse_tree`).
Evaluation touches as few tree-sitter nodes as it can (strings are sliced from the source, never
walked), compares integer kind ids, builds plain `__slots__` nodes, and pauses the cyclic GC while it runs (`PAUSE_GC`).
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Callable

import tree_sitter

from flowlint.core.gcpause import gc_paused
from flowlint.core.jsvalues import js_number
from flowlint.core.nodes import NonStatic, SArray, Scalar, SEntry, SHole, SNode, SObject, Span, SScalar
from flowlint.formats.base import (
    UNKNOWN_KEY,
    EvaluationBudgetExceeded,
    ParsedModule,
    SpreadMerger,
    SyntaxProblem,
    WorkBudget,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_PROBLEMS",
    "MAX_SOURCE_BYTES",
    "PARSE_BEYOND_ERROR",
    "PAUSE_GC",
    "UNKNOWN_KEY",
    "decode_js_escapes",
    "parse_javascript",
]

MAX_DEPTH = 100
"""Deepest literal nesting that is evaluated; deeper values become `NonStatic`."""

MAX_PROBLEMS = 10
"""At most this many syntax problems are reported per file."""

PAUSE_GC = True
"""Pause the cyclic garbage collector while a file is loaded (see `parse_javascript`)."""

MAX_SOURCE_BYTES = 32_000_000
"""Larger files are not parsed (FL001 names both sizes); valid definitions parse at about 4 MB/s."""

PARSE_BEYOND_ERROR = 64 * 1024
"""Once tree-sitter reports an error, it parses at most this many bytes further: its error recovery is
superlinear on junk, and a file with syntax errors is reported at its first problems anyway."""

PARSE_OPERATIONS_PER_BYTE = 2
"""The most tree-sitter operations (each a token shifted or a node built) a file may take per byte read,
beyond `PARSE_OPERATIONS_FREE`. The tree takes about 60 bytes per operation: real definitions take
at most 1.4 operations per byte (the public library's densest file; generated ones 0.8-1.0), while
`a+a+a...` takes 3.3 and `[1,1,1...]` 5 (an 8 MB file: a 1.5 GB tree). A file denser than this is
reported (FL001) where its density ran over, and not analysed: the tree of any file stays within
about 1.5 times that of the densest real definition of its size."""

PARSE_OPERATIONS_FREE = 2_000_000
"""Operations every file may take whatever its density (a dense 400 KB file; about 50 MB of tree)."""

_OPERATIONS_PER_CALLBACK = 100
"""tree-sitter calls the progress callback once every this many operations."""

_ERROR_SNIPPET = 30

# --------------------------------------------------------------------------------------------------
# tree-sitter setup: one Language per process, one Parser per thread. Node kinds are compared as
# integer `kind_id`s held in module globals (the cheapest lookup in the hot loops).

_STRING = _OBJECT = _ARRAY = _NUMBER = _TRUE = _FALSE = _NULL = _IDENTIFIER = -1
_TEMPLATE = _TEMPLATE_SUBSTITUTION = _UNARY = _BINARY = _PARENTHESIZED = _CALL = _ARGUMENTS = -1
_COMMENT = _HTML_COMMENT = _PAIR = _SHORTHAND = _SPREAD = _METHOD = _PROPERTY_IDENTIFIER = -1
_COMPUTED_KEY = _PRIVATE_PROPERTY = _EXPORT = _EXPORT_CLAUSE = _EXPORT_SPECIFIER = -1
_LEXICAL = _VARIABLE = _DECLARATOR = _IMPORT_STATEMENT = -1
_FUNCTION_DECLARATION = _GENERATOR_DECLARATION = _CLASS_DECLARATION = -1
_COMMA = _PLUS = _MINUS = _DEFAULT = _CONST_TOKEN = _LET_TOKEN = -1
_LPAREN = _RPAREN = _LBRACKET = _RBRACKET = -1
_ERROR = 0xFFFF  # ts_builtin_sym_error
_COMMENTS: frozenset[int] = frozenset()
_KEY_KINDS: frozenset[int] = frozenset()
_DECLARATIONS: frozenset[int] = frozenset()
_NOT_VALUES: frozenset[int] = frozenset()
# first bytes of a property-name key (ASCII letters, `$`, `_`, `\\` escapes, any non-ASCII byte)
_IDENTIFIER_START = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_\\" + bytes(range(0x80, 0x100)))

_NAMED_KINDS = {
    "_STRING": "string",
    "_OBJECT": "object",
    "_ARRAY": "array",
    "_NUMBER": "number",
    "_TRUE": "true",
    "_FALSE": "false",
    "_NULL": "null",
    "_IDENTIFIER": "identifier",
    "_TEMPLATE": "template_string",
    "_TEMPLATE_SUBSTITUTION": "template_substitution",
    "_UNARY": "unary_expression",
    "_BINARY": "binary_expression",
    "_PARENTHESIZED": "parenthesized_expression",
    "_CALL": "call_expression",
    "_ARGUMENTS": "arguments",
    "_COMMENT": "comment",
    "_HTML_COMMENT": "html_comment",
    "_PAIR": "pair",
    "_SHORTHAND": "shorthand_property_identifier",
    "_SPREAD": "spread_element",
    "_METHOD": "method_definition",
    "_PROPERTY_IDENTIFIER": "property_identifier",
    "_COMPUTED_KEY": "computed_property_name",
    "_PRIVATE_PROPERTY": "private_property_identifier",
    "_EXPORT": "export_statement",
    "_EXPORT_CLAUSE": "export_clause",
    "_EXPORT_SPECIFIER": "export_specifier",
    "_LEXICAL": "lexical_declaration",
    "_VARIABLE": "variable_declaration",
    "_DECLARATOR": "variable_declarator",
    "_IMPORT_STATEMENT": "import_statement",
    "_FUNCTION_DECLARATION": "function_declaration",
    "_GENERATOR_DECLARATION": "generator_function_declaration",
    "_CLASS_DECLARATION": "class_declaration",
}
_TOKEN_KINDS = {
    "_COMMA": ",",
    "_PLUS": "+",
    "_MINUS": "-",
    "_DEFAULT": "default",
    "_CONST_TOKEN": "const",
    "_LET_TOKEN": "let",
    "_LPAREN": "(",
    "_RPAREN": ")",
    "_LBRACKET": "[",
    "_RBRACKET": "]",
}

_LANGUAGE: tree_sitter.Language | None = None
_SETUP_LOCK = threading.Lock()
_LOCAL = threading.local()


def _init_kinds(language: tree_sitter.Language) -> None:
    global _COMMENTS, _KEY_KINDS, _DECLARATIONS, _NOT_VALUES
    ids = globals()
    for name, kind in _NAMED_KINDS.items():
        ids[name] = language.id_for_node_kind(kind, True) or -1
    for name, kind in _TOKEN_KINDS.items():
        ids[name] = language.id_for_node_kind(kind, False) or -1
    _COMMENTS = frozenset({_COMMENT, _HTML_COMMENT})
    _NOT_VALUES = frozenset({_COMMENT, _HTML_COMMENT, _ERROR})
    _KEY_KINDS = frozenset({_PROPERTY_IDENTIFIER, _STRING, _NUMBER, _COMPUTED_KEY, _PRIVATE_PROPERTY})
    _DECLARATIONS = frozenset({_FUNCTION_DECLARATION, _GENERATOR_DECLARATION, _CLASS_DECLARATION})


def _javascript_grammar() -> object:
    """tree-sitter-javascript's grammar (a pointer for `tree_sitter.Language`). The package's
    `__init__` also imports importlib.resources (about 5 ms, for query files flowlint never reads), so
    its compiled `_binding` module is loaded on its own when it is where the package keeps it."""
    import importlib.machinery
    import importlib.util
    import os
    import sys

    name = "tree_sitter_javascript._binding"
    binding = sys.modules.get(name)
    if binding is None:
        package = importlib.util.find_spec("tree_sitter_javascript")  # finds it without running it
        folders = (package.submodule_search_locations or []) if package is not None else []
        for folder in folders:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                path = os.path.join(folder, "_binding" + suffix)
                spec = importlib.util.spec_from_file_location(name, path) if os.path.isfile(path) else None
                if spec is not None and spec.loader is not None:
                    binding = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(binding)
                    sys.modules[name] = binding  # the package's own `from ._binding import language` reuses it
                    break
            if binding is not None:
                break
    if binding is None:  # another layout: import the package as usual
        import tree_sitter_javascript

        return tree_sitter_javascript.language()
    language: object = binding.language()
    return language


def _parser() -> tree_sitter.Parser:
    """The calling thread's parser (the language and the kind ids are set up on first use)."""
    global _LANGUAGE
    parser: tree_sitter.Parser | None = getattr(_LOCAL, "parser", None)
    if parser is None:
        with _SETUP_LOCK:
            if _LANGUAGE is None:
                language = tree_sitter.Language(_javascript_grammar())
                _init_kinds(language)
                _LANGUAGE = language
            parser = tree_sitter.Parser(_LANGUAGE)
        _LOCAL.parser = parser
    return parser


# The node classes are plain `__slots__` classes (flowlint.core.record): calling them is cheap.
_span = Span
_scalar = SScalar
_entry = SEntry
_sobject = SObject
_sarray = SArray


# --------------------------------------------------------------------------------------------------
# Strings and numbers.

_ESCAPE_RE = re.compile(
    r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[0-3][0-7]{0,2}|[4-7][0-7]?|\r\n|.)", re.S
)
_SIMPLE_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "0": "\0",
    # line continuations
    "\n": "",
    "\r": "",
    "\r\n": "",
    "\u2028": "",
    "\u2029": "",
}
_SURROGATE_RE = re.compile("[\ud800-\udfff]")
_WHITESPACE = b" \t\r\n\x0b\x0c"
_COMMENT_START_RE = re.compile(rb"/[/*]")


def _has_doubled_commas(data: bytes) -> bool:
    """Whether a `,` or `{` is followed by a `,` with only whitespace and comments in between.

    A cheap over-approximation (commas in strings count too) that spares checking the members of
    every object literal of a file with syntax errors in the common case (in a file without syntax
    errors, only objects with as many commas as members are checked: `_Evaluator.check_empty_members`).
    """
    compact = data.translate(None, _WHITESPACE)
    if b",," in compact or b"{," in compact:
        return True
    if b",/" not in compact and b"{/" not in compact:
        return False
    size = len(data)
    for match in _COMMENT_START_RE.finditer(data):
        start = match.start()
        if not data[max(0, start - 80) : start].rstrip(_WHITESPACE).endswith((b",", b"{")):
            continue
        position = start
        while True:  # skip comments and whitespace
            if data.startswith(b"//", position):
                newline = data.find(b"\n", position)
                position = size if newline < 0 else newline
            elif data.startswith(b"/*", position):
                close = data.find(b"*/", position + 2)
                position = size if close < 0 else close + 2
            else:
                break
            while position < size and data[position] in _WHITESPACE:
                position += 1
        if data.startswith(b",", position):
            return True
    return False


def _escape(match: re.Match[str]) -> str:
    body = match.group(1)
    simple = _SIMPLE_ESCAPES.get(body)
    if simple is not None:
        return simple
    first = body[0]
    if first == "u" and len(body) > 1:
        code = int(body[2:-1], 16) if body[1] == "{" else int(body[1:], 16)
        return chr(code) if code <= 0x10FFFF else "\ufffd"
    if first == "x" and len(body) == 3:
        return chr(int(body[1:], 16))
    if "0" <= first <= "7":
        return chr(int(body, 8))  # legacy octal escape (sloppy-mode semantics)
    return body  # unknown escape: the character itself


def decode_js_escapes(text: str) -> str:
    """Cook the body of a JS string literal: decode escapes, join surrogate pairs."""
    if "\\" not in text:
        return text
    cooked = _ESCAPE_RE.sub(_escape, text)
    if _SURROGATE_RE.search(cooked) is not None:
        # \uD83D\uDE00 -> one code point; lone surrogates are kept as they are.
        cooked = cooked.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return cooked


class _BadNumber(ValueError):
    """A number literal that has no static (JSON-compatible) value, with the reason why."""


def _parse_number(raw: str) -> int | float:
    """The value of a JS numeric literal; raises `_BadNumber` for BigInt, legacy octal, junk."""
    text = raw.replace("_", "")
    lowered = text.lower()
    if lowered.endswith("n"):
        raise _BadNumber("BigInt literal is not JSON data")
    if len(lowered) > 1 and lowered[0] == "0":
        prefix = lowered[1]
        base = {"x": 16, "o": 8, "b": 2}.get(prefix)
        if base is not None:
            return int(lowered[2:], base)
        if prefix.isdigit():
            raise _BadNumber("legacy octal / leading-zero literal is not allowed in modules")
    if "." in lowered or "e" in lowered or len(lowered) >= 4000:
        return float(lowered)
    return int(lowered)


_JSON_ESCAPES = {i: f"\\u{i:04x}" for i in range(0x20)}
_JSON_ESCAPES.update({ord("\b"): "\\b", ord("\f"): "\\f", ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"})
_JSON_ESCAPES[ord('"')] = '\\"'
_JSON_ESCAPES[ord("\\")] = "\\\\"


def _json_quote(text: str) -> str:
    """`JSON.stringify(text)` (well-formed: lone surrogates become `\\udxxx`)."""
    quoted = text.translate(_JSON_ESCAPES)
    if _SURROGATE_RE.search(quoted) is not None:
        quoted = _SURROGATE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)
    return f'"{quoted}"'


def _is_array_index(key: str) -> bool:
    return key.isascii() and key.isdigit() and (key == "0" or key[0] != "0") and len(key) <= 10 and int(key) < 2**32 - 1


def _json_stringify(node: SNode, out: list[str]) -> bool:
    """Append JavaScript's `JSON.stringify` of `node` to `out`; False if it contains non-static data."""
    if isinstance(node, SScalar):
        out.append(_json_scalar(node.value))
        return True
    if isinstance(node, SArray):
        return _json_stringify_array(node, out)
    if isinstance(node, SObject):
        return _json_stringify_object(node, out)
    return False


def _json_scalar(value: Scalar) -> str:
    """`JSON.stringify` of a string, number, boolean or null (NaN and the infinities are `null`)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return _json_quote(value)
    if isinstance(value, float) and not math.isfinite(value):
        return "null"
    return js_number(value)


def _json_stringify_array(node: SArray, out: list[str]) -> bool:
    out.append("[")
    for index, item in enumerate(node.items):
        if index:
            out.append(",")
        if isinstance(item, SHole):
            out.append("null")
        elif not _json_stringify(item, out):
            return False
    out.append("]")
    return True


def _json_stringify_object(node: SObject, out: list[str]) -> bool:
    members: dict[str, SNode] = {}
    for entry in node.entries:
        members[entry.key] = entry.value
    keys = list(members)
    indices = sorted((key for key in keys if _is_array_index(key)), key=int)
    if indices:  # JS orders integer-like keys first, ascending
        keys = indices + [key for key in keys if not _is_array_index(key)]
    out.append("{")
    for index, key in enumerate(keys):
        if index:
            out.append(",")
        out.append(_json_quote(key))
        out.append(":")
        if not _json_stringify(members[key], out):
            return False
    out.append("}")
    return True


# --------------------------------------------------------------------------------------------------
# Top-level declarations.

_CONST, _LET, _VAR, _IMPORT, _FUNCTION, _CLASS, _PATTERN = (
    "const",
    "let",
    "var",
    "import",
    "function",
    "class",
    "pattern",
)


class _Binding:
    """One top-level declaration of a name."""

    __slots__ = ("end", "kind", "start", "value", "value_node")

    def __init__(
        self, kind: str, start: int, end: int, value_node: tree_sitter.Node | None = None, value: SNode | None = None
    ) -> None:
        self.kind = kind
        self.start = start
        self.end = end  # a `const` is usable from here on
        self.value_node = value_node
        self.value = value  # evaluated initializer (consts are evaluated eagerly, in order)


_NONSTATIC_REASONS = {
    "arrow_function": "arrow function: code, not data",
    "function_expression": "function expression: code, not data",
    "function_declaration": "function declaration: code, not data",
    "generator_function": "generator function: code, not data",
    "generator_function_declaration": "generator function: code, not data",
    "class": "class expression: code, not data",
    "class_declaration": "class declaration: code, not data",
    "call_expression": "call expression: evaluated only at runtime",
    "new_expression": "`new` expression: evaluated only at runtime",
    "member_expression": "member expression: evaluated only at runtime",
    "subscript_expression": "subscript expression: evaluated only at runtime",
    "regex": "regular expression literal is not JSON data",
    "await_expression": "`await` expression: evaluated only at runtime",
    "ternary_expression": "conditional expression: evaluated only at runtime",
    "assignment_expression": "assignment: evaluated only at runtime",
    "augmented_assignment_expression": "assignment: evaluated only at runtime",
    "sequence_expression": "comma expression: evaluated only at runtime",
    "update_expression": "update expression: evaluated only at runtime",
    "yield_expression": "`yield` expression: evaluated only at runtime",
    "this": "`this`: known only at runtime",
    "super": "`super`: known only at runtime",
    "undefined": "undefined is not JSON data",
    "template_string": "template literal with substitutions: evaluated only at runtime",
    "jsx_element": "JSX: code, not data",
    "jsx_self_closing_element": "JSX: code, not data",
    "ERROR": "syntax error",
}


class _Evaluator:
    """Static evaluation of the expressions of one parsed module."""

    __slots__ = ("ascii_text", "bindings", "budget", "check_commas", "data", "problems", "valid")

    def __init__(self, data: bytes, valid: bool) -> None:
        self.data = data
        self.budget = WorkBudget()
        self.bindings: dict[str, list[_Binding]] = {}
        # syntax problems tree-sitter accepts but JavaScript does not (`{a: 1,, b: 2}`)
        self.problems: list[SyntaxProblem] = []
        # tree-sitter allows empty members in object literals (`{a: 1,, b: 2}`). In a file without
        # syntax errors (`valid`), only an object with as many commas as members can have one (see
        # `check_empty_members`); in another, every object is checked if the file has doubled commas
        # somewhere (array holes, strings...)
        self.valid = valid
        self.check_commas = not valid and _has_doubled_commas(data)
        # an ASCII file's text (most definitions): its character offsets are its byte offsets, so the
        # strings and keys of the hot loops are sliced from it instead of each being decoded
        self.ascii_text = data.decode("ascii") if data.isascii() else None

    # -- helpers ----------------------------------------------------------------------------------

    def text(self, node: tree_sitter.Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def nonstatic(self, node: tree_sitter.Node, reason: str | None = None) -> NonStatic:
        start, end = node.start_byte, node.end_byte
        if reason is None:
            kind = node.type
            if node.is_missing:
                reason = f"syntax error: missing {kind.replace('_', ' ')}"
            else:
                reason = _NONSTATIC_REASONS.get(kind)
                if reason is None:
                    reason = f"{kind.replace('_', ' ')}: evaluated only at runtime"
        return NonStatic(self.data[start:end].decode("utf-8", "replace"), reason, _span(start, end))

    def cooked(self, start: int, end: int) -> str:
        """The value of the quoted string literal at `[start, end)` (sliced, no child visits)."""
        # without its closing quote when it is unterminated (the syntax error is reported separately)
        text = self.ascii_text
        if text is not None:
            closed = end - start >= 2 and text[end - 1] == text[start]
            text = text[start + 1 : end - 1 if closed else end]
        else:
            data = self.data
            closed = end - start >= 2 and data[end - 1] == data[start]
            text = data[start + 1 : end - 1 if closed else end].decode("utf-8", "replace")
        if "\\" in text:
            return decode_js_escapes(text)
        return text

    # -- values -----------------------------------------------------------------------------------

    def value(self, node: tree_sitter.Node, depth: int) -> SNode:
        kind = node.kind_id
        if kind == _STRING:
            start, end = node.start_byte, node.end_byte
            return _scalar(self.cooked(start, end), _span(start, end))
        if depth > MAX_DEPTH:
            return self.nonstatic(node, "nested too deeply")
        if kind == _OBJECT:
            return self.object(node, depth)
        if kind == _ARRAY:
            return self.array(node, depth)
        if kind == _NUMBER:
            return self.number(node)
        if kind == _TRUE:
            return _scalar(True, _span(node.start_byte, node.end_byte))
        if kind == _FALSE:
            return _scalar(False, _span(node.start_byte, node.end_byte))
        if kind == _NULL:
            return _scalar(None, _span(node.start_byte, node.end_byte))
        if kind == _IDENTIFIER:
            return self.identifier(node, depth)
        return self.expression(node, kind, depth)

    def expression(self, node: tree_sitter.Node, kind: int, depth: int) -> SNode:
        """The value of what is not a literal or a name (rarer in definitions: kept out of `value`)."""
        if kind == _UNARY:
            return self.unary(node, depth)
        if kind == _BINARY:
            return self.binary(node, depth)
        if kind == _TEMPLATE:
            return self.template(node)
        if kind == _PARENTHESIZED:
            inner = [c for c in node.children if c.kind_id not in _COMMENTS]
            if len(inner) == 3 and inner[0].kind_id == _LPAREN and inner[2].kind_id == _RPAREN:
                return self.value(inner[1], depth + 1)
            return self.nonstatic(node)
        if kind == _CALL:
            return self.call(node, depth)
        return self.nonstatic(node)

    def number(self, node: tree_sitter.Node) -> SNode:
        start, end = node.start_byte, node.end_byte
        raw = self.data[start:end]
        if raw.isdigit() and len(raw) < 4000:
            if raw[0] != 48 or len(raw) == 1:  # 48 == ord("0"): `017` is a legacy octal literal
                return _scalar(int(raw), _span(start, end))
        try:
            return _scalar(_parse_number(raw.decode("ascii")), _span(start, end))
        except _BadNumber as problem:
            return self.nonstatic(node, str(problem))
        except (ValueError, UnicodeDecodeError):
            return self.nonstatic(node, "malformed number literal")

    def template(self, node: tree_sitter.Node) -> SNode:
        for child in node.children:
            if child.kind_id == _TEMPLATE_SUBSTITUTION:
                return self.nonstatic(node)
        start, end = node.start_byte, node.end_byte
        data = self.data
        if end - start >= 2 and data[end - 1] == 96:  # 96 == ord("`")
            text = data[start + 1 : end - 1].decode("utf-8", "replace")
        else:
            text = data[start + 1 : end].decode("utf-8", "replace")
        if "\r" in text:  # the cooked value of a raw line terminator is always \n
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return _scalar(decode_js_escapes(text), _span(start, end))

    def identifier(self, node: tree_sitter.Node, depth: int) -> SNode:
        """Resolve a reference (or a shorthand property) to an earlier top-level `const`."""
        start, end = node.start_byte, node.end_byte
        name = self.data[start:end].decode("utf-8", "replace")
        if "\\" in name:
            name = decode_js_escapes(name)
        span = _span(start, end)
        if not name:
            return NonStatic("", "syntax error: missing value", span)
        candidates = self.bindings.get(name)
        if candidates is None:
            return _global_value(name, span)
        usable = _usable_binding(candidates, start)
        if usable is None:
            return NonStatic(name, _unresolved_reason(name, candidates), span)
        return _bound_value(name, usable, depth, span, self.budget)

    def unary(self, node: tree_sitter.Node, depth: int) -> SNode:
        children = node.children
        if len(children) != 2:
            children = [c for c in children if c.kind_id not in _COMMENTS]
        if len(children) != 2:
            return self.nonstatic(node, "unary expression: evaluated only at runtime")
        operator = children[0].kind_id
        if operator != _MINUS and operator != _PLUS:
            return self.nonstatic(node, f"unary `{children[0].type}` expression: evaluated only at runtime")
        operand = self.value(children[1], depth + 1)
        if isinstance(operand, SScalar):
            number = operand.value
            if isinstance(number, (int, float)) and not isinstance(number, bool):
                return _scalar(-number if operator == _MINUS else number, _span(node.start_byte, node.end_byte))
        if isinstance(operand, NonStatic):
            return self.nonstatic(node, operand.reason)
        return self.nonstatic(node, "unary `+`/`-` of a non-number: evaluated only at runtime")

    def binary(self, node: tree_sitter.Node, depth: int) -> SNode:
        """`a + b + c ...`: the left-leaning chain is walked iteratively, so long chains are fine."""
        operands: list[tree_sitter.Node] = []
        current = node
        budget, whole = self.budget, _span(node.start_byte, node.end_byte)
        while True:
            children = current.children
            if len(children) != 3:
                children = [c for c in children if c.kind_id not in _COMMENTS]
            if len(children) != 3 or children[1].kind_id != _PLUS:
                if current is node:
                    operator = children[1].type if len(children) == 3 else "?"
                    return self.nonstatic(node, f"`{operator}` expression: evaluated only at runtime")
                operands.append(current)
                break
            operands.append(children[2])
            budget.charge(1, whole)  # each operand is work, and a node held in memory
            current = children[0]
            if current.kind_id != _BINARY:
                operands.append(current)
                break
        operands.reverse()
        result = self.value(operands[0], depth + 1)
        for operand_node in operands[1:]:
            right = self.value(operand_node, depth + 1)
            if not isinstance(result, SScalar) or not isinstance(right, SScalar):
                bad = result if not isinstance(result, SScalar) else right
                if isinstance(bad, NonStatic):
                    prefix = "`+` with a non-static operand"
                    reason = bad.reason if bad.reason.startswith(prefix) else f"{prefix} ({bad.reason})"
                    return self.nonstatic(node, reason)
                return self.nonstatic(node, "`+` of an object or array: evaluated only at runtime")
            left_value, right_value = result.value, right.value
            if isinstance(left_value, str) or isinstance(right_value, str):  # charged before it is built
                length = (len(left_value) if isinstance(left_value, str) else 0) + (
                    len(right_value) if isinstance(right_value, str) else 0
                )
                self.budget.charge_text(length, right.span)
            total = _js_plus(result.value, right.value)
            if total is None:
                return self.nonstatic(node, "`+` of a boolean or null: evaluated only at runtime")
            result = _scalar(total, right.span)
        if isinstance(result, SScalar):
            return _scalar(result.value, _span(node.start_byte, node.end_byte))
        return result

    def call(self, node: tree_sitter.Node, depth: int) -> SNode:
        children = [c for c in node.children if c.kind_id not in _COMMENTS]
        if (
            len(children) == 2
            and children[1].kind_id == _ARGUMENTS
            and self.data[children[0].start_byte : children[0].end_byte] == b"JSON.stringify"
            and "JSON" not in self.bindings
        ):
            skip = _COMMENTS | {_LPAREN, _RPAREN, _COMMA}
            arguments = [c for c in children[1].children if c.kind_id not in skip]
            if len(arguments) != 1 or arguments[0].kind_id == _SPREAD:
                return self.nonstatic(node, "JSON.stringify with other than one argument is not evaluated")
            argument = self.value(arguments[0], depth + 1)
            out: list[str] = []
            if _json_stringify(argument, out):
                text = "".join(out)
                span = _span(node.start_byte, node.end_byte)
                self.budget.charge_text(len(text), span)
                return _scalar(text, span)
            reason = "JSON.stringify of a value that is not static"
            if isinstance(argument, NonStatic):
                reason = f"{reason} ({argument.reason})"
            return self.nonstatic(node, reason)
        return self.nonstatic(node)

    # -- arrays -----------------------------------------------------------------------------------

    def array(self, node: tree_sitter.Node, depth: int) -> SNode:
        """Items are the named children; holes are found by counting the commas between them."""
        data = self.data
        start, end = node.start_byte, node.end_byte
        items: list[SNode] = []
        next_depth = depth + 1
        gap_start = start + 1  # where the separators before the next item begin (after `[`)
        previous_end = gap_start
        commas = 0  # commas seen since the last item
        comments: list[tree_sitter.Node] | None = None
        have_item = 0  # 1 once an item has been seen: one separating comma is then expected
        for child in node.named_children:
            child_start = child.start_byte
            commas += data.count(b",", previous_end, child_start)
            previous_end = child.end_byte
            kind = child.kind_id
            if kind == _COMMENT or kind == _HTML_COMMENT:
                if comments is None:
                    comments = []
                comments.append(child)
                continue
            if commas != have_item:
                self.holes(items, gap_start, child_start, comments, have_item)
            if kind == _STRING:
                items.append(_scalar(self.cooked(child_start, previous_end), _span(child_start, previous_end)))
            elif kind == _OBJECT and next_depth <= MAX_DEPTH:  # spares a call of `value`
                items.append(self.object(child, next_depth))
            elif kind == _SPREAD:
                self.spread_into_array(child, next_depth, items)
            else:
                items.append(self.value(child, next_depth))
            gap_start = previous_end
            commas = 0
            comments = None
            have_item = 1
        commas += data.count(b",", previous_end, end)
        if commas > have_item:  # a trailing comma is not a hole
            self.holes(items, gap_start, end, comments, have_item)
        return _sarray(tuple(items), _span(start, end))

    def holes(
        self, items: list[SNode], start: int, end: int, comments: list[tree_sitter.Node] | None, skip: int
    ) -> None:
        """Append an `SHole` for each comma in `[start, end)` (outside comments) but the first `skip`."""
        data = self.data
        position = data.find(b",", start, end)
        while position >= 0:
            if not comments or not any(c.start_byte <= position < c.end_byte for c in comments):
                if skip:
                    skip -= 1
                else:
                    items.append(SHole(_span(position, position + 1)))
            position = data.find(b",", position + 1, end)

    def spread_argument(self, node: tree_sitter.Node, depth: int) -> SNode:
        children = [c for c in node.named_children if c.kind_id not in _COMMENTS]
        if len(children) != 1:
            return self.nonstatic(node, "malformed spread")
        return self.value(children[0], depth)

    def spread_into_array(self, node: tree_sitter.Node, depth: int, items: list[SNode]) -> None:
        source = self.spread_argument(node, depth)
        if isinstance(source, SArray):
            for item in source.items:
                if isinstance(item, SHole):  # spreading iterates: a hole becomes a real `undefined`
                    item = NonStatic("", "undefined is not JSON data", item.span)
                items.append(item)
        elif isinstance(source, SScalar) and isinstance(source.value, str):
            self.budget.charge(len(source.value), source.span)  # a value per character
            items.extend(_scalar(char, source.span) for char in source.value)
        elif isinstance(source, NonStatic):
            items.append(self.nonstatic(node, f"spread of a non-static value ({source.reason})"))
        else:
            items.append(self.nonstatic(node, "spread of a non-iterable value: fails at runtime"))

    # -- objects ----------------------------------------------------------------------------------

    def object(self, node: tree_sitter.Node, depth: int) -> SNode:
        data = self.data
        ascii_text = self.ascii_text
        entries: list[SEntry] = []
        merger: SpreadMerger | None = None
        next_depth = depth + 1
        if self.check_commas:
            self.check_object_commas(node)
        children = node.named_children
        comments = 0
        for child in children:
            kind = child.kind_id
            if kind == _PAIR:
                # `key : value`: three children (the list is cheaper than fetching two of them one by one)
                parts = child.children
                key_node = value_node = None
                if len(parts) == 3:
                    key_node, _, value_node = parts
                value_kind = -1 if value_node is None else value_node.kind_id
                if value_node is not None and key_node is not None and value_kind not in _NOT_VALUES:
                    key_start, key_end = key_node.start_byte, key_node.end_byte
                    # the first byte tells the key's kind without touching the node again
                    first = data[key_start] if key_end > key_start else 0
                    key: str | None
                    if first in _IDENTIFIER_START:  # (an ASCII file's keys are sliced from its text)
                        key = (
                            ascii_text[key_start:key_end]
                            if ascii_text is not None
                            else data[key_start:key_end].decode("utf-8", "replace")
                        )
                        if "\\" in key:
                            key = decode_js_escapes(key)
                    elif first == 39 or first == 34:  # a quoted key
                        key = self.cooked(key_start, key_end)
                    else:
                        key = self.key(key_node, depth)
                    if key is None:
                        entry = _entry(
                            UNKNOWN_KEY,
                            _span(key_start, key_end),
                            self.computed_key_nonstatic(child, key_node),
                        )
                    elif value_kind == _STRING:
                        start, end = value_node.start_byte, value_node.end_byte
                        entry = _entry(
                            key,
                            _span(key_start, key_end),
                            _scalar(self.cooked(start, end), _span(start, end)),
                        )
                    elif value_kind == _OBJECT and next_depth <= MAX_DEPTH:  # spares a call of `value`
                        entry = _entry(key, _span(key_start, key_end), self.object(value_node, next_depth))
                    else:
                        entry = _entry(key, _span(key_start, key_end), self.value(value_node, next_depth))
                else:
                    entry = self.irregular_pair(child, parts, depth)
                if merger is None:
                    entries.append(entry)
                else:
                    merger.add(entry)
            elif kind != _COMMENT and kind != _HTML_COMMENT:
                merger = self.member(child, kind, depth, entries, merger)
            else:
                comments += 1
        if self.valid and (commas := node.child_count - len(children) - 2) >= len(children) - comments:
            self.check_empty_members(node, children, commas, comments)  # (rare: see there)
        return _sobject(tuple(entries), _span(node.start_byte, node.end_byte))

    def member(
        self, child: tree_sitter.Node, kind: int, depth: int, entries: list[SEntry], merger: SpreadMerger | None
    ) -> SpreadMerger | None:
        """Add an object member other than `key: value` (rarer: kept out of the loop of `object`):
        a shorthand, a spread or a method. Returns the merger, created at the first spread."""
        if kind == _SPREAD:
            if merger is None:
                merger = SpreadMerger(entries)
            self.spread_into_object(child, depth + 1, merger)
            return merger
        if kind == _SHORTHAND:
            start, end = child.start_byte, child.end_byte
            name = self.data[start:end].decode("utf-8", "replace")
            entry = _entry(decode_js_escapes(name), _span(start, end), self.identifier(child, depth + 1))
        elif kind == _METHOD:
            entry = self.method(child, depth)
        else:  # ERROR children are reported as syntax problems and skipped here
            return merger
        if merger is None:
            entries.append(entry)
        else:
            merger.add(entry)
        return merger

    def check_empty_members(
        self, node: tree_sitter.Node, children: list[tree_sitter.Node], commas: int, comments: int
    ) -> None:
        """Report the empty members (`{a: 1,, b: 2}`) of an object literal of a file without syntax errors,
        whose named `children` include `comments` comments, beside `commas` commas. Its unnamed children
        are then its braces and its commas, and a comma separates each member from the next, so an empty
        member other than a trailing one takes as many commas as members, or more (`object` calls this
        only then); as many, with a comma after the last member (outside any comment), is only a
        trailing comma."""
        if commas == 0:
            return
        members = len(children) - comments
        if commas == members and comments == 0 and self.data.find(b",", children[-1].end_byte, node.end_byte) >= 0:
            return
        self.check_object_commas(node)

    def check_object_commas(self, node: tree_sitter.Node) -> None:
        """Report commas that do not separate two members of an object literal."""
        data = self.data
        commas: list[int] = []
        previous_end = node.start_byte + 1
        have_member = 0
        for child in [*node.named_children, None]:
            start = node.end_byte if child is None else child.start_byte
            position = data.find(b",", previous_end, start)
            while position >= 0:
                commas.append(position)
                position = data.find(b",", position + 1, start)
            if child is not None:
                previous_end = child.end_byte
                if child.kind_id in _COMMENTS:
                    continue
            for position in commas[have_member:]:  # one comma after a member is fine
                self.problems.append(SyntaxProblem("unexpected `,`", _span(position, position + 1)))
            commas = []
            have_member = 1

    def irregular_pair(self, pair: tree_sitter.Node, parts: list[tree_sitter.Node], depth: int) -> SEntry:
        """A pair with comments inside, or broken by a syntax error."""
        parts = [c for c in parts if c.is_named and c.kind_id not in _COMMENTS]
        if not parts:
            return _entry(UNKNOWN_KEY, _span(pair.start_byte, pair.end_byte), self.nonstatic(pair, "syntax error"))
        key_node = parts[0]
        key_span = _span(key_node.start_byte, key_node.end_byte)
        key = self.key(key_node, depth)
        if len(parts) != 2 or parts[0].kind_id == _ERROR or parts[1].kind_id == _ERROR:
            return _entry(UNKNOWN_KEY if key is None else key, key_span, self.nonstatic(pair, "syntax error"))
        if key is None:
            return _entry(UNKNOWN_KEY, key_span, self.computed_key_nonstatic(pair, key_node))
        return _entry(key, key_span, self.value(parts[1], depth + 1))

    def computed_key_nonstatic(self, pair: tree_sitter.Node, key_node: tree_sitter.Node) -> NonStatic:
        return self.nonstatic(pair, f"the key `{self.text(key_node)}` is not a static string or number")

    def key(self, node: tree_sitter.Node, depth: int) -> str | None:
        """The property name a key node denotes, or None if it is not statically known."""
        kind = node.kind_id
        if kind == _PROPERTY_IDENTIFIER or kind == _PRIVATE_PROPERTY:
            return decode_js_escapes(self.text(node))
        if kind == _STRING:
            return self.cooked(node.start_byte, node.end_byte)
        if kind == _NUMBER:
            return self.number_key(node)
        if kind == _COMPUTED_KEY:
            return self.computed_key(node, depth)
        return None

    def number_key(self, node: tree_sitter.Node) -> str | None:
        """`{ 1: x }`, `{ 0x10: x }`, `{ 1.50: x }`, `{ 1n: x }`: the number's JS string form."""
        raw = self.text(node).replace("_", "")
        if raw[-1:] in ("n", "N"):  # BigInt keys are fine: `{ 1n: x }` has the key "1"
            try:
                return str(int(raw[:-1], 0))
            except ValueError:
                return None
        value = self.number(node)
        if isinstance(value, SScalar) and isinstance(value.value, (int, float)):
            return js_number(value.value)
        return None

    def computed_key(self, node: tree_sitter.Node, depth: int) -> str | None:
        """`{ [expression]: x }`: the key is the static value's string form, if it has one."""
        skip = _COMMENTS | {_LBRACKET, _RBRACKET}
        inner = [c for c in node.children if c.kind_id not in skip]
        if len(inner) != 1:
            return None
        value = self.value(inner[0], depth + 1)
        if isinstance(value, SScalar):
            return _property_key(value.value)
        return None

    def method(self, node: tree_sitter.Node, depth: int) -> SEntry:
        code = self.nonstatic(node, "method, getter or setter: code, not data")
        for child in node.children:
            if child.kind_id in _KEY_KINDS:
                key = self.key(child, depth)
                return _entry(UNKNOWN_KEY if key is None else key, _span(child.start_byte, child.end_byte), code)
        return _entry(UNKNOWN_KEY, code.span, code)

    def spread_into_object(self, node: tree_sitter.Node, depth: int, merger: SpreadMerger) -> None:
        source = self.spread_argument(node, depth)
        if isinstance(source, SObject):
            for entry in source.entries:
                merger.spread(entry)
        elif isinstance(source, SArray):
            for index, item in enumerate(source.items):
                if not isinstance(item, SHole):  # holes are not own properties
                    merger.spread(_entry(str(index), item.span, item))
        elif isinstance(source, SScalar):
            text = source.value
            if isinstance(text, str):
                # object spread indexes UTF-16 code units
                units = text.encode("utf-16-le", "surrogatepass")
                for index in range(len(units) // 2):
                    unit = units[2 * index : 2 * index + 2].decode("utf-16-le", "surrogatepass")
                    merger.spread(_entry(str(index), source.span, _scalar(unit, source.span)))
            # spreading null, a boolean or a number adds nothing
        else:
            reason = source.reason if isinstance(source, NonStatic) else "not an object"
            code = self.nonstatic(node, f"spread of a non-static value ({reason})")
            merger.spread(_entry(UNKNOWN_KEY, code.span, code))


def _js_plus(left: Scalar, right: Scalar) -> str | int | float | None:
    """JavaScript's `left + right` for strings and numbers; None for anything else."""
    left_number = isinstance(left, (int, float)) and not isinstance(left, bool)
    right_number = isinstance(right, (int, float)) and not isinstance(right, bool)
    if isinstance(left, str):
        if isinstance(right, str):
            return left + right
        if right_number:
            assert isinstance(right, (int, float))
            return left + js_number(right)
    elif left_number:
        assert isinstance(left, (int, float))
        if isinstance(right, str):
            return js_number(left) + right
        if right_number:
            assert isinstance(right, (int, float))
            return left + right
    return None


def _global_value(name: str, span: Span) -> SNode:
    """A name with no declaration in the module: `NaN`, `Infinity`, or unknown."""
    if name == "NaN":
        return _scalar(math.nan, span)
    if name == "Infinity":
        return _scalar(math.inf, span)
    return NonStatic(name, f"unknown identifier `{name}`", span)


def _usable_binding(candidates: list[_Binding], start: int) -> _Binding | None:
    """The last `const` declared (and evaluated) before `start`, if any."""
    usable: _Binding | None = None
    for binding in candidates:
        if binding.kind == _CONST and binding.end <= start and binding.value is not None:
            usable = binding
    return usable


def _bound_value(name: str, usable: _Binding, depth: int, span: Span, budget: WorkBudget) -> SNode:
    """The value of a reference to `usable` at nesting `depth`: the bound tree itself, charged to
    `budget` for every value it holds (rules walk it once per reference)."""
    value = usable.value
    assert value is not None
    if isinstance(value, NonStatic):
        return NonStatic(name, f"`{name}` is bound to a non-static value ({value.reason})", span)
    height = budget.charge_tree(value, span)
    # splicing the bound tree in here must not nest deeper than MAX_DEPTH either
    if depth + height > MAX_DEPTH + 1:
        return NonStatic(name, "nested too deeply", span)
    return value


def _property_key(value: Scalar) -> str:
    """The property name a computed key's static value converts to (`String(value)`)."""
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return js_number(value)


def _unresolved_reason(name: str, candidates: list[_Binding]) -> str:
    """Why a reference to `name` (declared, but not as a usable `const`) is not static."""
    kind = candidates[-1].kind
    if kind == _CONST:
        return f"`{name}` is used before its declaration"
    if kind == _IMPORT:
        return f"`{name}` is imported; its value is known only at runtime"
    if kind in (_LET, _VAR):
        return f"`{name}` is declared with `{kind}`; only `const` bindings are resolved"
    if kind == _FUNCTION:
        return f"`{name}` is a function: code, not data"
    if kind == _CLASS:
        return f"`{name}` is a class: code, not data"
    return f"`{name}` comes from a destructuring pattern; only simple `const` bindings are resolved"


# --------------------------------------------------------------------------------------------------
# The module level.


def _pattern_names(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """Identifier nodes bound by a destructuring pattern (iterative, any depth)."""
    names: list[tree_sitter.Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        kind = current.type
        if kind in ("identifier", "shorthand_property_identifier_pattern"):
            names.append(current)
            continue
        children = current.children
        if kind == "pair_pattern":
            children = children[1:]  # skip the property name
        elif kind == "assignment_pattern":
            children = children[:1]  # skip the default value
        stack.extend(children)
    names.sort(key=lambda node: node.start_byte)
    return names


class _Module:
    """Walks the top level: declarations and exports first, then evaluates them."""

    def __init__(self, data: bytes, root: tree_sitter.Node) -> None:
        self.data = data
        self.root = root
        self.evaluator = _Evaluator(data, valid=not root.has_error)
        self.bindings = self.evaluator.bindings
        # (exported name, how to compute its value), in source order
        self.export_items: list[tuple[str, Callable[[], SNode]]] = []

    def name_of(self, node: tree_sitter.Node) -> str:
        return self.evaluator.text(node)

    def bind(self, name: str, binding: _Binding) -> None:
        self.bindings.setdefault(name, []).append(binding)

    def declaration(self, node: tree_sitter.Node, exported: bool) -> None:
        kind = node.kind_id
        if kind == _LEXICAL or kind == _VARIABLE:
            children = node.children
            first = children[0].kind_id if children else -1
            declared = _CONST if first == _CONST_TOKEN else _LET if first == _LET_TOKEN else _VAR
            for declarator in children:
                if declarator.kind_id == _DECLARATOR:
                    self.declarator(declarator, declared, exported)
        elif kind in _DECLARATIONS:
            name_node = node.child_by_field_name("name")
            declared = _CLASS if kind == _CLASS_DECLARATION else _FUNCTION
            code = self.evaluator.nonstatic(node)
            if name_node is not None:
                name = self.name_of(name_node)
                self.bind(name, _Binding(declared, node.start_byte, node.end_byte, None, code))
                if exported:
                    self.export_items.append((name, lambda: code))

    def declarator(self, declarator: tree_sitter.Node, declared: str, exported: bool) -> None:
        name_node = declarator.child_by_field_name("name")
        value_node = declarator.child_by_field_name("value")
        if name_node is None:
            return
        start, end = declarator.start_byte, declarator.end_byte
        if name_node.kind_id != _IDENTIFIER:  # a destructuring pattern
            for pattern_name in _pattern_names(name_node):
                name = self.name_of(pattern_name)
                self.bind(name, _Binding(_PATTERN, start, end))
                if exported:
                    reason = f"`{name}` comes from a destructuring pattern; only simple bindings are evaluated"
                    code = self.evaluator.nonstatic(pattern_name, reason)
                    self.export_items.append((name, lambda code=code: code))  # type: ignore[misc]
            return
        name = self.name_of(name_node)
        binding = _Binding(declared, start, end, value_node)
        self.bind(name, binding)
        if exported:
            self.export_items.append((name, lambda: self.binding_value(binding, name)))

    def binding_value(self, binding: _Binding, name: str) -> SNode:
        """The value a declaration gives its name (consts are evaluated already)."""
        if binding.value is not None:
            return binding.value
        if binding.value_node is None:
            source = self.data[binding.start : binding.end].decode("utf-8", "replace")
            return NonStatic(
                source, f"`{name}` is declared without a value (undefined)", _span(binding.start, binding.end)
            )
        return self.evaluator.value(binding.value_node, 1)

    def imports(self, node: tree_sitter.Node) -> None:
        stack = list(node.children)
        while stack:
            child = stack.pop()
            kind = child.type
            if kind in ("import_clause", "named_imports", "namespace_import"):
                stack.extend(child.children)
            elif kind == "import_specifier":
                local = child.child_by_field_name("alias") or child.child_by_field_name("name")
                if local is not None:
                    self.bind(self.name_of(local), _Binding(_IMPORT, child.start_byte, child.end_byte))
            elif kind == "identifier":
                self.bind(self.name_of(child), _Binding(_IMPORT, child.start_byte, child.end_byte))

    def export(self, node: tree_sitter.Node) -> None:
        children = [c for c in node.children if c.kind_id not in _COMMENTS]
        kinds = [c.kind_id for c in children]
        if _DEFAULT in kinds:
            index = kinds.index(_DEFAULT)
            if index + 1 < len(children):
                target = children[index + 1]
                if target.kind_id in _DECLARATIONS:
                    self.declaration(target, exported=False)
                    code = self.evaluator.nonstatic(target)
                    self.export_items.append(("default", lambda: code))
                else:
                    self.export_items.append(("default", lambda: self.evaluator.value(target, 1)))
            return
        source_module = node.child_by_field_name("source")
        for child in children:
            kind = child.kind_id
            if kind == _EXPORT_CLAUSE:
                for specifier in child.children:
                    if specifier.kind_id == _EXPORT_SPECIFIER:
                        self.specifier(specifier, source_module)
            elif kind == _LEXICAL or kind == _VARIABLE or kind in _DECLARATIONS:
                self.declaration(child, exported=True)

    def specifier(self, node: tree_sitter.Node, source_module: tree_sitter.Node | None) -> None:
        local = node.child_by_field_name("name")
        alias = node.child_by_field_name("alias")
        if local is None:
            return
        exported = self.export_name(alias if alias is not None else local)
        local_name = self.export_name(local)
        if source_module is not None:
            module = self.name_of(source_module)
            code = self.evaluator.nonstatic(
                node, f"`{local_name}` is re-exported from {module}; its value is not in this file"
            )
            self.export_items.append((exported, lambda: code))
        else:
            self.export_items.append((exported, lambda: self.local_export(local_name, node)))

    def export_name(self, node: tree_sitter.Node) -> str:
        if node.kind_id == _STRING:
            return self.evaluator.cooked(node.start_byte, node.end_byte)
        return self.name_of(node)

    def local_export(self, name: str, specifier: tree_sitter.Node) -> SNode:
        candidates = self.bindings.get(name)
        if not candidates:
            return self.evaluator.nonstatic(specifier, f"`{name}` is not declared in this module")
        binding = candidates[-1]
        if binding.kind in (_CONST, _LET, _VAR, _FUNCTION, _CLASS):
            return self.binding_value(binding, name)
        return self.evaluator.nonstatic(specifier, _unresolved_reason(name, candidates))

    def run(self) -> dict[str, SNode]:
        for statement in self.root.children:
            kind = statement.kind_id
            if kind == _EXPORT:
                self.export(statement)
            elif kind == _LEXICAL or kind == _VARIABLE or kind in _DECLARATIONS:
                self.declaration(statement, exported=False)
            elif kind == _IMPORT_STATEMENT:
                self.imports(statement)
        # Consts are evaluated in source order: a const may only use consts declared before it, which
        # are then already evaluated -- no recursion across bindings, no cycles.
        consts = [b for bs in self.bindings.values() for b in bs if b.kind == _CONST]
        consts.sort(key=lambda b: b.start)
        for binding in consts:
            if binding.value_node is None:  # `const x;` is a syntax error
                binding.value = NonStatic(
                    self.data[binding.start : binding.end].decode("utf-8", "replace"),
                    "syntax error: const declared without a value",
                    _span(binding.start, binding.end),
                )
            else:
                binding.value = self.evaluator.value(binding.value_node, 1)
        exports: dict[str, SNode] = {}
        # The closures refer to this module: dropping them once evaluated leaves no reference cycle,
        # so the value tree is freed by reference counting alone (the cyclic GC may stay paused).
        items, self.export_items = self.export_items, []
        for name, evaluate in items:
            exports[name] = evaluate()
        return exports


# --------------------------------------------------------------------------------------------------
# Syntax problems.


def _snippet(data: bytes, start: int, end: int) -> str:
    text = data[start : min(end, start + 4 * _ERROR_SNIPPET + 4)].decode("utf-8", "replace")
    text = "".join(char if char.isprintable() else "\ufffd" for char in " ".join(text.split()))
    if len(text) > _ERROR_SNIPPET or end - start > 4 * _ERROR_SNIPPET + 4:
        text = text[:_ERROR_SNIPPET].rstrip() + "…"
    return text


_CLOSERS = {"(": ")", "[": "]", "{": "}", "${": "}"}


def _error_problem(node: tree_sitter.Node, data: bytes) -> SyntaxProblem:
    """Describe an ERROR node: an unclosed bracket at the end of the file, a stray token, ..."""
    start, end = node.start_byte, node.end_byte
    children = node.children
    if end >= len(data.rstrip()):  # the error runs into the end of the file: what is left open?
        openers: list[tree_sitter.Node] = []
        for child in children:
            if child.is_named:
                continue
            token = child.type
            if token in _CLOSERS:
                openers.append(child)
            elif openers and token == _CLOSERS[openers[-1].type]:
                openers.pop()
        if openers:
            opener = openers[-1]
            return SyntaxProblem(
                f"unexpected end of file: `{opener.type}` is never closed",
                _span(opener.start_byte, opener.end_byte),
            )
    if children and children[0].type in ('"', "'", "`"):
        return SyntaxProblem("unterminated string literal", _span(start, end))
    snippet = _snippet(data, start, end)
    if snippet:
        return SyntaxProblem(f"unexpected `{snippet}`", _span(start, end))
    if start >= len(data.rstrip()):
        return SyntaxProblem("unexpected end of file", _span(start, end))
    return SyntaxProblem("syntax error", _span(start, end))


def _problems(root: tree_sitter.Node, data: bytes) -> list[SyntaxProblem]:
    """ERROR and MISSING nodes, in source order; nested errors are reported too (more specific)."""
    problems: list[SyntaxProblem] = []
    if not root.has_error:
        return problems
    stack = [root]
    while stack and len(problems) < MAX_PROBLEMS:
        node = stack.pop()
        if node.is_missing:
            start = node.start_byte
            missing = node.type
            message = f"missing {missing.replace('_', ' ')}" if node.is_named else f"missing `{missing}`"
            problems.append(SyntaxProblem(message, _span(start, start)))
        elif node.is_error:
            problems.append(_error_problem(node, data))
            stack.extend(reversed([child for child in node.children if child.has_error]))
        elif node.has_error:
            stack.extend(reversed(node.children))
    return problems


# --------------------------------------------------------------------------------------------------


def _parse_tree(data: bytes) -> tree_sitter.Tree | list[SyntaxProblem]:
    """The syntax tree, or the problems to report instead when the file is too large or its errors
    go on for more than `PARSE_BEYOND_ERROR` bytes. Deterministic: every limit counts bytes.

    tree-sitter's progress callback says where the parser is and whether it has met an error (every
    100 parse operations). Counting operations does not track the work (an operation in error recovery
    can cost a thousand times more than one in valid code), but the byte offset does bound it: junk
    costs time in proportion to how much of it is recovered from, so the parse is cancelled once it has
    gone `PARSE_BEYOND_ERROR` bytes past the first error, and the prefix up to there is parsed again to
    report the problems. Valid files are parsed once, whatever their size up to `MAX_SOURCE_BYTES`.
    tree-sitter reports an error only once every stack version is in error, so junk it reads with
    ambiguity instead (runs of `{[(`, `a+a+aa`) runs to the end: linear, but up to about 7 us per byte
    measured (valid definitions: 0.2), which `MAX_SOURCE_BYTES` bounds.

    The callback also counts the operations, which bound the tree's size (its memory): a file that
    takes more than `PARSE_OPERATIONS_PER_BYTE` per byte read, beyond `PARSE_OPERATIONS_FREE`, is
    cancelled there and reported as too dense to analyse.
    """
    if len(data) > MAX_SOURCE_BYTES:
        message = (
            f"the file is too large to analyse ({len(data) / 1e6:.1f} MB; JavaScript definitions are analysed "
            f"up to {MAX_SOURCE_BYTES / 1e6:g} MB)"
        )
        return [SyntaxProblem(message, _span(0, 0))]
    parser = _parser()
    view = memoryview(data)
    first_error = -1
    operations = 0
    too_dense = -1

    def read(offset: int, point: tuple[int, int]) -> memoryview:
        return view[offset:]

    def progress(offset: int, has_error: bool) -> bool:
        nonlocal first_error, operations, too_dense
        operations += _OPERATIONS_PER_CALLBACK
        if operations > PARSE_OPERATIONS_FREE + PARSE_OPERATIONS_PER_BYTE * offset:
            too_dense = offset
            return True  # cancels the parse
        if has_error and first_error < 0:
            first_error = offset
        return first_error >= 0 and offset > first_error + PARSE_BEYOND_ERROR

    try:
        return parser.parse(read, progress_callback=progress)
    except ValueError:  # cancelled
        parser.reset()
    if too_dense >= 0:
        message = (
            f"the file is too dense to analyse: its first {too_dense:,} bytes took tree-sitter more than "
            f"{operations:,} operations (flowlint analyses {PARSE_OPERATIONS_PER_BYTE} per byte, and "
            f"{PARSE_OPERATIONS_FREE:,} more: about twice what the densest real definitions need); "
            "FlowMCP may load it, but flowlint cannot check it"
        )
        return [SyntaxProblem(message, _span(too_dense, too_dense))]
    cut = first_error + PARSE_BEYOND_ERROR
    prefix = parser.parse(data[:cut])
    # The prefix ends in the middle of the file: drop what its artificial end causes (unclosed
    # brackets, missing tokens at the cut).
    problems = [
        problem
        for problem in _problems(prefix.root_node, data)
        if problem.span.end <= first_error + PARSE_BEYOND_ERROR // 2
        and not problem.message.startswith("unexpected end of file")
    ]
    return problems or [SyntaxProblem("syntax error", _span(first_error, first_error))]


def parse_javascript(data: bytes) -> ParsedModule:
    """Parse an ES module and statically evaluate its exports. Never executes code, never raises."""
    with gc_paused(PAUSE_GC):  # see flowlint.core.gcpause: the tree has no cycles
        return _parse_javascript(data)


def _parse_javascript(data: bytes) -> ParsedModule:
    try:
        if not isinstance(data, bytes):
            data = bytes(data)
        tree = _parse_tree(data)
        if isinstance(tree, list):
            return ParsedModule(problems=tree)
        return _evaluate(data, tree.root_node)
    except Exception as error:  # a safety net: a linter must not crash on any input
        return ParsedModule(internal_error=f"{type(error).__name__}: {error}")


def _evaluate(data: bytes, root: tree_sitter.Node) -> ParsedModule:
    """The module of a parsed file: its syntax problems and the value trees of its exports (what
    `parse_javascript` does after tree-sitter's parse; benchmarks/bench_loaders.py times it alone)."""
    problems = _problems(root, data)
    module = _Module(data, root)
    try:
        exports = module.run()
    except EvaluationBudgetExceeded as exceeded:
        return ParsedModule(problems=problems, over_budget=exceeded.problem())
    if module.evaluator.problems:
        unique = dict.fromkeys([*problems, *module.evaluator.problems])
        problems = sorted(unique, key=lambda problem: problem.span.start)[:MAX_PROBLEMS]
    return ParsedModule(exports=exports, problems=problems)
