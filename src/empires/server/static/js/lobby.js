// The lobby: choose seats and rules, create the game, copy the join links.

import { COLOR_NAMES, seatName } from "./board.js";
import { api, h, swatch } from "./common.js";
import { t } from "./i18n.js";
import { drawMyGames, remember } from "./my-games.js";
import { invitation, openGamesList, publicChoice } from "./open-games.js";
import { botWord, CHOICE_TEXT, optionLabel, valueWord } from "./option-words.js";
import { tableChoice, tableSettings } from "./table.js";

const $ = (sel) => document.querySelector(sel);
let meta = null;

// The options' and their values' words (option-words.js, shared with the open games' cards).

function option(value, label, selected = false) {
  return h("option", { value, selected: selected || null }, label);
}

function seatRow(i, previous) {
  const kind = previous ? previous.kind : (i === 0 ? "human" : "bot");
  const bots = meta.bots.filter((b) => b !== "ismcts" && b !== "az").concat(["ismcts:200", "az:0.2s"]);
  const kindSelect = h("select", { class: "seat-kind", "aria-label": t("Seat {n}", { n: i + 1 }) },
    option("human", t("Human"), kind === "human"), option("bot", t("Bot"), kind === "bot"),
    option("open", t("Open: anyone may join"), kind === "open"));
  const botSelect = h("select", { class: "seat-bot", "aria-label": t("Bot for seat {n}", { n: i + 1 }) },
    ...bots.map((b) => option(b, botWord(b), previous ? previous.bot === b : b === "random")));
  const name = h("input", { class: "seat-name", maxlength: meta.limits.max_name,
                            placeholder: i === 0 ? t("You") : t("Player {n}", { n: i + 1 }),
                            value: previous ? previous.name : "" });
  const sync = () => { botSelect.disabled = kindSelect.value !== "bot"; };
  kindSelect.addEventListener("change", sync);
  sync();
  const game = currentGame();
  const own = perSeatOptions(game).map((key) => {
    const choices = [...choicesOf(game, key), RANDOM];
    const wanted = previous && choices.includes(previous.options[key])
      ? previous.options[key] : (game.options.defaults[key] || [])[i] || choices[i % choices.length];
    return h("td", { "data-label": labelOf(game, key) }, h("select", { class: "seat-option", "data-option": key,
                                     "aria-label": t("{option} for seat {n}", { option: labelOf(game, key), n: i + 1 }) },
      ...choices.map((v) => option(v, v === RANDOM ? t("random") : valueWord(key, v), v === wanted))));
  });
  // data-label: the column's name, shown before each cell when a phone stacks the row
  return h("tr", { "data-seat": i }, h("td", { "data-label": t("Seat") }, swatch(i), ` (${COLOR_NAMES[i]})`),  // the mark holds the number
           h("td", { "data-label": t("Who") }, kindSelect), h("td", { "data-label": t("Bot") }, botSelect),
           h("td", { "data-label": t("Name") }, name), ...own);
}

// A seat option left to chance: the lobby draws it among the values no other seat took.
const RANDOM = "*random*";

function drawRandom(values, choices) {
  const free = choices.filter((c) => !values.includes(c));
  return values.map((v) => {
    if (v !== RANDOM) return v;
    const pick = free.splice(Math.floor(Math.random() * free.length), 1)[0];
    return pick === undefined ? v : pick;
  });
}

// Options that take one value per seat (e.g. each seat's faction): a column of the seats table.
function perSeatOptions(game) {
  return (game.options.per_seat || []).filter((key) => choicesOf(game, key));
}

function currentSeats() {
  return [...document.querySelectorAll("#seats tr")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    bot: row.querySelector(".seat-bot").value,
    name: row.querySelector(".seat-name").value,
    options: Object.fromEntries([...row.querySelectorAll(".seat-option")]
      .map((select) => [select.dataset.option, select.value])),
  }));
}

function drawSeats() {
  const n = Number($("#players").value);
  const old = currentSeats();
  const game = currentGame();
  $("#seats-head").replaceChildren(h("tr", {}, h("th", {}, t("Seat")), h("th", {}, t("Who")),
    h("th", {}, t("Bot")), h("th", {}, t("Name")),
    ...perSeatOptions(game).map((key) => h("th", {}, labelOf(game, key)))));
  $("#seats").replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, old[i])));
}

