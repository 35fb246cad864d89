"""
Whether the SDK's types read what the OpenAPI document says an answer holds: every field the
document declares for a schema must be a field of the model that reads it (by name or alias), of a
type that accepts every value the document allows (string, integer, number, boolean, array,
object, null, and the values of an enum); a field the document lets the server leave out must not
be required by the model. Fields the model has beyond the document are fine (extensions, SDK-made).

``problems(python_type, schema, document)`` answers the mismatches as ``"Model.field: …"`` lines.
"""

import datetime
import enum
import sys
import typing
from typing import Any, Dict, FrozenSet, List, Optional, Set, Tuple, Union

import typing_extensions
from pydantic import AliasChoices, BaseModel
from typing_extensions import get_args, get_origin

if sys.version_info >= (3, 10):
    from types import UnionType

    _UNIONS: Tuple[Any, ...] = (Union, UnionType)
else:
    _UNIONS = (Union,)

Schema = Dict[str, Any]
_NONE = type(None)
# typing's and typing_extensions' forms (distinct objects on older Pythons).
_LITERALS = {typing.Literal, typing_extensions.Literal}
_ANNOTATED = {getattr(typing, "Annotated", None), typing_extensions.Annotated} - {None}


def problems(python_type: Any, schema: Schema, document: Schema) -> List[str]:
    return _Checker(document).check(python_type, schema, _name(python_type))


def payload_schema(schema: Schema, envelope: str, document: Schema) -> Schema:
    """The schema of the payload inside an answer's envelope (``assay._response.Envelope`` values)."""
    schema = resolve(schema, document)
    properties = schema.get("properties", {})
    if envelope == "bare":
        return schema
    if envelope in ("data", "status+data"):
        return resolve(properties["data"], document)
    if envelope == "status+data or bare" and "data" in properties and "status" in properties:
        return resolve(properties["data"], document)
    if envelope == "data or bare" and "data" in properties:
        return resolve(properties["data"], document)
    return schema


def resolve(schema: Schema, document: Schema) -> Schema:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = document["components"]["schemas"][name]
    return schema


class _Checker:
    def __init__(self, document: Schema) -> None:
        self.document = document
        #: The (type, schema) pairs being checked: a recursive schema is checked once per path.
        self.open: Set[Tuple[int, int]] = set()

    def check(self, python_type: Any, schema: Schema, where: str) -> List[str]:
        schema = resolve(schema, self.document)
        key = (id(python_type), id(schema))
        if key in self.open:
            return []
        self.open.add(key)
        try:
            return self._check(python_type, schema, where)
        finally:
            self.open.discard(key)

    def _check(self, python_type: Any, schema: Schema, where: str) -> List[str]:
        variants, nullable = _python_variants(python_type)
        if _ANY in variants:
            return []
        found: List[str] = []
        if _schema_allows_null(schema, self.document) and not nullable:
            found.append("{}: the document allows null, the SDK's type {} does not".format(where, _name(python_type)))
        for alternative in _schema_variants(schema, self.document):
            found.extend(self._one_of(variants, alternative, where))
        return found

    def _one_of(self, variants: List[Any], schema: Schema, where: str) -> List[str]:
        """The first variant of a Python union that reads ``schema`` entirely, else the closest's problems."""
        best: Optional[List[str]] = None
        for variant in variants:
            found = self._single(variant, schema, where)
            if not found:
                return []
            if best is None or len(found) < len(best):
                best = found
        return best or ["{}: the document's {} has no type in the SDK".format(where, _describe(schema))]

    def _single(self, python_type: Any, schema: Schema, where: str) -> List[str]:
        kinds = _json_types(schema)
        if kinds == {"null"}:
            return []  # checked as nullability in ``check``
        accepted = _accepted_json_types(python_type)
        if not kinds <= accepted:
            return [
                "{}: the document says {}, the SDK's type is {}".format(
                    where, "/".join(sorted(kinds)) or "any value", _name(python_type)
                )
            ]
        found = _enum_problems(python_type, schema, where)
        origin = get_origin(python_type)
        if "array" in kinds and "items" in schema and origin in (list, List, tuple, frozenset, set):
            item = (get_args(python_type) or (Any,))[0]
            found += self.check(item, schema["items"], where + "[]")
        if "object" in kinds:
            if isinstance(python_type, type) and issubclass(python_type, BaseModel):
                found += self._model(python_type, schema, where)
            elif origin in (dict, Dict) and isinstance(schema.get("additionalProperties"), dict):
                value = (get_args(python_type) or (Any, Any))[1]
                found += self.check(value, schema["additionalProperties"], where + "{}")
        return found

    def _model(self, model: Any, schema: Schema, where: str) -> List[str]:
        fields = {name: field for field_name, field in model.model_fields.items() for name in _names(field_name, field)}
        required = set(schema.get("required", []))
        found: List[str] = []
        for name, property_schema in schema.get("properties", {}).items():
            place = "{}.{}".format(model.__name__, name)
            if name not in fields:
                found.append("{}: declared by the document, missing from the SDK's model".format(place))
                continue
            field = fields[name]
            if field.is_required() and name not in required:
                found.append("{}: the document lets the server leave it out, the SDK's model requires it".format(place))
            found += self.check(field.annotation, property_schema, place)
        return found


