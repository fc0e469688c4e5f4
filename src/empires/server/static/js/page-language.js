// The static text of a page in the page's language, and the language switch in its header.
//
// An element marked data-i18n has each of its own text pieces (white space collapsed) translated
// with t(); data-i18n-attrs="title aria-label placeholder" translates those attributes. The
// English stays in the .html file, so the catalogue test reads the keys from there. Loaded by
// every page as a module (after i18n.js has its catalogue: top-level await).

import { LANGUAGES, lang, setLanguage, t } from "./i18n.js";

export function translateStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    for (const child of node.childNodes) {
      if (child.nodeType !== Node.TEXT_NODE) continue;
      const english = child.textContent.replace(/\s+/g, " ").trim();
      if (!english) continue;
      const lead = /^\s/.test(child.textContent) ? " " : "";
      const tail = /\s$/.test(child.textContent) ? " " : "";
      child.textContent = `${lead}${t(english)}${tail}`;
    }
  }
  for (const node of root.querySelectorAll("[data-i18n-attrs]")) {
    for (const name of node.getAttribute("data-i18n-attrs").split(/\s+/).filter(Boolean)) {
      const english = node.getAttribute(name);
      if (english) node.setAttribute(name, t(english.replace(/\s+/g, " ").trim()));
    }
  }
}

// A <select> of the languages we offer, each named in its own language; choosing reloads.
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "language";
  select.className = "language-switch";
  select.setAttribute("aria-label", t("Language"));
  select.title = t("Language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  return select;
}

translateStatic();
const header = document.querySelector("body > header");
if (header && !header.querySelector("#language")) header.append(languageSwitch());
