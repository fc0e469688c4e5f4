"""Build ``cards.json`` (the Imperial Settlers card data) from the public sources.

    python src/empires/settlers/data/build_cards.py [SOURCES_DIR] [-o OUT]

SOURCES_DIR defaults to ``../shared/data/imperial-settlers`` beside the repository. It reads:

* ``cards.cz.json``: every card's id, cost, colour, type, Raze field, Deal field, copies (one entry
  per physical card), Production and Building Bonus of the cards its app encoded (Czech names);
* ``common-cards.en.csv``: the 84 Common cards in English with their abilities;
* ``common-cards.md`` / ``faction-cards.md``: the two merged, with the English names known;
* ``factions.json``: each faction board's Production and storage.

The abilities of the Faction Action and Feature cards come from the rulebooks (card clarifications
and worked examples in ``rulebook.en.txt`` and the Spanish seed, which prints about 50 cards). A
Faction card whose printed ability no source gives completely is written with ``"unverified":
true``: it keeps every known field (cost, colour, type, Deal, copies, VP, and the Production or
Building Bonus ``cards.cz.json`` encodes) and the engine plays it without its ability. Its
``known_text`` holds what the Spanish rulebook prints of it, ``[?]`` standing for an icon the text
does not give. Nothing is filled in by guesswork.

The 16 Attack cards (solo game) are written with the default Target distribution stated in
``ATTACK_DEFAULT`` (every one ``unverified``): no public source lists their Target goods.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCES = HERE.parents[3].parent / "shared" / "data" / "imperial-settlers"
OUT = HERE / "cards.json"

GOOD = {
    "WOOD": "wood",
    "STONE": "stone",
    "FOOD": "food",
    "COIN": "gold",
    "SETTLER": "worker",
    "SWORD": "raze",
    "SHIELD": "defense",
    "CARD": "card",
    "VICTORY_POINT": "vp",
}
OBTAIN = {
    "OBTAIN_WOOD": "wood",
    "OBTAIN_STONE": "stone",
    "OBTAIN_FOOD": "food",
    "OBTAIN_COIN": "gold",
    "OBTAIN_SETTLER": "worker",
    "OBTAIN_SWORD": "raze",
    "OBTAIN_CARD": "card",
    "OBTAIN_COMMON_CARD": "common_card",
    "OBTAIN_FACTION_CARD": "faction_card",
    "SCORE_POINT": "vp",
}
COLOR = {c: c.lower() for c in ("BROWN", "GOLD", "BLACK", "PINK", "BLUE", "PURPLE", "RED")}
COLOR["GRAY"] = "gray"
TYPE = {"PRODUCTION": "production", "ACTION": "action", "PROPERTIES": "feature"}
FACTIONS = {"rom": "romans", "bar": "barbarians", "egy": "egyptians", "jap": "japanese"}
FACTION_BOARD = {
    "ROMAN_M": "romans",
    "BARBARIAN_M": "barbarians",
    "EGYPT_M": "egyptians",
    "JAPAN_M": "japanese",
}

# ---- Common abilities: from common-cards.en.csv ---------------------------------------------------

CSV_GOODS = {
    "Workers": "worker",
    "Wood": "wood",
    "Stone": "stone",
    "Food": "food",
    "Gold": "gold",
    "Raze": "raze",
    "Card": "card",
    "Victory": "vp",
    "Common Card": "common_card",
    "Deal": "deal",
}
CSV_OTHER = {
    "Activate Other Location": "activate_other",
    "Activate Production Location": "production_copy",
    "Build Faction, Ignore Foundation": "build_faction",
    "Activate Deal": "deal_good",
}

# ---- Faction Action / Feature abilities known from the rulebooks ---------------------------------
# Each entry: the ability in the engine's vocabulary and where it comes from. Only cards whose
# every icon is given by a source are here.
VERIFIED: dict[tuple[str, ...], dict[str, Any]] = {
    # Saboteurs: seed p.12 "Acción: Gasta 1 [?] para coger 1 materia prima (madera/piedra/comida)
    # de un enemigo"; the English example (p.10) "he places 1 of his Workers on the card and takes
    # 1 Stone from his opponent Tom" gives the Worker; clarification p.11.
    ("bar010", "bar011"): {
        "text": "Action: Spend 1 Worker to take 1 Resource (Wood, Stone or Food) from an enemy's "
        "supply.",
        "action": {"limit": 1, "spend": {"worker": 1}, "special": "steal_resource"},
        "sources": ["seed p.12 (card text)", "rulebook.en p.10 (example)", "rulebook.en p.11"],
    },
    # Chariot Builder: seed p.11 "Acción: Gasta 1 [?] para saquear 1 [Localización] enemiga";
    # clarification (p.11): "without spending any more Raze tokens (only the one you use to
    # activate the action). You can even Raze a location protected by a Samurai or a Defense token."
    ("egy003",): {
        "text": "Action: Spend 1 Raze token to raze 1 enemy Location (Defense tokens and Samurai "
        "do not protect it).",
        "action": {"limit": 1, "spend": {"raze": 1}, "special": "raze_enemy"},
        "sources": ["seed p.11 (card text)", "rulebook.en p.11 (clarification)"],
    },
    # Oasis: seed p.11 "Apoyo: Cada vez que un enemigo gaste 2 [?] para ganar 1 materia prima o
    # bien 1 [?], tú ganas 1 [?]"; clarification: "you receive 1 Worker for each pair spent".
    ("egy005",): {
        "text": "Feature: Each time an enemy spends 2 Workers to gain 1 Resource or 1 card, you gain "
        "1 Worker. Building bonus: 2 Workers.",
        "feature": [{"on": "enemy_worker_pair", "effects": [{"gain": {"worker": 1}}]}],
        "sources": ["seed p.11 (card text)", "rulebook.en p.11 (clarification)", "cards.cz.json"],
    },
    # Temple of Ra: seed p.11 "Acción: Elige 1 [Localización] enemiga y señálala con el indicador
    # Egipcio. Durante el resto de la ronda, la señalada se considera tuya." No Goods are spent
    # (the clarification: "Use a Worker from the general supply to indicate that the Action was
    # executed").
    ("egy013",): {
        "text": "Action: Choose 1 enemy Location and mark it with the Egyptian token. For the rest "
        "of the round the marked Location is considered yours.",
        "action": {"limit": 1, "spend": {}, "special": "take_over"},
        "sources": ["seed p.11 (card text)", "rulebook.en p.11 (clarification)"],
    },
    # Warehouses: seed p.11 "Apoyo: Puedes almacenar cualquier cantidad de [?], [?] y [?] en el
    # espacio de almacenamiento de tu tablero de facción"; the clarification names them "the
    # Resources it allowed you to store" (Wood, Stone and Food).
    ("rom019",): {
        "text": "Feature: You may store any number of Wood, Stone and Food on your faction board.",
        "feature": [{"on": "storage", "goods": ["wood", "stone", "food"]}],
        "sources": ["seed p.11 (card text)", "rulebook.en p.11 (clarification)"],
    },
    # Shrine (Pagoda): seed p.11 "Apoyo: En cualquier momento durante tu turno, coloca cualquier
    # cantidad de materias primas sobre la Pagoda para el resto de la partida. Al final de la
    # partida, ganas: 2 / 5 / 10 [PV] por 3 / 7 / 12 (madera/piedra/comida, en cualquier
    # combinación)"; the English rulebook: Shrine gives extra VP at the end; cannot be razed.
    ("jap015",): {
        "text": "Feature: At any time during your turn, place any number of Resources on the Shrine "
        "for the rest of the game. At the end of the game gain 2 / 5 / 10 VP for 3 / 7 / 12 "
        "Resources on it (Wood, Stone, Food in any combination).",
        "feature": [{"on": "shrine", "thresholds": [[3, 2], [7, 5], [12, 10]]}],
        "sources": ["seed p.11 (card text)", "rulebook.en p.7, p.11 (clarification)"],
    },
}

# What the Spanish rulebook prints of the cards no source gives completely ([?]: an icon the text
# does not give). Translated; the engine does not use these texts.
KNOWN_TEXT = {
    "bar014": "Action: Spend 1/2 Raze tokens to immediately raze 1 card from your hand / 1 enemy "
    "Location. Discard any number of the Resources you gain to gain 2 [?] for each "
    "Resource discarded.",
    "bar016": "Action: Spend 1 [?] to choose 1 enemy Location and gain 1 of the Goods in its Raze "
    "field. This card can be activated twice.",
    "bar018": "Action: Spend 2 [?] to raze 1 of your Common Locations.",
    "bar028": "Action: Spend 1 [?] to draw 2 cards. Keep one of them and discard the other.",
    "bar030": "Action: Spend 2 [?] to discard 1 enemy Deal of your choice. Also gain 1 [?] and 1 [?].",
    "rom008": "Action: Spend 2 [?] to remove 1 enemy Location from the game. Also gain 1 [?].",
    "rom010": "Action: Spend 1 [?] to add 1 enemy Deal of your choice to your own Deals. Also gain "
    "1 [?].",
    "egy001": "Action: Discard 1 card from your hand to make an enemy of your choice discard 1 card "
    "from his hand. Also gain 1 [?]. Building bonus: 2 cards.",
    "egy006": "Feature: Each time you build an EGYPTIAN Location, you may spend 1 [?] to gain 2 [?] "
    "or spend 1 [?] to gain 1 [?].",
    "egy010": "Action: Spend 1 [?] to choose 1 enemy ACTION Location and put 1 [?] from the general "
    "supply on it. The chosen Location cannot be activated this round.",
    "egy014": "Action: Spend 1 [?] to put 1 card from your hand into your Empire as a Foundation; "
    "you gain 1 Stone instead of 1 Wood. Also gain 1 [?].",
    "egy019": "Feature: Each time you gain at least 2 [?], gain 1 additional [?]. (Also active "
    "during the Production phase.)",
    "jap008": "Action: Spend 2 [?] to remove 1 enemy Location from the game.",
    "jap012": "Action: (activated with 1 Worker in the Cleanup example) [effect not given]",
    "jap013": "Feature: At any time during your turn, place any number of cards from your hand under "
    "the Gate to gain 1 [?] for each card. At the end of the game gain 2 VP if there are "
    "at least 3 cards under the Gate. The Gate cannot be razed.",
    "jap016": "Action: (activated with 1 Food in the Cleanup example) [effect not given]",
    "jap019": "Action: Spend 1 [?] to choose 1 of your Deals and build it immediately as a "
    "Location, ignoring the Location icon in its building cost.",
    "jap021": "Action: Spend 1 [?] to make a Deal with 1 enemy FACTION Location of your choice. "
    "Draw 1 JAPANESE card and place it face down under the enemy Location to mark this "
    "Deal.",
    "jap026": "Action: Spend 1 [?] to discard 1 enemy Deal of your choice and immediately gain the "
    "Goods it provides. Building bonus: 2 Workers to use immediately as Samurai.",
}
# Copies share the text of the first copy.
for _first, _others in {
    "bar014": ["bar015"],
    "bar016": ["bar017"],
    "bar018": ["bar019"],
    "egy014": ["egy015"],
    "egy019": ["egy020"],
    "jap013": ["jap014"],
    "jap016": ["jap017", "jap018"],
    "jap021": ["jap022", "jap023"],
    "jap026": ["jap027"],
}.items():
    for _o in _others:
        KNOWN_TEXT[_o] = KNOWN_TEXT[_first]

# Locations that cannot be razed although they have a Raze field (clarifications p.11).
NOT_RAZEABLE = {"jap013", "jap014", "jap015"}
# Official English names the English rulebook prints for Faction cards whose name the merged
# table marks as a literal translation.
OFFICIAL = {
    "jap016": "Stalls",
    "jap017": "Stalls",
    "jap018": "Stalls",
    "jap012": "Casino",
    "jap009": "Daimyo's Castle",
    "jap010": "Daimyo's Castle",
}

# Solo Attack cards: no public source lists their Target goods. Default distribution: the 16
# Targets in proportion to how often each Good appears in the Raze fields of the 84 Common cards
# (largest remainder method).
ATTACK_ORDER = ("wood", "worker", "stone", "vp", "gold", "card", "food")


def read_table(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def id_range(text: str) -> list[str]:
    """``"com008–010"`` -> ``["com008", "com009", "com010"]``."""
    m = re.fullmatch(r"([a-z]+)(\d{3})(?:[–-](\d{3}))?", text)
    if not m:
        raise ValueError(f"bad id range {text!r}")
    prefix, lo, hi = m.group(1), int(m.group(2)), int(m.group(3) or m.group(2))
    return [f"{prefix}{i:03d}" for i in range(lo, hi + 1)]


def csv_number(value: str) -> int:
    return int(value) if value.strip() else 0


def csv_goods(row: dict, prefix: str) -> dict:
    out = {}
    for col, good in CSV_GOODS.items():
        value = row.get(f"{prefix} {col}", "").strip()
        if value and not value.startswith("#"):
            out[good] = int(value)
    return out


def csv_per_color(row: dict, prefix: str) -> list[dict]:
    out = []
    for col, good in CSV_GOODS.items():
        value = row.get(f"{prefix} {col}", "").strip()
        m = re.fullmatch(r"#(\w+),\s*max\s*(\d+)", value)
        if m:
            color = {"grey": "gray"}.get(m.group(1), m.group(1))
            out.append({"gain_per_color": {"color": color, "good": good, "max": int(m.group(2))}})
    return out


def effects_of(gain: dict, per_color: list[dict]) -> list[dict]:
    effects = [{"gain": gain}] if gain else []
    return effects + per_color


def common_ability(row: dict) -> dict:
    trigger = row["Trigger"].strip()
    out_gain = csv_goods(row, "Out")
    out_per = csv_per_color(row, "Out")
    other = row["Out Other"].strip()
    bonus = effects_of(csv_goods(row, "BB"), csv_per_color(row, "BB"))
    ability: dict = {"bonus": bonus}
    if trigger == "Production":
        prod = effects_of(out_gain, out_per)
        if other:
            prod.append({CSV_OTHER[other]: {}})
        ability["production"] = prod
    elif trigger == "Action":
        action: dict = {"limit": int(row["Trigger Limit"]), "spend": csv_goods(row, "In")}
        if other:
            action["special"] = CSV_OTHER[other]
        else:
            action["effects"] = effects_of(out_gain, out_per)
        ability["action"] = action
    elif trigger.startswith("Build "):
        color = {"grey": "gray"}.get(trigger.split()[1].lower(), trigger.split()[1].lower())
        ability["feature"] = [
            {"on": "build", "colors": [color], "effects": effects_of(out_gain, out_per)}
        ]
    elif trigger == "Raze":
        ability["feature"] = [{"on": "raze", "effects": effects_of(out_gain, out_per)}]
    elif trigger:
        raise ValueError(f"unknown trigger {trigger!r}")
    return ability


SPECIAL_TEXT = {
    "build_faction": "build a Faction Location at once, without discarding the Location its cost "
    "requires",
    "activate_other": "activate another of your Action Locations once more (paying its cost)",
    "production_copy": "gain what one of your Production Locations produces",
    "deal_good": "gain the Good of one of your Deals",
    "steal_resource": "take 1 Resource from an enemy's supply",
    "raze_enemy": "raze 1 enemy Location",
    "take_over": "take over an enemy Location for the round",
}


def goods_text(goods: dict) -> str:
    names = {
        "worker": "Worker",
        "wood": "Wood",
        "stone": "Stone",
        "food": "Food",
        "gold": "Gold",
        "raze": "Raze token",
        "card": "card",
        "vp": "VP",
        "deal": "Deal",
        "common_card": "Common card",
        "faction_card": "Faction card",
        "samurai": "Samurai",
        "defense": "Defense token",
    }
    parts = []
    for g, n in goods.items():
        name = names[g]
        if n > 1 and g not in ("vp", "wood", "stone", "food", "gold"):
            name += "s"
        parts.append(f"{n} {name}")
    return " and ".join(parts) if parts else "nothing"


def ability_text(card: dict) -> str:
    parts = []
    if card.get("production"):
        parts.append(f"Production: {describe_effects(card['production'])}.")
    for f in card.get("feature", []):
        if f["on"] == "build":
            parts.append(
                f"Feature: each time you build a {'/'.join(f['colors'])} Location, gain "
                f"{describe_effects(f['effects'])}."
            )
        elif f["on"] == "raze":
            parts.append(f"Feature: each time you raze, gain {describe_effects(f['effects'])}.")
    a = card.get("action")
    if a:
        what = (
            SPECIAL_TEXT[a["special"]]
            if "special" in a
            else ("gain " + describe_effects(a["effects"]))
        )
        spend = f"spend {goods_text(a['spend'])} to " if a["spend"] else ""
        twice = " Can be activated twice per round." if a["limit"] == 2 else ""
        parts.append(f"Action: {spend}{what}.{twice}")
    if card["type"] == "feature" and not card.get("feature"):
        parts.append("Feature: none.")
    if card.get("bonus"):
        parts.append(f"Building bonus: {describe_effects(card['bonus'])}.")
    return " ".join(parts)


def faction_production(card: dict) -> list[dict]:
    cond = card["condition"] or ""
    goods = Counter(OBTAIN[e] for e in card["cardEffect"] if e in OBTAIN)
    if "PRODUCE_ANOTHER_PRODUCTION" in card["cardEffect"]:
        return [{"production_copy": {}}]
    if cond == "CHOICE_FROM_2_FACTION_CARDS":
        return [{"draw_keep": {"deck": "faction", "draw": 2, "keep": 1}}]
    m = re.fullmatch(r"HAS_(\w+?)(?:_COLOR)?_(\d)_MAX", cond)
    if m:
        (good,) = goods
        if m.group(1) == "SAMURAI":
            return [{"gain_per_samurai": {"good": good, "max": int(m.group(2))}}]
        return [
            {"gain_per_color": {"color": COLOR[m.group(1)], "good": good, "max": int(m.group(2))}}
        ]
    effects = [{"gain": dict(goods)}]
    if card["orEffect"]:
        alt = {"SCORE_TWO_POINTS": {"vp": 2}}[card["orEffect"][0]]
        return [{"choose_one": [effects, [{"gain": alt}]]}]
    return effects


def faction_bonus(card: dict) -> list[dict]:
    bb = card["cardEffectForPosition"]
    if bb is None:
        return []
    cond = card["condition"] or ""
    m = re.fullmatch(r"HAS_(\w+?)_COLOR_(\d)_MAX", cond)
    if bb == "SCORE_POINT" and m:
        return [
            {"gain_per_color": {"color": COLOR[m.group(1)], "good": "vp", "max": int(m.group(2))}}
        ]
    fixed = {
        "SCORE_FOUR_POINTS": {"vp": 4},
        "OBTAIN_TWO_SETTLERS": {"worker": 2},
        "OBTAIN_TWO_CARDS": {"card": 2},
        "OBTAIN_TWO_SAMURAIS": {"samurai": 2},
    }
    if bb in fixed:
        return [{"gain": fixed[bb]}]
    return [{"gain": {OBTAIN[bb]: 1}}]


def describe_effects(effects: list[dict]) -> str:
    parts = []
    for e in effects:
        if "gain" in e:
            parts.append(goods_text(e["gain"]))
        elif "gain_per_color" in e:
            g = e["gain_per_color"]
            parts.append(
                f"1 {goods_text({g['good']: 1})[2:]} per {g['color']} Location (max {g['max']})"
            )
        elif "gain_per_samurai" in e:
            g = e["gain_per_samurai"]
            parts.append(f"1 {goods_text({g['good']: 1})[2:]} per Samurai (max {g['max']})")
        elif "choose_one" in e:
            parts.append(" or ".join(describe_effects(o) for o in e["choose_one"]))
        elif "draw_keep" in e:
            d = e["draw_keep"]
            parts.append(f"draw {d['draw']} {d['deck'].title()} cards, keep {d['keep']}")
        elif "production_copy" in e:
            parts.append("the production of one of your other Production Locations")
    return ", ".join(parts)


def attack_cards(commons: list[dict]) -> tuple[list[dict], dict]:
    freq = Counter(g for c in commons for g in c["raze"])
    total = sum(freq.values())
    quota = {g: 16 * freq[g] / total for g in ATTACK_ORDER}
    counts = {g: int(q) for g, q in quota.items()}
    for g in sorted(ATTACK_ORDER, key=lambda g: quota[g] - counts[g], reverse=True):
        if sum(counts.values()) == 16:
            break
        counts[g] += 1
    cards: list[dict] = []
    for g in ATTACK_ORDER:
        for _ in range(counts[g]):
            cards.append(
                {
                    "id": f"att{len(cards) + 1:02d}",
                    "name": "Attack card",
                    "target": g,
                    "unverified": True,
                }
            )
    stated = {
        "rule": "Targets in proportion to how often each Good appears in the Raze fields of the 84 "
        "Common cards (largest remainder method); no public source lists the printed "
        "Targets.",
        "raze_field_frequency": dict(freq),
        "counts": counts,
    }
    return cards, stated


def english_names(sources: Path) -> tuple[dict[str, tuple[str, str]], set[str]]:
    """Card id -> (English name, Spanish name), and the ids whose English name is a literal
    translation of the Czech one."""
    english: dict[str, tuple[str, str]] = {}
    literal: set[str] = set()
    for row in read_table(sources / "common-cards.md")[1:]:
        for cid in id_range(row[0]):
            english[cid] = (row[1], row[3])
    for row in read_table(sources / "faction-cards.md"):
        if not row[0].startswith(("bar", "rom", "egy", "jap")):
            continue
        name = row[2]
        for cid in id_range(row[0]):
            if row[2].endswith("(lit.)"):
                literal.add(cid)
            name = name.removesuffix("(lit.)").strip().split(" / ")[-1]  # "Slaver / Slave Trader"
            english[cid] = (name, row[3])
    return english, literal


def base_card(c: dict, name: str, name_es: str) -> dict:
    """The fields every card has, from its cards.cz.json entry."""
    cid = c["cardId"]
    prefix = cid[:3]
    cost = Counter(GOOD[g] for g in c["sourcesForBuild"] if g != "LOCATION")
    return {
        "id": cid,
        "name": OFFICIAL.get(cid, name),
        "name_cz": c["cardName"],
        "name_es": name_es or None,
        "deck": "common" if prefix == "com" else FACTIONS[prefix],
        "type": TYPE[c["cardCategory"]],
        "colors": [COLOR[x] for x in c["colors"]],
        "cost": {g: cost[g] for g in ("wood", "stone", "food") if cost[g]},
        "cost_location": "LOCATION" in c["sourcesForBuild"],
        "raze": [GOOD[g] for g in c["sourcesFromDestroy"]],
        "razeable": bool(c["sourcesFromDestroy"]) and cid not in NOT_RAZEABLE,
        "deal": GOOD[c["dealSource"]] if c["dealSource"] else None,
        "vp": 1 if prefix == "com" else 2,
    }


def _csv_cost(r: dict) -> dict[str, int]:
    return {
        g: csv_number(r[f"Cost {g.title()}"])
        for g in ("wood", "stone", "food")
        if csv_number(r[f"Cost {g.title()}"])
    }


def match_csv_row(card: dict, cands: list[dict], notes: list[str]) -> dict:
    """The CSV row of a Common card among those of its name: same cost and Raze field, else
    same cost (a note says the Raze fields differ and cards.cz.json is followed)."""
    ccost = dict(card["cost"])
    match = [
        r
        for r in cands
        if _csv_cost(r) == ccost
        and sorted(g for g, n in csv_goods(r, "Raze").items() for _ in range(n))
        == sorted(card["raze"])
    ]
    if not match:  # the Raze field differs: cards.cz.json is followed
        match = [r for r in cands if _csv_cost(r) == ccost]
        if match:
            notes.append(
                "Raze field: common-cards.en.csv gives "
                f"{csv_goods(match[0], 'Raze')}, cards.cz.json {card['raze']}; "
                "cards.cz.json is followed"
            )
    if not match:
        raise ValueError(f"no CSV row matches {card['id']} {card['name']}")
    return match[0]


def complete_common(card: dict, c: dict, cands: list[dict], notes: list[str]) -> None:
    """A Common card's ability from common-cards.en.csv, cross-checked with cards.cz.json."""
    csv_row = match_csv_row(card, cands, notes)
    ability = common_ability(csv_row)
    card.update({k: v for k, v in ability.items() if v})
    card["sources"] = ["cards.cz.json", "common-cards.en.csv"]
    if not csv_row["Trigger"].strip() and not ability["bonus"] and c["cardEffectForPosition"]:
        # Ruins: the CSV gives no Building Bonus; cards.cz.json (and the seed, p.12) do.
        card["bonus"] = faction_bonus(c)
        notes.append("Building Bonus from cards.cz.json (common-cards.en.csv gives none)")
    card["text"] = ability_text(card)
    # Cross-check the Building Bonus with cards.cz.json.
    cz_bonus = c["cardEffectForPosition"]
    csv_bonus = card.get("bonus", [])
    has_card = any("card" in e.get("gain", {}) for e in csv_bonus)
    cz_card = cz_bonus in ("OBTAIN_CARD",) or (c["condition"] or "").endswith("GET_CARD")
    if has_card != cz_card:
        notes.append(
            f"Building Bonus card: common-cards.en.csv {'gives' if has_card else 'gives no'} "
            f"card, cards.cz.json {'gives' if cz_card else 'gives no'} card; the CSV is "
            "followed"
        )


