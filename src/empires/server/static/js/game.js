// The game page: one websocket, the board, the choices of the seat to play, the log.

import { COLOR_NAMES, loadBoard, renderBoard, seatLabel, targetOf as discoveryTarget } from "./board.js";
import { ChatPanel } from "./chat.js";
import { analysisPanel, updateHintBox } from "./coach.js";
import { api, h, linkParams, logItem, swatch } from "./common.js";
import { EventLog, scoreBreakdown, turnWord } from "./events.js";
import { lang, t } from "./i18n.js";
import { remember } from "./my-games.js";
import { TurnAlerts, turnTitle } from "./notify.js";
import { rematchBox, waitingLine } from "./rematch.js";
import { ratingBox } from "./rating-change.js";
import { TablePanel } from "./table.js";
import { RulesHelp } from "./rules-help.js";
import { scoreChart } from "./score-chart.js";
import * as settlers from "./settlers-board.js";
import { keepFocus, markTurn, panToChoices, renderMyArea, renderTray, setupLayout } from "./layout.js";
import { PlayerPanels } from "./players.js";
import { MoveGuard } from "./confirm.js";
import { logToggle, renderLines, storedNewest } from "./log-lines.js";

const { id, token } = linkParams();
const $ = (sel) => document.querySelector(sel);
const svg = $("#board");
const wrap = $(".board-wrap");  // the board: Discovery's SVG or the Settlers table
setupLayout({ main: $(".layout"), wrap });  // tabs on a phone, the board's zoom (layout.js)
const game = { view: null, log: [], ws: null, pending: false, retry: 0, fatal: false, seq: 0,
               targets: new Map(), followLog: true, events: null, eventLog: null,
               chart: null };

function setConnection(text, ok) {
  const c = $("#connection");
  c.textContent = text;
  c.className = ok ? "ok" : "bad";
}

function showError(text) {
  const box = $("#error");
  box.textContent = text;
  box.hidden = !text;
}

