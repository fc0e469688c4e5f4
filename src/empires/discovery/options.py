"""Game options: a frozen, serialisable dataclass. Defaults are the 2015 base game."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

EDITIONS = ("2015",)


@dataclass(frozen=True)
class Options:
    """Rules options. Only the 2015 base game is implemented so far; the expansion, the National
    Advantages, the variants and the 2007 edition are added here as they are built."""

    edition: str = "2015"

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(
                f"unsupported edition {self.edition!r}; supported: {', '.join(EDITIONS)}"
            )

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict | None) -> Options:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError(f"options must be an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)
