"""Editing one value of a YAML file and nothing else.

A form edit must leave every other byte of the designer's file as it was: comments and the
spaces before them, blank lines, quoting, flow or block style, sequences written with ``- x`` at
column 0, CRLF line endings, a UTF-8 byte-order mark. A YAML library that loads and dumps the whole
stream re-emits all of that in its own style, so edits here are splices: the file is composed
(never constructed) to find where the value's text starts and ends, and only that span is
rewritten. Documents are addressed by their place in the stream (``index``), counting every
document, empty or bad ones included, exactly as :func:`workbench.content.loader.load_text`
numbers them.

Examples
--------
>>> text = "kind: card\\r\\nname: Ace   # keep me\\r\\ntags:\\r\\n- a\\r\\n- b\\r\\n"
>>> print(set_value(text, 0, ["name"], "Ace of Spades").replace("\\r\\n", "|"))
kind: card|name: Ace of Spades   # keep me|tags:|- a|- b|
>>> print(set_value(text, 0, ["tags"], ["a", "c"]).replace("\\r\\n", "|"))
kind: card|name: Ace   # keep me|tags:|- a|- c|
"""
from __future__ import annotations

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..core.errors import UsageError


class EditError(UsageError):
    """The edit cannot be made as a splice (the YAML does not parse, the path does not exist):
    the message says what to do in the raw YAML instead."""


def newline_of(text: str) -> str:
    """The file's line ending: CRLF when it has any, else LF."""
    return "\r\n" if "\r\n" in text else "\n"


def _compose(text: str, index: int) -> Node:
    loader = yaml.SafeLoader(text)  # the pure-Python composer: its marks are character offsets
    try:
        position = 0
        while loader.check_node():
            node = loader.get_node()
            if position == index:
                return node
            position += 1
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise EditError(f"the YAML cannot be read{where} ({exc.problem}): fix it in the raw YAML first") from None
    except yaml.YAMLError as exc:
        raise EditError(f"the YAML cannot be read ({str(exc).splitlines()[0]}): fix it in the raw YAML first") from None
    finally:
        loader.dispose()
    raise EditError(f"the file has no document {index + 1}")


def document_node(text: str, index: int) -> MappingNode:
    node = _compose(text, index)
    if not isinstance(node, MappingNode):
        raise EditError(f"document {index + 1} is not a mapping of fields: edit it in the raw YAML")
    return node


def _is_empty(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.value == "" and node.style is None and node.start_mark.index == node.end_mark.index


def content_end(node: Node, text: str) -> int:
    """Where the node's own text ends: block collections' marks run on over trailing comments
    and blank lines, which belong to what follows."""
    if isinstance(node, ScalarNode):
        end = node.end_mark.index
        if node.style in ("|", ">"):
            while end > node.start_mark.index and text[end - 1] in "\r\n":
                end -= 1
        return end
    if node.flow_style or not node.value:
        return node.end_mark.index
    if isinstance(node, SequenceNode):
        return content_end(node.value[-1], text)
    key, value = node.value[-1]
    return content_end(key, text) if _is_empty(value) else content_end(value, text)


def _find(mapping: MappingNode, key) -> tuple[Node, Node] | None:
    for k, v in mapping.value:
        if isinstance(k, ScalarNode) and k.value == str(key):
            return k, v
    return None


def _walk(node: Node, path: list) -> Node:
    for part in path:
        if isinstance(node, MappingNode):
            pair = _find(node, part)
            if pair is None:
                raise EditError(f"there is no field {part!r} here: add it in the raw YAML")
            node = pair[1]
        elif isinstance(node, SequenceNode) and isinstance(part, int) and -len(node.value) <= part < len(node.value):
            node = node.value[part]
        else:
            raise EditError(f"cannot find {part!r}: edit it in the raw YAML")
    return node


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_break(text: str, index: int) -> int:
    """The index of the line break ending the line that holds ``index`` (len(text) at the end)."""
    at = text.find("\n", index)
    if at == -1:
        return len(text)
    return at - 1 if at > 0 and text[at - 1] == "\r" else at


def _after_line(text: str, index: int) -> int:
    at = text.find("\n", index)
    return len(text) if at == -1 else at + 1


def _scalar(value, style: str | None = None) -> str:
    out = yaml.safe_dump(value, default_style=style, allow_unicode=True, width=1 << 30)
    if out.endswith("\n...\n"):
        out = out[:-5]
    return out.rstrip("\n")


def _flow(value) -> str:
    if not isinstance(value, (list, dict)):
        return _scalar(value)
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 30, sort_keys=False).rstrip("\n")


def _render(value, old: Node | None, text: str, nl: str) -> str:
    """The text for ``value`` where ``old`` was, in ``old``'s style where it can be kept."""
    if isinstance(old, SequenceNode) and not old.flow_style and isinstance(value, list) and value:
        indent = " " * old.start_mark.column
        return (nl + indent).join("- " + _flow(item) for item in value)
    if isinstance(old, ScalarNode) and old.style in ("|", ">") and isinstance(value, str) and value:
        header_end = _after_line(text, old.start_mark.index)
        body = text[header_end:old.end_mark.index]
        first = next((line for line in body.splitlines() if line.strip()), "  x")
        indent = " " * (len(first) - len(first.lstrip(" ")) or 2)
        lines = value[:-1].split("\n") if value.endswith("\n") else value.split("\n")
        header = "|" + ("" if value.endswith("\n") else "-") + ("2" if lines[0].startswith(" ") else "")
        if lines[0].startswith(" "):
            indent = "  "
        return header + nl + nl.join(indent + line if line else "" for line in lines)
    if isinstance(value, (list, dict)):
        return _flow(value)
    if isinstance(value, str) and ("\n" in value or "\r" in value):
        return _scalar(value, '"')  # one line, escaped: never turns what follows into content
    style = old.style if isinstance(old, ScalarNode) and old.style in ("'", '"') and isinstance(value, str) else None
    if style == "'" and any(ord(c) < 32 for c in value):
        style = '"'
    return _scalar(value, style)


