"""The games under the ecosystem's names: gymnasium ids, PettingZoo-style versioned modules and
registry ids, OpenSpiel games registered by ``import empires``; and the base install working
without the research libraries."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points

import pytest

gymnasium = pytest.importorskip("gymnasium")
pettingzoo = pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import empires  # noqa: E402, F401  (registers the ids)
from empires.envs import GYMNASIUM_IDS, discovery_v0, settlers_v0  # noqa: E402


def _python(code: str, cwd=None, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, **env},
    )


@pytest.mark.parametrize(
    ("env_id", "players"),
    [("empires/Discovery-v0", 4), ("empires/Settlers-v0", 2), ("empires/SettlersSolo-v0", 1)],
)
def test_gymnasium_make_finds_every_id(env_id, players):
    env = gymnasium.make(env_id)
    assert env.unwrapped.num_players == players
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=3)
    for _ in range(5):
        legal = obs["action_mask"].nonzero()[0]
        obs, reward, terminated, truncated, _ = env.step(int(legal[0]))
        if terminated or truncated:
            break
    env.close()


def test_gymnasium_make_takes_keyword_arguments_and_the_module_form():
    env = gymnasium.make("empires.envs:empires/Discovery-v0", num_players=2, opponents="heuristic")
    assert env.unwrapped.num_players == 2 and env.unwrapped.game_name == "discovery"
    assert set(GYMNASIUM_IDS) <= set(gymnasium.registry)


def test_the_gymnasium_entry_point_registers_the_ids_as_a_plugin():
    """gymnasium 0.26-0.29 call the entry point inside namespace(<entry point name>)."""
    (found,) = [ep for ep in entry_points(group="gymnasium.envs") if ep.name == "empires"]
    done = _python(
        f"""
        import gymnasium
        from gymnasium.envs.registration import namespace
        from importlib.metadata import entry_points
        (ep,) = [e for e in entry_points(group="gymnasium.envs") if e.name == "empires"]
        assert "empires/Discovery-v0" not in gymnasium.registry
        with namespace(ep.name):
            ep.load()()
        assert {sorted(GYMNASIUM_IDS)!r} == sorted(i for i in gymnasium.registry if i.startswith("empires/"))
        gymnasium.make("empires/SettlersSolo-v0").reset(seed=1)
        """,
        EMPIRES_NO_REGISTER="1",
    )
    assert found.value == "empires.envs:register_gymnasium_envs"
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("module", "kwargs"),
    [(discovery_v0, {"num_players": 3}), (settlers_v0, {"num_players": 1}), (settlers_v0, {})],
)
def test_versioned_modules_pass_pettingzoo_api_test(module, kwargs):
    env = module.env(**kwargs, seed=1)
    assert isinstance(env, pettingzoo.utils.wrappers.OrderEnforcingWrapper)
    api_test(env, num_cycles=40)
    api_test(module.raw_env(**kwargs, seed=2), num_cycles=40)
    assert not hasattr(module, "parallel_env")  # sequential: none offered (see the docstring)


def test_env_makes_an_illegal_action_a_loss_as_pettingzoo_games_do():
    env = settlers_v0.env(num_players=2, seed=4)
    env.reset(seed=4)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int((mask == 0).nonzero()[0][0]))
    assert env.terminations[agent] and env.rewards[agent] == -1


def test_pettingzoo_registry_ids():
    if not hasattr(pettingzoo, "register"):
        pytest.skip("this PettingZoo has no registry")
    env = pettingzoo.make("aec", "empires/Settlers-v0", num_players=1)
    assert env.unwrapped.num_players == 1
    assert pettingzoo.make("aec", "empires/Discovery-v0").metadata["name"] == "empires_discovery_v0"


def test_import_empires_registers_the_openspiel_games():
    done = _python(
        """
        import empires, pyspiel
        game = pyspiel.load_game("python_empires_discovery", {"players": 2})
        solo = pyspiel.load_game("python_empires_settlers", {"players": 1})
        print(game.num_players(), solo.num_players())
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "1"]


