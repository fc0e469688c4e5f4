"""Batches of games as Ray tasks, on a local Ray instance or an existing cluster.

The same units of work as the process backend (:func:`empires.sim.local.play_matches` on
consecutive slices of the games), gathered in game order: for the same seed and bots the results
are identical to :func:`empires.sim.local.run_matches` whatever the number of workers.

``address=None`` starts a private local instance with ``num_cpus=jobs`` (no dashboard, workers'
output not forwarded) and shuts it down afterwards; ``address="auto"`` or ``"HOST:PORT"``
connects to a running cluster (``ray start --head`` ...), and only disconnects afterwards. If Ray
is already initialised in this process (a notebook, a test fixture) that connection is used and
left open. ``RAY_ADDRESS`` is not consulted: pass ``address`` (``--address``) explicitly.

Ray is an optional dependency (``pip install 'empires[cluster]'``): importing this module does
not import it; :func:`require_ray` says clearly when it is missing.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from empires.sim.local import GameFailed, batch_size, game_name, play_matches

_remote_play = None  # the ray.remote wrapper of play_matches, built on first use
# How long a cluster address may take to accept a TCP connection before we give up.
PROBE_SECONDS = 5.0


class RayUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


def require_ray():
    """The ``ray`` module, or :class:`RayUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailable(
            f"the ray backend needs Ray (pip install 'empires[cluster]'): {exc}"
        ) from None
    return ray


@contextmanager
def ray_session(address: str | None = None, jobs: int | None = None) -> Iterator[Any]:
    """Yield the ``ray`` module connected to a cluster; disconnect afterwards if we connected."""
    ray = require_ray()
    if ray.is_initialized():
        yield ray
        return
    kwargs: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if address is None:
        # A private instance on this machine (never RAY_ADDRESS: the caller asked for local).
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        kwargs.update(address="local", num_cpus=max(1, jobs or os.cpu_count() or 1))
    else:
        _probe(address)
        kwargs.update(address=address)
    try:
        ray.init(**kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        hint = ""
        if address and os.environ.get("RAY_AUTH_MODE") is None:
            hint = (
                " (a cluster with token authentication needs RAY_AUTH_MODE=token, and "
                "RAY_AUTH_TOKEN if the token is not in ~/.ray/auth_token)"
            )
        raise RayUnavailable(f"cannot start or reach {where}: {exc}{hint}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _probe(address: str, timeout: float = PROBE_SECONDS) -> None:
    """Fail fast on a ``HOST:PORT`` where nothing listens (``ray.init`` would retry for minutes)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return  # "auto", "local" or a form Ray resolves itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise RayUnavailable(
            f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}"
        ) from None


def _remote(ray):
    global _remote_play
    if _remote_play is None:
        _remote_play = ray.remote(play_matches)
    return _remote_play


def _workers(ray, jobs: int | None) -> int:
    if jobs:
        return jobs
    try:
        return max(1, int(ray.cluster_resources().get("CPU", 1)))
    except Exception:  # only used to size the batches
        return 1


def run_ray_matches(
    game: Any,
    num_players: int,
    matches: Sequence[tuple[int, Sequence[str]]],
    *,
    options: Any = None,
    jobs: int | None = None,
    address: str | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_results: Callable[[list[dict]], None] | None = None,
    record: str | None = None,
) -> list[dict]:
    """Play one game per ``(seed, bots)`` pair as Ray tasks; results in ``matches`` order.

    ``on_results(batch)`` gets each batch's results as it finishes (batches may finish out of
    game order); the list returned is in game order.

    ``jobs`` is the local instance's CPU count (and sizes the batches); on a cluster it defaults
    to the cluster's CPUs. A failing game raises :class:`~empires.sim.local.GameFailed` naming its
    seed, as with processes.
    """
    matches = [(s, b if isinstance(b, str) else list(b)) for s, b in matches]
    if not matches:
        return []
    name = game_name(game)  # adapters need not pickle; names do
    with ray_session(address, jobs) as ray:
        play = _remote(ray)
        size = batch_size(len(matches), _workers(ray, jobs))
        work = [matches[i : i + size] for i in range(0, len(matches), size)]
        refs = [play.remote(name, num_players, batch, options, record) for batch in work]
        lengths = {ref: len(batch) for ref, batch in zip(refs, work, strict=True)}
        done_batches: dict[Any, list[dict]] = {}
        try:
            pending = list(refs)
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    try:
                        done_batches[ref] = ray.get(ref)
                    except ray.exceptions.RayTaskError:
                        # Report the first failing game in game order, as the processes do.
                        for earlier in refs[: refs.index(ref)]:
                            ray.get(earlier)
                        raise
                    if on_results:
                        on_results(done_batches[ref])
                    if on_progress:
                        on_progress(lengths[ref])
        except ray.exceptions.RayTaskError as exc:
            # The other batches are not cancelled: ray.cancel racing a batch that is finishing
            # aborts the whole driver process in Ray 2.60 ("Tried to complete task that was not
            # pending"). They end with the session (a local instance is shut down) or when this
            # process disconnects (Ray fails the tasks of an owner that is gone).
            cause = getattr(exc, "cause", None)
            if isinstance(cause, GameFailed):
                raise GameFailed(str(cause)) from None
            raise
    # In game order, whatever order the batches finished in.
    return [result for ref in refs for result in done_batches[ref]]


def run_ray(
    game: Any,
    num_players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    options: Any = None,
    jobs: int | None = None,
    address: str | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> list[dict]:
    """:func:`empires.sim.local.run_local` on Ray: seeds ``seed .. seed+games-1``, same bots."""
    matches = [(s, bots) for s in range(seed, seed + games)]
    return run_ray_matches(
        game,
        num_players,
        matches,
        options=options,
        jobs=jobs,
        address=address,
        on_progress=on_progress,
    )
