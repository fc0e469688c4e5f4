// The engine's event log as the page shows it: what every action did and how the rules resolved
// it, grouped under a turn/phase heading, players named by their seat names; and the end screen's
// final scoring breakdown. Everything here draws only what the server sent to this viewer: an
// event it redacted ("redacted": true) arrives without the secret, and is shown as it came.

import { seatLabel } from "./board.js";
import { h, ordinal, swatch } from "./common.js";
import { t } from "./i18n.js";

// The word for a turn in headings: a game that counts rounds says "Round".
export function turnWord(obs) {
  return obs && "round" in obs && !("turn" in obs) ? t("Round") : t("Turn");
}

function isSeat(p, seats) {
  return Number.isInteger(p) && p >= 0 && (!seats || p < seats.length);
}

// Event texts name seats "Player 1", "Player 2"… (counted from 1): the page uses seat names.
export function namedText(text, seats) {
  return String(text ?? "").replace(/\bPlayer (\d+)\b/g, (whole, d) => {
    const seat = Number(d) - 1;
    return seats && isSeat(seat, seats) ? seatLabel(seats, seat) : whole;
  });
}

function kindClass(kind) {
  return typeof kind === "string" && /^[a-z0-9_]{1,40}$/.test(kind) ? kind : "other";
}

export function headingText(e, word = t("Turn")) {
  const turn = Number.isInteger(e.turn) ? `${word} ${e.turn}` : null;
  return [turn, typeof e.phase === "string" ? e.phase : null].filter(Boolean).join(" · ") || t("Events");
}

// One event: an action with who chose it (swatch and seat name), any other event as its sentence.
export function eventItem(e, seats, { you = null, current = false } = {}) {
  const kind = kindClass(e.kind);
  const classes = ["ev", `ev-${kind}`];
  if (e.redacted) classes.push("redacted");
  if (current) classes.push("current");
  const seat = isSeat(e.player, seats) ? e.player : null;
  if (kind === "action" && seat !== null && seat === you) classes.push("mine");
  const parts = [];
  if (seat !== null) parts.push(swatch(seat), " ");
  if (kind === "action" && seat !== null) parts.push(h("b", {}, seatLabel(seats, seat)), ": ");
  parts.push(namedText(e.text, seats));
  return h("li", { class: classes.join(" "), "data-seq": e.seq, "data-kind": kind }, ...parts);
}

// A log that grows: events are appended under the heading of their turn and phase, a new
// heading whenever that changes.
export class EventLog {
  constructor(container, { seats = null, you = null, word = t("Turn") } = {}) {
    this.container = container;
    this.seats = seats;
    this.you = you;
    this.word = word;
    this.reset();
  }

  reset() {
    this.count = 0;
    this.key = null;
    this.list = null;
    this.container.replaceChildren();
  }

  append(events, current = null) {
    for (const e of events) {
      const key = `${e.turn}|${e.phase}`;
      if (key !== this.key || !this.list) {
        this.key = key;
        this.list = h("ol", { class: "log-events" });
        this.container.append(h("section", { class: "log-group" },
          h("h3", { class: "log-heading" }, headingText(e, this.word)), this.list));
      }
      this.list.append(eventItem(e, this.seats,
                                 { you: this.you, current: current !== null && current.has(e.seq) }));
      this.count += 1;
    }
  }
}

// ---- the end screen ----

const LABELS = {
  colonies_age1: t("Colonies, Age I"), colonies_age2: t("Colonies, Age II"),
  colonies_age3: t("Colonies, Age III"), discoveries: t("Discoveries"), buildings: t("Capital Buildings"),
  economy: t("Economy"), bought_vp: t("Bought VP"), buildings_vp: t("Capital Buildings scored"),
  vp: t("VP during the game"), common_locations: t("Common Locations"),
  faction_locations: t("Faction Locations"), shrine: t("Shrine"), gate: t("Gate"), total: t("Total"),
  faction_locations_built: t("Faction Locations built"), collection: t("Virtual player's Collection"),
  won: t("Won against the virtual player"), achievement: t("Achievement level"),
};