function connect() {
  if (!id || !token) {
    fatal(t("This link has no game token. Ask for your join link, or create a game in the lobby."));
    return;
  }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // The token goes in the first message, never in the URL (URLs end up in logs).
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(id)}`);
  game.ws = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "auth", token, chat: true, lang }));  // chat: its messages too; lang: the texts' language
    game.retry = 0;
    setConnection(t("connected"), true);
    showError("");  // a "Failed to fetch" from while the connection was down is over
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    receive(msg);
  });
  ws.addEventListener("close", (ev) => {
    game.pending = false;
    if (game.fatal || ev.code >= 4000) {
      setConnection(t("closed"), false);
      return;
    }
    setConnection(t("reconnecting…"), false);
    const delay = Math.min(10000, 500 * 2 ** game.retry++);
    setTimeout(connect, delay);
  });
}

function fatal(text) {
  game.fatal = true;
  $("#status").replaceChildren(h("strong", {}, text));
  setConnection(t("closed"), false);
}

// The chat (chat.js) and the rules help (rules-help.js) of this game.
const chat = new ChatPanel($("#chat"), { id, token, send: (payload) => {
  if (!game.ws || game.ws.readyState !== WebSocket.OPEN) return false;
  game.ws.send(JSON.stringify(payload));
  return true;
} });
const rules = new RulesHelp($("#rules"), { id, token });
// Undo, clocks, leaving and taking the seat back (table.js).
const tablePanel = new TablePanel($("#table-box"), { id, token, ws: () => game.ws, onError: showError });
// Every seat's panel (players.js); a move that ends your turn held for Confirm (confirm.js); the
// log newest first, one line each, at the reader's choice (log-lines.js).
const panels = new PlayerPanels($("#players"));
const guard = new MoveGuard($("#confirm-bar"), $("#move-settings"), { send: (a) => send(a), targetOf });
game.newest = storedNewest();
$(".log-box h2").after(logToggle(game.newest, (on) => {
  game.newest = on;
  game.followLog = true;
  keepFocus(render);
}));

function receive(msg) {
  if (chat.handles(msg)) return;
  if (msg.type === "state") {
    game.log.length = Math.min(game.log.length, msg.log_from);
    game.log.push(...msg.log);
    if (Array.isArray(msg.events)) {  // the engine's events as this seat may read them
      game.events = game.events || [];
      game.events.length = Math.min(game.events.length, msg.events_from || 0);
      game.events.push(...msg.events);
    }
    game.view = msg;
    game.pending = false;
    guard.update(msg);
    showFairness(msg.game);
    seen(msg);
    keepFocus(render);
  } else if (msg.type === "ack" || msg.type === "table_ack") {
    game.pending = false;
    showError("");
  } else if (msg.type === "error") {
    game.pending = false;
    // A connection refused for good (the socket closes with a 4xxx code, never retried): its
    // reason, in the page's language, takes the status line. A spectator refused (too many
    // spectators, or too many of this address's) reads why rather than a silent "closed".
    if (["bad_token", "missing_token", "unknown_game", "expired", "quarantined", "game_closed",
         "too_many_spectators", "too_many_spectator_connections",
         "too_many_connections"].includes(msg.error || msg.code)) {
      fatal(msg.detail);
    } else {
      showError(msg.detail);
      keepFocus(render);
    }
  }
}

// A seat's game goes to "My games"; the turn alerts hear of every view.
const alerts = new TurnAlerts($("#alerts"));
function seen(v) {
  if (v.you !== null && v.you !== undefined && !game.remembered) {
    game.remembered = true;
    const seat = v.game.seats[v.you];
    remember({ id, token, seat: v.you, name: seat ? seat.name : "", game: v.game.game });
  }
  alerts.update(v, game.log);
}

// Fairness: a seed chosen by the game's creator is announced to every seat; a server-chosen
// seed is committed to (SHA-256) while the game runs and revealed when it ends.
function showFairness(summary) {
  const box = $("#fairness");
  if (!box || !summary) return;
  const parts = [];
  if (summary.seeded) {
    parts.push(h("strong", {}, t("This game's seed was chosen by its creator: they can know the hidden cards.")));
  }
  if (summary.seed_commitment) {
    parts.push(h("div", {}, t("Seed commitment (SHA-256):"), " ", h("code", {}, summary.seed_commitment)));
  }
  const reveal = summary.seed_reveal;
  if (reveal) {
    parts.push(h("div", {}, t("Seed {seed}, salt", { seed: reveal.seed }), " ", h("code", {}, String(reveal.salt)),
                 " ", t("check that SHA-256 of {format} is the commitment.", { format: reveal.format })));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

// A choice: a move that ends the turn is held for Confirm (confirm.js), any other goes at once.
function act(action) {
  if (game.pending || !game.view) return;
  hideChooser();
  if (guard.wants(game.view, action)) {
    const entry = game.view.legal.find((e) => e.action === action);
    guard.hold(action, entry ? entry.text : action);
    return;
  }
  send(action);
}

async function send(action) {
  if (game.pending || !game.view) return;
  showError("");
  game.pending = true;
  keepFocus(render);
  const expect = game.view.game.moves ?? game.log.length;  // moves: undos count too
  if (game.ws && game.ws.readyState === WebSocket.OPEN) {
    game.ws.send(JSON.stringify({ type: "action", action, expect, id: ++game.seq }));
    return;
  }
  try {  // the socket is down: the same action over HTTP
    await api(`/api/games/${encodeURIComponent(id)}/actions`, { method: "POST", token,
                                                              body: { action, expect } });
  } catch (err) {
    showError(err.message);
  } finally {
    game.pending = false;
  }
}

// ---- choosing on the board ----

function hideChooser() {
  $("#chooser").hidden = true;
}

function openChooser(entries, ev) {
  const box = $("#chooser");
  box.replaceChildren(
    h("div", { class: "chooser-title" }, t("Choose:")),
    ...entries.map((e) => h("button", { type: "button", class: "choice", "data-action": e.action,
                                        onclick: () => act(e.action) }, e.text)),
    h("button", { type: "button", class: "cancel", onclick: hideChooser }, t("Cancel")));
  box.hidden = false;
  const x = Math.min(ev.clientX + 8, window.innerWidth - box.offsetWidth - 8);
  const y = Math.min(ev.clientY + 8, window.innerHeight - box.offsetHeight - 8);
  box.style.left = `${Math.max(8, x)}px`;
  box.style.top = `${Math.max(8, y)}px`;
  const first = box.querySelector("button.choice");  // the keyboard goes on in the chooser
  if (first) first.focus();
}

// The game a view is of, and the board target of its actions.
function gameName(v) {
  return v && v.game ? v.game.game : "discovery";
}

function targetOf(action) {
  return gameName(game.view) === "settlers" ? settlers.targetOf(action) : discoveryTarget(action);
}

function clickTarget(ev) {
  for (let node = ev.target; node && node !== wrap; node = node.parentNode) {
    const key = node.getAttribute && node.getAttribute("data-target");
    if (key && game.targets.has(key)) {
      const entries = game.targets.get(key);
      if (entries.length === 1) act(entries[0].action);
      else openChooser(entries, ev);
      ev.stopPropagation();
      ev.preventDefault();
      return;
    }
  }
  hideChooser();
}

wrap.addEventListener("click", clickTarget);
wrap.addEventListener("keydown", (ev) => {  // a focused table target answers Enter and space
  if ((ev.key === "Enter" || ev.key === " ") && ev.target.classList.contains("clickable")) {
    const r = ev.target.getBoundingClientRect();
    clickTarget({ target: ev.target, clientX: r.left, clientY: r.bottom, stopPropagation() {},
                  preventDefault() { ev.preventDefault(); } });
  }
});
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideChooser(); });
document.addEventListener("click", (ev) => {
  if (!$("#chooser").contains(ev.target) && !wrap.contains(ev.target)) hideChooser();
});

// ---- drawing ----

function statusLine(v) {
  const seats = v.game.seats;
  if (v.game.status === "error") return h("strong", { class: "bad" }, v.game.error || t("This game cannot go on."));
  if (v.game.status === "waiting") return waitingLine(v);
  if (v.observation.terminal) return h("strong", {}, t("Game over."));
  if (v.legal.length) {
    return h("span", { class: "your-turn" }, h("strong", {}, t("Your turn:"), " "),
             v.observation.decision ? settlers.decisionPrompt(v.observation.decision) : t("choose an action"));
  }
  const w = v.waiting_for;
  const seat = seats[w];
  const prompt = v.observation.decision ? ` (${settlers.decisionPrompt(v.observation.decision)})` : "";
  if (seat && seat.kind === "bot") {
    return h("span", { class: "waiting" }, swatch(w), " ", t("Waiting for {name} — the bot is thinking", { name: seatLabel(seats, w) }) + prompt);
  }
  return h("span", { class: "waiting" }, swatch(w), " ", t("Waiting for {name}", { name: seatLabel(seats, w) }) + prompt);
}

function render() {
  const v = game.view;
  if (!v) return;
  const obs = v.observation;
  const seats = v.game.seats;
  game.targets = new Map();
  if (!game.pending) {
    for (const entry of v.legal) {
      const key = targetOf(entry.action);
      if (!key) continue;
      if (!game.targets.has(key)) game.targets.set(key, []);
      game.targets.get(key).push(entry);
    }
  }
  const isSettlers = gameName(v) === "settlers";
  const table = $("#table");
  svg.toggleAttribute("hidden", isSettlers);  // an SVG element has no hidden property
  document.body.classList.toggle("settlers-game", isSettlers);  // no zoom for its HTML table
  table.hidden = !isSettlers;
  $("#legend").hidden = isSettlers;
  const tray = $("#board-decision");
  if (tray && !isSettlers) renderTray(tray, v, game.targets);
  else if (tray) tray.hidden = true;
  renderMyArea($("#my-area"), v);
  panels.update(v);  // every seat's panel (before the board pans: the strip takes its height)
  markTurn(v.legal.length > 0);
  if (isSettlers) {
    settlers.renderTable(table, obs, { seats, you: v.you, targets: game.targets, events: game.events });
    table.classList.toggle("pending", game.pending);
  } else {
    renderBoard(svg, obs, { seats, you: v.you, targets: game.targets, names: v.names });
    svg.classList.toggle("pending", game.pending);
    panToChoices($(".board-scroll"), svg);  // "Readable": your choices in view
  }

  const who = v.you === null ? h("span", {}, t("Watching as a spectator"))
    : h("span", {}, t("You are"), " ", settlers.seatMark(v.you), " ",
        h("b", {}, seatLabel(seats, v.you)),
        ` (${COLOR_NAMES[v.you]})`);
  $("#who").replaceChildren(who);
  const title = isSettlers ? t("Imperial Settlers") : t("Empires: Age of Discovery");
  $("#brand").textContent = title;
  $("#turn").textContent = isSettlers
    ? `${t("Round {n} of {total}", { n: obs.round, total: settlers.ROUNDS })} · ${obs.phase}`
    : `${t("Turn {n} of {total}", { n: obs.turn, total: 8 })} · ${t("Age {age}", { age: ["", "I", "II", "III"][obs.age] })} · ${obs.phase}`;
  $("#status").replaceChildren(statusLine(v));
  chat.update(v);
  rules.update(v);
  document.title = turnTitle(v, title);

  const list = $("#actions");
  list.replaceChildren(...v.legal.map((e) => h("li", {},
    h("button", { type: "button", class: targetOf(e.action) ? "action on-board" : "action",
                  "data-action": e.action, disabled: game.pending || null,
                  onclick: () => act(e.action) }, e.text))));
  $("#actions-box").hidden = !v.legal.length;
  updateHintBox($("#hint-box"), v, { id, token });  // practice games only
  tablePanel.update(v, game.log);  // undo, clocks, leave and return
  guard.mark();  // a held move's place

  const result = $("#result");
  if (v.result) {
    const verdict = isSettlers ? settlers.soloVerdict(obs, game.events) : null;  // solo only
    if (!game.chart && v.result.score_track) {  // built once: a finished game never changes
      game.chart = scoreChart(v.result.score_track, seats,
                              { word: isSettlers ? t("Round") : t("Turn") });
    }
    result.replaceChildren(...(verdict ? [verdict] : []),
      scoreBreakdown(v.result, seats, game.events || [], v.names),
      ...[ratingBox(v.result.rating, seats)].filter(Boolean),  // once rated (ratings.py)
      ...(game.chart ? [game.chart] : []),
      ...[rematchBox(v, { id, token })].filter(Boolean),
      h("p", {}, h("a", { href: `/replay/${id}#token=${encodeURIComponent(token)}` },
                   t("Watch the replay of this game"))));
    result.hidden = false;
    if (v.game.status === "finished") analysisPanel($("#analysis"), { id, token, seats });
  } else {
    result.hidden = true;
  }

  const logList = $("#log");
  if (game.events) renderEvents(logList, v);
  else logList.replaceChildren(h("ol", {}, ...game.log.map((e) => logItem(e, seats))));
  if (game.followLog) logList.scrollTop = game.newest && game.events ? 0 : logList.scrollHeight;
  $("#log-count").textContent = t("{n} actions", { n: game.log.length });
}

// The log: the events this seat may read, appended as they come, grouped by turn and phase.
// Newest first, one line each (log-lines.js), when the reader chose it.
function renderEvents(box, v) {
  let log = game.eventLog;
  const word = turnWord(v.observation);
  if (!log) {
    const grouped = h("div", { class: "log-grouped" });
    game.logLines = h("ol", { class: "log-lines" });
    box.replaceChildren(grouped, game.logLines);
    log = game.eventLog = new EventLog(grouped, { seats: v.game.seats, you: v.you, word });
  }
  if (log.count > game.events.length) log.reset();  // the stream started again
  log.append(game.events.slice(log.count));
  box.classList.toggle("newest-first", game.newest);
  if (game.newest) renderLines(game.logLines, game.events, { seats: v.game.seats, you: v.you, word });
  else game.logLines.replaceChildren();
}

// The log follows new entries unless the reader has scrolled up.
$("#log").addEventListener("scroll", (ev) => {
  const list = ev.target;
  game.followLog = game.newest && game.events ? list.scrollTop <= 30
    : list.scrollTop + list.clientHeight >= list.scrollHeight - 30;
});

loadBoard(api).then(connect);
