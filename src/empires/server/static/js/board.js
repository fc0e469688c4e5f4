// The board as SVG, drawn from an observation (never from hidden state).
//
// renderBoard(svg, obs, {seats, you, targets, names}) redraws everything (names: the state
// message's printed names of what the observation gives by id, see buildingName). Elements that a legal action
// can be given by carry data-target="<key>" (region:peru, box:dock, good:gold, building:navigator,
// owned:navigator, player:1, worker:soldier, deck, box:order); keys in `targets` get the class
// "clickable". The caller handles clicks (see game.js); the replay page passes no targets.

import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

// Seat colours: white text on each has at least 4.5:1 contrast (WCAG AA); the orange is a dark
// one (#ef6c00 had 3.1:1). A colour always comes with its seat mark (shape and number).
export const COLORS = ["#c62828", "#1565c0", "#2e7d32", "#b34700", "#6a1b9a", "#5d4037"];
// The terminal's seat marks (empires.core.screen.SEAT_SYMBOLS): ●1 ■2 ▲3 ◆4 ★5 ✚6.
export const SEAT_SHAPES = ["●", "■", "▲", "◆", "★", "✚"];
export const markText = (seat) => `${SEAT_SHAPES[seat % SEAT_SHAPES.length] || ""}${seat + 1}`;
export const COLOR_NAMES = [t("red"), t("blue"), t("green"), t("orange"), t("purple"), t("brown")];
export const WORKER_ABBR = {
  colonist: "C", captain: "Cp", merchant: "M", missionary: "Ms", soldier: "S", builder: "B",
  militia: "Mi",
};
const WORKER_ORDER = ["colonist", "captain", "merchant", "missionary", "soldier", "builder"];
// The Specialists' spaces and the Trade Goods as printed, in the page's language.
const SPECIALIST_WORDS = {
  missionary: t("Missionary"), merchant: t("Merchant"), soldier: t("Soldier"), captain: t("Captain"),
  builder: t("Builder"), training: t("Training"),
};
export const GOOD_WORDS = {
  silver: t("Silver"), sugar: t("Sugar"), gold: t("Gold"), tobacco: t("Tobacco"), coffee: t("Coffee"),
  indigo: t("Indigo"), fur: t("Furs"), cattle: t("Cattle"), cocoa: t("Cocoa"), fish: t("Fish"),
  rice: t("Rice"),
};
export const goodWord = (good) => GOOD_WORDS[good] || good;
const REGION_WORDS = {
  new_france: t("New France"), new_england: t("New England"), virginia: t("Virginia"),
  florida: t("Florida"), new_spain: t("New Spain"), caribbean: t("Caribbean"),
  new_granada: t("New Granada"), peru: t("Peru"), brazil: t("Brazil"),
};
// A Capital Building's kind as the rulebooks print it (es 2015: Inmediato, De un solo uso,
// Permanente).
const BUILDING_TYPES = { immediate: t("Immediate"), one_time: t("One-time"), ongoing: t("Ongoing") };
const regionName = (region) => REGION_WORDS[region.id] || region.name;

// Schematic New World: top-left corner of each region's card inside the map panel.
const REGION_POS = {
  new_france: [30, 50], new_england: [250, 40], virginia: [300, 185], florida: [200, 322],
  new_spain: [25, 382], caribbean: [370, 402], new_granada: [200, 482], peru: [35, 572],
  brazil: [360, 576],
};
// Adjacency comes from the server (/api/meta: empires.discovery.data); see setBoard().
let ADJACENT = {};

export function setBoard(board) {
  ADJACENT = {};
  for (const region of (board && board.regions) || []) ADJACENT[region.id] = region.adjacent;
}

export async function loadBoard(api) {
  try {
    const meta = await api("/api/meta");
    const game = meta.games.find((g) => g.name === "discovery");
    setBoard(game && game.board);
  } catch {
    setBoard(null);  // the map is drawn without its sea lanes
  }
}
const REGION_W = 150;
const REGION_H = 118;
const ROMAN = ["", "I", "II", "III"];

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function text(x, y, content, attrs = {}) {
  return el("text", { x, y, ...attrs }, content);
}

// Words wrapped into tspans of at most `width` pixels (about 0.55 em per character).
function wrapped(x, y, content, width, size = 11, maxLines = 4, attrs = {}) {
  const perLine = Math.max(4, Math.floor(width / (size * 0.55)));
  const words = String(content).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > perLine && line) {
      lines.push(line);
      line = w;
    } else {
      line = (line + " " + w).trim();
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = lines[maxLines - 1].replace(/.{0,2}$/, "…");
  }
  const node = el("text", { x, y, "font-size": size, ...attrs });
  lines.forEach((l, i) => node.append(el("tspan", { x, dy: i ? size * 1.2 : 0 }, l)));
  return node;
}

