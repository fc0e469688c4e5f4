// The lobby's account box (optional accounts, see server/accounts.py): sign up or log in with a
// name and a password; once logged in, the account's ratings, its games ("Open" asks the server
// for a new secret for the account's seat: the list itself holds none) and log out.
// The session is an HttpOnly cookie this script never sees.

import { t } from "./i18n.js";
import { api, h } from "./common.js";

const box = document.querySelector("#account");
const GAME_TITLES = {};

function field(id, label, attrs) {
  return h("label", { for: id }, label, " ", h("input", { id, required: true, ...attrs }));
}

function errorBox() {
  return h("div", { id: "account-error", class: "error", role: "alert", hidden: true });
}

function showError(text) {
  const node = box.querySelector("#account-error");
  node.textContent = text;
  node.hidden = !text;
}

function drawForms() {
  const form = h("form", { id: "account-form", class: "account-form" },
    field("account-name", t("Name"), { name: "username", autocomplete: "username",
                                       minlength: 3, maxlength: 24 }),
    field("account-password", t("Password"), { name: "password", type: "password",
                                               autocomplete: "current-password",
                                               minlength: 8, maxlength: 128 }),
    h("div", { class: "account-buttons" },
      h("button", { type: "submit", id: "log-in", class: "primary", value: "log-in" }, t("Log in")),
      h("button", { type: "submit", id: "sign-up", value: "sign-up" }, t("Create account"))),
    errorBox());
  form.addEventListener("submit", submit);
  box.replaceChildren(
    h("h1", { id: "account-title" }, t("Account")),
    h("p", { class: "hint" }, t("Optional: an account keeps your games and gives you a rating on the leaderboard. Playing without one works as well.")),
    form, leaderboardLink());
}

async function submit(ev) {
  ev.preventDefault();
  const signUp = ev.submitter && ev.submitter.value === "sign-up";
  const body = { name: box.querySelector("#account-name").value,
                 password: box.querySelector("#account-password").value };
  showError("");
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  try {
    await api(signUp ? "/api/accounts" : "/api/session", { method: "POST", body });
    await draw();
  } catch (err) {
    showError(err.message);
    for (const b of box.querySelectorAll("button")) b.disabled = false;
  }
}

function leaderboardLink() {
  return h("p", {}, h("a", { href: "/leaderboard", id: "leaderboard-link" }, t("Leaderboard")));
}

function ratingLine(game, r) {
  return h("li", { "data-game": game },
    t("{game}: rating {ordinal} (μ {mu}, σ {sigma}), {games} rated games",
      { game: GAME_TITLES[game] || game, ordinal: r.ordinal.toFixed(1), mu: r.mu.toFixed(1),
        sigma: r.sigma.toFixed(1), games: r.games }));
}

const STATUS = () => ({ active: t("in play"), waiting: t("waiting for players"),
  finished: t("finished"), expired: t("expired"), error: t("stopped"), quarantined: t("set aside") });

function gameLine(g) {
  const open = h("button", { type: "button", class: "open-game", "data-game": g.id }, t("Open"));
  open.addEventListener("click", async () => {
    open.disabled = true;
    try {
      const access = await api(`/api/account/games/${g.id}/access`, { method: "POST" });
      location.href = access.url;
    } catch (err) {
      showError(err.message);
      open.disabled = false;
    }
  });
  const when = g.created ? new Date(g.created).toLocaleString() : "";
  return h("li", { class: "account-game", "data-game": g.id },
    h("span", {}, t("{game}, seat {seat}, {status}, {when}",
      { game: GAME_TITLES[g.game] || g.game, seat: g.seat + 1,
        status: STATUS()[g.status] || g.status, when })), " ", open);
}

async function drawAccount(session) {
  const out = h("button", { type: "button", id: "log-out" }, t("Log out"));
  out.addEventListener("click", async () => {
    try {
      await api("/api/session", { method: "DELETE" });
      await draw();
    } catch (err) { showError(err.message); }
  });
  const ratings = Object.entries(session.ratings || {});
  const mine = await api("/api/account/games");
  box.replaceChildren(
    h("h1", { id: "account-title" }, t("Account")),
    h("p", { id: "account-who" }, t("Logged in as {name}", { name: session.account.name }), " ", out),
    h("h2", {}, t("Your ratings")),
    ratings.length ? h("ul", { id: "account-ratings" }, ...ratings.map(([g, r]) => ratingLine(g, r)))
      : h("p", { class: "hint" }, t("No rated game yet: finish a game against anyone, bots included (not a practice game, nor one with a chosen seed).")),
    h("h2", {}, t("Games of this account")),
    mine.games.length ? h("ul", { id: "account-games", class: "account-games" }, ...mine.games.map(gameLine))
      : h("p", { class: "hint" }, t("Games you create or join while logged in appear here.")),
    errorBox(), leaderboardLink());
}

async function draw() {
  const session = await api("/api/session");
  if (session.account) await drawAccount(session);
  else drawForms();
}

async function start() {
  try {
    const meta = await api("/api/meta");
    for (const g of meta.games) GAME_TITLES[g.name] = g.title || g.name;
  } catch { /* titles fall back to the games' names */ }
  await draw();
}

if (box) {
  start().catch((err) => {
    box.replaceChildren(errorBox());
    showError(t("Cannot reach the server: {error}", { error: err.message }));
  });
}
