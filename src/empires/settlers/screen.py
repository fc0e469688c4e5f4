"""Imperial Settlers on a terminal screen (the contract of :mod:`empires.core.screen`): the panels
of one seat's screen, built from that seat's observation only (another player's hand is never in
it), everything named as printed on the cards, in the viewer's language (``lang``: the labels,
the engine's words and the cards as exact entries of the gettext catalogues of
:mod:`empires.i18n`, counts of goods as plural messages; no English is parsed).

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

from empires.core.screen import (
    DecisionHelp,
    ScreenPart,
    focus,
    localize_help,
    seat_colour,
    seat_mark,
)
from empires.i18n import DEFAULT, N_, render, translate
from empires.settlers.decision_help import decision_help as _help
from empires.settlers.narration import GOOD_NAMES
from empires.settlers.observation import GOOD_COUNTS, good_count

ROUNDS = 5
ROWS = (("production", N_("Production")), ("feature", N_("Feature")), ("action", N_("Action")))
_SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defense")
_SUPPLY_NAMES = {"worker": N_("Workers"), "raze": N_("Raze"), "defense": N_("Defense")}
_SCORE_NAMES = {
    "vp": N_("VP track"),
    "common_locations": N_("Common"),
    "faction_locations": N_("Faction"),
    "shrine": N_("Shrine"),
    "gate": N_("Gate"),
}
_UNKNOWN = "unknown (no public source gives it; played without it)"
_SOURCE_MARKS = {"unverified": "?", "house": "(house)"}
LEGENDS = {
    "unverified": N_("? its ability is unknown (no public source); played without it"),
    "house": N_("(house) its ability comes from a house card file, not the printed card"),
}
_TOKENS = (("defense", N_("Defense")), ("samurai", N_("Samurai")), ("blocked", N_("blocked")))
# The goods' names as the screen counts them (GOOD_NAMES, and their plurals).
_GOOD_WORDS = (
    N_("VP"),
    N_("Gold"),
    N_("Raze token"),
    N_("Raze tokens"),
    N_("Defense token"),
    N_("Defense tokens"),
    N_("Common card"),
    N_("Common cards"),
    N_("Faction card"),
    N_("Faction cards"),
    N_("Samurais"),
    N_("free"),
    N_("unknown"),
    N_("(house)"),
)
_VARIANT_NAMES = (N_("Alternate lookout"), N_("Advanced lookout"), N_("Peaceful"))
_FACTION_NAMES = (N_("Romans"), N_("Barbarians"), N_("Egyptians"), N_("Japanese"))


# ---- words ----------------------------------------------------------------------------------
def mark(seat: int) -> Text:
    """A seat's symbol and number in its colour (never the colour alone)."""
    return Text(seat_mark(seat), style=f"bold {seat_colour(seat)}")


def good_name(good: str, n: int = 1, lang: str = DEFAULT) -> str:
    """``n`` of ``good`` ("2 Workers"), the plural as ``lang`` makes it."""
    if good not in GOOD_COUNTS:
        return f"{n} {good.replace('_', ' ')}"
    return render(good_count(good, n), lang)


def goods_list(goods: list[str], lang: str = DEFAULT) -> str:
    """``["wood", "wood", "vp"]`` as "2 Wood, 1 VP"."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return ", ".join(good_name(g, n, lang) for g, n in counts.items()) or "-"


def supply_text(goods: dict[str, int], lang: str = DEFAULT) -> str:
    """A player's supply, every kind shown (0 included) so the numbers stay in place."""
    return " · ".join(
        f"{translate(_SUPPLY_NAMES.get(g, GOOD_NAMES[g]), lang)} {goods.get(g, 0)}" for g in _SUPPLY
    )


def card_kind(view: dict, lang: str = DEFAULT) -> str:
    """ "brown Action", "red Production", "Feature" (no colour); in another language as its
    catalogue has it, else the kind then each colour ("Producción roja marrón gris")."""
    colours = view.get("colors") or []
    english = " ".join([*colours, view["type"].capitalize()])
    found = translate(english, lang)
    if found != english or lang == DEFAULT:
        return found
    words = [view["type"].capitalize(), *colours]
    return " ".join(translate(w, lang) for w in words)


def cost_text(view: dict, lang: str = DEFAULT) -> str:
    """The card view's cost ("1 wood, a Location") as printed ("1 Wood, a Location")."""
    parts = []
    for part in view["cost"].split(", "):
        n, _, good = part.partition(" ")
        parts.append(good_name(good, int(n), lang) if n.isdigit() else translate(part, lang))
    return ", ".join(parts)


