"""``--backend ray``: the same results as worker processes, on a local Ray instance.

Starting Ray takes 10-30 s on a small machine, so one instance (started by the backend's own
``ray_session``, as the command line does) serves the whole module; the commands find Ray
initialised and use it. Skipped only when Ray cannot be imported.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ray", reason="ray is not installed (pip install 'empires[cluster]')")

from empires import cli  # noqa: E402
from empires.sim.local import GameFailed  # noqa: E402
from empires.sim.ray_backend import ray_session, run_ray  # noqa: E402


@pytest.fixture(scope="module")
def ray_instance():
    import ray

    assert not ray.is_initialized()
    with ray_session(address=None, jobs=2) as session:
        yield session
    assert not ray.is_initialized()  # we started it, so we shut it down


def _json(capsys, argv):
    assert cli.main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_through_ray_matches_processes(ray_instance, capsys):
    args = [
        "simulate",
        "discovery",
        "--players",
        "3",
        "--bots",
        "random",
        "--games",
        "12",
        "--seed",
        "7",
        "--jobs",
        "2",
        "--json",
    ]
    procs = _json(capsys, args)
    via_ray = _json(capsys, [*args, "--backend", "ray"])
    assert procs["backend"] == "process" and via_ray["backend"] == "ray"
    assert via_ray["seats"] == procs["seats"]
    assert via_ray["mean_decisions"] == procs["mean_decisions"]
    # The library call too, in game order, with batches finishing in any order.
    from empires.sim.local import run_local

    seen = []
    assert run_ray("discovery", 2, ["random"], 5, 3, jobs=2, on_progress=seen.append) == run_local(
        "discovery", 2, ["random"], 5, 3, jobs=1
    )
    assert sum(seen) == 5
    # A failing game is reported as with processes: GameFailed naming its seed.
    with pytest.raises(GameFailed, match="seed 3"):
        run_ray("discovery", 9, ["random"], 2, 3, jobs=2)


def test_tournament_through_ray_matches_processes(ray_instance, capsys):
    args = [
        "tournament",
        "discovery",
        "--players",
        "2",
        "--bots",
        "random,heuristic",
        "--games",
        "6",
        "--seed",
        "4",
        "--jobs",
        "2",
        "--json",
    ]
    procs = _json(capsys, args)
    via_ray = _json(capsys, [*args, "--backend", "ray"])
    assert via_ray["backend"] == "ray"
    assert via_ray["standings"] == procs["standings"]
    assert via_ray["matches"] == procs["matches"]
