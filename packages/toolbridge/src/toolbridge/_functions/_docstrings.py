"""Descriptions from a docstring (Google, NumPy, reST).

One for the tool, one per documented parameter and one for the return value, with
hard-wrapped lines joined. ``docstring_parser`` is imported only when there is a
docstring to parse.
"""

from __future__ import annotations


def _unwrap_lines(text: str) -> str:
    """Join hard-wrapped lines, keep paragraph breaks."""
    paragraphs = (" ".join(line.strip() for line in p.splitlines()) for p in text.split("\n\n"))
    return "\n\n".join(p for p in paragraphs if p).strip()


def parse_docstring(doc: str) -> tuple[str, dict[str, str], str | None]:
    """The tool description, the parameter descriptions and the returns description."""
    if not doc.strip():
        return "", {}, None  # nothing to parse: skip importing the parser
    import docstring_parser

    try:
        parsed = docstring_parser.parse(doc)
    except docstring_parser.ParseError:
        return doc.strip(), {}, None
    separator = "\n\n" if parsed.blank_after_short_description else "\n"
    description = separator.join(
        part.strip() for part in (parsed.short_description, parsed.long_description) if part
    )
    parameters = {p.arg_name: _unwrap_lines(p.description) for p in parsed.params if p.description}
    returns = parsed.returns.description if parsed.returns else None
    return description, parameters, _unwrap_lines(returns) if returns else None
