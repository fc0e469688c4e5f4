// The Imperial Settlers table as HTML, drawn from an observation (never from hidden state).
//
// renderTable(box, obs, {seats, you, targets, events}) redraws everything. Elements a legal
// action can be given by carry data-target="<key>" (card:<id> for a card in hand, on offer or in
// an Empire; deck:common / deck:faction; good:<good> in your supply; player:<seat>; choice:<action>
// for the others, buttons in the decision bar at the top of the table); keys in
// `targets` get the class "clickable" and are focusable buttons. The caller handles clicks (see
// game.js); the replay page passes no targets. targetOf(action) maps an action string (the
// engine's structured form: "build com008", "draw faction", "take wood", "player 1") to its key.

import { COLORS, COLOR_NAMES, SEAT_SHAPES, seatLabel } from "./board.js";
import { h } from "./common.js";
import { t } from "./i18n.js";

export const ROUNDS = 5;
const GOODS = ["wood", "stone", "food", "gold", "worker", "raze", "defense"];
const GOOD_WORDS = {
  wood: t("Wood"), stone: t("Stone"), food: t("Food"), gold: t("Gold"), worker: t("Workers"),
  raze: t("Raze tokens"), defense: t("Defense tokens"), vp: t("VP"), card: t("card"),
  common_card: t("Common card"), faction_card: t("Faction card"),
};
// The cards' colours (a tag: the feminine in es/it/pt, as "carta"), decks and factions, as the
// Spanish rulebook prints them (it/pt: the gettext catalogues' words).
const CARD_COLOR_WORDS = {
  brown: t("Brown"), gray: t("Gray"), red: t("Red"), pink: t("Pink"), blue: t("Blue"),
  black: t("Black"), gold: t("Gold"), purple: t("Purple"),
};
const DECK_WORDS = {
  common: t("Common"), romans: t("Romans"), barbarians: t("Barbarians"),
  egyptians: t("Egyptians"), japanese: t("Japanese"), attack: t("Attack"),
};
const SHAPES = SEAT_SHAPES;  // the same marks as the terminal and the Discovery board
const TYPES = [["production", t("Production")], ["feature", t("Feature")], ["action", t("Action")]];
const CARD_KINDS = new Set(["build", "deal", "raze", "raze-location", "activate", "defend",
  "samurai", "gate", "pick", "discard", "target"]);

// The board target of a legal action string (null: only in the list of choices).
export function targetOf(action) {
  const [kind, a] = action.split(" ");
  if (CARD_KINDS.has(kind)) return `card:${a}`;
  if (kind === "draw") return `deck:${a}`;
  if (kind === "take" && GOODS.includes(a)) return `good:${a}`;
  if (kind === "player") return `player:${a}`;
  return `choice:${action}`;  // pass, done, an option, goods to spend...: a button on the table
}

// A seat's mark: its colour with its number and a shape (never colour alone).
export function seatMark(seat) {
  if (!Number.isInteger(seat) || seat < 0) {
    return h("span", { class: "seat-mark virtual", title: t("the virtual player") }, "V");
  }
  const mark = h("span", { class: "seat-mark", title: t("seat {n} ({colour})", { n: seat + 1, colour: COLOR_NAMES[seat] }) },
    `${SHAPES[seat] || ""}${seat + 1}`);
  mark.style.background = COLORS[seat];
  return mark;
}

function seatName(seats, seat) {
  return h("span", { class: "seat-name-tag" }, seatMark(seat), " ", seatLabel(seats, seat));
}

function goodWord(g) {
  return GOOD_WORDS[g] || String(g).replace(/_/g, " ");
}

// Where a card's ability text comes from: printed, unverified (played without it) or a house
// rule (a user's card file). A card without the marker is built-in data (unverified if it says).
function sourceNote(card) {
  const source = card.source || (card.unverified ? "unverified" : "printed");
  if (source === "house") {
    return h("div", { class: "st-source house" }, t("House rule text (from a card file, not printed)"));
  }
  if (source === "unverified") {  // a mark only: the table's notice (unverifiedNotice) says why
    const why = t("Played without its printed ability: see the note at the top of the table");
    return h("div", { class: "st-source unverified", title: why }, h("span", { "aria-hidden": "true" }, "✱"),
      h("span", { class: "sr-only" }, why),
      card.known_text ? h("div", { class: "known" }, t("Known printed text: {text}", { text: card.known_text })) : null);
  }
  return null;
}

