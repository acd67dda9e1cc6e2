"""Safe, positioned YAML loading that loses nothing silently and only ever reports.

The fast path composes each file with libyaml (``CSafeLoader``) and turns the node tree into
plain Python data in one walk. That walk is where the traps of YAML are caught:

* duplicate keys at any depth (PyYAML keeps the last one silently);
* YAML 1.1 surprises: ``012`` read as octal 10, ``1:30`` as 90, ``no`` as ``False``;
* every scalar conversion is guarded: an impossible date (``2024-13-45``), ``!!int abc``, a
  5,000-digit number or ``.inf`` (no JSON equivalent) is a ``bad-value`` problem and the value
  stays the text as written;
* explicit tags other than the plain ones (``!!binary``, ``!!set``, ``!mine``) are ``yaml-tag``
  problems; the value is read as plain text, list or mapping, so the data is always JSON data;
* alias and merge bombs: expanding anchors and ``<<`` merges is bounded in size and depth, so a
  billion-laughs file or a self-merging mapping fails fast;
* tabs, bad encodings (UTF-16 too), control characters (located), empty files, non-mapping
  documents, and paths that are not regular files (a pipe or ``/dev/zero`` is never read).

Positions are not stored per key (that costs ~20 % on a bulk load); a :class:`Document` keeps
its file's text and finds the line and column of any path on demand (:meth:`Document.locate`).
The first lookup in a file composes the whole file once and keeps its nodes, so locating every
problem of a file costs one parse, however many documents and problems it has.
"""
from __future__ import annotations

import math
import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .problems import ERROR, WARNING, Problem, json_path
from ..core.errors import WorkbenchError

try:  # the libyaml C parser; the pure-Python one gives the same results, slower
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - without libyaml; a test checks both loaders agree
    from yaml import SafeLoader as _Loader

PURE_LOADER = yaml.SafeLoader

#: An expanded document may visit at most this many nodes (aliases count every time they are
#: expanded, and so does every mapping a ``<<`` merges). Real content documents have a few
#: hundred; a billion-laughs or merge bomb hits the limit after a few milliseconds.
MAX_EXPANDED_NODES = 100_000
#: Lists and mappings (merges included) may nest this deep.
MAX_DEPTH = 200
#: Longer numbers are never content, and Python refuses to convert integers past 4,300 digits.
MAX_NUMBER_LENGTH = 1_000


def _resolver_tag(name: str) -> str:
    # The very string objects the resolver hands the composer, so the walk's comparisons of tags
    # are identity checks (the walk is most of the cost of loading beyond libyaml itself)
    tag = "tag:yaml.org,2002:" + name
    for resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.values():
        for known, _ in resolvers:
            if known == tag:
                return known
    return tag


_STR = yaml.resolver.BaseResolver.DEFAULT_SCALAR_TAG
_MAP = yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG
_SEQ = yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG
_INT, _FLOAT, _BOOL, _NULL, _MERGE, _TIMESTAMP, _VALUE = map(
    _resolver_tag, ("int", "float", "bool", "null", "merge", "timestamp", "value"))
_BINARY = "tag:yaml.org,2002:binary"

#: Tags a scalar may carry (implicitly or written out); anything else is a ``yaml-tag`` problem.
_SCALAR_TAGS = {_INT, _FLOAT, _BOOL, _NULL}
#: Tags a mapping key may carry: keys stay as written (``on:`` is the text "on"), so only the
#: tags YAML itself gives plain keys are fine.
_KEY_TAGS = {_STR, _INT, _FLOAT, _BOOL, _NULL, _TIMESTAMP, _VALUE}
_NULLS = {"", "~", "null", "Null", "NULL"}
_TYPE_WORDS = {_INT: "a whole number", _FLOAT: "a number", _BOOL: "true or false", _NULL: "empty (null)",
               _TIMESTAMP: "a date", _MAP: "a mapping", _SEQ: "a list", _STR: "text"}

# YAML 1.2 (and JSON) agree with YAML 1.1 on these spellings; anything else that PyYAML reads as
# a bool or changes the digits of a number is a YAML 1.1 surprise.
_PLAIN_BOOLS = {"true", "false", "True", "False", "TRUE", "FALSE"}
_SURPRISING_FLOAT = re.compile(r"^[-+]?([0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*|.*_.*)$")
_YAML12_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")


