"""The Lookout phase: each player draws the top card of their Faction deck (and, in the Peaceful
variant, of the Common deck), then Common cards are drafted.

* Standard: N+1 cards face up, picked clockwise from the First player; the last is discarded; then
  N+1 more, picked counter-clockwise from the last player.
* Alternate Lookout: each player draws 3 Common cards, keeps 1, passes 2 clockwise, keeps 1 of
  the 2 received and discards the other (the picks are hidden).
* Advanced Lookout: 5 cards face up; 2 players pick in turn until each has 2; with 3-4 players the
  First player picks from 5, the others from 4 (a card is revealed before each of their picks),
  then the First player and the others from 3, the last player from the last 2.
* Solo: 4 cards face up; the player picks 1, a random one of the other 3 goes to the virtual
  player, the player picks 1 of the last 2 and the other goes to the virtual player.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.settlers.actions import Action
from empires.settlers.decisions import push
from empires.settlers.narration import card_ref, emit
from empires.settlers.rules import VIRTUAL, can_draw, discard, draw_from, gain_cards, tell_drawn
from empires.settlers.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)


def reveal(s: State, k: int, face_up: bool = True) -> list[int]:
    """Draw ``k`` Common cards (fewer when both deck and discard pile run out); face up, they are
    told in a "revealed" event."""
    out = []
    for _ in range(k):
        c = draw_from(s, 0, "common")
        if c is None:
            break
        out.append(c)
    if face_up and out and s.narrate:
        emit(s, "revealed", cards=[card_ref(s, c) for c in out], draft=len(s.draft) + len(out))
    return out


def step_lookout(s: State) -> None:
    n = s.num_players
    order = [(s.first + i) % n for i in range(n)]
    for p in order:
        gain_cards(s, p, 1, "faction")
        if s.options.has("peaceful"):
            gain_cards(s, p, 1, "common")
    if s.solo:
        s.draft = reveal(s, 4)
        s.draft_queue = [[0, 0]]
        s.draft_stage = "solo1"
    elif s.options.has("alternate-lookout"):
        for p in order:
            s.alt[p] = reveal(s, 3, face_up=False)
            if s.narrate and s.alt[p]:
                tell_drawn(s, p, [(c, "common") for c in s.alt[p]], "lookout")
        s.draft_queue = [[p, 0] for p in order]
        s.draft_stage = "alt1"
    elif s.options.has("advanced-lookout"):
        s.draft = reveal(s, 5)
        last = order[-1]
        s.draft_queue = (
            [[order[0], 0]]
            + [[p, 4] for p in order[1:]]
            + [[p, 3] for p in order[:-1]]
            + [[last, 0]]
        )
        s.draft_stage = "advanced"
    else:
        s.draft = reveal(s, n + 1)
        s.draft_queue = [[p, 0] for p in order]
        s.draft_stage = "pass1"
    s.step = "draft"


def step_draft(s: State) -> None:
    n = s.num_players
    while True:
        if s.draft_queue:
            seat, refill = s.draft_queue[0]
            while refill and len(s.draft) < refill and can_draw(s, seat, "common"):
                s.draft += reveal(s, 1)
            if _options(s, seat):
                push(s, "pick", seat)
                return
            s.draft_queue.pop(0)
            continue
        stage = s.draft_stage
        if stage == "pass1":
            _discard_draft(s)
            s.draft = reveal(s, n + 1)
            s.draft_queue = [[(s.first + n - 1 - i) % n, 0] for i in range(n)]
            s.draft_stage = "pass2"
        elif stage == "alt1":
            s.alt = [s.alt[(p - 1) % n] for p in range(n)]  # passed to the next player clockwise
            if s.narrate:
                _tell_passed(s)
            s.draft_queue = [[(s.first + i) % n, 0] for i in range(n)]
            s.draft_stage = "alt2"
        elif stage == "solo1":
            s.rng.shuffle(s.draft)
            if s.draft:
                s.vlocs.append(s.draft.pop())
                _tell_virtual(s, [s.vlocs[-1]], "random")
            s.draft_queue = [[0, 0]]
            s.draft_stage = "solo2"
        else:
            if stage == "solo2":
                if s.draft:
                    _tell_virtual(s, s.draft, "left")
                s.vlocs += s.draft
                s.draft = []
            _discard_draft(s)
            for p in range(n):
                for c in s.alt[p]:
                    discard(s, c)
                if s.alt[p] and s.narrate:  # on the discard pile, face up
                    emit(s, "draft_discarded", player=p, cards=[card_ref(s, c) for c in s.alt[p]])
                s.alt[p] = []
            s.draft_stage = ""
            s.cursor = 0
            s.step = "production"
            return


def _discard_draft(s: State) -> None:
    for c in s.draft:
        discard(s, c)
    if s.draft and s.narrate:
        emit(s, "draft_discarded", player=None, cards=[card_ref(s, c) for c in s.draft])
    s.draft = []


def _tell_passed(s: State) -> None:
    """Alternate Lookout: the cards each player passes on, named to the two who saw them."""
    n = s.num_players
    for p in range(n):
        giver = (p - 1) % n
        emit(
            s,
            "passed",
            secret={"to": sorted({giver, p}), "cards": [card_ref(s, c) for c in s.alt[p]]},
            player=giver,
            to=p,
            count=len(s.alt[p]),
            cards=None,
        )


def _tell_virtual(s: State, cards: list[int], how: str) -> None:
    if not s.narrate:
        return
    for c in cards:
        emit(s, "pick", player=VIRTUAL, card=card_ref(s, c), source="draft", how=how)


def _options(s: State, seat: int) -> list[int]:
    return s.alt[seat] if s.draft_stage.startswith("alt") else s.draft


@DECISIONS.decision("pick", "Lookout: take a card")
def _pick_legal(s: State, d: dict) -> list[Action]:
    return [Action("pick", c) for c in _options(s, d["player"])]


@_pick_legal.choose
def _pick_choose(s: State, d: dict, action: Action) -> None:
    p, c = d["player"], action.a
    s.draft_queue.pop(0)
    _options(s, p).remove(c)
    s.hand[p].append(c)
    if not s.draft_stage.startswith("alt"):
        s.known[p].append(c)  # taken face up: everybody knows it is in this hand
        if s.narrate:
            emit(s, "pick", player=p, card=card_ref(s, c), source="draft", how="chosen")
    elif s.narrate:  # Alternate Lookout: kept in secret
        emit(
            s,
            "pick",
            secret={"to": [p], "card": card_ref(s, c)},
            player=p,
            card=None,
            source="lookout cards",
            how="chosen",
        )