// Text cut to about `width` pixels at `size` (a long name never runs out of its box).
export function fitText(content, width, size = 11) {
  const s = String(content);
  const most = Math.max(3, Math.floor(width / (size * 0.58)));
  return s.length > most ? `${s.slice(0, most - 1)}…` : s;
}

export function seatLabel(seats, seat) {
  const s = seats && seats[seat];
  return s ? seatName(s.name, seat) : t("Player {n}", { n: seat + 1 });
}

// The names the server gives a seat left unnamed ("Player 2") and a bot ("Random bot", "Random
// bot 3" when two share it), in the reader's language; any other name as its player wrote it.
const BOT_NAMES = { Random: t("Random bot"), Heuristic: t("Heuristic bot"), Ismcts: t("ISMCTS bot"),
                    Az: t("Neural-network bot") };

// A bot as the lobby offers it ("random", "heuristic", "ismcts:200", "az:0.2s"), in the reader's
// language.
export function botWord(spec) {
  const [kind, iterations] = String(spec).split(":");
  if (kind === "random") return t("Random bot");
  if (kind === "heuristic") return t("Heuristic bot");
  if (kind === "ismcts") return iterations ? t("ISMCTS bot, {n} iterations", { n: iterations }) : t("ISMCTS bot");
  if (kind === "az") return t("Neural-network bot");
  return String(spec);
}

export function seatName(name, seat) {
  if (name === `Player ${seat + 1}`) return t("Player {n}", { n: seat + 1 });
  const bot = /^(Random|Heuristic|Ismcts|Az) bot( \d+)?$/.exec(name);
  return bot ? BOT_NAMES[bot[1]] + (bot[2] || "") : name;
}

function chip(x, y, player, label, seats, w = 26) {
  return el("g", { class: "chip" },
    el("title", {}, `${markText(player)} ${seatLabel(seats, player)} (${COLOR_NAMES[player]}): ${label}`),
    el("rect", { x, y, width: w, height: 18, rx: 4, fill: COLORS[player], stroke: "#222",
                 "stroke-width": 0.6 }),
    text(x + w / 2, y + 13, `${player + 1}${WORKER_ABBR[label] || label}`,  // seat number + worker
         { "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": "bold",
           "data-mark": player + 1 }));
}

function workerSummary(counts) {
  return WORKER_ORDER.filter((w) => counts && counts[w])
    .map((w) => `${counts[w]}${WORKER_ABBR[w]}`).join(" ");
}

function panel(x, y, w, h, title, subtitle, target) {
  const g = el("g", { class: "box", "data-target": target || null });
  g.append(el("rect", { x, y, width: w, height: h, rx: 8, class: "box-bg" }));
  g.append(text(x + 10, y + 18, title, { class: "box-title" }));
  if (subtitle) {  // cut to the room the title leaves (a long translation), whole in its tooltip
    const room = w - 30 - String(title).length * 14 * 0.64;
    const most = Math.max(3, Math.floor(room / (10.5 * 0.5)));
    const shown = subtitle.length > most ? `${subtitle.slice(0, most - 1)}…` : subtitle;
    g.append(el("text", { x: x + w - 10, y: y + 18, class: "box-sub", "text-anchor": "end" },
      shown, shown === subtitle ? null : el("title", {}, subtitle)));
  }
  return g;
}

// Numbered spaces with their occupants ([{player, worker}]).
function spaces(g, x, y, count, occupants, seats, labels, size = 30) {
  for (let i = 0; i < count; i++) {
    const sx = x + i * (size + 6);
    g.append(el("rect", { x: sx, y, width: size, height: size, rx: 4, class: "space" }));
    g.append(text(sx + size / 2, y + size + 11, labels ? labels[i] : i + 1,
                  { class: "space-label", "text-anchor": "middle" }));
    const occ = occupants[i];
    if (occ) g.append(chip(sx + 2, y + 6, occ.player, occ.worker, seats, size - 4));
  }
}

function chipRow(g, x, y, occupants, seats, perRow = 12) {
  occupants.forEach((occ, i) => {
    const cx = x + (i % perRow) * 30;
    const cy = y + Math.floor(i / perRow) * 22;
    g.append(chip(cx, cy, occ.player, occ.worker, seats));
  });
}

function goodToken(x, y, good, target, extra = "", label = goodWord(good)) {
  const w = Math.max(44, label.length * 7 + 12);
  return el("g", { class: `good ${extra}`, "data-target": target, "data-good": good },
    el("title", {}, label),
    el("rect", { x, y, width: w, height: 20, rx: 10, class: `good-bg good-${good}` }),
    text(x + w / 2, y + 14, label, { "text-anchor": "middle", "font-size": 11 }));
}

