"""CI's check of the users' paths (issue #33): the package as a user installs it, not the checkout.

Each stage builds or installs into a fresh virtual environment in a scratch directory outside the
checkout and runs the commands a user would, from that directory:

* ``base``: the wheel with **no extras**: ``empires --version``; a whole solo Imperial Settlers
  game and a whole 2-player Discovery game through the plain mode in a pipe; ``empires simulate``
  for both games; ``tournament``, ``replay`` and ``analyse`` of a finished game, ``cards template``
  and ``validate``; ``empires serve`` on a free port (SQLite), fetching the lobby and a static
  asset and creating a game through the API and reading its seat's view.
* ``research``: the wheel with the ``research`` extra alone: the Gymnasium ids, the PettingZoo
  environments and the OpenSpiel games of both games, a few steps each.
* ``compiled``: ``EMPIRES_COMPILE=1 pip install <copy of the checkout>[test]`` into a fresh
  environment, as the README tells a user (pip's isolated build), with the ``ci`` build profile;
  prints the environment's python for the compiled test stage of ``.ci/run``.
* ``train``: the wheel with the ``rl`` extra (``research`` and ``train``: PyTorch, sb3-contrib),
  PyTorch pinned to the CPU build that lies on CI's disk (``TORCH``), plus pytest and Hypothesis;
  then, on that environment's python, the tests that need PyTorch or sb3-contrib
  (``TRAIN_TESTS``: ``empires train``, ``examples/maskable_ppo.py`` and the other examples with
  their tiny budgets), one PyTorch thread. Any skipped test fails the stage (pytest's JUnit
  report is read), so a missing package cannot pass it by skipping what it is meant to run.

Usage: ``python3 .ci/user_paths.py base research`` (stages in order; exit 1 naming the first
failure), ``python3 .ci/user_paths.py compiled --dir DIR``, ``python3 .ci/user_paths.py train``.
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class StageFailed(Exception):
    pass


def run(
    command: list[str],
    cwd: Path,
    *,
    stdin: str | None = None,
    timeout: float = 600,
    env: dict[str, str] | None = None,
    codes: tuple[int, ...] = (0,),
) -> str:
    """Run ``command``; its stdout, or StageFailed with the tail of its output when its exit
    status is not one of ``codes``."""
    shown = " ".join(part if "\n" not in part else "<script>" for part in command)
    print(f"$ {shown}", flush=True)
    done = subprocess.run(
        command,
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env or user_env(),
    )
    if done.returncode not in codes:
        raise StageFailed(
            f"{shown} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
    return done.stdout


def user_env() -> dict[str, str]:
    """The environment a user's shell has: no PYTHONPATH into the checkout, no CI-only knobs."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "EMPIRES_"))}
    env["COLUMNS"] = "100"
    return env


def expect(text: str, *needles: str, what: str) -> None:
    missing = [n for n in needles if n not in text]
    if missing:
        raise StageFailed(f"{what}: {missing} not in its output:\n{text[-3000:]}")


def venv(path: Path) -> Path:
    run([sys.executable, "-m", "venv", str(path)], cwd=path.parent)
    return path / "bin"


def build_wheel(scratch: Path) -> Path:
    out = scratch / "wheel"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(out),
            str(copy_checkout(scratch)),
        ],
        cwd=scratch,
    )
    (wheel,) = out.glob("empires-*.whl")
    return wheel


def copy_checkout(scratch: Path) -> Path:
    """The repository's tracked files (as they are in the working tree), copied to ``scratch``:
    a build never writes into the checkout."""
    tree = scratch / "tree"
    if tree.exists():
        return tree
    listed = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name)
    return tree


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(
    method: str, url: str, body: dict | None = None, token: str | None = None
) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


def check_play(bin_dir: Path, work: Path) -> None:
    """Whole games through the plain mode in a pipe: the human seat answers 1 to every prompt."""
    empires = str(bin_dir / "empires")
    solo = run(
        [empires, "play", "settlers", "--players", "1", "--seed", "4"],
        work,
        stdin="1\n" * 2000,
        timeout=300,
    )
    expect(solo, "Final scoring", "Game over", what="a solo Imperial Settlers game")
    duel = run(
        [empires, "play", "discovery", "--players", "2", "--seed", "7"],
        work,
        stdin="1\n" * 5000,
        timeout=300,
    )
    expect(duel, "Final scores", "Game over", what="a 2-player Discovery game")


def check_simulate(bin_dir: Path, work: Path) -> None:
    empires = str(bin_dir / "empires")
    for game, players in (("discovery", "3"), ("settlers", "2")):
        out = run(
            [
                empires,
                "simulate",
                game,
                "--games",
                "4",
                "--players",
                players,
                "--bots",
                "random",
                "--seed",
                "1",
            ],
            work,
            timeout=300,
        )
        expect(out, "4", what=f"empires simulate {game}")


