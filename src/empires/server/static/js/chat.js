// The game's chat: the seats' messages (the last ones when the page connects, then each new one,
// pushed over the game's websocket), a box to write in for a seat (a spectator link only reads),
// and per-seat mute. Muting is this browser's choice, kept in localStorage for this game and
// seat: a muted seat's messages are hidden, not deleted (unmute shows them again). A message is
// always put in the page as text (textContent), never as HTML.

import { seatName } from "./board.js";
import { api, h } from "./common.js";
import { t } from "./i18n.js";
import { seatMark } from "./settlers-board.js";

export const MAX_CHAT = 300;  // the server's limit (empires.server.chat.MAX_CHAT_LENGTH)

export class ChatPanel {
  // box: the panel's element; send(payload): sends a websocket message, false when it is down.
  constructor(box, { id, token, send }) {
    this.box = box;
    this.id = id;
    this.token = token;
    this.send = send;
    this.messages = new Map();  // n -> message
    this.seats = [];
    this.you = undefined;
    this.seq = 0;
    this.muted = new Set();
    this.build();
  }

  build() {
    this.list = h("ol", { class: "chat-list", role: "log", "aria-live": "polite", tabindex: "0",
                          "aria-label": t("Chat messages") });
    this.hiddenNote = h("p", { class: "chat-hidden", hidden: true });
    this.mutes = h("div", { class: "chat-mutes" });
    this.input = h("input", { type: "text", maxlength: String(MAX_CHAT), id: "chat-input",
                              autocomplete: "off", "aria-label": t("Message") });
    this.error = h("p", { class: "chat-error", role: "alert", hidden: true });
    this.form = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.post(); } },
      this.input, h("button", { type: "submit" }, t("Send")));
    this.readOnly = h("p", { class: "chat-readonly", hidden: true },
      t("Spectators read the chat; only the players write in it."));
    this.box.replaceChildren(h("h2", {}, t("Chat")), this.list, this.hiddenNote, this.mutes,
                             this.form, this.readOnly, this.error);
  }

  // The game's view: who the seats are and who is reading.
  update(view) {
    const seats = view.game.seats;
    const signature = JSON.stringify([view.you, seats.map((s) => [s.kind, s.name])]);
    this.seats = seats;
    if (signature === this.signature) return;  // the same reader and seats (an open seat taken: not)
    this.signature = signature;
    this.you = view.you;
    this.muted = new Set(this.loadMuted());
    const spectator = view.you === null || view.you === undefined;
    this.form.hidden = spectator;
    this.readOnly.hidden = !spectator;
    this.renderMutes();
    this.renderList();
  }

  // A websocket message for the chat: true when it was one (chat, its ack, or its error).
  handles(msg) {
    if (msg.type === "chat") {
      if (msg.history) this.messages.clear();  // a (re)connection sends the history afresh
      for (const m of msg.messages) this.messages.set(m.n, m);
      this.renderList();
      return true;
    }
    if (msg.type === "chat_ack") {
      this.showError("");
      return true;
    }
    if (msg.type === "error" && typeof msg.id === "string" && msg.id.startsWith("chat-")) {
      this.showError(msg.detail);
      return true;
    }
    return false;
  }

  async post() {
    const text = this.input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHAT) {
      this.showError(t("A message is at most {n} characters.", { n: MAX_CHAT }));
      return;
    }
    this.showError("");
    this.input.value = "";
    if (this.send({ type: "chat", text, id: `chat-${++this.seq}` })) return;
    try {  // the socket is down: the same message over HTTP
      const out = await api(`/api/games/${encodeURIComponent(this.id)}/chat`,
                            { method: "POST", token: this.token, body: { text } });
      this.handles({ type: "chat", history: false, messages: [out.message] });
    } catch (err) {
      this.input.value = text;
      this.showError(err.message);
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = !text;
  }

  // ---- mute ----
  storeKey() {
    return `empires.chat.mute.${this.id}.${this.you ?? "spectator"}`;
  }

  loadMuted() {
    try {
      const value = JSON.parse(localStorage.getItem(this.storeKey()) || "[]");
      return Array.isArray(value) ? value.filter(Number.isInteger) : [];
    } catch {
      return [];
    }
  }

  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else this.muted.add(seat);
    try { localStorage.setItem(this.storeKey(), JSON.stringify([...this.muted])); } catch { /* private mode */ }
    this.renderMutes();
    this.renderList();
  }

  renderMutes() {
    const others = this.seats.filter((s) => s.kind === "human" && s.seat !== this.you);
    this.mutes.replaceChildren(...others.map((s) => {
      const muted = this.muted.has(s.seat);
      return h("button", { type: "button", class: "chat-mute", "data-seat": s.seat,
                           "aria-pressed": muted ? "true" : "false",
                           onclick: () => this.toggleMute(s.seat) },
        seatMark(s.seat), " ", muted ? t("Unmute {name}", { name: seatName(s.name, s.seat) })
          : t("Mute {name}", { name: seatName(s.name, s.seat) }));
    }));
    this.mutes.hidden = others.length === 0;
  }

  renderList() {
    const follow = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
    const all = [...this.messages.values()].sort((a, b) => a.n - b.n);
    const shown = all.filter((m) => !this.muted.has(m.seat));
    this.list.replaceChildren(...shown.map((m) => this.item(m)));
    const hidden = all.length - shown.length;
    this.hiddenNote.textContent = hidden
      ? t("{n} messages from muted players hidden.", { n: hidden }) : "";
    this.hiddenNote.hidden = !hidden;
    if (follow) this.list.scrollTop = this.list.scrollHeight;
  }

  item(m) {
    const seat = this.seats[m.seat];
    const name = seat ? seatName(seat.name, m.seat) : m.name;
    const time = m.time ? new Date(m.time) : null;
    const text = h("span", { class: "chat-text" });
    text.textContent = m.text;  // text, never HTML
    return h("li", { class: m.seat === this.you ? "chat-msg mine" : "chat-msg", "data-n": m.n,
                     "data-seat": m.seat },
      seatMark(m.seat), " ", h("b", {}, name), time ? h("small", {}, ` ${time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`) : null,
      ": ", text);
  }
}

// The replay page: a finished game's chat, read once (GET), without writing or muting.
export async function chatTranscript(box, { id, token, seats }) {
  try {
    const out = await api(`/api/games/${encodeURIComponent(id)}/chat`, { token });
    if (!out.messages.length) {
      box.replaceChildren(h("h2", {}, t("Chat")), h("p", {}, t("Nobody wrote in this game's chat.")));
    } else {
      const panel = new ChatPanel(box, { id, token, send: () => false });
      panel.update({ you: null, game: { seats } });
      panel.handles({ type: "chat", history: true, messages: out.messages });
      panel.readOnly.hidden = true;
      panel.mutes.hidden = true;
    }
  } catch (err) {
    box.replaceChildren(h("h2", {}, t("Chat")), h("p", { class: "chat-error" }, err.message));
  }
  box.hidden = false;
}
