"""The engines' words in the reader's language: the gettext catalogues have every text Babel's
extractor finds in the Python sources (N_ and translate calls), the template matcher translates
the engines' English sentences with their names, and the websocket (auth "lang") and GET
(?lang=) views carry the choices, prompt, phase, log and events in that language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import empires
from empires import i18n
from empires.core.messages import msg, seat
from empires.server.view_language import language, localize, observation_in, seat_namer
from tests.server.server_helpers import auth, create, wait_for

SOURCES = Path(empires.__file__).parent
TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def python_texts() -> set[str]:
    """Every literal text Babel's extractor finds (keywords N_ and translate)."""
    found = extract_from_dir(
        str(SOURCES), method_map=[("**.py", "python")], keywords={"N_": None, "translate": None}
    )
    return {message for _, _, message, _, _ in found if isinstance(message, str) and message}


def test_the_extractor_finds_the_engine_texts():
    texts = python_texts()
    assert "Place a {worker} on {box} (space {space})" in texts
    assert "Colonist Dock" in texts and "Phase 1: Place Workers" in texts
    assert len(texts) > 100


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_no_gettext_catalogue_misses_a_key(lang):
    """Every text the extractor finds is in one of the language's catalogues (every .po of its
    LC_MESSAGES folder, merged as empires.i18n reads them)."""
    translated = set()
    for path in sorted((SOURCES / "locale" / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            catalogue = read_po(handle, locale=lang)
        for m in catalogue:
            if m.id and m.string and not m.fuzzy and all(m.string):
                translated.update(m.id if isinstance(m.id, tuple | list) else [m.id])
    lacking = sorted(python_texts() - translated)
    assert not lacking, f"{lang}: {lacking[:5]}"


@pytest.mark.parametrize(
    ("message", "lang", "expected"),
    [
        (
            msg("Place a {worker} on {box}", worker="Merchant", box="Trade Goods"),
            "es",
            "Colocar un Mercader en Bienes de Comercio",
        ),
        (
            msg(
                "Place a {worker} on {box} (space {space})",
                worker="Colonist",
                box="Trade Goods",
                space=4,
            ),
            "it",
            "Piazzare un Colonizzatore in Merci (spazio 4)",
        ),
        (
            msg(
                "{player}'s {worker} lands in {region}.",
                player=seat(0),
                worker="Colonist",
                region="Peru",
            ),
            "es",
            "El Colono de Ann desembarca en Perú.",
        ),
        (
            msg(
                "{player}'s {worker} lands in {region}.",
                player=seat(1),
                worker="Colonist",
                region="Peru",
            ),
            "es",
            "El Colono de Jugador 2 desembarca en Perú.",  # an unnamed seat, in the language
        ),
        (
            msg(
                "{player}'s {worker} lands in {region}.",
                player=seat(2),
                worker="Colonist",
                region="Peru",
            ),
            "it",
            "Il Colonizzatore di Bot casuale 2 sbarca in Perù.",  # a bot, as the page names it
        ),
        (msg("Phase 1: Place Workers"), "it", "Fase 1: Piazzamento coloni/specialisti"),
        (
            msg(
                "Place a {worker} on {box}: {specialist}",
                worker="Merchant",
                box="Specialists",
                specialist="Missionary",
            ),
            "en",
            "Place a Merchant on Specialists: Missionary",
        ),
    ],
)
def test_messages_are_told_in_the_language_with_the_tables_names(message, lang, expected):
    seats = seat_namer(["Ann", "Player 2", "Random bot 2"], lang)
    assert i18n.render(message, lang, seats=seats) == expected


def test_a_catalogue_miss_is_noted_never_hidden():
    missing: list = []
    told = i18n.render(msg("Something no template knows"), "es", missing=missing)
    assert told == "Something no template knows" and missing == ["Something no template knows"]


def test_a_clients_language_is_validated():
    assert language("es-ES") == "es" and language("pt_BR") == "pt"
    assert language("xx") == "en" and language(None) == "en" and language(7) == "en"
    assert language("es" + "-x" * 100) == "en"  # too long: not read


def test_localize_tells_the_messages_and_leaves_ids_and_actions_alone():
    take = {"msg": "Take {good}", "args": {"good": "Fur"}}
    view = {
        "observation": {"phase": "Phase 3: Income", "decision": {"prompt": "Skip"}},
        "legal": [{"action": "place colonist trade_goods", **take, "text": "Take Fur"}],
        "log": [{"index": 0, "msg": "Skip", "args": {}, "text": "Skip"}],
        "events": [{"kind": "x", "phase": "Game over", **take, "text": "Take Fur"}],
    }
    tell = lambda m: i18n.render(m, "it")  # noqa: E731
    out = localize(view, "it", tell)
    assert out["legal"] == [
        {"action": "place colonist trade_goods", **take, "text": "Prendere Pelli"}
    ]
    assert out["log"] == [{"index": 0, "msg": "Skip", "args": {}, "text": "Salta"}]
    assert out["observation"] == {"phase": "Fase 3: Entrate", "decision": {"prompt": "Salta"}}
    assert out["events"][0] == {
        "kind": "x",
        "phase": "Fine della partita",
        **take,
        "text": "Prendere Pelli",
    }
    # without a teller only the observation's words change (the items are told already)
    again = localize({"legal": [{"action": "a", **take, "text": "Take Fur"}]}, "it")
    assert again["legal"][0]["text"] == "Take Fur"


def _first_mover(client, g):
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    for token in tokens:
        r = client.get(f"/api/games/{gid}", headers=auth(token))
        if r.json()["legal"]:
            return gid, token
    raise AssertionError("nobody to play")


def test_the_get_view_in_the_asked_language(client):
    gid, token = _first_mover(client, create(client, TWO_HUMANS, seed=4))
    english = client.get(f"/api/games/{gid}", headers=auth(token)).json()
    spanish = client.get(f"/api/games/{gid}?lang=es", headers=auth(token)).json()
    unknown = client.get(f"/api/games/{gid}?lang=klingon", headers=auth(token)).json()
    assert unknown == {**english, "now": unknown["now"]}
    assert [e["action"] for e in spanish["legal"]] == [e["action"] for e in english["legal"]]
    assert english["observation"]["decision"]["prompt"] == "Place a worker in an event box"
    assert (
        spanish["observation"]["decision"]["prompt"]
        == "Coloca un trabajador en una casilla de eventos"
    )
    assert spanish["observation"]["phase"] == "Fase 1: Colocación de trabajadores"
    texts = [e["text"] for e in spanish["legal"]]
    assert all(t.startswith("Colocar un ") for t in texts)
    assert any("Muelle de Colonos" in t for t in texts)
    # the same messages as the English view's, told in Spanish from their data
    assert [(e["msg"], e["args"]) for e in spanish["legal"]] == [
        (e["msg"], e["args"]) for e in english["legal"]
    ]


def test_the_websocket_pushes_in_the_auth_language(client):
    gid, token = _first_mover(client, create(client, TWO_HUMANS, seed=4))
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": token, "lang": "pt"})
        message = ws.receive_json()
        while message["type"] != "state":
            message = ws.receive_json()
    assert (
        message["observation"]["decision"]["prompt"] == "Posiciona um colono numa caixa de eventos"
    )
    assert any(
        e["text"].startswith("Posicionar um Colono em Doca Colonial") for e in message["legal"]
    )


def test_the_replay_in_the_asked_language(client):
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    g = create(client, bots, seed=3)
    gid, watcher = g["id"], g["spectator"]["token"]
    wait_for(client, gid, watcher, lambda v: v["game"]["status"] == "finished")
    path = f"/api/games/{gid}/replay"
    english = client.get(path, headers=auth(watcher)).json()
    italian = client.get(f"{path}?lang=it", headers=auth(watcher)).json()
    assert len(italian["events"]) == len(english["events"])
    assert [e["seq"] for e in italian["events"]] == [e["seq"] for e in english["events"]]
    changed = [
        e
        for e, i in zip(english["events"], italian["events"], strict=True)
        if e["text"] != i["text"]
    ]
    assert len(changed) > len(english["events"]) // 3
    assert any(e["phase"] == "Fase 1: Piazzamento coloni/specialisti" for e in italian["events"])
    again = client.get(path, headers=auth(watcher)).json()
    assert again["events"] == english["events"]  # the engine's own events were not touched
    step = client.get(f"{path}/1?lang=es", headers=auth(watcher)).json()
    assert step["entry"]["text"].startswith("Colocar un ")
    assert step["observation"]["phase"].startswith("Fase ")


def test_capital_buildings_by_their_printed_names(client):
    gid, token = _first_mover(client, create(client, TWO_HUMANS, seed=4))
    english = client.get(f"/api/games/{gid}", headers=auth(token)).json()
    spanish = client.get(f"/api/games/{gid}?lang=es", headers=auth(token)).json()
    offer = english["observation"]["boxes"]["buildings_offer"]
    ofrecidos = spanish["observation"]["boxes"]["buildings_offer"]
    assert [b["id"] for b in ofrecidos] == [b["id"] for b in offer]
    names = {b["name"]: s["name"] for b, s in zip(offer, ofrecidos, strict=True)}
    for english_name, spanish_name in names.items():
        assert spanish_name == i18n.translate(english_name, "es")
    assert i18n.translate("Privateers", "es") == "Corsarios"
    assert i18n.translate("Stables", "it") == "Stalla"  # as the 2007 Italian rulebook prints it


def test_a_message_is_translated_once_per_change_for_every_viewer(client, monkeypatch):
    """Viewers asking for the same message in the same language (spectators, a seat's tabs)
    share one translation, made once per game version; only the clock is read each time."""
    from empires.server import live_game as live_game_module

    calls = []

    def counted(obs, lang):
        calls.append(lang)
        return observation_in(obs, lang)

    monkeypatch.setattr(live_game_module, "observation_in", counted)
    g = create(client, TWO_HUMANS, seed=4)
    live = client.app.state.manager.games[g["id"]]
    spanish = [live.message(None, 0, 0, "es") for _ in range(3)]
    assert calls == ["es"]
    texts = {text.rpartition(',"now":')[0] for text, _, _ in spanish}
    assert len(texts) == 1
    english = live.message(None, 0, 0)[0]
    assert calls == ["es"] and '"now":' in english
    got = [json.loads(text) for text, _, _ in spanish]
    assert got[0]["observation"]["phase"] == "Fase 1: Colocación de trabajadores"
    told = localize(json.loads(english), "es", live.teller("es"))  # from the English's data
    assert {**got[0], "now": 0} == {**told, "now": 0}
    live.notify()  # a change: the next message is made (and translated) again
    live.message(None, 0, 0, "es")
    assert calls == ["es", "es"]


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_every_settlers_ability_event_reads_in_the_language(lang):
    """The event of a Location's ability ("Player 2 uses Spies: takes a Resource from Player 1
    and gains 1 wood."): every ability's phrase, with and without a gain, against a seat or the
    virtual player, has no English left (random games reach few of them)."""
    from empires.core.adapter import get_adapter
    from empires.settlers.cards import default_cards
    from empires.settlers.event_texts import ABILITY, ability

    game = get_adapter("settlers").new_game(2, seed=1)
    ids = [c.id for c in default_cards().cards[:3]]
    for special in [*ABILITY, "not-a-known-one"]:
        for victim, gained in ((1, None), (-1, {"wood": 1, "vp": 2}), (None, {"card": 1})):
            e = {
                "player": 0,
                "special": special,
                "card": {"id": ids[0]},
                "target": {"id": ids[1]},
                "victim": victim,
                "converted": "food",
                "gained": gained,
            }
            message, missing = ability(e), []
            told = i18n.render(message, lang, names=game.component_name, missing=missing)
            assert not missing, (special, told, missing)
            assert told != i18n.render(message, names=game.component_name)


def test_a_refusal_in_the_readers_language(client):
    """The server's refusals say their sentence in the language asked (``?lang=``, else the
    first of Accept-Language, which the web page sends), their code unchanged; a sentence with a
    client's value in it, an unknown or oversized language, stay English."""
    g = create(client, TWO_HUMANS, seed=4)
    gid, token = g["id"], g["seats"][0]["token"]
    path = f"/api/games/{gid}/replay"
    english = client.get(path, headers=auth(token)).json()
    assert english == {
        "error": "not_finished",
        "detail": "the replay of a game is available once the game is over",
    }
    italian = client.get(path, headers={**auth(token), "Accept-Language": "it-IT,en;q=0.5"})
    assert italian.status_code == 409
    assert italian.json() == {
        "error": "not_finished",
        "detail": "il replay di una partita è disponibile quando è finita",
    }
    spanish = client.get(f"{path}?lang=es", headers={**auth(token), "Accept-Language": "it"})
    assert spanish.json()["detail"] == i18n.translate(english["detail"], "es") != english["detail"]
    for header in ("klingon", "x" * 5000, ",,;;", ""):
        r = client.get(path, headers={**auth(token), "Accept-Language": header})
        assert r.json() == english
    unknown = client.get("/api/games/abcdef0123456789?lang=es", headers=auth(token)).json()
    assert unknown["error"] == "unknown_game" and "abcdef0123456789" in unknown["detail"]


def test_a_websocket_refusal_in_the_auth_language(client):
    g = create(client, TWO_HUMANS, seed=4)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "auth", "token": g["spectator"]["token"], "lang": "pt"})
        ws.send_json({"type": "action", "id": 1, "action": "pass"})
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
    assert message["error"] == "spectator"
    assert message["detail"] == "uma ligação de espectador não pode jogar"
