"""Imperial Settlers on a terminal screen (the contract of :mod:`empires.core.screen`): the panels
of one seat's screen, built from that seat's observation only (another player's hand is never in
it), everything named as printed on the cards.

Panels: the decision's card, the viewer's Empire by rows (Production, Feature, Action, with Deals,
Foundations and tokens), the viewer's hand (cost, colours, Raze and Deal fields, ability text,
marked when the ability is unknown or house text), the cards being chosen in secret, the round
and phase, the Lookout offer, the opponents' Empires, the solo game's virtual player, and the
final scores.
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from empires.core.screen import DecisionHelp, ScreenPart, focus, seat_colour, seat_mark
from empires.settlers.decision_help import decision_help as _help
from empires.settlers.observation import GOOD_NAMES

ROUNDS = 5
ROWS = (("production", "Production"), ("feature", "Feature"), ("action", "Action"))
_SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defense")
_SUPPLY_NAMES = {"worker": "Workers", "raze": "Raze", "defense": "Defense"}
_SCORE_NAMES = {
    "vp": "VP track",
    "common_locations": "Common",
    "faction_locations": "Faction",
    "shrine": "Shrine",
    "gate": "Gate",
}
_UNKNOWN = "unknown (no public source gives it; played without it)"
_SOURCE_MARKS = {"unverified": "?", "house": "(house)"}
LEGENDS = {
    "unverified": "? its ability is unknown (no public source); played without it",
    "house": "(house) its ability comes from a house card file, not the printed card",
}


# ---- words ----------------------------------------------------------------------------------
def mark(seat: int) -> Text:
    """A seat's symbol and number in its colour (never the colour alone)."""
    return Text(seat_mark(seat), style=f"bold {seat_colour(seat)}")


def good_name(good: str, n: int = 1) -> str:
    name = GOOD_NAMES.get(good, good.replace("_", " "))
    if n == 1 or name in ("VP", "Wood", "Stone", "Food", "Gold"):
        return f"{n} {name}"
    return f"{n} {name}s"


def goods_list(goods: list[str]) -> str:
    """``["wood", "wood", "vp"]`` as "2 Wood, 1 VP"."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return ", ".join(good_name(g, n) for g, n in counts.items()) or "-"


def supply_text(goods: dict[str, int]) -> str:
    """A player's supply, every kind shown (0 included) so the numbers stay in place."""
    return " · ".join(f"{_SUPPLY_NAMES.get(g, GOOD_NAMES[g])} {goods.get(g, 0)}" for g in _SUPPLY)


def card_kind(view: dict) -> str:
    """ "brown Action", "red Production", "Feature" (no colour)."""
    colours = " ".join(view.get("colors") or [])
    return f"{colours} {view['type'].capitalize()}".strip()


def cost_text(view: dict) -> str:
    """The card view's cost ("1 wood, a Location") as printed ("1 Wood, a Location")."""
    parts = []
    for part in view["cost"].split(", "):
        n, _, good = part.partition(" ")
        parts.append(good_name(good, int(n)) if n.isdigit() else part)
    return ", ".join(parts)


def source_mark(view: dict) -> str:
    return _SOURCE_MARKS.get(view.get("source", "printed"), "")


def _lines(renderable: RenderableType) -> int:
    """The height of ``renderable`` at 80 columns."""
    console = Console(width=80, color_system=None)
    return len(console.render_lines(renderable, console.options.update(width=80), pad=False))


def _part(key: str, title: str, body: RenderableType, own: bool = False) -> ScreenPart:
    return ScreenPart(key, title, body, own=own, lines=_lines(body))


# ---- cards ----------------------------------------------------------------------------------
def card_lines(view: dict) -> list[Text]:
    """A card: its name and fields, then its ability text (dim)."""
    head = Text()
    head.append(view["name"], style="bold")
    marker = source_mark(view)
    if marker:
        head.append(f" {marker}", style="yellow")
    head.append(f"  {card_kind(view)} · cost {cost_text(view)}")
    if view.get("raze"):
        head.append(f" · raze {goods_list(view['raze'])}")
    if view.get("deal"):
        head.append(f" · deal {good_name(view['deal'])}")
    text = view["text"].replace(_UNKNOWN, "unknown")  # the legend says the rest
    if view.get("known_text"):
        text = f"Partly known: {view['known_text']}"
    if view.get("source") == "house":
        text = f"House text: {text}"
    body = Text("  " + text, style="dim")
    return [head, body]