function counterText(counter) {
  if (counter === "face-down") return t("? face-down counter");
  if (!counter) return null;
  const what = t("resist {r} · {vp} VP", { r: counter.resistance, vp: counter.vp });
  return counter.scouted ? t("scouted: {what}", { what }) : what;
}

// A region's name, Trade Good and counter; where its rows of workers start. A name and a good
// too long for one line (Nueva Inglaterra, Ganado) put the good on a line of its own.
function regionHead(r, region, x, y) {
  const name = regionName(region);
  const good = region.trade_good ? goodWord(region.trade_good) : "";
  const crowded = good && name.length * 13 * 0.62 + good.length * 11 * 0.55 + 24 > REGION_W;
  r.append(text(x + 8, y + 17, name, { class: "region-name" }));
  if (good) {
    r.append(text(x + REGION_W - 8, crowded ? y + 31 : y + 17, good,
                  { class: "region-good", "text-anchor": "end" }));
  }
  const below = crowded ? 14 : 0;
  const ct = counterText(region.counter);
  r.append(text(x + 8, y + 33 + below, ct || (region.discovered ? t("discovered") : ""),
                { class: region.counter && region.counter.scouted ? "counter scouted" : "counter" }));
  return y + 42 + below;
}

function drawMap(svg, obs, seats) {
  const g = el("g", { class: "map" });
  g.append(el("rect", { x: 10, y: 10, width: 525, height: 690, rx: 10, class: "sea" }));
  g.append(text(24, 32, t("The New World"), { class: "box-title" }));
  const centre = (id) => [REGION_POS[id][0] + REGION_W / 2, REGION_POS[id][1] + REGION_H / 2];
  const drawn = new Set();
  for (const [a, list] of Object.entries(ADJACENT)) {
    for (const b of list) {
      const key = [a, b].sort().join("|");
      if (drawn.has(key) || !REGION_POS[a] || !REGION_POS[b]) continue;
      drawn.add(key);
      const [x1, y1] = centre(a);
      const [x2, y2] = centre(b);
      g.append(el("line", { x1, y1, x2, y2, class: "lane", "data-lane": key }));
    }
  }
  for (const region of obs.regions) {
    const [x, y] = REGION_POS[region.id] || [0, 0];
    const r = el("g", { class: `region ${region.discovered ? "discovered" : "undiscovered"}`,
                        "data-target": `region:${region.id}`, "data-region": region.id });
    r.append(el("rect", { x, y, width: REGION_W, height: REGION_H, rx: 12, class: "land" }));
    const rows = regionHead(r, region, x, y);
    let row = 0;
    region.workers.forEach((counts, p) => {
      const summary = workerSummary(counts);
      if (!summary) return;
      const ry = rows + row * 15;
      if (row < 5) {
        r.append(el("rect", { x: x + 6, y: ry - 1, width: 24, height: 13, rx: 3, fill: COLORS[p] }));
        r.append(text(x + 18, ry + 10, markText(p), { "text-anchor": "middle", "font-size": 10,
                                                       fill: "#fff", "font-weight": "bold" }));
        r.append(text(x + 34, ry + 10, summary, { class: "region-workers",
                                                  "data-player": p }));
      }
      row += 1;
    });
    r.append(el("title", {}, region.discovered ? regionName(region) : t("{name} (undiscovered)", { name: regionName(region) })));
    g.append(r);
  }
  const forming = expeditionForming(obs);
  if (forming) g.append(forming);
  svg.append(g);
}

// An expedition being formed: the workers already sent and its strength, under its region.
export function expeditionText(obs) {
  const d = obs.decision;
  if (!d || d.kind !== "expedition_members" || !d.members) return null;
  const pl = obs.players[d.player];
  const captain = pl && pl.buildings.includes("magellan") ? 3 : 2;
  const strength = Object.entries(d.members)
    .reduce((sum, [w, n]) => sum + n * (w === "captain" ? captain : 1), 0);
  return t("Expedition: {workers} · strength {n}",
           { workers: workerSummary(d.members) || t("nobody yet"), n: strength });
}

function expeditionForming(obs) {
  const words = expeditionText(obs);
  const region = obs.decision && (obs.decision.target || obs.decision.region);
  if (!words) return null;
  // to a region: under it; with the Discovery deck: at the foot of the map
  const [x, y] = REGION_POS[region] || [20, 672 - REGION_H];
  return el("g", { class: "expedition", "data-region": region },
    el("rect", { x: x - 4, y: y + REGION_H - 4, width: REGION_W + 40, height: 24, rx: 5,
                 class: "expedition-bg" }),
    text(x + 4, y + REGION_H + 12, words, { class: "expedition-text" }));
}

