// The player panels (issue #31): every seat at a glance — its mark, name, score, money or goods,
// workers or hand size, whose turn it is and its clock — in a strip under the header, always in
// view on a tablet and a laptop (it stays at the top while the page scrolls); on a phone a summary
// row (each seat's mark and score) that opens the panels with one tap.
//
// Everything comes from the state message the page already gets: the observation (players,
// scores, the seat to act) and the table (clocks, seats away); nothing hidden is shown (a
// Settlers hand is its size). The seat to act is marked by a word and a ▶, never by colour alone.

import { COLORS, WORKER_ABBR, markText, seatLabel } from "./board.js";
import { h } from "./common.js";
import { t } from "./i18n.js";
import { clockMark, clockText, secondsLeft } from "./table.js";

const WORKER_ORDER = ["colonist", "captain", "merchant", "missionary", "soldier", "builder"];
const SETTLERS_GOODS = [
  ["wood", t("Wood")], ["stone", t("Stone")], ["food", t("Food")], ["gold", t("Gold")],
  ["worker", t("Workers")],
];

function mark(seat) {
  const m = h("span", { class: "seat-mark pp-mark" }, markText(seat));
  m.style.background = COLORS[seat];
  return m;
}

function fact(cls, text, value) {
  return h("span", { class: `pp-fact ${cls}`, "data-value": String(value) }, text);
}

// Discovery: VP, money, workers to place, Trade Goods, Merchant Ships.
function discoveryFacts(obs, seat) {
  const pl = obs.players[seat];
  const vp = obs.scores && obs.scores[seat] ? obs.scores[seat].total : 0;
  const avail = pl.available || {};
  const left = Object.values(avail).reduce((a, b) => a + b, 0);
  const which = WORKER_ORDER.filter((w) => avail[w]).map((w) => `${avail[w]}${WORKER_ABBR[w]}`).join(" ");
  const goods = Object.values(pl.goods || {}).reduce((a, b) => a + b, 0);
  return [
    fact("pp-vp", t("{n} VP", { n: vp }), vp),
    fact("pp-money", `$${pl.money}`, pl.money),
    fact("pp-workers", left ? t("Workers: {list}", { list: which }) : t("Workers: none left"), left),
    fact("pp-goods", t("Goods: {n}", { n: goods }), goods),
  ];
}

// Imperial Settlers: VP, cards in hand, the goods of the supply (those held), passed, first player.
function settlersFacts(obs, seat) {
  const pl = obs.players[seat];
  const vp = obs.scores && obs.scores[seat] ? obs.scores[seat].total ?? pl.vp : pl.vp;
  const goods = pl.goods || {};
  const held = SETTLERS_GOODS.filter(([g]) => goods[g]).map(([g, word]) => `${word} ${goods[g]}`);
  const out = [
    fact("pp-vp", t("{n} VP", { n: vp }), vp),
    fact("pp-hand", pl.hand_size === 1 ? t("Hand: 1 card") : t("Hand: {n} cards", { n: pl.hand_size }),
         pl.hand_size),
    fact("pp-goods", held.length ? held.join(" · ") : t("Goods: none"), held.join(",")),
  ];
  if (obs.first_player === seat) out.push(fact("pp-first", `⚑ ${t("first player")}`, 1));
  if (pl.passed && obs.step === "action") out.push(fact("pp-passed", t("passed"), 1));
  return out;
}

export class PlayerPanels {
  constructor(box) {
    this.box = box;
    this.view = null;
    this.offset = 0;  // server clock minus this browser's, in seconds
    this.open = false;
    this.toggle = h("button", { type: "button", class: "pp-toggle", "aria-expanded": "false",
                                "aria-controls": "pp-list", onclick: () => this.setOpen(!this.open) });
    this.list = h("ul", { id: "pp-list", class: "pp-list", "aria-label": t("Players") });
    box.replaceChildren(this.toggle, this.list);
    setInterval(() => this.tick(), 250);
    // the strip's height, for what else keeps to the top of the window (layout.css: the side column)
    const root = document.documentElement;
    new ResizeObserver(() => root.style.setProperty("--strip-h", `${box.offsetHeight}px`)).observe(box);
  }

