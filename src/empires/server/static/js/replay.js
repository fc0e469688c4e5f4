// The replay viewer: steps through a finished game as a spectator saw it, one action and the
// events it caused at a time.

import { loadBoard, renderBoard } from "./board.js";
import { chatTranscript } from "./chat.js";
import { analysisPanel, replayHint } from "./coach.js";
import { api, h, linkParams, logItem, showErrorIn } from "./common.js";
import { EventLog, eventItem, headingText, scoreBreakdown, turnWord } from "./events.js";
import { lang, t } from "./i18n.js";
import * as settlers from "./settlers-board.js";
import { undoNote } from "./table.js";
import { setupLayout } from "./layout.js";

// The board's zoom ("Readable" / "Whole board", layout.js); no tabs: the replay is one column.
setupLayout({ main: document.querySelector(".layout"), wrap: document.querySelector(".board-wrap"),
              tabs: false });

const { id, token } = linkParams();
const $ = (sel) => document.querySelector(sel);
const svg = $("#board");
const replay = { data: null, step: 0, cache: new Map(), timer: null, loading: 0, bounds: null };

// Where each step's events start in the spectator's event stream: step 0 holds what happened
// before the first action, step k starts with the "action" event of action k (every action
// has one). bounds[k]..bounds[k + 1] are step k's events; null when the stream does not fit.
function stepBounds(events, steps) {
  if (!Array.isArray(events)) return null;
  const starts = [];
  events.forEach((e, i) => { if (e.kind === "action") starts.push(i); });
  return starts.length === steps ? [0, ...starts, events.length] : null;
}

// A step's observation and the printed names it gives by id (buildings: board.js buildingName).
async function stepView(step) {
  if (!replay.cache.has(step)) {
    const data = await api(`/api/games/${encodeURIComponent(id)}/replay/${step}?lang=${lang}`, { token });
    replay.cache.set(step, { obs: data.observation, names: data.names || null });
  }
  return replay.cache.get(step);
}

async function show(step) {
  const total = replay.data.log.length;
  step = Math.max(0, Math.min(total, step));
  replay.step = step;
  const ticket = ++replay.loading;
  let obs, names;
  try {
    ({ obs, names } = await stepView(step));
  } catch (err) {
    showErrorIn($("#error"), err.message);
    return;
  }
  if (ticket !== replay.loading) return;  // a later step was asked for meanwhile
  const seats = replay.data.game.seats;
  const isSettlers = obs.game === "settlers";
  svg.toggleAttribute("hidden", isSettlers);  // an SVG element has no hidden property
  document.body.classList.toggle("settlers-game", isSettlers);  // no zoom for its HTML table
  $("#table").hidden = !isSettlers;
  $("#legend").hidden = isSettlers;
  if (isSettlers) {
    const seen = replay.bounds ? replay.data.events.slice(0, replay.bounds[step + 1]) : [];
    settlers.renderTable($("#table"), obs, { seats, events: seen });
    $("#brand").textContent = t("Imperial Settlers");
    document.title = t("Replay — Imperial Settlers");
    $("#turn").textContent = `${t("Round {n} of {total}", { n: obs.round, total: settlers.ROUNDS })} · ${obs.phase}`;
  } else {
    renderBoard(svg, obs, { seats, names });
    $("#turn").textContent = `${t("Turn {n} of {total}", { n: obs.turn, total: 8 })} · ${obs.phase}`;
  }
  $("#slider").value = step;
  $("#hint-note").replaceChildren(...[replayHint(replay.data.hints, step, seats),
    undoNote(replay.data.undos, step, seats)].filter(Boolean));  // undoNote: table.js
  if (replay.bounds) showEvents(step, total, seats, turnWord(obs));
  else showLog(step, total, seats);
  const log = $("#log");
  log.scrollTop = log.scrollHeight;  // the step shown is the last in the log
  const result = $("#result");
  result.hidden = step !== total;
  if (step === total) {
    const verdict = isSettlers ? settlers.soloVerdict(obs, replay.data.events) : null;
    result.replaceChildren(...(verdict ? [verdict] : []),
      scoreBreakdown(replay.data.result, seats, replay.data.events || []));
  }
}

