"""Empires: Age of Discovery on a terminal screen (the contract of :mod:`empires.core.screen`):
the panels of one seat's screen, built from that seat's observation only, everything named as
printed on the components.

Panels: the Turn track, the New World (each region's Trade Good, its Discovery counter face down
or, once the viewer knows it, with its Resistance and reward, and the colonies), the event boxes
with the workers in placement order and what is on offer, the Capital Buildings on offer, the
expedition being formed, the viewer's player mat and every player's mat in a table.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from empires.core.screen import DecisionHelp, ScreenPart, focus, seat_colour, seat_mark
from empires.discovery.data import (
    BOX_NAMES,
    BUILDING_COST,
    BUILDING_INDEX,
    BUILDINGS,
    REGION_IDS,
    REGION_NAMES,
    SCORING_TURNS,
    TURNS,
    WORKERS,
)
from empires.discovery.decision_help import decision_help as _help
from empires.discovery.nations import POWERS

WORKER_NAMES = {w: w.capitalize() for w in WORKERS}
_AGES = {1: "I", 2: "II", 3: "III"}
_BUILDING_TYPES = {"immediate": "Immediate", "one_time": "One-time", "ongoing": "Ongoing"}
_NATION_NAMES = {
    "england": "England",
    "spain": "Spain",
    "france": "France",
    "portugal": "Portugal",
    "holland": "Holland",
    "italy": "Italian City-States",
}
_NATION_SHORT = {"italy": "Italy"}
_NATION_INDEX = {nid: i for i, nid in enumerate(_NATION_NAMES)}
_SCORE_NAMES = {
    "colonies_age1": "Colonies I",
    "colonies_age2": "Colonies II",
    "colonies_age3": "Colonies III",
    "discoveries": "Discoveries",
    "buildings": "Buildings",
    "economy": "Economy",
    "bought_vp": "Bought",
}


# ---- words ----------------------------------------------------------------------------------
def mark(seat: int) -> Text:
    """A seat's symbol and number in its colour (never the colour alone)."""
    return Text(seat_mark(seat), style=f"bold {seat_colour(seat)}")


def good_name(good_id: str) -> str:
    return good_id.capitalize()


def building_name(building_id: str) -> str:
    return BUILDINGS[BUILDING_INDEX[building_id]].name


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("ary") else f"{n} {word}s"


def workers_text(counts: dict[str, int]) -> str:
    """``{"colonist": 2, "soldier": 1}`` as "2 Colonists, 1 Soldier" ("none" when empty)."""
    parts = [plural(n, WORKER_NAMES[w]) for w, n in counts.items() if n]
    return ", ".join(parts) or "none"


def reward_text(c: dict) -> str:
    """A Discovery counter's or card's numbers, as the event narration words them."""
    return (
        f"Resistance {c['resistance']}; ${c['plunder']} + ${c['per_soldier']} per Soldier, "
        f"{c['vp']} VP"
    )


def discovery_text(c: dict) -> str:
    """A counter or card the viewer knows: "Discovery counter (Resistance 2; ...)"."""
    name = "Discovery counter" if c["id"] == c["name"] else c["name"]
    return f"{name} ({reward_text(c)})"


def _seat_workers(items: Iterable[dict]) -> Text:
    """Workers in a box, in placement order: "●1 Colonist, ■2 Soldier"."""
    out = Text()
    for i, item in enumerate(items):
        if i:
            out.append(", ")
        out.append_text(mark(item["player"]))
        out.append(" " + WORKER_NAMES[item["worker"]])
    return out if out.plain else Text("-", style="dim")


def _lines(renderable: RenderableType) -> int:
    """The height of ``renderable`` at 80 columns."""
    console = Console(width=80, record=False, color_system=None, file=None)
    return len(console.render_lines(renderable, console.options.update(width=80), pad=False))


