"""The English the engines write, marked for the catalogues: phase names, decision prompts, the
shapes of the commonest action and event sentences (with ``{placeholders}``) and the printed
names they are made of.

Nothing reads these tuples at run time: the engines say these shapes as messages
(:mod:`empires.core.messages`) whose ids are these very texts, and :func:`empires.i18n.render`
tells them in a reader's language. They are listed here so that Babel's extractor
(``pybabel extract -k N_``) finds them and the catalogue tests can require each language to have
them.
"""

from __future__ import annotations

from empires.i18n import N_

# ---- names as printed (each language's rulebook: see the catalogues' comments) ----
DISCOVERY_NAMES = (
    N_("Colonist"),
    N_("Captain"),
    N_("Merchant"),
    N_("Missionary"),
    N_("Soldier"),
    N_("Builder"),
    N_("Colonists"),
    N_("Captains"),
    N_("Merchants"),
    N_("Missionaries"),
    N_("Soldiers"),
    N_("Builders"),
    N_("Specialist"),
    N_("New France"),
    N_("New England"),
    N_("Virginia"),
    N_("Florida"),
    N_("New Spain"),
    N_("Caribbean"),
    N_("New Granada"),
    N_("Peru"),
    N_("Brazil"),
    N_("Silver"),
    N_("Sugar"),
    N_("Gold"),
    N_("Tobacco"),
    N_("Coffee"),
    N_("Indigo"),
    N_("Fur"),
    N_("Cattle"),
    N_("Cocoa"),
    N_("Fish"),
    N_("Rice"),
    N_("Initiative"),
    N_("Colonist Dock"),
    N_("Trade Goods"),
    N_("Merchant Shipping"),
    N_("Capital Buildings"),
    N_("Discovery"),
    N_("Specialists"),
    N_("Warfare"),
    N_("Training"),
    N_("Merchant Ship"),
    N_("New World Cartography"),
)
SETTLERS_NAMES = (
    N_("Wood"),
    N_("Stone"),
    N_("Food"),
    N_("Workers"),
    N_("Worker"),
    N_("wood"),
    N_("stone"),
    N_("food"),
    N_("gold"),
    N_("card"),
    N_("cards"),
)

# ---- what a game says when it starts (its adapter's startup_notes) ----
STARTUP_NOTES = (
    N_(
        "{n} of the cards in use are unverified (their printed ability is not in any public "
        "source; they are played without it):"
    ),
    N_(
        "{n} of the cards in use are house cards from {path}: their ability is the card "
        "file's, not the printed text."
    ),
    N_("Card data: {path}: every card in use is complete."),
    N_("Fill them in with a card file: empires cards template, then --cards FILE."),
)

# ---- phases and prompts ----
PHASES = (
    N_("Phase 1: Place Workers"),
    N_("Phase 2: Event Box Resolution"),
    N_("Phase 3: Income"),
    N_("Phase 4: Capital Building Benefits"),
    N_("Phase 5: Refresh Board"),
    N_("Game over"),
    N_("Setup: starting-order auction"),
    N_("Setup: National Advantages"),
    N_("Lookout"),
    N_("Production"),
    N_("Action"),
    N_("Cleanup"),
    N_("Game end"),
)
PROMPTS = (
    N_("Place a worker in an event box"),
    N_("Battle: choose the opponent"),
    N_("Battle: choose the region"),
    N_("Capital Buildings: buy one of the buildings on offer"),
    N_("Colonist Dock: send the worker to a discovered region"),
    N_("Discovery: add a worker to the expedition, or done to launch it"),
    N_("Discovery: choose where to send an expedition, or skip"),
    N_("New World Cartography: discover a region for free now, or skip (keep it)"),
    N_("Trade Goods: take one of the goods on offer"),
    N_("Training: pay $5 for any Specialist, or skip"),
    N_("Warfare: declare a Battle ($0), a War ($10), or skip"),
    N_("Choose what to spend"),
    N_("Discard a Location or Foundation of your Empire to build"),
    N_("Discard the cards you do not keep"),
    N_("Draw a card: from the Common deck or your Faction deck?"),
    N_("Lookout: take a card"),
    N_("Spend 2 Workers for 1 Resource or 1 card (or stop)"),
    N_("Use the ability of the Location"),
    N_("Your turn: take an action or pass"),
)

# ---- Discovery: the choices ----
DISCOVERY_ACTIONS = (
    N_("Skip"),
    N_("Done"),
    N_("Pass"),
    N_("Declare a Battle"),
    N_("Declare a War"),
    N_("Place a {worker} on {box}"),
    N_("Place a {worker} on {box} (space {space})"),
    N_("Place a {worker} on Initiative (${money}, place {place} in the Player Order)"),
    N_("Place a {worker} on Specialists: Training (${money} for any Specialist)"),
    N_("Specialists: {worker}"),
    N_("Take {good}"),
    N_("Explore {region} (counter face down)"),
    N_(
        "Explore {region} (Resistance {resistance}; ${plunder} + ${per_soldier} per Soldier, "
        "{vp} VP)"
    ),
    N_("Send the {worker} to {region} (workers there {before} -> {after})"),
    N_("Send the {worker} to {region} (workers there {before} -> {after}, takes {good})"),
    N_("Send the {worker} to {region} (workers there {before} -> {after}, +${money})"),
    N_("Send a {worker} (strength {before} -> {after})"),
    N_("Train a {worker} (${money})"),
    N_("Launch the expedition (strength {strength})"),
    N_("Launch the expedition (strength {strength} against Resistance {resistance})"),
    N_("Discover {region} (New World Cartography)"),
)