// The unverified cards on the table (in hands, on offer, in Empires), by name, each once.
function unverifiedNames(obs) {
  const names = new Set();
  const walk = (item, depth) => {
    if (depth > 6 || !item || typeof item !== "object") return;
    if (Array.isArray(item)) { item.forEach((x) => walk(x, depth + 1)); return; }
    if (typeof item.id === "string" && (item.source === "unverified" || (!item.source && item.unverified))) {
      names.add(item.name);
    }
    Object.values(item).forEach((x) => walk(x, depth + 1));
  };
  walk(obs, 0);
  return [...names].sort();
}

// Said once at the table, not on every card: which cards play without their printed ability
// (no public source gives it; docs/settlers.md) and how a server's operator adds a house card set.
function unverifiedNotice(obs) {
  const names = unverifiedNames(obs);
  if (!names.length) return null;
  return h("div", { class: "st-notice", id: "unverified-notice" },
    h("span", { "aria-hidden": "true" }, "✱ "),
    t("These cards are played without their printed ability, which no public source gives: {cards}.", { cards: names.join(", ") }),
    " ", t("A server's operator can add a house card set with their abilities:"), " ",
    h("code", {}, "empires serve --cards NAME=FILE"), " ", t("(see docs/settlers.md, Completing the cards)."));
}

function colorTags(colors) {
  return (colors || []).map((c) => h("span", { class: `st-color c-${c}` }, CARD_COLOR_WORDS[c] || c));
}

// A faction (or deck) in the page's language: "romans" or a card file's "Romans".
export function factionWord(name) {
  return DECK_WORDS[String(name).toLowerCase()] || name;
}

const typeWord = (type) => (TYPES.find(([k]) => k === type) || [type, type])[1];

// The card's kind without its colours (shown as tags): "Feature · Romans", "Production · Common".
export function kindWords(card, kind) {
  const colors = card.colors || [];
  const words = String(card.card || kind).split(" ").filter((w) => !colors.includes(w));
  if (card.faction && !words.includes(card.faction)) words.unshift(card.faction);  // a Location
  const type = words.includes(kind) ? kind : null;
  const rest = words.filter((w) => w !== type).map(factionWord);
  return [type ? typeWord(type) : null, ...rest].filter(Boolean).join(" · ") || typeWord(kind);
}

// A building cost in the page's language: the engine's "2 wood, 1 stone, a Location" or "free".
export function costWords(cost) {
  if (cost === "free") return t("Cost: free");
  const parts = String(cost).split(", ").map((part) => {
    if (part === "a Location") return t("a Location");
    const m = part.match(/^(\d+) (\w+)$/);
    return m ? `${m[1]} ${goodWord(m[2])}` : part;
  });
  return t("Cost: {cost}", { cost: parts.join(", ") });
}

// A card's ability text. An unverified card's begins "Action: unknown (no public source gives
// it; played without it)." in the page's language: the part in brackets is the table's notice
// (unverifiedNotice), said once, so the card keeps "Action: unknown." and the rest.
function abilityText(card) {
  const unverified = card.source === "unverified" || (!card.source && card.unverified);
  return unverified ? String(card.text).replace(/^([^(.]*?)\s*\([^)]*\)/, "$1") : card.text;
}

// A card: name, colours and type, cost, ability, raze and deal yields, its source marker.
export function cardBox(card, { where = "hand", extra = [] } = {}) {
  const kind = card.type || String(card.card || "").split(" ").pop();
  const yields = [];
  if (card.raze && card.raze.length) yields.push(t("Raze: {goods}", { goods: card.raze.map(goodWord).join(" + ") }));
  if (card.deal) yields.push(t("Deal: {good}", { good: goodWord(card.deal) }));
  return h("div", { class: `st-card t-${kind} ${where}`, "data-target": `card:${card.id}`,
                    "data-card": card.id },
    h("div", { class: "st-card-head" }, h("b", { class: "st-card-name" }, card.name)),
    h("div", { class: "st-card-kind" }, ...colorTags(card.colors), ` ${kindWords(card, kind)}`),
    card.cost !== undefined ? h("div", { class: "st-cost" }, costWords(card.cost)) : null,
    card.text ? h("div", { class: "st-text" }, abilityText(card)) : null,
    yields.length ? h("div", { class: "st-yields" }, yields.join(" · ")) : null,
    sourceNote(card), ...extra);
}

