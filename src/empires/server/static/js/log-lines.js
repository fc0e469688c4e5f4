// The game log's compact form (issue #31): one line per entry, the newest first, under the turn
// and phase headings (newest first too). A toggle in the log panel switches between it and the
// grouped log (oldest first); the choice is kept in localStorage. A line too long for the panel is
// cut with "…" on screen only: its whole text stays in the page (and in its tooltip).

import { h } from "./common.js";
import { eventItem, headingText } from "./events.js";
import { t } from "./i18n.js";

const KEY = "empires.logNewest";
const MOST = 400;  // lines drawn (the grouped log keeps every entry)

export function storedNewest() {
  try { return localStorage.getItem(KEY) === "1"; } catch { return false; }
}

export function storeNewest(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* private mode: not kept */ }
}

// The toggle button (aria-pressed) that calls onChange(newest) when pressed.
export function logToggle(on, onChange) {
  const button = h("button", { type: "button", id: "log-order", class: "log-order",
                               "aria-pressed": on ? "true" : "false" },
                   t("Newest first, one line each"));
  button.addEventListener("click", () => {
    const next = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", next ? "true" : "false");
    storeNewest(next);
    onChange(next);
  });
  return button;
}

// Draw ``events`` newest first into the list ``box``.
export function renderLines(box, events, { seats = null, you = null, word = t("Turn") } = {}) {
  const items = [];
  let key = null;
  for (const e of events.slice(-MOST).reverse()) {
    const k = `${e.turn}|${e.phase}`;
    if (k !== key) {
      key = k;
      items.push(h("li", { class: "ln-heading" }, headingText(e, word)));
    }
    const li = eventItem(e, seats, { you });
    li.classList.add("ln");
    li.title = li.textContent;
    items.push(li);
  }
  box.replaceChildren(...items);
}