function drawBoxes(svg, obs, seats) {
  const b = obs.boxes;
  const X = 545;
  // Initiative
  let g = panel(X, 10, 230, 110, t("Initiative"), t("order & money"), "box:initiative");
  spaces(g, X + 10, 36, 6, b.initiative, seats, null, 28);
  svg.append(g);
  // Colonist Dock: spaces 1-11, X, Y and the Mayflower
  g = panel(X + 240, 10, 485, 110, t("Colonist Dock"), t("Merchant $5 · Missionary +1 Colonist"),
            "box:dock");
  spaces(g, X + 250, 30, 11, b.dock.slice(0, 11), seats, null, 24);
  const xy = [b.dock_x, b.dock_y];
  spaces(g, X + 250, 74, 2, xy.map((p) => (p === null || p === undefined ? null
    : { player: p, worker: "colonist" })), seats, ["X", "Y"], 24);
  if (b.dock.length > 11) chipRow(g, X + 330, 76, b.dock.slice(11), seats, 9);
  const mayflower = obs.players.some((pl) => pl.buildings.includes("mayflower"));
  if (mayflower) {
    g.append(el("g", { class: "subspace", "data-target": "box:mayflower" },
      el("title", {}, t("Colonist Dock: the Mayflower's spaces")),
      el("rect", { x: X + 630, y: 76, width: 85, height: 24, rx: 5, class: "space" }),
      text(X + 672, 92, "Mayflower", { "text-anchor": "middle", "font-size": 11 })));
  }
  svg.append(g);
  // Trade Goods
  g = panel(X, 130, 350, 120, t("Trade Goods"), t("any $1 · 3 of a kind $3 · 4 $6"), "box:trade_goods");
  spaces(g, X + 10, 150, 4, b.trade_goods, seats, null, 28);
  g.append(text(X + 10, 219, t("On offer:"), { class: "space-label" }));
  let gx = X + 62;
  b.trade_goods_offer.forEach((good) => {
    const pick = obs.decision && obs.decision.kind === "trade_good";
    const token = goodToken(gx, 205, good, pick ? `good:${good}` : null, "offer");
    g.append(token);
    gx += Math.max(44, goodWord(good).length * 7 + 12) + 6;
  });
  svg.append(g);
  // Merchant Shipping
  g = panel(X + 360, 130, 365, 120, t("Merchant Shipping"), t("Captain 2 · Merchant 2"),
            "box:shipping");
  chipRow(g, X + 370, 150, b.shipping, seats, 11);
  g.append(text(X + 370, 236, b.merchant_ship_waiting ? t("A Merchant Ship waits to be taken")
                                                      : t("No Merchant Ship this turn"),
                { class: "space-label" }));
  g.append(text(X + 715, 236, t("ships in supply: {n}", { n: obs.merchant_ships_in_supply }),
                { class: "space-label", "text-anchor": "end" }));
  svg.append(g);
  // Capital Buildings: five spaces and the buildings on offer
  g = panel(X, 260, 725, 200, t("Capital Buildings"), t("Builder $5 · Age I $10 · II $14 · III $20"),
            "box:buildings");
  spaces(g, X + 10, 292, 5, b.buildings, seats, null, 26);
  const offer = b.buildings_offer;
  const step = (725 - 200) / Math.max(5, offer.length);
  const cardW = step - 6;
  offer.forEach((bld, i) => {
    const cx = X + 195 + i * step;
    const card = el("g", { class: "building-card", "data-target": `building:${bld.id}`,
                           "data-building": bld.id },
      el("title", {}, `${bld.name} ($${bld.price}, ${BUILDING_TYPES[bld.type] || bld.type}): ${bld.text}`),
      el("rect", { x: cx, y: 288, width: cardW, height: 164, rx: 6, class: "card" }),
      wrapped(cx + 6, 304, bld.name, cardW - 10, 12, 2, { class: "card-title" }),
      text(cx + 6, 336, `$${bld.price} · ${BUILDING_TYPES[bld.type] || bld.type}`, { class: "card-price" }),
      wrapped(cx + 6, 352, bld.text, cardW - 10, 10, 8, { class: "card-text" }));
    g.append(card);
  });
  svg.append(g);
  // Discovery
  g = panel(X, 470, 230, 120, t("Discovery"), t("Captain 2 · Soldier 5"), "box:discovery");
  const explorers = [];
  obs.players.forEach((pl) => {
    for (const w of WORKER_ORDER) {
      for (let k = 0; k < ((pl.discovery_box || {})[w] || 0); k++) explorers.push({ player: pl.seat, worker: w });
    }
  });
  chipRow(g, X + 10, 496, explorers.slice(0, 14), seats, 7);
  if (explorers.length > 14) g.append(text(X + 220, 540, `+${explorers.length - 14}`, { class: "space-label", "text-anchor": "end" }));
  const deck = obs.hidden ? obs.hidden.discovery_deck : 0;
  g.append(el("g", { class: "deck", "data-target": "deck" },
    el("title", {}, t("The Discovery deck")),
    el("rect", { x: X + 10, y: 548, width: 210, height: 32, rx: 5, class: "card" }),
    text(X + 115, 569, t("Discovery deck: {n} cards", { n: deck }), { "text-anchor": "middle", "font-size": 11 })));
  svg.append(g);
  // Specialists: one space each, Training $5
  g = panel(X + 240, 470, 485, 120, t("Specialists"), t("one worker per space"), null);
  const kinds = ["missionary", "merchant", "soldier", "captain", "builder", "training"];
  kinds.forEach((k, i) => {
    const sx = X + 250 + i * 78;
    const occ = b.specialists[k];
    const s = el("g", { class: "subspace", "data-target": `box:${k}` },
      el("rect", { x: sx, y: 492, width: 72, height: 86, rx: 6, class: "space" }),
      text(sx + 36, 510, SPECIALIST_WORDS[k] || k,
           { "text-anchor": "middle", "font-size": 11 }),
      k === "training" ? text(sx + 36, 524, "$5", { "text-anchor": "middle", class: "space-label" }) : null);
    if (occ) s.append(chip(sx + 22, 540, occ.player, occ.worker, seats, 28));
    g.append(s);
  });
  svg.append(g);
  // Warfare
  g = panel(X, 600, 350, 100, t("Warfare"), t("Battle $0 · War $10"), "box:warfare");
  spaces(g, X + 10, 626, 4, b.warfare, seats, null, 30);
  svg.append(g);
  // What nobody sees, only counted
  g = panel(X + 360, 600, 365, 100, t("Supply (hidden, counted)"), null, null);
  const h = obs.hidden || {};
  const stacks = h.building_stacks || {};
  g.append(text(X + 370, 642, t("Trade Goods pool: {pool} · unused counters: {counters}", { pool: h.trade_goods_pool, counters: h.unused_counters }),
                { "font-size": 11 }));
  g.append(text(X + 370, 660, t("Building stacks: I {a} · II {b} · III {c}", { a: stacks["1"] ?? 0, b: stacks["2"] ?? 0, c: stacks["3"] ?? 0 }),
                { "font-size": 11 }));
  if (obs.scouted_deck) {
    const parts = Object.entries(obs.scouted_deck).map(([k, v]) => `${k}: ${discoveryName(v)} (${t("{n} VP", { n: v.vp })})`);
    g.append(text(X + 370, 678, t("You scouted — {cards}", { cards: parts.join(", ") }), { "font-size": 11, class: "scouted" }));
  }
  svg.append(g);
}