  setOpen(open) {
    this.open = open;
    this.box.classList.toggle("open", open);
    this.toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }

  // The seat whose decision it is (null: nobody's, the game is over or waits for seats).
  static toAct(v) {
    const obs = v.observation;
    if (!obs || obs.terminal || v.game.status !== "active") return null;
    if (Number.isInteger(v.waiting_for)) return v.waiting_for;
    return Number.isInteger(obs.current_player) ? obs.current_player : null;
  }

  update(v) {
    this.view = v;
    if (typeof v.now === "number") this.offset = v.now - Date.now() / 1000;
    const obs = v.observation;
    if (!obs || !Array.isArray(obs.players) || !obs.players.length) {
      this.box.hidden = true;
      return;
    }
    this.box.hidden = false;
    const seats = v.game.seats;
    const settlers = v.game.game === "settlers";
    const acting = PlayerPanels.toAct(v);
    const table = v.table;
    const summary = [];
    const items = obs.players.map((pl) => {
      const seat = pl.seat;
      const facts = settlers ? settlersFacts(obs, seat) : discoveryFacts(obs, seat);
      const now = seat === acting;
      const seatInfo = seats && seats[seat];
      const away = table && table.seats && table.seats[seat] ? table.seats[seat].away : null;
      const tags = [];
      if (seat === v.you) tags.push(h("span", { class: "pp-you" }, t("(you)")));
      const botNamed = seatInfo && /^(Random|Heuristic|Ismcts) bot( \d+)?$/.test(seatInfo.name);  // says so
      if (seatInfo && seatInfo.kind === "bot" && !botNamed) tags.push(h("span", { class: "pp-bot" }, t("(bot)")));
      if (away) {  // a single timeout: the bot plays that one move, the seat is still here
        tags.push(h("span", { class: "pp-away" },
                    away === "once" ? t("the bot is playing this move") : t("away: a bot plays")));
      }
      const timed = table && table.clock && table.clock.mode !== "none";
      const clock = timed
        ? h("span", { class: "pp-clock", role: "timer", "aria-label": t("time left") }, "") : null;
      const clockWord = timed ? h("span", { class: "pp-clock-mark" }, "") : null;  // paused, overtime
      const vp = facts[0].dataset.value;
      summary.push(h("span", { class: now ? "pp-sum now" : "pp-sum" }, mark(seat), now ? "▶" : "",
                     ` ${t("{n} VP", { n: vp })}`));
      const li = h("li", { class: now ? "pp now" : "pp", "data-seat": seat, "aria-current": now ? "true" : null },
        h("div", { class: "pp-head" }, mark(seat), " ",
          h("b", { class: "pp-name" }, seatLabel(seats, seat)), " ", ...tags,
          now ? h("span", { class: "pp-turn" }, `▶ ${t("to play")}`) : null, clockWord, clock),
        h("div", { class: "pp-facts" }, ...facts));
      li.style.borderLeftColor = COLORS[seat];
      return li;
    });
    this.list.replaceChildren(...items);
    this.toggle.replaceChildren(h("span", { class: "pp-toggle-label" }, t("Players")), " ",
      ...summary, h("span", { class: "pp-arrow", "aria-hidden": "true" }, " ▾"));
    this.tick();
  }

  // The clocks' texts, counted down from the server's deadline (as the table panel's).
  tick() {
    const v = this.view;
    if (!v || !v.table || !v.table.clock || v.table.clock.mode === "none" || this.box.hidden) return;
    const now = Date.now() / 1000 + this.offset;
    for (const li of this.list.querySelectorAll(".pp")) {
      const seat = Number(li.dataset.seat);
      const out = li.querySelector(".pp-clock");
      if (!out || !v.table.seats[seat]) continue;
      const left = secondsLeft(v.table, seat, now);
      const mark = clockMark(v.table, seat);
      out.textContent = clockText(left);
      out.classList.toggle("low", v.table.running === seat && left < 10 && v.table.paused == null);
      const word = li.querySelector(".pp-clock-mark");
      if (word) word.textContent = mark;
    }
  }
}
