"""Empires: Age of Discovery on a terminal screen (the contract of :mod:`empires.core.screen`):
the panels of one seat's screen, built from that seat's observation only, everything named as
printed on the components, in the viewer's language (``lang``: the gettext catalogues of
:mod:`empires.i18n`; every label below is marked for them, the engine's words are translated
with :func:`empires.i18n.translate` (exact catalogue entries: printed names, phases) and
:func:`empires.i18n.render` (messages); nothing here reads English back).

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

from empires.core.screen import (
    DecisionHelp,
    ScreenPart,
    focus,
    localize_help,
    seat_colour,
    seat_mark,
)
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
from empires.i18n import DEFAULT, N_, render, translate, translate_in

WORKER_NAMES = {w: w.capitalize() for w in WORKERS}
_AGES = {1: "I", 2: "II", 3: "III"}
_BUILDING_TYPES = {
    "immediate": N_("Immediate"),
    "one_time": N_("One-time"),
    "ongoing": N_("Ongoing"),
}
_NATION_NAMES = {
    "england": N_("England"),
    "spain": N_("Spain"),
    "france": N_("France"),
    "portugal": N_("Portugal"),
    "holland": N_("Holland"),
    "italy": N_("Italian City-States"),
}
_NATION_SHORT = {"italy": N_("Italy")}
_NATION_INDEX = {nid: i for i, nid in enumerate(_NATION_NAMES)}
_SCORE_NAMES = {
    "colonies_age1": N_("Colonies I"),
    "colonies_age2": N_("Colonies II"),
    "colonies_age3": N_("Colonies III"),
    "discoveries": N_("Discoveries"),
    "buildings": N_("Buildings"),
    "economy": N_("Economy"),
    "bought_vp": N_("Bought"),
}
# A count of workers (a plural message: each language chooses its form).
WORKER_COUNTS = {
    "Colonist": (N_("{n} Colonist"), N_("{n} Colonists")),
    "Captain": (N_("{n} Captain"), N_("{n} Captains")),
    "Merchant": (N_("{n} Merchant"), N_("{n} Merchants")),
    "Missionary": (N_("{n} Missionary"), N_("{n} Missionaries")),
    "Soldier": (N_("{n} Soldier"), N_("{n} Soldiers")),
    "Builder": (N_("{n} Builder"), N_("{n} Builders")),
}
# Words a count goes with (singular, plural), and the rules' names the screen writes itself.
PLURALS = {
    "building": (N_("{n} building"), N_("{n} buildings")),
    "use": (N_("{n} use"), N_("{n} uses")),
    "Ship": (N_("{n} Ship"), N_("{n} Ships")),
    "discovery": (N_("{n} discovery"), N_("{n} discoveries")),
}
_OPTION_WORDS = (
    N_("{edition} edition"),
    N_("random"),
    N_("auction"),
    N_("Two player"),
    N_("Reduced luck"),
    N_("No survivors"),
    N_("Scouting"),
    N_("Advanced reconnaissance"),
    N_("Order auction"),
)


# ---- words ----------------------------------------------------------------------------------
def mark(seat: int) -> Text:
    """A seat's symbol and number in its colour (never the colour alone)."""
    return Text(seat_mark(seat), style=f"bold {seat_colour(seat)}")


def good_name(good_id: str, lang: str = DEFAULT) -> str:
    return translate(good_id.capitalize(), lang)


def building_name(building_id: str, lang: str = DEFAULT) -> str:
    return translate(BUILDINGS[BUILDING_INDEX[building_id]].name, lang)


def plural(n: int, word: str, lang: str = DEFAULT) -> str:
    """``n`` and ``word`` (a worker's name: a key of :data:`WORKER_COUNTS`, or a key of
    :data:`PLURALS`) in ``lang``."""
    if word in PLURALS:
        one, many = PLURALS[word]
        return translate(one if n == 1 else many, lang, n=n)
    forms = WORKER_COUNTS[word]
    return render({"msg": forms[0], "plural": forms[1], "args": {"n": n}}, lang)


