"""The two builds (pure Python, and compiled with mypyc: setup.py, ``EMPIRES_COMPILE=1``) behave
the same: hostile actions and saves raise the very same ``empires.core.errors`` classes, and
``empires --version`` names the build that runs. CI runs these on both builds; with
``EMPIRES_EXPECT_BUILD`` set (as .ci/run does) the build must be the one expected."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from empires.core.adapter import get_adapter
from empires.core.errors import IllegalActionError, SaveFileError
from empires.version import COMPILED, PROBE_MODULE, PURE, build, version_text

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = {"discovery": 4, "settlers": 2}

BAD_ACTIONS = [
    "nonsense",
    "place 99 99",
    "",
    "x" * 10_000,
    10**9,
    -1,
    2**70,
    3.5,
    True,
    None,
    ["x"],
    ("place", 1, 2),
    b"place",
    {"kind": "place"},
]
BAD_SAVES = [
    None,
    5,
    2.5,
    "garbage",
    "[1]",
    [1],
    b"{}",
    {},
    {"config": 1, "seed": 1, "actions": []},
    {"config": {"num_players": "x"}, "seed": 1, "actions": []},
    {"config": {"num_players": 4}, "seed": "s", "actions": []},
    {"config": {"num_players": 99}, "seed": 1, "actions": []},
    {"config": {"num_players": 2}, "seed": 1, "actions": 7},
    {"config": {"num_players": 2}, "seed": 1, "actions": ["bogus"]},
    {"config": {"num_players": 2}, "seed": 1, "actions": [None, {}]},
]


def test_the_build_is_read_from_the_engine_module_that_runs():
    origin = importlib.util.find_spec(PROBE_MODULE).origin or ""
    compiled = origin.endswith((".so", ".pyd"))
    assert build() == (COMPILED if compiled else PURE)
    assert f"({build()}, Python " in version_text()
    expected = os.environ.get("EMPIRES_EXPECT_BUILD")
    if expected:  # CI names the build each of its runs must be running
        assert build() == expected


def test_empires_version_names_the_build():
    out = subprocess.run(
        [sys.executable, "-m", "empires", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("empires ")
    assert f"({build()}, Python " in out


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=repr)
def test_a_hostile_action_raises_illegal_action_error_and_changes_nothing(game, bad):
    state = get_adapter(game).new_game(PLAYERS[game], 3, None)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as raised:
        state.apply(bad)
    assert type(raised.value) is IllegalActionError  # the class itself, not a compiled stand-in
    assert state.to_json() == before


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize("bad", BAD_SAVES, ids=lambda s: repr(s)[:40])
def test_a_bad_save_raises_save_file_error(game, bad):
    adapter = get_adapter(game)
    for load in (adapter.from_json, adapter.replay):
        with pytest.raises(SaveFileError) as raised:
            load(bad)
        assert type(raised.value) is SaveFileError


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_finished_game_refuses_more_actions(game):
    from empires.core.rng import Rng

    state = get_adapter(game).new_game(PLAYERS[game], 5, None)
    state.narrate = False
    rng = Rng(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(0)


def _setup_module():
    """setup.py as a module (its ``setup()`` call runs only as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("empires_setup", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_default_build_compiles_nothing(monkeypatch):
    setup = _setup_module()
    monkeypatch.delenv("EMPIRES_COMPILE", raising=False)
    assert setup.ext_modules() == []
    monkeypatch.setenv("EMPIRES_COMPILE", "0")
    assert setup.ext_modules() == []


def test_the_compiled_list_names_real_modules_and_leaves_the_excluded_pure(monkeypatch):
    setup = _setup_module()
    monkeypatch.chdir(ROOT)
    paths = setup.compiled_paths()
    assert "src/empires/discovery/mechanics.py" in paths  # the module version.py probes
    assert "src/empires/bots/ismcts.py" in paths and "src/empires/settlers/rules.py" in paths
    for excluded in setup.EXCLUDED:
        assert (ROOT / excluded).is_file(), f"EXCLUDED names a missing file: {excluded}"
        assert excluded not in paths
    assert not any(p.endswith("__init__.py") for p in paths)


def test_a_compiled_build_without_a_compiler_stops_with_a_clear_message(monkeypatch):
    setup = _setup_module()
    monkeypatch.setenv("EMPIRES_COMPILE", "1")
    monkeypatch.setenv("CC", "no-such-compiler-anywhere")
    with pytest.raises(SystemExit, match="needs a C compiler"):
        setup.ext_modules(["bdist_wheel", "--dist-dir", "x"])
    # pip first asks for the build requirements (egg_info), before mypy is there: no failure
    assert setup.ext_modules(["egg_info", "--egg-base", "x"]) == []


def _build_backend():
    sys.path.insert(0, str(ROOT / "build_support"))
    try:
        import empires_build_backend as backend
    finally:
        sys.path.remove(str(ROOT / "build_support"))
    return backend


def test_the_build_backend_asks_for_mypy_only_for_the_compiled_build(monkeypatch):
    backend = _build_backend()
    monkeypatch.chdir(ROOT)  # pip runs the backend in the source tree
    monkeypatch.delenv("EMPIRES_COMPILE", raising=False)
    assert backend._extra() == []
    monkeypatch.setenv("EMPIRES_COMPILE", "1")
    extra = backend._extra()
    assert extra[0] == backend.MYPY_REQUIREMENT
    # pip's isolated build holds only these: every runtime dependency (mypyc reads their types)
    # and gymnasium of the research extra; none of the untyped or unused extras
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert set(project["dependencies"]) <= set(extra)
    names = {backend._name(r).strip().lower() for r in extra}
    assert "gymnasium" in names and not names & {"open_spiel", "pettingzoo", "ray", "pytest"}


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize(
    "args", [("4", 1, None), (2, "seed", None), (2, 1.5, None), (None, 1, None), (2, 1, {"x": 1})]
)
def test_bad_new_game_arguments_raise_value_error(game, args):
    with pytest.raises(ValueError) as raised:
        get_adapter(game).new_game(*args)
    assert type(raised.value) is ValueError


BAD_SEATS = ["0", 1.0, -1, 99, [0], b"\x00", {"seat": 0}]


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_bad_seat_is_a_value_error_naming_it(game, seat):
    # a compiled ``int | None`` parameter would raise TypeError before the engine's own check
    state = get_adapter(game).new_game(PLAYERS[game], 3, None)
    action = state.legal_actions()[0]
    views = {
        "observation": lambda: state.observation(seat),
        "events": lambda: state.events(seat),
        "describe_for": lambda: state.describe_for(action, seat),
    }
    for name, view in views.items():
        with pytest.raises(ValueError, match="no seat") as raised:
            view()
        assert type(raised.value) is ValueError, name
        assert repr(seat) in str(raised.value), name


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_options_and_games_survive_pickling_and_deep_copies(game):
    # the process pools of `simulate` and `tournament` pickle the options; a compiled frozen
    # dataclass could not be unpickled, and a compiled game has no __dict__ for pickle's default
    import copy
    import pickle

    from empires.core.rng import Rng

    state = get_adapter(game).new_game(PLAYERS[game], 4, None)
    options = state.options
    assert pickle.loads(pickle.dumps(options)) == options
    rng = Rng(4)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    copies = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state)]
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        for game_state in (state, *copies):
            game_state.apply(action)
    for other in copies:
        assert type(other) is type(state)
        assert other.to_json() == state.to_json() and other.scores() == state.scores()


def test_the_build_profile_is_read_from_the_environment(monkeypatch):
    setup = _setup_module()
    monkeypatch.delenv("EMPIRES_COMPILE_PROFILE", raising=False)
    assert setup.build_options() == setup.PROFILES["release"]
    assert setup.build_options()["opt_level"] == "3"  # the speed figures' build
    monkeypatch.setenv("EMPIRES_COMPILE_PROFILE", " CI ")
    assert setup.build_options() == setup.PROFILES["ci"] != setup.PROFILES["release"]
    monkeypatch.setenv("EMPIRES_COMPILE_PROFILE", "fast")
    with pytest.raises(SystemExit, match="'fast' is not a build profile; use one of ci, release"):
        setup.build_options()