FINISHED_GAME = """
import json, sys
from empires.discovery import new_game

game = new_game(2, seed=3)
while not game.is_terminal():
    game.apply(game.legal_actions()[0])
json.dump(game.to_json(), open(sys.argv[1], "w"))
"""


def check_tools(bin_dir: Path, work: Path) -> None:
    """tournament, replay and analyse of a finished game, the card-file template and its check."""
    empires = str(bin_dir / "empires")
    out = run(
        [
            empires,
            "tournament",
            "settlers",
            "--players",
            "2",
            "--bots",
            "random,heuristic",
            "--games",
            "4",
            "--seed",
            "1",
        ],
        work,
        timeout=300,
    )
    expect(out, "heuristic", "random", what="empires tournament settlers")
    run([str(bin_dir / "python"), "-c", FINISHED_GAME, "duel.json"], work)
    expect(run([empires, "replay", "duel.json"], work), "1st:", what="empires replay")
    out = run([empires, "analyse", "duel.json", "--iterations", "2"], work, timeout=300)
    expect(out, "Chance to win", what="empires analyse")
    run([empires, "cards", "template", "-o", "mine.json"], work)
    out = run([empires, "cards", "validate", "mine.json", "--games", "1"], work, codes=(1,))
    expect(out, "mine.json: ", "not filled in yet", what="empires cards validate of the template")


