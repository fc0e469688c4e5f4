// The end screen's rating change (server/ratings.py): each rated seat's leaderboard rating (the
// ordinal, μ − 3σ) before and after the game, "Rating 0.00 → 3.44 (+3.44)" in the page's
// language and number format, or why the game is not rated. Nothing while the rating is not
// known yet (it follows the last move by a moment, pushed in the state message) nor for a game
// without an account's seat.

import { seatLabel } from "./board.js";
import { h, swatch } from "./common.js";
import { lang, t } from "./i18n.js";

const DIGITS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };  // as the leaderboard
const number = new Intl.NumberFormat(lang, DIGITS);
const signed = new Intl.NumberFormat(lang, { ...DIGITS, signDisplay: "exceptZero" });

// An unrated game's reason (the server's code), in words.
const UNRATED = {
  solo: t("Solo games are not rated."),
  practice: t("Practice games are not rated."),
  seeded: t("Games with a chosen seed are not rated."),
  no_account: t("Not rated: no seat belongs to an account."),
  unfinished: t("Not rated: the game did not finish."),
  bots_finished: t("Not rated: no player was at the table at the end (the bots finished it)."),
};

// "Rating 1,512.00 → 1,527.00 (+15.00)" in the page's language.
export function ratingText(change) {
  return t("Rating {before} → {after} ({delta})", {
    before: number.format(change.before), after: number.format(change.after),
    delta: signed.format(change.delta) });
}

// The box for the state message's result.rating (null when there is nothing to show).
export function ratingBox(rating, seats) {
  if (!rating) return null;
  const heading = h("h3", {}, t("Rating change"));
  if (!rating.rated) {
    return h("section", { class: "rating-change", id: "rating-change", "aria-label": t("Rating change") },
      heading, h("p", { class: "unrated" }, UNRATED[rating.reason] || t("This game is not rated.")));
  }
  return h("section", { class: "rating-change", id: "rating-change", "aria-label": t("Rating change") },
    heading, h("ul", {}, ...rating.seats.map((c) => h("li", {
      "data-seat": c.seat, class: c.delta > 0 ? "up" : c.delta < 0 ? "down" : null },
    swatch(c.seat), " ", h("b", {}, seatLabel(seats, c.seat)), ": ", ratingText(c)))));
}
