"""Record lists: inputs whose value is a list of small records (an Exalted effect, a Rise modifier).

Each field of a record is declared like any input, so a record field is parsed, checked and
reported exactly as a top-level input is; an error names the list, the index and the key
(``effects[2].value``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Mapping

from worksheet.engine.inputs import REQUIRED, InputError, InputSpec


class Record(Mapping):
    """One immutable record of a record list (an Exalted effect, a Rise modifier)."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]):
        self._data = dict(data)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(sorted((k, repr(v)) for k, v in self._data.items())))

    def __repr__(self) -> str:
        return f"Record({self._data!r})"


RecordCheck = Callable[[Record], "tuple[str, str] | None"]
"""A whole-record check: returns ``(key, problem)`` or ``None`` when the record is fine."""


@dataclass(frozen=True)
class RecordsInput(InputSpec):
    """A list of records, each field declared like an input.

    Attributes:
        fields: the field declarations, in order (their ``default`` may be :data:`REQUIRED`).
        check: an extra check across a record's fields.
        max_count: how many records at most.
    """

    default: Any = ()
    fields: tuple[InputSpec, ...] = ()
    check: RecordCheck | None = None
    max_count: int = 50
    kind: ClassVar[str] = "records"

    def allowed(self, short: bool = False) -> str:
        keys = ", ".join(f.name for f in self.fields)
        return f"up to {self.max_count} records with keys {keys}"

    def field_named(self, key: str) -> InputSpec:
        """The declaration of one field."""
        for spec in self.fields:
            if spec.name == key:
                return spec
        raise KeyError(key)

    def _parse_text(self, text: str) -> Any:
        raise self.fail(text, "a record list is edited record by record, or set in a preset")

    def coerce_record(self, index: int, raw: Any) -> Record:
        """Check one record; errors name the list, the index and the key."""
        if not isinstance(raw, Mapping):
            raise InputError(self.name, raw, "not a table of keys", self.allowed(), index=index)
        known = {f.name for f in self.fields}
        for key in raw:
            if key not in known:
                raise InputError(self.name, raw[key], "unknown key",
                                 "keys " + ", ".join(sorted(known)), index=index, key=key)
        values = {}
        for spec in self.fields:
            if spec.name not in raw or raw[spec.name] is None:
                if spec.default is REQUIRED:
                    raise InputError(self.name, "", "missing", spec.allowed(), index=index,
                                     key=spec.name)
                values[spec.name] = spec.default
                continue
            try:
                values[spec.name] = spec.coerce(raw[spec.name])
            except InputError as error:
                raise InputError(self.name, error.given, error.problem, error.allowed,
                                 index=index, key=spec.name) from None
        record = Record(values)
        if self.check is not None:
            problem = self.check(record)
            if problem is not None:
                key, text = problem
                raise InputError(self.name, record[key], text, self.field_named(key).allowed(),
                                 index=index, key=key)
        return record

    def _coerce(self, raw: Any) -> tuple[Record, ...]:
        if not isinstance(raw, (list, tuple)):
            raise self.fail(raw, "not a list of records")
        if len(raw) > self.max_count:
            raise self.fail(f"{len(raw)} records", f"more than {self.max_count}")
        return tuple(self.coerce_record(i, item) for i, item in enumerate(raw))

    def to_text(self, value: Any) -> str:
        return f"{len(value)} record(s)"

    def _plain(self, value: Any, encode: str) -> list[dict]:
        rows = []
        for record in value:
            row = {}
            for spec in self.fields:
                item = record[spec.name]
                if item is not None:
                    row[spec.name] = getattr(spec, encode)(item)
            rows.append(row)
        return rows

    def to_toml(self, value: Any) -> Any:
        return self._plain(value, "to_toml")

    def to_json(self, value: Any) -> Any:
        return self._plain(value, "to_json")
