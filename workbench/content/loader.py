"""Safe, positioned YAML loading that loses nothing silently.

The fast path composes each file with libyaml (``CSafeLoader``) and turns the node tree into
plain Python data in one walk. That walk is where the traps of YAML are caught:

* duplicate keys at any depth (PyYAML keeps the last one silently);
* YAML 1.1 surprises: ``012`` read as octal 10, ``1:30`` as 90, ``no`` as ``False``;
* alias bombs: expanding anchors is bounded, so a billion-laughs file fails fast;
* tabs, bad encodings, empty files and non-mapping documents.

Positions are not stored per key (that costs ~20 % on a bulk load); a :class:`Document` keeps
its file's text and finds the line and column of any path on demand (:meth:`Document.locate`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .problems import ERROR, WARNING, Problem, json_path

try:  # the libyaml C parser; the pure-Python one gives the same results, slower
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - without libyaml; a test checks both loaders agree
    from yaml import SafeLoader as _Loader

PURE_LOADER = yaml.SafeLoader

#: An expanded document may visit at most this many nodes (aliases count every time they are
#: expanded). Real content documents have a few hundred; a billion-laughs bomb hits the limit
#: after a few milliseconds.
MAX_EXPANDED_NODES = 100_000
MAX_DEPTH = 200

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_VALUE = "tag:yaml.org,2002:value"

# YAML 1.2 (and JSON) agree with YAML 1.1 on these spellings; anything else that PyYAML reads as
# a bool or changes the digits of a number is a YAML 1.1 surprise.
_PLAIN_BOOLS = {"true", "false", "True", "False", "TRUE", "FALSE"}
_SURPRISING_INT = re.compile(r"^[-+]?(0[0-7_]+|0b[01_]+|[0-9][0-9_]*(:[0-5]?[0-9])+|[0-9][0-9_]*_[0-9_]*)$")
_SURPRISING_FLOAT = re.compile(r"^[-+]?([0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*|.*_.*)$")

_scalar_constructor = yaml.constructor.SafeConstructor()


class LoadLimit(Exception):
    """Raised inside the walk when a document expands past the safety limits."""


@dataclass(slots=True)
class SourceFile:
    """A file's path and text, kept so positions can be found after loading."""

    path: str
    text: str


@dataclass(slots=True)
class Document:
    """One YAML document: plain data plus where it came from.

    ``index`` is the document's place in its file's stream (0 for the first ``---``).
    """

    data: dict
    source: SourceFile
    index: int = 0
    line: int = 1
    column: int = 1

    @property
    def kind(self) -> str | None:
        return self.data.get("kind") if isinstance(self.data, dict) else None

    @property
    def id(self) -> str | None:
        return self.data.get("id") if isinstance(self.data, dict) else None

    @property
    def game(self) -> str | None:
        return self.data.get("game") if isinstance(self.data, dict) else None

    @property
    def file(self) -> str:
        return self.source.path

    def locate(self, path, *, key: bool = False) -> tuple[int, int]:
        """Return the 1-based ``(line, column)`` of ``path`` inside this document.

        ``path`` is a sequence of keys and indexes. With ``key=True`` the position of a mapping
        key is returned instead of its value. A path that does not exist resolves to its
        deepest existing parent.

        Examples
        --------
        >>> doc = load_text("kind: card\\nname: Ace\\ncost: [1, 2]\\n", "x.yaml")[0][0]
        >>> doc.locate(["cost", 1])
        (3, 11)
        >>> doc.locate(["name"], key=True)
        (2, 1)
        """
        node = _compose_cached(self.source.text, self.index)
        if node is None:
            return (self.line, self.column)
        return node_position(node, list(path), key=key)

    def problem(self, code: str, message: str, path=(), *, hint: str | None = None,
                severity: str = ERROR, key: bool = False, **extra) -> Problem:
        """Build a :class:`Problem` located at ``path`` in this document."""
        line, column = self.locate(path, key=key)
        return Problem(code, message, self.file, line, column, json_path(path), hint, severity, extra)


def node_position(node, path: list, *, key: bool = False) -> tuple[int, int]:
    """Walk ``path`` down a composed node tree and return its 1-based position."""
    mark = node.start_mark
    for i, part in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, ScalarNode) and key_node.value == str(part):
                    if last and key:
                        mark = key_node.start_mark
                        return mark.line + 1, mark.column + 1
                    node = value_node
                    break
            else:
                break
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
        else:
            break
        mark = node.start_mark
    return mark.line + 1, mark.column + 1