def complete_faction(card: dict, c: dict) -> None:
    """A faction card's production and bonus from cards.cz.json, its text from VERIFIED (or
    marked unverified)."""
    cid = card["id"]
    if card["type"] == "production":
        card["production"] = faction_production(c)
    bonus = faction_bonus(c)
    if bonus:
        card["bonus"] = bonus
    key = next((k for k in VERIFIED if cid in k), None)
    card["sources"] = ["cards.cz.json", "faction-cards.md"]
    if key is not None:
        v = VERIFIED[key]
        card.update({k: v[k] for k in ("action", "feature") if k in v})
        card["text"] = v["text"]
        card["sources"] += v["sources"]
    elif card["type"] == "production":
        card["text"] = ability_text(card)
        card["sources"].append("cards.cz.json cardEffect (Production)")
    else:
        card["unverified"] = True
        bonus_text = f" Building bonus: {describe_effects(bonus)}." if bonus else ""
        card["text"] = (
            f"{card['type'].title()}: unknown (no public source gives it; "
            f"played without it).{bonus_text}"
        )
        if cid in KNOWN_TEXT:
            card["known_text"] = KNOWN_TEXT[cid]


def build_factions(boards: list[dict]) -> dict[str, dict[str, Any]]:
    """The four faction boards: name, production and storage."""
    factions: dict[str, dict[str, Any]] = {}
    for b in boards:
        f = FACTION_BOARD.get(b["factionType"])
        if f is None:
            continue
        factions[f] = {
            "production": dict(Counter(GOOD[g] for g in b["factionProduction"])),
            "storage": [GOOD[b["saveSource"]]],
        }
    factions = {f: factions[f] for f in ("romans", "barbarians", "egyptians", "japanese")}
    names = {
        "romans": "Romans",
        "barbarians": "Barbarians",
        "egyptians": "Egyptians",
        "japanese": "Japanese",
    }
    for f in factions:
        factions[f] = {"name": names[f], **factions[f]}
    factions["japanese"]["samurai"] = True
    return factions