def cards_group(views: list[dict]) -> list[RenderableType]:
    lines: list[RenderableType] = []
    for view in views:
        lines += card_lines(view)
    for source, legend in LEGENDS.items():
        if any(v.get("source") == source for v in views):
            lines.append(Text(legend, style="dim italic"))
    return lines


def _location_text(loc: dict) -> Text:
    """A Location of an Empire with its tokens: "Sawmill (1/2 used) [Defense]"."""
    out = Text(loc["name"])
    marker = source_mark(loc)
    if marker:
        out.append(f" {marker}", style="yellow")
    if "activations" in loc:
        used, limit = loc["activations"].split("/")
        if used != "0":
            out.append(f" (used {used}/{limit})", style="dim")
    for key, label in (("defense", "Defense"), ("samurai", "Samurai"), ("blocked", "blocked")):
        if loc.get(key):
            out.append(f" [{label}]", style="bold")
    if loc.get("resources_on_it"):
        out.append(f" ({loc['resources_on_it']} on it)")
    if loc.get("cards_under_it"):
        out.append(f" ({loc['cards_under_it']} under it)")
    if "taken_over_by" in loc:
        out.append(" taken by ")
        out.append_text(mark(loc["taken_over_by"]))
    return out


def empire_rows(obs: dict, seat: int) -> Table:
    """A player's Empire by rows, as the rulebook lays it out (p. 4)."""
    table = Table(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column("Row", no_wrap=True, style="bold")
    table.add_column("Locations")
    locations = [loc for loc in obs["locations"] if loc.get("owner") == seat]
    for key, label in ROWS:
        row = [loc for loc in locations if loc["type"] == key]
        text = Text(", ").join(_location_text(loc) for loc in row) if row else Text("-")
        table.add_row(label, text)
    view = obs["players"][seat]
    deals = [good_name(d["deal"]) for d in view["deals"]]
    deals += [f"{good_name(d['deal'])} (Trade Route)" for d in view["trade_route_deals"]]
    table.add_row("Deals", ", ".join(deals) or "-")
    if view["foundations"]:
        table.add_row("Foundations", str(view["foundations"]))
    return table


def _score_text(row: dict) -> str:
    parts = [f"{_SCORE_NAMES[k]} {v}" for k, v in row.items() if k in _SCORE_NAMES and v]
    return f"{row['total']} VP now" + (f" ({', '.join(parts)})" if parts else "")


# ---- panels ---------------------------------------------------------------------------------
def _who(obs: dict, seat: int) -> Text:
    return Text.assemble(mark(seat), f" {obs['players'][seat]['faction']}")


def round_part(obs: dict) -> ScreenPart:
    head = Text(f"Round {obs['round']} of {ROUNDS} · {obs['phase']} phase", style="bold")
    if obs["first_player"] is not None and obs["num_players"] > 1:
        head.append(" · First player ")
        head.append_text(mark(obs["first_player"]))
    passed = [p["seat"] for p in obs["players"] if p["passed"]]
    if passed and obs["phase"] == "Action":
        head.append(" · passed: ")
        head.append_text(Text(" ").join(mark(p) for p in passed))
    decks = Text(
        f"Common deck {obs['common_deck']} · Common discard {len(obs['common_discard'])}",
        style="dim",
    )
    lines: list[RenderableType] = [head, decks]
    variants = obs["options"].get("variants") or []
    if variants:
        names = ", ".join(v.replace("-", " ").capitalize() for v in variants)
        lines.append(Text(f"Rules: {names}", style="dim"))
    return _part("round", "Round", Group(*lines))


def own_part(obs: dict) -> ScreenPart | None:
    seat = obs["player"]
    if seat is None:
        return None
    view = obs["players"][seat]
    lines: list[RenderableType] = [
        Text(f"{_score_text(obs['scores'][seat])} · hand {view['hand_size']}", style="bold"),
        Text(supply_text(view["goods"])),
        empire_rows(obs, seat),
        Text(
            f"Faction deck {view['faction_deck']} · Faction discard {len(view['faction_discard'])}",
            style="dim",
        ),
    ]
    title = f"Your Empire {seat_mark(seat)} {view['faction']} ({seat_colour(seat)})"
    return _part("you", title, Group(*lines), own=True)


def hand_part(obs: dict) -> ScreenPart | None:
    if obs["player"] is None:
        return None
    hand = obs["your_hand"]
    body = Group(*cards_group(hand)) if hand else Text("No cards in hand.", style="dim")
    return _part("hand", f"Your hand ({len(hand)})", body, own=True)


def choices_part(obs: dict) -> ScreenPart | None:
    cards = obs["your_choices"]
    if not cards:
        return None
    return _part("choices", "Cards you are choosing from (secret)", Group(*cards_group(cards)))


def lookout_part(obs: dict) -> ScreenPart | None:
    if not obs["draft"]:
        return None
    return _part("lookout", "Lookout: face-up cards", Group(*cards_group(obs["draft"])))


def _opponent(obs: dict, seat: int) -> list[RenderableType]:
    view = obs["players"][seat]
    head = _who(obs, seat)
    head.append(
        f" · {_score_text(obs['scores'][seat])} · hand {view['hand_size']} · Faction deck "
        f"{view['faction_deck']}, discard {len(view['faction_discard'])}"
    )
    if view["passed"]:
        head.append(" · passed", style="italic")
    lines: list[RenderableType] = [head, Text("  " + supply_text(view["goods"]), style="dim")]
    if view["hand"]:
        lines.append(Text(f"  Known in hand: {', '.join(view['hand'])}"))
    lines.append(empire_rows(obs, seat))
    return lines


def players_part(obs: dict) -> ScreenPart | None:
    seats = [p["seat"] for p in obs["players"] if p["seat"] != obs["player"]]
    if not seats:
        return None
    lines: list[RenderableType] = []
    for seat in seats:
        lines += _opponent(obs, seat)
    title = "Opponents' Empires" if obs["player"] is not None else "Empires"
    return _part("players", title, Group(*lines))


def virtual_part(obs: dict) -> ScreenPart | None:
    vp = obs.get("virtual_player")
    if vp is None:
        return None
    built = obs["scores"][0].get("faction_locations_built", 0)
    locations = Text(", ").join(_location_text(loc) for loc in vp["locations"]) or Text("-")
    lines = [
        Text.assemble("Locations: ", locations),
        Text(
            f"Collection {vp['collection']} (you win with more Faction Locations: you have "
            f"{built}) · Attack deck {vp['attack_deck']}"
        ),
        Text(f"Target line: {', '.join(GOOD_NAMES.get(g, g) for g in vp['target_line']) or '-'}"),
    ]
    return _part("virtual", "The virtual player", Group(*lines))


def decision_part(obs: dict) -> ScreenPart | None:
    """The face-up card the current decision is about (being built, activated, choosing)."""
    d = obs.get("decision") or {}
    if "card_name" not in d:
        return None
    line = Text.assemble(mark(d["player"]), f" {d['prompt']}: ", (d["card_name"], "bold"))
    return _part("decision", "Now", line)


def scores_part(obs: dict) -> ScreenPart | None:
    if not obs["terminal"]:
        return None
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("")
    for p in range(obs["num_players"]):
        table.add_column(_who(obs, p) if obs["num_players"] == 1 else mark(p), justify="right")
    for key, name in _SCORE_NAMES.items():
        table.add_row(name, *(str(row[key]) for row in obs["scores"]))
    table.add_row("Total", *(str(row["total"]) for row in obs["scores"]), style="bold")
    lines: list[RenderableType] = [table]
    if "result" in obs:
        lines.append(Text(solo_result(obs), style="bold"))
    return _part("scores", "Final scores", Group(*lines))


def solo_result(obs: dict) -> str:
    """Whether the solo player won, against what, and why (the Collection rule, p. 14)."""
    row = obs["scores"][0]
    built, collection = row["faction_locations_built"], row["collection"]
    if row["won"]:
        title = obs["result"].removeprefix("won: ")
        return (
            f"You won: {built} Faction Locations built, more than the virtual player's "
            f"Collection of {collection}; {row['total']} VP earns the title {title}."
        )
    return (
        f"You lost: {built} Faction Locations built, not more than the virtual player's "
        f"Collection of {collection}."
    )


# ---- the contract ---------------------------------------------------------------------------
def screen_parts(obs: dict) -> list[ScreenPart]:
    """The panels of the screen of ``obs``'s viewer (a seat, or None for a spectator)."""
    parts = [
        decision_part(obs),
        own_part(obs),
        hand_part(obs),
        choices_part(obs),
        lookout_part(obs),
        scores_part(obs),
        round_part(obs),
        virtual_part(obs),
        players_part(obs),
    ]
    return focus([p for p in parts if p is not None], obs, FOCUS)


# the panel a decision is about, by decision kind (besides the "decision" panel itself)
# The panels a decision is about (shown first to the seat deciding; Alternate Lookout: the
# cards drawn in secret too).
FOCUS = {"pick": ("lookout", "choices"), "keep": ("choices",)}


def decision_help(obs: dict) -> DecisionHelp:
    d = obs.get("decision")
    return _help(d["kind"] if d else None)