@lru_cache(maxsize=64)
def _compose_cached(text: str, index: int):
    try:
        for i, node in enumerate(yaml.compose_all(text, Loader=_Loader)):
            if i == index:
                return node
    except yaml.YAMLError:
        return None
    return None


class _Walk:
    """Turns one composed document into plain data, collecting problems on the way."""

    __slots__ = ("source", "problems", "budget", "seen")

    def __init__(self, source: SourceFile):
        self.source = source
        self.problems: list[Problem] = []
        self.budget = MAX_EXPANDED_NODES
        self.seen: set[int] = set()

    def _problem(self, code, message, node, path, hint=None, severity=ERROR):
        mark = node.start_mark
        self.problems.append(Problem(code, message, self.source.path, mark.line + 1,
                                     mark.column + 1, json_path(path), hint, severity))

    def value(self, node, path: list, depth: int = 0) -> Any:
        self.budget -= 1
        if self.budget < 0 or depth > MAX_DEPTH:
            raise LoadLimit(node)
        cls = type(node)
        if cls is ScalarNode:
            return self.scalar(node, path)
        if cls is MappingNode:
            return self.mapping(node, path, depth)
        if cls is SequenceNode:
            return [self.value(item, path + [i], depth + 1) for i, item in enumerate(node.value)]
        raise LoadLimit(node)  # pragma: no cover - the composer makes only these three

    def scalar(self, node: ScalarNode, path: list) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag == _VALUE:
            return node.value  # a bare "=": YAML 1.1's "value" key, plain text to a designer
        constructor = _scalar_constructor.yaml_constructors.get(tag)
        if constructor is None:
            self._problem("yaml-syntax", f"the tag {tag!r} is not allowed in content files", node,
                          path, "remove the '!tag'; content files hold plain text, numbers and lists")
            return node.value
        value = constructor(_scalar_constructor, node)
        raw = node.value
        if tag == _BOOL and raw not in _PLAIN_BOOLS:
            # Accepted as a boolean (the schema check turns it into an error where text is
            # wanted), but flagged: YAML 1.2 tools and editors read it as the text itself.
            self._problem("implicit-type",
                          f"'{raw}' is read as the boolean {str(value).lower()} by YAML 1.1",
                          node, path, f"write {str(value).lower()} for a yes/no value, or \"{raw}\" in quotes for text",
                          WARNING)
        elif (tag == _INT and _SURPRISING_INT.match(raw)) or (tag == _FLOAT and _SURPRISING_FLOAT.match(raw)):
            self._problem("implicit-type", f"'{raw}' is read as the number {value} by YAML 1.1",
                          node, path, f"write the number as {value} or put \"{raw}\" in quotes")
        elif tag == _TIMESTAMP:
            return raw  # dates stay text: JSON has no date type and nothing is lost
        return value

    def mapping(self, node: MappingNode, path: list, depth: int) -> dict:
        out: dict = {}
        first_seen: dict[str, Any] = {}
        merged: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                self._merge(merged, value_node, path, depth)
                continue
            if type(key_node) is not ScalarNode:
                self._problem("yaml-syntax", "a mapping key must be plain text, not a list or mapping",
                              key_node, path)
                continue
            key = key_node.value  # keys stay as written: `on:` is the text "on", never True
            if key in first_seen:
                first = first_seen[key].start_mark
                self._problem("duplicate-key",
                              f"key '{key}' appears twice in this mapping (first at line {first.line + 1});"
                              " the second value would silently replace the first",
                              key_node, path + [key], "remove one of them or rename it")
                continue
            first_seen[key] = key_node
            out[key] = self.value(value_node, path + [key], depth + 1)
        for key, value in merged.items():
            out.setdefault(key, value)
        return out

    def _merge(self, merged: dict, node, path, depth):
        sources = node.value if type(node) is SequenceNode else [node]
        for source in sources:
            if type(source) is not MappingNode:
                self._problem("yaml-syntax", "'<<' merges only mappings", source, path)
                continue
            for key, value in self.mapping(source, path, depth + 1).items():
                merged.setdefault(key, value)


def _mark_problem(code, message, source, mark, hint=None) -> Problem:
    line = mark.line + 1 if mark is not None else 1
    column = mark.column + 1 if mark is not None else 1
    return Problem(code, message, source.path, line, column, "$", hint)