def test_openspiel_spec_player_counts_are_the_adapters():
    from empires.core.adapter import get_adapter
    from empires.interop.openspiel import SPECS

    for name, spec in SPECS.items():
        adapter = get_adapter(name)
        assert (spec.min_players, spec.max_players) == (adapter.min_players, adapter.max_players)


def test_the_base_install_works_without_the_research_libraries(tmp_path):
    """pyspiel, gymnasium, pettingzoo, pyarrow and psycopg hidden: empires imports, plays and
    simulates; the research modules, the parquet export and a PostgreSQL database name the
    extra to install (numpy is a base dependency: the games' adapters build tensors)."""
    done = _python(
        """
        import sys
        for name in ("pyspiel", "gymnasium", "pettingzoo", "pyarrow", "psycopg"):
            sys.modules[name] = None
        import empires
        from empires.cli import main
        assert main(["simulate", "settlers", "--players", "2", "--games", "2", "--json"]) == 0
        for module in ("empires.interop.openspiel", "empires.envs.discovery_v0",
                       "empires.interop.gym_env"):
            try:
                __import__(module)
            except ImportError as exc:
                assert "pip install 'empires[research]'" in str(exc), exc
            else:
                raise AssertionError(module + " imported")
        argv = ["--games", "1", "--export", "out", "--export-format", "parquet"]
        assert main(["simulate", "discovery", *argv]) == 2
        assert main(["serve", "--db", "postgresql://u:p@localhost/db"]) == 2
        print("ok")
        """,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")
    assert "empires[export]" in done.stderr and "empires[postgres]" in done.stderr
    assert not (tmp_path / "out").exists()


def test_the_base_install_serves_the_web_app_on_sqlite(tmp_path):
    """The web app starts and answers with every optional library hidden."""
    import json
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = textwrap.dedent(
        f"""
        import sys
        for name in ("pyspiel", "gymnasium", "pettingzoo", "pyarrow", "psycopg", "ray", "httpx"):
            sys.modules[name] = None
        from empires.cli import main
        sys.exit(main(["serve", "--port", "{port}", "--db", "sqlite:///games.db"]))
        """
    )
    server = subprocess.Popen(
        [sys.executable, "-c", code], cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        meta = None
        for _ in range(150):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2) as r:
                    meta = json.load(r)
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.2)
        assert meta is not None, server.stdout.read() if server.poll() is not None else "no answer"
        assert {g["name"] for g in meta["games"]} >= {"discovery", "settlers"}
        assert (tmp_path / "games.db").exists()
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_import_empires_imports_no_research_library():
    """Registration waits for each library's own import (a post-import hook), so ``import
    empires`` (the command line, the server, every worker process) stays light."""
    done = _python(
        """
        import sys, empires
        print(sorted(m for m in ("gymnasium", "pettingzoo", "pyspiel", "numpy") if m in sys.modules))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("order", ["empires first", "libraries first"])
def test_every_library_finds_the_games_whichever_is_imported_first(order):
    imports = (
        "import empires, pyspiel, gymnasium, pettingzoo"
        if order == "empires first"
        else "import pyspiel, gymnasium, pettingzoo, empires"
    )
    done = _python(
        imports
        + """
print(pyspiel.load_game("python_empires_settlers", {"players": 3}).num_players())
print(gymnasium.make("empires/SettlersSolo-v0").unwrapped.num_players)
print(pettingzoo.make("aec", "empires/Discovery-v0", num_players=5).unwrapped.num_players)
"""
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "1", "5"]


def test_a_library_that_cannot_take_the_games_warns_and_still_imports(tmp_path):
    """A broken gymnasium (here one without its registry) imports all the same, with a warning
    naming it; empires and the other libraries are unaffected."""
    (tmp_path / "gymnasium").mkdir()
    (tmp_path / "gymnasium" / "__init__.py").write_text("BROKEN = True\n")
    done = _python(
        """
        import warnings
        warnings.simplefilter("always")
        with warnings.catch_warnings(record=True) as caught:
            import empires, gymnasium
        assert gymnasium.BROKEN
        print([str(w.message) for w in caught])
        """,
        cwd=tmp_path,
        PYTHONPATH=str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    assert "empires: not registered with gymnasium" in done.stdout