def _part(key: str, title: str, body: RenderableType, own: bool = False) -> ScreenPart:
    return ScreenPart(key, title, body, own=own, lines=_lines(body))


# ---- the turn track -------------------------------------------------------------------------
def _rules_text(options: dict) -> str:
    parts = [f"{options['edition']} edition"]
    if options.get("builders"):
        parts.append("Builder expansion")
    if options.get("buy_vp"):
        parts.append("buying VP")
    if options.get("nations", "off") != "off":
        parts.append(f"National Advantages ({options['nations']})")
    parts += [v.replace("-", " ").capitalize() for v in options.get("variants", [])]
    return ", ".join(parts)


def _auction_lines(obs: dict) -> list[Text]:
    out = []
    for key, name in (("auction", "Starting-order auction"), ("nations_auction", "Boards")):
        auction = obs.get(key)
        if not auction or not any(auction["bids"]) and not auction["passed"]:
            continue
        line = Text(f"{name}: ")
        for p, bid in enumerate(auction["bids"]):
            line.append_text(mark(p))
            line.append(" passed  " if p in auction["passed"] else f" ${bid}  ")
        out.append(line)
    return out


def track_part(obs: dict) -> ScreenPart:
    turn, age = obs["turn"], obs["age"]
    price = BUILDING_COST[age]
    step = BOX_NAMES.get(obs["step"])
    phase = obs["phase"] + (f" - {step}" if step and obs["phase"].startswith("Phase 2") else "")
    head = Text(f"Turn {turn} of {TURNS} · Age {_AGES[age]} · {phase}", style="bold")
    order = Text("Player order: ")
    for i, p in enumerate(obs["order"]):
        order.append(" " if i else "")
        order.append_text(mark(p))
    scoring = ", ".join(str(t) for t in SCORING_TURNS)
    order.append(f" · colony scoring after turns {scoring} · buildings ${price}")
    hidden = obs["hidden"]
    stock = Text(
        f"Discovery deck {hidden['discovery_deck']} · unused counters "
        f"{hidden['unused_counters']} · Trade Goods pool {hidden['trade_goods_pool']} · "
        f"Merchant Ships in supply {obs['merchant_ships_in_supply']}",
        style="dim",
    )
    rules = Text(f"Rules: {_rules_text(obs['options'])}", style="dim")
    body = Group(head, order, *_auction_lines(obs), stock, rules)
    return _part("track", "Turn track", body)


# ---- the New World --------------------------------------------------------------------------
def _colonies(workers: list[dict]) -> Text:
    """The colonies of a discovered region: "●1 3 (1 Soldier)  ■2 1"."""
    out = Text()
    for p, counts in enumerate(workers):
        total = sum(counts.values())
        if not total:
            continue
        if out.plain:
            out.append("  ")
        out.append_text(mark(p))
        out.append(f" {total}")
        special = {w: n for w, n in counts.items() if w != "colonist"}
        if special:
            out.append(f" ({workers_text(special)})")
    return out if out.plain else Text("no colonies", style="dim")


def _counter_cell(region: dict) -> Text:
    counter = region["counter"]
    if region["discovered"]:
        return _colonies(region["workers"])
    if counter is None:
        return Text("no counter", style="dim")
    if counter == "face-down":
        return Text("Discovery counter, face down", style="dim")
    text = Text(reward_text(counter))
    if counter.get("scouted"):
        text.append(" (scouted)", style="italic")
    return text


