"""
How methods take the resources they act on, checked before any request by one checker: an id (a
string) or the object a method returned, and an object where nothing else will do. A ``None`` from
``get_by_key()`` or a key where a model is needed then fails here, naming the parameter and what
it takes, instead of as an ``AttributeError`` deep inside or a confusing answer of the server.
"""

from typing import Any, Tuple, Type, TypeVar, Union

from .._exceptions import ArgumentTypeError

T = TypeVar("T")

#: A resource as methods take it: its id, or the object a method returned for it.
IdRef = Union[str, Any]


def id_of(ref: IdRef, param: str, *kinds: Type[Any]) -> str:
    """``ref`` itself when it is a string, else the ``id`` of an object of one of ``kinds``."""
    if isinstance(ref, str):
        return ref
    if kinds and isinstance(ref, kinds):
        return str(ref.id)
    names = _names(kinds) if kinds else "an object"
    raise ArgumentTypeError(_message(param, "{} or its id (a str)".format(names), ref, ""))


def required(value: Any, param: str, kinds: Tuple[Type[T], ...], source: str) -> T:
    """
    ``value`` when it is an instance of one of ``kinds``; ``source`` says where such an object
    comes from (``client.models.get_by_key()``…), for the message.
    """
    if isinstance(value, kinds):
        return value
    hint = ""
    if value is None:
        hint = "; get_by_key() returns None when the project has nothing with that key"
    elif isinstance(value, str):
        hint = "; pass the object, not its key or id"
    expected = "{} object (from {})".format(_names(kinds), source)
    raise ArgumentTypeError(_message(param, expected, value, hint))


def _names(kinds: Tuple[Type[Any], ...]) -> str:
    """``a Model or PublicModelDetail``, ``an Evaluation``."""
    first = kinds[0].__name__
    article = "an" if first[0] in "AEIOU" else "a"
    return article + " " + " or ".join(kind.__name__ for kind in kinds)


def _message(param: str, expected: str, got: Any, hint: str) -> str:
    shown = "None" if got is None else "{} {!r}".format(type(got).__name__, got)
    if len(shown) > 80:
        shown = type(got).__name__ + " object"
    return "{} must be {}, got {}{}".format(param, expected, shown, hint)