def build(sources: Path) -> dict:
    cz = json.loads((sources / "cards.cz.json").read_text(encoding="utf-8"))
    rows = list(csv.DictReader((sources / "common-cards.en.csv").open(encoding="utf-8")))
    boards = json.loads((sources / "factions.json").read_text(encoding="utf-8"))
    english, literal = english_names(sources)

    # CSV rows by English name; a name with variants is matched by cost and Raze field.
    by_name: dict[str, list[dict]] = {}
    for csv_row in rows:
        by_name.setdefault(csv_row["Name"].strip(), []).append(csv_row)

    cards = []
    notes_all: list[str] = []
    for c in cz:
        cid = c["cardId"]
        name, name_es = english[cid]
        card = base_card(c, name, name_es)
        if cid in literal and cid not in OFFICIAL:
            card["name_note"] = (
                "literal translation of the Czech name (official English name unknown)"
            )
        notes: list[str] = []
        if cid.startswith("com"):
            complete_common(card, c, by_name[name], notes)
        else:
            complete_faction(card, c)
        if notes:
            card["notes"] = notes
            notes_all += [f"{cid}: {n}" for n in notes]
        cards.append(card)

    copies = Counter((c["deck"], c["name"], c["type"]) for c in cards)
    for c in cards:
        c["copies"] = copies[(c["deck"], c["name"], c["type"])]

    commons = [c for c in cards if c["deck"] == "common"]
    attacks, stated = attack_cards(commons)
    return {
        "format": 1,
        "generated_by": "src/empires/settlers/data/build_cards.py",
        "sources": [
            "cards.cz.json",
            "common-cards.en.csv",
            "common-cards.md",
            "faction-cards.md",
            "factions.json",
            "rulebook.en.txt",
            "seeds/imperial-settlers.es.txt",
        ],
        "complete": False,
        "factions": build_factions(boards),
        "attack_distribution": stated,
        "notes": notes_all,
        "cards": cards,
        "attack_cards": attacks,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="?", default=str(DEFAULT_SOURCES))
    parser.add_argument("-o", "--out", default=str(OUT))
    args = parser.parse_args(argv)
    data = build(Path(args.sources))
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    Path(args.out).write_text(text, encoding="utf-8")
    unverified = [c for c in data["cards"] + data["attack_cards"] if c.get("unverified")]
    print(
        f"wrote {args.out}: {len(data['cards'])} cards, {len(data['attack_cards'])} Attack cards, "
        f"{len(unverified)} unverified"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
