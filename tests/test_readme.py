"""Every snippet of the README and of the documentation pages (``docs/**/*.md``) runs, and no
link of theirs leaves the repository.

* A ```python block is executed, each block in a fresh namespace (a block stands alone, as a
  reader copies it), in a fresh interpreter with the repository as working directory.
* A ```bash block is run as one bash script (``set -e``; ``empires`` and ``python`` as
  installed) in a scratch directory that mirrors the repository: its top-level folders and files
  are linked there, except ``benchmarks/results``, which is copied (a command there may append
  to a results file), so a command can read the repository's files and write its own without
  touching the checkout.
* A block preceded by the line ``<!-- not run: REASON -->`` is skipped (interactive play,
  servers, long benchmarks); the reason must be given.
* Other fences (``text``, ``json``, ...) are shown, not run.
* Links: a relative link of the README must name a file or folder of the repository (never
  ``../``); a relative link of a documentation page must name a file under ``docs/`` (what MkDocs
  can serve; ``tests/test_docs.py`` builds the site with ``--strict`` too); an ``#anchor`` must be
  a heading of the page it points to; no path in a page climbs out of it with ``../``.
* The README stays a front door: at most ``README_LINES`` lines, opening with the two commands.
* No commit hash in prose (outside code blocks), in the README or the documentation.

Each block is limited to ``TIMEOUT`` seconds; the commands are meant to be quick.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
TIMEOUT = 120
README_LINES = 300
MARKER = re.compile(r"^<!--\s*not run:\s*(?P<reason>\S.*?)\s*-->$")
FENCE = re.compile(r"^(?P<fence>```+|~~~+)\s*(?P<lang>[\w+-]*)")


@dataclass(frozen=True)
class Block:
    page: str  # the page's path relative to the repository
    lang: str
    line: int  # 1-based line of the opening fence
    code: str
    skip: str | None  # the reason given by a "not run" marker

    @property
    def id(self) -> str:
        return f"{self.page}:{self.lang}@{self.line}"


def blocks(text: str, page: str = "README.md") -> list[Block]:
    """The fenced code blocks of ``text``, each with the reason of its "not run" marker."""
    found: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, fence = i, m.group("fence")
        body = []
        i += 1
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        before = next((x.strip() for x in reversed(lines[:start]) if x.strip()), "")
        marker = MARKER.match(before)
        found.append(
            Block(
                page,
                m.group("lang").lower(),
                start + 1,
                "\n".join(body) + "\n",
                marker.group("reason") if marker else None,
            )  # fmt: skip
        )
        i += 1
    return found


def _rel(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _page_blocks(lang: str) -> list:
    return [
        pytest.param(b, id=b.id, marks=[pytest.mark.skip(reason=b.skip)] if b.skip else [])
        for page in PAGES
        for b in blocks(page.read_text(encoding="utf-8"), _rel(page))
        if b.lang == lang
    ]


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A directory that looks like the repository (see the module docstring)."""
    for entry in ROOT.iterdir():
        if entry.name in {".git", "benchmarks"} or entry.name.startswith(".pytest"):
            continue
        (tmp_path / entry.name).symlink_to(entry)
    bench = tmp_path / "benchmarks"
    bench.mkdir()
    for entry in (ROOT / "benchmarks").iterdir():
        if entry.name == "results":
            shutil.copytree(entry, bench / "results")
        elif entry.name != "__pycache__":
            (bench / entry.name).symlink_to(entry)
    return tmp_path


def _run(argv: list[str], cwd: Path, block: Block) -> None:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    try:
        done = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, env=env,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(
            f"{block.page}: block at line {block.line} took over {TIMEOUT} s:\n{block.code}"
        )
    assert done.returncode == 0, (
        f"{block.page}: block at line {block.line} failed (exit {done.returncode}):\n{block.code}\n"
        f"--- stdout ---\n{done.stdout[-3000:]}\n--- stderr ---\n{done.stderr[-3000:]}"
    )


@pytest.mark.parametrize("block", _page_blocks("python"))
def test_python_block_runs(block: Block, scratch: Path) -> None:
    _run([sys.executable, "-c", block.code], scratch, block)


