"""Rules help on the web: the rules summary of the decision being made, in the reader's language.

Each game's adapter gives ``decision_help(observation)`` (:class:`empires.core.screen.DecisionHelp`:
a title, a summary in the rulebook's terms and the rulebook's section and page), in English, the
same help the terminal shows (F1). Here it is read from the asking seat's own observation (a
spectator's for a spectator link: nothing hidden is needed to name a decision) and translated
with :func:`empires.i18n.translate`: titles and summaries as written in the gettext catalogues,
and the section as printed in that language's rulebook (its own page numbers and headings; the
Italian and Portuguese Discovery references are the 2007 edition's, the only ones in those
languages, which has no page numbers; Imperial Settlers has no Italian or Portuguese rulebook
here, so those sections are translated from the English one).
"""

from __future__ import annotations

from typing import Any

from empires import i18n
from empires.core.adapter import get_adapter


def help_texts(game: str, observation: dict, lang: str) -> dict:
    """The decision help of ``observation`` (a game's) in ``lang``: ``kind``, ``title``,
    ``summary``, ``section``, and ``translated`` (whether the catalogue had all three)."""
    decision = observation.get("decision") or {}
    kind = decision.get("kind") if isinstance(decision, dict) else None
    found = get_adapter(game).decision_help(observation)
    texts = {
        "title": i18n.translate(found.title, lang),
        "summary": i18n.translate(found.summary, lang),
        "section": i18n.translate(found.section, lang),
    }
    translated = lang == i18n.DEFAULT or all(
        texts[k] != getattr(found, k) for k in ("title", "summary", "section")
    )
    return {"kind": kind, **texts, "translated": translated}


def rules_help(game: Any, seat: int | None, lang: Any) -> dict:
    """What ``GET /api/games/{id}/rules`` answers for ``seat`` of a live game: the help of the
    decision being made now (``decision`` None once the game is over), ``lang`` being the
    language served (en, es, it or pt; anything else is read as an Accept-Language tag)."""
    code = i18n.normalize(lang if isinstance(lang, str) else None)
    observation = game.state.observation(seat)
    out = help_texts(game.game, observation, code)
    waiting = None if game.state.is_terminal() else game.state.current_player
    return {"lang": code, "waiting_for": waiting, "you": seat, **out}