// The step's events (its action, then how the rules resolved it) and the log up to them.
function showEvents(step, total, seats, word) {
  const events = replay.data.events;
  const to = replay.bounds[step + 1];
  const mine = events.slice(replay.bounds[step], to);
  $("#step").replaceChildren(...[h("strong", {}, t("Step {n} of {total}", { n: step, total })),
    mine.length ? h("div", { class: "step-heading" }, headingText(mine[0], word)) : null,
    mine.length ? h("ol", { class: "log-events step-events" }, ...mine.map((e) => eventItem(e, seats)))
      : h("div", {}, t("The start of the game."))].filter(Boolean));  // (null would print "null")
  new EventLog($("#log"), { seats, word }).append(events.slice(0, to),
                                                  new Set(mine.map((e) => e.seq)));
}

// A server without the event log: the actions alone.
function showLog(step, total, seats) {
  const entry = step ? replay.data.log[step - 1] : null;
  $("#step").replaceChildren(h("strong", {}, t("Step {n} of {total}", { n: step, total })),
    entry ? h("div", {}, [...logItem(entry, seats).childNodes]) : h("div", {}, t("The start of the game.")));
  $("#log").replaceChildren(h("ol", {}, ...replay.data.log.slice(0, step).map(
    (e, i) => logItem(e, seats, { current: i === step - 1 }))));
}

function play() {
  if (replay.timer) {
    clearInterval(replay.timer);
    replay.timer = null;
    $("#play").textContent = t("▶ Play");
    return;
  }
  $("#play").textContent = t("❚❚ Pause");
  replay.timer = setInterval(() => {
    if (replay.step >= replay.data.log.length) play();
    else show(replay.step + 1);
  }, 400);
}

async function start() {
  if (!id || !token) throw new Error(t("This replay link has no token."));
  await loadBoard(api);
  replay.data = await api(`/api/games/${encodeURIComponent(id)}/replay?lang=${lang}`, { token });
  $("#slider").max = replay.data.log.length;
  replay.bounds = stepBounds(replay.data.events, replay.data.log.length);
  $("#first").addEventListener("click", () => show(0));
  $("#prev").addEventListener("click", () => show(replay.step - 1));
  $("#next").addEventListener("click", () => show(replay.step + 1));
  $("#last").addEventListener("click", () => show(replay.data.log.length));
  $("#play").addEventListener("click", play);
  $("#slider").addEventListener("input", (ev) => show(Number(ev.target.value)));
  document.addEventListener("keydown", onKey);
  analysisPanel($("#analysis"), { id, token, seats: replay.data.game.seats });
  chatTranscript($("#chat"), { id, token, seats: replay.data.game.seats });  // kept with the game
  await show(0);
}

// Home/End and the arrow keys step (the slider's own handling and the page's scrolling are
// prevented, so one key press is one step); space plays or pauses. Typing in a text field and
// keys with modifiers are left alone.
function onKey(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || !replay.data) return;
  const target = ev.target;
  const typing = target && (target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName)
                       || (target.tagName === "INPUT" && target.type !== "range"));
  if (typing) return;
  const total = replay.data.log.length;
  const to = { ArrowRight: replay.step + 1, ArrowLeft: replay.step - 1, Home: 0, End: total }[ev.key];
  if (to !== undefined) {
    ev.preventDefault();
    show(to);
  } else if (ev.key === " " && target.tagName !== "BUTTON") {  // a focused button clicks itself
    ev.preventDefault();
    play();
  }
}

start().catch((err) => {
  $("#step").textContent = "";
  showErrorIn($("#error"), err.message);
});
