// The leaderboard page: each game's OpenSkill ratings (server/ratings.py), best ordinal
// (mu - 3 sigma) first, a page at a time. Bots are rated as players named "bot:<kind>".

import { t } from "./i18n.js";
import { api, h } from "./common.js";

const PER_PAGE = 25;
const box = document.querySelector("#leaderboard");
const state = { game: null, page: 1 };

function row(p) {
  const who = p.kind === "bot" ? h("span", { class: "bot-player" }, p.name, " ", t("(bot)")) : p.name;
  return h("tr", { "data-kind": p.kind },
    h("td", {}, p.rank), h("th", { scope: "row" }, who), h("td", {}, p.ordinal.toFixed(2)),
    h("td", {}, p.mu.toFixed(2)), h("td", {}, p.sigma.toFixed(2)), h("td", {}, p.games));
}

async function drawBoard() {
  const board = await api(`/api/leaderboard/${encodeURIComponent(state.game)}?page=${state.page}&per_page=${PER_PAGE}`);
  const pages = Math.max(1, Math.ceil(board.total / PER_PAGE));
  const table = board.players.length
    ? h("table", { id: "board-table", class: "leaderboard" },
        h("caption", {}, t("Page {page} of {pages}", { page: state.page, pages })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Rank")), h("th", { scope: "col" }, t("Player")),
          h("th", { scope: "col" }, t("Rating")), h("th", { scope: "col" }, "μ"),
          h("th", { scope: "col" }, "σ"), h("th", { scope: "col" }, t("Games")))),
        h("tbody", {}, ...board.players.map(row)))
    : h("p", { id: "board-empty" }, t("Nobody is rated in this game yet."));
  const prev = h("button", { type: "button", id: "prev-page", disabled: state.page <= 1 || null }, t("Previous"));
  const next = h("button", { type: "button", id: "next-page", disabled: state.page >= pages || null }, t("Next"));
  prev.addEventListener("click", () => { state.page -= 1; drawBoard(); });
  next.addEventListener("click", () => { state.page += 1; drawBoard(); });
  box.querySelector("#board").replaceChildren(table, h("div", { class: "pager" }, prev, " ", next));
}

async function start() {
  const meta = await api("/api/meta");
  const games = meta.games.filter((g) => g.web === true);
  const wanted = new URLSearchParams(location.search).get("game");
  state.game = (games.find((g) => g.name === wanted) || games[0]).name;
  const select = h("select", { id: "board-game" },
    ...games.map((g) => h("option", { value: g.name, selected: g.name === state.game || null }, g.title || g.name)));
  select.addEventListener("change", () => { state.game = select.value; state.page = 1; drawBoard(); });
  box.replaceChildren(
    h("h1", {}, t("Leaderboard")),
    h("p", { class: "hint" }, t("OpenSkill ratings of the players with an account, and of the bots they played. The rating is μ − 3σ: it rises as you win and as the system grows sure of your level.")),
    h("label", {}, t("Game"), " ", select),
    h("div", { id: "board", "aria-live": "polite" }));
  await drawBoard();
}

start().catch((err) => {
  box.replaceChildren(h("div", { class: "error", role: "alert" }, t("Cannot reach the server: {error}", { error: err.message })));
});
