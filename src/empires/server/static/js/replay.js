// The replay viewer: steps through a finished game as a spectator saw it.

import { loadBoard, renderBoard } from "./board.js";
import { api, h, linkParams, logItem, scoreTable, showErrorIn } from "./common.js";

const { id, token } = linkParams();
const $ = (sel) => document.querySelector(sel);
const svg = $("#board");
const replay = { data: null, step: 0, cache: new Map(), timer: null, loading: 0 };

async function observation(step) {
  if (!replay.cache.has(step)) {
    const data = await api(`/api/games/${encodeURIComponent(id)}/replay/${step}`, { token });
    replay.cache.set(step, data.observation);
  }
  return replay.cache.get(step);
}

async function show(step) {
  const total = replay.data.log.length;
  step = Math.max(0, Math.min(total, step));
  replay.step = step;
  const ticket = ++replay.loading;
  let obs;
  try {
    obs = await observation(step);
  } catch (err) {
    showErrorIn($("#error"), err.message);
    return;
  }
  if (ticket !== replay.loading) return;  // a later step was asked for meanwhile
  const seats = replay.data.game.seats;
  renderBoard(svg, obs, { seats });
  $("#slider").value = step;
  const entry = step ? replay.data.log[step - 1] : null;
  $("#step").replaceChildren(h("strong", {}, `Step ${step} of ${total}`),
    entry ? h("div", {}, [...logItem(entry, seats).childNodes]) : h("div", {}, "The start of the game."));
  $("#turn").textContent = `Turn ${obs.turn} of 8 · ${obs.phase}`;
  const log = $("#log");
  log.replaceChildren(...replay.data.log.slice(0, step).map((e, i) => logItem(e, seats, { current: i === step - 1 })));
  log.scrollTop = log.scrollHeight;
  const result = $("#result");
  result.hidden = step !== total;
  if (step === total) result.replaceChildren(scoreTable(replay.data.result, seats));
}

function play() {
  if (replay.timer) {
    clearInterval(replay.timer);
    replay.timer = null;
    $("#play").textContent = "▶ Play";
    return;
  }
  $("#play").textContent = "❚❚ Pause";
  replay.timer = setInterval(() => {
    if (replay.step >= replay.data.log.length) play();
    else show(replay.step + 1);
  }, 400);
}

async function start() {
  if (!id || !token) throw new Error("This replay link has no token.");
  await loadBoard(api);
  replay.data = await api(`/api/games/${encodeURIComponent(id)}/replay`, { token });
  $("#slider").max = replay.data.log.length;
  $("#first").addEventListener("click", () => show(0));
  $("#prev").addEventListener("click", () => show(replay.step - 1));
  $("#next").addEventListener("click", () => show(replay.step + 1));
  $("#last").addEventListener("click", () => show(replay.data.log.length));
  $("#play").addEventListener("click", play);
  $("#slider").addEventListener("input", (ev) => show(Number(ev.target.value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
    if (ev.key === "ArrowRight") show(replay.step + 1);
    else if (ev.key === "ArrowLeft") show(replay.step - 1);
    else if (ev.key === "Home") show(0);
    else if (ev.key === "End") show(replay.data.log.length);
    else if (ev.key === " ") { ev.preventDefault(); play(); }
  });
  await show(0);
}

start().catch((err) => {
  $("#step").textContent = "";
  showErrorIn($("#error"), err.message);
});