def workers_text(counts: dict[str, int], lang: str = DEFAULT) -> str:
    """``{"colonist": 2, "soldier": 1}`` as "2 Colonists, 1 Soldier" ("none" when empty)."""
    parts = [plural(n, WORKER_NAMES[w], lang) for w, n in counts.items() if n]
    return ", ".join(parts) or translate("none", lang)


def reward_text(c: dict, lang: str = DEFAULT) -> str:
    """A Discovery counter's or card's numbers, as the event narration words them."""
    return translate(
        "Resistance {resistance}; ${plunder} + ${per_soldier} per Soldier, {vp} VP",
        lang,
        resistance=c["resistance"],
        plunder=c["plunder"],
        per_soldier=c["per_soldier"],
        vp=c["vp"],
    )


def discovery_text(c: dict, lang: str = DEFAULT) -> str:
    """A counter or card the viewer knows: "Discovery counter (Resistance 2; ...)"."""
    if c["id"] == c["name"]:
        name = translate("Discovery counter", lang)
    else:
        name = translate(c["name"], lang)
    return f"{name} ({reward_text(c, lang)})"


def _seat_workers(items: Iterable[dict], lang: str) -> Text:
    """Workers in a box, in placement order: "●1 Colonist, ■2 Soldier"."""
    out = Text()
    for i, item in enumerate(items):
        if i:
            out.append(", ")
        out.append_text(mark(item["player"]))
        out.append(" " + translate(WORKER_NAMES[item["worker"]], lang))
    return out if out.plain else Text("-", style="dim")


def _lines(renderable: RenderableType) -> int:
    """The height of ``renderable`` at 80 columns."""
    console = Console(width=80, record=False, color_system=None, file=None)
    return len(console.render_lines(renderable, console.options.update(width=80), pad=False))


def _part(key: str, title: str, body: RenderableType, own: bool = False) -> ScreenPart:
    return ScreenPart(key, title, body, own=own, lines=_lines(body))


# ---- the turn track -------------------------------------------------------------------------
def _rules_text(options: dict, lang: str) -> str:
    parts = [translate("{edition} edition", lang, edition=options["edition"])]
    if options.get("builders"):
        parts.append(translate("Builder expansion", lang))
    if options.get("buy_vp"):
        parts.append(translate("buying VP", lang))
    if options.get("nations", "off") != "off":
        mode = options["nations"]
        nations = translate(mode, lang)
        parts.append(translate("National Advantages ({nations})", lang, nations=nations))
    parts += [
        translate(v.replace("-", " ").capitalize(), lang) for v in options.get("variants", [])
    ]
    return ", ".join(parts)


def _auction_lines(obs: dict, lang: str) -> list[Text]:
    out = []
    names = (
        ("auction", translate("Starting-order auction", lang)),
        ("nations_auction", translate("Boards", lang)),
    )
    for key, name in names:
        auction = obs.get(key)
        if not auction or not any(auction["bids"]) and not auction["passed"]:
            continue
        line = Text(f"{name}: ")
        passed = translate("passed", lang)
        for p, bid in enumerate(auction["bids"]):
            line.append_text(mark(p))
            line.append(f" {passed}  " if p in auction["passed"] else f" ${bid}  ")
        out.append(line)
    return out


def _phase(obs: dict, lang: str) -> str:
    step = BOX_NAMES.get(obs["step"])
    phase = translate(obs["phase"], lang)
    if step and obs["phase"].startswith("Phase 2"):
        return f"{phase} - {translate(step, lang)}"
    return phase


