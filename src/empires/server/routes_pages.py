"""The browser UI: the lobby, game and replay pages, and their static files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(str(resources.files("empires.server").joinpath("static")))

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page():
    return FileResponse(STATIC / "index.html")


@router.get("/game/{game_id}")
async def game_page(game_id: str):
    return FileResponse(STATIC / "game.html")


@router.get("/replay/{game_id}")
async def replay_page(game_id: str):
    return FileResponse(STATIC / "replay.html")


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
