"""Rules help: the summary of every decision of both games in every language (translated, never
the English fallback for es/it/pt), the rulebook section as each language's rulebook prints it,
and the API that serves the current decision's help to a seat or spectator."""

from __future__ import annotations

import re

import pytest

from empires import i18n
from empires.core.adapter import get_adapter
from empires.discovery.decision_help import HELP as DISCOVERY_HELP
from empires.server.rules_help import help_texts
from empires.settlers.decision_help import HELP as SETTLERS_HELP
from tests.server.server_helpers import auth, create, view

KINDS = [("discovery", k) for k in DISCOVERY_HELP] + [("settlers", k) for k in SETTLERS_HELP]
TRANSLATED = ("es", "it", "pt")


def test_every_decision_kind_of_the_decision_tables_has_help():
    from empires.discovery.decision_table import TABLE as DISCOVERY_TABLE
    from empires.settlers.decision_table import TABLE as SETTLERS_TABLE

    assert set(DISCOVERY_TABLE.kinds()) == set(DISCOVERY_HELP)
    assert set(SETTLERS_TABLE.kinds()) == set(SETTLERS_HELP)
    assert len(KINDS) > 50


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_every_decision_has_help_in_every_language(game, kind, lang):
    english = get_adapter(game).decision_help({"decision": {"kind": kind}})
    got = help_texts(game, {"decision": {"kind": kind}}, lang)
    assert got["kind"] == kind
    for key in ("title", "summary", "section"):
        assert got[key].strip(), key
    if lang == "en":
        assert (got["title"], got["summary"], got["section"]) == (
            english.title,
            english.summary,
            english.section,
        )
        return
    assert got["translated"] is True
    assert got["title"] != english.title
    assert got["summary"] != english.summary
    assert got["section"] != english.section
    # the section names a rulebook in that language, never the English word for it
    assert "Rulebook" not in got["section"]


def test_sections_keep_each_rulebooks_pages():
    """Spanish Discovery (2015 rulebook) and Spanish Settlers keep the English page numbers; the
    Italian and Portuguese Discovery rulebooks (2007) have none, except where they refer to the
    2015 one for rules the 2007 edition lacks."""
    for game, table in (("discovery", DISCOVERY_HELP), ("settlers", SETTLERS_HELP)):
        for kind, (_t, _s, section) in table.items():
            page = re.match(r"Rulebook p\. ([\d-]+),", section)
            es = help_texts(game, {"decision": {"kind": kind}}, "es")["section"]
            if page:
                assert f"p. {page.group(1)}," in es, (kind, es)
            for lang in ("it", "pt"):
                other = help_texts(game, {"decision": {"kind": kind}}, lang)["section"]
                if game == "settlers":
                    assert "(inglese)" in other or "(inglês)" in other
                elif "2015" not in other:
                    assert "2007" in other and " p. " not in other, other


def test_no_decision_and_unknown_languages():
    assert help_texts("discovery", {"decision": None}, "pt")["title"] == "Nenhuma decisão"
    assert help_texts("settlers", {}, "es")["summary"] == "Ahora no hay nada que decidir."
    assert i18n.normalize("de") == "en"


# ---- the API ----------------------------------------------------------------------------------

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def rules(client, gid, token, lang=None, status=200):
    params = {} if lang is None else {"lang": lang}
    r = client.get(f"/api/games/{gid}/rules", params=params, headers=auth(token))
    assert r.status_code == status, r.text
    return r.json()


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_the_api_serves_the_current_decisions_help(client, game):
    g = create(client, TWO_HUMANS, game=game, seed=2)
    gid, spectator = g["id"], g["spectator"]["token"]
    tokens = [s["token"] for s in g["seats"]]
    v = view(client, gid, tokens[0])
    kind = v["observation"]["decision"]["kind"]
    expected = help_texts(game, {"decision": {"kind": kind}}, "it")
    for token in (*tokens, spectator):
        got = rules(client, gid, token, "it")
        assert got["lang"] == "it" and got["kind"] == kind
        assert got["waiting_for"] == v["waiting_for"]
        assert {k: got[k] for k in ("title", "summary", "section")} == {
            k: expected[k] for k in ("title", "summary", "section")
        }
    assert rules(client, gid, tokens[0])["lang"] == "en"
    assert rules(client, gid, tokens[0], "es-ES,en;q=0.5")["lang"] == "es"
    assert rules(client, gid, tokens[0], "tlh")["lang"] == "en"


def test_the_api_refuses_strangers_and_bad_input(client):
    g = create(client, TWO_HUMANS, seed=2)
    gid = g["id"]
    assert rules(client, gid, "nope", "es", status=403)["error"] == "bad_token"
    r = client.get(f"/api/games/{gid}/rules")
    assert r.status_code == 401
    assert rules(client, gid, g["seats"][0]["token"], "x" * 100, status=422)["error"]