// A Location in an Empire: the card and its tokens.
function locationBox(loc, seats) {
  const tokens = [];
  if (loc.activations) tokens.push(h("span", { class: "token" }, t("used {n}", { n: loc.activations })));
  if (loc.defense) tokens.push(h("span", { class: "token defense" }, t("Defense token")));
  if (loc.samurai) tokens.push(h("span", { class: "token samurai" }, t("Samurai")));
  if (loc.blocked) tokens.push(h("span", { class: "token" }, t("blocked this round")));
  if (loc.resources_on_it) tokens.push(h("span", { class: "token" }, t("{n} on it", { n: loc.resources_on_it })));
  if (loc.cards_under_it) tokens.push(h("span", { class: "token" }, t("{n} under it", { n: loc.cards_under_it })));
  if (Number.isInteger(loc.taken_over_by)) {
    tokens.push(h("span", { class: "token" }, t("taken over by"), " ", seatName(seats, loc.taken_over_by)));
  }
  return cardBox(loc, { where: "location", extra: tokens.length ? [h("div", { class: "tokens" }, ...tokens)] : [] });
}

function goodsRow(goods, mine) {
  return h("div", { class: "st-goods" }, ...GOODS.map((g) => h("span",
    { class: `good g-${g}`, "data-target": mine ? `good:${g}` : null },
    `${goodWord(g)} `, h("b", {}, goods[g] || 0))));
}

function empireRows(obs, seat, seats) {
  const mine = obs.locations.filter((l) => l.owner === seat);
  return TYPES.map(([type, word]) => {
    const row = mine.filter((l) => l.type === type || String(l.card).endsWith(type));
    return h("div", { class: `st-row row-${type}` },
      h("div", { class: "st-row-title" }, `${word} (${row.length})`),
      h("div", { class: "st-cards" }, ...(row.length ? row.map((l) => locationBox(l, seats))
        : [h("span", { class: "none" }, t("none"))])));
  });
}

function dealsLine(pl) {
  const deals = [...pl.deals, ...pl.trade_route_deals.map((d) => ({ ...d, route: true }))];
  if (!deals.length) return h("div", { class: "st-deals" }, t("Deals: none"));
  return h("div", { class: "st-deals" }, t("Deals:"), " ", deals.map((d) =>
    h("span", { class: "deal", "data-target": `card:${d.id}` },
      `${d.name} (${goodWord(d.deal)}${d.route ? `, ${t("Trade Route")}` : ""})`)));
}

function playerPanel(obs, pl, { seats, you }) {
  const seat = pl.seat;
  const mine = seat === you;
  const passed = pl.passed && obs.step === "action";  // the flag is only news in the Action phase
  const score = obs.scores[seat] || {};
  const facts = [
    h("span", {}, pl.hand_size === 1 ? t("Hand: 1 card") : t("Hand: {n} cards", { n: pl.hand_size })),
    h("span", {}, t("Faction deck: {n}", { n: pl.faction_deck })),
    h("span", {}, t("Faction discard: {n}", { n: pl.faction_discard.length })),
    h("span", {}, t("Foundations: {n}", { n: pl.foundations })),
  ];
  return h("section", { class: `st-player${mine ? " mine" : ""}${passed ? " passed" : ""}`,
                        "data-seat": seat, "data-target": `player:${seat}` },
    h("h3", { class: "st-player-head" }, seatName(seats, seat), ` — ${factionWord(pl.faction)}`,
      mine ? h("span", { class: "you-tag" }, ` ${t("(you)")}`) : null,
      obs.first_player === seat ? h("span", { class: "first-marker", title: t("First player") }, ` ⚑ ${t("first player")}`) : null,
      passed ? h("span", { class: "passed-tag" }, ` · ${t("passed")}`) : null,
      h("span", { class: "st-vp" }, ` ${t("{n} pts", { n: score.total ?? pl.vp })}`)),
    h("div", { class: "st-facts" }, ...facts, h("span", {}, t("VP tokens: {n}", { n: pl.vp }))),
    goodsRow(pl.goods, mine), dealsLine(pl),
    h("div", { class: "st-empire" }, ...empireRows(obs, seat, seats)));
}

