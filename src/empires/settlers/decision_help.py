"""The rules summary of every decision of Imperial Settlers, in the rulebook's terms, with the page
and section of the English rulebook that has it.

A test checks that every decision kind of :mod:`.decision_table` has an entry here.
"""

from __future__ import annotations

from empires.core.screen import DecisionHelp


def _at(page: str, section: str) -> str:
    return f"Rulebook p. {page}, '{section}'"


_ABILITIES = _at("8", "Location Abilities")
_ACTIVATE = _at("10", "Activate an Action Location")

# kind -> (title, summary, section)
HELP: dict[str, tuple[str, str, str]] = {
    "pick": (
        "Lookout: take a card",
        "Each player draws 1 Faction card; then, twice, players + 1 Common cards are laid face "
        "up and each player in turn takes one (clockwise from the First player, then back); the "
        "last card is discarded. Solo: take 1 of 4, the virtual player gets a random one, take 1 "
        "of the last 2.",
        _at("6", "Lookout Phase"),
    ),
    "turn": (
        "Action phase: your action",
        "One action at a time: Build a Location, Make a Deal (1 Food), Raze (1 Raze token from "
        "hand, 2 for an opponent's Common Location), Activate an Action Location, or spend 2 "
        "Workers for 1 Resource or 1 card. Once you pass you take no more actions this round.",
        _at("7", "Action Phase"),
    ),
    "workers": (
        "Spend Workers",
        "Discard 2 Workers for 1 Resource of your choice (Wood, Stone or Food) or 1 card from "
        "your Faction deck or the Common deck; repeat for each pair, or stop.",
        _at("10", "Spend Workers to Get Resources or Draw Cards"),
    ),
    "draw": (
        "Draw a card",
        "Choose the deck the card comes from: the Common deck or your Faction deck.",
        _at("10", "Spend Workers to Get Resources or Draw Cards"),
    ),
    "samurai_place": (
        "Deploy a Samurai",
        "A Samurai is a Worker in front of one of your Japanese Faction Locations (at most 1 "
        "each). It adds 1 to the Raze tokens an enemy needs and is not discarded at Cleanup.",
        _at("11", "The Japanese: Deploying Samurai"),
    ),
    "choose_one": (
        "Choose one",
        "The Location's ability gives one of the Goods shown: choose which.",
        _ABILITIES,
    ),
    "keep": (
        "Keep cards",
        "The ability draws cards and you keep only some: choose the cards you discard.",
        _ABILITIES,
    ),
    "copy_production": (
        "Copy a production",
        "Farmers At Work or Porters: choose one of your Production Locations; you gain the "
        "Goods it produces, as in the Production phase.",
        _at("12", "Common: Card Clarifications"),
    ),
    "build_discard": (
        "Building cost: discard a Location",
        "Many Faction Locations are built on top of a Location of your Empire: discard one of "
        "your Locations (Common or Faction) or a Foundation; its tokens and Goods go with it.",
        _at("8", "Building Costs"),
    ),
    "exchange": (
        "A Feature's exchange",
        "A Feature Location lets you exchange Goods after this action: use it or skip it.",
        _ABILITIES,
    ),
    "spend": (
        "Pay for an Action",
        "Pay the Goods the Action Location asks for, placing them on it: choose what you spend.",
        _ACTIVATE,
    ),
    "ability": (
        "Use a Location's ability",
        "Choose the target of the Action Location's ability. An Action Location is used once "
        "per round unless its card says otherwise.",
        _ACTIVATE,
    ),
    "forced_discard": (
        "Discard a card",
        "An opponent's ability makes you discard a card from your hand: choose which.",
        _ABILITIES,
    ),
    "attack_choice": (
        "The virtual player attacks",
        "Solo: each attack razes one of your Common Locations whose Raze field shows the "
        "Targets of the Attack cards (Action before Feature before Production, then the higher "
        "cost, then more Stone). These tie on every count: choose which one it razes.",
        _at("13-14", "Single Player Variant: Virtual Player Attack Phase"),
    ),
}


def decision_help(kind: str | None) -> DecisionHelp:
    """The help for decision ``kind`` (a general note when there is no decision)."""
    if kind is None:
        return DecisionHelp("No decision", "Nothing to decide now.", _at("6", "Game Overview"))
    title, summary, section = HELP.get(
        kind, (kind, "Choose one of the legal actions.", _at("7", "Action Phase"))
    )
    return DecisionHelp(title, summary, section)
