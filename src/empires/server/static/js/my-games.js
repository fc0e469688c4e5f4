// "My games": the games this browser created or joined, kept in localStorage with their links
// (the seat's token stays in the link's #fragment, never in a URL a server sees). The lobby
// lists them with their status, read from the server with each seat's token, and a "Forget"
// button; the game page remembers the game it shows.

import { seatLabel } from "./board.js";
import { api, h, swatch } from "./common.js";
import { t } from "./i18n.js";

const KEY = "empires.my-games";
const MAX_GAMES = 50;  // the oldest are forgotten beyond this

export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && g.id && g.token) : [];
  } catch {
    return [];
  }
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX_GAMES))); } catch { /* private mode */ }
}

// Remember a seat of a game: { id, token, seat, name, game } (the newest first, once each).
export function remember(entry) {
  if (!entry || !entry.id || !entry.token) return;
  const all = myGames();
  const old = all.find((g) => g.id === entry.id && g.token === entry.token);
  const list = all.filter((g) => g !== old);
  list.unshift({ ...(old || {}), ...entry, added: (old && old.added) || Date.now() });
  save(list);
}

export function forget(id, token) {
  save(myGames().filter((g) => !(g.id === id && g.token === token)));
}

export function linkOf(g) {
  return `/game/${encodeURIComponent(g.id)}#token=${encodeURIComponent(g.token)}`;
}

// Where a game stands for this seat, in words (from the view the seat's token opens).
export function statusText(v) {
  const status = v.game.status;
  if (status === "waiting") {
    const open = v.game.seats.filter((s) => s.open).length;
    return t("Waiting for {n} more player(s) to join", { n: open });
  }
  if (status === "finished") return t("Finished");
  if (status === "error") return t("Stopped by an error");
  if (v.legal && v.legal.length) return t("Your turn");
  if (v.waiting_for === null || v.waiting_for === undefined) return t("Under way");
  return t("Waiting for {name}", { name: seatLabel(v.game.seats, v.waiting_for) });
}

async function statusOf(g) {
  try {
    const v = await api(`/api/games/${encodeURIComponent(g.id)}`, { token: g.token });
    return { text: statusText(v), mine: Boolean(v.legal && v.legal.length), seat: v.you };
  } catch (err) {
    if (err.status === 404 || err.status === 410) return { text: t("Gone (expired or deleted)"), gone: true };
    if (err.status === 403) return { text: t("This link no longer opens the game"), gone: true };
    return { text: t("Unknown (the server did not answer)") };
  }
}

function row(g, box) {
  const state = h("span", { class: "my-status" }, t("Checking…"));
  const forgetButton = h("button", { type: "button", class: "forget" }, t("Forget"));
  forgetButton.addEventListener("click", () => { forget(g.id, g.token); drawMyGames(box); });
  const item = h("li", { class: "my-game", "data-game": g.id },
    g.seat !== null && g.seat !== undefined ? swatch(g.seat) : null, " ",
    h("a", { href: linkOf(g) }, g.title || g.game || t("Game"), " ", h("code", {}, g.id.slice(0, 6))),
    " ", g.name ? h("span", { class: "my-name" }, g.name) : null, " ", state, " ", forgetButton);
  statusOf(g).then((s) => {
    state.textContent = s.text;
    item.classList.toggle("my-turn", Boolean(s.mine));
    item.classList.toggle("gone", Boolean(s.gone));
  });
  return item;
}

// The lobby's "My games" list (hidden when this browser has none).
export function drawMyGames(box) {
  const list = myGames();
  box.hidden = list.length === 0;
  const ul = h("ul", { class: "my-games" });
  box.replaceChildren(h("h1", {}, t("My games")),
    h("p", { class: "hint" }, t("The games this browser created or joined (kept in this browser only).")),
    ul);
  ul.replaceChildren(...list.map((g) => row(g, box)));
}
