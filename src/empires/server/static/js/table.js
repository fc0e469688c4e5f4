// The table (issue #16 A): Undo (button, Ctrl+Z), each seat's clock ticking, leaving the table
// (a bot of the table's choice plays on) and taking the seat back; and, in the lobby, the game's
// time budget and stand-in bot.

import { botWord, seatLabel } from "./board.js";
import { api, h, swatch } from "./common.js";
import { t } from "./i18n.js";

const REASONS = {
  left: () => t("left the table"),
  timeout: () => t("ran out of time"),
  disconnected: () => t("lost the connection"),
};

// Seconds as m:ss (or h:mm:ss). (A millisecond off: the browser's and the server's clocks are
// large numbers, and a full 20 s just received must not read 0:21.)
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds - 0.001));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

// The seconds left on ``seat``'s clock at server time ``now``: the running clock counts down to
// its deadline; the others show what they keep (a per-game budget) or a whole move's time.
// A clock that stands still while the seat's hint is worked out shows what it keeps (``paused``).
export function secondsLeft(table, seat, now) {
  if (table.running === seat && isPaused(table)) return table.paused;
  if (table.running === seat && table.deadline !== null) return table.deadline - now;
  if (table.clock.mode === "game") return table.seats[seat].remaining;
  return table.clock.seconds;
}

function isPaused(table) {
  return table.paused !== null && table.paused !== undefined;
}

// The word beside a seat's countdown (issue #31): its clock stands still while its own hint is
// worked out, or it is in overtime (a game clock's budget spent: each decision has its 20 s).
export function clockMark(table, seat) {
  if (table.running !== seat) return "";
  if (isPaused(table)) return t("paused for hint");
  const s = table.seats && table.seats[seat];
  if (table.clock.mode === "game" && table.overtime != null && s && s.remaining === 0) return t("overtime");
  return "";
}

// A seat's mark: its colour with its number (never the colour alone).
function seatMark(seats, seat) {
  return h("span", { class: "table-seat" }, swatch(seat), " ",
           h("b", {}, `${seat + 1}. ${seatLabel(seats, seat)}`));
}

export class TablePanel {
  // box: the panel's element; ws(): the game's websocket (or null); onSent(): a request left.
  constructor(box, { id, token, ws, onError }) {
    Object.assign(this, { box, id, token, ws, onError });
    this.view = null;
    this.log = [];
    this.offset = 0;  // server clock minus this browser's, in seconds
    this.seq = 0;
    // What the clocks did (issue #31): a timeout and the one move the stand-in played, a seat
    // absent after timeouts in a row. Its own live region beside the panel (which is redrawn on
    // every message), always there (empty: nothing to say) and changed only when its text does,
    // so each notice is announced once.
    this.notice = h("div", { id: "clock-notice", class: "clock-notice", role: "status",
                             "aria-live": "polite", "data-tab": "choices" });
    box.before(this.notice);
    this.timer = setInterval(() => this.tick(), 250);
    document.addEventListener("keydown", (ev) => {
      const undoKey = (ev.ctrlKey || ev.metaKey) && !ev.shiftKey && ev.key.toLowerCase() === "z";
      const typing = ev.target && ["INPUT", "TEXTAREA"].includes(ev.target.tagName);
      if (undoKey && !typing && this.undoable()) {
        ev.preventDefault();
        this.send("undo");
      }
    });
  }

  undoable() {
    const v = this.view;
    return v && v.table && v.table.undoable > 0 ? v.table.undoable : 0;
  }

  // A new state message from the server (with its clock's "now") and the whole log so far.
  update(view, log) {
    this.view = view;
    this.log = log;
    if (typeof view.now === "number") this.offset = view.now - Date.now() / 1000;
    this.render();
  }

