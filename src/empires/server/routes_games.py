"""The games API: create a game, read a seat's or spectator's view, act, and replay a finished
game."""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request, Response

from empires.server.api import (
    ActionBody,
    CreateGame,
    Credentials,
    Manager,
    check_reads,
    check_sends,
    client_of,
    error_responses,
    seat_of,
)
from empires.server.manager import SPECTATOR, ApiError, GameManager, LiveGame
from empires.server.routes_accounts import link_new_game
from empires.server.take_back import public_undos
from empires.server.view_language import language, localized
from empires.server.view_names import component_names

router = APIRouter()


@router.post("/api/games", status_code=201, responses=error_responses(503))
async def create_game(body: CreateGame, request: Request, manager: Manager):
    game, tokens = await manager.create(
        body.game,
        [s.model_dump() for s in body.seats],
        body.options,
        body.seed,
        client=client_of(request),
        practice=body.practice,
        public=body.public,
        table=body.table(),
    )
    created = _created(game, tokens)
    # Logged in (empires.server.accounts): the creator's seat is now their account's.
    created["account_seat"] = await link_new_game(request, manager, game, tokens)
    return created


@router.get("/api/games/{game_id}", responses=error_responses(401, 403, 404, 410, 503))
async def get_game(
    game_id: str, request: Request, credentials: Credentials, manager: Manager, lang: str = "en"
):
    """The caller's view; ``lang`` (es, it, pt; else English) the language of its words."""
    check_reads(manager, request)
    game, seat = await seat_of(manager, game_id, credentials)
    manager.touch(game, seat)
    if seat is not None and not game.owned:  # (a copy followed for spectators: shared_log)
        await manager.table.offer_undo(game)
    message = game.full_message(seat, language(lang))
    return Response(message, media_type="application/json")


@router.post(
    "/api/games/{game_id}/actions", responses=error_responses(401, 403, 404, 409, 410, 503)
)
async def post_action(
    game_id: str, body: ActionBody, request: Request, credentials: Credentials, manager: Manager
):
    check_sends(manager, request, "you are sending actions too fast")
    game, seat = await seat_of(manager, game_id, credentials, body.token)
    entry = await manager.submit(game, seat, body.action, body.expect)
    return {
        "accepted": entry,
        "actions": len(game.log),
        "duplicate": bool(entry.pop("duplicate", False)),
    }


async def _finished(manager: GameManager, game_id: str, request: Request, credentials) -> LiveGame:
    check_reads(manager, request)
    game, _ = await seat_of(manager, game_id, credentials)
    if game.status != "finished":
        raise ApiError(
            409, "not_finished", "the replay of a game is available once the game is over"
        )
    return game


@router.get("/api/games/{game_id}/replay", responses=error_responses(401, 403, 404, 409, 410, 503))
async def get_replay(
    game_id: str, request: Request, credentials: Credentials, manager: Manager, lang: str = "en"
):
    """The finished game; ``lang`` (es, it, pt; else English) the language of its words."""
    game = await _finished(manager, game_id, request, credentials)
    st, lang = game.state, language(lang)
    return localized(
        {
            "game": game.summary(),
            "history": game.public_history(),
            "log": game.public_log(lang),
            "events": game.public_events_in(lang),
            "hints": game.hints_for(None),
            "undos": public_undos(game.undos),  # actions taken back (empires.server.take_back)
            "result": {
                "scores": st.scores(),
                "ranking": st.ranking(),
                "score_track": game.score_track(),
            },
        },
        lang,
    )


@router.get(
    "/api/games/{game_id}/replay/{step}", responses=error_responses(401, 403, 404, 409, 410, 503)
)
async def get_replay_step(
    game_id: str,
    step: int,
    request: Request,
    credentials: Credentials,
    manager: Manager,
    lang: str = "en",
):
    game, lang = await _finished(manager, game_id, request, credentials), language(lang)
    if not 0 <= step <= len(game.log):
        raise ApiError(404, "no_such_step", f"steps run from 0 to {len(game.log)}")
    # A finished game never changes: its replay is computed in a worker thread.
    observation, events = await anyio.to_thread.run_sync(game.replay_observation, step)
    answer: dict[str, Any] = {
        "step": step,
        "steps": len(game.log),
        "log": [game.public_log(lang)[step - 1]] if step else [],  # its words, as "entry" is
        "observation": observation,
        "names": component_names(game.game, observation),  # what it shows by id
        "event_seqs": events,
    }
    answer = localized(answer, lang)
    answer["entry"] = answer.pop("log")[0] if step else None
    return answer


def _created(game: LiveGame, tokens: dict) -> dict:
    seats = []
    for seat in game.seats:
        out = seat.public()
        token = tokens.get(seat.seat)
        if token is not None:
            out["token"] = token
            out["url"] = f"/game/{game.id}#token={token}"
        seats.append(out)
    spectator = tokens[SPECTATOR]
    summary = game.summary()
    return {
        "id": game.id,
        "game": game.game,
        "num_players": len(game.seats),
        "options": summary["options"],
        "seats": seats,
        "seeded": game.seeded,
        "practice": game.practice,
        "status": game.status,
        "listed": game.listed,
        "join_url": f"/#join={game.id}" if game.status == "waiting" else None,
        "seed_commitment": summary["seed_commitment"],
        "spectator": {
            "token": spectator,
            "url": f"/game/{game.id}#token={spectator}",
            "replay_url": f"/replay/{game.id}#token={spectator}",
        },
    }
