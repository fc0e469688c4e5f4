"""Issue #21: no function or method in src/ is over 80 lines, counted from its ``def`` line to the
last line of its body (decorators not counted; nested functions count in their parent too)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
LIMIT = 80


def long_functions(path: Path, limit: int = LIMIT) -> list[str]:
    """``file:line name (N lines)`` for every function in ``path`` longer than ``limit``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    shown = path.relative_to(SRC.parent) if path.is_relative_to(SRC) else path.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                found.append(f"{shown}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_in_src_is_over_80_lines():
    modules = sorted(SRC.rglob("*.py"))
    assert len(modules) > 50
    over = [hit for path in modules for hit in long_functions(path)]
    assert not over, f"functions over {LIMIT} lines:\n" + "\n".join(over)


def test_the_count_runs_from_def_to_the_last_line(tmp_path):
    probe = tmp_path / "probe.py"
    body = "\n".join(f"    x{i} = {i}" for i in range(79))
    probe.write_text(
        f"@decorator\ndef fits():\n{body}\n\n\n"
        f"class C:\n    async def over(self):\n    {body.replace(chr(10), chr(10) + '    ')}\n"
        "        return 1\n"
    )
    hits = long_functions(probe)
    assert [h.split(" ", 1)[1] for h in hits] == ["over (81 lines)"]
