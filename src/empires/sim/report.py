"""Pictures of simulations and tournaments: an HTML report and a PNG, drawn with matplotlib.

``empires simulate ... --report FILE.html --plot FILE.png`` and the same on ``empires
tournament`` call :func:`write_report` and :func:`write_plot` with the command's JSON report and
its games' results. The data behind the charts is built first (:func:`simulation_data`,
:func:`tournament_data`: plain JSON) and embedded in the HTML as
``<script type="application/json" id="empires-report">`` next to the charts, so a reader (or a
test) can check every number against the command's ``--json`` output.

Charts (one library, matplotlib, Agg backend; the HTML embeds them as SVG with text kept as text):

* score distributions: a box plot per seat (simulations) or per bot (tournaments), one panel per
  score category of the game's breakdown (``total`` first);
* win rate by seat position with 95% Wilson score intervals (tournaments: also per bot);
* game length: the distribution of decisions per game (both games have a fixed number of turns:
  8 in Discovery, 5 rounds in Settlers, so turns do not vary);
* tournaments: each bot's rating (OpenSkill ``mu`` with its ``mu ± 2 sigma`` band) as the games
  accumulate, from :func:`empires.sim.tournament.rating_steps`.

A game whose first place is shared by ``k`` seats gives each ``1/k`` of a win, as in the
command's tables; the interval is computed on that (possibly fractional) count.
"""

from __future__ import annotations

import html
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# z for a two-sided 95% interval (the 0.975 quantile of the standard normal).
Z95 = 1.959963984540054

PLOTS_MISSING = "plots need matplotlib: pip install 'empires[plots]'"


class PlotsUnavailable(RuntimeError):
    """matplotlib is not installed (the ``plots`` extra)."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a proportion ``successes / n``
    (Wilson 1927; ``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate_row(wins: float, n: int, **key: Any) -> dict:
    low, high = wilson(wins, n)
    return {**key, "wins": wins, "n": n, "rate": wins / n if n else 0.0, "low": low, "high": high}


def _first(result: dict) -> list[int]:
    return list(result["ranking"][0]) if result["ranking"] else []


def _categories(results: Sequence[dict]) -> list[str]:
    out: list[str] = []
    for r in results:
        for row in r["scores"]:
            out += [k for k in row if k not in out]
    return (["total"] if "total" in out else []) + [c for c in out if c != "total"]


def _games(results: Sequence[dict]) -> list[dict]:
    keys = ("seed", "bots", "scores", "ranking", "decisions")
    return [{k: r[k] for k in keys} for r in results]


def seat_win_rates(results: Sequence[dict], num_players: int) -> list[dict]:
    """Per seat position: wins (ties shared), games, rate and its 95% Wilson interval."""
    rows = []
    for seat in range(num_players):
        wins = sum(1.0 / len(f) for f in map(_first, results) if seat in f)
        rows.append(_rate_row(wins, len(results), seat=seat))
    return rows


def simulation_data(report: dict, results: Sequence[dict]) -> dict:
    """The data of a simulation's charts: the command's ``report`` (its ``--json`` output) as
    ``summary``, every game's result, and the win rate of each seat with its interval."""
    return {
        "kind": "simulate",
        "title": f"{report['games']} games of {report['game']}, {report['players']} players",
        "summary": report,
        "categories": _categories(results),
        "games": _games(results),
        "seat_win_rates": seat_win_rates(results, report["players"]),
    }


def rating_history(results: Sequence[dict], bots: Sequence[str]) -> dict:
    """Each bot's ``mu`` and ``mu ± 2 sigma`` after 0, 1, ... len(results) games."""
    from empires.sim.tournament import rating_steps

    steps = list(rating_steps(results, bots))
    out: dict[str, Any] = {"games": list(range(len(steps))), "bots": {}}
    for bot in steps[-1]:
        seq = [s.get(bot, steps[-1][bot]) for s in steps]
        out["bots"][bot] = {
            "mu": [mu for mu, _ in seq],
            "low": [mu - 2 * sigma for mu, sigma in seq],
            "high": [mu + 2 * sigma for mu, sigma in seq],
        }
    return out


def bot_win_rates(results: Sequence[dict], bots: Sequence[str]) -> list[dict]:
    """Per bot: wins over the seats it held (ties shared) with the 95% Wilson interval."""
    rows = []
    for bot in bots:
        wins, seats = 0.0, 0
        for r in results:
            first = _first(r)
            for j, b in enumerate(r["bots"]):
                if b == bot:
                    seats += 1
                    wins += 1.0 / len(first) if j in first else 0.0
        rows.append(_rate_row(wins, seats, bot=bot))
    return rows


