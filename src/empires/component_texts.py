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
    N_("{a} and {b}"),
    N_("{a}, {b}"),
    N_("{n} Colonists"),
    N_("{n} Captains"),
    N_("{n} Merchants"),
    N_("{n} Missionarys"),
    N_("{n} Soldiers"),
    N_("{n} Builders"),
)
