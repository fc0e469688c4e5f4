"""The OpenAPI schema tells the truth: schemathesis generates requests from the app's own schema
(valid and invalid ones, a bounded, derandomized number per operation), sends them in process,
and every response must be no server error and conform to the schema (status codes, content
types, headers, bodies). On SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from empires.server import create_app  # noqa: E402
from empires.server.manager import Limits  # noqa: E402

EXAMPLES = 25  # per operation and generation mode
# Limits high enough that generated requests are judged on their content, not their rate.
GENEROUS = Limits(
    create_rate=1000,
    create_burst=10_000,
    games_per_client=10_000,
    client_rate=1000,
    client_burst=10_000,
    view_rate=1000,
    view_burst=10_000,
)


# Every check runs with its defaults but one: a schema-valid request may still be refused with a
# 4xx the schema cannot express (a game's player count, an unknown bot, an illegal move, a token
# that opens nothing, a game that is not finished): schemathesis's documented tuning for them.
CONFIG = """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "401", "403", "404", "409", "410", "422", "429"]
"""


def _send(client: TestClient, case) -> object:
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    body = {}
    if "json" in kwargs:
        body["json"] = kwargs["json"]
    elif kwargs.get("data") is not None:
        body["content"] = kwargs["data"]
    return client.request(
        kwargs["method"],
        kwargs["url"],
        headers=kwargs.get("headers"),
        params=kwargs.get("params"),
        **body,
    )


def _run_operation(client: TestClient, operation, mode, failures: list, game: dict) -> None:
    """Generated cases; in half of those naming a game, the real game and one of its tokens
    (so that requests get past 404 and 401 to the deeper answers)."""
    tokens = [s["token"] for s in game["seats"]] + [game["spectator"]["token"]]

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=operation.as_strategy(generation_mode=mode), real=st.none() | st.sampled_from(tokens)
    )
    def run(case, real):
        if real is not None and "game_id" in (case.path_parameters or {}):
            case.path_parameters["game_id"] = game["id"]
            if mode is GenerationMode.POSITIVE:  # a negative case keeps its invalid auth
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {real}"}
        response = _send(client, case)
        try:
            case.validate_response(response)
        except BaseException as exc:  # every failed check, collected to be shown together
            failures.append(
                f"{operation.label} [{mode.value}] -> {response.status_code} "
                f"{response.text[:120]}: {' | '.join(str(exc).splitlines()[:8])}"
            )
        if response.status_code >= 500:
            failures.append(f"{operation.label}: {response.status_code} {response.text[:200]}")

    try:
        run()
    except Unsatisfiable:  # nothing invalid to send (an operation without parameters)
        assert mode is GenerationMode.NEGATIVE


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_api_conforms_to_its_own_schema(backend, request, tmp_path):
    url = (
        f"sqlite:///{tmp_path / 'api.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    app = create_app(url, limits=GENEROUS)
    schema = schemathesis.openapi.from_asgi(
        "/openapi.json", app, config=schemathesis.Config.from_str(CONFIG)
    )
    failures: list[str] = []
    with TestClient(app) as client:
        # A real game and tokens, so that generated requests also reach the deeper paths.
        game = client.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "seed": 1}).json()
        assert game["id"]
        for result in schema.get_all_operations():
            operation = result.ok()
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                _run_operation(client, operation, mode, failures, game)
    assert not failures, "\n".join(sorted(set(failures))[:40])