def tournament_data(report: dict, results: Sequence[dict]) -> dict:
    """The data of a tournament's charts (see :func:`simulation_data`), with the ratings as the
    games accumulate and the win rate of each bot."""
    bots = list(report["bots"])
    return {
        "kind": "tournament",
        "title": (
            f"Tournament: {report['games']} games of {report['game']}, "
            f"{report['players']} players, {len(bots)} bots"
        ),
        "summary": report,
        "categories": _categories(results),
        "games": _games(results),
        "seat_win_rates": seat_win_rates(results, report["players"]),
        "bot_win_rates": bot_win_rates(results, bots),
        "rating_history": rating_history(results, bots),
    }


# ---- charts -------------------------------------------------------------------------------------


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotsUnavailable(PLOTS_MISSING) from None
    return plt


def seat_label(seat: int) -> str:
    """A seat as people count it: seat 0 of the data is "Player 1"."""
    return f"Player {seat + 1}"


def _groups(data: dict) -> tuple[list[str], list[list[dict]]]:
    """The labels and per-group score rows the distributions are drawn for: seats in a
    simulation, bots in a tournament (every seat a bot held)."""
    games = data["games"]
    if data["kind"] == "simulate":
        seats = data["summary"]["seats"]
        labels = [f"{seat_label(s['seat'])} {s['bot']}" for s in seats]
        return labels, [[g["scores"][s["seat"]] for g in games] for s in seats]
    bots = list(data["summary"]["bots"])
    rows: list[list[dict]] = [[] for _ in bots]
    for g in games:
        for j, b in enumerate(g["bots"]):
            rows[bots.index(b)].append(g["scores"][j])
    return bots, rows


def draw_scores(ax_list: Sequence[Any], data: dict) -> None:
    """One box plot per category (seats or bots side by side)."""
    labels, rows = _groups(data)
    for ax, cat in zip(ax_list, data["categories"], strict=False):
        values = [[float(s.get(cat, 0)) for s in group] for group in rows]
        ax.boxplot(values, tick_labels=labels, showmeans=True)
        ax.set_title("Total score" if cat == "total" else cat.replace("_", " ").capitalize())
        ax.set_ylabel("VP")
        ax.tick_params(axis="x", labelrotation=20)


def draw_win_rates(ax: Any, rows: Sequence[dict], key: str, title: str) -> None:
    """Win rate bars with their 95% intervals as error bars."""
    labels = [seat_label(r[key]) if key == "seat" else str(r[key]) for r in rows]
    rates = [r["rate"] for r in rows]
    err = [
        [max(0.0, r["rate"] - r["low"]) for r in rows],
        [max(0.0, r["high"] - r["rate"]) for r in rows],
    ]
    ax.bar(labels, rates, yerr=err, capsize=6, color="#4c78a8", label="win rate (95% interval)")
    ax.set_ylim(0, 1.12)
    ax.set_ylabel("win rate")
    ax.set_title(title)
    for x, r in enumerate(rows):
        ax.annotate(f"{100 * r['rate']:.1f}%", (x, r["high"]), ha="center", va="bottom")


def draw_length(ax: Any, data: dict) -> None:
    decisions = [g["decisions"] for g in data["games"]]
    ax.hist(decisions, bins=min(30, max(5, len(set(decisions)))), color="#72b7b2")
    mean = sum(decisions) / len(decisions)
    ax.axvline(mean, color="#e45756", label=f"mean {mean:.0f}")
    ax.set_title("Game length")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.legend()


def draw_ratings(ax: Any, data: dict) -> None:
    hist = data["rating_history"]
    x = hist["games"]
    for bot, series in hist["bots"].items():
        (line,) = ax.plot(x, series["mu"], label=bot)
        ax.fill_between(x, series["low"], series["high"], alpha=0.15, color=line.get_color())
    ax.set_title("Rating as the games accumulate (μ, band μ ± 2σ)")
    ax.set_xlabel("games played")
    ax.set_ylabel("OpenSkill μ")
    ax.legend()


def draw_category_means(ax: Any, data: dict) -> None:
    """Mean score per category stacked into each seat's (or bot's) mean total."""
    labels, rows = _groups(data)
    bottoms = [0.0] * len(labels)
    for cat in (c for c in data["categories"] if c != "total"):
        means = [
            math.fsum(float(s.get(cat, 0)) for s in group) / len(group) if group else 0.0
            for group in rows
        ]
        ax.bar(labels, means, bottom=bottoms, label=cat.replace("_", " "))
        bottoms = [b + m for b, m in zip(bottoms, means, strict=True)]
    ax.set_title("Mean score by category")
    ax.set_ylabel("VP")
    ax.tick_params(axis="x", labelrotation=20)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _figure(plt: Any, panels: int, cols: int, height: float) -> tuple[Any, list[Any]]:
    rows = math.ceil(panels / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, height * rows), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[panels:]:
        ax.set_visible(False)
    return fig, flat[:panels]


