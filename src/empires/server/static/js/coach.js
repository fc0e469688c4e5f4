// The coach in the browser: the hint button of a practice game, the hints recorded in a replay,
// and the post-game analysis (started on the server, its progress polled, then a win-probability
// chart per player drawn with the vendored uPlot, the mistakes with the better move, and a
// summary per player).

import { COLORS, seatLabel } from "./board.js";
import { api, h, swatch } from "./common.js";
import { lang, t } from "./i18n.js";
import { fitChart } from "./score-chart.js";

const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
const pct = (v) => percent.format(v);  // "53%", "53 %": as the reader's language writes it
const VERDICT_WORDS = { inaccuracy: t("Inaccuracy"), mistake: t("Mistake"), blunder: t("Blunder") };

// ---- hints ----

// One hint's moves, best first: what to do, its estimated chance of winning, and why.
export function hintView(hint, { title = t("Hint") } = {}) {
  return h("div", { class: "hint-result" },
    h("strong", {}, title, ": "), h("span", { class: "hint-reason" }, hint.reason),
    h("ol", { class: "hint-moves" }, ...hint.moves.map((m, i) => h("li",
      { class: i === 0 ? "hint-move best" : "hint-move", "data-action": m.action },
      m.description, " ", h("span", { class: "hint-value", title: t("estimated win probability") },
                           t("({pct} to win)", { pct: pct(m.value) }))))),
    h("small", { class: "hint" }, t("Searched {n} times from what you can see.", { n: hint.iterations })));
}

const hints = { asking: false, error: "" };

// The hint box of the game page (inside the choices): in a practice game, on your turn, a
// button asking the server for a hint, and the hint for this decision once there is one.
export function updateHintBox(box, v, { id, token }) {
  if (!box) return;
  const practice = v.game && v.game.practice;
  box.hidden = !(practice && v.legal.length);
  if (box.hidden) return;
  const index = v.game.actions;
  const record = (v.hints || []).find((r) => r.index === index && r.seat === v.you);
  const children = [];
  if (record) {
    children.push(hintView(record.hint));
  } else {
    children.push(h("button", {
      type: "button", id: "hint-button", class: "hint-button", disabled: hints.asking || null,
      onclick: () => askHint(box, id, token),
    }, hints.asking ? t("Thinking…") : `💡 ${t("Hint")}`));
    if (hints.error) children.push(h("div", { class: "error" }, hints.error));
  }
  box.replaceChildren(...children);
}

async function askHint(box, id, token) {
  if (hints.asking) return;
  hints.asking = true;
  hints.error = "";
  const button = box.querySelector("#hint-button");
  if (button) {
    button.disabled = true;
    button.textContent = t("Thinking…");
  }
  try {
    const record = await api(`/api/games/${encodeURIComponent(id)}/hint?lang=${lang}`,
                             { method: "POST", token });
    box.replaceChildren(hintView(record.hint));
  } catch (err) {
    hints.error = err.message;
    box.append(h("div", { class: "error" }, err.message));
    if (button) {
      button.disabled = false;
      button.textContent = `💡 ${t("Hint")}`;
    }
  } finally {
    hints.asking = false;
  }
}

// The replay's note for the step whose action was decided after a hint.
export function replayHint(records, step, seats) {
  const record = (records || []).find((r) => r.index === step - 1);
  if (!record) return null;
  return h("div", { class: "replay-hint" },
    hintView(record.hint, { title: t("{name} asked for a hint", { name: seatLabel(seats, record.seat) }) }));
}

// ---- the post-game analysis ----

// The analysis panel of a finished game (the end screen and the replay): a button starting the
// analysis on the server, its progress, then the analysis. Built once per page.
export function analysisPanel(box, { id, token, seats, word = t("Move") }) {
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "1";
  box.hidden = false;
  const status = h("div", { class: "analysis-status", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "analyse-button", class: "primary" },
                   t("Analyse this game"));
  box.replaceChildren(h("h2", {}, t("Analysis")), button, status);
  const path = `/api/games/${encodeURIComponent(id)}/analysis?lang=${lang}`;
  let polling = false;

  function show(state) {
    if (state.status === "done") {
      button.remove();
      status.replaceChildren(analysisView(state.analysis, seats, word));
      return true;
    }
    if (state.status === "failed") {
      button.disabled = false;
      status.replaceChildren(h("div", { class: "error" }, state.detail || t("The analysis failed.")));
      return true;
    }
    if (state.status === "queued" || state.status === "running") {
      button.disabled = true;
      const bar = h("progress", { id: "analysis-progress", max: Math.max(1, state.total),
                                  value: state.done });
      status.replaceChildren(bar, " ", state.status === "queued"
        ? t("Waiting for the server…") : t("Analysing decision {n} of {total}…", { n: state.done, total: state.total }));
      return false;
    }
    return true;  // none: wait for the button
  }

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      for (;;) {
        let state;
        try {
          state = await api(path, { token });
        } catch (err) {
          if (err.status !== 429) throw err;
          state = { status: "running", done: 0, total: 0 };
        }
        if (show(state)) return;
        await new Promise((resolve) => setTimeout(resolve, 700));
      }
    } catch (err) {
      button.disabled = false;
      status.replaceChildren(h("div", { class: "error" }, err.message));
    } finally {
      polling = false;
    }
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const state = await api(path, { method: "POST", token });
      if (!show(state)) poll();
    } catch (err) {
      button.disabled = false;
      status.replaceChildren(h("div", { class: "error" }, err.message));
    }
  });
  // An analysis stored (or under way) is shown at once.
  api(path, { token }).then((state) => { if (!show(state)) poll(); }).catch(() => {});
}