def set_value(text: str, index: int, path: list, value) -> str:
    """``text`` with the value at ``path`` of document ``index`` set to ``value`` (added at the
    end of its mapping when the key is new). Everything outside that value is kept byte for byte."""
    if not path:
        raise EditError("no field given")
    nl = newline_of(text)
    parent = _walk(document_node(text, index), list(path[:-1]))
    key = path[-1]
    if isinstance(parent, SequenceNode):
        old = _walk(parent, [key])
        return _splice(text, old, _render(value, old, text, nl))
    if not isinstance(parent, MappingNode):
        raise EditError(f"{'.'.join(map(str, path[:-1]))} is not a mapping: edit it in the raw YAML")
    pair = _find(parent, key)
    if pair is not None:
        k, old = pair
        if _is_empty(old):
            colon = text.index(":", content_end(k, text))
            return text[:colon + 1] + " " + _render(value, None, text, nl) + text[colon + 1:]
        if isinstance(old, SequenceNode) and not old.flow_style and isinstance(value, list) and value:
            return _set_items(text, old, value, nl)
        return _splice(text, old, _render(value, old, text, nl))
    entry = f"{_scalar(str(key))}: {_render(value, None, text, nl)}"
    if parent.flow_style:
        close = text.rindex("}", 0, parent.end_mark.index)
        return text[:close] + (", " if parent.value else "") + entry + text[close:]
    if not parent.value:
        raise EditError("the mapping is empty: add the field in the raw YAML")
    column = parent.value[0][0].start_mark.column
    at = _line_break(text, content_end(parent, text))
    return text[:at] + nl + " " * column + entry + text[at:]


def _set_items(text: str, sequence: SequenceNode, values: list, nl: str) -> str:
    """A block sequence set item by item: unchanged items (and the comments on their lines) stay,
    changed items are rewritten in place, extra items are added after the last one, dropped items
    lose their lines. Edits run from the end so earlier offsets stay valid."""
    items = sequence.value
    indent = " " * sequence.start_mark.column
    edits = []  # (start, end, replacement)
    if len(values) > len(items):
        at = _line_break(text, content_end(items[-1], text))
        edits.append((at, at, "".join(nl + indent + "- " + _flow(v) for v in values[len(items):])))
    elif len(values) < len(items):
        start = _after_line(text, content_end(items[len(values) - 1], text))
        end = _after_line(text, content_end(items[-1], text))
        edits.append((start, end, ""))
    for node, value in zip(items, values):
        if _node_value(node) != value:
            edits.append((node.start_mark.index, content_end(node, text), _render(value, node, text, nl)))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _node_value(node: Node):
    try:
        return yaml.SafeLoader("").construct_object(node, deep=True)
    except yaml.YAMLError:
        return object()


def _splice(text: str, old: Node, new: str) -> str:
    return text[:old.start_mark.index] + new + text[content_end(old, text):]


def remove_value(text: str, index: int, path: list) -> str:
    """``text`` without the key at ``path`` (its line(s) in a block mapping, its entry in a flow
    mapping). Nothing else changes; a missing key leaves the text as it is."""
    parent = _walk(document_node(text, index), list(path[:-1]))
    if not isinstance(parent, MappingNode):
        raise EditError("only a field of a mapping can be removed here: edit the raw YAML")
    pair = _find(parent, path[-1])
    if pair is None:
        return text
    k, v = pair
    end = content_end(k if _is_empty(v) else v, text)
    if parent.flow_style:
        position = [p[0] for p in parent.value].index(k)
        if position > 0:
            previous = parent.value[position - 1]
            start = content_end(previous[0] if _is_empty(previous[1]) else previous[1], text)
            return text[:start] + text[end:]
        if len(parent.value) > 1:
            return text[:k.start_mark.index] + text[parent.value[1][0].start_mark.index:]
        return text[:k.start_mark.index] + text[end:]
    start = _line_start(text, k.start_mark.index)
    if text[start:k.start_mark.index].strip():
        if len(parent.value) == 1:
            raise EditError("this is the only field of a list item: edit the raw YAML")
        # the first key of a list item ("- key: value"): the next key takes its place
        following = parent.value[1][0]
        return text[:k.start_mark.index] + text[following.start_mark.index:]
    return text[:start] + text[_after_line(text, end):]


def document_text(text: str, index: int) -> str:
    """The text of document ``index`` alone (its own lines, with the comment lines just above it),
    as the body of a new file: for "save as"."""
    node = _compose(text, index)
    start = _line_start(text, node.start_mark.index)
    # keep the comments directly above the document, but not a modeline or a '---' marker
    lines_above = text[:start].splitlines(keepends=True)
    keep: list[str] = []
    for line in reversed(lines_above):
        stripped = line.strip()
        if stripped.startswith("#") and "yaml-language-server:" not in stripped:
            keep.insert(0, line)
        else:
            break
    end = _after_line(text, content_end(node, text))
    body = "".join(keep) + text[start:end]
    return body.lstrip("\ufeff")
