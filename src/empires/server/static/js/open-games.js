// The lobby's open games: public games waiting for players (newest first, a page at a time),
// and the game of an invitation link (/#join=<id>, listed or private). Joining takes a free
// seat with a name; the seat's link is remembered in "My games" and opened.

import { seatName } from "./board.js";
import { api, h, swatch } from "./common.js";
import { t } from "./i18n.js";
import { remember } from "./my-games.js";
import { clockWords, optionsText } from "./option-words.js";

const PAGE = 10;
const NAME_KEY = "empires.player-name";

function ago(seconds) {
  if (seconds < 60) return t("just now");
  if (seconds < 3600) return t("{n} min ago", { n: Math.floor(seconds / 60) });
  return t("{n} h ago", { n: Math.floor(seconds / 3600) });
}

function savedName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}

async function join(entry, name, error, titles) {
  error.hidden = true;
  try {
    try { localStorage.setItem(NAME_KEY, name); } catch { /* private mode */ }
    const seat = await api(`/api/games/${encodeURIComponent(entry.id)}/join`,
                           { method: "POST", body: { name } });
    remember({ id: seat.id, token: seat.token, seat: seat.seat, name: seat.name,
               game: entry.game, title: titles[entry.game] || entry.game });
    location.assign(seat.url);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  }
}

// One open game: its table (seat marks, names, free seats), options, age, and a join form.
export function openGameCard(entry, titles) {
  const name = h("input", { class: "join-name", maxlength: 24, required: true, value: savedName(),
                            "aria-label": t("Your name"), placeholder: t("Your name") });
  const error = h("div", { class: "error", role: "alert", hidden: true });
  const form = h("form", { class: "join-form" }, name,
    h("button", { type: "submit", class: "primary" }, t("Join")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (name.value.trim()) join(entry, name.value.trim(), error, titles);
  });
  const seats = entry.seats.map((s) => h("span", { class: s.open ? "open-seat free" : "open-seat" },
    swatch(s.seat), ` ${s.seat + 1}. `,
    s.open ? t("free") : s.kind === "bot" ? t("{name} (bot)", { name: seatName(s.name, s.seat) }) : s.name));
  return h("li", { class: "open-game", "data-game": entry.id },
    h("div", { class: "open-head" }, h("b", {}, titles[entry.game] || entry.game), " · ",
      t("{taken} joined, {free} free", { taken: entry.taken, free: entry.free }), " · ",
      h("span", { class: "open-age" }, ago(entry.age))),
    h("div", { class: "open-seats" }, ...seats),
    // the rules and the time limit in words ("2015 edition · National Advantages: Auctioned")
    h("div", { class: "open-options" }, optionsText(entry.options)),
    h("div", { class: "open-clock" }, t("Time limit: {mode}", { mode: clockWords(entry.clock) })),
    form, error);
}

// The list of public open games, a page at a time, with "Refresh" and "More".
export function openGamesList(box, titles) {
  const list = h("ul", { class: "open-games" });
  const more = h("button", { type: "button", class: "more", hidden: true }, t("More"));
  const empty = h("p", { class: "empty hint", hidden: true },
    t("No game is waiting for players. Create one with an open seat, or refresh later."));
  const refresh = h("button", { type: "button", class: "refresh" }, t("Refresh"));
  box.replaceChildren(h("h1", {}, t("Open games")), refresh, list, empty, more);
  let offset = 0;
  async function load(reset) {
    if (reset) offset = 0;
    try {
      const page = await api(`/api/open-games?limit=${PAGE}&offset=${offset}`);
      const cards = page.games.map((g) => openGameCard(g, titles));
      if (reset) list.replaceChildren(...cards);
      else list.append(...cards);
      offset += page.games.length;
      more.hidden = !page.more;
      empty.hidden = list.children.length > 0;
    } catch (err) {
      empty.textContent = err.message;
      empty.hidden = false;
    }
  }
  refresh.addEventListener("click", () => load(true));
  more.addEventListener("click", () => load(false));
  return load(true);
}

// An invitation link (/#join=<id>): that game's card on its own, above the lobby.
export async function invitation(box, titles) {
  const id = new URLSearchParams(location.hash.slice(1)).get("join");
  if (!id) return;
  const list = h("ul", { class: "open-games" });
  box.replaceChildren(h("h1", {}, t("You are invited")), list);
  box.hidden = false;
  try {
    const entry = await api(`/api/open-games/${encodeURIComponent(id)}`);
    list.replaceChildren(openGameCard(entry, titles));
  } catch (err) {
    list.replaceChildren(h("li", { class: "error" }, err.message));
  }
}

// The creation form's choice: list the game in the open games, or give it by link only.
export function publicChoice() {
  return h("label", { class: "check public-choice" },
    h("input", { type: "checkbox", id: "public", name: "public" }),
    " ", t("List it in the open games (with open seats); otherwise anyone with its invitation link may join"));
}