def _yaml12_int(raw: str) -> int | None:
    """The whole number YAML 1.2's core schema reads ``raw`` as, or ``None`` (it reads text).

    >>> [_yaml12_int(t) for t in ("00", "010", "-0x1F", "0x_1F", "0x1F", "1_000", "0o17")]
    [0, 10, None, None, 31, None, 15]
    """
    if not _YAML12_INT.fullmatch(raw):
        return None
    if raw.startswith(("0o", "0x")):
        return int(raw[2:], 8 if raw[1] == "o" else 16)
    return int(raw, 10)


#: Characters YAML does not allow in a stream (PyYAML's reader uses the same set).
_NON_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
#: Line breaks as YAML counts them (``\r\n`` is one), so positions agree with the parser's.
_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")

_scalar_constructor = yaml.constructor.SafeConstructor()

#: The implicit resolvers by a scalar's first character (PyYAML's own table, wildcards appended,
#: as tuples): the tags are the very string objects PyYAML's resolver returns.
_RESOLVERS_BY_FIRST = {first: tuple(found) + tuple(_Loader.yaml_implicit_resolvers.get(None, ()))
                       for first, found in _Loader.yaml_implicit_resolvers.items() if first is not None}


class _ContentLoader(_Loader):
    """libyaml's safe loader, resolving tags exactly as PyYAML does in fewer Python steps.

    libyaml calls back into Python to resolve the tag of every node (and to track path
    resolvers, which safe loading never registers); that callback was a quarter of composing a
    small file. The answer is the same (a test compares the two on generated scalars): a plain
    scalar gets the first implicit resolver of its first character that matches, everything else
    the default tag of its kind.
    """

    if _Loader is not PURE_LOADER:
        def __init__(self, stream):
            # libyaml's parser only: the constructor and resolver state PyYAML's loaders set up
            # is never used (the walk builds the values; tags resolve without state)
            yaml.cyaml.CParser.__init__(self, stream)

    def resolve(self, kind, value, implicit):
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in _RESOLVERS_BY_FIRST.get(value[:1], ()):
                    if regexp.match(value):
                        return tag
            return _STR
        return _SEQ if kind is SequenceNode else _MAP

    def descend_resolver(self, current_node, current_index):
        pass  # no path resolvers: nothing to track

    def ascend_resolver(self):
        pass


class _RedefiningLoader(PURE_LOADER):
    """PyYAML's own (pure-Python) safe loader, except that an anchor may be defined again, as
    YAML allows (an alias names the latest definition before it). libyaml's composer refuses it
    ("found duplicate anchor"), so a stream that does it is read again with this one."""

    def compose_node(self, parent, index):
        event = self.peek_event()
        if not isinstance(event, yaml.AliasEvent) and getattr(event, "anchor", None) in self.anchors:
            del self.anchors[event.anchor]
        return super().compose_node(parent, index)


def _redefines_an_anchor(exc: Exception) -> bool:
    return isinstance(exc, yaml.composer.ComposerError) and "found duplicate anchor" in str(exc.context or "") \
        + str(exc.problem or "")


def short_tag(tag: str) -> str:
    """``!!int`` for ``tag:yaml.org,2002:int``; other tags as written."""
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


class LoadLimit(WorkbenchError):
    """Raised inside the walk when a document expands past the safety limits.

    ``args`` are the node where the limit was hit and ``"size"`` or ``"depth"``.
    """


@dataclass(slots=True)
class SourceFile:
    """A file's path and text, kept so positions can be found after loading."""

    path: str
    text: str
    #: Whether the stream was read with :class:`_RedefiningLoader` (it defines an anchor again):
    #: locating composes it with that loader too.
    redefines: bool = False