function drawTracks(svg, obs, seats) {
  // Turn / Age track
  const g = panel(10, 710, 620, 80, t("Turn"), `${t("Age {age}", { age: ROMAN[obs.age] })} · ${obs.phase}`, null);
  const ages = [1, 1, 1, 2, 2, 2, 3, 3];
  ages.forEach((age, i) => {
    const turn = i + 1;
    const x = 20 + i * 74;
    const current = turn === obs.turn;
    g.append(el("g", { class: current ? "turn current" : "turn", "data-turn": turn },
      el("rect", { x, y: 730, width: 66, height: 50, rx: 6, class: current ? "turn-now" : "space" }),
      text(x + 33, 750, ROMAN[age], { "text-anchor": "middle", "font-size": 12, "font-weight": "bold" }),
      text(x + 33, 770, turn, { "text-anchor": "middle", "font-size": 14 }),
      [3, 6, 8].includes(turn) ? text(x + 62, 744, "★", { "text-anchor": "end", "font-size": 10 }) : null));
  });
  svg.append(g);
  // Player order
  const o = panel(640, 710, 630, 80, t("Player order"), t("set by Initiative"), "box:order");
  obs.order.forEach((p, i) => {
    const x = 650 + i * 100;
    const current = obs.current_player === p;
    o.append(el("g", { class: "order-slot", "data-target": `player:${p}`, "data-order": i },
      el("title", {}, `${i + 1}. ${markText(p)} ${seatLabel(seats, p)}`),
      el("rect", { x, y: 730, width: 94, height: 50, rx: 6, fill: COLORS[p],
                   class: current ? "order-now" : "order" }),
      text(x + 8, 748, `${i + 1}. ${markText(p)}`, { fill: "#fff", "font-size": 12, "font-weight": "bold" }),
      text(x + 8, 766, fitText(seatLabel(seats, p), 80, 11), { fill: "#fff", "font-size": 11 })));
  });
  svg.append(o);
}