def source_mark(view: dict, lang: str = DEFAULT) -> str:
    return translate(_SOURCE_MARKS.get(view.get("source", "printed"), ""), lang)


def _lines(renderable: RenderableType) -> int:
    """The height of ``renderable`` at 80 columns."""
    console = Console(width=80, color_system=None)
    return len(console.render_lines(renderable, console.options.update(width=80), pad=False))


def _part(key: str, title: str, body: RenderableType, own: bool = False) -> ScreenPart:
    return ScreenPart(key, title, body, own=own, lines=_lines(body))


# ---- cards ----------------------------------------------------------------------------------
def _card_text(view: dict, lang: str) -> str:
    """A card's ability text, "unknown" when no source gives it (the legend says the rest)."""
    text = translate(view["text"], lang)
    unknown = translate(_UNKNOWN, lang)
    text = text.replace(unknown, translate("unknown", lang))
    if view.get("known_text"):
        known = translate(view["known_text"], lang)
        text = translate("Partly known: {text}", lang, text=known)
    if view.get("source") == "house":
        text = translate("House text: {text}", lang, text=text)
    return text


def card_lines(view: dict, lang: str = DEFAULT) -> list[Text]:
    """A card: its name and fields, then its ability text (dim)."""
    head = Text()
    head.append(translate(view["name"], lang), style="bold")
    marker = source_mark(view, lang)
    if marker:
        head.append(f" {marker}", style="yellow")
    cost = translate("cost {cost}", lang, cost=cost_text(view, lang))
    head.append(f"  {card_kind(view, lang)} · {cost}")
    if view.get("raze"):
        head.append(" · " + translate("raze {goods}", lang, goods=goods_list(view["raze"], lang)))
    if view.get("deal"):
        head.append(" · " + translate("deal {good}", lang, good=good_name(view["deal"], 1, lang)))
    body = Text("  " + _card_text(view, lang), style="dim")
    return [head, body]


def cards_group(views: list[dict], lang: str = DEFAULT) -> list[RenderableType]:
    lines: list[RenderableType] = []
    for view in views:
        lines += card_lines(view, lang)
    for source, legend in LEGENDS.items():
        if any(v.get("source") == source for v in views):
            lines.append(Text(translate(legend, lang), style="dim italic"))
    return lines


def _location_text(loc: dict, lang: str) -> Text:
    """A Location of an Empire with its tokens: "Sawmill (1/2 used) [Defense]"."""
    out = Text(translate(loc["name"], lang))
    marker = source_mark(loc, lang)
    if marker:
        out.append(f" {marker}", style="yellow")
    if "activations" in loc:
        used, limit = loc["activations"].split("/")
        if used != "0":
            out.append(
                " " + translate("(used {used}/{limit})", lang, used=used, limit=limit), "dim"
            )
    for key, label in _TOKENS:
        if loc.get(key):
            out.append(f" [{translate(label, lang)}]", style="bold")
    if loc.get("resources_on_it"):
        out.append(" " + translate("({n} on it)", lang, n=loc["resources_on_it"]))
    if loc.get("cards_under_it"):
        out.append(" " + translate("({n} under it)", lang, n=loc["cards_under_it"]))
    if "taken_over_by" in loc:
        out.append(" " + translate("taken by", lang) + " ")
        out.append_text(mark(loc["taken_over_by"]))
    return out


