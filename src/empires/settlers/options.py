"""Game options: a frozen, serialisable dataclass. Defaults are the base game's rules.

| option | values | source |
|---|---|---|
| ``factions`` | one faction per seat (``romans``, ``barbarians``, ``egyptians``, ``japanese``); empty: seat i plays the i-th of that list | Setup |
| ``variants`` | any of :data:`VARIANTS` (``alternate-lookout`` and ``advanced-lookout`` exclude each other; no Lookout variant in the solo game) | "Alternate / Advanced Lookout Phase", "Peaceful Variant" |
| ``reshuffle_faction_discards`` | reshuffle a Faction discard pile into an empty Faction deck (English rulebook); default off: the seed's ruling, Faction discards are never reshuffled | General rules |
| ``cards`` | path of a card file (complete, or an overlay filling in some cards over the built-in data), or ``None`` | |

The solo game is the game for 1 player.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from empires.settlers.cards import FACTIONS

VARIANTS = ("alternate-lookout", "advanced-lookout", "peaceful")


@dataclass(frozen=True)
class Options:
    factions: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    reshuffle_faction_discards: bool = False
    cards: str | None = None

    def __post_init__(self) -> None:
        factions = self.factions
        if isinstance(factions, str):
            factions = tuple(f.strip() for f in factions.split(",") if f.strip())
        if not isinstance(factions, (list, tuple)) or not all(isinstance(f, str) for f in factions):
            raise ValueError("factions must be a list of faction names")
        factions = tuple(f.lower() for f in factions)
        unknown = [f for f in factions if f not in FACTIONS]
        if unknown:
            raise ValueError(
                f"unknown faction(s) {', '.join(unknown)}; expected any of: {', '.join(FACTIONS)}"
            )
        if len(set(factions)) != len(factions):
            raise ValueError("each faction can be played by one player only")
        object.__setattr__(self, "factions", factions)
        variants = self.variants
        if isinstance(variants, str):
            variants = tuple(v.strip() for v in variants.split(",") if v.strip())
        if not isinstance(variants, (list, tuple)) or not all(isinstance(v, str) for v in variants):
            raise ValueError("variants must be a list of variant names")
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown:
            raise ValueError(
                f"unknown variant(s) {', '.join(unknown)}; expected any of: {', '.join(VARIANTS)}"
            )
        variants = tuple(sorted(set(variants)))
        if "alternate-lookout" in variants and "advanced-lookout" in variants:
            raise ValueError("alternate-lookout and advanced-lookout exclude each other")
        object.__setattr__(self, "variants", variants)
        if not isinstance(self.reshuffle_faction_discards, bool):
            raise ValueError("option 'reshuffle_faction_discards' must be true or false")
        if self.cards is not None and not isinstance(self.cards, str):
            raise ValueError("option 'cards' must be a file path or null")

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def seat_factions(self, num_players: int) -> tuple[str, ...]:
        """The faction of each seat; raises ValueError when the options do not fit the count."""
        if not isinstance(num_players, int) or not 1 <= num_players <= 4:
            raise ValueError(f"Imperial Settlers is for 1 to 4 players, not {num_players!r}")
        if num_players == 1 and (self.has("alternate-lookout") or self.has("advanced-lookout")):
            raise ValueError("the solo game has its own Lookout phase: no Lookout variant")
        if not self.factions:
            return FACTIONS[:num_players]
        if len(self.factions) != num_players:
            raise ValueError(
                f"{len(self.factions)} faction(s) given ({', '.join(self.factions)}) "
                f"for {num_players} player(s)"
            )
        return self.factions

    def to_json(self) -> dict:
        data = asdict(self)
        data["factions"] = list(self.factions)
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
        for key in ("factions", "variants"):
            if isinstance(data.get(key), list):
                data[key] = tuple(data[key])
        return cls(**data)
