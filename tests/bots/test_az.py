"""The az bot (issue #32): numpy inference, the search, its specs, the shipped weights, and that
playing never imports torch."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from empires.bots import make_bot
from empires.bots import net as netmod
from empires.bots.az import PURE, AZBot, from_spec, legal_codes
from empires.core.adapter import get_adapter
from empires.core.rng import Rng

COUNTS = [("discovery", n) for n in range(2, 7)] + [("settlers", n) for n in range(1, 5)]


# ---- inference ---------------------------------------------------------------------------------
def reference_forward(net: netmod.PolicyValueNet, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The network written out neuron by neuron in float64 (no matrix products)."""
    w = {k: getattr(net, k).astype(np.float64) for k in netmod.LAYERS}

    def dense(v, weight, bias, relu):
        out = np.array(
            [sum(v[i] * weight[i, j] for i in np.flatnonzero(v)) for j in range(len(bias))]
        )
        out = out + bias
        return np.maximum(out, 0.0) if relu else out

    h = dense(x.astype(np.float64), w["w0"], w["b0"], True)
    h = dense(h, w["w1"], w["b1"], True)
    logits = dense(h, w["wp"], w["bp"], False)
    values = 1.0 / (1.0 + np.exp(-dense(h, w["wv"], w["bv"], False)))
    return logits, values


