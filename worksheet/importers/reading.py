"""Reading a source safely: a size bound, its encoding, and XML with no DTD or entity.

Every source may be someone else's file. A file over :data:`MAX_BYTES` is refused before it is
read (its size is asked first, and at most one byte more than the bound is ever read, for a
file that grows or a pipe). Text is decoded strictly in the encoding its byte-order mark or XML
declaration states (else UTF-8): bytes that are not text in it are refused, never replaced. XML
is parsed with the standard library's expat, after refusing any ``<!DOCTYPE`` or ``<!ENTITY``
in the text — so an entity is never expanded ("billion laughs" is refused at once) — with a
handler that refuses a DTD expat meets anyway, and a bound on nesting.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO
from xml.parsers import expat

from worksheet.engine.quote import clip, quote
from worksheet.importers.result import ImportRefused

MAX_BYTES = 4 * 1024 * 1024
"""The largest source read (4 MiB): a character is a few hundred kilobytes at most."""

MAX_DEPTH = 64
"""The deepest XML nesting read: a character file nests a handful of levels."""

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))

ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "utf-16": "utf-16", "utf-16le": "utf-16-le",
             "utf-16be": "utf-16-be", "iso-8859-1": "latin-1", "latin-1": "latin-1",
             "latin1": "latin-1", "iso8859-1": "latin-1", "us-ascii": "ascii",
             "ascii": "ascii", "windows-1252": "cp1252", "cp1252": "cp1252"}
"""The encodings a source may declare (lower-cased), each with Python's codec name."""