function showError(text) {
  $("#error").textContent = text;
  $("#error").hidden = !text;
}

function copyButton(url) {
  const button = h("button", { type: "button", class: "copy" }, t("Copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const field = button.parentNode.querySelector("input");
      field.select();
      document.execCommand("copy");
    }
    button.textContent = t("Copied");
    setTimeout(() => { button.textContent = t("Copy"); }, 1500);
  });
  return button;
}

function linkRow(label, url, seat) {
  const full = new URL(url, location.origin).href;
  return h("li", { class: "link", "data-seat": seat },
    h("span", { class: "link-label" }, seat !== null && seat !== undefined ? swatch(seat) : null, " ", label),
    h("input", { type: "text", readonly: true, value: full, "aria-label": t("Link for {label}", { label }) }),
    copyButton(full),
    h("a", { href: url, target: "_blank", rel: "noopener", class: "open" }, t("Open")));
}

async function create(ev) {
  ev.preventDefault();
  showError("");
  const seats = currentSeats().map((s) => {
    const out = { kind: s.kind };
    if (s.kind === "bot") out.bot = s.bot;
    if (s.name.trim()) out.name = s.name.trim();
    return out;
  });
  const body = { game: $("#game").value, seats, options: currentOptions() };
  const seed = $("#seed").value.trim();
  if (seed) body.seed = Number(seed);
  if ($("#practice").checked) body.practice = true;
  if ($("#public").checked) body.public = true;
  Object.assign(body, tableSettings());  // time limit and stand-in bot (table.js)
  $("#create-button").disabled = true;
  try {
    const game = await api("/api/games", { method: "POST", body });
    const rows = game.seats.filter((s) => s.url)
      .map((s) => linkRow(t("Seat {n}: {name}", { n: s.seat + 1, name: seatName(s.name, s.seat) }), s.url, s.seat));
    rows.push(linkRow(t("Spectators (read-only)"), game.spectator.url, null));
    rememberCreated(game, rows);
    $("#links").replaceChildren(...rows);
    $("#created").hidden = false;
    $("#created").scrollIntoView({ behavior: "smooth" });
  } catch (err) {
    showError(err.message);
  } finally {
    $("#create-button").disabled = false;
  }
}

// The creator's seats go to "My games"; a game with open seats gets its invitation link.
function rememberCreated(game, rows) {
  const title = (currentGame() || {}).title || game.game;
  for (const s of game.seats.filter((seat) => seat.token)) {
    remember({ id: game.id, token: s.token, seat: s.seat, name: s.name, game: game.game, title });
  }
  if (game.join_url) {
    rows.unshift(linkRow(t("Invitation: anyone with it may join an open seat"), game.join_url, null));
  }
  drawMyGames($("#my-games"));
}

// ---- the rules options, drawn from the chosen game's catalogue entry ----
//
// Each key of the catalogue's option defaults becomes a control: a checkbox for a yes/no option,
// a list of checkboxes for a list option with choices (e.g. variants), a drop-down for an option
// with choices (under the same key or its plural: "edition" -> "editions"); "cards" offers the
// server's card sets. Options with nothing to choose from keep their defaults.

function labelOf(game, key) {
  return optionLabel(key, game.options.labels || {});
}

function choicesOf(game, key) {
  if (key === "cards") return meta.card_sets.length ? meta.card_sets : null;
  const opts = game.options;
  const list = Array.isArray(opts[`${key}s`]) ? opts[`${key}s`] : opts[key];
  return Array.isArray(list) && list.length ? list : null;
}