@pytest.mark.parametrize("block", _page_blocks("bash"))
def test_bash_block_runs(block: Block, scratch: Path) -> None:
    _run(["bash", "-e", "-o", "pipefail", "-c", block.code], scratch, block)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_not_run_marker_gives_a_reason_and_precedes_a_block(page: Path) -> None:
    lines = page.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if "not run" in line and line.lstrip().startswith("<!--"):
            assert MARKER.match(line.strip()), f"line {i + 1}: {line!r} (no reason?)"
            after = next((x for x in lines[i + 1 :] if x.strip()), "")
            assert FENCE.match(after), f"line {i + 1}: the marker is not followed by a block"


def test_every_page_has_a_block_or_a_link() -> None:
    """The pages were found (the glob is not broken) and the README links to the docs."""
    assert len(PAGES) > 10 and (DOCS / "index.md") in PAGES
    assert "](docs/index.md)" in README.read_text(encoding="utf-8")


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _prose(text: str) -> str:
    """A page without its code blocks."""
    return re.sub(r"^(```+|~~~+).*?^\1", "", text, flags=re.M | re.S)


def _anchors(page: Path) -> set[str]:
    prose = _prose(page.read_text(encoding="utf-8"))
    return {_slug(h) for h in re.findall(r"^#+\s+(.*)$", prose, re.M)}


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_links_stay_in_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    prose = _prose(text)
    links = re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", prose)
    links += re.findall(r"^\[[^\]]+\]:\s*(\S+)", prose, re.M)
    assert links or page != README, "no links found: the pattern is broken"
    in_docs = page != README
    for link in links:
        if re.match(r"^[a-z][a-z0-9+.-]*:", link):  # http:, https:, mailto:
            continue
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if path:
            assert ".." not in Path(path).parts, f"link {link!r} leaves its folder"
            assert target.is_relative_to(ROOT) and target.exists(), f"link {link!r}: no such file"
            if in_docs:
                assert target.is_relative_to(DOCS), f"link {link!r}: not a page of docs/"
        if anchor:
            assert target.suffix == ".md", f"link {link!r}: an anchor of a file that is not a page"
            assert anchor in _anchors(target), f"link {link!r}: no heading has that anchor"
    climbing = re.findall(r"(?<![\w.])\.\./[^\s`)]*", text)
    assert not climbing, f"paths outside the repository: {climbing}"


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines (at most {README_LINES})"
    assert lines[0] == "# empires"
    assert MARKER.match(lines[2]) and lines[3] == "```bash"
    assert lines[4].startswith("pip install -e . && empires play discovery")
    assert lines[5].startswith("pip install -e '.[test]' && python -m pytest")
    assert lines[6] == "```"


# A word of 7 to 40 hexadecimal digits holding both a digit and a letter: a commit hash.
HASH = re.compile(r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_no_commit_hash_in_prose(page: Path) -> None:
    """Figures and history are told by date and command; a command may name a git ref."""
    prose = _prose(page.read_text(encoding="utf-8"))
    assert not HASH.findall(prose), f"{_rel(page)}: commit hashes in prose: {HASH.findall(prose)}"


def test_the_parser_reads_markers_and_fences() -> None:
    sample = (
        "x\n\n```python\nprint(1)\n```\n\n<!-- not run: a server -->\n\n```bash\nempires serve\n"
        "```\n<!-- not run -->\n```text\nhello\n```\n"
    )
    found = blocks(sample)
    assert [(b.page, b.lang, b.line, b.skip) for b in found][0] == ("README.md", "python", 3, None)
    assert [(b.lang, b.line, b.skip) for b in found] == [
        ("python", 3, None),
        ("bash", 9, "a server"),
        ("text", 13, None),  # a marker without a reason does not count (and fails the test)
    ]
    assert found[0].code == "print(1)\n"
    assert _slug("Bot strength") == "bot-strength" and _slug("The engine as a library") == (
        "the-engine-as-a-library"
    )
    assert _slug("The compiled build (mypyc)") == "the-compiled-build-mypyc"
    assert HASH.findall("see 9d06475 or 3119f8fb01606a7e; not decade, 1234567, rom001") == [
        "9d06475",
        "3119f8fb01606a7e",
    ]
    assert _prose("a\n```bash\nx 9d06475\n```\nb\n") == "a\n\nb\n"
