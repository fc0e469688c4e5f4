"""Game options: a frozen, serialisable dataclass. Defaults are the 2015 base game.

| option | values | source |
|---|---|---|
| ``edition`` | ``"2015"`` (default), ``"2007"`` | ruling 17; the 2007 rulebook |
| ``builders`` | Builder expansion on/off | rulebook, Builder Expansion, Appendix II |
| ``buy_vp`` | buying VP after each colony scoring | rulebook, "Builder Expansion: buy VP" |
| ``nations`` | ``"off"``, ``"random"``, ``"auction"`` | Appendix I |
| ``variants`` | any of :data:`VARIANTS` | rulebook, Setup and Discovery variants; ``order-auction``: the 2007 rulebook's Appendix I (2007 edition only) |
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cached_property

from empires.discovery.data import EDITIONS as EDITION_RULES
from empires.discovery.data import Edition

# The editions and what each changes: data/editions.toml (ruling 17).
EDITIONS: tuple[str, ...] = tuple(EDITION_RULES)
NATIONS = ("off", "random", "auction")
VARIANTS = (
    "two-player",
    "reduced-luck",
    "no-survivors",
    "scouting",
    "advanced-reconnaissance",
    "order-auction",
)
# 2007 edition only: the starting-order auction (its Appendix I) instead of the random start.
ORDER_AUCTION = "order-auction"


@dataclass(frozen=True)
class Options:
    edition: str = "2015"
    builders: bool = False
    buy_vp: bool = False
    nations: str = "off"
    variants: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(
                f"unknown edition {self.edition!r}; expected one of: {', '.join(EDITIONS)}"
            )
        if self.nations not in NATIONS:
            raise ValueError(
                f"unknown nations mode {self.nations!r}; expected one of: {', '.join(NATIONS)}"
            )
        for flag in ("builders", "buy_vp"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"option {flag!r} must be true or false")
        variants = self.variants
        if not isinstance(variants, (list, tuple)) or not all(isinstance(v, str) for v in variants):
            raise ValueError("variants must be a list of variant names")
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown:
            raise ValueError(
                f"unknown variant(s) {', '.join(unknown)}; expected any of: {', '.join(VARIANTS)}"
            )
        object.__setattr__(self, "variants", tuple(sorted(set(variants))))
        if not self.rules.nations and self.nations != "off":
            raise ValueError("the National Advantages are a 2015 rule: use nations='off' with 2007")
        if self.has(ORDER_AUCTION) and not self.rules.order_auction:
            raise ValueError("the order-auction variant is a 2007 rule: use it with edition='2007'")

    @cached_property
    def rules(self) -> Edition:
        """What this game's edition sets (``data/editions.toml``). Kept in the instance once
        read (the rules read it several times a decision; a property is a Python call each)."""
        return EDITION_RULES[self.edition]

    def __getstate__(self) -> dict:
        """Pickled and copied without the kept ``rules`` (an edition's data is a compiled class
        on the compiled build, which does not unpickle); read again when asked for."""
        return {k: v for k, v in self.__dict__.items() if k != "rules"}

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def check_players(self, num_players: int) -> None:
        """Raise ValueError if these options do not allow ``num_players``."""
        top = self.rules.max_players
        if not 2 <= num_players <= top:
            raise ValueError(
                f"the {self.edition} edition is for 2-{top} players, not {num_players}"
            )
        if self.has("two-player") and num_players != 2:
            raise ValueError("the two-player variant needs exactly 2 players")

    def to_json(self) -> dict:
        data = asdict(self)
        data["variants"] = list(self.variants)
        return data

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
        data = dict(data)
        if "variants" in data and isinstance(data["variants"], list):
            data["variants"] = tuple(data["variants"])
        return cls(**data)
