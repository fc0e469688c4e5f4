"""Take the README's screenshots of the terminal game: ``python docs/tui_screenshots.py``.

Each game is played headlessly at 80x24 (the human at seat 1 takes the first choice a few
times against heuristic bots), then the screen is exported as SVG to docs/tui-<game>.svg.
"""

from __future__ import annotations

import asyncio
from argparse import Namespace
from pathlib import Path

from empires.cli.tui.app import GameApp
from empires.cli.tui.session import start

HERE = Path(__file__).parent
SHOTS = {  # game -> (players, seed, decisions played before the screenshot)
    "discovery": (3, 7, 14),
    "settlers": (2, 5, 4),
}


async def shoot(game: str, players: int, seed: int, decisions: int) -> None:
    args = Namespace(load=None, game=game, players=players, seats=None, seed=seed, plain=False)
    session = start(args)
    app = GameApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        for _ in range(decisions):
            await pilot.press("1", "enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
        path = HERE / f"tui-{game}.svg"
        path.write_text(app.export_screenshot(title=f"empires play {game}"), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    for name, (n, s, k) in SHOTS.items():
        asyncio.run(shoot(name, n, s, k))
