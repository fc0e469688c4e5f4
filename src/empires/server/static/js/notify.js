// "Your turn" alerts on the game page: the tab title always shows a marker on your turn; when
// the tab is not focused, a browser notification (if the player switched it on: permission is
// asked only when they click the toggle) and an optional short tone (WebAudio). Nothing fires
// for your own moves (your turn again after your own action) or on the first view of a page.
// Both toggles are kept in this browser (localStorage).

import { h } from "./common.js";
import { t } from "./i18n.js";

const KEYS = { notify: "empires.notify", sound: "empires.sound" };

function stored(key) {
  try { return localStorage.getItem(key) === "on"; } catch { return false; }
}

function store(key, on) {
  try { localStorage.setItem(key, on ? "on" : "off"); } catch { /* private mode */ }
}

// The tab title: a marker on your turn.
export function turnTitle(v, title) {
  return v.legal && v.legal.length ? `● ${t("Your turn")} — ${title}` : title;
}

function tone() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const ctx = new Context();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = 660;
  gain.gain.setValueAtTime(0.15, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.35);
  osc.addEventListener("ended", () => ctx.close());
}

export class TurnAlerts {
  constructor(box) {
    this.wasMine = null;  // null: no view seen yet (the first view never alerts)
    this.notifyBox = h("input", { type: "checkbox", id: "notify-toggle", checked: stored(KEYS.notify) || null });
    this.soundBox = h("input", { type: "checkbox", id: "sound-toggle", checked: stored(KEYS.sound) || null });
    this.note = h("small", { class: "hint", id: "notify-note", hidden: true });
    this.notifyBox.addEventListener("change", () => this.toggleNotify());
    this.soundBox.addEventListener("change", () => {
      store(KEYS.sound, this.soundBox.checked);
      if (this.soundBox.checked) tone();  // a sample, on the click that allows audio
    });
    if (this.notifyBox.checked && (!("Notification" in window) || Notification.permission !== "granted")) {
      this.notifyBox.checked = false;  // permission withdrawn meanwhile
    }
    box.replaceChildren(
      h("label", { class: "check" }, this.notifyBox, " ", t("Notify me when it is my turn")),
      h("label", { class: "check" }, this.soundBox, " ", t("Sound")), this.note);
    box.hidden = false;
  }

  async toggleNotify() {
    this.note.hidden = true;
    if (!this.notifyBox.checked) { store(KEYS.notify, false); return; }
    if (!("Notification" in window)) {
      this.refuse(t("This browser cannot show notifications."));
      return;
    }
    let permission = Notification.permission;
    if (permission === "default") permission = await Notification.requestPermission();
    if (permission !== "granted") {
      this.refuse(t("Notifications are blocked for this site: allow them in the browser's settings."));
      return;
    }
    store(KEYS.notify, true);
  }

  refuse(text) {
    this.notifyBox.checked = false;
    store(KEYS.notify, false);
    this.note.textContent = text;
    this.note.hidden = false;
  }

  // A new view: alert when the turn has just come to this seat by someone else's move.
  update(v, log) {
    const mine = Boolean(v.legal && v.legal.length);
    const last = log.length ? log[log.length - 1] : null;
    const byOther = !last || last.seat !== v.you;
    const fire = this.wasMine === false && mine && byOther;
    this.wasMine = mine;
    if (!fire || document.hasFocus()) return false;
    if (this.notifyBox.checked && "Notification" in window && Notification.permission === "granted") {
      const note = new Notification(t("Your turn"), {
        body: v.observation && v.observation.decision ? v.observation.decision.prompt : "",
        tag: `empires-${v.game.id}`,
      });
      note.addEventListener("click", () => { window.focus(); note.close(); });
    }
    if (this.soundBox.checked) tone();
    return true;
  }
}
