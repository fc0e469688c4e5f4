// The game page on any screen (issue #15): tabs on a phone, the board's zoom, the decision tray
// on the board, "your area" in view, and keyboard focus kept across redraws.
//
// Tabs (a phone, under 700 px): every panel of the side column carries data-tab="choices",
// "log" or "more" (a panel without one lands under "More"); the board is its own tab. CSS in
// static/layout.css shows the panels of body[data-tab].
//
// The zoom: "readable" (the default) draws the Discovery board at 1.2 px per unit, so its
// smallest text (10 units) is 12 px, in a box that pans (the page never scrolls sideways) to
// new choices (panToChoices); "whole" fits the whole board to its box. Kept in localStorage.

import { h } from "./common.js";
import { COLORS, WORKER_ABBR, buildingName, expeditionText, goodWord, markText, nationLine, seatLabel } from "./board.js";
import { t } from "./i18n.js";

const TABS = [["board", t("Board")], ["choices", t("Choices")], ["log", t("Log")], ["more", t("More")]];
const ZOOM_KEY = "empires.zoom";

function storedZoom() {
  try {
    return localStorage.getItem(ZOOM_KEY) === "whole" ? "whole" : "readable";
  } catch {
    return "readable";
  }
}

// The tab bar (shown by CSS on narrow screens only) and the zoom switch of the board.
export function setupLayout({ main, wrap, tabs = true }) {
  document.body.dataset.tab = "board";
  if (tabs) main.before(tabBar());
  const zoom = h("div", { class: "zoom", role: "group", "aria-label": t("Board size") },
    zoomButton("readable", t("Readable")), zoomButton("whole", t("Whole board")));
  wrap.prepend(zoom);
  setZoom(storedZoom());
}

function tabBar() {
  return h("nav", { class: "tabs", "aria-label": t("Parts of the game page") },
    ...TABS.map(([key, label]) => h("button", {
      type: "button", class: "tab", "data-tab-button": key,
      "aria-pressed": key === "board" ? "true" : "false",
      onclick: () => showTab(key),
    }, label, key === "choices" ? h("span", { class: "tab-badge", hidden: true }, " ●") : null)));
}

function zoomButton(key, label) {
  return h("button", { type: "button", class: "zoom-button", "data-zoom": key,
                       onclick: () => setZoom(key) }, label);
}

export function setZoom(key) {
  document.body.dataset.zoom = key;
  for (const b of document.querySelectorAll(".zoom-button")) {
    b.setAttribute("aria-pressed", b.getAttribute("data-zoom") === key ? "true" : "false");
  }
  try { localStorage.setItem(ZOOM_KEY, key); } catch { /* private mode: not kept */ }
}

export function showTab(key) {
  document.body.dataset.tab = key;
  for (const b of document.querySelectorAll("[data-tab-button]")) {
    b.setAttribute("aria-pressed", b.getAttribute("data-tab-button") === key ? "true" : "false");
  }
}

// "Readable" shows a part of the board (on a laptop too: see docs/web.md "The web table on any
// screen"), so when new choices come the board pans to them: to all of them when they fit in
// the box, else, when none is in view, to the first. The same choices again (a redraw) leave
// the board where the player put it; a hidden board (another tab) pans when next drawn.
let pannedFor = null;
const MARGIN = 16;

export function panToChoices(scroller, svg) {
  const nodes = [...svg.querySelectorAll(".clickable")];
  const key = nodes.map((n) => n.getAttribute("data-target")).join("|");
  const box = scroller.getBoundingClientRect();
  if (key === pannedFor || !box.width || !box.height) return;
  pannedFor = key;
  if (!nodes.length || document.body.dataset.zoom !== "readable") return;
  const rects = nodes.map((n) => n.getBoundingClientRect());
  const all = rects.reduce((u, r) => ({ left: Math.min(u.left, r.left), top: Math.min(u.top, r.top),
    right: Math.max(u.right, r.right), bottom: Math.max(u.bottom, r.bottom) }));
  const seen = (r) => r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
  const fits = all.right - all.left <= box.width - 2 * MARGIN && all.bottom - all.top <= box.height - 2 * MARGIN;
  let goal;
  if (fits && !seen(all)) goal = all;
  else if (!fits && !rects.some(seen)) goal = rects[0];
  if (!goal) return;
  const shift = (lo, hi, from, to) => (lo < from ? lo - from - MARGIN : hi > to ? hi - to + MARGIN : 0);
  scroller.scrollLeft += shift(goal.left, goal.right, box.left, box.right);
  scroller.scrollTop += shift(goal.top, goal.bottom, box.top, box.bottom);
}

