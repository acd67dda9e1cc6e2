"""JSON Schemas per document kind, and schema errors mapped back to file:line:column."""
from __future__ import annotations

import json
import os
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from yaml.nodes import ScalarNode

from .loader import Document, _compose_cached
from .problems import Problem
from ..core.errors import did_you_mean  # noqa: F401  (re-exported for older imports)

from ..core.paths import SCHEMAS as SCHEMA_DIR
#: The schema for files that mix kinds (it dispatches on `kind`); not a kind of its own.
ANY_DOCUMENT_SCHEMA = "document.schema.json"
#: The pattern of ids (and of references to them) in every schema.
from ..core.ids import ID_PATTERN  # noqa: E402,F401  (the one id pattern; re-exported)


#: Optional libraries jsonschema imports only to check string `format`s. The schemas use no
#: formats, and importing them costs ~70 ms; rfc3987-syntax (which JupyterLab brings) alone
#: builds a grammar for ~1 s (python-jsonschema/jsonschema#1428).
_FORMAT_LIBRARIES = ("rfc3987_syntax", "rfc3987", "rfc3986_validator", "rfc3339_validator", "isoduration",
                     "webcolors", "fqdn", "uri_template", "jsonpointer", "idna")


def _import_jsonschema():
    """Import jsonschema without its format-checking extras, leaving them importable for others."""
    if "jsonschema" not in sys.modules:
        hidden = [name for name in _FORMAT_LIBRARIES if name not in sys.modules]
        for name in hidden:
            sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` fail fast
        try:
            import jsonschema  # noqa: F401
            import referencing  # noqa: F401
        finally:
            for name in hidden:
                if sys.modules.get(name, 0) is None:
                    del sys.modules[name]
    return sys.modules["jsonschema"], sys.modules["referencing"]


def schema_dir() -> Path:
    return SCHEMA_DIR


#: What extends the schema files at run time: ``(extend(schema) -> schema, digest() -> str)``,
#: registered by a layer above (the validate application puts in the effects that installed
#: plugins add, :mod:`workbench.rules.effects`); the digest keys the cached compiled checks.
_EXTENSIONS: list = []


def extend_schemas(extend, digest) -> None:
    """Register a run-time extension of the schemas (see :data:`_EXTENSIONS`); once per process."""
    if any(e[0] is extend for e in _EXTENSIONS):
        return
    _EXTENSIONS.append((extend, digest))
    for cached in (load_schemas, validator_for, fast_check, reference_fields):
        cached.cache_clear()
    _GENERATION[0] = os.urandom(8)   # every answer kept on a document was given by the schemas before


#: The schemas of this process, as a token made anew at each change (:func:`extend_schemas`): a
#: schema answer kept on a document (:func:`schema_valid`) is reused only under the schemas that
#: gave it. Random, so an answer made in another process (a document a validate worker sends back)
#: is never taken for one of this process's; worker processes inherit it with the schemas. (The
#: published games' cache keeps no answers: it is data only.)
_GENERATION = [os.urandom(8)]


def _extension_digest() -> str:
    return "".join(digest() for _, digest in _EXTENSIONS)


@lru_cache(maxsize=None)
def load_schemas(directory: str | None = None) -> dict[str, dict]:
    """All schemas by kind name (``card`` for ``card.schema.json``), with the registered extensions."""
    directory = Path(directory) if directory else SCHEMA_DIR
    schemas = {p.name.removesuffix(".schema.json"): json.loads(p.read_text())
               for p in sorted(directory.glob("*.schema.json")) if p.name != ANY_DOCUMENT_SCHEMA}
    for extend, _ in _EXTENSIONS:
        schemas = {name: extend(schema) for name, schema in schemas.items()}
    return schemas


def kinds() -> list[str]:
    return sorted(load_schemas())


@lru_cache(maxsize=None)
def validator_for(kind: str):
    """A validator built once per kind (building checks the schema; never per document)."""
    jsonschema, _ = _import_jsonschema()
    schema = load_schemas()[kind]
    cls = jsonschema.validators.validator_for(schema)
    cls = jsonschema.validators.extend(cls, {"pattern": _ecma_pattern})
    return cls(schema)


#: Bump when the way validators are generated changes, so cached code is rebuilt.
_GENERATOR = 4
#: The generated code's one import of fastjsonschema; cached code gets :class:`_Rejected` instead,
#: so a run that finds its checks in the cache never imports fastjsonschema.
_FJS_IMPORT = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException"


class _Rejected(ValueError):
    """Raised by cached validator code where fastjsonschema's exceptions would be."""

    def __init__(self, message="", *args, **kwargs):
        super().__init__(message)


#: The keywords the compiled checks (fastjsonschema, a draft-07 implementation) read exactly as
#: JSON Schema 2020-12 does, as each schema uses them. A schema using any other keyword or form
#: (``prefixItems``, ``dependentRequired``, ``unevaluated*``, ``minContains``, ``$dynamicRef``,
#: ``format``, a ``$ref`` beside other keywords or to another file, ``items`` as a list ...) is
#: checked by python-jsonschema alone: the fast path never guesses (issue 25).
EXACT_KEYWORDS = frozenset({
    "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties",
    "propertyNames", "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems", "contains",
    "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$defs",
})
#: Keywords that only annotate (never change what is valid); ``default`` is never written into
#: the data (the checks are compiled with ``use_default=False``).
ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default", "examples", "deprecated",
                         "readOnly", "writeOnly"})


def exact_in_fast_path(schema, root: bool = True) -> bool:
    """Whether the compiled check gives exactly python-jsonschema's 2020-12 answer on ``schema``.

    >>> exact_in_fast_path({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]})
    True
    >>> exact_in_fast_path({"prefixItems": [{"type": "integer"}]}), exact_in_fast_path({"type": "string", "format": "date"})
    (False, False)
    """
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict):
        return False
    for key, value in schema.items():
        if key.startswith("x-") or key in ANNOTATIONS:
            if key == "$id" and not root:
                return False        # a nested $id changes what references mean
            continue
        if key not in EXACT_KEYWORDS:
            return False
        if key == "$ref":
            local = isinstance(value, str) and value.startswith("#/$defs/")
            if not local or set(schema) - ANNOTATIONS - {"$ref"}:
                return False        # draft-07 ignores a $ref's siblings; 2020-12 applies them
        elif key in ("properties", "patternProperties", "$defs"):
            if not isinstance(value, dict) or not all(exact_in_fast_path(sub, False) for sub in value.values()):
                return False
        elif key in ("allOf", "anyOf", "oneOf"):
            if not isinstance(value, list) or not value or not all(exact_in_fast_path(sub, False) for sub in value):
                return False
        elif key == "items":
            if not isinstance(value, (dict, bool)) or not exact_in_fast_path(value, False):
                return False        # a list of schemas is draft-07's tuple form (2020-12: prefixItems)
        elif key in ("additionalProperties", "propertyNames", "contains", "not", "if", "then", "else"):
            if not exact_in_fast_path(value, False):
                return False
    return True


def _refuse_remote(uri: str):
    raise ValueError(f"the workbench never fetches schemas over the network ({uri})")


#: Handlers for every URI scheme fastjsonschema would fetch: none is ever fetched.
NO_NETWORK = {"http": _refuse_remote, "https": _refuse_remote, "file": _refuse_remote, "ftp": _refuse_remote}


def _fast_schema(kind: str) -> dict:
    schema = _fast_form(load_schemas()[kind])
    schema["$schema"] = "http://json-schema.org/draft-07/schema#"
    schema.pop("$id", None)  # the generated function is then always named `validate`
    return schema


#: Keywords whose value is a mapping of names to schemas, and those whose value is a schema (or
#: a list of schemas); every other keyword's value is data (``const``, ``enum``, ``required`` ...).
_SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")
_SUBSCHEMAS = ("items", "additionalItems", "additionalProperties", "not", "if", "then", "else", "contains",
               "propertyNames", "allOf", "anyOf", "oneOf", "prefixItems", "unevaluatedProperties")
_JSON_TYPE = {str: "string", bool: "boolean", int: "number", float: "number", type(None): "null",
              list: "array", dict: "object"}


def _fast_form(schema):
    """``schema`` with every ``oneOf`` whose branches take values of different JSON types turned
    into ``anyOf``: the same answer (a value can fit one branch at most), but the compiled check
    stops at the branch that fits instead of trying the others, each failing with an exception
    (``copies: 3`` against ``oneOf: [integer, const unknown]``: a quarter of checking a card).

    >>> _fast_form({"oneOf": [{"type": "integer"}, {"const": "unknown"}]})
    {'anyOf': [{'type': 'integer'}, {'const': 'unknown'}]}
    >>> _fast_form({"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 1}]})  # 3 fits both
    {'oneOf': [{'type': 'integer'}, {'type': 'number', 'minimum': 1}]}
    """
    if isinstance(schema, list):
        return [_fast_form(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _fast_form(sub) for name, sub in value.items()}
        elif key in _SUBSCHEMAS:
            out[key] = _fast_form(value)
        else:
            out[key] = value
    branches = out.get("oneOf")
    if "anyOf" not in out and isinstance(branches, list) and _types_disjoint(branches):
        out["anyOf"] = out.pop("oneOf")
    return out


def _branch_types(branch) -> set[str] | None:
    """The JSON types a schema can accept (integers counted as numbers), ``None`` if any."""
    if not isinstance(branch, dict):
        return None
    if "type" in branch:
        types = branch["type"] if isinstance(branch["type"], list) else [branch["type"]]
        return {"number" if t == "integer" else t for t in types}
    if "const" in branch:
        return {_JSON_TYPE.get(type(branch["const"]), "?")}
    if isinstance(branch.get("enum"), list):
        return {_JSON_TYPE.get(type(v), "?") for v in branch["enum"]}
    return None


def _types_disjoint(branches: list) -> bool:
    seen: set[str] = set()
    for branch in branches:
        types = _branch_types(branch)
        if types is None or types & seen:
            return False
        seen |= types
    return True


@lru_cache(maxsize=1)
def _generator_digest():
    """A digest of what every generated validator depends on besides its schema: fastjsonschema's
    version (read from its files, not imported), the Python version (bytecode), the generator.
    ``None`` without fastjsonschema."""
    import hashlib
    import importlib.util

    spec = importlib.util.find_spec("fastjsonschema")
    if spec is None or not spec.origin:
        return None
    digest = hashlib.sha256(f"{_GENERATOR} {sys.version} {importlib.util.MAGIC_NUMBER.hex()}".encode())
    digest.update(Path(spec.origin).with_name("version.py").read_bytes())
    return digest


def _validator_key(content: bytes) -> str | None:
    """The cache key of the validator generated from a schema (its bytes)."""
    base = _generator_digest()
    if base is None:
        return None
    digest = base.copy()
    digest.update(content)
    return digest.hexdigest()[:20]


def _generated_code(name: str, schema: dict):
    """The compiled code of fastjsonschema's validator of a draft-07 ``schema`` (never fetching)."""
    import fastjsonschema

    source = fastjsonschema.compile_to_code(schema, handlers=NO_NETWORK, use_default=False,
                                            use_formats=False).replace(_FJS_IMPORT, "", 1)
    return compile(source, f"<validator {name}>", "exec")


def _validate_function(code):
    namespace: dict = {"JsonSchemaValueException": _Rejected, "JsonSchemaValuesException": _Rejected}
    exec(code, namespace)  # our own generated code, from our own schemas
    return namespace["validate"]


def _cached_validator(name: str, content: bytes, schema_of):
    """A validator generated once per schema content and kept, compiled, in the cache folder
    (marshalled bytecode, whatever ``PYTHONDONTWRITEBYTECODE`` says), so a run generates and
    compiles nothing. ``schema_of()`` gives the draft-07 schema to generate from (only called on a
    cache miss).

    Returns the generated ``validate`` function, or ``None`` when there is no usable cache."""
    import marshal

    from ..core.paths import cache_dir, read_own_entry

    folder = cache_dir()
    if folder is None:
        return None
    try:
        key = _validator_key(content)
        if key is None:
            return None
        path = folder / "validators" / f"{name}-{key}.marshal"
        try:
            code = marshal.loads(read_own_entry(path))     # code: only from this user's own entry
        except (OSError, EOFError, ValueError, TypeError):
            code = _generated_code(name, schema_of())
            from ..core.storage import keep_own_entry  # (a miss only: storage is not a warm run's import)

            keep_own_entry(path, marshal.dumps(code))
        return _validate_function(code)
    except (OSError, KeyError):  # an unwritable cache folder: compile in memory
        return None


def _compiled_code(kind: str):
    """The cached validator of a kind's schema (see :func:`_cached_validator`)."""
    try:
        content = (SCHEMA_DIR / f"{kind}.schema.json").read_bytes() + _extension_digest().encode()
    except OSError:
        return None
    return _cached_validator(kind, content, lambda: _fast_schema(kind))


_FAST_VALIDATORS: dict[str, object] = {}


def fast_validator(schema: dict):
    """A yes/no check of a small JSON Schema (draft-07 keywords; e.g. a rule parameter's type),
    compiled by fastjsonschema once per schema content and cached like the kinds' checks: no
    jsonschema import on the path where everything is valid. ``check(value)`` is ``True`` when
    ``value`` fits.

    >>> fast_validator({"type": "integer", "minimum": 1})(3), fast_validator({"type": "integer", "minimum": 1})(0)
    (True, False)
    """
    key = json.dumps(schema, sort_keys=True)
    found = _FAST_VALIDATORS.get(key)
    if found is None and isinstance(schema, bool):
        found = _FAST_VALIDATORS[key] = (lambda value: True) if schema else (lambda value: False)
    if found is None and not exact_in_fast_path(schema):
        jsonschema, _ = _import_jsonschema()
        found = _FAST_VALIDATORS[key] = jsonschema.Draft202012Validator(schema).is_valid
    if found is None:
        draft07 = _draft07(schema)
        check = _cached_validator("value", key.encode(), lambda: draft07)
        if check is None:
            import fastjsonschema

            check = fastjsonschema.compile(draft07, handlers=NO_NETWORK, use_default=False, use_formats=False)
        found = _FAST_VALIDATORS[key] = _yes_no(check)
    return found


def preload_fast_validators(schemas: Iterable) -> None:
    """Make the :func:`fast_validator` of many small schemas at once (a game's declared
    parameters: a hundred types), their compiled code kept in one cache entry keyed by every
    schema's content: one file read instead of one per schema. Each check is the very one
    :func:`fast_validator` makes alone (the same generated code of the same draft-07 form), and a
    schema the compiled check does not read exactly is left to :func:`fast_validator`."""
    import marshal

    from ..core.paths import cache_dir, read_own_entry

    wanted: dict[str, dict] = {}
    for schema in schemas:
        if isinstance(schema, dict):
            key = json.dumps(schema, sort_keys=True)
            if key not in _FAST_VALIDATORS and key not in wanted and exact_in_fast_path(schema):
                wanted[key] = schema
    folder = cache_dir()
    if len(wanted) < 2 or folder is None:
        return
    keys = sorted(wanted)
    try:
        bundle = _validator_key("\0".join(keys).encode())
        if bundle is None:
            return
        path = folder / "validators" / f"values-{bundle}.marshal"
        try:
            codes = marshal.loads(read_own_entry(path))     # code: only from this user's own entry
            if not isinstance(codes, list) or len(codes) != len(keys):
                raise ValueError("not this entry")
        except (OSError, EOFError, ValueError, TypeError):
            codes = [_generated_code("value", _draft07(wanted[key])) for key in keys]
            from ..core.storage import keep_own_entry  # (a miss only)

            keep_own_entry(path, marshal.dumps(codes))
        checks = [_validate_function(code) for code in codes]
    except (OSError, KeyError, TypeError):  # an unwritable cache folder: one by one, as without it
        return
    for key, check in zip(keys, checks):
        _FAST_VALIDATORS[key] = _yes_no(check)


def _draft07(schema: dict) -> dict:
    return {**_fast_form(schema), "$schema": "http://json-schema.org/draft-07/schema#"}


def _yes_no(check):
    def found(value) -> bool:
        try:
            check(value)
        except ValueError:  # fastjsonschema's exceptions and _Rejected are ValueErrors
            return False
        return True

    return found


#: An unescaped `$`: in ECMA regexes (JSON Schema's dialect) it matches only at the very end;
#: Python's also matches before a final newline, so "x\n" would pass "^[a-z]+$".
_DOLLAR = re.compile(r"(?<!\\)\$")


@lru_cache(maxsize=None)
def _ecma_regex(pattern: str):
    return re.compile(_DOLLAR.sub(r"\\Z", pattern))


def _ecma_pattern(validator, pattern, instance, schema):
    """jsonschema's `pattern` keyword with ECMA's `$` (fastjsonschema reads `$` the same way)."""
    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
        jsonschema, _ = _import_jsonschema()
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


@lru_cache(maxsize=None)
def fast_check(kind: str):
    """A compiled yes/no check of a kind's schema, for the fast path of valid documents.

    fastjsonschema compiles a schema to Python code (~20x faster than jsonschema here) but speaks
    only up to draft-07. Our schemas use only keywords whose meaning is the same in draft-07 and
    2020-12 (a test checks both agree), so it is compiled as draft-07. Documents it rejects get
    jsonschema's full, located explanation. The generated code is cached (:func:`_compiled_code`):
    compiling the fourteen schemas took most of a one-file run, and every worker did it again.
    """
    if not exact_in_fast_path(load_schemas()[kind]):
        return validator_for(kind).is_valid     # the fast path only where it is exact
    check = _compiled_code(kind)
    if check is None:
        import fastjsonschema

        check = fastjsonschema.compile(_fast_schema(kind), handlers=NO_NETWORK, use_default=False, use_formats=False)
    return _yes_no(check)


def schema_valid(document, kind: str | None = None) -> bool:
    """Whether a document passes its kind's schema (model checks judge only such documents: the
    schema's own problem is the one to report for the rest).

    The answer is kept on the document with what it was asked of (its data object, the kind, the
    schemas' generation), so the library checks that each ask it again (the maps', the decks', the
    Dark Horse setups') do not check the document again: ``validate`` checked it when loading. A
    document whose data is another object, or asked under other schemas, is checked again
    (content that changes is a new document: :class:`~workbench.content.loader.Document`).
    """
    kind = document.kind if kind is None else kind
    if not isinstance(kind, str) or kind not in load_schemas():
        return False
    asked = (kind, _GENERATION[0])
    answer = getattr(document, "schema_answer", None)
    if answer is not None and answer[0] is document.data and answer[1] == asked:
        return answer[2]
    ok = fast_check(kind)(document.data)
    try:
        document.schema_answer = (document.data, asked, ok)
    except AttributeError:      # not a Document (a stand-in with data and kind): nothing kept
        pass
    return ok


def warm_validators(kinds_: list[str] | None = None) -> None:
    """Build the checks of ``kinds_`` (default: every kind) now, e.g. before starting worker
    processes, which then inherit them instead of building them again."""
    for kind in kinds_ or kinds():
        fast_check(kind)


@lru_cache(maxsize=None)
def reference_fields(kind: str) -> tuple[tuple[tuple, tuple[str, ...]], ...]:
    """The fields of a kind that name other documents, from the schemas' ``x-ref`` keyword.

    Returns ``(path pattern, kinds)`` pairs; ``"*"`` in a pattern stands for any list index or
    mapping key.

    >>> dict(reference_fields("scenario"))[("variants", "*")]
    ('variant',)
    """
    out = []

    def walk(schema, path):
        if not isinstance(schema, dict):
            return
        if "x-ref" in schema and path and path[0] != "game":
            out.append((tuple(path), tuple(schema["x-ref"])))
        for key, sub in schema.get("properties", {}).items():
            walk(sub, path + [key])
        if isinstance(schema.get("items"), dict):
            walk(schema["items"], path + ["*"])
        if isinstance(schema.get("additionalProperties"), dict):
            walk(schema["additionalProperties"], path + ["*"])
        for combinator in ("oneOf", "anyOf", "allOf"):
            for sub in schema.get(combinator, []):
                walk(sub, path)
        walk(schema.get("then"), path)      # an effect's own parameters (its `effect:` selects them)

    walk(load_schemas()[kind], [])
    return tuple(out)


def _describe(value) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        number = str(value)
        return f"the number {number}" if len(number) <= 60 else f"the number {number[:40]}... ({len(number):,} digits)"
    if isinstance(value, str):
        # a 5,000-character value is quoted by its start, not in full
        return f"the text {value!r}" if len(value) <= 60 else f"the text {value[:40]!r}... ({len(value):,} characters)"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "array": "a list", "object": "a mapping", "null": "empty"}


def _field(path) -> str:
    names = [p for p in path if isinstance(p, str)]
    return f"'{names[-1]}'" if names else "the document"


def _node_at(document: Document, path):
    node = _compose_cached(document.source.text, document.index, document.source.redefines)
    for part in path:
        if node is None:
            return None
        if hasattr(node, "value") and isinstance(node.value, list):
            if node.tag.endswith(":map"):
                node = next((v for k, v in node.value if getattr(k, "value", None) == str(part)), None)
            elif isinstance(part, int) and part < len(node.value):
                node = node.value[part]
            else:
                return None
        else:
            return None
    return node


def schema_problems(document: Document, kind: str) -> Iterator[Problem]:
    """Yield every schema violation of ``document``, located and explained."""
    if schema_valid(document, kind):
        return
    jsonschema, _ = _import_jsonschema()
    validator = validator_for(kind)
    seen = set()
    for error in validator.iter_errors(document.data):
        for problem in _explain_any(document, error, kind, jsonschema):
            # jsonschema reports each missing field of a mapping on its own; one problem says it all
            if (problem.path, problem.message) not in seen:
                seen.add((problem.path, problem.message))
                yield problem


def _explain_any(document: Document, error, kind: str, jsonschema) -> Iterator[Problem]:
    """Explain an error; for oneOf/anyOf, explain the branch the value evidently meant."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[int, list] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        # A branch whose own type/const matched the value is the one the designer meant.
        meant = [errs for errs in branches.values()
                 if not any(not e.relative_path and e.validator in ("type", "const", "enum") for e in errs)]
        if len(meant) == 1:
            for sub in meant[0]:
                yield from _explain_any(document, sub, kind, jsonschema)
            return
        if all(len(errs) == 1 and not errs[0].relative_path and errs[0].validator in ("type", "const", "enum")
               for errs in branches.values()):
            expected = []
            for errs in branches.values():
                sub_schema = errs[0].schema
                if "type" in sub_schema:
                    types = sub_schema["type"] if isinstance(sub_schema["type"], list) else [sub_schema["type"]]
                    expected += [_TYPE_WORDS.get(t, t) for t in types]
                if "const" in sub_schema:
                    expected.append(repr(sub_schema["const"]))
                if "enum" in sub_schema:
                    expected += [repr(v) for v in sub_schema["enum"]]
            path = list(error.absolute_path)
            yield document.problem("schema", f"{_field(path)} should be {' or '.join(expected)},"
                                   f" not {_describe(error.instance)}", path,
                                   hint=error.schema.get("description") if isinstance(error.schema, dict) else None)
            return
        error = jsonschema.exceptions.best_match([error])
    yield from _explain(document, error, kind)


def _explain(document: Document, error, kind: str) -> Iterator[Problem]:
    path = list(error.absolute_path)
    keyword = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    where = _field(path)

    if "propertyNames" in error.absolute_schema_path:
        keyword = "propertyNames"
    if keyword == "additionalProperties" and isinstance(instance, dict) and "x-effect" in schema:
        yield from _effect_parameters(document, error, kind)
        return
    if keyword == "additionalProperties" and isinstance(instance, dict):
        allowed = list(schema.get("properties", {}))
        for key in instance:
            if key not in allowed:
                suggestion = did_you_mean(key, allowed)
                hint = f"did you mean '{suggestion}'?" if suggestion else f"allowed here: {', '.join(allowed)}"
                yield document.problem("schema", f"unknown field '{key}' in this {kind.replace('_', ' ')}" if not path
                                       else f"unknown field '{key}' under {where}", path + [key], hint=hint, key=True)
        return
    if keyword == "required":
        missing = [k for k in schema.get("required", []) if isinstance(instance, dict) and k not in instance]
        if not missing:
            yield document.problem("schema", error.message, path)
            return
        names = " and ".join(", ".join(f"'{k}'" for k in missing).rsplit(", ", 1))
        if "x-effect" in schema:        # a parameter the effect cannot be played without
            where = f"the effect '{schema['x-effect']}'"
        yield document.problem("schema", f"missing required field{'s' if len(missing) > 1 else ''} {names}"
                               + ("" if not path else f" under {where}"), path,
                               hint=_describe_field(schema, missing[0]) if len(missing) == 1 else None)
        return
    if keyword == "propertyNames":
        bad = instance if isinstance(instance, str) else None
        yield document.problem("schema", f"'{bad}' is not allowed as a key under {where}" if bad else error.message,
                               path + ([bad] if bad else []), key=True, hint=_enum_hint(schema, bad)
                               or schema.get("description"))
        return
    if keyword == "type":
        expected = schema.get("type")
        expected = expected if isinstance(expected, list) else [expected]
        node = _node_at(document, path)
        if ("string" in expected and not isinstance(instance, str) and isinstance(node, ScalarNode)
                and not node.style and instance is not None):
            yield document.problem(
                "implicit-type",
                f"{where} wants text, but YAML 1.1 reads the unquoted '{node.value}' as {_describe(instance)}",
                path, hint=f"put it in quotes: \"{node.value}\"")
            return
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
        yield document.problem("schema", f"{where} should be {words}, not {_describe(instance)}", path,
                               hint=schema.get("description"))
        return
    if keyword in ("enum", "const"):
        choices = schema.get("enum") or [schema.get("const")]
        suggestion = did_you_mean(instance, choices)
        hint = f"did you mean '{suggestion}'?" if suggestion else "one of: " + ", ".join(map(str, choices))
        yield document.problem("schema", f"{where} cannot be {_describe(instance)}", path, hint=hint)
        return
    if keyword == "pattern" and schema.get("pattern") == ID_PATTERN:
        yield document.problem("schema", f"{where}: {instance!r} is not an id (lowercase words joined by dashes)",
                               path, hint=id_hint(str(instance)))
        return
    if keyword in ("minimum", "maximum", "minItems", "maxItems", "minLength", "uniqueItems"):
        yield document.problem("schema", f"{where}: {error.message}", path, hint=schema.get("description"))
        return
    yield document.problem("schema", f"{where}: {error.message}", path, hint=schema.get("description"))


def _effect_parameters(document: Document, error, kind: str) -> Iterator[Problem]:
    """An ``effect-parameter`` problem at each key an effect does not take (its schema, marked
    ``x-effect``, is one branch of the effect entry's ``allOf``): whose parameter it is, if another
    effect's of the same vocabulary, and a did-you-mean among the effect's own parameters (a close
    spelling, else the only one that takes the value written)."""
    schema, instance, path = error.schema, error.instance, list(error.absolute_path)
    name = schema["x-effect"]
    own = [k for k in schema.get("properties", {}) if k not in ("effect", "text")]
    entry = _schema_at(load_schemas().get(kind, {}), list(error.absolute_schema_path)[:-4])
    owners: dict[str, list] = {}
    for branch in entry.get("allOf", []) if isinstance(entry, dict) else []:
        then = branch.get("then", {}) if isinstance(branch, dict) else {}
        for key in then.get("properties", {}) if then.get("x-effect") != name else ():
            owners.setdefault(key, []).append(then["x-effect"])
    takes = f"'{name}' takes " + (", ".join(own) if own else "no parameters") + (" (and `text`)" if own else
                                                                                   " besides `text`")
    for key in instance:
        if key in schema.get("properties", {}):
            continue
        close = did_you_mean(key, own)
        # not spelt alike: the parameters that take the value written (`tokens: 3` on draw-cards: draw or keep)
        suggestions = [close] if close else [k for k in own if _accepts(schema["properties"][k], instance[key])]
        others = owners.get(key, [])
        owners_ = " and ".join(", ".join(f"'{o}'" for o in others).rsplit(", ", 1))
        whose = (f"'{key}' is a parameter of {owners_}, not of the effect '{name}'" if others
                 else f"'{key}' is no parameter of the effect '{name}'")
        hint = (f"did you mean {' or '.join(repr(k) for k in suggestions)}? " if 0 < len(suggestions) <= 3 else "") + takes
        yield document.problem("effect-parameter", whose, path + [key], hint=hint, key=True)


def _schema_at(schema, path):
    for part in path:
        try:
            schema = schema[part]
        except (KeyError, IndexError, TypeError):
            return {}
    return schema


def _accepts(schema: dict, value) -> bool:
    jsonschema, _ = _import_jsonschema()
    return jsonschema.Draft202012Validator(schema).is_valid(value)


def _describe_field(schema: dict, key: str) -> str | None:
    sub = schema.get("properties", {}).get(key, {})
    return sub.get("description")


def _enum_hint(schema, bad) -> str | None:
    enum = schema.get("enum") if isinstance(schema, dict) else None
    if not enum:
        return None
    suggestion = did_you_mean(bad, enum)
    return f"did you mean '{suggestion}'?" if suggestion else "one of: " + ", ".join(enum)


def id_hint(text: str) -> str | None:
    """A hint for a text that is not an id: an id made of it (accents taken off), and the letters
    that only look Latin (a Cyrillic or Greek look-alike) named, so the suggestion is never the
    same invalid id.

    >>> id_hint("Telegraph Office")
    "for example 'telegraph-office'"
    >>> id_hint("s\u0430loon")  # a Cyrillic a
    "'\u0430' (CYRILLIC SMALL LETTER A) only looks like a Latin letter: type it again on a Latin keyboard"
    """
    import re
    import unicodedata

    plain = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    foreign = sorted({c for c in plain if c.isalpha() and not c.isascii()})
    if foreign:
        names = ", ".join(f"'{c}' ({unicodedata.name(c, 'U+%04X' % ord(c))})" for c in foreign[:3])
        if len(foreign) == 1:
            return f"{names} only looks like a Latin letter: type it again on a Latin keyboard"
        return f"{names} only look like Latin letters: type them again on a Latin keyboard"
    slug = "-".join(re.sub(r"[^a-z0-9]+", " ", plain).split())
    return f"for example '{slug}'" if slug and slug != text else None