const MAT_STEP = 235;  // a mat's height and the gap under it
const NATION_WORDS = {
  england: t("England"), spain: t("Spain"), france: t("France"), portugal: t("Portugal"),
  holland: t("Holland"), italy: t("Italy"),
};

// A seat's National Advantage board and the uses of its power left (none held: a dash).
export function nationLine(pl) {
  if (!pl.nation) return null;
  const name = NATION_WORDS[pl.nation] || pl.nation;
  const left = pl.advantage_uses_left;
  return left === null || left === undefined ? name : t("{name} · {n} uses left", { name, n: left });
}

// A Capital Building's printed name in the page's language: the state message sends the names
// of the buildings the seats hold (names.buildings, translated by the server); an id the message
// does not name is shown as its words ("colonial_government_2": "colonial government").
export function buildingName(names, id) {
  const known = names && names.buildings && names.buildings[id];
  return known || id.replace(/_\d+$/, "").replace(/_/g, " ");
}

// A Discovery counter or card a seat won, by its printed name: a counter has no name of its own
// (its id, "c07", is the engine's), so it is "Discovery counter"; a card is named (translated by
// the server).
export function discoveryName(d) {
  return !d.name || d.name === d.id ? t("Discovery counter") : d.name;
}

// A mat's Discoveries: the cards by name with their VP, the counters counted ("2 counters, 7 VP").
export function discoveriesText(found) {
  const cards = found.filter((d) => d.name && d.name !== d.id)
    .map((d) => `${d.name} (${t("{n} VP", { n: d.vp })})`);
  const counters = found.filter((d) => !d.name || d.name === d.id);
  const vp = counters.reduce((sum, d) => sum + (d.vp || 0), 0);
  if (counters.length === 1) cards.unshift(t("1 Discovery counter ({vp} VP)", { vp }));
  else if (counters.length) cards.unshift(t("{n} Discovery counters ({vp} VP)", { n: counters.length, vp }));
  return cards.join(", ");
}

