// The rules options and the time limit of a game in words, in the page's language: the lobby's
// controls (lobby.js) and an open game's card (open-games.js) say them the same way, never as the
// catalogue's keys and values ("nations: off").

import { botWord } from "./board.js";
import { t } from "./i18n.js";
import { factionWord } from "./settlers-board.js";

export { botWord };

// Words for rules options a catalogue does not label itself ("labels" in its options).
export const OPTION_TEXT = {
  edition: t("Edition"),
  nations: t("National Advantages"),
  builders: t("Builder expansion"),
  buy_vp: t("Buy VP after each colony scoring"),
  variants: t("Variants"),
  factions: t("Factions"),
  faction: t("Faction"),
  cards: t("Card set"),
  reshuffle_faction_discards: t("Reshuffle the Faction discards"),
};

export const CHOICE_TEXT = {
  "two-player": t("Two-player variant (2 players only)"),
  "reduced-luck": t("Reduced luck"),
  "no-survivors": t("No survivors"),
  scouting: t("Scouting"),
  "advanced-reconnaissance": t("Advanced reconnaissance"),
  "order-auction": t("Starting-order auction (2007 edition only)"),
  "alternate-lookout": t("Alternate Lookout (cards drawn and kept in secret)"),
  "advanced-lookout": t("Advanced Lookout"),
  peaceful: t("Peaceful variant"),
};

// An option's value as a player reads it: National Advantages "off" / "random" / "auction",
// a faction, a variant; anything else (an edition's year, a card set's name) as it is.
const NATION_MODES = { off: t("Off"), random: t("Dealt at random"), auction: t("Auctioned") };

export function valueWord(key, value) {
  if (key === "nations" && value in NATION_MODES) return NATION_MODES[value];
  if (key === "factions" || key === "faction") return factionWord(value);
  if (key === "variants") return CHOICE_TEXT[value] || value;
  return String(value);
}

// An option's name: the catalogue's label, ours, or the key in words.
export function optionLabel(key, labels = {}) {
  return (labels && labels[key]) || OPTION_TEXT[key] || key.replace(/_/g, " ");
}

// A game's options in one line: "2015 edition · Builder expansion · National Advantages:
// Auctioned · Variants: Scouting". A yes/no option is named when on, left out when off.
export function optionsText(options, labels = {}) {
  if (!options) return "";
  return Object.entries(options)
    .filter(([, v]) => v !== null && v !== undefined && v !== false && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => {
      if (v === true) return optionLabel(k, labels);
      if (k === "edition") return t("{edition} edition", { edition: v });
      const value = Array.isArray(v) ? v.map((x) => valueWord(k, x)).join(", ") : valueWord(k, v);
      return `${optionLabel(k, labels)}: ${value}`;
    })
    .join(" · ");
}

// A time limit ({mode, seconds, increment}, as the lobby sends it; none: no clock).
export function clockWords(clock) {
  if (!clock || clock.mode === "none" || !clock.seconds) return t("No time limit");
  if (clock.mode === "move") {
    return clock.seconds < 60 || clock.seconds % 60 ? t("{s} s per move", { s: clock.seconds })
      : t("{m} min per move", { m: clock.seconds / 60 });
  }
  const game = t("{m} min per game", { m: Math.round(clock.seconds / 60) });
  return clock.increment ? `${game} ${t("+{s} s per move", { s: clock.increment })}` : game;
}
