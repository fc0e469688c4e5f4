"""The compiled (mypyc) build against the pure one: random-playout decisions per second, and the ratio.

    python benchmarks/compiled.py [--dir /tmp/empires-compiled] [--games N] [--rounds R] [--narrate]
    python benchmarks/compiled.py --build-only [--dir DIR] [--profile ci]   # just make the tree

Builds, or reuses, a compiled copy of this checkout in a scratch directory (``--dir``): the
sources (``src/``, setup.py, pyproject.toml, build_support/) are copied there and built in place
with ``EMPIRES_COMPILE=1 python setup.py build_ext --inplace --parallel CPUS`` (needs mypy and a
C compiler), with setup.py's build ``--profile`` (``release``, the default: what the speed figures
use; ``ci``: C at -O0, one extension per module, compiled in a fraction of the time, for the
tests). It is compiled again only when a compiled module's source or the profile changed;
otherwise its pure-Python files are refreshed from this checkout. Nothing is ever built inside
this checkout.
Anything can then run on the compiled tree with ``PYTHONPATH=DIR/src``.

Then, in ONE run, random playouts (benchmarks/playouts.py: uniform among the legal actions,
without the event log unless ``--narrate``) for Discovery with 4 players and Settlers with 2,
each tree in its own subprocess, ``--rounds`` times alternately (the machine is shared, so the
best round of each counts). Prints decisions/s per build, the ratio, and whether both builds
played the very same games (same number of decisions). Target: ratio >= 1.8 for both games.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = Path("/tmp/empires-compiled")
COPIED = ("setup.py", "pyproject.toml", "README.md", "build_support", "src")
GAMES = (("discovery", 4), ("settlers", 2))
TARGET = 1.8

# Runs in the subprocess: the playouts of benchmarks/playouts.py on whichever tree is first on
# sys.path; prints one JSON line.
CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
from playouts import bench
from empires.core.adapter import get_adapter
from empires.version import build
seconds, decisions = bench(get_adapter({game!r}), {players}, {games}, {seed}, narrate={narrate})
print(json.dumps({{"build": build(), "seconds": seconds, "decisions": decisions}}))
"""


def _setup_module() -> Any:
    """This checkout's setup.py as a module (its ``setup()`` runs only as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("empires_setup", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fingerprint(root: Path, profile: str = "release") -> str:
    """A digest of what the compiled modules are built from: the build profile, setup.py, the
    build backend and the source of every compiled module (edits elsewhere only refresh the
    copy's pure files)."""
    files = [root / "setup.py", *sorted((root / "build_support").glob("*.py"))]
    files += [root / path for path in _setup_module().compiled_paths(str(root))]
    digest = hashlib.sha256(f"profile {profile}\n".encode())
    for file in files:
        digest.update(str(file.relative_to(root)).encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


def _ignore(directory: str, names: list[str]) -> set[str]:
    return {n for n in names if n in {"__pycache__", "build"} or n.endswith((".so", ".egg-info"))}


def _copy_sources(target: Path) -> None:
    """Copy (over what is there) the files a build is made of from this checkout to ``target``."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=_ignore, dirs_exist_ok=True)
        else:
            shutil.copy2(source, target / name)


def build_tree(target: Path, reuse: bool = False, profile: str = "release") -> Path:
    """A compiled copy of this checkout in ``target``: compiled again only when a compiled
    module's source (or the build) changed, else its pure files are refreshed. A new build is
    made beside it and replaces it only once it succeeded. Returns ``target / "src"``, the tree
    to put first on ``PYTHONPATH``."""
    if target.resolve() == ROOT or ROOT in target.resolve().parents:
        raise SystemExit(
            f"--dir {target} is inside the checkout; the compiled tree lives elsewhere"
        )
    if profile not in _setup_module().PROFILES:
        raise SystemExit(f"--profile {profile!r}: use one of {', '.join(_setup_module().PROFILES)}")
    wanted = fingerprint(ROOT, profile)
    stamp = target / "fingerprint"
    if stamp.exists() and (reuse or stamp.read_text() == wanted):
        _copy_sources(target)  # the pure modules as they are now; the .so files stay in front
        return target / "src"
    fresh = target.with_name(target.name + ".building")
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir(parents=True)
    _copy_sources(fresh)
    print(f"compiling a copy of {ROOT} in {target} ({profile} profile) ...", file=sys.stderr)
    env = dict(os.environ, EMPIRES_COMPILE="1", EMPIRES_COMPILE_PROFILE=profile)
    jobs = str(os.cpu_count() or 1)
    command = [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", jobs]
    done = subprocess.run(command, cwd=fresh, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"the compiled build failed (exit {done.returncode}); see {fresh}")
    (fresh / "fingerprint").write_text(wanted)
    shutil.rmtree(target, ignore_errors=True)
    fresh.rename(target)
    return target / "src"


def measure(tree: Path, game: str, players: int, games: int, seed: int, narrate: bool) -> dict:
    """Random playouts in a subprocess whose first import path is ``tree``."""
    code = CHILD.format(
        bench=str(ROOT / "benchmarks"),
        game=game,
        players=players,
        games=games,
        seed=seed,
        narrate=narrate,
    )
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(trees: dict[str, Path], args: argparse.Namespace) -> bool:
    """Measure each game on both trees; print the table; True if every ratio meets the target."""
    print(f"{'game':>10} {'players':>7} {'build':>17} {'decisions/s':>12} {'decisions':>10}")
    ok = True
    for game, players in GAMES:
        best: dict[str, dict] = {}
        for _ in range(args.rounds):
            for label, tree in trees.items():
                run = measure(tree, game, players, args.games, args.seed, args.narrate)
                run["rate"] = run["decisions"] / run["seconds"]
                if label not in best or run["rate"] > best[label]["rate"]:
                    best[label] = run
        for run in best.values():
            print(
                f"{game:>10} {players:>7} {run['build']:>17} {run['rate']:>12.0f} "
                f"{run['decisions']:>10}"
            )
        ratio = best["compiled"]["rate"] / best["pure"]["rate"]
        same = best["compiled"]["decisions"] == best["pure"]["decisions"]
        ok = ok and ratio >= TARGET and same
        print(
            f"{game:>10}: compiled / pure = {ratio:.2f}x (target >= {TARGET}x), "
            f"same games: {'yes' if same else 'NO'}"
        )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="the compiled copy's place")
    parser.add_argument("--build-only", action="store_true", help="make the compiled tree, no run")
    parser.add_argument("--games", type=int, default=20, help="games per round (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="alternate rounds (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="keep an existing compiled tree even if its sources changed",
    )
    parser.add_argument("--narrate", action="store_true", help="keep the event log on")
    parser.add_argument(
        "--profile",
        default="release",
        help="setup.py's build profile: release (-O3, the speed figures) or ci (quick to compile)",
    )
    args = parser.parse_args(argv)
    compiled = build_tree(args.dir, reuse=args.reuse, profile=args.profile)
    if args.build_only:
        print(f"compiled tree: PYTHONPATH={compiled}")
        return 0
    trees = {"pure": ROOT / "src", "compiled": compiled}
    print(
        f"random playouts, {args.games} games x best of {args.rounds} rounds per build, "
        f"one process each{'' if args.narrate else ', no event log'}; {args.profile} profile"
    )
    return 0 if compare(trees, args) else 1


if __name__ == "__main__":
    sys.exit(main())
