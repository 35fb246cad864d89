from typing import Generic, Iterator, List, TypeVar, Union, overload

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class AssayModel(BaseModel):
    """
    Base of every resource model. Unknown keys are kept (as attributes and in ``model_dump()``), so
    fields a newer server adds are reachable before the SDK names them. Field names starting with
    ``model_`` (``model_id``) are the wire protocol's, hence no protected namespace.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=())


class ItemList(AssayModel, Generic[T]):
    """
    A list answer (``models.get()``…) that is also a read-only sequence of its items: code written
    for clients that answered a bare list (``len(r)``, ``r[0]``, ``for m in r``, ``if not r``) works
    unchanged, and the items are a field too (``r.models``). Iterating yields the items, not the
    fields as pydantic's models do; ``model_dump()`` is unchanged.
    """

    def _items(self) -> List[T]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._items())

    def __bool__(self) -> bool:
        return len(self._items()) > 0

    def __iter__(self) -> Iterator[T]:  # type: ignore[override]
        return iter(self._items())

    def __eq__(self, other: object) -> bool:
        # ``models.get() == []`` as with a bare list; another answer compares as pydantic models do.
        if isinstance(other, list):
            return self._items() == other
        return super().__eq__(other)

    def __contains__(self, item: object) -> bool:
        return item in self._items()

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> List[T]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[T, List[T]]:
        return self._items()[index]
