"""The public API of the Imperial Settlers engine (the :class:`GameState` protocol): the shared
engine shell (:class:`~empires.core.engine.EngineGame`) with this game's rules hooks."""

from __future__ import annotations

from typing import Any

from empires.core.engine import SEED_RANGE, EngineGame
from empires.core.events import check_viewer
from empires.core.messages import items, msg, plural, verbatim
from empires.settlers import actions, event_texts, flow, narration, observation, scoring
from empires.settlers.cards import CardFileError
from empires.settlers.decision_table import TABLE
from empires.settlers.options import Options
from empires.settlers.setup import new_state
from empires.settlers.state import State

NAME = "settlers"
FORMAT = 1
__all__ = [
    "NAME",
    "SEED_RANGE",
    "SettlersGame",
    "from_json",
    "new_game",
    "replay",
    "startup_messages",
    "startup_notes",
]


class SettlersGame(EngineGame):
    """One game. Mutated in place by :meth:`apply`; copy with :meth:`clone`."""

    __slots__ = ()
    game_name = NAME
    codec = actions.CODEC
    table = TABLE
    state_type = State
    options_type = Options
    flow = staticmethod(flow.run)
    new_state = staticmethod(new_state)
    emit = staticmethod(narration.emit)
    event_texts = event_texts.TEXTS
    secret_choices = True  # a card picked in secret is named to its picker only
    load_errors = (CardFileError,)
    # the hands (and which of their cards all saw taken), the private and looked-at cards, the
    # decks and the Trade Route markers (see EngineGame.hidden_fields)
    hidden_fields = (
        "hand",
        "known",
        "alt",
        "looking",
        "faction_deck",
        "common_deck",
        "trade_deals",
        "attack_deck",
    )

    def determinize(self, observer: int | None, rng) -> SettlersGame:
        """A copy in which everything ``observer`` cannot see is resampled with ``rng`` (an
        :class:`~empires.core.Rng`) consistently with their observation: the other players' hands
        (but the cards all saw them take), the cards they are choosing among, every deck's order
        and the Trade Route markers are dealt again from the cards of the same deck, and the
        game's own generator is reseeded. The copy's observation for ``observer`` equals this
        game's."""
        n = self.s.num_players
        if observer is not None and not (isinstance(observer, int) and 0 <= observer < n):
            raise ValueError(f"no seat {observer!r} in a {n}-player game")
        other = self.clone()
        s = other.s
        db = s.db
        # A card named by a pending decision (the card being built while its owner picks the
        # Location to discard for it) is public and stays in its place.
        named = [d["card"] for d in s.pending if isinstance(d.get("card"), int)]
        slots: list[tuple[list, int]] = []  # (container, position) of every hidden card
        for q in range(n):
            if q != observer:
                known = list(s.known[q]) + named
                for i, c in enumerate(s.hand[q]):
                    if c in known:
                        known.remove(c)
                    else:
                        slots.append((s.hand[q], i))
                slots += [(s.alt[q], i) for i in range(len(s.alt[q]))]
                slots += [(s.looking[q], i) for i in range(len(s.looking[q]))]
            slots += [(s.faction_deck[q], i) for i in range(len(s.faction_deck[q]))]
        slots += [(s.common_deck, i) for i in range(len(s.common_deck))]
        slots += [(deal, 2) for deal in s.trade_deals]
        if s.solo:
            slots += [(s.attack_deck, i) for i in range(len(s.attack_deck))]
        by_deck: dict[str, list[tuple[list, int]]] = {}
        for box, i in slots:
            by_deck.setdefault(db[box[i]].deck, []).append((box, i))
        # Sorted before shuffling: the result depends only on what the observer may see and on
        # ``rng``, never on the hidden order it started from (the coach relies on it).
        for deck in sorted(by_deck):
            places = by_deck[deck]
            cards = sorted(box[i] for box, i in places)
            rng.shuffle(cards)
            for (box, i), c in zip(places, cards, strict=True):
                box[i] = c
        s.rng = rng.fork()
        return other

    # ---- views -----------------------------------------------------------------------------
    def observation(self, player: Any = None) -> dict:
        return observation.observe(self, player)

    def shared_observation(self) -> Any:
        return observation.public_part(self)

    def observation_from(self, shared: Any, player: Any = None) -> dict:
        return observation.observe(self, player, shared)

    def describe(self, action: Any) -> str:
        return observation.describe(self, actions.coerce(action, self.s.num_players))

    def describe_for(self, action: Any, viewer: Any) -> str:
        """:meth:`describe` as ``viewer`` (a seat, or None) may read it: a card another player
        picks in secret is not named."""
        check_viewer(viewer, self.s.num_players)  # ValueError naming it, on both builds
        return observation.describe(self, actions.coerce(action, self.s.num_players), viewer)

    def describe_msg(self, act: Any, viewer: Any = -2) -> dict:
        """The words of ``act`` as a message (empires.core.messages), as ``viewer`` may read
        them (-2: the decider; None: a spectator; a seat). An action's string or code is
        coerced (an Action as it is: this runs on every applied action while the log is on)."""
        if not isinstance(act, actions.Action):
            act = actions.coerce(act, self.s.num_players)
        return observation.describe_msg(self, act, viewer)

    def event_head(self) -> tuple[int, str]:
        s = self.s
        return s.round, narration.PHASES.get(s.step, s.step)

    def private_words(self, act: Any, decision: dict) -> bool:
        # a secret pick (Alternate Lookout), the Gate's card, a Sanctuary Foundation
        return act.kind in ("pick", "gate", "target")

    def component_name(self, kind: str, ident: Any) -> Any:
        return narration.component_name(self.s, kind, ident)

    def scores(self) -> list[dict[str, int]]:
        return scoring.scores(self.s)

    def ranking(self) -> list[list[int]]:
        return scoring.ranking(self.s)

    def __repr__(self) -> str:
        s = self.s
        return f"<Settlers {s.num_players}p round {s.round} {s.step} seed={s.seed}>"