@dataclass(slots=True)
class Document:
    """One YAML document: plain data plus where it came from.

    ``index`` is the document's place in its file's stream (0 for the first ``---``).
    ``kind``, ``id`` and ``game`` are the identity fields when they are text and ``None``
    otherwise (a list or number there is a schema problem, reported by the validator), so
    indexing and sorting by them is always safe. They are read once, when the document is made
    (every library check asks for them, tens of thousands of times in a large library): a
    document's identity does not change; content that changes is a new document.
    """

    data: dict
    source: SourceFile
    index: int = 0
    line: int = 1
    column: int = 1
    kind: str | None = field(init=False)
    id: str | None = field(init=False)
    game: str | None = field(init=False)
    #: The schema check's answer, kept with what it was asked of (the data object, its kind and
    #: the schemas' generation): :func:`workbench.content.schemas.schema_valid` answers from it
    #: instead of checking the same document again in each library check.
    schema_answer: tuple | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self):
        data = self.data if isinstance(self.data, dict) else {}
        self.kind = _text(data.get("kind"))
        self.id = _text(data.get("id"))
        self.game = _text(data.get("game"))

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
        node = _compose_cached(self.source.text, self.index, self.source.redefines)
        if node is None:
            return (self.line, self.column)
        return node_position(node, list(path), key=key)

    def problem(self, code: str, message: str, path=(), *, hint: str | None = None,
                severity: str = ERROR, key: bool = False, **extra) -> Problem:
        """Build a :class:`Problem` located at ``path`` in this document."""
        line, column = self.locate(path, key=key)
        return Problem(code, message, self.file, line, column, json_path(path), hint, severity, extra)


def _text(value) -> str | None:
    return value if isinstance(value, str) else None


def node_position(node, path: list, *, key: bool = False) -> tuple[int, int]:
    """Walk ``path`` down a composed node tree and return its 1-based position."""
    mark = node.start_mark
    for i, part in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, MappingNode):
            found = _key_index(node).get(str(part))
            if found is None:
                break
            key_node, node = found
            if last and key:
                mark = key_node.start_mark
                return mark.line + 1, mark.column + 1
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
        else:
            break
        mark = node.start_mark
    return mark.line + 1, mark.column + 1


def _key_index(node: MappingNode) -> dict:
    """Each plain key's first ``(key node, value node)`` in a composed mapping, made on the first
    lookup and kept on the node: locating every problem of a 20,000-key mapping stays linear."""
    index = node.__dict__.get("_workbench_keys")
    if index is None:
        index = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode):
                index.setdefault(key_node.value, (key_node, value_node))
        node._workbench_keys = index
    return index


@lru_cache(maxsize=16)
def _compose_stream(text: str, redefines: bool = False) -> "_Stream":
    """The document nodes of a stream, composed as far as they are asked for (up to a syntax
    error, if any), kept for a few files at a time."""
    return _Stream(text, redefines)


class _Stream:
    """A stream's document nodes, composed in order as far as a lookup needs (the documents after
    the last one with a problem are never composed); one parse per file however many lookups.

    A stream the loader read with :class:`_RedefiningLoader` (an anchor defined again, which
    libyaml refuses) is composed whole with it at once, as it was loaded."""

    __slots__ = ("nodes", "pending")

    def __init__(self, text: str, redefines: bool):
        self.nodes: list = []
        self.pending = None
        if redefines:
            self._redefining(text)
        else:
            self.pending = (text, _compose_all(text, _ContentLoader))

    def _redefining(self, text: str) -> None:
        self.nodes = []
        try:
            self.nodes.extend(_compose_all(text, _RedefiningLoader))
        except (yaml.YAMLError, RecursionError):
            pass

    def node(self, index: int):
        while self.pending is not None and index >= len(self.nodes):
            text, composing = self.pending
            try:
                self.nodes.append(next(composing))
            except StopIteration:
                self.pending = None
            except (yaml.YAMLError, RecursionError) as exc:
                self.pending = None     # the documents before a syntax error only, as when loaded
                if _redefines_an_anchor(exc):   # a stream not loaded here: read as the loader would
                    self._redefining(text)
        nodes = self.nodes
        return nodes[index] if 0 <= index < len(nodes) else None


def _compose_cached(text: str, index: int, redefines: bool = False):
    """The composed node of document ``index`` of ``text``, or ``None`` (``redefines``: the
    loader read the stream with :class:`_RedefiningLoader`).

    The stream is composed once, as far as asked, and kept (a few files at a time), so locating
    all problems of a file is one parse: linear in its documents, not quadratic.
    """
    return _compose_stream(text, redefines).node(index)


