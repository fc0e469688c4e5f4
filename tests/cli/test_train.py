"""``empires train`` (issue #32): the self-play data and its targets (no torch needed), the gate,
and a tiny end-to-end run when PyTorch is installed."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from empires.bots import net as netmod
from empires.bots.az import AZBot
from empires.cli import main
from empires.cli.train import Samples, gate, selfplay_game, teacher_game
from empires.core.adapter import get_adapter


def check_samples(samples: Samples, game: str, n: int) -> None:
    """Every position: the seat's tensor, distinct legal codes in the action space, a policy
    target over them that sums to 1, and one value in [0, 1] per seat."""
    adapter = get_adapter(game)
    d = int(np.prod(adapter.tensor_shape(n)))
    a = adapter.action_space_size(n)
    assert len(samples) > 10
    assert len(samples.x) == len(samples.codes) == len(samples.policy) == len(samples.value)
    for x, codes, pi, v in zip(
        samples.x, samples.codes, samples.policy, samples.value, strict=True
    ):
        assert x.shape == (d,) and x.dtype == np.float16 and (x >= 0).all()
        assert len(codes) >= 2 and len(set(codes.tolist())) == len(codes)
        assert codes.min() >= 0 and codes.max() < a
        assert pi.shape == codes.shape and (pi >= 0).all()
        assert abs(float(pi.sum()) - 1.0) < 1e-5
        assert v.shape == (n,) and (v >= 0).all() and (v <= 1).all()


def test_teacher_positions_hold_the_tensor_the_legal_codes_and_the_result():
    adapter = get_adapter("discovery")
    samples = teacher_game(adapter, 2, 4, "heuristic")
    check_samples(samples, "discovery", 2)
    # The same game replayed: the first position is the seat to move's tensor at the start.
    state = adapter.new_game(2, 4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    first = adapter.observation_tensor(state, state.current_player).astype(np.float16)
    np.testing.assert_array_equal(samples.x[0], first)
    # A 2-player game's values, seen from each seat, are the same two numbers turned round.
    totals = {tuple(sorted(v.tolist())) for v in samples.value}
    assert len(totals) == 1
    again = teacher_game(adapter, 2, 4, "heuristic")  # reproducible from its seed
    assert all((a == b).all() for a, b in zip(samples.policy, again.policy, strict=True))


def test_solo_teacher_with_ismcts_visit_shares():
    samples = teacher_game(get_adapter("settlers"), 1, 2, "ismcts:3:depth=4:gap=none")
    check_samples(samples, "settlers", 1)
    # Visit shares of 3 iterations are multiples of 1/3.
    shares = np.concatenate(samples.policy)
    assert np.allclose(shares * 3, np.round(shares * 3), atol=1e-5)
    assert len({float(v[0]) for v in samples.value}) == 1  # one seat, one result


@pytest.mark.parametrize("game,n", [("discovery", 3), ("settlers", 2)])
def test_selfplay_positions_have_visit_share_targets(game, n):
    adapter = get_adapter(game)
    nets = {n: netmod.init_net(game, n, hidden=8, seed=3)}
    samples = selfplay_game(adapter, n, 6, nets, iterations=4, explore=10)
    check_samples(samples, game, n)
    # The whole budget is spent: the root's first visit evaluates it, the 3 others visit its
    # children, so the shares are multiples of 1/3.
    shares = np.concatenate(samples.policy)
    assert np.allclose(shares * 3, np.round(shares * 3), atol=1e-5)


def test_gate_lets_a_net_through_only_when_it_wins_its_share():
    adapter = get_adapter("settlers")
    a = netmod.init_net("settlers", 1, hidden=4, seed=1)
    assert gate(adapter, 1, a, None, 4, 2, 0) == (1.0, 0.0, True)  # nothing to beat yet
    score, need, ok = gate(adapter, 1, a, a, 2, 2, 0)  # the same net: the same games
    assert score == need and ok


def test_train_without_torch_says_what_to_install(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch raises ImportError
    out = tmp_path / "w.npz"
    code = main(["train", "settlers", "--players", "1", "--games", "1", "--out", str(out)])
    assert code == 2 and not out.exists()
    assert "empires[train]" in capsys.readouterr().err


def test_train_refuses_bad_flags(capsys):
    assert main(["train", "discovery", "--players", "9", "--games", "1"]) == 2
    assert main(["train", "discovery", "--games", "0"]) == 2
    assert main(["train", "discovery", "--teacher", "random"]) == 2


def test_tiny_training_run_end_to_end(tmp_path, capsys):
    pytest.importorskip("torch")  # the train extra: CI's train stage (.ci/user_paths.py train)
    out = tmp_path / "settlers.npz"
    args = ["train", "settlers", "--players", "1", "--games", "1", "--generations", "2"]
    args += ["--iterations", "2", "--eval-games", "1", "--epochs", "1", "--hidden", "8"]
    assert main([*args, "--out", str(out), "--seed", "3"]) == 0
    meta, _ = netmod.read_weights(out)
    log = meta["info"]["counts"]["1"]
    assert [e["data"] for e in log] == ["heuristic", "az"]
    net = netmod.load_net("settlers", 1, out)
    assert net is not None and net.w0.shape[1] == 8
    state = get_adapter("settlers").new_game(1, 4)
    bot = AZBot(1, iterations=3, nets={1: net})
    assert bot.choose(state) in state.legal_actions() and not bot.net_missing
    # Reproducible from the seed: the same flags write the same weights.
    again = tmp_path / "again.npz"
    assert main([*args, "--out", str(again), "--seed", "3"]) == 0
    second = netmod.load_net("settlers", 1, again)
    for k in netmod.LAYERS:
        np.testing.assert_array_equal(getattr(net, k), getattr(second, k))
