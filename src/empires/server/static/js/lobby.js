// The lobby: choose seats and rules, create the game, copy the join links.

import { COLOR_NAMES } from "./board.js";
import { api, h, swatch } from "./common.js";

const $ = (sel) => document.querySelector(sel);
let meta = null;

const VARIANT_TEXT = {
  "two-player": "Two-player variant (2 players only)",
  "reduced-luck": "Reduced luck",
  "no-survivors": "No survivors",
  scouting: "Scouting",
  "advanced-reconnaissance": "Advanced reconnaissance",
  "order-auction": "Starting-order auction (2007 edition only)",
};

function option(value, label, selected = false) {
  return h("option", { value, selected: selected || null }, label);
}

function seatRow(i, previous) {
  const kind = previous ? previous.kind : (i === 0 ? "human" : "bot");
  const bots = meta.bots.filter((b) => b !== "ismcts").concat(["ismcts:200"]);
  const kindSelect = h("select", { class: "seat-kind", "aria-label": `Seat ${i + 1}` },
    option("human", "Human", kind === "human"), option("bot", "Bot", kind === "bot"));
  const botSelect = h("select", { class: "seat-bot", "aria-label": `Bot for seat ${i + 1}` },
    ...bots.map((b) => option(b, b, previous ? previous.bot === b : b === "random")));
  const name = h("input", { class: "seat-name", maxlength: meta.limits.max_name,
                            placeholder: i === 0 ? "You" : `Player ${i + 1}`,
                            value: previous ? previous.name : "" });
  const sync = () => { botSelect.disabled = kindSelect.value !== "bot"; };
  kindSelect.addEventListener("change", sync);
  sync();
  return h("tr", { "data-seat": i }, h("td", {}, swatch(i), ` ${i + 1} (${COLOR_NAMES[i]})`),
           h("td", {}, kindSelect), h("td", {}, botSelect), h("td", {}, name));
}

function currentSeats() {
  return [...document.querySelectorAll("#seats tr")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    bot: row.querySelector(".seat-bot").value,
    name: row.querySelector(".seat-name").value,
  }));
}

function drawSeats() {
  const n = Number($("#players").value);
  const old = currentSeats();
  $("#seats").replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, old[i])));
}

function showError(text) {
  $("#error").textContent = text;
  $("#error").hidden = !text;
}

function copyButton(url) {
  const button = h("button", { type: "button", class: "copy" }, "Copy");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const field = button.parentNode.querySelector("input");
      field.select();
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  });
  return button;
}

function linkRow(label, url, seat) {
  const full = new URL(url, location.origin).href;
  return h("li", { class: "link", "data-seat": seat },
    h("span", { class: "link-label" }, seat !== null && seat !== undefined ? swatch(seat) : null, " ", label),
    h("input", { type: "text", readonly: true, value: full, "aria-label": `Link for ${label}` }),
    copyButton(full),
    h("a", { href: url, target: "_blank", rel: "noopener", class: "open" }, "Open"));
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
  const variants = [...document.querySelectorAll("#variants input:checked")].map((c) => c.value);
  const body = {
    game: "discovery",
    seats,
    options: {
      edition: $("#edition").value, nations: $("#nations").value,
      builders: $("#builders").checked, buy_vp: $("#buy_vp").checked, variants,
    },
  };
  const seed = $("#seed").value.trim();
  if (seed) body.seed = Number(seed);
  $("#create-button").disabled = true;
  try {
    const game = await api("/api/games", { method: "POST", body });
    const rows = game.seats.filter((s) => s.url)
      .map((s) => linkRow(`Seat ${s.seat + 1}: ${s.name}`, s.url, s.seat));
    rows.push(linkRow("Spectators (read-only)", game.spectator.url, null));
    $("#links").replaceChildren(...rows);
    $("#created").hidden = false;
    $("#created").scrollIntoView({ behavior: "smooth" });
  } catch (err) {
    showError(err.message);
  } finally {
    $("#create-button").disabled = false;
  }
}

async function start() {
  meta = await api("/api/meta");
  const game = meta.games.find((g) => g.name === "discovery") || meta.games[0];
  const players = $("#players");
  for (let n = game.min_players; n <= game.max_players; n++) players.append(option(n, n, n === 2));
  players.addEventListener("change", drawSeats);
  const opts = game.options;
  $("#edition").replaceChildren(...opts.editions.map((e) => option(e, e, e === opts.defaults.edition)));
  $("#nations").replaceChildren(...opts.nations.map((e) => option(e, e, e === opts.defaults.nations)));
  $("#variants").replaceChildren(h("span", { class: "variants-title" }, "Variants"),
    ...opts.variants.map((v) => h("label", { class: "check" },
      h("input", { type: "checkbox", value: v, name: `variant-${v}` }), ` ${VARIANT_TEXT[v] || v}`)));
  drawSeats();
  $("#create").addEventListener("submit", create);
}

start().catch((err) => showError(`Cannot reach the server: ${err.message}`));
