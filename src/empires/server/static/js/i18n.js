// The browser's languages: one JSON catalogue per language in /static/i18n/<lang>.json, keyed by
// the English text (gettext style: a missing translation falls back to the English).
//
// Every text a page shows is written t("English text with {name}", { name }) with t imported from
// here. The language is the one chosen with the switch (kept in localStorage), else the browser's
// first language we offer, else English. The catalogue is loaded before any module using t() runs
// (top-level await), so t() may be called anywhere, at import time too.

export const LANGUAGES = { en: "English", es: "Español", it: "Italiano", pt: "Português" };
const STORE_KEY = "empires.lang";

function chooseLanguage() {
  let stored = null;
  try { stored = localStorage.getItem(STORE_KEY); } catch { /* private mode */ }
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export const lang = chooseLanguage();
let catalogue = {};
if (lang !== "en") {
  try {
    const response = await fetch(`/static/i18n/${lang}.json`);
    if (response.ok) catalogue = await response.json();
  } catch { /* offline: English */ }
}
document.documentElement.lang = lang;

// The text in the page's language, with {name} placeholders filled from vars.
export function t(text, vars = {}) {
  const s = catalogue[text] || text;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

// Switch language (reloads the page, which keeps its #token fragment).
export function setLanguage(code) {
  if (!(code in LANGUAGES)) return;
  try { localStorage.setItem(STORE_KEY, code); } catch { /* private mode */ }
  location.reload();
}
