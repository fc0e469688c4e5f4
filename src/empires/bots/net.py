"""The learned evaluator's inference, in numpy only: a small policy-and-value MLP per game and
player count, loaded from ``.npz`` weights shipped in the package (``empires/bots/weights/GAME.npz``).

The network reads the observation tensor of the seat to move (the adapter's
``observation_tensor(state, seat)``: only what that seat may know, seats rotated so that it is
first) and gives

* **logits** over the game's fixed action space (``adapter.action_space_size(n)`` codes): the
  prior over the legal actions is the softmax of the legal codes' logits (:func:`legal_prior`);
* **values**, one per seat *relative to the seat to move* (relative seat ``q`` is absolute seat
  ``(seat + q) % n``), each in (0, 1): the network's estimate of the reward the search backs up
  (:func:`empires.bots.ismcts.soft_reward` of the final totals, or
  :func:`~empires.bots.ismcts.solo_reward` in a solo game; :func:`absolute_values` turns them
  round).

Architecture (one per player count, since tensor and action space sizes depend on it)::

    h1 = relu(x @ w0 + b0); h2 = relu(h1 @ w1 + b1)
    logits = h2 @ wp + bp; values = sigmoid(h2 @ wv + bv)

Weights file: one ``.npz`` per game, arrays ``n{N}/w0``, ``n{N}/b0``, ... for each player count
``N`` trained, stored as float16 (computed in float32), and ``meta``: a JSON string with the game,
each count's tensor-layout fingerprint (:func:`layout_fingerprint`) and how it was trained. A
count whose fingerprint no longer matches the game's tensor layout (the tensor changed since
training) is not used (:func:`load_net` returns None for it): the weights must be retrained
(``empires train GAME``). This module imports neither torch nor any game package.
"""

from __future__ import annotations

import hashlib
import io
import json
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from empires.core.adapter import get_adapter

LAYERS = ("w0", "b0", "w1", "b1", "wp", "bp", "wv", "bv")


def layout_fingerprint(game: str, num_players: int) -> str:
    """A short hash of the game's tensor layout (block names, offsets, shapes) and action space
    size for ``num_players``: weights trained on one layout are used only with the same."""
    adapter = get_adapter(game)
    layout = adapter.tensor_layout(num_players)
    text = json.dumps(
        [[k, off, list(shape)] for k, (off, shape) in layout.items()]
        + [adapter.action_space_size(num_players)]
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class PolicyValueNet:
    """One game and player count's MLP (float32 arrays; see the module docstring)."""

    def __init__(self, arrays: dict[str, np.ndarray], num_players: int) -> None:
        missing = [k for k in LAYERS if k not in arrays]
        if missing:
            raise ValueError(f"weights lack {', '.join(missing)}")
        self.num_players = num_players
        w = {k: np.ascontiguousarray(arrays[k], dtype=np.float32) for k in LAYERS}
        self.w0, self.b0, self.w1, self.b1 = w["w0"], w["b0"], w["w1"], w["b1"]
        self.wp, self.bp, self.wv, self.bv = w["wp"], w["bp"], w["wv"], w["bv"]
        self.input_size = self.w0.shape[0]
        self.action_size = self.wp.shape[1]
        if self.wv.shape[1] != num_players:
            raise ValueError(f"value head has {self.wv.shape[1]} outputs for {num_players} seats")

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Logits ``(B, A)`` and relative seat values ``(B, n)`` of a batch of tensors
        ``(B, D)`` (a single tensor ``(D,)`` is a batch of one)."""
        x = np.asarray(x, dtype=np.float32)
        if x.ndim == 1:
            x = x[None, :]
        h = x @ self.w0
        h += self.b0
        np.maximum(h, 0.0, out=h)
        h = h @ self.w1
        h += self.b1
        np.maximum(h, 0.0, out=h)
        logits = h @ self.wp
        logits += self.bp
        v = h @ self.wv
        v += self.bv
        values = 1.0 / (1.0 + np.exp(-np.clip(v, -30.0, 30.0)))
        return logits, values

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in LAYERS}


def legal_prior(logits: np.ndarray, codes: list[int] | np.ndarray) -> np.ndarray:
    """The softmax of ``logits`` over the legal ``codes`` (float64, sums to 1)."""
    z = logits[np.asarray(codes, dtype=np.intp)].astype(np.float64)
    z -= z.max()
    np.exp(z, out=z)
    z /= z.sum()
    return z


def absolute_values(values: np.ndarray, seat: int) -> list[float]:
    """Per absolute seat, the values a network gave relative to ``seat`` (the seat to move)."""
    n = len(values)
    out = [0.0] * n
    for q in range(n):
        out[(seat + q) % n] = float(values[q])
    return out


def relative(rewards: list[float], seat: int) -> list[float]:
    """The inverse of :func:`absolute_values`: rewards per absolute seat, rotated so that
    ``seat`` comes first (the training target of a position where ``seat`` is to move)."""
    n = len(rewards)
    return [float(rewards[(seat + q) % n]) for q in range(n)]


# ---- weights files ----------------------------------------------------------------------------
def shipped_path(game: str) -> Path:
    """Where the package keeps ``game``'s weights (the file may not exist)."""
    return Path(str(resources.files("empires.bots").joinpath("weights", f"{game}.npz")))


def save_weights(
    path: str | Path, game: str, nets: dict[int, PolicyValueNet], info: dict | None = None
) -> None:
    """Write ``nets`` (player count -> net) as ``game``'s weights file (float16, compressed)."""
    arrays: dict[str, np.ndarray] = {}
    for n, net in sorted(nets.items()):
        for k, a in net.arrays().items():
            arrays[f"n{n}/{k}"] = a.astype(np.float16)
    meta = {
        "game": game,
        "fingerprints": {str(n): layout_fingerprint(game, n) for n in nets},
        "info": info or {},
    }
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]  # (numpy stubs: allow_pickle)
    Path(path).write_bytes(buf.getvalue())