function title(key) {
  return LABELS[key] || String(key).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function cell(value, key = null) {
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (key === "won") return value ? t("yes") : t("no");  // the solo game's 1 or 0
  if (key === "achievement" && value < 0) return t("none");  // -1: the solo game was lost
  if (value === null || value === undefined) return "–";
  return typeof value === "object" ? "…" : String(value);
}

function categories(scores) {
  const keys = [];
  for (const row of scores) {
    for (const k of Object.keys(row)) if (k !== "total" && !keys.includes(k)) keys.push(k);
  }
  return [...keys, "total"];
}

// What a final_scoring event adds to the table: per player, its lists of scored things
// (e.g. each Capital Building's VP), as "name vp" parts.
function scoredParts(finals, seats, names = null) {
  const lines = [];
  for (const e of finals) {
    if (!isSeat(e.player, seats)) continue;
    for (const [key, value] of Object.entries(e)) {
      if (!Array.isArray(value) || !value.length || !value.every((x) => x && typeof x === "object")) continue;
      const parts = value.map((x) => {
        // a Capital Building by its printed name in the page's language (the state message's names)
        const printed = x.building && names && names.buildings ? names.buildings[x.building] : null;
        const name = x.name ?? x.building ?? x.card ?? x.id ?? "?";
        return `${printed || title(name)}${x.vp !== undefined ? ` ${x.vp}` : ""}`;
      });
      lines.push(h("li", {}, swatch(e.player), " ", h("b", {}, seatLabel(seats, e.player)),
                   ` — ${title(key)}: `, parts.join(" · ")));
    }
  }
  return lines;
}

// A score table wider than its column never breaks a word inside (style.css): it names the
// seats by their marks alone (●1 ■2 ..., each name kept in the column's tooltip and for screen
// readers), and whatever is still too wide scrolls sideways in its box.
function fitColumns(box) {
  if (typeof ResizeObserver === "undefined") return box;
  new ResizeObserver(() => {
    box.classList.remove("compact");
    if (box.scrollWidth > box.clientWidth + 1) box.classList.add("compact");
  }).observe(box);
  return box;
}

// The final scores per category per player (from the result), the places, what decided them
// (the game_over event) and what the final_scoring events itemise. The solo game (one seat
// scored with "won") has no places and no "Game over" heading: its verdict (settlers-board.js
// soloVerdict) says whether you won against the virtual player, and why.
export function scoreBreakdown(result, seats, events = [], names = null) {
  const solo = result.scores.length === 1 && "won" in result.scores[0];
  const places = {};
  let place = 1;
  for (const group of result.ranking) {
    for (const seat of group) places[seat] = place;
    place += group.length;
  }
  const n = result.scores.length;
  const head = h("tr", {}, h("th", {}, ""),
    ...Array.from({ length: n }, (_, s) => h("th", { title: seatLabel(seats, s) }, swatch(s),
      h("span", { class: "seat-col-name" }, " ", seatLabel(seats, s)))));
  const rows = categories(result.scores).map((key) => h("tr",
    { class: key === "total" ? "total" : null, "data-category": key },
    h("th", {}, title(key)), ...result.scores.map((sc) => h("td", {}, cell(sc[key] ?? 0, key)))));
  const placeRow = h("tr", { class: "place" }, h("th", {}, t("Place")),
    ...Array.from({ length: n }, (_, s) => h("td", {}, places[s] === 1 ? `★ ${ordinal(1)}` : ordinal(places[s]))));
  // an empty ranking: nobody won (a solo game lost to the virtual player)
  const first = result.ranking[0] || [];
  const winners = first.map((s) => seatLabel(seats, s)).join(` ${t("and")} `);
  const verdict = !first.length ? t("Game over — no player wins") : first.length > 1
    ? t("Game over — {names} share the win", { names: winners })
    : t("Game over — {names} wins", { names: winners });
  const over = events.filter((e) => e.kind === "game_over").pop();
  const parts = scoredParts(events.filter((e) => e.kind === "final_scoring"), seats, names);
  return h("div", { class: "scores", id: "scores" },
    solo ? null : h("h2", {}, verdict),
    fitColumns(h("div", { class: "scores-scroll", tabindex: "0", role: "region", "aria-label": t("Final scoring") },
      h("table", {}, h("caption", {}, t("Final scoring")), h("thead", {}, head),
        h("tbody", {}, ...rows, solo ? null : placeRow)))),
    over && !solo ? h("p", { class: "why" }, namedText(over.text, seats)) : null,
    parts.length ? h("ul", { class: "scored" }, ...parts) : null);
}