_DECLARED = re.compile(rb"""^<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']""")
_DECLARATION_TEXT = re.compile(r"^\s*<\?xml[^>]{0,300}\?>")
_FORBIDDEN = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def read_source(path: str, stdin: BinaryIO | None = None) -> tuple[bytes, str]:
    """The bytes of a file (``-``: standard input) and how messages name it.

    Raises:
        ImportRefused: no such file, not a plain file, unreadable, or over :data:`MAX_BYTES`.
    """
    if path == "-":
        stream = stdin or sys.stdin.buffer
        return _bounded(stream, "standard input"), "standard input"
    origin = path
    try:
        info = os.stat(path)
    except OSError as error:
        raise ImportRefused(origin, f"cannot read it ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise ImportRefused(origin, "not a plain file")
    if info.st_size > MAX_BYTES:
        raise ImportRefused(origin, too_big(info.st_size))
    try:
        with open(path, "rb") as stream:
            return _bounded(stream, origin), Path(path).name or origin
    except OSError as error:
        raise ImportRefused(origin, f"cannot read it ({error.strerror})") from None


def too_big(size: int | None = None) -> str:
    """The refusal of a source over the bound."""
    shown = f" ({size:,} bytes)" if size is not None else ""
    return f"over 4 MiB{shown}: not a character file; nothing was read"


def _bounded(stream: BinaryIO, origin: str) -> bytes:
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ImportRefused(origin, too_big())
    return data


def decode_text(data: bytes, origin: str, *, xml: bool = False) -> str:
    """``data`` as text: by its byte-order mark, else (XML) its declaration, else UTF-8.

    Raises:
        ImportRefused: an encoding not among :data:`ENCODINGS`; bytes that are not text in it;
            NUL characters (a binary file).
    """
    encoding, start = None, 0
    for bom, name in _BOMS:
        if data.startswith(bom):
            encoding, start = name, len(bom)
            break
    if encoding is None and xml:
        if data[:2] in (b"<\x00", b"\x00<"):
            encoding = "utf-16-le" if data[:1] == b"<" else "utf-16-be"
        else:
            declared = _DECLARED.match(data[:300])
            if declared:
                named = declared.group(1).decode("ascii").lower()
                if named not in ENCODINGS:
                    raise ImportRefused(origin, f"declares the encoding {quote(named)}, which "
                                        "import does not read (UTF-8, UTF-16, ISO-8859-1)")
                encoding = ENCODINGS[named]
                if encoding == "utf-16":
                    raise ImportRefused(origin, "declares UTF-16 but has no byte-order mark")
    encoding = encoding or "utf-8"
    try:
        text = data[start:].decode(encoding)
    except UnicodeDecodeError as error:
        raise ImportRefused(origin, f"bytes that are not {encoding} text (at byte "
                            f"{error.start + start:,}); save it as text or as the tool wrote "
                            "it") from None
    if "\x00" in text:
        raise ImportRefused(origin, "holds NUL characters: not a text file")
    return text


@dataclass
class Node:
    """One XML element as a reader needs it: its tag, attributes, text, children and line."""

    tag: str
    attrib: dict[str, str]
    line: int
    children: list["Node"] = field(default_factory=list)
    text: str = ""

    def child(self, tag: str) -> "Node | None":
        """The first child element named ``tag``."""
        return next((node for node in self.children if node.tag == tag), None)

    def named(self, tag: str) -> list["Node"]:
        """The child elements named ``tag``."""
        return [node for node in self.children if node.tag == tag]

    def child_text(self, tag: str) -> str | None:
        """The stripped text of the first child named ``tag``."""
        node = self.child(tag)
        return None if node is None else node.text.strip()

    def iter(self, tag: str):
        """Every descendant (and this element) named ``tag``, in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            if node.tag == tag:
                yield node
            stack.extend(reversed(node.children))


class _Refused(Exception):
    pass


def parse_xml(data: bytes, origin: str) -> Node:
    """The root element of an XML source, decoded by :func:`decode_text`.

    Raises:
        ImportRefused: not text; a DTD or an entity declaration (refused before parsing, never
            expanded); nesting deeper than :data:`MAX_DEPTH`; not well-formed XML.
    """
    text = decode_text(data, origin, xml=True)
    forbidden = _FORBIDDEN.search(text)
    if forbidden:
        line = text.count("\n", 0, forbidden.start()) + 1
        raise ImportRefused(origin, f"XML with a {forbidden.group(1).upper()} declaration (line "
                            f"{line}): DTDs and entities are refused, never expanded")
    # Decoded already: the declaration's encoding must not apply twice (lines are kept).
    text = _DECLARATION_TEXT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, count=1)
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag, attributes):
        if len(stack) >= MAX_DEPTH:
            raise _Refused(f"XML nested deeper than {MAX_DEPTH} levels (line "
                           f"{parser.CurrentLineNumber}): not a character file")
        node = Node(tag, dict(attributes), parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag):
        stack.pop()

    def characters(data):
        if stack:
            stack[-1].text += data

    def doctype(*_):
        raise _Refused("XML with a DTD: refused, never expanded")

    def entity(*_):
        raise _Refused("XML with an entity declaration: refused, never expanded")

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.ExternalEntityRefHandler = lambda *_: 0
    try:
        parser.Parse(text, True)
    except _Refused as refused:
        raise ImportRefused(origin, str(refused)) from None
    except expat.ExpatError as error:
        why = clip(expat.errors.messages.get(error.code, str(error)), 80)
        raise ImportRefused(origin, f"not well-formed XML ({why}, line {error.lineno})") from None
    except RecursionError:
        raise ImportRefused(origin, "XML nested too deeply: not a character file") from None
    return roots[0]


def parse_root(data: bytes, origin: str, tag: str, what: str) -> Node:
    """The root element of an XML source by :func:`parse_xml`, which must be ``<tag>``.

    Raises:
        ImportRefused: as :func:`parse_xml`, or another root (``what`` names the file kind).
    """
    root = parse_xml(data, origin)
    if root.tag != tag:
        raise ImportRefused(origin, f"the root element is <{clip(root.tag, 40)}>, not <{tag}>: "
                            f"not {what}")
    return root
