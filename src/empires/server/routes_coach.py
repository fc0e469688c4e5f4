"""The coach's API: a hint for the seat to play in a practice game, and a finished game's
post-game analysis (started in the background, polled, stored); see
:mod:`empires.server.coach`."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from empires.server.api import (
    Credentials,
    Manager,
    check_reads,
    check_sends,
    error_responses,
    seat_of,
)
from empires.server.view_language import language, localized_analysis, localized_hint

router = APIRouter()


@router.post("/api/games/{game_id}/hint", responses=error_responses(401, 403, 404, 409, 410, 503))
async def post_hint(
    game_id: str, request: Request, credentials: Credentials, manager: Manager, lang: str = "en"
):
    """The hint for the token's seat's current decision (practice games only): the search's
    top moves, best first, with their estimated win probability, and why the best is best;
    ``lang`` (es, it, pt; else English) the language of its words."""
    check_sends(manager, request, "you are asking too fast")
    game, seat = await seat_of(manager, game_id, credentials)
    return localized_hint(await manager.coach.hint(game, seat), language(lang))


@router.get(
    "/api/games/{game_id}/analysis", responses=error_responses(401, 403, 404, 409, 410, 503)
)
async def get_analysis(
    game_id: str, request: Request, credentials: Credentials, manager: Manager, lang: str = "en"
):
    """Where the finished game's analysis stands: ``status`` none, queued, running (``done`` of
    ``total`` decisions), failed (``detail``) or done (``analysis``, its moves' words in
    ``lang``)."""
    check_reads(manager, request)
    game, _ = await seat_of(manager, game_id, credentials)
    return localized_analysis(await manager.coach.analysis(game), language(lang))


@router.post(
    "/api/games/{game_id}/analysis",
    status_code=202,
    responses=error_responses(401, 403, 404, 409, 410, 503),
)
async def post_analysis(
    game_id: str,
    request: Request,
    response: Response,
    credentials: Credentials,
    manager: Manager,
    lang: str = "en",
):
    """Start the finished game's analysis (once: a stored or running one is returned as is)."""
    check_sends(manager, request, "you are asking too fast")
    game, _ = await seat_of(manager, game_id, credentials)
    out = await manager.coach.start(game)
    if out["status"] == "done":
        response.status_code = 200
    return localized_analysis(out, language(lang))
