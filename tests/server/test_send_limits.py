"""Every route that sends (act, chat, hint, analysis, join, rematch, undo, leave, return) takes
from the one per-client limit (``empires.server.api.check_sends``): once a client's burst is
spent, each of them answers 429 with the wait and the route's own words, and changes nothing."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from empires.server import create_app
from empires.server.manager import Limits
from tests.server.server_helpers import auth, create, view

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]

ROUTES = [
    ("actions", {"action": "x", "expect": 0}, "you are sending actions too fast"),
    ("chat", {"text": "hello"}, "you are sending too fast"),
    ("hint", None, "you are asking too fast"),
    ("analysis", None, "you are asking too fast"),
    ("join", {"name": "Cy"}, "you are asking too fast"),
    ("rematch", None, "you are asking too fast"),
    ("undo", {"expect": 0}, "you are sending too fast"),
    ("leave", None, "you are sending too fast"),
    ("return", None, "you are sending too fast"),
]


@pytest.mark.parametrize(("route", "body", "message"), ROUTES)
def test_a_send_past_the_clients_burst_is_refused_and_changes_nothing(
    sqlite_url, route, body, message
):
    limits = Limits(client_burst=1, client_rate=1 / 3600)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, TWO_HUMANS, game="settlers")
        gid, token = g["id"], g["seats"][0]["token"]
        before = view(client, gid, token)
        headers = auth(token)
        spend = client.post(f"/api/games/{gid}/chat", json={"text": "hi"}, headers=headers)
        assert spend.status_code == 201, spend.text  # the one send of the burst
        r = client.post(f"/api/games/{gid}/{route}", json=body, headers=headers)
        assert r.status_code == 429, r.text
        assert r.json()["error"] == "too_many_requests"
        assert r.json()["detail"] == message
        assert int(r.headers["retry-after"]) > 0
        after = view(client, gid, token)
        assert after["log"] == before["log"] and after["game"] == before["game"]