# ---- Discovery: the events ----
DISCOVERY_EVENTS = (
    N_("{player} gains a {worker} for next turn (Specialists: {box})."),
    N_("{player} gains a {worker} for ${money} for next turn (Specialists: Training)."),
    N_("Income: {player} earns ${money}: ${sets} from Trade Good sets."),
    N_("{player}'s {worker} lands in {region}."),
    N_("{player}'s {worker} goes back to supply from the Colonist Dock."),
    N_("{player} takes {good} from the Trade Goods box."),
    N_("{player} takes no Trade Good."),
    N_("{player} takes the Merchant Ship with a worker value of {value} and now has {ships}."),
    N_("Game over: {player} wins with {vp} VP."),
)

# ---- the terminal's own words (empires play) ----
TERMINAL = (
    N_("Turn"),
    N_("Round"),
    N_("Events"),
    N_("Your decision"),
    N_("Decision: {title}"),
    N_("Game abandoned."),
)

# ---- Settlers: the choices and events ----
SETTLERS_TEXTS = (
    N_("Spend Workers in pairs"),
    N_("Spend {n} Workers for {m} {good}"),
    N_("Spend {n} Workers for a card from the Common deck"),
    N_("Spend {n} Workers for a card from the Faction deck"),
    N_("Draw from the Faction deck"),
    N_("Draw from the Common deck"),
    N_("{player} draws {n} card from the Faction deck."),
    N_("{player} draws {n} card from the Common deck."),
    N_("{player} spends {n} Workers for {m} {good}."),
    N_("{player} takes {card} from the draft."),
    N_("Build {card} (free)"),
    N_("Build {card} ({cost})"),
    N_("Take {card} ({what})"),
)

# ---- more event and choice shapes (the commonest the sample games left in English) ----
MORE_TEXTS = (
    N_("Income: {player} earns ${money}: ${sets} from Trade Good sets (Economy: {vp} VP)."),
    N_(
        "Final score of {player}: {vp} VP (colonies {a} + {b} + {c}, discoveries {d}, buildings {e}, economy {f}, bought {g})."
    ),
    N_(
        "{player}'s expedition to {region} ({members}, strength {strength}) meets a Discovery counter of Resistance {resistance} (${plunder} + ${per_soldier} per Soldier, {vp} VP) and fails; the counter stays face up; the workers return to supply."
    ),
    N_("a {worker}"),
    N_("{building}: {player} gains a {worker} for next turn."),
    N_("Age {age} colony scoring: {scores}."),
    N_("Age {age} begins with turn {n}."),
    N_("{player} is first to have {n} workers in {region} and takes its {good}."),
    N_("Battle in {region}"),
    N_("{player} loses a {worker} in {region} to {other}."),
    N_("Round {n} ends (VP: {scores}); {player} plays first next round."),
    N_("Round {n} ends (VP: {scores})."),
    N_("{player} places a Defense token on {card}."),
    N_("Place a Defense token on {card}"),
    N_("{player} keeps {n} card."),
    N_("{player} draws {n} cards from the Faction deck to keep some of them."),
    N_("Discarded: {cards}."),
    N_("Game over: {player} wins (ranking: {ranking})."),
    N_("Make a Deal with {card} ({cost}: {gain} now and each Production phase)"),
    N_("Raze {card} from hand ({cost}: gain {gain})"),
    N_("{player} razes {card} from hand (spending {cost})."),
    N_("{player} builds {card} (spending {cost})."),
    N_("{player} activates {card} (spending {cost}) and gains {gain}."),
    N_("{n} Wood"),
    N_("{n} Stone"),
    N_("{n} Food"),
    N_("{n} Gold"),
    N_("{n} Worker"),
    N_("{n} Workers"),
    N_("{n} Raze token"),
    N_("{n} card"),
    N_("{n} wood"),
    N_("{n} stone"),
    N_("{n} food"),
    N_("{n} gold"),
    N_("{n} VP"),
)

# ---- Discovery's Capital Buildings (es: the 2015 rulebook's Appendix II; it/pt: translated by
# us, the 2007 rulebooks printing only some of them) and the sentences that name them ----
DISCOVERY_BUILDINGS = (
    N_("Cathedral"),
    N_("Colonization Laws"),
    N_("Conquest of the Inca Empire"),
    N_("Conquistadors"),
    N_("Fortress"),
    N_("Indentured Servitude"),
    N_("Indian Allies"),
    N_("Magellan"),
    N_("Marketplace"),
    N_("Military Academy"),
    N_("Mint"),
    N_("Monastery"),
    N_("Navigator"),
    N_("New World City"),
    N_("New World Mission"),
    N_("Overpopulation"),
    N_("Papal Edict"),
    N_("Plague"),
    N_("Privateers"),
    N_("Rum Distillery"),
    N_("Settlers"),
    N_("Ship Yards"),
    N_("Smuggler"),
    N_("Stables"),
    N_("Stone Masonry"),
    N_("Taxation"),
    N_("Trade Routes"),
    N_("Trading House"),
    N_("Trading Post"),
    N_("Training Grounds"),
    N_("University"),
    N_("West Indies Co."),
    N_("Buy {building} (${money}): {text}"),
    N_("{player} buys {building} for ${money}: {text}"),
)