function drawMats(svg, obs, seats, you, names) {
  const n = obs.players.length;
  const cols = Math.min(n, 3);
  const w = (1260 - (cols - 1) * 10) / cols;
  const top = 800;
  obs.players.forEach((pl, i) => {
    const x = 10 + (i % cols) * (w + 10);
    const y = top + Math.floor(i / cols) * MAT_STEP;
    const seat = pl.seat;
    const score = obs.scores ? obs.scores[seat] : null;
    const g = el("g", { class: "mat", "data-target": `player:${seat}`, "data-seat": seat });
    g.append(el("rect", { x, y, width: w, height: MAT_STEP - 10, rx: 8, class: "mat-bg",
                          stroke: COLORS[seat], "stroke-width": seat === obs.current_player ? 4 : 2 }));
    g.append(el("rect", { x, y, width: w, height: 24, rx: 8, fill: COLORS[seat] }));
    const bot = seats && seats[seat] && seats[seat].kind === "bot" ? botWord(seats[seat].bot) : "";
    const who = bot && bot !== seatLabel(seats, seat).replace(/ \d+$/, "") ? ` · ${bot}` : "";
    const head = `${markText(seat)} ${seatLabel(seats, seat)}${seat === you ? ` ${t("(you)")}` : ""}${who}`;
    g.append(el("text", { x: x + 10, y: y + 17, fill: "#fff", "font-weight": "bold", "font-size": 13,
                          class: "mat-name" }, fitText(head, w - 130, 13), el("title", {}, head)));
    g.append(text(x + w - 10, y + 17, `$${pl.money}${score ? ` · ${t("{n} VP", { n: score.total })}` : ""}`,
                  { fill: "#fff", "font-weight": "bold", "font-size": 13, "text-anchor": "end",
                    class: "money" }));
    let ly = y + 42;
    const line = (label, value) => {
      g.append(text(x + 10, ly, label, { class: "mat-label" }));
      g.append(text(x + 84, ly, value || "–", { class: "mat-value" }));
      ly += 16;
    };
    line(t("Available"), workerSummary(pl.available));
    line(t("Supply"), workerSummary(pl.supply));
    line(t("In Discovery"), workerSummary(pl.discovery_box));
    line(t("Nation"), nationLine(pl));
    line(t("Ships, VP"), `${pl.merchant_ships === 1 ? t("1 Merchant Ship") : t("{n} Merchant Ships", { n: pl.merchant_ships })} · ${t("colony VP {vp}", { vp: pl.colony_vp.join("/") })}`);
    // Goods as tokens (targets when a building asks for one of your goods)
    g.append(text(x + 10, ly, t("Goods"), { class: "mat-label" }));
    let gx = x + 84;
    const goods = Object.entries(pl.goods);
    if (!goods.length) g.append(text(gx, ly, "–", { class: "mat-value" }));
    let hiddenGoods = 0;
    goods.forEach(([good, count]) => {
      const label = count > 1 ? `${goodWord(good)} ×${count}` : goodWord(good);
      const width = Math.max(44, label.length * 7 + 12);
      if (gx + width > x + w - 30) {
        hiddenGoods += count;
        return;
      }
      const pick = obs.decision && obs.decision.kind !== "trade_good";
      g.append(goodToken(gx, ly - 13, good, pick ? `good:${good}` : null, "owned", label));
      gx += width + 4;
    });
    if (hiddenGoods) g.append(text(gx, ly, `+${hiddenGoods}`, { class: "mat-value" }));
    ly += 18;
    // Buildings (owned:<id> targets for "use")
    g.append(text(x + 10, ly, t("Buildings"), { class: "mat-label" }));
    let bx = x + 84;
    if (!pl.buildings.length) g.append(text(bx, ly, "–", { class: "mat-value" }));
    pl.buildings.forEach((id) => {  // every building: a full row goes on to the next one
      const name = buildingName(names, id);
      const usedUp = pl.buildings_used.includes(id);
      const width = Math.min(name.length * 6 + 10, w - 94);
      if (bx + width > x + w - 6 && bx > x + 84) {
        bx = x + 84;
        ly += 18;
      }
      g.append(el("g", { class: `owned${usedUp ? " used" : ""}`, "data-owned": id,
                         "data-target": seat === you ? `owned:${id}` : null },
        el("title", {}, usedUp ? t("{name} (used this turn)", { name }) : name),
        el("rect", { x: bx, y: ly - 12, width, height: 16, rx: 3, class: "owned-bg" }),
        text(bx + 5, ly, fitText(name, width - 8, 10), { "font-size": 10 })));
      bx += width + 4;
    });
    ly += 18;
    const disc = discoveriesText(pl.discoveries);
    g.append(text(x + 10, ly, t("Discoveries"), { class: "mat-label" }));
    g.append(wrapped(x + 84, ly, disc || "–", w - 94, 11, 2, { class: "mat-value" }));
    svg.append(g);
  });
  return top + Math.ceil(n / cols) * MAT_STEP - 10;
}

export function renderBoard(svg, obs, { seats = null, you = null, targets = null, names = null } = {}) {
  svg.replaceChildren();
  svg.append(el("rect", { x: 0, y: 0, width: 1280, height: 2000, class: "table" }));
  drawMap(svg, obs, seats);
  drawBoxes(svg, obs, seats);
  drawTracks(svg, obs, seats);
  const bottom = drawMats(svg, obs, seats, you, names);
  if (targets) drawDecisionButtons(svg, obs, targets);
  svg.setAttribute("viewBox", `0 0 1280 ${bottom + 5}`);
  if (targets) {
    for (const node of svg.querySelectorAll("[data-target]")) {
      const key = node.getAttribute("data-target");
      if (targets.has(key)) makeTarget(node, targets.get(key));
    }
  }
}

// Buttons for the choices that belong to a place of the board: the workers to choose on the
// deciding seat's mat (expedition members, training...) or, for a battle's casualty, on the
// pieces in the region of the battle (drawCasualties); Battle and War in Warfare.
function drawDecisionButtons(svg, obs, targets) {
  const button = (x, y, w, key, label) => el("g", { class: "board-button", "data-target": key },
    el("title", {}, label),
    el("rect", { x, y, width: w, height: 34, rx: 6, class: "button-bg" }),
    text(x + w / 2, y + 22, label, { "text-anchor": "middle", "font-size": 12, "font-weight": "bold" }));
  const warfare = svg.querySelector('[data-target="box:warfare"]');
  [["battle", t("Battle")], ["war", t("War")]].forEach(([k, label], i) => {
    if (warfare && targets.has(`warfare:${k}`)) {
      warfare.after(button(545 + 185 + i * 82, 656, 76, `warfare:${k}`, label));
    }
  });
  const workers = [...targets.keys()].filter((k) => k.startsWith("worker:"));
  const d = obs.decision;
  if (d && d.kind === "casualty" && REGION_POS[d.region]) {
    drawCasualties(svg, obs, workers);  // on the pieces where the battle is
    return;
  }
  const mat = d && svg.querySelector(`.mat[data-seat="${d.player}"]`);
  if (!workers.length || !mat) return;
  const box = mat.querySelector("rect");
  const x0 = Number(box.getAttribute("x")) + 10;
  const y0 = Number(box.getAttribute("y")) + MAT_STEP - 10 - 40;
  workers.forEach((key, i) => {
    const w = key.slice(7);
    mat.after(button(x0 + i * 96, y0, 90, key, WORKER_WORDS[w] || w));
  });
}