def check_serve(bin_dir: Path, work: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (work / "serve.log").open("w")
    server = subprocess.Popen(
        [
            str(bin_dir / "empires"),
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{work / 'games.db'}",
        ],
        cwd=work,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=user_env(),
    )
    try:
        lobby = wait_for(base + "/", server, work / "serve.log")
        expect(lobby.decode(), "<html", what="the lobby page")
        status, css = http("GET", base + "/static/style.css")
        if status != 200 or not css:
            raise StageFailed(f"/static/style.css: HTTP {status}, {len(css)} bytes")
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        status, body = http("POST", base + "/api/games", {"game": "discovery", "seats": seats})
        created = json.loads(body)
        if status != 201:
            raise StageFailed(f"POST /api/games: HTTP {status}, {body[:500]!r}")
        token = next(s["token"] for s in created["seats"] if "token" in s)
        status, view = http("GET", f"{base}/api/games/{created['id']}", token=token)
        seen = json.loads(view)
        if status != 200 or seen.get("you") != 0 or not seen.get("observation"):
            raise StageFailed(f"the human seat's view: HTTP {status}, {view[:500]!r}")
        print(f"served: lobby, style.css, game {created['id']} created and read", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def wait_for(url: str, server: subprocess.Popen, log: Path, seconds: float = 60) -> bytes:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise StageFailed(
                f"empires serve exited {server.returncode}:\n{log.read_text()[-3000:]}"
            )
        try:
            return http("GET", url)[1]
        except OSError:
            time.sleep(0.3)
    raise StageFailed(
        f"empires serve did not answer {url} in {seconds} s:\n{log.read_text()[-3000:]}"
    )


def stage_base(scratch: Path, wheel: Path) -> None:
    bin_dir = venv(scratch / "base-venv")
    run([str(bin_dir / "pip"), "install", "--quiet", str(wheel)], scratch)
    work = scratch / "base-work"
    work.mkdir()
    version = run([str(bin_dir / "empires"), "--version"], work)
    expect(version, "pure Python", what="empires --version")
    check_play(bin_dir, work)
    check_simulate(bin_dir, work)
    check_tools(bin_dir, work)
    check_serve(bin_dir, work)


RESEARCH = """
import gymnasium
import numpy
import pyspiel

import empires  # registers the OpenSpiel games and the Gymnasium / PettingZoo ids
from empires.envs import discovery_v0, settlers_v0

for name in ("empires/Discovery-v0", "empires/Settlers-v0", "empires/SettlersSolo-v0"):
    env = gymnasium.make(name)
    obs, info = env.reset(seed=1)
    for _ in range(5):
        obs, reward, done, truncated, info = env.step(int(numpy.flatnonzero(obs["action_mask"])[0]))
        if done or truncated:
            break
    print(name, "ok")
for module in (discovery_v0, settlers_v0):
    env = module.env(num_players=2)
    env.reset(seed=1)
    for steps, agent in enumerate(env.agent_iter()):
        obs, reward, done, truncated, info = env.last()
        env.step(None if done or truncated else int(numpy.flatnonzero(obs["action_mask"])[0]))
        if steps == 5:
            break
    print("pettingzoo", module.__name__, "ok")
for name in ("python_empires_discovery", "python_empires_settlers"):
    state = pyspiel.load_game(name).new_initial_state()
    for _ in range(5):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    print(name, "ok")
"""


def stage_research(scratch: Path, wheel: Path) -> None:
    bin_dir = venv(scratch / "research-venv")
    run([str(bin_dir / "pip"), "install", "--quiet", f"{wheel}[research]"], scratch)
    work = scratch / "research-work"
    work.mkdir()
    out = run([str(bin_dir / "python"), "-c", RESEARCH], work, timeout=300)
    expect(out, "python_empires_settlers ok", "settlers_v0 ok", what="the research interfaces")


def stage_compiled(target: Path) -> Path:
    """A fresh environment with the compiled build installed the README's way (and the test
    tools, for the compiled test stage); returns its python."""
    target.mkdir(parents=True, exist_ok=True)
    bin_dir = venv(target / "venv")
    env = dict(user_env(), EMPIRES_COMPILE="1", EMPIRES_COMPILE_PROFILE="ci")
    run(
        [str(bin_dir / "pip"), "install", "--quiet", f"{copy_checkout(target)}[test]"],
        target,
        timeout=3000,
        env=env,
    )
    version = run([str(bin_dir / "empires"), "--version"], target)
    expect(version, "compiled (mypyc)", what="the compiled build's empires --version")
    return bin_dir / "python"


# PyTorch's CPU build for Python 3.11 lies on CI's disk (pip's find-links); any other release
# that ``torch>=2`` admits is a CUDA build of several GB. Users install the ``rl`` extra as it is.
TORCH = "torch==2.13.0"
# What the test extra pins for these two (the conftest needs Hypothesis).
TEST_TOOLS = ("pytest>=8", "hypothesis>=6.100")
# The tests that need PyTorch or sb3-contrib (they skip without them), and the one that shows
# that playing with the az bot never imports PyTorch, which only means something where it is.
TRAIN_TESTS = (
    "tests/ecosystem/test_examples.py",
    "tests/cli/test_train.py",
    "tests/bots/test_az.py::test_playing_never_imports_torch",
)
ONE_THREAD = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def stage_train(scratch: Path, wheel: Path) -> None:
    """The ``rl`` extra in a fresh environment, then ``TRAIN_TESTS`` on its python: none may
    skip."""
    bin_dir = venv(scratch / "train-venv")
    install = [str(bin_dir / "pip"), "install", "--quiet", f"{wheel}[rl]", TORCH, *TEST_TOOLS]
    run(install, scratch, timeout=1800)
    probe = (
        "import torch, sb3_contrib as s; "
        "print('torch', torch.__version__, 'sb3-contrib', s.__version__)"
    )
    print(run([str(bin_dir / "python"), "-c", probe], scratch), end="", flush=True)
    report = scratch / "train-junit.xml"
    pytest = [str(bin_dir / "python"), "-m", "pytest", "-p", "no:cacheprovider", "-rs"]
    pytest += ["--basetemp", str(scratch / "train-pytest"), "--junitxml", str(report)]
    out = run([*pytest, *TRAIN_TESTS], ROOT, timeout=1800, env=dict(user_env(), **ONE_THREAD))
    print(out[-1500:], end="", flush=True)
    no_skips(report)


def no_skips(report: Path) -> None:
    """StageFailed unless pytest's JUnit ``report`` counts tests and none of them skipped."""
    cases = ET.parse(report).getroot().iter("testcase")
    ran, skipped = 0, []
    for case in cases:
        ran += 1
        for skip in case.iter("skipped"):
            name = f"{case.get('classname')}::{case.get('name')}"
            skipped.append(f"{name}: {skip.get('message', '')}")
    if ran == 0 or skipped:
        raise StageFailed(f"{ran} tests, {len(skipped)} skipped:\n" + "\n".join(skipped))
    print(f"{ran} tests ran, none skipped", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stages", nargs="+", choices=["base", "research", "compiled", "train"])
    parser.add_argument("--dir", type=Path, help="where the compiled stage builds (kept)")
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="empires-user-paths-"))
    try:
        wheel = None
        for stage in args.stages:
            started = time.monotonic()
            print(f"--- user path: {stage} ---", flush=True)
            if stage == "compiled":
                print(stage_compiled(args.dir or scratch / "compiled"), flush=True)
            else:
                wheel = wheel or build_wheel(scratch)
                stages = {"base": stage_base, "research": stage_research, "train": stage_train}
                stages[stage](scratch, wheel)
            print(
                f"--- user path: {stage} passed in {time.monotonic() - started:.0f} s ---",
                flush=True,
            )
    except (StageFailed, subprocess.TimeoutExpired) as failed:
        print(f"user path failed: {failed}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