def empire_rows(obs: dict, seat: int, lang: str = DEFAULT) -> Table:
    """A player's Empire by rows, as the rulebook lays it out (p. 4)."""
    table = Table(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column("Row", no_wrap=True, style="bold")
    table.add_column("Locations")
    locations = [loc for loc in obs["locations"] if loc.get("owner") == seat]
    for key, label in ROWS:
        row = [loc for loc in locations if loc["type"] == key]
        text = Text(", ").join(_location_text(loc, lang) for loc in row) if row else Text("-")
        table.add_row(translate(label, lang), text)
    view = obs["players"][seat]
    deals = [good_name(d["deal"], 1, lang) for d in view["deals"]]
    route = translate("Trade Route", lang)
    deals += [f"{good_name(d['deal'], 1, lang)} ({route})" for d in view["trade_route_deals"]]
    table.add_row(translate("Deals", lang), ", ".join(deals) or "-")
    if view["foundations"]:
        table.add_row(translate("Foundations", lang), str(view["foundations"]))
    return table


def _score_text(row: dict, lang: str) -> str:
    parts = [
        f"{translate(_SCORE_NAMES[k], lang)} {v}" for k, v in row.items() if k in _SCORE_NAMES and v
    ]
    now = translate("{vp} VP now", lang, vp=row["total"])
    return now + (f" ({', '.join(parts)})" if parts else "")


# ---- panels ---------------------------------------------------------------------------------
def _faction(obs: dict, seat: int, lang: str) -> str:
    return translate(obs["players"][seat]["faction"], lang)


def _who(obs: dict, seat: int, lang: str) -> Text:
    return Text.assemble(mark(seat), f" {_faction(obs, seat, lang)}")


def round_part(obs: dict, lang: str = DEFAULT) -> ScreenPart:
    head = Text(
        translate(
            "Round {round} of {rounds} · {phase} phase",
            lang,
            round=obs["round"],
            rounds=ROUNDS,
            phase=translate(obs["phase"], lang),
        ),
        style="bold",
    )
    if obs["first_player"] is not None and obs["num_players"] > 1:
        head.append(" · " + translate("First player", lang) + " ")
        head.append_text(mark(obs["first_player"]))
    passed = [p["seat"] for p in obs["players"] if p["passed"]]
    if passed and obs["phase"] == "Action":
        head.append(" · " + translate("passed:", lang) + " ")
        head.append_text(Text(" ").join(mark(p) for p in passed))
    decks = Text(
        translate(
            "Common deck {deck} · Common discard {discard}",
            lang,
            deck=obs["common_deck"],
            discard=len(obs["common_discard"]),
        ),
        style="dim",
    )
    lines: list[RenderableType] = [head, decks]
    variants = obs["options"].get("variants") or []
    if variants:
        names = ", ".join(translate(v.replace("-", " ").capitalize(), lang) for v in variants)
        lines.append(Text(translate("Rules: {rules}", lang, rules=names), style="dim"))
    return _part("round", translate("Round", lang), Group(*lines))


def own_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    seat = obs["player"]
    if seat is None:
        return None
    view = obs["players"][seat]
    hand = translate("hand {n}", lang, n=view["hand_size"])
    lines: list[RenderableType] = [
        Text(f"{_score_text(obs['scores'][seat], lang)} · {hand}", style="bold"),
        Text(supply_text(view["goods"], lang)),
        empire_rows(obs, seat, lang),
        Text(
            translate(
                "Faction deck {deck} · Faction discard {discard}",
                lang,
                deck=view["faction_deck"],
                discard=len(view["faction_discard"]),
            ),
            style="dim",
        ),
    ]
    title = translate(
        "Your Empire {mark} {faction} ({colour})",
        lang,
        mark=seat_mark(seat),
        faction=_faction(obs, seat, lang),
        colour=translate(seat_colour(seat), lang),
    )
    return _part("you", title, Group(*lines), own=True)


def hand_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    if obs["player"] is None:
        return None
    hand = obs["your_hand"]
    if hand:
        body: RenderableType = Group(*cards_group(hand, lang))
    else:
        body = Text(translate("No cards in hand.", lang), style="dim")
    return _part("hand", translate("Your hand ({n})", lang, n=len(hand)), body, own=True)


def choices_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    cards = obs["your_choices"]
    if not cards:
        return None
    title = translate("Cards you are choosing from (secret)", lang)
    return _part("choices", title, Group(*cards_group(cards, lang)))


def lookout_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    if not obs["draft"]:
        return None
    title = translate("Lookout: face-up cards", lang)
    return _part("lookout", title, Group(*cards_group(obs["draft"], lang)))


def _opponent(obs: dict, seat: int, lang: str) -> list[RenderableType]:
    view = obs["players"][seat]
    head = _who(obs, seat, lang)
    head.append(
        " · "
        + translate(
            "{score} · hand {n} · Faction deck {deck}, discard {discard}",
            lang,
            score=_score_text(obs["scores"][seat], lang),
            n=view["hand_size"],
            deck=view["faction_deck"],
            discard=len(view["faction_discard"]),
        )
    )
    if view["passed"]:
        head.append(" · " + translate("passed", lang), style="italic")
    supply = Text("  " + supply_text(view["goods"], lang), style="dim")
    lines: list[RenderableType] = [head, supply]
    if view["hand"]:
        known = ", ".join(translate(name, lang) for name in view["hand"])
        lines.append(Text("  " + translate("Known in hand: {cards}", lang, cards=known)))
    lines.append(empire_rows(obs, seat, lang))
    return lines


def players_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    seats = [p["seat"] for p in obs["players"] if p["seat"] != obs["player"]]
    if not seats:
        return None
    lines: list[RenderableType] = []
    for seat in seats:
        lines += _opponent(obs, seat, lang)
    title = N_("Opponents' Empires") if obs["player"] is not None else N_("Empires")
    return _part("players", translate(title, lang), Group(*lines))


def virtual_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    vp = obs.get("virtual_player")
    if vp is None:
        return None
    built = obs["scores"][0].get("faction_locations_built", 0)
    locations = Text(", ").join(_location_text(loc, lang) for loc in vp["locations"]) or Text("-")
    line = ", ".join(translate(GOOD_NAMES.get(g, g), lang) for g in vp["target_line"])
    collection = translate(
        "Collection {n} (you win with more Faction Locations: you have {built}) · Attack deck "
        "{deck}",
        lang,
        n=vp["collection"],
        built=built,
        deck=vp["attack_deck"],
    )
    lines = [
        Text.assemble(translate("Locations:", lang) + " ", locations),
        Text(collection),
        Text(translate("Target line: {line}", lang, line=line or "-")),
    ]
    return _part("virtual", translate("The virtual player", lang), Group(*lines))


def decision_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    """The face-up card the current decision is about (being built, activated, choosing)."""
    d = obs.get("decision") or {}
    if "card_name" not in d:
        return None
    prompt = translate(d["prompt"], lang)
    card = translate(d["card_name"], lang)
    line = Text.assemble(mark(d["player"]), f" {prompt}: ", (card, "bold"))
    return _part("decision", translate("Now", lang), line)


def scores_part(obs: dict, lang: str = DEFAULT) -> ScreenPart | None:
    if not obs["terminal"]:
        return None
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("")
    for p in range(obs["num_players"]):
        who = _who(obs, p, lang) if obs["num_players"] == 1 else mark(p)
        table.add_column(who, justify="right")
    for key, name in _SCORE_NAMES.items():
        table.add_row(translate(name, lang), *(str(row[key]) for row in obs["scores"]))
    total = translate("Total", lang)
    table.add_row(total, *(str(row["total"]) for row in obs["scores"]), style="bold")
    lines: list[RenderableType] = [table]
    if "result" in obs:
        lines.append(Text(solo_result(obs, lang), style="bold"))
    return _part("scores", translate("Final scores", lang), Group(*lines))


def solo_result(obs: dict, lang: str = DEFAULT) -> str:
    """Whether the solo player won, against what, and why (the Collection rule, p. 14)."""
    row = obs["scores"][0]
    built, collection = row["faction_locations_built"], row["collection"]
    if row["won"]:
        title = translate(obs["result"].removeprefix("won: "), lang)
        return translate(
            "You won: {built} Faction Locations built, more than the virtual player's "
            "Collection of {collection}; {vp} VP earns the title {title}.",
            lang,
            built=built,
            collection=collection,
            vp=row["total"],
            title=title,
        )
    return translate(
        "You lost: {built} Faction Locations built, not more than the virtual player's "
        "Collection of {collection}.",
        lang,
        built=built,
        collection=collection,
    )


# ---- the contract ---------------------------------------------------------------------------
def screen_parts(obs: dict, lang: str = DEFAULT) -> list[ScreenPart]:
    """The panels of the screen of ``obs``'s viewer (a seat, or None for a spectator), in
    ``lang``."""
    parts = [
        decision_part(obs, lang),
        own_part(obs, lang),
        hand_part(obs, lang),
        choices_part(obs, lang),
        lookout_part(obs, lang),
        scores_part(obs, lang),
        round_part(obs, lang),
        virtual_part(obs, lang),
        players_part(obs, lang),
    ]
    return focus([p for p in parts if p is not None], obs, FOCUS)


# The panels a decision is about (shown first to the seat deciding; Alternate Lookout: the
# cards drawn in secret too), by decision kind (besides the "decision" panel itself).
FOCUS = {"pick": ("lookout", "choices"), "keep": ("choices",)}


def decision_help(obs: dict, lang: str = DEFAULT) -> DecisionHelp:
    d = obs.get("decision")
    return localize_help(_help(d["kind"] if d else None), lang)
