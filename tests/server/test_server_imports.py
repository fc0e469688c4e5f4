"""The server's modules import each other without a circle, and none of them reads another
one's private members of the game manager or a live game (issue #29).

Every import of ``empires.server.*`` counts: at module level, inside functions, and under
``if TYPE_CHECKING:`` too (a circle drawn for the type checker is still a circle).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "empires" / "server"
PACKAGE = "empires.server"
# reads of a private member through the objects that stand for the manager or a live game
PRIVATE_READ = re.compile(r"\b(?:manager|m|game|live|self\.manager)\._[a-z]\w*")


def imported_modules(path: Path) -> dict[str, int]:
    """The server modules ``path`` imports (any depth, any place), with a line of each."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == PACKAGE:
                names = [alias.name for alias in node.names]
            elif node.module.startswith(PACKAGE + "."):
                names = [node.module[len(PACKAGE) + 1 :].split(".")[0]]
        elif isinstance(node, ast.Import):
            names = [
                a.name[len(PACKAGE) + 1 :].split(".")[0]
                for a in node.names
                if a.name.startswith(PACKAGE + ".")
            ]
        for name in names:
            found.setdefault(name, node.lineno)
    found.pop(path.stem, None)
    return found


def import_graph() -> dict[str, dict[str, int]]:
    modules = {p.stem for p in SERVER.glob("*.py")}
    return {
        p.stem: {m: line for m, line in imported_modules(p).items() if m in modules}
        for p in sorted(SERVER.glob("*.py"))
        if p.stem != "__init__"  # the package's face: it imports the app, nobody imports it
    }


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def describe(graph: dict[str, dict[str, int]], component: list[str]) -> str:
    inside = set(component)
    edges = [
        f"{a} -> {b} (line {line})"
        for a in component
        for b, line in sorted(graph[a].items())
        if b in inside
    ]
    return f"{', '.join(component)}:\n    " + "\n    ".join(edges)


def test_the_server_has_no_import_circle():
    graph = import_graph()
    assert "manager" in graph and graph["manager"], "the import graph was not read"
    found = cycles(graph)
    assert not found, "import circles inside empires.server:\n" + "\n".join(
        describe(graph, c) for c in found
    )


def test_the_cycle_finder_finds_a_circle():
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 4}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_feature_reads_the_managers_private_members():
    reads = []
    for path in sorted(SERVER.glob("*.py")):
        if path.stem == "manager":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in PRIVATE_READ.finditer(line):
                reads.append(f"{path.name}:{number}: {match.group(0)}")
    assert not reads, "private members read from outside manager.py:\n" + "\n".join(reads)