function scoreTrack(obs, seats) {
  const totals = obs.scores.map((s) => s.total || 0);
  const top = Math.max(20, ...totals);
  return h("div", { class: "st-track", "aria-label": t("Score track") },
    h("div", { class: "st-track-title" }, t("Score track")),
    ...obs.players.map((pl) => {
      const bar = h("span", { class: "bar" });
      bar.style.width = `${(100 * totals[pl.seat]) / top}%`;
      bar.style.background = COLORS[pl.seat];
      return h("div", { class: "st-track-row", "data-seat": pl.seat },
        seatMark(pl.seat), h("span", { class: "bar-wrap" }, bar), h("b", {}, totals[pl.seat]));
    }));
}

// The variants' names as the rulebook prints them.
const VARIANT_TEXT = {
  "alternate-lookout": t("Alternate Lookout"),
  "advanced-lookout": t("Advanced Lookout"),
};

// The rules in play: variants, and the operator's card set by its name (never a path).
function rulesLine(options) {
  if (!options) return null;
  const parts = [];
  if (options.variants && options.variants.length) {
    parts.push(t("Variants: {list}", { list: options.variants.map((v) => VARIANT_TEXT[v] || v).join(", ") }));
  }
  if (options.reshuffle_faction_discards) parts.push(t("Faction discards reshuffled"));
  if (options.cards) parts.push(t("Card set: {name} (house rules where its cards say so)", { name: options.cards }));
  return parts.length ? h("div", { class: "st-rules" }, parts.join(" · ")) : null;
}

function commonArea(obs, seats, you) {
  const own = Number.isInteger(you) ? obs.players[you] : null;
  const decks = h("div", { class: "st-decks" },
    h("span", { class: "deck", "data-target": "deck:common" }, t("Common deck: {n}", { n: obs.common_deck })),
    h("span", { class: "pile" }, t("Common discard: {n}", { n: obs.common_discard.length })),
    own ? h("span", { class: "deck", "data-target": "deck:faction" },
            t("Your Faction deck: {n}", { n: own.faction_deck })) : null,
    own ? h("span", { class: "pile" }, t("Your Faction discard: {n}", { n: own.faction_discard.length })) : null);
  return h("section", { class: "st-common" },
    h("div", { class: "st-round" }, `${t("Round {n} of {total}", { n: obs.round, total: ROUNDS })} · ${obs.phase}`, ` · ${t("First player:")} `,
      Number.isInteger(obs.first_player) ? seatName(seats, obs.first_player) : "–"),
    rulesLine(obs.options), unverifiedNotice(obs), decks, scoreTrack(obs, seats),
    obs.draft.length || obs.phase === "Lookout" ? h("div", { class: "st-lookout" },
      h("h3", {}, t("Lookout: cards on offer ({n})", { n: obs.draft.length })),
      h("div", { class: "st-cards st-draft" }, ...(obs.draft.length
        ? obs.draft.map((c) => cardBox(c, { where: "draft" })) : [h("span", { class: "none" }, t("none"))])))
      : null);
}

function handArea(obs) {
  const parts = [];
  if (obs.your_choices && obs.your_choices.length) {
    parts.push(h("section", { class: "st-choices" }, h("h3", {}, t("Cards you are choosing among (secret)")),
      h("div", { class: "st-cards" }, ...obs.your_choices.map((c) => cardBox(c, { where: "choice" })))));
  }
  parts.push(h("section", { class: "st-hand", id: "hand" },
    h("h3", {}, t("Your hand ({n})", { n: obs.your_hand.length })),
    h("div", { class: "st-cards" }, ...(obs.your_hand.length
      ? obs.your_hand.map((c) => cardBox(c)) : [h("span", { class: "none" }, t("empty"))]))));
  return parts;
}