def new_game(num_players: Any, seed: Any = 0, options: Any = None) -> SettlersGame:
    # Any: the engine checks them (a compiled build would raise TypeError first otherwise)
    return SettlersGame.new(num_players, seed, options)


def check_new_game_args(num_players, seed, options) -> None:
    """ValueError naming the argument when one of :func:`new_game`'s is of the wrong type."""
    SettlersGame.check_new_game_args(num_players, seed, options)


def replay(history: Any) -> SettlersGame:
    """Rebuild a game from ``{"config", "seed", "actions"}``; SaveFileError if it does not."""
    return SettlersGame.replay(history)


def from_json(data: Any) -> SettlersGame:
    """Load a save (``to_json`` output or a bare history). The history is replayed and, when the
    save also holds a state, the two must agree: a corrupt or edited file is refused."""
    return SettlersGame.from_json(data)


def startup_notes(game: SettlersGame) -> list[str]:
    """Lines to print when a game starts (in English): :func:`startup_messages` rendered."""
    from empires import i18n

    return [i18n.render(m) for m in startup_messages(game)]


def startup_messages(game: SettlersGame) -> list[dict]:
    """What to say when a game starts, as messages (empires.core.messages): how many cards in
    use are house cards (their ability comes from the card file, not from the printed card)
    and how many play without their unknown printed ability (see docs/settlers.md)."""
    s = game.s
    decks = set(s.factions) | {"common"} | ({"attack"} if s.solo else set())
    house = [c for c in s.db.cards if c.source == "house" and c.deck in decks]
    notes = []
    if house:
        notes.append(
            msg(
                "{n} of the cards in use are house cards from {path}: their ability is the card "
                "file's, not the printed text.",
                n=len(house),
                path=verbatim(str(s.db.path)),
            )
        )
    cards = s.db.unverified(decks)
    if not cards:
        path = verbatim(str(s.db.path)) if s.db.path else "built-in"
        return [msg("Card data: {path}: every card in use is complete.", path=path), *notes]
    return _unverified_notes(cards) + notes


def _indented(line: dict) -> dict:
    """A note's detail line, indented below it."""
    return msg("{indent}{line}", indent=verbatim("  "), line=line)


def _unverified_notes(cards) -> list[dict]:
    names = sorted({c.name for c in cards if c.deck != "attack"})
    attacks = sum(1 for c in cards if c.deck == "attack")
    line = msg(
        "{n} of the cards in use are unverified (their printed ability is not in any public "
        "source; they are played without it):",
        n=len(cards),
    )
    if attacks and names:
        detail = plural(
            "{cards}; the {n} Attack card uses a default Target distribution.",
            "{cards}; the {n} Attack cards use a default Target distribution.",
            attacks,
            cards=items(names),
        )
    elif attacks:
        detail = plural(
            "the {n} Attack card uses a default Target distribution.",
            "the {n} Attack cards use a default Target distribution.",
            attacks,
        )
    else:
        detail = msg("{cards}.", cards=items(names))
    fill = msg("Fill them in with a card file: empires cards template, then --cards FILE.")
    return [line, _indented(detail), _indented(fill)]