def track_part(obs: dict, lang: str = DEFAULT) -> ScreenPart:
    turn, age = obs["turn"], obs["age"]
    price = BUILDING_COST[age]
    head = Text(
        translate(
            "Turn {turn} of {turns} · Age {age} · {phase}",
            lang,
            turn=turn,
            turns=TURNS,
            age=_AGES[age],
            phase=_phase(obs, lang),
        ),
        style="bold",
    )
    order = Text(translate("Player order:", lang) + " ")
    for i, p in enumerate(obs["order"]):
        order.append(" " if i else "")
        order.append_text(mark(p))
    scoring = ", ".join(str(t) for t in SCORING_TURNS)
    order.append(
        " · "
        + translate(
            "colony scoring after turns {turns} · buildings ${price}",
            lang,
            turns=scoring,
            price=price,
        )
    )
    hidden = obs["hidden"]
    stock = Text(
        translate(
            "Discovery deck {deck} · unused counters {counters} · Trade Goods pool {pool} · "
            "Merchant Ships in supply {ships}",
            lang,
            deck=hidden["discovery_deck"],
            counters=hidden["unused_counters"],
            pool=hidden["trade_goods_pool"],
            ships=obs["merchant_ships_in_supply"],
        ),
        style="dim",
    )
    rules = Text(
        translate("Rules: {rules}", lang, rules=_rules_text(obs["options"], lang)), style="dim"
    )
    body = Group(head, order, *_auction_lines(obs, lang), stock, rules)
    return _part("track", translate("Turn track", lang), body)


# ---- the New World --------------------------------------------------------------------------
def _colonies(workers: list[dict], lang: str) -> Text:
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
            out.append(f" ({workers_text(special, lang)})")
    return out if out.plain else Text(translate("no colonies", lang), style="dim")


def _counter_cell(region: dict, lang: str) -> Text:
    counter = region["counter"]
    if region["discovered"]:
        return _colonies(region["workers"], lang)
    if counter is None:
        return Text(translate("no counter", lang), style="dim")
    if counter == "face-down":
        return Text(translate("Discovery counter, face down", lang), style="dim")
    text = Text(reward_text(counter, lang))
    if counter.get("scouted"):
        text.append(" (" + translate("scouted", lang) + ")", style="italic")
    return text


