"""The rules summary of every decision of Empires: Age of Discovery, in the rulebook's terms, with
the page and section of the English rulebook (2015 edition) that has it.

A test checks that every decision kind of :mod:`.decision_table` has an entry here.
"""

from __future__ import annotations

from empires.core.screen import DecisionHelp

_BOOK = "Rulebook"


def _at(page: str, section: str) -> str:
    return f"{_BOOK} p. {page}, '{section}'"


_DOCK = _at("6", "Event Box: Colonist Dock")
_DISCOVERY = _at("7-8", "Event Box: Discovery")
_WARFARE = _at("9", "Event Box: Warfare")
_AGE_I = _at("14", "Appendix II: Capital Buildings, Age I")
_AGE_II = _at("15", "Appendix II: Capital Buildings, Age II")
_AGE_III = _at("16", "Appendix II: Capital Buildings, Age III")
_NATIONS = _at("13", "Appendix I: Alternate Starting Player Order")
_AUCTION_2007 = "2007 rulebook (Italian), Appendice I: starting-order auction"

# kind -> (title, summary, section)
HELP: dict[str, tuple[str, str, str]] = {
    "place": (
        "Place a worker",
        "In player order, place 1 of your available workers in an event box; when you have "
        "none left you pass. Only Specialists grant the special advantage printed on the box.",
        _at("5", "Phase 1: Place Workers"),
    ),
    "dock": (
        "Colonist Dock: send a worker to the New World",
        "Workers leave the Dock in numbered order to any discovered region. The first player "
        "with 3 workers in a region takes its Trade Good. A Merchant earns $5 on arrival; a "
        "Missionary brings a free Colonist.",
        _DOCK,
    ),
    "trade_specialist": (
        "Trade a Specialist for a Colonist",
        "A Specialist in a region may be swapped for a Colonist from your supply (Builders "
        "never). Choose the region.",
        _DOCK,
    ),
    "trade_out": (
        "Trade out a Specialist",
        "If you must take a Specialist from your supply and have none left, you may trade one "
        "in a region for a Colonist, as many times as needed.",
        _DOCK,
    ),
    "trade_good": (
        "Trade Goods",
        "Left to right, each worker takes 1 of the Trade Goods on offer. Sets earn income each "
        "turn: any 3 = $1, 3 matching = $3, 4 matching = $6.",
        _at("7", "Event Box: Trade Goods"),
    ),
    "buy_building": (
        "Capital Buildings: buy a building",
        "Left to right, each worker may buy one of the buildings on offer for $10 in Age I, $14 "
        "in Age II, $20 in Age III (a Builder takes $5 off). Immediate buildings act at once, "
        "one-time ones now or in a later Phase 4, ongoing ones every Phase 4.",
        _at("7", "Event Box: Capital Buildings"),
    ),
    "cartography": (
        "New World Cartography",
        "Discover an undiscovered region for free: place a free Colonist there and take the "
        "Discovery counter and its Plunder (no Soldier bonus). Now or in a later Phase 4.",
        _AGE_I,
    ),
    "indian_allies": (
        "Indian Allies",
        "Immediately place 2 free Soldiers in one of your colonies.",
        _AGE_II,
    ),
    "allies_trade_out": (
        "Indian Allies: trade out a Soldier",
        "Your supply lacks Soldiers for Indian Allies: you may trade a Soldier in a region for a "
        "Colonist to free one, or skip.",
        _AGE_II,
    ),
    "plague_2": (
        "Plague",
        "Every colony with 3 or more workers loses 1 worker; its owner chooses which (any "
        "worker, Soldiers and Builders included) and returns it to the supply.",
        _AGE_II,
    ),
    "plague_3_region": (
        "Plague: choose the region",
        "Choose one region; one player there loses up to 3 Colonists (Specialists cannot be "
        "removed).",
        _AGE_III,
    ),
    "plague_3_player": (
        "Plague: choose the player",
        "Choose the player who loses up to 3 Colonists in the chosen region.",
        _AGE_III,
    ),
    "migration_from": (
        "Migration: from where",
        "Each Phase 4 you may move up to 2 of your Colonists from one region to any other "
        "region (not necessarily adjacent). Choose the region they leave, or skip.",
        _AGE_III,
    ),
    "migration_to": (
        "Migration: to where",
        "Choose the region your Colonists move to; it need not be adjacent.",
        _AGE_III,
    ),
    "migration_count": (
        "Migration: how many",
        "Move 1 or 2 of your Colonists.",
        _AGE_III,
    ),
    "spoils_specialist": (
        "Spoils of War: free Specialists",
        "Take 2 free Specialists of your choice to your player board, for use next turn.",
        _AGE_I,
    ),
    "overpopulation": (
        "Overpopulation",
        "Place 3 free Colonists in discovered regions, one at a time: one region, several or "
        "all different ones.",
        _AGE_I,
    ),
    "smuggler_player": (
        "Smuggler: choose a player",
        "Once each Phase 4 you may swap 1 Trade Good with another player; they cannot refuse. "
        "Choose the player, or skip.",
        _AGE_I,
    ),
    "smuggler_take": ("Smuggler: take", "Choose the Trade Good you take from them.", _AGE_I),
    "smuggler_give": ("Smuggler: give", "Choose the Trade Good you give them in exchange.", _AGE_I),
    "papal_player": (
        "Papal Edict: choose a player",
        "You and another player each place 2 free Colonists in any 1 region where you already "
        "have a worker. Choose the other player.",
        _AGE_II,
    ),
    "papal_first": (
        "Papal Edict: who places first",
        "Choose which of the two players places both Colonists first.",
        _AGE_II,
    ),
    "papal_region": (
        "Papal Edict: choose the region",
        "Place both free Colonists in one region where you already have at least 1 worker.",
        _AGE_II,
    ),
    "trading_house": (
        "Trading House",
        "In Phase 4 you may sell Trade Goods to the bank for $5 each; they go back to the "
        "supply. Choose one to sell, or done.",
        _AGE_II,
    ),
    "rewrite_history": (
        "Re-Write History",
        "Take 1 Discovery counter, at random, from each of 2 players (never Discovery cards; no "
        "income for them). Choose the player.",
        _AGE_III,
    ),
    "stables_from": (
        "Stables: move a Soldier",
        "Once each turn, just before Discovery, you may move 1 of your Soldiers from a colony to "
        "an adjacent colony. Choose where it leaves, or skip.",
        _AGE_II,
    ),
    "stables_to": (
        "Stables: where to",
        "Choose the adjacent region the Soldier moves to (the Caribbean is adjacent to New "
        "Granada, New Spain and Florida).",
        _AGE_II,
    ),
    "expedition_target": (
        "Discovery: choose a region",
        "In player order you may send workers from the Discovery box on one expedition: choose "
        "an undiscovered region (the Discovery deck once all are discovered), or skip and keep "
        "the workers for a later turn. With Scouting you may first pay to look at a counter.",
        _DISCOVERY,
    ),
    "expedition_members": (
        "Discovery: form the expedition",
        "Add workers one at a time (a Captain counts 2, any other worker 1), then launch. At "
        "or above the counter's Resistance it succeeds: a free Colonist in the region, the "
        "Plunder, plus the Conquistador Plunder per Soldier. Workers sent go back to supply.",
        _DISCOVERY,
    ),
    "scout_card": (
        "Scouting: the Discovery card",
        "You looked at the top Discovery card: put it back face down on the top or at the "
        "bottom of the deck.",
        _at("7-8", "Discovery Counter Variants: Scouting"),
    ),
    "training": (
        "Specialists: Training",
        "The worker on Training may pay $5 for any 1 Specialist, available next turn.",
        _at("9", "Event Box: Specialists"),
    ),
    "warfare": (
        "Warfare: Battle or War",
        "Each worker in the Warfare box declares a Battle ($0: one region, one opponent) or a "
        "full-scale War ($10: every region where you both have a colony and a Soldier is "
        "present), or skips. Each Soldier removes one opposing worker.",
        _WARFARE,
    ),
    "battle_region": (
        "Battle: choose the region",
        "Choose the region; you or the defender must have a Soldier there.",
        _WARFARE,
    ),
    "battle_player": ("Battle: choose the opponent", "Choose the player you fight.", _WARFARE),
    "war_player": (
        "War: choose the opponent",
        "Pay $10; battles happen in every region where you both have a colony and either has a "
        "Soldier.",
        _WARFARE,
    ),
    "casualty": (
        "Battle: casualties",
        "Each Soldier eliminates one of the opponent's workers in the region; its owner chooses "
        "which. Casualties are removed together.",
        _WARFARE,
    ),
    "university_target": (
        "University: choose the track",
        "Once, at any time: move 1 worker to the front of the Colonist Dock, Trade Goods, "
        "Warfare, Initiative, Player Order or Capital Buildings track, shifting the others.",
        _AGE_II,
    ),
    "university_index": (
        "University: choose the worker",
        "Choose which of your workers on that track moves to the front.",
        _AGE_II,
    ),
    "advantage": (
        "National Advantage",
        "Your player board's National Advantage may be used now. Choose to use it or not (some "
        "powers are lost if not used at their moment).",
        _NATIONS,
    ),
    "advantage_order": (
        "England: Colonist Dock order",
        "England Empties her Jails: 2 free Colonists join the Colonist Dock and you re-order "
        "its workers. Choose the worker that goes next, or keep the rest in their order.",
        _NATIONS,
    ),
    "advantage_good": (
        "France: a Trade Good",
        "French Trade with the Native Americans (twice per game, once per turn): just before "
        "the Trade Goods box resolves, take 1 Trade Good from it.",
        _NATIONS,
    ),
    "advantage_replace": (
        "Italy: replace a Specialist worker",
        "Italian Renaissance Men (twice per game, once per turn): replace any worker on the "
        "Specialists track with one from your supply; the replaced worker goes home.",
        _NATIONS,
    ),
    "nation_bid": (
        "National Advantages auction",
        "Bid Spanish Dollars out of your $15: each bid must beat the last, or pass and leave "
        "this auction. The winner pays, takes any player board and the next Player Order place.",
        _NATIONS,
    ),
    "nation_pick": (
        "National Advantages: choose a board",
        "Take one of the remaining player boards and its National Advantage.",
        _NATIONS,
    ),
    "advantage_region": (
        "Spain: Conquistadors",
        "Once, before turn 1: discover a region for free ignoring its Resistance, with a Soldier "
        "instead of a Colonist, taking only the printed Plunder.",
        _NATIONS,
    ),
    "order_bid": (
        "Starting-order auction",
        "Bid more than the high bid, or pass: the first to pass takes the last place, the next "
        "the place before; the winner takes place 1 and pays the whole bid.",
        _AUCTION_2007,
    ),
    "order_specialist": (
        "Starting-order auction: free Specialist",
        "Your place in the starting order gives you a free Specialist: choose it.",
        _AUCTION_2007,
    ),
    "buy_vp": (
        "Buy Victory Points",
        "Right after New World colony scoring, in Player Order, you may spend Spanish Dollars "
        "on Victory Points at the printed prices. Choose how many, or done.",
        _at("11", "New World colony scoring: Buying Victory Points"),
    ),
}


def decision_help(kind: str | None) -> DecisionHelp:
    """The help for decision ``kind`` (a general note when there is no decision)."""
    if kind is None:
        return DecisionHelp("No decision", "Nothing to decide now.", _at("5", "Turn Phases"))
    title, summary, section = HELP.get(
        kind, (kind, "Choose one of the legal actions.", _at("5", "Turn Phases"))
    )
    return DecisionHelp(title, summary, section)
