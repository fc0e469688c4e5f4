// Shared helpers: the token from the link, JSON requests, the log and the score table.

import { COLORS, markText, seatLabel } from "./board.js";
import { lang, t } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Join links look like /game/<id>#token=<secret>: the fragment never reaches a server log.
export function linkParams() {
  const parts = location.pathname.split("/").filter(Boolean);
  const hash = new URLSearchParams(location.hash.slice(1));
  return { id: parts[1] || "", token: hash.get("token") || "" };
}

export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  // X-Empires-CSRF: what the server asks of requests made for an account (see accounts.py).
  // Accept-Language: the reader's language, for the server's refusals ({"error", "detail"}).
  const headers = { Accept: "application/json", "Accept-Language": lang, "X-Empires-CSRF": "1" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: "bad_response", detail: t("the server answered {status}", { status: response.status }) };
  }
  if (!response.ok) {
    const error = new Error(data && data.detail ? data.detail : `HTTP ${response.status}`);
    error.status = response.status;
    error.code = data && data.error;
    throw error;
  }
  return data;
}

// A seat's colour with its mark (shape and number, as the terminal's ●1 ■2 ▲3): never colour alone.
export function swatch(seat) {
  const known = Number.isInteger(seat) && seat >= 0;
  const s = h("span", { class: "swatch" }, known ? markText(seat) : "");
  s.style.background = COLORS[seat] || "#555";
  return s;
}

export function logItem(entry, seats, { current = false } = {}) {
  return h("li", { class: current ? "current" : null, "data-index": entry.index },
    h("span", { class: "log-num" }, `${entry.index + 1}.`), " ",
    swatch(entry.seat), " ",
    h("b", {}, seatLabel(seats, entry.seat)), ": ", entry.text);
}

const CATEGORIES = [
  ["colonies_age1", t("Colonies, Age I")], ["colonies_age2", t("Colonies, Age II")],
  ["colonies_age3", t("Colonies, Age III")], ["discoveries", t("Discoveries")],
  ["buildings", t("Capital Buildings")], ["economy", t("Economy")], ["bought_vp", t("Bought VP")],
  ["total", t("Total")],
];

export function scoreTable(result, seats) {
  const places = {};
  result.ranking.forEach((group, i) => group.forEach((seat) => { places[seat] = i + 1; }));
  const n = result.scores.length;
  const head = h("tr", {}, h("th", {}, ""),
    ...Array.from({ length: n }, (_, s) => h("th", {}, swatch(s), " ", seatLabel(seats, s))));
  const rows = CATEGORIES
    .filter(([key]) => key === "total" || result.scores.some((sc) => sc[key]))
    .map(([key, label]) => h("tr", { class: key === "total" ? "total" : null },
      h("th", {}, label), ...result.scores.map((sc) => h("td", {}, sc[key] ?? 0))));
  const place = h("tr", { class: "place" }, h("th", {}, t("Place")),
    ...Array.from({ length: n }, (_, s) => h("td", {}, places[s] === 1 ? `★ ${ordinal(1)}` : ordinal(places[s]))));
  const winners = result.ranking[0].map((s) => seatLabel(seats, s)).join(` ${t("and")} `);
  return h("div", { class: "scores", id: "scores" },
    h("h2", {}, result.ranking[0].length > 1 ? t("Game over — {names} share the win", { names: winners })
      : t("Game over — {names} wins", { names: winners })),
    h("table", {}, h("thead", {}, head), h("tbody", {}, ...rows, place)));
}

// "1st", "2nd"... in the page's language.
export function ordinal(n) {
  if (!n) return "";
  if (n === 1) return t("1st");
  if (n === 2) return t("2nd");
  if (n === 3) return t("3rd");
  return t("{n}th", { n });
}

export function showErrorIn(box, text) {
  box.textContent = text;
  box.hidden = !text;
}
