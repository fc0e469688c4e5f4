"""The words of the games' components and the engines' sentences that the first round of
templates (empires.sentences) left out: Discovery's buildings (names and effect texts) and
Discovery cards, Imperial Settlers' cards (names, texts, colours and kinds), and more event and
choice shapes. Marked with N_ for Babel (never used at run time: empires.i18n.translate_text
matches the engines' English against the catalogues). Each group says where its
translations come from; the .po files hold them."""

from __future__ import annotations

from empires.i18n import N_

# Discovery Age III and Builder buildings (es: 2015 rulebook Appendix II; it/pt: 2007 rulebooks for Age III base; Builder names it/pt ours)
GROUP_0 = (
    N_("Militia"),
    N_("Mercantilism"),
    N_("Population"),
    N_("Navy"),
    N_("Power"),
    N_("Prosperity"),
    N_("Glory"),
    N_("Wealth"),
    N_("Migration"),
    N_("Factory"),
    N_("Spoils of War: {what}"),
    N_("Reformation"),
    N_("Mayflower"),
    N_("Age of Discovery"),
    N_("New World Capital City"),
    N_("Age of Reason"),
    N_("Re-Write History"),
)

# Discovery cards (es: 2015 Appendix III; it: 2007 Appendix III; pt: ours, the 2007 Portuguese book prints them in English)
GROUP_1 = (
    N_("The Mississippi"),
    N_("The Great Lakes"),
    N_("The Pampas"),
    N_("California"),
    N_("Philippines"),
    N_("South Seas"),
    N_("Ethiopia"),
    N_("The Amazon"),
    N_("The Northwest Territory"),
    N_("Australia"),
    N_("Chipongu (Japan)"),
    N_("Siam"),
    N_("Spice Islands"),
    N_("India"),
    N_("Circumnavigate the Globe"),
    N_("China"),
)