def _two_columns(label: str) -> Table:
    """A table of a label column that never wraps and a column that wraps: readable from 40
    columns on."""
    table = Table(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column(label, no_wrap=True, style="bold")
    table.add_column("")
    return table


def new_world_part(obs: dict, lang: str = DEFAULT) -> ScreenPart:
    table = _two_columns("Region")
    for region in obs["regions"]:
        good = good_name(region["trade_good"], lang) if region["trade_good"] else None
        cell = Text(
            f"{good or translate('good taken', lang)} · ",
            style="" if region["trade_good"] else "dim",
        )
        cell.append_text(_counter_cell(region, lang))
        table.add_row(translate(region["name"], lang), cell)
    lines: list[RenderableType] = [table]
    deck = obs["hidden"]["discovery_deck"]
    if all(r["discovered"] for r in obs["regions"]):
        lines.append(
            Text(
                translate(
                    "Every region is discovered: the Discovery deck ({deck} cards) is used.",
                    lang,
                    deck=deck,
                )
            )
        )
    known = obs.get("scouted_deck") or {}
    scouted = {
        "top": N_("You scouted the top card: {card}"),
        "bottom": N_("You scouted the bottom card: {card}"),
    }
    for where, words in scouted.items():
        if where in known:
            found = discovery_text(known[where], lang)
            lines.append(Text(translate(words, lang, card=found)))
    return _part("board", translate("The New World", lang), Group(*lines))


# ---- the event boxes ------------------------------------------------------------------------
def _discovery_box(players: list[dict], lang: str) -> Text:
    """The workers waiting in the Discovery box, one line per player."""
    out = Text()
    for view in players:
        if view["discovery_box"]:
            if out.plain:
                out.append("\n")
            out.append_text(mark(view["seat"]))
            out.append(" " + workers_text(view["discovery_box"], lang))
    return out if out.plain else Text("-", style="dim")


def _specialists(obs: dict, lang: str) -> Text:
    """The Specialists box, one line per space: "Missionary: ●1 Colonist"."""
    spaces = obs["boxes"]["specialists"]
    names = ["missionary", "merchant", "soldier", "captain"]
    names += ["builder"] if obs["options"].get("builders") else []
    out = Text()
    for i, space in enumerate([*names, "training"]):
        item = spaces.get(space)
        out.append(("\n" if i else "") + f"{translate(space.capitalize(), lang)}: ")
        out.append_text(_seat_workers([item] if item else [], lang))
    return out


def _dock_spaces(boxes: dict) -> Text:
    """Who holds the X and Y spaces of the Colonist Dock."""
    out = Text()
    for key, space in (("dock_x", "X"), ("dock_y", "Y")):
        if boxes[key] is not None:
            out.append(f" · {space}: ")
            out.append_text(mark(boxes[key]))
    return out


def _offer(text: str, lang: str) -> Text:
    return Text(" · " + translate("offer: {what}", lang, what=text) if text else "", "italic")


def _box_rows(obs: dict, lang: str) -> list[tuple[str, Text]]:
    boxes = obs["boxes"]
    n_buildings = len(boxes["buildings_offer"])
    goods = ", ".join(good_name(g, lang) for g in boxes["trade_goods_offer"])
    ship = translate("a Merchant Ship", lang) if boxes["merchant_ship_waiting"] else ""
    buildings = plural(n_buildings, "building", lang) if n_buildings else ""
    rows: list[tuple[str, Text]] = [
        ("Initiative", _seat_workers(boxes["initiative"], lang)),
        (
            "Colonist Dock",
            _seat_workers(boxes["dock"], lang).append_text(_dock_spaces(boxes)),
        ),
        (
            "Trade Goods",
            _seat_workers(boxes["trade_goods"], lang).append_text(_offer(goods, lang)),
        ),
        (
            "Merchant Shipping",
            _seat_workers(boxes["shipping"], lang).append_text(_offer(ship, lang)),
        ),
        (
            "Capital Buildings",
            _seat_workers(boxes["buildings"], lang).append_text(_offer(buildings, lang)),
        ),
        ("Discovery", _discovery_box(obs["players"], lang)),
    ]
    if obs["options"].get("builders") or boxes["mayflower"]:
        rows.insert(2, ("Mayflower", _seat_workers(boxes["mayflower"], lang)))
    rows.append(("Specialists", _specialists(obs, lang)))
    rows.append(("Warfare", _seat_workers(boxes["warfare"], lang)))
    return rows


def boxes_part(obs: dict, lang: str = DEFAULT) -> ScreenPart:
    table = _two_columns("Event box")
    for name, cell in _box_rows(obs, lang):
        table.add_row(translate(name, lang), cell)
    return _part("boxes", translate("Event boxes", lang), table)


def offer_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    offer = obs["boxes"]["buildings_offer"]
    if not offer:
        return None
    lines = []
    for b in offer:
        kind = translate(_BUILDING_TYPES.get(b["type"], b["type"]), lang)
        name = translate(b["name"], lang)
        line = Text.assemble((name, "bold"), f" ${b['price']} ({kind}): ")
        line.append(translate(b["text"], lang), style="dim")
        lines.append(line)
    return _part("offer", translate("Capital Buildings on offer", lang), Group(*lines))


# ---- player mats ----------------------------------------------------------------------------
def _goods_text(view: dict, lang: str) -> str:
    goods = [good_name(g, lang) + (f" x{n}" if n > 1 else "") for g, n in view["goods"].items()]
    if view["merchant_ships"]:
        goods.append(plural(view["merchant_ships"], "Ship", lang))
    return ", ".join(goods) or translate_in("goods", "none", lang)


def _score_text(row: dict, lang: str) -> str:
    parts = [
        f"{translate(_SCORE_NAMES[k], lang)} {v}" for k, v in row.items() if k in _SCORE_NAMES and v
    ]
    return f"{row['total']} {translate('VP', lang)}" + (f" ({', '.join(parts)})" if parts else "")


def _buildings_lines(view: dict, lang: str) -> list[Text]:
    """One paragraph per building: its printed name in bold, then its effect, unless the effect
    is spent (an Immediate building, a One-time one used) and nothing is left to score."""
    used = set(view["buildings_used"])
    lines = []
    for bid in view["buildings"]:
        b = BUILDINGS[BUILDING_INDEX[bid]]
        kind = translate(_BUILDING_TYPES.get(b.type, b.type), lang)
        name = translate(b.name, lang)
        if (b.type == "immediate" or bid in used) and b.end_vp is None:
            vp = ", " + translate("{vp} VP at game end", lang, vp=b.vp) if b.vp else ""
            done = translate("({kind}, done{vp})", lang, kind=kind, vp=vp)
            lines.append(Text.assemble((name, "bold"), (f" {done}", "dim")))
            continue
        line = Text.assemble((name, "bold"), f" ({kind}): ")
        line.append(translate(b.text, lang), style="dim")
        lines.append(line)
    return lines


def _nation_line(view: dict, lang: str) -> Text:
    nation = _NATION_INDEX[view["nation"]]
    name = _NATION_NAMES[view["nation"]]
    return Text(
        translate(
            "National Advantage: {nation}: {power} ({uses} left)",
            lang,
            nation=translate(name, lang),
            power=translate(POWERS[nation], lang),
            uses=plural(view["advantage_uses_left"], "use", lang),
        )
    )


def _mat_lines(view: dict, score: dict, lang: str) -> list[RenderableType]:
    def line(text: str, style: str = "", **values: object) -> Text:
        return Text(translate(text, lang, **values), style=style)

    lines: list[RenderableType] = [
        Text(f"${view['money']} · {_score_text(score, lang)}", style="bold"),
        line(N_("Available workers: {workers}"), workers=workers_text(view["available"], lang)),
        line(N_("Supply: {workers}"), "dim", workers=workers_text(view["supply"], lang)),
        line(N_("Trade Goods: {goods}"), goods=_goods_text(view, lang)),
    ]
    if view["discovery_box"]:
        box = workers_text(view["discovery_box"], lang)
        lines.append(line(N_("In the Discovery box: {workers}"), workers=box))
    if view["nation"]:
        lines.append(_nation_line(view, lang))
    for found in view["discoveries"]:
        lines.append(line(N_("Discovered: {what}"), what=discovery_text(found, lang)))
    if view["buildings"]:
        lines.append(line(N_("Capital Buildings ({n}):"), n=len(view["buildings"])))
        lines += _buildings_lines(view, lang)
    else:
        lines.append(line(N_("Capital Buildings: none"), "dim"))
    return lines


def own_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    seat = obs["player"]
    if seat is None:
        return None
    title = translate(
        "Your player mat {mark} ({colour})",
        lang,
        mark=seat_mark(seat),
        colour=translate(seat_colour(seat), lang),
    )
    body = Group(*_mat_lines(obs["players"][seat], obs["scores"][seat], lang))
    return _part("you", title, body, own=True)


def _mat_head(obs: dict, view: dict, score: dict, lang: str) -> Text:
    head = mark(view["seat"])
    if view["nation"]:
        short = _NATION_SHORT.get(view["nation"], _NATION_NAMES[view["nation"]])
        head.append(f" {translate(short, lang)}")
    if view["seat"] == obs["player"]:
        head.append(f" ({translate('you', lang)})")
    to_place = sum(view["available"].values())
    head.append(
        " · "
        + translate(
            "${money} · {vp} VP · {n} to place · {found}",
            lang,
            money=view["money"],
            vp=score["total"],
            n=to_place,
            found=plural(len(view["discoveries"]), "discovery", lang),
        )
    )
    return head


def players_part(obs: dict, lang: str = DEFAULT) -> ScreenPart:
    lines: list[RenderableType] = []
    for view, score in zip(obs["players"], obs["scores"], strict=True):
        lines.append(_mat_head(obs, view, score, lang))
        goods = translate("Trade Goods: {goods}", lang, goods=_goods_text(view, lang))
        lines.append(Text(f"  {goods}"))
        names = ", ".join(building_name(b, lang) for b in view["buildings"]) or translate(
            "none", lang
        )
        built = translate("Capital Buildings: {names}", lang, names=names)
        lines.append(Text(f"  {built}", style="dim"))
    return _part("players", translate("Player mats", lang), Group(*lines))


# ---- the expedition -------------------------------------------------------------------------
def _target(obs: dict, target: str, lang: str) -> tuple[str, dict | None]:
    """The name of an expedition's target and its counter or card when the viewer knows it."""
    if target == "deck":
        known = (obs.get("scouted_deck") or {}).get("top")
        return translate("the Discovery deck", lang), known
    region = obs["regions"][REGION_IDS.index(target)]
    counter = region["counter"]
    name = translate(REGION_NAMES[REGION_IDS.index(target)], lang)
    return name, counter if isinstance(counter, dict) else None


def strength(view: dict, members: dict[str, int]) -> int:
    """An expedition's value: a Captain counts 2 (3 with Magellan), any other worker 1."""
    captain = 3 if "magellan" in view["buildings"] else 2
    return sum(n * (captain if w == "captain" else 1) for w, n in members.items())


def resistance(view: dict, printed: int) -> int:
    """The Resistance a player's expedition meets (1 less with Plague, Age I)."""
    return printed - 1 if "plague_1" in view["buildings"] else printed


def _against(obs: dict, d: dict, view: dict, known: dict | None, lang: str) -> str:
    """What an expedition being formed is up against, and its reward when known."""
    if "resistance" in d:  # Portuguese Explorers
        return " " + translate("against Resistance {n}", lang, n=d["resistance"])
    if known is None:
        return " " + translate("against an unknown Resistance", lang)
    against = translate("against Resistance {n}", lang, n=resistance(view, known["resistance"]))
    reward = translate(
        "(reward ${plunder} + ${per_soldier} per Soldier, {vp} VP)",
        lang,
        plunder=known["plunder"],
        per_soldier=known["per_soldier"],
        vp=known["vp"],
    )
    return f" {against} {reward}"


def expedition_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    d = obs.get("decision") or {}
    if d.get("kind") not in ("expedition_target", "expedition_members"):
        return None
    p = d["player"]
    view = obs["players"][p]
    who = mark(p)
    title = translate("Expedition", lang)
    box = view["discovery_box"]
    if d["kind"] == "expedition_target":
        may = translate("may send {workers}", lang, workers=workers_text(box, lang))
        line = Text.assemble(who, f" {may} ")
        line.append(translate("(strength up to {n})", lang, n=strength(view, box)))
        return _part("expedition", title, line)
    name, known = _target(obs, d["target"], lang)
    members = d.get("members") or {}
    explores = translate(
        "explores {region} with {workers}:", lang, region=name, workers=workers_text(members, lang)
    )
    line = Text.assemble(who, f" {explores} ")
    line.append(translate("strength {n}", lang, n=strength(view, members)), style="bold")
    line.append(_against(obs, d, view, known, lang))
    left = {w: n - members.get(w, 0) for w, n in box.items()}
    still = translate(
        "Still in the Discovery box: {workers}", lang, workers=workers_text(left, lang)
    )
    return _part("expedition", title, Group(line, Text(still, style="dim")))


def scores_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    """The final scores by category, one column per player (narrow enough for 6 players)."""
    if not obs["terminal"]:
        return None
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column(translate("VP", lang))
    for p in range(obs["num_players"]):
        table.add_column(mark(p), justify="right")
    for key, name in _SCORE_NAMES.items():
        table.add_row(translate(name, lang), *(str(row[key]) for row in obs["scores"]))
    total = translate("Total", lang)
    table.add_row(total, *(str(row["total"]) for row in obs["scores"]), style="bold")
    return _part("scores", translate("Final scores", lang), table)


# ---- the contract ---------------------------------------------------------------------------
def screen_parts(obs: dict, lang: str = DEFAULT) -> list[ScreenPart]:
    """The panels of the screen of ``obs``'s viewer (a seat, or None for a spectator), in
    ``lang``."""
    parts = [
        own_part(obs, lang),
        expedition_part(obs, lang),
        scores_part(obs, lang),
        track_part(obs, lang),
        new_world_part(obs, lang),
        boxes_part(obs, lang),
        offer_part(obs, lang),
        players_part(obs, lang),
    ]
    return focus([p for p in parts if p is not None], obs, FOCUS)


# The panels a decision is about (shown first to the seat deciding), by decision kind (besides
# the "decision" panel itself).
FOCUS = {
    "expedition_target": ("expedition",),
    "expedition_members": ("expedition",),
    "buy_building": ("offer",),
}


def decision_help(obs: dict, lang: str = DEFAULT) -> DecisionHelp:
    d = obs.get("decision")
    return localize_help(_help(d["kind"] if d else None), lang)