class _Walk:
    """Turns one composed document into plain data, collecting problems on the way."""

    __slots__ = ("source", "problems", "budget")

    def __init__(self, source: SourceFile):
        self.source = source
        self.problems: list[Problem] = []
        self.budget = MAX_EXPANDED_NODES

    def _problem(self, code, message, node, path, hint=None, severity=ERROR):
        mark = node.start_mark
        self.problems.append(Problem(code, message, self.source.path, mark.line + 1,
                                     mark.column + 1, json_path(path), hint, severity))

    def value(self, node, path: list, depth: int = 0) -> Any:
        self.budget -= 1
        if self.budget < 0 or depth > MAX_DEPTH:
            raise LoadLimit(node, "size" if self.budget < 0 else "depth")
        cls = type(node)
        if cls is ScalarNode:
            if node.tag is _STR:  # most values: plain text, no conversion (an identity check, see _STR)
                return node.value
            return self.scalar(node, path)
        if cls is MappingNode:
            if node.tag is not _MAP and node.tag != _MAP:
                self._wrong_collection_tag(node, path, "mapping")
            return self.mapping(node, path, depth)
        if cls is SequenceNode:
            if node.tag is not _SEQ and node.tag != _SEQ:
                self._wrong_collection_tag(node, path, "list")
            # plain text items (most of them) are taken as they are, without a call or a path
            self.budget -= len(node.value)
            if self.budget < 0:
                raise LoadLimit(node, "size")
            return [item.value if type(item) is ScalarNode and item.tag is _STR
                    else self._item(item, path, i, depth + 1) for i, item in enumerate(node.value)]
        raise LoadLimit(node, "size")  # pragma: no cover - the composer makes only these three

    def _item(self, node, path: list, key, depth: int) -> Any:
        self.budget += 1  # counted with its siblings already
        return self.value(node, path + [key], depth)

    def _wrong_collection_tag(self, node, path, what):
        self._problem("yaml-tag", f"the tag '{short_tag(node.tag)}' is not allowed in content files;"
                      f" this {what} is read as a plain {what}", node, path,
                      f"remove '{short_tag(node.tag)}'")

    def scalar(self, node: ScalarNode, path: list) -> Any:
        tag = node.tag
        raw = node.value
        if tag is _INT and raw.isdigit() and raw.isascii() and (raw[0] != "0" or raw == "0") \
                and len(raw) <= MAX_NUMBER_LENGTH:
            return int(raw)  # the usual number (`copies: 3`): no sign, base, '_' or ':' to read
        if tag == _STR:
            return raw
        shown = raw if len(raw) <= 60 else raw[:40] + "..."  # for messages: a value can be long
        if tag == _VALUE or tag == _MERGE:
            return raw  # a bare "=" or "<<" as a value: plain text to a designer
        if tag == _TIMESTAMP:
            # Dates stay text (JSON has no date type and nothing is lost), but an impossible date
            # is reported: YAML 1.1 tools, PyYAML included, fail on it.
            try:
                _scalar_constructor.construct_yaml_timestamp(node)
            except Exception:  # noqa: BLE001 - any failure of the conversion is the same mistake
                if node.style or _implicit_tag(raw) != tag:
                    message = f"'{shown}' is tagged '!!timestamp', but it is not a date"
                else:
                    message = f"'{shown}' is written as a date, but there is no such date"
                self._problem("bad-value", message + "; it is kept as text", node, path,
                              f"correct the date, or put \"{shown}\" in quotes (without a tag) if it is text")
            return raw
        if tag not in _SCALAR_TAGS:
            if tag == _BINARY:
                message = "binary data ('!!binary') is not allowed in content files; the value is kept as its text"
            else:
                message = f"the tag '{short_tag(tag)}' is not allowed in content files; the value is kept as text"
            self._problem("yaml-tag", message, node, path,
                          "remove the tag; content files hold plain text, numbers, lists and mappings")
            return raw
        if (tag == _INT or tag == _FLOAT) and len(raw) > MAX_NUMBER_LENGTH:
            self._problem("bad-value", f"a number {len(raw):,} characters long is too long to read"
                          f" (at most {MAX_NUMBER_LENGTH:,}); it is kept as text", node, path,
                          "write a shorter number, or put it in quotes if it is text")
            return raw
        try:
            value = _scalar_constructor.yaml_constructors[tag](_scalar_constructor, node)
        except Exception:  # noqa: BLE001 - e.g. `!!int abc`, `!!bool maybe`, the plain `0b_`
            what = _TYPE_WORDS[tag]
            message = f"'{shown}' cannot be read as {what}"
            if node.style or _implicit_tag(raw) != tag:  # the tag was written out
                message += f", yet it is tagged '{short_tag(tag)}'"
            self._problem("bad-value", message + "; it is kept as text", node, path,
                          f"write {what}, or put \"{shown}\" in quotes (without a tag) for text")
            return raw
        if tag == _BOOL:
            if raw not in _PLAIN_BOOLS:
                # Accepted as a boolean (the schema check turns it into an error where text is
                # wanted), but flagged: YAML 1.2 tools and editors read it as the text itself.
                self._problem("implicit-type",
                              f"'{shown}' is read as the boolean {str(value).lower()} by YAML 1.1",
                              node, path, f"write {str(value).lower()} for a yes/no value, or \"{shown}\" in quotes for text",
                              WARNING)
        elif tag == _FLOAT and not math.isfinite(value):
            self._problem("bad-value", f"'{shown}' is {'not a number' if math.isnan(value) else 'infinite'};"
                          " JSON, and so the schemas, have no such number; it is kept as text", node, path,
                          "write a finite number, or text in quotes (e.g. \"unlimited\") where the field takes text")
            return raw
        elif tag == _NULL:
            if raw not in _NULLS:
                self._problem("bad-value", f"'{shown}' is tagged '!!null', which would drop it; it is kept as text",
                              node, path, "remove the tag, or leave the value empty")
                return raw
        elif tag == _INT and not node.style and _yaml12_int(raw) != value:
            # read differently by YAML 1.2 (and JSON tools, editors): `010` is 8 or 10, `-0x1F`
            # and `0x_1F` are numbers or text; `00` and `07` read alike, so they are no surprise
            other = _yaml12_int(raw)
            in_12 = "as text" if other is None else f"as {other}"
            self._problem("implicit-type", f"'{shown}' is read as the number {value} by YAML 1.1 and {in_12} by"
                          " YAML 1.2", node, path, f"write the number as {value} or put \"{shown}\" in quotes")
        elif tag == _FLOAT and _SURPRISING_FLOAT.match(raw):
            self._problem("implicit-type", f"'{shown}' is read as the number {value} by YAML 1.1",
                          node, path, f"write the number as {value} or put \"{shown}\" in quotes")
        return value

    def mapping(self, node: MappingNode, path: list, depth: int) -> dict:
        out: dict = {}
        merged: dict | None = None
        firsts: dict | None = None  # each key's first key node, indexed at the first duplicate
        for key_node, value_node in node.value:
            key_tag = key_node.tag
            if key_tag is not _STR or type(key_node) is not ScalarNode:  # the usual key: plain text
                if key_tag == _MERGE:
                    if merged is None:
                        merged = {}
                        self._merge(merged, value_node, path, depth)
                    else:  # a second '<<' is a duplicate key like any other: the first is kept
                        first = next(k for k, _ in node.value if k.tag == _MERGE).start_mark
                        self._problem("duplicate-key",
                                      f"'<<' appears twice in this mapping (first at line {first.line + 1});"
                                      " the second merge is left out", key_node, path,
                                      "merge several mappings with one '<<', as in '<<: [*first, *second]'")
                    continue
                if type(key_node) is not ScalarNode:
                    self._problem("yaml-syntax", "a mapping key must be plain text, not a list or mapping",
                                  key_node, path)
                    continue
                if key_tag not in _KEY_TAGS:
                    self._problem("yaml-tag", f"the tag '{short_tag(key_tag)}' is not allowed on a key;"
                                  " the key is read as the text written", key_node, path + [key_node.value],
                                  f"remove '{short_tag(key_tag)}'")
            key = key_node.value  # keys stay as written: `on:` is the text "on", never True
            if key in out:  # merged values join only after the loop, so `out` holds keys written here
                if firsts is None:
                    firsts = {}
                    for k, _ in node.value:
                        if type(k) is ScalarNode and k.tag != _MERGE:
                            firsts.setdefault(k.value, k)
                self._duplicate(firsts[key], key_node, path)
                continue
            if type(value_node) is ScalarNode and value_node.tag is _STR:  # plain text: no call, no path
                self.budget -= 1
                out[key] = value_node.value
            else:
                out[key] = self.value(value_node, path + [key], depth + 1)
        if self.budget < 0:
            raise LoadLimit(node, "size")
        if merged:
            for key, value in merged.items():
                out.setdefault(key, value)
        return out

    def _duplicate(self, first_node, key_node, path: list) -> None:
        key = key_node.value
        first = first_node.start_mark
        self._problem("duplicate-key",
                      f"key '{key}' appears twice in this mapping (first at line {first.line + 1});"
                      " the second value would silently replace the first",
                      key_node, path + [key], "remove one of them or rename it")

    def _merge(self, merged: dict, node, path, depth):
        # Every merged mapping counts against the budget and the depth like an alias does:
        # a mapping merging ten copies of one merging ten copies ... is a bomb too.
        sources = node.value if type(node) is SequenceNode else [node]
        for source in sources:
            self.budget -= 1
            if self.budget < 0:
                raise LoadLimit(source, "size")
            if depth + 1 > MAX_DEPTH:
                raise LoadLimit(source, "depth")
            if type(source) is not MappingNode:
                self._problem("yaml-syntax", "'<<' merges only mappings", source, path)
                continue
            for key, value in self.mapping(source, path, depth + 1).items():
                merged.setdefault(key, value)


