// A move that ends your turn waits a moment before it goes (issue #31), as Board Game Arena's
// "Confirm" does: the server's Undo takes back your own actions only until the turn passes, so a
// mis-placed worker could never be taken back. The move is shown as held (the place marked on the
// board, a bar at the foot of the window with Confirm and Cancel); it is sent when you confirm or,
// by default, when a short countdown ends; Cancel (or Escape) keeps the decision open. Each player
// chooses in the Choices panel: send after the countdown, wait for Confirm, or send at once (kept
// in localStorage).
//
// Which moves end the turn: the observation does not say whether the next decision is another
// seat's, so the decisions that pass the turn by the rules are named here: in Discovery placing
// a worker (each player places one, then the next player) and the two auctions' bids; in
// Imperial Settlers the Lookout pick and the Action phase's action (one action, then the next
// player). Follow-up choices of your own turn (an expedition's members, goods to spend) are not
// held: the server's Undo can still take them back while the turn is yours.

import { h } from "./common.js";
import { t } from "./i18n.js";

const MODE_KEY = "empires.confirm";
export const DELAY = 5;  // seconds before a held move goes in "timer" mode
const MODES = [
  ["timer", t("Send after {s} s unless I cancel", { s: DELAY })],
  ["ask", t("Wait until I confirm")],
  ["off", t("Send at once")],
];
const TURN_ENDING = {
  discovery: ["place", "order_bid", "nation_bid"],
  settlers: ["pick", "turn"],
};

export function storedMode() {
  try {
    const m = localStorage.getItem(MODE_KEY);
    return MODES.some(([k]) => k === m) ? m : "timer";
  } catch {
    return "timer";
  }
}

// Whether ``action`` passes the turn in ``view`` by the rules (see above).
export function endsTurn(view, action) {
  const d = view && view.observation && view.observation.decision;
  if (!d || !view.legal.some((e) => e.action === action)) return false;
  return (TURN_ENDING[view.game.game] || []).includes(d.kind);
}

export class MoveGuard {
  // bar: the held move's bar; settings: the box of the setting; send(action): the move goes;
  // targetOf(action): the board key of an action (its place is marked as held).
  constructor(bar, settings, { send, targetOf }) {
    Object.assign(this, { bar, settings, send, targetOf });
    this.mode = storedMode();
    this.held = null;  // { action, text, left, back }
    this.timer = null;
    this.select = h("select", { id: "confirm-mode", onchange: () => this.setMode(this.select.value) },
      ...MODES.map(([k, label]) => h("option", { value: k, selected: k === this.mode || null }, label)));
    settings.replaceChildren(h("label", { class: "confirm-setting" },
      t("Moves that end my turn:"), " ", this.select));
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && this.held) this.cancel();
    });
  }

  setMode(mode) {
    this.mode = mode;
    try { localStorage.setItem(MODE_KEY, mode); } catch { /* private mode: not kept */ }
  }

  wants(view, action) {
    return this.mode !== "off" && endsTurn(view, action);
  }

  // Hold ``action`` (its words ``text``) instead of sending it.
  hold(action, text) {
    const active = document.activeElement;
    const back = this.held ? this.held.back : active;
    this.stop();
    this.held = { action, text, left: DELAY, back };
    if (this.mode === "timer") this.timer = setInterval(() => this.tick(), 1000);
    this.draw();
    this.mark();
    this.bar.querySelector("#confirm-move").focus();
  }

  tick() {
    if (!this.held) return this.stop();
    this.held.left -= 1;
    if (this.held.left <= 0) this.confirm();
    else this.draw(false);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  draw(whole = true) {
    const held = this.held;
    // the countdown on the button, hidden from screen readers (the bar says it once)
    const count = h("span", { class: "confirm-count", "aria-hidden": "true" },
                    this.timer ? ` (${held.left})` : "");
    if (!whole) {
      this.bar.querySelector(".confirm-count").replaceWith(count);
      return;
    }
    this.bar.replaceChildren(
      h("p", { class: "confirm-what" }, h("strong", {}, t("This ends your turn:")), " ", held.text),
      h("p", { class: "confirm-how" }, this.timer
        ? t("It is sent in {s} s unless you cancel.", { s: DELAY })
        : t("It is not sent until you confirm.")),
      h("div", { class: "confirm-buttons" },
        h("button", { type: "button", id: "confirm-move", class: "primary",
                      onclick: () => this.confirm() }, t("Confirm"), count),
        h("button", { type: "button", id: "cancel-move", onclick: () => this.cancel() },
          t("Cancel"))));
    this.bar.hidden = false;
  }

  confirm() {
    const held = this.held;
    this.clear();
    if (held) this.send(held.action);
  }

  cancel() {
    const held = this.held;
    this.clear();
    if (held && held.back && document.contains(held.back)) held.back.focus();
  }

  clear() {
    this.stop();
    this.held = null;
    this.bar.hidden = true;
    this.bar.replaceChildren();
    this.mark();
  }

  // A new state message: a held move no longer legal (a stand-in bot played, the game moved on)
  // is dropped; the setting shows for a seated player.
  update(view) {
    const seated = view.you !== null && view.you !== undefined && view.game.status === "active";
    this.settings.hidden = !seated;
    if (this.held && !view.legal.some((e) => e.action === this.held.action)) this.clear();
  }

  // The held move's place on the board and its button in the list, marked (after each redraw).
  mark() {
    for (const node of document.querySelectorAll(".held")) node.classList.remove("held");
    if (!this.held) return;
    const key = this.targetOf(this.held.action);
    const sel = [`[data-action="${CSS.escape(this.held.action)}"]`];
    if (key) sel.push(`[data-target="${CSS.escape(key)}"]`);
    for (const node of document.querySelectorAll(sel.join(", "))) {
      if (!this.bar.contains(node)) node.classList.add("held");
    }
  }
}