# Discovery building effect texts (es after the 2015 Appendix II, it/pt after the 2007 books where printed; the rest our translations)
GROUP_2 = (
    N_("+1 Colonist each turn"),
    N_("+1 Missionary each turn"),
    N_("+1 Merchant each turn"),
    N_("+1 Soldier each turn"),
    N_("+1 Captain each turn"),
    N_("+1 Builder each turn"),
    N_("1 free Colonist on the X space of the Colonist Dock each turn"),
    N_("1 free Soldier in the Discovery event box each turn"),
    N_("1 free Captain in the Discovery event box each turn"),
    N_("Immediately take $20 (one time only)"),
    N_("+$5 each turn"),
    N_(
        "1 free Discovery: choose an undiscovered region, place a free Colonist there, take its counter and Plunder (no Soldier bonus). Now or in a later Capital Building Benefits phase."
    ),
    N_("All discoveries made by the owner have their Resistance number reduced by 1"),
    N_("Immediately place 2 free Soldiers in one of your colonies"),
    N_(
        "Each Capital Building Benefits phase, take $1 from each player per Merchant Ship you own (a player pays at most what they have)"
    ),
    N_("Missionaries add 2 Colonists when arriving in the New World (instead of 1)"),
    N_("+$10 each turn (and 2 VP at game end)"),
    N_(
        "Once, at any time: move one worker to the front of the Colonist Dock, Trade Goods, Warfare, Initiative, Player Order or Capital Buildings track (and 5 VP at game end)"
    ),
    N_("1 free random Trade Good from the supply each turn"),
    N_("1 free Colonist on the Y space of the Colonist Dock each turn"),
    N_("+$3 per Sugar owned (Capital Building Benefits phase; never Economy VP)"),
    N_(
        "Once each turn, just before Discovery resolves, move 1 of your Soldiers from a colony to an adjacent discovered region"
    ),
    N_("Every colony with 3 or more workers loses 1 worker, chosen by its owner"),
    N_("+1 temporary Soldier in every battle in which you defend"),
    N_("1 VP per Trade Good owned at game end (Merchant Ships do not count)"),
    N_("1 VP per 2 of your workers in the New World at game end"),
    N_("4 VP per Merchant Ship owned at game end"),
    N_("2 VP per Soldier of yours in the New World at game end"),
    N_("2 VP per Capital Building owned (this one included) at game end"),
    N_(
        "2 VP per colonized region (3+ workers of one player) where you have at least 1 worker, at game end"
    ),
    N_("1 VP per $5 owned at game end"),
    N_(
        "Each Capital Building Benefits phase, move up to 2 of your Colonists from one region to any other region"
    ),
    N_("+$30 each turn ($25 in the 2007 edition) and 5 VP at game end"),
    N_("Choose a region and a player: remove up to 3 of that player's Colonists there"),
    N_("$5 (one time only)"),
    N_("$7 (one time only)"),
    N_("1 free Merchant Ship (one time only)"),
    N_("2 free Specialists of your choice, for use next turn"),
    N_("Captains count as 3 in the Discovery event box"),
    N_("Immediately place 3 Colonists in any discovered regions"),
    N_("Once per Capital Building Benefits phase, swap 1 Trade Good with another player"),
    N_("Immediately take 2 random Trade Goods from the supply"),
    N_(
        "You and another player each place 2 free Colonists in one region where each already has a worker"
    ),
    N_("+$2 per Gold or per Silver owned (choose one each turn), paid in the Income phase"),
    N_("Sell Trade Goods to the bank for $5 each in the Capital Building Benefits phase"),
    N_("Other players' Missionaries give no bonus where you already have a Missionary"),
    N_(
        "Up to 3 of your Merchant Ships carry workers to the New World from after the Y space; those ships are not wild that turn"
    ),
    N_("4 VP per Discovery counter and card at game end"),
    N_("3 VP per Builder of yours in the New World at game end"),
    N_("4 VP per worker in the Specialists event box at the end of turn 8"),
    N_("Take 1 random Discovery counter each from 2 players (no income)"),
)

# Lists the engines join ("A, B and C") and the Discovery worker counts (our translations)
GROUP_3 = (
    N_("{items} and {item}"),
    N_("{items}, {item}"),
    N_("{n} Colonists"),
    N_("{n} Captains"),
    N_("{n} Merchants"),
    N_("{n} Missionarys"),
    N_("{n} Soldiers"),
    N_("{n} Builders"),
)