// The solo game: the virtual player's Collection, Target line, its Locations, and each Attack.
function soloArea(obs, seats, events) {
  const vp = obs.virtual_player;
  const attacks = (events || []).filter((e) => e.kind === "attack");
  return h("section", { class: "st-solo", id: "virtual-player" },
    h("h3", {}, seatMark(-1), " ", t("The virtual player")),
    h("div", { class: "st-facts" }, h("span", {}, t("Collection: {n} cards", { n: vp.collection })),
      h("span", {}, t("Attack deck: {n}", { n: vp.attack_deck }))),
    h("div", { class: "st-target-line" }, t("Target line:"), " ",
      vp.target_line.length ? vp.target_line.map((good, i) => h("span", { class: i ? "target" : "target first" }, goodWord(good)))
        : t("empty")),
    vp.locations.length ? h("div", { class: "st-cards" }, ...vp.locations.map((l) => locationBox(l, seats))) : null,
    h("h4", {}, t("Attacks")),
    attacks.length ? h("ol", { class: "st-attacks" }, ...attacks.map((e) => h("li", { "data-round": e.turn },
      h("b", {}, `${t("Round {n}", { n: e.turn })}: `), e.attack ? `${t("Target {good}", { good: goodWord(e.attack.target) })} — ` : "",
      e.razed ? h("strong", {}, t("razed {name}", { name: e.razed.name })) : t("razed nothing"),
      e.reason ? ` (${e.reason})` : ""))) : h("p", { class: "none" }, t("No Attack yet.")));
}

// Your decision: its prompt, and the choices no card, deck, good or player on the table gives.
function decisionBar(obs, targets, seats, you) {
  const entries = [...targets.entries()].filter(([key]) => key.startsWith("choice:"));
  if (!targets.size) {  // someone else decides: say who, at the top (a phone shows the list far below)
    const p = obs.current_player;
    if (obs.terminal || !Number.isInteger(p) || p < 0) return null;
    if (p === you) return h("section", { class: "st-decision waiting", id: "decision" }, t("Your choice is on its way…"));
    return h("section", { class: "st-decision waiting", id: "decision" }, t("Waiting for"), " ", seatName(seats, p),
          obs.decision ? `: ${decisionPrompt(obs.decision)}` : "");
  }
  return h("section", { class: "st-decision", id: "decision" },
    h("strong", {}, t("Your turn:"), " "), obs.decision ? decisionPrompt(obs.decision) : t("choose"),
    entries.length ? h("div", { class: "st-decision-choices" }, ...entries.map(([key, list]) =>
      h("button", { type: "button", class: "st-choice", "data-target": key }, list[0].text))) : null,
    entries.length < targets.size ? h("div", { class: "hint" }, t("or click a highlighted card, deck or good below")) : null);
}

// The engine's prompt of a turn begins "Your turn: ..." (translated); the bar and the status
// line say whose turn it is themselves, so that opening is left out rather than said twice
// ("Your turn: Your turn: ...", or "Waiting for Bob (Your turn: ...)").
export function decisionPrompt(decision) {
  const prompt = String(decision.prompt || "");
  const opening = t("Your turn:");
  return prompt.startsWith(opening) ? prompt.slice(opening.length).trimStart() : prompt;
}

export function renderTable(box, obs, { seats = null, you = null, targets = null, events = null } = {}) {
  // as at the table: your Empire in front of you, your hand, then the others' Empires
  const players = obs.players.map((pl) => playerPanel(obs, pl, { seats, you }));
  const seated = Number.isInteger(you);
  const parts = [];
  const bar = targets ? decisionBar(obs, targets, seats, you) : null;
  if (bar) parts.push(bar);
  parts.push(commonArea(obs, seats, you));
  if (obs.virtual_player) parts.push(soloArea(obs, seats, events));
  if (seated) parts.push(players[you], ...handArea(obs));
  parts.push(h("div", { class: "st-players" }, ...players.filter((_, i) => !seated || i !== you)));
  box.replaceChildren(...parts);
  if (targets) {
    for (const node of box.querySelectorAll("[data-target]")) {
      if (!targets.has(node.getAttribute("data-target"))) continue;
      node.classList.add("clickable");
      if (node.tagName === "BUTTON") continue;
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
    }
  }
}

// The solo game's end: one verdict, against the virtual player, and why (the engine's result
// and its game_over event, in the page's language: the event names the achievement when you
// won). The score table under it has no heading of its own (events.js scoreBreakdown).
export function soloVerdict(obs, events) {
  if (!obs.virtual_player || !obs.terminal) return null;
  const over = (events || []).filter((e) => e.kind === "game_over").pop();
  const won = typeof obs.result === "string" && obs.result.startsWith("won");
  return h("div", { class: `st-verdict ${won ? "won" : "lost"}`, id: "verdict" },
    h("h2", {}, h("strong", {}, won ? t("You won!") : t("You lost.")), " ",
      won ? t("You beat the virtual player.") : t("The virtual player wins.")),
    over ? h("p", { class: "why" }, over.text) : null);
}