def _two_columns(label: str) -> Table:
    """A table of a label column that never wraps and a column that wraps: readable from 40
    columns on."""
    table = Table(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column(label, no_wrap=True, style="bold")
    table.add_column("")
    return table


def new_world_part(obs: dict) -> ScreenPart:
    table = _two_columns("Region")
    for region in obs["regions"]:
        good = good_name(region["trade_good"]) if region["trade_good"] else "good taken"
        cell = Text(f"{good} · ", style="" if region["trade_good"] else "dim")
        cell.append_text(_counter_cell(region))
        table.add_row(region["name"], cell)
    lines: list[RenderableType] = [table]
    deck = obs["hidden"]["discovery_deck"]
    if all(r["discovered"] for r in obs["regions"]):
        lines.append(
            Text(f"Every region is discovered: the Discovery deck ({deck} cards) is used.")
        )
    known = obs.get("scouted_deck") or {}
    for where in ("top", "bottom"):
        if where in known:
            lines.append(Text(f"You scouted the {where} card: {discovery_text(known[where])}"))
    return _part("board", "The New World", Group(*lines))


# ---- the event boxes ------------------------------------------------------------------------
def _discovery_box(players: list[dict]) -> Text:
    """The workers waiting in the Discovery box, one line per player."""
    out = Text()
    for view in players:
        if view["discovery_box"]:
            if out.plain:
                out.append("\n")
            out.append_text(mark(view["seat"]))
            out.append(" " + workers_text(view["discovery_box"]))
    return out if out.plain else Text("-", style="dim")


def _specialists(obs: dict) -> Text:
    """The Specialists box, one line per space: "Missionary: ●1 Colonist"."""
    spaces = obs["boxes"]["specialists"]
    names = ["missionary", "merchant", "soldier", "captain"]
    names += ["builder"] if obs["options"].get("builders") else []
    out = Text()
    for i, space in enumerate([*names, "training"]):
        item = spaces.get(space)
        out.append(("\n" if i else "") + f"{space.capitalize()}: ")
        out.append_text(_seat_workers([item] if item else []))
    return out


def _dock_spaces(boxes: dict) -> Text:
    """Who holds the X and Y spaces of the Colonist Dock."""
    out = Text()
    for key, space in (("dock_x", "X"), ("dock_y", "Y")):
        if boxes[key] is not None:
            out.append(f" · {space}: ")
            out.append_text(mark(boxes[key]))
    return out


def _offer(text: str) -> Text:
    return Text(f" · offer: {text}" if text else "", style="italic")


def boxes_part(obs: dict) -> ScreenPart:
    boxes = obs["boxes"]
    table = _two_columns("Event box")
    n_buildings = len(boxes["buildings_offer"])
    rows: list[tuple[str, Text]] = [
        ("Initiative", _seat_workers(boxes["initiative"])),
        ("Colonist Dock", _seat_workers(boxes["dock"]).append_text(_dock_spaces(boxes))),
        (
            "Trade Goods",
            _seat_workers(boxes["trade_goods"]).append_text(
                _offer(", ".join(good_name(g) for g in boxes["trade_goods_offer"]))
            ),
        ),
        (
            "Merchant Shipping",
            _seat_workers(boxes["shipping"]).append_text(
                _offer("a Merchant Ship" if boxes["merchant_ship_waiting"] else "")
            ),
        ),
        (
            "Capital Buildings",
            _seat_workers(boxes["buildings"]).append_text(
                _offer(plural(n_buildings, "building") if n_buildings else "")
            ),
        ),
        ("Discovery", _discovery_box(obs["players"])),
    ]
    if obs["options"].get("builders") or boxes["mayflower"]:
        rows.insert(2, ("Mayflower", _seat_workers(boxes["mayflower"])))
    rows.append(("Specialists", _specialists(obs)))
    rows.append(("Warfare", _seat_workers(boxes["warfare"])))
    for name, cell in rows:
        table.add_row(name, cell)
    return _part("boxes", "Event boxes", table)


def offer_part(obs: dict) -> ScreenPart | None:
    offer = obs["boxes"]["buildings_offer"]
    if not offer:
        return None
    lines = []
    for b in offer:
        kind = _BUILDING_TYPES.get(b["type"], b["type"])
        line = Text.assemble((b["name"], "bold"), f" ${b['price']} ({kind}): ")
        line.append(b["text"], style="dim")
        lines.append(line)
    return _part("offer", "Capital Buildings on offer", Group(*lines))


# ---- player mats ----------------------------------------------------------------------------
def _goods_text(view: dict) -> str:
    goods = [good_name(g) + (f" x{n}" if n > 1 else "") for g, n in view["goods"].items()]
    if view["merchant_ships"]:
        goods.append(plural(view["merchant_ships"], "Ship"))
    return ", ".join(goods) or "none"


def _score_text(row: dict) -> str:
    parts = [f"{_SCORE_NAMES[k]} {v}" for k, v in row.items() if k in _SCORE_NAMES and v]
    return f"{row['total']} VP" + (f" ({', '.join(parts)})" if parts else "")


def _buildings_lines(view: dict) -> list[Text]:
    """One paragraph per building: its printed name in bold, then its effect, unless the effect
    is spent (an Immediate building, a One-time one used) and nothing is left to score."""
    used = set(view["buildings_used"])
    lines = []
    for bid in view["buildings"]:
        b = BUILDINGS[BUILDING_INDEX[bid]]
        kind = _BUILDING_TYPES.get(b.type, b.type)
        if (b.type == "immediate" or bid in used) and b.end_vp is None:
            vp = f", {b.vp} VP at game end" if b.vp else ""
            lines.append(Text.assemble((b.name, "bold"), (f" ({kind}, done{vp})", "dim")))
            continue
        line = Text.assemble((b.name, "bold"), f" ({kind}): ")
        line.append(b.text, style="dim")
        lines.append(line)
    return lines


def _mat_lines(view: dict, score: dict) -> list[RenderableType]:
    lines: list[RenderableType] = [
        Text(f"${view['money']} · {_score_text(score)}", style="bold"),
        Text(f"Available workers: {workers_text(view['available'])}"),
        Text(f"Supply: {workers_text(view['supply'])}", style="dim"),
        Text(f"Trade Goods: {_goods_text(view)}"),
    ]
    if view["discovery_box"]:
        lines.append(Text(f"In the Discovery box: {workers_text(view['discovery_box'])}"))
    if view["nation"]:
        nation = _NATION_INDEX[view["nation"]]
        lines.append(
            Text(
                f"National Advantage: {_NATION_NAMES[view['nation']]}: {POWERS[nation]} "
                f"({plural(view['advantage_uses_left'], 'use')} left)"
            )
        )
    for found in view["discoveries"]:
        lines.append(Text(f"Discovered: {discovery_text(found)}"))
    if view["buildings"]:
        lines.append(Text(f"Capital Buildings ({len(view['buildings'])}):"))
        lines += _buildings_lines(view)
    else:
        lines.append(Text("Capital Buildings: none", style="dim"))
    return lines


def own_part(obs: dict) -> ScreenPart | None:
    seat = obs["player"]
    if seat is None:
        return None
    title = f"Your player mat {seat_mark(seat)} ({seat_colour(seat)})"
    body = Group(*_mat_lines(obs["players"][seat], obs["scores"][seat]))
    return _part("you", title, body, own=True)


def players_part(obs: dict) -> ScreenPart:
    lines: list[RenderableType] = []
    for view, score in zip(obs["players"], obs["scores"], strict=True):
        head = mark(view["seat"])
        if view["nation"]:
            head.append(f" {_NATION_SHORT.get(view['nation'], view['nation'].capitalize())}")
        if view["seat"] == obs["player"]:
            head.append(" (you)")
        to_place = sum(view["available"].values())
        found = len(view["discoveries"])
        head.append(
            f" · ${view['money']} · {score['total']} VP · {to_place} to place · "
            f"{found} discover{'y' if found == 1 else 'ies'}"
        )
        lines.append(head)
        lines.append(Text(f"  Trade Goods: {_goods_text(view)}"))
        names = ", ".join(building_name(b) for b in view["buildings"]) or "none"
        lines.append(Text(f"  Capital Buildings: {names}", style="dim"))
    return _part("players", "Player mats", Group(*lines))


# ---- the expedition -------------------------------------------------------------------------
def _target(obs: dict, target: str) -> tuple[str, dict | None]:
    """The name of an expedition's target and its counter or card when the viewer knows it."""
    if target == "deck":
        known = (obs.get("scouted_deck") or {}).get("top")
        return "the Discovery deck", known
    region = obs["regions"][REGION_IDS.index(target)]
    counter = region["counter"]
    return REGION_NAMES[REGION_IDS.index(target)], counter if isinstance(counter, dict) else None


def strength(view: dict, members: dict[str, int]) -> int:
    """An expedition's value: a Captain counts 2 (3 with Magellan), any other worker 1."""
    captain = 3 if "magellan" in view["buildings"] else 2
    return sum(n * (captain if w == "captain" else 1) for w, n in members.items())


def resistance(view: dict, printed: int) -> int:
    """The Resistance a player's expedition meets (1 less with Plague, Age I)."""
    return printed - 1 if "plague_1" in view["buildings"] else printed


def expedition_part(obs: dict) -> ScreenPart | None:
    d = obs.get("decision") or {}
    if d.get("kind") not in ("expedition_target", "expedition_members"):
        return None
    p = d["player"]
    view = obs["players"][p]
    who = mark(p)
    if d["kind"] == "expedition_target":
        line = Text.assemble(who, f" may send {workers_text(view['discovery_box'])} ")
        line.append(f"(strength up to {strength(view, view['discovery_box'])})")
        return _part("expedition", "Expedition", line)
    name, known = _target(obs, d["target"])
    members = d.get("members") or {}
    line = Text.assemble(who, f" explores {name} with {workers_text(members)}: ")
    line.append(f"strength {strength(view, members)}", style="bold")
    if "resistance" in d:  # Portuguese Explorers
        line.append(f" against Resistance {d['resistance']}")
    elif known is not None:
        line.append(f" against Resistance {resistance(view, known['resistance'])}")
        line.append(
            f" (reward ${known['plunder']} + ${known['per_soldier']} per Soldier, {known['vp']} VP)"
        )
    else:
        line.append(" against an unknown Resistance")
    left = {w: n - members.get(w, 0) for w, n in view["discovery_box"].items()}
    rest = Text(f"Still in the Discovery box: {workers_text(left)}", style="dim")
    return _part("expedition", "Expedition", Group(line, rest))


def scores_part(obs: dict) -> ScreenPart | None:
    """The final scores by category, one column per player (narrow enough for 6 players)."""
    if not obs["terminal"]:
        return None
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("VP")
    for p in range(obs["num_players"]):
        table.add_column(mark(p), justify="right")
    for key, name in _SCORE_NAMES.items():
        table.add_row(name, *(str(row[key]) for row in obs["scores"]))
    table.add_row("Total", *(str(row["total"]) for row in obs["scores"]), style="bold")
    return _part("scores", "Final scores", table)


# ---- the contract ---------------------------------------------------------------------------
def screen_parts(obs: dict) -> list[ScreenPart]:
    """The panels of the screen of ``obs``'s viewer (a seat, or None for a spectator)."""
    parts = [
        own_part(obs),
        expedition_part(obs),
        scores_part(obs),
        track_part(obs),
        new_world_part(obs),
        boxes_part(obs),
        offer_part(obs),
        players_part(obs),
    ]
    return focus([p for p in parts if p is not None], obs, FOCUS)


# the panel a decision is about, by decision kind (besides the "decision" panel itself)
# The panels a decision is about (shown first to the seat deciding).
FOCUS = {
    "expedition_target": ("expedition",),
    "expedition_members": ("expedition",),
    "buy_building": ("offer",),
}


def decision_help(obs: dict) -> DecisionHelp:
    d = obs.get("decision")
    return _help(d["kind"] if d else None)
