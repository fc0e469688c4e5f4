// The end screen's chart: each player's score at the start, at the end of every turn (Discovery)
// or round (Settlers) and at the end of the game, from the view's result.score_track (the server
// replays the finished game and reads the spectator's scores). Drawn with uPlot (MIT), vendored
// as static/js/vendor/uPlot.iife.min.js and loaded before this module (the global uPlot).

import { COLORS, seatLabel } from "./board.js";
import { h } from "./common.js";
import { t } from "./i18n.js";

export function scoreChart(track, seats, { word = t("Turn"), width = 320 } = {}) {
  const box = h("figure", { class: "score-chart" },
    h("figcaption", {}, t("Score per {word}", { word: word.toLowerCase() })));
  const labels = track.totals.map((_, seat) => seatLabel(seats, seat));
  const Plot = globalThis.uPlot;
  if (!Plot) {  // the chart library did not load: the numbers as a table instead
    box.append(h("table", {}, h("tr", {}, h("th", {}, word), ...labels.map((l) => h("th", {}, l))),
      ...track.turns.map((turn, i) => h("tr", {}, h("td", {}, turn),
        ...track.totals.map((row) => h("td", {}, row[i]))))));
    return box;
  }
  const opts = {
    width,
    height: 200,
    scales: { x: { time: false } },
    axes: [
      { label: word, incrs: [1, 2], space: 20,  // every turn numbered, none in between
        values: (u, splits) => splits.map((v) => (Number.isInteger(v) ? v : "")) },
      { label: "VP", size: 40 },
    ],
    series: [
      { label: word, value: (u, v) => (v === 0 ? t("start") : v) },
      ...labels.map((label, seat) => ({
        label, stroke: COLORS[seat] || "#777", width: 2, points: { show: true, size: 5 },
      })),
    ],
  };
  const chart = new Plot(opts, [track.turns, ...track.totals], box);
  box.chart = chart;  // tests read chart.data
  fitChart(box, chart, width);
  return box;
}

// A uPlot chart as wide as its box (at most `most` px): drawn before the box is in the page, it
// is sized again whenever the box's width changes, so a narrow column never cuts it off.
export function fitChart(box, chart, most = 320) {
  if (typeof ResizeObserver === "undefined") return;
  new ResizeObserver(() => {
    const width = Math.min(most, Math.floor(box.clientWidth));
    if (width > 100 && width !== chart.width) chart.setSize({ width, height: chart.height });
  }).observe(box);
}
