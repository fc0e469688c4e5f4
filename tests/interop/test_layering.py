"""interop/ reaches the games only through core.adapter: none of its modules imports a game
package (walking every import statement, function-level ones included)."""

from __future__ import annotations

import ast
from pathlib import Path

import empires.interop
from empires.core.adapter import ADAPTERS

INTEROP = Path(empires.interop.__file__).parent
GAME_PACKAGES = tuple(module.rsplit(".", 1)[0] for module in ADAPTERS.values())


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_interop_imports_no_game_package():
    modules = sorted(INTEROP.glob("*.py"))
    assert len(modules) >= 5
    assert set(GAME_PACKAGES) == {"empires.discovery", "empires.settlers"}
    for path in modules:
        for name in imported_modules(path):
            for package in GAME_PACKAGES:
                assert name != package and not name.startswith(package + "."), (
                    f"{path.name} imports {name}"
                )


def test_the_walk_sees_an_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from empires.settlers.tensor import encode\n")
    assert "empires.settlers.tensor" in imported_modules(probe)