// A battle's casualty, chosen on the loser's pieces in the region of the battle: one piece per
// kind of worker it may remove (its seat's colour and mark, the kind and how many stand there),
// each a board target "worker:<kind>" (focusable, announced with the choice's words).
function drawCasualties(svg, obs, workers) {
  const d = obs.decision;
  const [x, y] = REGION_POS[d.region];
  const region = obs.regions.find((r) => r.id === d.region);
  const standing = (region && region.workers[d.victim]) || {};
  const g = el("g", { class: "casualties", "data-region": d.region, "data-victim": d.victim });
  const size = 34;
  const top = y + REGION_H - 2 - (17 + Math.ceil(workers.length / 4) * (size - 1));  // at the foot
  g.append(el("rect", { x: x + 2, y: top, width: REGION_W - 4, height: y + REGION_H - 2 - top,
                        rx: 8, class: "casualties-bg", stroke: COLORS[d.victim] }));
  g.append(text(x + 8, top + 13, t("{mark} loses:", { mark: markText(d.victim) }),
                { class: "casualties-title" }));
  workers.forEach((key, i) => {
    const w = key.slice(7);
    const n = w === "militia" ? 1 : standing[w] || 0;
    const px = x + 5 + (i % 4) * (size + 2);
    const py = top + 17 + Math.floor(i / 4) * (size - 1);
    const word = WORKER_WORDS[w] || w;
    g.append(el("g", { class: "piece", "data-target": key, "data-worker": w },
      el("title", {}, `${word} ×${n} · ${markText(d.victim)}`),
      el("rect", { x: px, y: py, width: size, height: size - 4, rx: 5, fill: COLORS[d.victim],
                   stroke: "#222", "stroke-width": 0.8 }),
      text(px + size / 2, py + 19, `${WORKER_ABBR[w] || w}×${n}`,
           { "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#fff" })));
  });
  svg.querySelector(`.region[data-region="${d.region}"]`).after(g);
}

const WORKER_WORDS = {
  colonist: t("Colonist"), captain: t("Captain"), merchant: t("Merchant"),
  missionary: t("Missionary"), soldier: t("Soldier"), builder: t("Builder"),
  militia: t("Militia"),
};

// A board target: focusable, announced as a button with its choices, and at least 44 px square
// to a finger at the readable zoom (1.2 px per unit): a small one gets an invisible hit area.
function makeTarget(node, entries) {
  node.classList.add("clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  // named by its words on the board (WCAG 2.5.3), described by its choice or their number
  const what = entries.length === 1 ? entries[0].text : t("{n} choices", { n: entries.length });
  node.append(el("desc", {}, what));
  const box = node.querySelector("rect");
  if (!box) return;
  const w = Number(box.getAttribute("width"));
  const hgt = Number(box.getAttribute("height"));
  const least = 37;
  if (w >= least && hgt >= least) return;
  const bw = Math.max(w, least);
  const bh = Math.max(hgt, least);
  node.append(el("rect", { x: Number(box.getAttribute("x")) - (bw - w) / 2,
                           y: Number(box.getAttribute("y")) - (bh - hgt) / 2,
                           width: bw, height: bh, class: "hit-area" }));
}

// The board target a legal action string is given by (null: only in the list).
export function targetOf(action) {
  const [kind, a, b] = action.split(" ");
  switch (kind) {
    case "place": return `box:${b}`;
    case "region": return `region:${a}`;
    case "scout": return a === "deck" ? "deck" : `region:${a}`;
    case "deck": return "deck";
    case "good": return `good:${a}`;
    case "building": return `building:${a}`;
    case "use": return `owned:${a}`;
    case "player": return `player:${a}`;
    case "target": return `box:${a}`;
    case "worker": return `worker:${a}`;  // on the deciding seat's mat; casualties: the pieces
    case "battle": case "war": return `warfare:${kind}`;  // buttons in the Warfare box
    // workers, battle or war, skip or done, bids, nations, positions, top or bottom, advantages:
    // buttons of the board's decision tray (board-decision.js)
    default: return `choice:${action}`;
  }
}
