// Rules help: a "Rules" button that opens the rulebook's summary of the decision being made now,
// with the rulebook's section and page, in the page's language (GET /api/games/{id}/rules).
// While it is open it follows the game: a new decision brings its own help.

import { api, h } from "./common.js";
import { lang, t } from "./i18n.js";

export class RulesHelp {
  constructor(box, { id, token }) {
    this.box = box;
    this.id = id;
    this.token = token;
    this.open = false;
    this.shownFor = null;  // the view version whose help is shown
    this.button = h("button", { type: "button", class: "rules-button", "aria-expanded": "false",
                                "aria-controls": "rules-panel", onclick: () => this.toggle() },
      t("Rules"));
    this.panel = h("div", { id: "rules-panel", class: "rules-panel", hidden: true,
                            role: "region", "aria-label": t("Rules for this decision") });
    this.box.replaceChildren(this.button, this.panel);
    this.view = null;
  }

  update(view) {
    this.view = view;
    if (this.open && view.version !== this.shownFor) this.load();
  }

  toggle() {
    this.open = !this.open;
    this.button.setAttribute("aria-expanded", this.open ? "true" : "false");
    this.panel.hidden = !this.open;
    if (this.open) this.load();
  }

  async load() {
    const version = this.view ? this.view.version : null;
    this.shownFor = version;
    try {
      const help = await api(
        `/api/games/${encodeURIComponent(this.id)}/rules?lang=${encodeURIComponent(lang)}`,
        { token: this.token });
      if (this.shownFor !== version) return;  // a newer decision is being loaded
      this.panel.replaceChildren(
        h("h3", { class: "rules-title" }, help.title),
        h("p", { class: "rules-summary" }, help.summary),
        h("p", { class: "rules-section" }, h("small", {}, help.section)),
        h("button", { type: "button", class: "rules-close",
                      onclick: () => this.toggle() }, t("Close")));
    } catch (err) {
      this.panel.replaceChildren(h("p", { class: "error" }, err.message));
    }
  }
}
