"""The websocket of a game: one per client (see :mod:`empires.server.websocket_session`)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from empires.server.websocket_session import Session

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def ws_game(websocket: WebSocket, game_id: str):
    client = websocket.client.host if websocket.client else "unknown"
    state = websocket.app.state
    await Session(websocket, state.manager, game_id, client, state.max_ws_message).run()