  async send(kind) {
    const v = this.view;
    if (!v || this.pending) return;
    this.pending = true;
    const body = kind === "undo" ? { expect: v.game.moves, count: 1 } : {};
    const ws = this.ws();
    try {
      if (ws && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify({ type: kind, ...body, id: `table-${++this.seq}` }));
      } else {
        await api(`/api/games/${encodeURIComponent(this.id)}/${kind}`,
                  { method: "POST", token: this.token, body });
      }
    } catch (err) {
      this.onError(err.message);
    } finally {
      this.pending = false;
    }
  }

  render() {
    const v = this.view;
    const table = v && v.table;
    if (!table) { this.box.hidden = true; return; }
    const seats = v.game.seats;
    const active = v.game.status === "active" && !v.observation.terminal;
    const parts = [];
    if (table.clock.mode !== "none") parts.push(this.clocks(table, seats));
    this.showNotice(table, seats);
    // Absent after timeouts: the notice says it; a single timeout is momentary (the stand-in
    // plays that one move, nobody has to take the seat back).
    const away = table.seats.map((s, i) => [s, i]).filter(([s]) => s.away && s.away !== "timeout");
    for (const [s, i] of away) {
      if (s.away === "once") {
        parts.push(h("p", { class: "away once" }, seatMark(seats, i), " ",
          t("time ran out: the {bot} is playing this move", { bot: botWord(table.stand_in) })));
        continue;
      }
      parts.push(h("p", { class: "away" }, seatMark(seats, i), " ",
        t("{reason}: the {bot} plays for them", { reason: REASONS[s.away] ? REASONS[s.away]() : s.away,
                                                 bot: botWord(table.stand_in) })));
    }
    if (active && v.you !== null && seats[v.you] && seats[v.you].kind === "human") {
      parts.push(this.buttons(table));
    }
    const notes = this.notes(seats);
    if (notes.length) parts.push(h("ul", { class: "table-notes" }, ...notes));
    this.box.replaceChildren(...parts);
    this.box.hidden = parts.length === 0;
    this.tick();
  }

  buttons(table) {
    const v = this.view;
    const mine = table.seats[v.you];
    const out = h("div", { class: "table-buttons" });
    if (mine && mine.away && mine.away !== "once") {
      out.append(h("button", { type: "button", id: "return-button", class: "primary",
                               onclick: () => this.send("return") }, t("Take my seat back")));
      return out;
    }
    if (this.undoable()) {
      out.append(h("button", { type: "button", id: "undo-button", title: t("Undo (Ctrl+Z)"),
                               "aria-keyshortcuts": "Control+Z", onclick: () => this.send("undo") },
                   t("Undo")));
    }
    out.append(h("button", { type: "button", id: "leave-button", "aria-haspopup": "dialog",
                             onclick: () => this.askLeave(table) }, t("Leave table")));
    return out;
  }

  // Leaving asks first (issue #31): a modal dialog, Cancel focused, Escape cancels.
  askLeave(table) {
    const old = document.querySelector("#leave-dialog");
    if (old) old.remove();
    const dialog = h("dialog", { id: "leave-dialog", class: "confirm-dialog",
                                 "aria-labelledby": "leave-title", "aria-describedby": "leave-text" });
    const close = () => dialog.close();
    const cancel = h("button", { type: "button", id: "leave-cancel", autofocus: true, onclick: close },
                     t("Cancel"));
    dialog.append(
      h("h2", { id: "leave-title" }, t("Leave the table?")),
      h("p", { id: "leave-text" }, t("The {bot} plays for you until you take your seat back.",
                                     { bot: botWord(table.stand_in) })),
      h("div", { class: "dialog-buttons" }, cancel,
        h("button", { type: "button", id: "leave-confirm", class: "danger",
                      onclick: () => { close(); this.send("leave"); } }, t("Leave"))));
    dialog.addEventListener("close", () => {
      dialog.remove();
      const back = document.querySelector("#leave-button") || document.querySelector("#return-button");
      if (back) back.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  }

  clocks(table, seats) {
    const mode = table.clock.mode === "move"
      ? t("{s} s per move", { s: table.clock.seconds })
      : t("{m} min per game + {i} s per move", { m: table.clock.seconds / 60, i: table.clock.increment });
    return h("div", { class: "clocks" }, h("div", { class: "hint" }, t("Time limit: {mode}", { mode })),
      h("ul", {}, ...seats.map((seat, i) => h("li", {
        class: table.running === i ? "clock running" : "clock", "data-seat": i },
        seatMark(seats, i), " ", h("span", { class: "clock-mark" }, ""),
        h("span", { class: "clock-time", role: "timer", "aria-label": t("time left") }, "")))));
  }

  // The clock notices' texts: the last timeout while its count stands (until the seat's own move
  // or return), and each seat absent after timeouts in a row.
  noticeTexts(table, seats) {
    const you = this.view.you;
    const bot = botWord(table.stand_in);
    const n = table.absent_after || 3;
    const out = [];
    const last = table.last_timeout;
    const seat = last && table.seats[last.seat];
    if (last && last.stand_in_moved && !last.absent && seat && seat.timeouts === last.consecutive) {
      const count = { bot, k: last.consecutive, n };
      out.push(last.seat === you
        ? t("Time ran out: the {bot} played one move for you (timeout {k} of {n})", count)
        : t("Time ran out: the {bot} played one move for {name} (timeout {k} of {n})",
            { ...count, name: seatLabel(seats, last.seat) }));
    }
    table.seats.forEach((s, i) => {
      if (s.away !== "timeout") return;
      out.push(i === you
        ? t("You timed out {n} times in a row: the {bot} plays for you until you take your seat back",
            { n, bot })
        : t("{name} timed out {n} times in a row: the {bot} plays for them until they take their seat back",
            { n, bot, name: seatLabel(seats, i) }));
    });
    return out;
  }

  showNotice(table, seats) {
    const texts = this.noticeTexts(table, seats);
    const key = JSON.stringify(texts);
    if (key === this.noticeKey) return;
    this.noticeKey = key;
    this.notice.replaceChildren(...texts.map((text) => h("p", {}, text)));
  }

  // Moves a stand-in bot played and moves taken back, the latest first (a few of them).
  notes(seats) {
    const v = this.view;
    const out = [];
    for (const e of this.log.slice(-40)) {
      if (!e.stand_in) continue;
      out.push([e.index, t("{n}. played by the {bot} for {name}: {text}",
        { n: e.index + 1, bot: botWord(e.stand_in), name: seatLabel(seats, e.seat), text: e.text })]);
    }
    for (const u of v.table.undos.slice(-5)) {
      out.push([u.index - 0.5, t("{name} took back {count} move(s)",
        { name: seatLabel(seats, u.seat), count: u.count })]);
    }
    out.sort((a, b) => b[0] - a[0]);
    return out.slice(0, 5).map(([, text]) => h("li", {}, text));
  }

  // The clocks' texts, counted down from the server's deadline.
  tick() {
    const v = this.view;
    if (!v || !v.table || v.table.clock.mode === "none" || this.box.hidden) return;
    const table = v.table;
    const now = Date.now() / 1000 + this.offset;
    for (const li of this.box.querySelectorAll(".clock")) {
      const seat = Number(li.dataset.seat);
      const left = secondsLeft(table, seat, now);
      const mark = clockMark(table, seat);
      li.querySelector(".clock-time").textContent = clockText(left);
      li.querySelector(".clock-mark").textContent = mark;
      li.classList.toggle("low", table.running === seat && left < 10 && !isPaused(table));
      li.classList.toggle("paused", table.running === seat && isPaused(table));
      li.classList.toggle("overtime", mark === t("overtime"));
    }
  }
}

// ---- the lobby: the game's time budget and stand-in bot ----

const BUDGETS = [
  ["none", 0], ["move", 30], ["move", 60], ["move", 120], ["move", 300], ["move", 600],
  ["game", 300], ["game", 600], ["game", 1200], ["game", 1800], ["game", 3600],
];

function budgetText(mode, seconds) {
  if (mode === "none") return t("No time limit");
  if (mode === "move") return seconds < 60 ? t("{s} s per move", { s: seconds })
    : t("{m} min per move", { m: seconds / 60 });
  return t("{m} min per game", { m: seconds / 60 });
}

// The lobby's fieldset: time limit, increment (per-game budgets) and stand-in bot.
export function tableChoice(bots) {
  const budget = h("select", { id: "clock", name: "clock" },
    ...BUDGETS.map(([mode, s]) => h("option", { value: `${mode}:${s}` }, budgetText(mode, s))));
  const increment = h("select", { id: "increment", name: "increment" },
    ...[0, 5, 10, 30].map((s) => h("option", { value: String(s) }, t("+{s} s per move", { s }))));
  const standIn = h("select", { id: "stand-in", name: "stand_in" },
    ...bots.map((b) => h("option", { value: b, selected: b === "heuristic" || null }, botWord(b))));
  const incLabel = h("label", { hidden: true }, t("Increment"), " ", increment);
  budget.addEventListener("change", () => { incLabel.hidden = !budget.value.startsWith("game:"); });
  return h("fieldset", { class: "table-choice" },
    h("legend", {}, t("Table")),
    h("label", {}, t("Time limit"), " ", budget), " ", incLabel,
    h("label", {}, t("If a player leaves or runs out of time, this bot plays for them"), " ", standIn));
}

// The table settings of the lobby's form, for the create request.
export function tableSettings() {
  const budget = document.querySelector("#clock");
  if (!budget) return {};
  const [mode, seconds] = budget.value.split(":");
  const out = { stand_in: document.querySelector("#stand-in").value };
  if (mode !== "none") {
    out.clock = { mode, seconds: Number(seconds) };
    if (mode === "game") out.clock.increment = Number(document.querySelector("#increment").value);
  }
  return out;
}

// ---- the replay: where moves were taken back ----

// A note for the replay at ``step`` (actions shown): the undos made from that position, or null.
export function undoNote(undos, step, seats) {
  const here = (undos || []).filter((u) => u.index === step);
  if (!here.length) return null;
  return h("p", { class: "undo-note" }, ...here.map((u) => t(
    "Here {name} took back {count} move(s), then played on.",
    { name: seatLabel(seats, u.seat), count: u.count })));
}