def _syntax_problem(exc: yaml.MarkedYAMLError, source: SourceFile) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    problem = (exc.problem or "").strip()
    message = "; ".join(part for part in ((exc.context or "").strip(), problem) if part)
    hint = None
    if mark is not None and _char_at(source.text, mark) == "\t":
        message = "a tab character here; YAML does not allow tabs for indentation"
        hint = "YAML indents with spaces only: replace the tab with spaces"
    elif "mapping values are not allowed" in problem:
        hint = "a value containing ': ' must be quoted, or a key is indented wrongly"
    elif "could not find expected ':'" in problem:
        hint = "a key is missing its ':' or the line above is not closed"
    return _mark_problem("yaml-syntax", message or "invalid YAML", source, mark, hint)


def _char_at(text: str, mark) -> str:
    lines = text.split("\n")
    if 0 <= mark.line < len(lines) and 0 <= mark.column < len(lines[mark.line]):
        return lines[mark.line][mark.column]
    return ""


def decode(raw: bytes, path: str) -> tuple[str | None, Problem | None]:
    """Decode UTF-8 (a BOM is allowed); report the first bad byte's position otherwise."""
    try:
        return raw.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        return None, Problem("encoding", f"byte 0x{raw[exc.start]:02x} is not valid UTF-8", path,
                             line, column, "$", "save the file as UTF-8 (most editors: 'Save with encoding')")


def load_text(text: str, path: str = "<text>", *, loader=None) -> tuple[list[Document], list[Problem]]:
    """Load every document of a YAML stream.

    Returns the documents whose top level is a mapping and all problems found, including those
    of documents that were dropped. Never raises for bad content.

    Examples
    --------
    >>> docs, problems = load_text("a: 1\\na: 2\\n", "x.yaml")
    >>> [(p.code, p.line, p.column) for p in problems]
    [('duplicate-key', 2, 1)]
    >>> docs[0].data
    {'a': 1}
    """
    source = SourceFile(path, text)
    documents: list[Document] = []
    problems: list[Problem] = []
    loader = loader or _Loader
    index = 0
    try:
        for index, node in enumerate(_compose_all(text, loader)):
            document = _build(node, source, index, problems)
            if document is not None:
                documents.append(document)
    except yaml.MarkedYAMLError as exc:
        problems.append(_syntax_problem(exc, source))
    except yaml.YAMLError as exc:  # reader errors (control characters) carry no problem_mark
        problems.append(Problem("yaml-syntax", str(exc).splitlines()[0], path, 1, 1, "$",
                                "remove control characters from the file"))
    if not documents and not problems:
        problems.append(Problem("not-a-document", "the file holds no YAML document", path, 1, 1, "$",
                                "start the file with 'kind:', 'game:', 'id:' and 'name:'"))
    return documents, problems


def _compose_all(text: str, loader) -> Iterator:
    # yaml.compose_all, but one loader per stream and disposed of even when the stream fails
    instance = loader(text)
    try:
        while instance.check_node():
            yield instance.get_node()
    finally:
        instance.dispose()


def _build(node, source: SourceFile, index: int, problems: list[Problem]) -> Document | None:
    if node is None:
        return None
    if type(node) is not MappingNode:
        problems.append(_mark_problem("not-a-document",
                                      "a content document must be a mapping of keys to values",
                                      source, node.start_mark, "start with 'kind: ...' on the first line"))
        return None
    walk = _Walk(source)
    try:
        data = walk.value(node, [])
    except LoadLimit as limit:
        problems.append(_mark_problem(
            "alias-limit",
            f"this document expands to more than {MAX_EXPANDED_NODES:,} values (or nests deeper than"
            f" {MAX_DEPTH}) through anchors and aliases", source, limit.args[0].start_mark,
            "use fewer nested aliases ('*name'); write the values out instead"))
        return None
    problems.extend(walk.problems)
    return Document(data, source, index, node.start_mark.line + 1, node.start_mark.column + 1)


def load_file(path: str | Path) -> tuple[list[Document], list[Problem]]:
    """Read and load one file; unreadable or non-UTF-8 files become problems."""
    path = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return [], [Problem("io", f"cannot read the file: {exc.strerror or exc}", path, None, None)]
    text, problem = decode(raw, path)
    if problem:
        return [], [problem]
    return load_text(text, path)
