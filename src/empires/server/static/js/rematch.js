// The game page's table extras: while a game waits for players, its open seats and invitation
// link; once it is over, "Rematch" (the first click makes it: same game, options, bots and
// names, seats rotated by one) or "Join rematch" (someone made it): each human gets their own
// new seat with their old seat's token, and it goes to "My games".

import { api, h, swatch } from "./common.js";
import { t } from "./i18n.js";
import { remember } from "./my-games.js";

// The status line of a game waiting for players.
export function waitingLine(v) {
  const open = v.game.seats.filter((s) => s.open);
  const link = new URL(`/#join=${v.game.id}`, location.origin).href;
  const field = h("input", { type: "text", readonly: true, value: link, class: "invite-link",
                             "aria-label": t("Invitation link") });
  return h("div", { class: "waiting-players" },
    h("strong", {}, t("Waiting for {n} more player(s) to join.", { n: open.length })), " ",
    t("The game starts when every seat is taken."), " ",
    h("span", {}, ...open.map((s) => h("span", { class: "open-seat free" }, swatch(s.seat), ` ${s.seat + 1} `))),
    h("div", {}, t("Invite with this link:"), " ", field));
}

async function join(v, id, token, button, error) {
  button.disabled = true;
  error.hidden = true;
  try {
    const seat = await api(`/api/games/${encodeURIComponent(id)}/rematch`, { method: "POST", token });
    const me = v.game.seats[v.you];
    remember({ id: seat.id, token: seat.token, seat: seat.seat, name: me ? me.name : "",
               game: v.game.game });
    location.assign(seat.url);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    button.disabled = false;
  }
}

// "Rematch" / "Join rematch" for a seat of a finished game (none for spectators).
export function rematchBox(v, { id, token }) {
  if (v.you === null || v.you === undefined || v.game.status !== "finished") return null;
  const made = Boolean(v.game.rematch);
  const button = h("button", { type: "button", class: "primary", id: "rematch" },
    made ? t("Join rematch") : t("Rematch"));
  const error = h("div", { class: "error", role: "alert", hidden: true });
  button.addEventListener("click", () => join(v, id, token, button, error));
  return h("div", { class: "rematch-box" }, button, " ",
    h("small", { class: "hint" }, made ? t("A rematch is ready: same table, seats rotated.")
      : t("Same game, options, bots and players; seats rotated by one.")), error);
}