class _AnyType:
    pass


_ANY = _AnyType()


def _python_variants(python_type: Any) -> Tuple[List[Any], bool]:
    """The non-None alternatives of a type (``Optional``/``Union`` spread), and whether None is one."""
    if get_origin(python_type) in _ANNOTATED:
        return _python_variants(get_args(python_type)[0])
    if python_type is Any or python_type is object:
        return [_ANY], True
    if get_origin(python_type) in _UNIONS:
        variants: List[Any] = []
        nullable = False
        for arg in get_args(python_type):
            inner, inner_nullable = _python_variants(arg)
            variants += inner
            nullable = nullable or inner_nullable
        return variants, nullable
    if python_type is _NONE:
        return [], True
    if get_origin(python_type) in _LITERALS and None in get_args(python_type):
        return [python_type], True
    return [python_type], False


def _accepted_json_types(python_type: Any) -> FrozenSet[str]:
    """The JSON types pydantic reads into ``python_type`` without a lossy conversion."""
    origin = get_origin(python_type)
    if origin in _LITERALS:
        values = get_args(python_type)
        return frozenset(_json_type_of(v) for v in values if v is not None)
    if origin in (list, List, tuple, frozenset, set):
        return frozenset({"array"})
    if origin in (dict, Dict):
        return frozenset({"object"})
    if isinstance(python_type, type):
        if issubclass(python_type, datetime.timedelta):
            return frozenset({"integer", "number", "string"})  # seconds, or ISO 8601 text
        if issubclass(python_type, (datetime.date, datetime.time)):
            return frozenset({"string"})
        if issubclass(python_type, BaseModel):
            return frozenset({"object"})
        if issubclass(python_type, enum.Enum):
            return frozenset(_json_type_of(member.value) for member in python_type)
        if issubclass(python_type, bool):
            return frozenset({"boolean"})
        if issubclass(python_type, int):
            return frozenset({"integer"})
        if issubclass(python_type, float):
            return frozenset({"integer", "number"})
        if issubclass(python_type, str):
            return frozenset({"string"})
    return frozenset()


def _json_type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def _json_types(schema: Schema) -> Set[str]:
    declared = schema.get("type")
    if isinstance(declared, list):
        kinds = set(declared)
    elif isinstance(declared, str):
        kinds = {declared}
    elif "const" in schema:
        kinds = {_json_type_of(schema["const"]) if schema["const"] is not None else "null"}
    elif "enum" in schema:
        kinds = {_json_type_of(v) if v is not None else "null" for v in schema["enum"]}
    elif "properties" in schema or "additionalProperties" in schema:
        kinds = {"object"}
    else:
        return {"string", "integer", "number", "boolean", "array", "object"}  # any value
    return kinds - {"null"} or {"null"}


def _schema_variants(schema: Schema, document: Schema) -> List[Schema]:
    """A schema's non-null alternatives (``anyOf``/``oneOf`` spread, recursively)."""
    for key in ("anyOf", "oneOf"):
        if key in schema:
            spread: List[Schema] = []
            for option in schema[key]:
                spread += _schema_variants(resolve(option, document), document)
            return spread
    if schema.get("type") == "null" or ("const" in schema and schema["const"] is None):
        return []
    return [schema]


def _schema_allows_null(schema: Schema, document: Schema) -> bool:
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return any(_schema_allows_null(resolve(option, document), document) for option in schema[key])
    declared = schema.get("type")
    if declared == "null" or (isinstance(declared, list) and "null" in declared):
        return True
    return None in schema.get("enum", []) or ("const" in schema and schema["const"] is None)


def _enum_problems(python_type: Any, schema: Schema, where: str) -> List[str]:
    """Every value a document's enum (or const) allows must be one the SDK's enum or Literal accepts."""
    allowed = schema["enum"] if "enum" in schema else [schema["const"]] if "const" in schema else None
    if allowed is None:
        return []
    if get_origin(python_type) in _LITERALS:
        accepted = set(get_args(python_type))
    elif isinstance(python_type, type) and issubclass(python_type, enum.Enum):
        accepted = {member.value for member in python_type}
    else:
        return []
    missing = [value for value in allowed if value is not None and value not in accepted]
    if not missing:
        return []
    return ["{}: the document allows {}, the SDK's {} does not".format(where, missing, _name(python_type))]


def _names(field_name: str, field: Any) -> List[str]:
    names = [field_name]
    if field.alias:
        names.append(field.alias)
    alias = field.validation_alias
    if isinstance(alias, str):
        names.append(alias)
    elif isinstance(alias, AliasChoices):
        names += [choice for choice in alias.choices if isinstance(choice, str)]
    return names


def _name(python_type: Any) -> str:
    return getattr(python_type, "__name__", None) or str(python_type).replace("typing.", "")


def _describe(schema: Schema) -> str:
    return "/".join(sorted(_json_types(schema)))