def figures(data: dict) -> list[tuple[str, Any]]:
    """``(heading, matplotlib Figure)`` for each chart of the HTML report, in order."""
    plt = _pyplot()
    out: list[tuple[str, Any]] = []
    if data["kind"] == "tournament":
        fig, (ax,) = _figure(plt, 1, 1, 4.2)
        fig.set_figwidth(9)
        draw_ratings(ax, data)
        out.append(("Ratings as the games accumulate", fig))
        fig, (ax,) = _figure(plt, 1, 1, 3.8)
        draw_win_rates(ax, data["bot_win_rates"], "bot", "Win rate by bot (per seat held)")
        out.append(("Win rate by bot", fig))
    fig, (ax,) = _figure(plt, 1, 1, 3.8)
    draw_win_rates(ax, data["seat_win_rates"], "seat", "Win rate by seat position")
    out.append(("Win rate by seat position", fig))
    cats = data["categories"]
    fig, axes = _figure(plt, len(cats), min(3, len(cats)), 3.6)
    draw_scores(axes, data)
    who = "seat" if data["kind"] == "simulate" else "bot"
    out.append((f"Score distributions per {who} and category", fig))
    fig, (ax,) = _figure(plt, 1, 1, 3.6)
    draw_category_means(ax, data)
    out.append(("Mean score by category", fig))
    fig, (ax,) = _figure(plt, 1, 1, 3.4)
    draw_length(ax, data)
    out.append(("Game length", fig))
    for _, f in out:
        f.tight_layout()
    return out


def plot_figure(data: dict) -> Any:
    """One figure with the main charts (what ``--plot FILE.png`` writes)."""
    plt = _pyplot()
    fig, axes = _figure(plt, 4, 2, 4.0)
    if data["kind"] == "tournament":
        draw_ratings(axes[0], data)
        draw_win_rates(axes[1], data["bot_win_rates"], "bot", "Win rate by bot (95% interval)")
    else:
        draw_win_rates(axes[0], data["seat_win_rates"], "seat", "Win rate by seat (95% interval)")
        draw_scores([axes[1]], {**data, "categories": ["total"]})
    draw_category_means(axes[2], data)
    draw_length(axes[3], data)
    fig.suptitle(data["title"])
    fig.tight_layout()
    return fig


def write_plot(path: str | Path, data: dict) -> None:
    """The main charts as one PNG."""
    plt = _pyplot()
    fig = plot_figure(data)
    try:
        fig.savefig(path, format="png", dpi=100)
    finally:
        plt.close(fig)


def _svg(fig: Any) -> str:
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "empires"}):
        fig.savefig(buf, format="svg")
    text = buf.getvalue()
    return text[text.index("<svg") :]  # inline: no XML prolog or doctype


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _rate_table(rows: Sequence[dict], key: str) -> str:
    return _table(
        [
            key.capitalize(),
            "Wins",
            "Games" if key == "seat" else "Seats",
            "Win rate",
            "95% interval",
        ],
        [
            [
                seat_label(r[key]) if key == "seat" else r[key],
                f"{r['wins']:g}",
                r["n"],
                f"{100 * r['rate']:.1f}%",
                f"{100 * r['low']:.1f}%–{100 * r['high']:.1f}%",
            ]
            for r in rows
        ],
    )


STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .6em;
text-align:right}th{background:#f3f3f3}figure{margin:0 0 2em}svg{max-width:100%;height:auto}"""


def report_html(data: dict) -> str:
    """The whole HTML report: heading, tables, the charts as inline SVG and the data as JSON."""
    plt = _pyplot()
    parts = [f"<h1>{html.escape(data['title'])}</h1>"]
    summary = data["summary"]
    parts.append(
        f"<p>Seeds {summary['seed']}..{summary['seed'] + summary['games'] - 1}; "
        f"{summary['mean_decisions']:.1f} decisions per game on average. Win rates count a "
        "shared first place as a fraction of a win; intervals are 95% Wilson score intervals. "
        "The data at the end of the page numbers seats from 0 (Player 1 is seat 0).</p>"
    )
    if data["kind"] == "tournament":
        parts.append(_rate_table(data["bot_win_rates"], "bot"))
    parts.append(_rate_table(data["seat_win_rates"], "seat"))
    for heading, fig in figures(data):
        parts.append(f"<figure><h2>{html.escape(heading)}</h2>{_svg(fig)}</figure>")
        plt.close(fig)
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    parts.append(f'<script type="application/json" id="empires-report">{blob}</script>')
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(data['title'])}</title><style>{STYLE}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )


def write_report(path: str | Path, data: dict) -> None:
    Path(path).write_text(report_html(data), encoding="utf-8")


def read_report_data(text: str) -> dict:
    """The data embedded in a report's HTML (what :func:`report_html` wrote)."""
    start = text.index('<script type="application/json" id="empires-report">')
    start = text.index(">", start) + 1
    return json.loads(text[start : text.index("</script>", start)])
