"""The layers above the engines reach a game only through empires.core.adapter: no module of
bots/, sim/, interop/, server/ or cli imports empires.discovery or empires.settlers (the AST of
every module is walked, imports inside functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "empires"
GAMES = ("empires.discovery", "empires.settlers")


def _modules(layer: str) -> list[Path]:
    path = SRC / layer
    if path.is_dir():
        return sorted(path.rglob("*.py"))
    return [path.with_suffix(".py")]


def _package_of(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts[:-1])


def game_imports(path: Path, package: str | None = None) -> list[str]:
    """The game modules ``path`` imports (absolute or relative), with their line numbers;
    ``package``: the package ``path`` is in (default: from its place under src/)."""
    found = []
    package = _package_of(path) if package is None else package
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = package.split(".")
                pkg = pkg[: len(pkg) - node.level + 1]
                base = ".".join([*pkg, base] if base else pkg)
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            if any(name == g or name.startswith(g + ".") for g in GAMES):
                found.append(f"{path.name}:{node.lineno}: {name}")
                break
    return found


LAYERS = ["bots", "sim", "interop", "envs", "server", "cli"]


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_imports_no_game_package(layer):
    modules = _modules(layer)
    assert modules and all(m.is_file() for m in modules), f"no modules found for {layer}"
    offending = [hit for m in modules for hit in game_imports(m)]
    assert not offending, "imports a game package:\n" + "\n".join(offending)


def test_the_walk_sees_game_imports(tmp_path):
    """The check itself: absolute imports, imports inside functions and relative imports of a
    game module are all found; imports of core are not."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import empires.core.adapter\n"
        "def f():\n    from empires.settlers import heuristic\n"
        "import empires.discovery.data\n"
        "from ..discovery import game\n"
    )
    hits = game_imports(probe, package="empires.bots")
    assert sorted(h.split(": ")[-1] for h in hits) == [
        "empires.discovery",
        "empires.discovery.data",
        "empires.settlers",
    ]


def test_every_registered_game_package_is_checked():
    """A third game registered in core.adapter is covered by the walk too."""
    from empires.core.adapter import ADAPTERS

    packages = {module.rsplit(".", 1)[0] for module in ADAPTERS.values()}
    assert packages == set(GAMES), f"add {sorted(packages - set(GAMES))} to GAMES"