def _implicit_tag(raw: str) -> str:
    """The tag YAML 1.1 gives the plain scalar ``raw``."""
    return _Loader.resolve(_Loader, ScalarNode, raw, (True, False))


def _has_cycle(root) -> bool:
    """Whether a composed node graph refers to itself (``&a [*a]``, ``&a {<<: *a}``)."""
    state: dict[int, int] = {}  # 1 on the current path, 2 finished
    stack = [(root, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            state[id(node)] = 2
            continue
        if type(node) is ScalarNode:
            continue
        mark = state.get(id(node))
        if mark == 1:
            return True
        if mark == 2:
            continue
        state[id(node)] = 1
        stack.append((node, True))
        children = [n for pair in node.value for n in pair] if type(node) is MappingNode else node.value
        for child in children:
            if type(child) is not ScalarNode:
                if state.get(id(child)) == 1:
                    return True
                stack.append((child, False))
    return False


def _has_shared(root) -> bool:
    """Whether any node of a composed document is reached twice (an alias was used)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            return True
        seen.add(id(node))
        if type(node) is MappingNode:
            for pair in node.value:
                stack.extend(pair)
        elif type(node) is SequenceNode:
            stack.extend(node.value)
    return False


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index``, counting line breaks as YAML does."""
    line, start = 1, 0
    for match in _BREAK.finditer(text, 0, index):
        line, start = line + 1, match.end()
    return line, index - start + 1


def _mark_problem(code, message, source, mark, hint=None) -> Problem:
    line = mark.line + 1 if mark is not None else 1
    column = mark.column + 1 if mark is not None else 1
    return Problem(code, message, source.path, line, column, "$", hint)


def _syntax_problem(exc: yaml.MarkedYAMLError, source: SourceFile) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    problem = (exc.problem or "").strip()
    message = "; ".join(part for part in ((exc.context or "").strip(), problem) if part)
    hint = None
    if "exceeded maximum nesting depth" in problem:
        return _mark_problem("too-deep", "lists and mappings nest deeper than YAML parsers follow", source, mark,
                             "flatten the structure")
    if mark is not None and _char_at(source.text, mark) == "\t":
        before = _line_before(source.text, mark)
        if before.strip(" \t") == "":
            message = "a tab character here; YAML does not allow tabs for indentation"
            hint = "YAML indents with spaces only: replace the tab with spaces"
        else:
            # `-\tvalue`, `key:\tvalue`, `?\tkey`: valid YAML 1.2 (yaml-test-suite 6BCT, A2M4), but
            # libyaml, which the workbench reads YAML with, refuses a tab after an indicator
            indicator = before.rstrip(" \t")[-1:]
            message = (f"a tab after '{indicator}' separates here: valid YAML, but the YAML reader (libyaml) does"
                       " not accept a tab in this place")
            hint = "put a space after it instead of the tab"
    elif "mapping values are not allowed" in problem:
        hint = "a value containing ': ' must be quoted, or a key is indented wrongly"
    elif "could not find expected ':'" in problem:
        hint = "a key is missing its ':' or the line above is not closed"
    return _mark_problem("yaml-syntax", message or "invalid YAML", source, mark, hint)


def _reader_problem(exc: yaml.YAMLError, source: SourceFile) -> Problem:
    # libyaml reports a character it refuses at 1:1 (or not at all); find it in the text.
    found = _NON_PRINTABLE.search(source.text)
    if found is None:  # pragma: no cover - the reader refuses only these characters
        return Problem("yaml-syntax", str(exc).splitlines()[0], source.path, 1, 1, "$")
    line, column = _position(source.text, found.start())
    char = found.group()
    return Problem("yaml-syntax", f"the character U+{ord(char):04X} ({char!r}) is not allowed in YAML",
                   source.path, line, column, "$",
                   "remove it; control characters are invisible in most editors (write \\t, \\e etc."
                   " inside double quotes if you mean one)")


def _line_before(text: str, mark) -> str:
    lines = text.split("\n")
    return lines[mark.line][:mark.column] if 0 <= mark.line < len(lines) else ""


def _char_at(text: str, mark) -> str:
    lines = text.split("\n")
    if 0 <= mark.line < len(lines) and 0 <= mark.column < len(lines[mark.line]):
        return lines[mark.line][mark.column]
    return ""


_UTF16_32_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                  (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def decode(raw: bytes, path: str) -> tuple[str | None, Problem | None]:
    """Decode UTF-8 (a BOM is allowed); report the first bad byte's position otherwise.

    UTF-16 and UTF-32 files, with or without a byte order mark, are ``encoding`` problems too
    (without a mark, their ASCII letters decode as UTF-8 between NUL bytes).
    """
    hint = "save the file as UTF-8 (most editors: 'Save with encoding')"
    for bom, name in _UTF16_32_BOMS:
        if raw.startswith(bom):
            return None, Problem("encoding", f"the file is {name} (it starts with a {name} byte order mark),"
                                 " not UTF-8", path, 1, 1, "$", hint)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(raw, exc.start)
        return None, Problem("encoding", f"byte 0x{raw[exc.start]:02x} is not valid UTF-8", path,
                             line, column, "$", hint)
    nul = raw.find(b"\x00")
    if nul >= 0:
        line, column = _byte_position(raw, nul)
        looks = "UTF-16 or UTF-32" if raw.count(b"\x00") * 4 >= len(raw) else "binary data"
        return None, Problem("encoding", f"a NUL byte: the file looks like {looks}, not UTF-8 text", path,
                             line, column, "$", hint)
    return text, None


def _byte_position(raw: bytes, index: int) -> tuple[int, int]:
    start = raw.rfind(b"\n", 0, index) + 1
    prefix = raw[start:index].decode("utf-8", errors="replace")
    return raw.count(b"\n", 0, index) + 1, len(prefix) + 1


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
    documents, problems, redefined = _load_stream(source, loader or _ContentLoader)
    if redefined:   # libyaml refuses an anchor defined again, which YAML allows: read it again
        source.redefines = True
        documents, problems, _ = _load_stream(source, _RedefiningLoader)
    return _finish(documents, problems, path)


def _load_stream(source: SourceFile, loader) -> tuple[list[Document], list[Problem], bool]:
    """The documents and problems of a stream, and whether libyaml stopped on a redefined anchor."""
    documents: list[Document] = []
    problems: list[Problem] = []
    path, text = source.path, source.text
    try:
        for index, node in enumerate(_compose_all(text, loader)):
            document = _build(node, source, index, problems)
            if document is not None:
                documents.append(document)
    except yaml.MarkedYAMLError as exc:
        if _redefines_an_anchor(exc) and loader is not _RedefiningLoader:
            return [], [], True
        problems.append(_syntax_problem(exc, source))
    except yaml.YAMLError as exc:  # reader errors (control characters) carry no problem_mark
        problems.append(_reader_problem(exc, source))
    except RecursionError:  # the pure-Python composer on deep nesting (libyaml has its own limit)
        problems.append(Problem("too-deep", "lists and mappings nest deeper than the loader follows", path,
                                1, 1, "$", "flatten the structure"))
    return documents, problems, False


def _finish(documents, problems, path):
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
        where, reason = limit.args
        if reason == "depth" and _has_cycle(node):
            problems.append(_mark_problem(
                "alias-limit", "an anchor is used inside itself (like '&a {<<: *a}' or '&a [*a]'):"
                " the value would never end", source, where.start_mark,
                "an alias ('*name') may only refer to an anchor whose value is already complete"))
        elif reason == "depth":
            problems.append(_mark_problem(
                "too-deep", f"lists and mappings nest deeper than {MAX_DEPTH} levels here", source,
                where.start_mark, "flatten the structure; content documents nest a few levels"))
        elif _has_shared(node):
            problems.append(_mark_problem(
                "alias-limit",
                f"this document expands to more than {MAX_EXPANDED_NODES:,} values through anchors,"
                " aliases and '<<' merges", source, where.start_mark,
                "use fewer nested aliases ('*name') and merges; write the values out instead"))
        else:  # as written, without any alias: simply too large
            problems.append(_mark_problem(
                "size-limit", f"this document holds more than {MAX_EXPANDED_NODES:,} values (list items, keys"
                " and their values); the workbench reads at most that many in one document", source,
                where.start_mark, "split it into several documents or files"))
        return None
    # a node reached through several aliases is walked once per alias: its problem is one problem
    seen: set = set()
    for problem in walk.problems:
        where = (problem.code, problem.line, problem.column)
        if where not in seen:
            seen.add(where)
            problems.append(problem)
    return Document(data, source, index, node.start_mark.line + 1, node.start_mark.column + 1)


def read_regular_file(path: str) -> tuple[bytes | None, Problem | None]:
    """The bytes of ``path`` if it is a regular file (links followed), else a problem.

    The file is opened without blocking and checked before anything is read, so a named pipe
    or a link to ``/dev/zero`` named ``*.yaml`` is reported instead of hanging the validator.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None  # reported by open() below, with the reason
    if mode is not None and not stat.S_ISREG(mode):
        return None, _not_a_file(path, mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        return None, Problem("io", f"cannot read the file: {exc.strerror or exc}", path, 1, 1, "$",
                             _io_hint(exc))
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):  # replaced since the stat() above
            return None, _not_a_file(path, status.st_mode)
        # O_NONBLOCK changes nothing for a regular file: read it whole
        chunks = [os.read(fd, status.st_size + 1)]
        while chunks[-1]:
            chunks.append(os.read(fd, 1 << 20))
        return b"".join(chunks), None
    except OSError as exc:
        return None, Problem("io", f"cannot read the file: {exc.strerror or exc}", path, 1, 1, "$", _io_hint(exc))
    finally:
        os.close(fd)


def _not_a_file(path: str, mode: int) -> Problem:
    link = f" (a link to {os.path.realpath(path)})" if os.path.islink(path) else ""
    return Problem("not-a-file", f"this is {_file_type(mode)}{link}, not a regular file; it was not read",
                   path, 1, 1, "$", "remove it from the content folder, or rename it so it does not end in .yaml")


def _file_type(mode: int) -> str:
    for test, what in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return what
    return "an unusual file"  # pragma: no cover - door files and the like


def _io_hint(exc: OSError) -> str | None:
    if isinstance(exc, PermissionError):
        return "give yourself read permission (chmod u+r), or move the file out of the content folder"
    return None


def load_file(path: str | Path) -> tuple[list[Document], list[Problem]]:
    """Read and load one file; unreadable, non-regular or non-UTF-8 files become problems."""
    path = str(path)
    raw, problem = read_regular_file(path)
    if problem:
        return [], [problem]
    text, problem = decode(raw, path)
    if problem:
        return [], [problem]
    return load_text(text, path)