// The Choices tab shows a dot when it is your turn.
export function markTurn(yourTurn) {
  const badge = document.querySelector(".tab-badge");
  if (badge) badge.hidden = !yourTurn;
}

// The decision tray at the top of the board: the prompt, an expedition being formed, and a
// button (data-target="choice:<action>") for each choice that has no place of its own on the map.
export function renderTray(box, v, targets) {
  const obs = v.observation;
  const choices = [...targets.entries()].filter(([key]) => key.startsWith("choice:"));
  const forming = obs && obs.decision ? expeditionText(obs) : null;
  if (!v.legal.length && !forming) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const prompt = obs.decision ? obs.decision.prompt : t("choose an action");
  box.replaceChildren(...[
    h("p", { class: "tray-prompt" }, v.legal.length ? h("strong", {}, t("Your turn:"), " ") : null, prompt),
    forming ? h("p", { class: "tray-expedition" }, forming) : null,
    choices.length ? h("div", { class: "tray-choices" }, ...choices.map(([key, entries]) =>
      h("button", { type: "button", class: "tray-choice clickable", "data-target": key,
                    "data-action": entries[0].action }, entries[0].text))) : null,
    v.legal.length && choices.length < targets.size
      ? h("p", { class: "hint" }, t("Or choose a highlighted place on the board.")) : null,
  ].filter(Boolean));
}

// Your own mat in words, in the side column (in view on a laptop or a tablet without scrolling).
export function renderMyArea(box, v) {
  const obs = v.observation;
  const pl = v.you === null || v.you === undefined ? null : obs.players && obs.players[v.you];
  if (!pl || v.game.game !== "discovery") {
    box.hidden = true;
    return;
  }
  const counts = (c) => Object.entries(c || {}).filter(([, n]) => n)
    .map(([w, n]) => `${n}${WORKER_ABBR[w] || w}`).join(" ") || "–";
  const goods = Object.entries(pl.goods).map(([g, n]) => (n > 1 ? `${goodWord(g)} ×${n}` : goodWord(g)));
  const mark = h("span", { class: "seat-mark" }, markText(v.you));
  mark.style.background = COLORS[v.you];
  const score = obs.scores ? obs.scores[v.you] : null;
  const row = (label, value) => [h("dt", {}, label), h("dd", {}, value)];
  box.hidden = false;
  box.replaceChildren(
    h("h2", {}, mark, " ", seatLabel(v.game.seats, v.you), " · $", pl.money,
      score ? ` · ${t("{n} VP", { n: score.total })}` : ""),
    h("dl", { class: "my-facts" },
      ...row(t("Available"), counts(pl.available)),
      ...row(t("Goods"), goods.join(", ") || "–"),
      ...row(t("Buildings"), pl.buildings.map((b) => buildingName(v.names, b)).join(", ") || "–"),
      ...(pl.nation ? row(t("Nation"), nationLine(pl)) : [])));
}

// Keyboard focus survives a redraw: the same choice (by its action or target) gets it back;
// if that choice is gone, the first choice of the board; with none (waiting), the status line,
// from which the first choice takes it back when the next choices come.
let parked = false;
const FIRST_CHOICE = ".layout .tray-choice, .layout .clickable[tabindex], #actions button:not([disabled])";

export function keepFocus(redraw) {
  const before = document.activeElement;
  const inside = before && before !== document.body && before.closest && before.closest(".layout");
  const key = inside ? (before.getAttribute("data-action") || before.getAttribute("data-target")) : null;
  redraw();
  const status = document.querySelector("#status");
  if (parked && document.activeElement === status) {
    const first = document.querySelector(FIRST_CHOICE);
    if (first) {
      parked = false;
      first.focus();
    }
    return;
  }
  parked = false;
  if (!inside || (document.contains(before) && !before.disabled)) return;
  const again = key && (document.querySelector(`.layout [data-action="${CSS.escape(key)}"]:not([disabled])`)
    || document.querySelector(`.layout [data-target="${CSS.escape(key)}"].clickable`));
  const next = again || document.querySelector(FIRST_CHOICE);
  if (next) {
    next.focus();
  } else if (status) {
    status.setAttribute("tabindex", "-1");
    status.focus();
    parked = true;
  }
}