// The analysis: the chart, the summary per player, the decisions that lost clearly.
export function analysisView(analysis, seats, word = t("Move")) {
  const decisions = analysis.decisions || [];
  const flagged = decisions.filter((d) => d.verdict !== "ok");
  return h("div", { class: "analysis", id: "analysis-result" },
    winChart(analysis, seats),
    summaryTable(analysis.summary || [], seats),
    h("h3", {}, flagged.length ? t("Moves that lost clearly") : t("No move lost clearly")),
    h("ol", { class: "analysis-mistakes" }, ...flagged.map((d) => h("li",
      { class: `verdict-${d.verdict}`, "data-index": d.index },
      h("b", {}, `${word} ${d.index + 1}`), " ", swatch(d.player), " ",
      seatLabel(seats, d.player), ": ", h("em", {}, VERDICT_WORDS[d.verdict] || d.verdict),
      ` (−${pct(d.loss)}). `,
      t("Played: {move} ({pct}).", { move: d.chosen.description, pct: pct(d.chosen.value) }), " ",
      h("span", { class: "better" }, t("Better: {move} ({pct})", { move: d.best.description, pct: pct(d.best.value) }))))),
    h("small", { class: "hint" },
      t("Win chances estimated by the search bot ({n} iterations per decision) from what the deciding player could see. Inaccuracy: 5% lost, mistake: 10%, blunder: 20%.",
        { n: analysis.iterations })));
}

function summaryTable(summary, seats) {
  const rows = summary.filter((s) => s.analysed > 0);
  return h("table", { class: "analysis-summary", id: "analysis-summary" },
    h("thead", {}, h("tr", {}, ...[t("Player"), t("Decisions"), t("Inaccuracies"), t("Mistakes"),
                                   t("Blunders"), t("Mean loss")].map((word) => h("th", {}, word)))),
    h("tbody", {}, ...rows.map((s) => h("tr", { "data-player": s.player },
      h("td", {}, swatch(s.player), " ", seatLabel(seats, s.player)),
      h("td", {}, s.analysed), h("td", {}, s.inaccuracies), h("td", {}, s.mistakes),
      h("td", {}, s.blunders), h("td", {}, pct(s.mean_loss))))));
}

// Each player's estimated win probability at every analysed decision (x: the decision's action
// number in the game).
function winChart(analysis, seats, width = 320) {
  const decisions = analysis.decisions || [];
  const box = h("figure", { class: "win-chart", id: "win-chart" },
    h("figcaption", {}, t("Estimated win probability")));
  const xs = decisions.map((d) => d.index + 1);
  const series = Array.from({ length: analysis.num_players },
                            (_, p) => decisions.map((d) => d.win[p]));
  const Plot = globalThis.uPlot;
  if (!Plot || !decisions.length) {  // no chart library (or nothing analysed): a table
    box.append(h("table", {}, h("tr", {}, h("th", {}, t("Move")),
      ...series.map((_, p) => h("th", {}, seatLabel(seats, p)))),
      ...xs.map((x, i) => h("tr", {}, h("td", {}, x), ...series.map((s) => h("td", {}, pct(s[i])))))));
    return box;
  }
  const opts = {
    width,
    height: 200,
    scales: { x: { time: false }, y: { range: [0, 1] } },
    axes: [{ label: t("Move") }, { label: t("Win"), size: 44, values: (u, ticks) => ticks.map(pct) }],
    series: [
      { label: t("Move") },
      ...series.map((_, p) => ({ label: seatLabel(seats, p), stroke: COLORS[p] || "#777",
                                 width: 2, value: (u, v) => (v == null ? "" : pct(v)) })),
    ],
  };
  box.chart = new Plot(opts, [xs, ...series], box);  // tests read chart.data
  fitChart(box, box.chart, width);  // as wide as the panel allows (score-chart.js)
  return box;
}