# Discovery: more event and choice shapes (our translations, with the rulebooks' words)
GROUP_4 = (
    N_("{building}: {player} gains {what}."),
    N_("{what} for next turn"),
    N_("{what} in the Discovery box"),
    N_("{what} on the Colonist Dock's X space"),
    N_("{what} on the Colonist Dock's Y space"),
    N_("{n} Merchant Ship"),
    N_("{n} Merchant Ships"),
    N_("nothing"),
    N_("nobody"),
    N_("{building}: {player} takes {taken} (${money} in all)."),
    N_("${money} from {player}"),
    N_("{building}: {player} places {what} in {region}."),
    N_("{building}: {player} has no {worker} left to place."),
    N_("Plague: {player} loses {what} in {region}."),
    N_("Migration: {player} moves {what} from {source} to {region}."),
    N_("Smuggler: {player} takes {good} from {other} and gives {given} in exchange."),
    N_("Trading House: {player} sells {good} for ${money}."),
    N_("Re-Write History: {player} takes {counter} from {other}."),
    N_("{player} discovers {region} ({source}): {counter}, ${money}."),
    N_("{player} discovers {region} ({source}): {counter}, ${money} and lands {what} there."),
    N_("Spanish Conquistadors"),
    N_("the starting-order auction"),
    N_("a Discovery counter"),
    N_(
        "a Discovery counter of Resistance {resistance} (${plunder} + ${per_soldier} per Soldier, {vp} VP)"
    ),
    N_("{card} (Resistance {resistance}; ${plunder} + ${per_soldier} per Soldier, {vp} VP)"),
    N_("{player}'s expedition to {where} ({members}, strength {strength})"),
    N_("the Discovery deck"),
    N_("{head} fails; the counter leaves the game unseen (No Survivors)."),
    N_(
        "{head} meets {counter} and succeeds: ${money}, a Colonist lands there; the workers return to supply."
    ),
    N_("{head} meets {counter} and succeeds: ${money}; the workers return to supply."),
    N_("{head} meets {counter} and fails; {after}; the workers return to supply."),
    N_("{counter}, {resistance} needed with the Plague,"),
    N_("the card is shuffled back into the deck"),
    N_("the counter leaves the game (No Survivors)"),
    N_("the counter stays face up"),
    N_("{player} pays ${money} to scout {what}."),
    N_("{player} pays ${money} to scout {what} and sees {counter}."),
    N_("the top Discovery card"),
    N_("the counter in {region}"),
    N_("{player} gets no {worker} ({why}): none left in supply."),
    N_("{player} gains {what} for next turn ({why})."),
    N_("{player} gains {what} for ${money} for next turn ({why})."),
    N_("Starting-order auction"),
    N_("Stables: {player} moves a Soldier from {source} to {region}."),
    N_("University: {player} moves {what} from position {n} to the front of {track}."),
    N_("their Player Order marker"),
    N_("the Colonist Dock"),
    N_("the Trade Goods box"),
    N_("the Warfare box"),
    N_("the Initiative box"),
    N_("the Player Order"),
    N_("the Capital Buildings box"),
    N_("{player} pays ${money} to declare War on {other}: battles in {regions}."),
    N_(
        "Battle in {region}: {player} ({attackers}) attacks {other} ({defenders}); the attacker removes {a}, the defender {b}."
    ),
    N_(
        "Battle in {region}: {player} ({attackers}) attacks {other} ({defenders}) (with a Militia Soldier); the attacker removes {a}, the defender {b}."
    ),
    N_("{player} loses {what} in {region} to {other}."),
    N_("Income: {player} earns ${money}: {parts}."),
    N_("Income: {player} earns ${money}: {parts} (Economy: {vp} VP)."),
    N_("${money} from Trade Good sets"),
    N_("${money} from the Mint"),
    N_("${money} from the Rum Distillery"),
    N_("{region}: first: {first}."),
    N_("{region}: first: {first}; second: {second}."),
    N_("{region}: tied first: {first}."),
    N_("{region}: tied first: {first}; second: {second}."),
    N_("{player} ({n} workers, {vp} VP)"),
    N_("{player} {vp} VP"),
    N_("{player} buys {vp} VP for ${money} (${n} each)."),
    N_(
        "Turn {n} is prepared: {goods} on the Trade Goods box, {added} among the Capital Buildings; a new Merchant Ship waits; Player Order: {order}."
    ),
    N_(
        "Turn {n} is prepared: {goods} on the Trade Goods box, {added} among the Capital Buildings; Player Order: {order}."
    ),
    N_("no new buildings"),
    N_("Initiative: {paid}; next turn's Player Order starts with {order}."),
    N_("{player} takes ${money}"),
    N_("{player}'s {worker} lands in {region} and {extra}."),
    N_("earns ${money}"),
    N_("brings {what} along"),
    N_("{player} buys {building} for ${money}: {text}."),
    N_(
        "{player} has the highest worker value in Merchant Shipping ({value}) but no Merchant Ship is waiting."
    ),
    N_("Use {building}"),
    N_("Move a worker to the front of {track}"),
    N_("Move the worker at position {n} to the front"),
    N_("Choose {player}"),
    N_("dock"),
    N_("trade_goods"),
    N_("warfare"),
    N_("initiative"),
    N_("order"),
    N_("buildings"),
)