@pytest.mark.parametrize("game,n", [("discovery", 3), ("settlers", 1)])
def test_inference_matches_a_reference_computation(game, n):
    adapter = get_adapter(game)
    net = netmod.init_net(game, n, hidden=8, seed=4)
    net.b0[:] = 0.05  # (biases are zero at initialisation: make them count)
    net.bv[:] = np.arange(n) * 0.3
    state = adapter.new_game(n, 5)
    x = adapter.observation_tensor(state, state.current_player)
    logits, values = net.forward(np.stack([x, x * 0.5]))
    ref_logits, ref_values = reference_forward(net, x)
    assert logits.shape == (2, adapter.action_space_size(n)) and values.shape == (2, n)
    np.testing.assert_allclose(logits[0], ref_logits, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(values[0], ref_values, rtol=1e-5, atol=1e-5)
    one_logits, one_values = net.forward(x * 0.5)  # a single tensor is a batch of one
    np.testing.assert_allclose(one_logits[0], logits[1], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(one_values[0], values[1], rtol=1e-6)
    codes = legal_codes(state, adapter)
    prior = netmod.legal_prior(logits[0], codes)
    z = np.exp(ref_logits[codes] - ref_logits[codes].max())
    np.testing.assert_allclose(prior, z / z.sum(), rtol=1e-4)
    assert abs(prior.sum() - 1.0) < 1e-12


def test_seat_rotation_round_trips():
    rewards = [0.1, 0.2, 0.3, 0.4]
    for seat in range(4):
        rel = netmod.relative(rewards, seat)
        assert rel[0] == rewards[seat]
        assert netmod.absolute_values(np.array(rel), seat) == pytest.approx(rewards)


def test_weights_file_round_trip_in_float16(tmp_path):
    nets = {2: netmod.init_net("discovery", 2, hidden=8, seed=1)}
    path = tmp_path / "w.npz"
    netmod.save_weights(path, "discovery", nets, {"note": "test"})
    meta, _ = netmod.read_weights(path)
    assert meta["game"] == "discovery" and meta["info"] == {"note": "test"}
    back = netmod.nets_from_file(path, "discovery")[2]
    for k in netmod.LAYERS:
        np.testing.assert_array_equal(getattr(back, k), getattr(nets[2], k).astype(np.float16))
    with pytest.raises(ValueError, match="not 'settlers'"):
        netmod.nets_from_file(path, "settlers")


def test_weights_of_another_layout_are_not_used(tmp_path):
    path = tmp_path / "w.npz"
    netmod.save_weights(path, "discovery", {2: netmod.init_net("discovery", 2, hidden=4)})
    data = dict(np.load(path))
    meta = json.loads(str(data["meta"]))
    meta["fingerprints"]["2"] = "0" * 16  # trained on a tensor that has changed since
    data["meta"] = np.array(json.dumps(meta))
    np.savez(path, **data)
    assert netmod.nets_from_file(path, "discovery") == {}
    assert netmod.load_net("discovery", 2, path) is None


@pytest.mark.parametrize("game,n", COUNTS)
def test_shipped_weights_fit_the_current_tensors(game, n):
    """Every player count of both games has a network trained on today's tensor layout (a
    changed tensor needs `empires train GAME` again)."""
    assert netmod.shipped_path(game).is_file()
    net = netmod.load_net(game, n)
    assert net is not None, f"{game} {n}p: no shipped network fits the tensor (retrain)"
    adapter = get_adapter(game)
    assert net.input_size == int(np.prod(adapter.tensor_shape(n)))
    assert net.action_size == adapter.action_space_size(n)


def test_shipped_weights_are_small():
    total = sum(netmod.shipped_path(g).stat().st_size for g in ("discovery", "settlers"))
    assert total < 6 * 2**20


# ---- the search --------------------------------------------------------------------------------
def play_game(game: str, n: int, seed: int, spec: str) -> tuple[list[str], object]:
    adapter = get_adapter(game)
    state = adapter.new_game(n, seed)
    bots = [make_bot(spec, game, seed * 10 + i) for i in range(n)]
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        assert action in legal
        actions.append(str(action))
        state.apply(action)
    return actions, state


@pytest.mark.parametrize("game,n", COUNTS)
def test_plays_whole_games_at_every_player_count(game, n):
    actions, state = play_game(game, n, 3, "az:3:batch=2")
    assert state.is_terminal() and len(actions) > 20
    assert len(state.scores()) == n


@pytest.mark.parametrize("game,n", [("discovery", 2), ("settlers", 1)])
def test_deterministic_for_a_seed(game, n):
    a, _ = play_game(game, n, 8, "az:6")
    b, _ = play_game(game, n, 8, "az:6")
    assert a == b


def _tree(bot: AZBot) -> dict:
    root = bot.last_root
    return {str(a): (c.visits, c.avail, round(c.total, 9)) for a, c in root.children.items()}


def test_never_reads_hidden_information():
    """Searched from the real game and from a determinization of it (what the seat sees is the
    same, the hidden cards and counters differ), the trees are identical."""
    from tests.bots.test_ismcts import position

    game = position(2, 21, 70)
    me = game.current_player
    other = game.determinize(me, Rng(987654321))
    assert other.to_json() != game.to_json()
    a, b = AZBot(13, iterations=40, gap=None), AZBot(13, iterations=40, gap=None)
    assert a.choose(game) == b.choose(other)
    assert _tree(a) == _tree(b)
    assert a.last_iterations == b.last_iterations > 1


def test_the_search_uses_the_network():
    """The prior steers the visits: a network that prefers one legal action above all
    (its logit raised) gives that action most visits; without a network the search still
    plays (uniform prior, the adapter's estimate at the leaves)."""
    from tests.bots.test_ismcts import position

    game = position(2, 5, 40)
    adapter = get_adapter("discovery")
    codes = legal_codes(game, adapter)
    net = netmod.init_net("discovery", 2, hidden=8, seed=2)
    net.wp[:] = 0.0
    net.bp[:] = 0.0
    net.bp[codes[-1]] = 8.0
    bot = AZBot(1, iterations=30, nets={2: net}, early_stop=None, **PURE)
    assert bot.choose(game) == game.legal_actions()[-1]
    assert not bot.net_missing
    blind = AZBot(1, iterations=30, nets={}, **PURE)
    assert blind.choose(game) in game.legal_actions() and blind.net_missing


def test_mix_values_leaves_by_the_estimate():
    """``mix=1``: the leaves are valued by the adapter's estimate alone, so two nets that differ
    only in their value head search alike; ``mix=0`` (the default): they do not."""
    from tests.bots.test_ismcts import position

    game = position(2, 6, 50)
    a = netmod.init_net("discovery", 2, hidden=8, seed=5)
    b = netmod.PolicyValueNet(a.arrays(), 2)
    b.bv = b.bv + np.array([3.0, -3.0], np.float32)  # (arrays() shares a's arrays: a new bv)
    trees = []
    for mix in (1.0, 0.0):
        for net in (a, b):
            bot = AZBot(3, iterations=30, nets={2: net}, mix=mix, early_stop=None, gap=None)
            bot.choose(game)
            trees.append(_tree(bot))
    assert trees[0] == trees[1]
    assert trees[2] != trees[3]


def test_hprior_takes_the_prior_from_the_heuristic():
    """``hprior=1`` (play's default): the prior is the heuristic's (the softmax of its action
    scores), so two nets that differ only in their policy head search alike; ``hprior=0`` (the
    network alone): they do not, and ``hprior=0.5`` blends the two."""
    from tests.bots.test_ismcts import position

    game = position(2, 6, 50)
    a = netmod.init_net("discovery", 2, hidden=8, seed=5)
    b = netmod.PolicyValueNet(a.arrays(), 2)
    b.bp = b.bp.copy()
    b.bp[legal_codes(game, get_adapter("discovery"))[0]] += 6.0  # b prefers the first move
    trees, priors = [], []
    for hprior in (1.0, 0.0, 0.5):
        for net in (a, b):
            bot = AZBot(3, iterations=30, nets={2: net}, hprior=hprior, early_stop=None, gap=None)
            bot.choose(game)
            trees.append(_tree(bot))
            priors.append(dict(bot.last_root.prior))
    assert trees[0] == trees[1] and priors[0] == priors[1]
    assert trees[2] != trees[3]
    first = game.legal_actions()[0]
    assert priors[3][first] > priors[5][first] > priors[4][first]  # net b: 0 > 0.5 > 1
    assert abs(priors[5][first] - (priors[3][first] + priors[1][first]) / 2) < 1e-6


def test_gap_plays_the_heuristics_clear_favourite_at_once():
    """``gap=G``: when the heuristic's favourite leads the runner-up by G, it is played without a
    search; otherwise the search runs."""
    from empires.bots.ismcts import adapter_or_none

    clear = unclear = 0
    for seed in range(1, 4):
        game = get_adapter("discovery").new_game(2, seed)
        while not game.is_terminal() and (not clear or not unclear):
            if len(game.legal_actions()) > 1:
                raw = adapter_or_none(game).action_scores(game)
                scores = sorted(raw, reverse=True)
                bot = AZBot(1, iterations=8, gap=1.0)
                action = bot.choose(game)
                if scores[0] - scores[1] >= 1.0:
                    clear += 1
                    assert bot.last_iterations == 0
                    assert action == game.legal_actions()[raw.index(scores[0])]
                else:
                    unclear += 1
                    assert bot.last_iterations == 8
            game.apply(game.legal_actions()[0])
    assert clear and unclear


def _below(node) -> list:
    out = []
    for child in node.children.values():
        out.append(child)
        out += _below(child)
    return out


def test_plies_caps_the_tree_depth():
    """``plies=1``: a flat bandit over the root's moves (below them, only forced moves have
    nodes: none with two children); unlimited (the default), the tree grows deeper."""
    from tests.bots.test_ismcts import position

    game = position(2, 12, 20)
    flat = AZBot(1, iterations=60, plies=1, early_stop=None, gap=None)
    deep = AZBot(1, iterations=60, early_stop=None, gap=None)
    for bot in (flat, deep):
        bot.choose(game)
    below_flat = [n for c in flat.last_root.children.values() for n in _below(c)]
    assert all(len(n.children) <= 1 for n in below_flat)
    below_deep = [n for c in deep.last_root.children.values() for n in _below(c)]
    assert any(len(n.children) > 1 for n in below_deep)
    assert flat.last_iterations == deep.last_iterations == 60


def test_batches_spend_the_iteration_budget_exactly():
    from tests.bots.test_ismcts import position

    game = position(3, 2, 30)
    for batch in (1, 4, 7):
        bot = AZBot(2, iterations=25, batch=batch, early_stop=None, gap=None)
        bot.choose(game)
        assert bot.last_iterations == 25
        assert bot.last_root.visits == 25


def test_visit_policy_is_a_distribution_over_the_legal_actions():
    from tests.bots.test_ismcts import position

    game = position(2, 9, 20)
    legal, policy = AZBot(4, iterations=20, noise=0.25).visit_policy(game)
    assert legal == game.legal_actions() and len(policy) == len(legal)
    assert abs(sum(policy) - 1.0) < 1e-9 and min(policy) >= 0


# ---- specs -------------------------------------------------------------------------------------
def test_specs():
    bot = from_spec("az:200", 1)
    assert bot.iterations == 200 and bot.seconds is None
    bot = from_spec("az:0.2s:clock=cpu:c=2:batch=4:fpu=0.1:stop=none:noise=0.25:mix=0.5", 1)
    assert (bot.seconds, bot.clock, bot.c, bot.batch, bot.fpu) == (0.2, "cpu", 2.0, 4, 0.1)
    assert bot.early_stop is None and bot.noise == 0.25 and bot.mix == 0.5
    assert from_spec("az:plies=2", 1).plies == 2 and from_spec("az:plies=none", 1).plies is None
    bot = from_spec("az:hprior=0.5:gap=1.5", 1)
    assert bot.hprior == 0.5 and bot.gap == 1.5
    assert (from_spec("az", 1).hprior, from_spec("az", 1).gap) == (1.0, 1.0)  # play's defaults
    pure = from_spec("az:hprior=0:gap=none", 1)
    assert (pure.hprior, pure.gap) == (PURE["hprior"], PURE["gap"]) == (0.0, None)
    assert isinstance(make_bot("az", "settlers", 3), AZBot)
    assert make_bot("az:0.5s", "discovery", 3).seconds == 0.5
    bad_specs = (
        "az:x",
        "az:c=inf",
        "az:batch=0",
        "az:clock=sun",
        "az:0s",
        "az:noise=2",
        "az:mix=-1",
        "az:hprior=2",
        "az:gap=0",
        "az:gap=x",
    )
    for bad in bad_specs:
        with pytest.raises(ValueError, match="bad az spec"):
            from_spec(bad, 0)


def test_a_time_budget_counted_in_cpu_seconds():
    from tests.bots.test_ismcts import position

    bot = make_bot("az:0.05s:clock=cpu:stop=none:gap=none", "discovery", 1)
    bot.choose(position(2, 3, 10))
    assert bot.last_iterations >= 1


# ---- no torch when playing ---------------------------------------------------------------------
def test_playing_never_imports_torch():
    code = (
        "import sys\n"
        "from empires.bots import make_bot\n"
        "from empires.core.adapter import get_adapter\n"
        "import empires.bots.az, empires.bots.net\n"
        "s = get_adapter('settlers').new_game(2, 1)\n"
        "bot = make_bot('az:4', 'settlers', 1)\n"
        "bot.choose(s)\n"
        "assert not bot.net_missing\n"
        "print('torch' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"