function optionControl(game, key, value) {
  const label = labelOf(game, key);
  const choices = choicesOf(game, key);
  if (perSeatOptions(game).includes(key)) return null; // a column of the seats table
  if (typeof value === "boolean") {
    return h("label", { class: "check" },
      h("input", { type: "checkbox", id: key, name: key, "data-option": key, "data-kind": "bool",
                   checked: value || null }), ` ${label}`);
  }
  if (!choices) return null;
  if (Array.isArray(value)) {
    return h("div", { id: key, class: "variants", "data-option": key, "data-kind": "list" },
      h("span", { class: "variants-title" }, label),
      ...choices.map((v) => h("label", { class: "check" },
        h("input", { type: "checkbox", value: v, name: `${key === "variants" ? "variant" : key}-${v}`,
                     checked: value.includes(v) || null }), ` ${CHOICE_TEXT[v] || v}`)));
  }
  const none = value === null ? [option("", key === "cards" ? t("standard") : t("default"), true)] : [];
  return h("label", {}, `${label} `,
    h("select", { id: key, name: key, "data-option": key, "data-kind": "one" },
      ...none, ...choices.map((v) => option(v, valueWord(key, v), v === value))));
}

function drawOptions() {
  const game = currentGame();
  const controls = Object.entries(game.options.defaults || {})
    .map(([key, value]) => optionControl(game, key, value)).filter(Boolean);
  $("#rules-options").replaceChildren(...controls);
}

function currentOptions() {
  const options = {};
  for (const node of document.querySelectorAll("#rules-options [data-option]")) {
    const key = node.dataset.option;
    if (node.dataset.kind === "bool") options[key] = node.checked;
    else if (node.dataset.kind === "list") {
      options[key] = [...node.querySelectorAll("input:checked")].map((c) => c.value);
    } else if (node.value !== "") options[key] = node.value;
  }
  const game = currentGame();
  for (const key of perSeatOptions(game)) {
    options[key] = drawRandom(currentSeats().map((seat) => seat.options[key]), choicesOf(game, key));
  }
  return options;
}

// ---- the game ----
//
// The lobby offers the games whose catalogue entry says the web game page can show them
// ("web": true); the others are left out.

// A game's title as printed in the page's language (the catalogue's English title otherwise).
const GAME_TITLES = { discovery: t("Empires: Age of Discovery"), settlers: t("Imperial Settlers") };
function gameTitle(game) {
  return GAME_TITLES[game.name] || game.title || game.name;
}

function offeredGames() {
  return meta.games.filter((g) => g.web === true);
}

function currentGame() {
  return offeredGames().find((g) => g.name === $("#game").value);
}

function drawGame() {
  const game = currentGame();
  const players = $("#players");
  const previous = Number(players.value) || 2;
  const count = Math.min(Math.max(previous, game.min_players), game.max_players);
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(option(n, n, n === count));
  }
  document.title = t("Lobby — {game}", { game: gameTitle(game) });
  drawSeats();
  drawOptions();
  soloRules();
}

// Imperial Settlers for 1 player is the solo game: it has its own Lookout (no Lookout variant).
function soloRules() {
  const solo = currentGame().name === "settlers" && Number($("#players").value) === 1;
  for (const name of ["variant-alternate-lookout", "variant-advanced-lookout"]) {
    const box = document.querySelector(`#rules-options input[name="${name}"]`);
    if (!box) continue;
    if (solo) box.checked = false;
    box.disabled = solo;
    box.parentNode.title = solo ? t("not in the solo game") : "";
  }
}

async function start() {
  meta = await api("/api/meta");
  const games = offeredGames();
  if (!games.length) throw new Error(t("this server offers no game the web app can show"));
  $("#game").replaceChildren(...games.map((g, i) => option(g.name, gameTitle(g), i === 0)));
  $("#game-choice").hidden = games.length < 2;
  $("#game").addEventListener("change", drawGame);
  $("#players").addEventListener("change", () => { drawSeats(); soloRules(); });
  drawGame();
  $("#create").addEventListener("submit", create);
  $("#create fieldset").append(publicChoice());
  $("#create #error").before(tableChoice(meta.bots.filter((b) => b !== "ismcts")));
  const titles = Object.fromEntries(meta.games.map((g) => [g.name, gameTitle(g)]));
  drawMyGames($("#my-games"));
  invitation($("#invitation"), titles);
  openGamesList($("#open-games"), titles);
}

start().catch((err) => showError(t("Cannot reach the server: {error}", { error: err.message })));