def read_weights(path: str | Path) -> tuple[dict, dict[int, dict[str, np.ndarray]]]:
    """The ``meta`` dict and each player count's arrays of a weights file."""
    with np.load(path, allow_pickle=False) as z:
        meta = json.loads(str(z["meta"]))
        per: dict[int, dict[str, np.ndarray]] = {}
        for key in z.files:
            if key == "meta":
                continue
            head, _, name = key.partition("/")
            per.setdefault(int(head[1:]), {})[name] = z[key]
    return meta, per


def nets_from_file(path: str | Path, game: str) -> dict[int, PolicyValueNet]:
    """The usable nets of a weights file: those whose layout fingerprint matches the game's
    tensor now (ValueError for a file of another game)."""
    meta, per = read_weights(path)
    if meta.get("game") != game:
        raise ValueError(f"{path} holds weights for {meta.get('game')!r}, not {game!r}")
    out = {}
    for n, arrays in per.items():
        if meta.get("fingerprints", {}).get(str(n)) == layout_fingerprint(game, n):
            out[n] = PolicyValueNet(arrays, n)
    return out


@cache
def _shipped(game: str) -> dict[int, PolicyValueNet]:
    path = shipped_path(game)
    return nets_from_file(path, game) if path.is_file() else {}


def load_net(game: str, num_players: int, path: str | Path | None = None) -> PolicyValueNet | None:
    """The net for ``game`` at ``num_players`` from ``path`` or the shipped weights (read once
    per process); None when there is none for that count or it no longer fits the tensor."""
    nets = _shipped(game) if path is None else nets_from_file(path, game)
    return nets.get(num_players)


def init_net(game: str, num_players: int, hidden: int = 64, seed: int = 0) -> PolicyValueNet:
    """A randomly initialised net (He-scaled weights, zero biases) of the right sizes; the
    trainer's starting point and the tests' reference."""
    adapter = get_adapter(game)
    d = int(np.prod(adapter.tensor_shape(num_players)))
    a = adapter.action_space_size(num_players)
    rng = np.random.default_rng(seed)

    def dense(i: int, o: int, scale: float = 1.0) -> np.ndarray:
        return (rng.standard_normal((i, o)) * scale * np.sqrt(2.0 / i)).astype(np.float32)

    arrays = {
        "w0": dense(d, hidden),
        "b0": np.zeros(hidden, np.float32),
        "w1": dense(hidden, hidden),
        "b1": np.zeros(hidden, np.float32),
        "wp": dense(hidden, a, 0.1),
        "bp": np.zeros(a, np.float32),
        "wv": dense(hidden, num_players, 0.1),
        "bv": np.zeros(num_players, np.float32),
    }
    return PolicyValueNet(arrays, num_players)


__all__ = [
    "PolicyValueNet",
    "absolute_values",
    "init_net",
    "layout_fingerprint",
    "legal_prior",
    "load_net",
    "nets_from_file",
    "read_weights",
    "relative",
    "save_weights",
    "shipped_path",
]
