"""The engine shell both games share: the decision tables gathered explicitly from the rules
modules, the action codec and the base game class (empires.core.decisions / actions / engine)."""

import ast
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import empires.discovery.decision_table as discovery_table
import empires.settlers.decision_table as settlers_table
from empires.core.actions import ActionCodec, ActionValue, number_arg
from empires.core.decisions import DecisionTable, push
from empires.core.engine import EngineGame
from empires.core.errors import IllegalActionError, SaveFileError
from empires.discovery import DiscoveryGame
from empires.discovery import actions as discovery_actions
from empires.discovery import new_game as new_discovery
from empires.settlers import SettlersGame
from empires.settlers import actions as settlers_actions
from empires.settlers import new_game as new_settlers

TABLES = {"discovery": discovery_table, "settlers": settlers_table}
SRC = pathlib.Path(__file__).resolve().parents[2] / "src" / "empires"


def test_a_table_refuses_a_kind_declared_twice_or_without_choose():
    first, second = DecisionTable(), DecisionTable()

    @first.decision("pick", "Pick one")
    def legal(s, d):
        return []

    with pytest.raises(ValueError, match="'pick' has no choose"):
        DecisionTable.merged([first])

    @legal.choose
    def choose(s, d, a):
        pass

    with pytest.raises(ValueError, match="'pick' is declared twice"):
        first.decision("pick", "again")
    second.decision("pick", "Pick another")(legal).choose(choose)
    with pytest.raises(ValueError, match="'pick' is declared twice"):
        DecisionTable.merged([first, second])
    merged = DecisionTable.merged([first])
    assert merged.handlers == {"pick": (legal, choose)} and merged.prompts == {"pick": "Pick one"}


def test_gather_names_a_module_without_a_table():
    with pytest.raises(ValueError, match="declares no DECISIONS"):
        DecisionTable.gather([pytest])


def test_push_puts_the_decision_on_top():
    class S:
        pending = [{"kind": "a", "player": 0}]

    push(S, "b", 1, card=3)
    assert S.pending[-1] == {"kind": "b", "player": 1, "card": 3}


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_the_table_is_the_union_of_the_listed_modules(game):
    module = TABLES[game]
    kinds = [k for m in module.RULES_MODULES for k in m.DECISIONS.kinds()]
    assert sorted(kinds) == sorted(module.TABLE.kinds())
    assert len(kinds) == len(set(kinds))
    assert set(module.PROMPTS) == set(module.HANDLERS) == set(kinds)


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_every_module_declaring_decisions_is_listed(game):
    """A rules module with a DECISIONS table that the game's list forgot would leave its kinds
    unplayable: every module holding one is in RULES_MODULES."""
    listed = {m.__name__.rsplit(".", 1)[1] for m in TABLES[game].RULES_MODULES}
    declaring = {
        path.stem
        for path in (SRC / game).glob("*.py")
        if "DECISIONS = DecisionTable()" in path.read_text(encoding="utf-8")
    }
    assert declaring == listed


def test_no_rules_module_imports_another_for_its_side_effects():
    """Registration is explicit: no ``# noqa: F401`` import and no import below the top of a
    module in either engine (the Builder tiles once registered themselves that way)."""
    offenders = []
    for game in ("discovery", "settlers"):
        for path in (SRC / game).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text)
            seen_code = False
            for node in tree.body:
                is_import = isinstance(node, ast.Import | ast.ImportFrom)
                if is_import and seen_code:
                    offenders.append(f"{game}/{path.name}:{node.lineno} late import")
                if not is_import and not (isinstance(node, ast.Expr) and node.lineno == 1):
                    seen_code = True
            if "(decisions)" in text:
                offenders.append(f"{game}/{path.name}: side-effect import")
    assert offenders == []


@pytest.mark.parametrize(
    "game, cls, actions",
    [("discovery", DiscoveryGame, discovery_actions), ("settlers", SettlersGame, settlers_actions)],
)
def test_both_games_are_the_shell_with_their_codec(game, cls, actions):
    assert issubclass(cls, EngineGame) and cls.game_name == game
    assert isinstance(actions.CODEC, ActionCodec) and issubclass(actions.Action, ActionValue)
    assert cls.table is TABLES[game].TABLE


def test_number_arguments_are_ascii_digits_and_bounded():
    assert number_arg("bid", ["12"], "bid 12") == 12
    for bad in (["٣"], ["²"], ["1234567"], [], ["1", "2"], ["-1"]):
        with pytest.raises(IllegalActionError, match="'bid' takes a number"):
            number_arg("bid", bad, "bid")


GAMES = [(new_discovery, (2, 3, 4, 5, 6)), (new_settlers, (1, 2, 3, 4))]


@settings(max_examples=25, deadline=None)
@given(
    which=st.sampled_from([0, 1]),
    n=st.integers(0, 5),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
)
def test_every_legal_action_round_trips_through_string_and_code(which, n, seed, steps):
    new, counts = GAMES[which]
    game = new(counts[n % len(counts)], seed)
    pick = seed
    for _ in range(steps):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        pick = (pick * 1103515245 + 12345) % 2**31
        game.apply(legal[pick % len(legal)])
    codec, num = type(game).codec, game.num_players
    for action in game.legal_actions():
        code = codec.encode(action, num)
        assert codec.decode(code, num) == action
        assert codec.coerce(str(action), num) == action
        assert codec.coerce(code, num) == action
        assert codec.coerce(tuple(action), num) == action
        assert type(codec.coerce(str(action), num)) is codec.action_type


@pytest.mark.parametrize("new, n", [(new_discovery, 3), (new_settlers, 2)])
def test_an_illegal_action_names_the_decision_and_changes_nothing(new, n):
    game = new(n, 11)
    before = game.to_json()
    legal = game.legal_actions()
    illegal = next(
        a
        for a in type(game).codec.action_table(n)
        if a not in legal and not str(a).startswith("player")
    )
    top = game.decision
    with pytest.raises(IllegalActionError) as caught:
        game.apply(str(illegal))
    message = str(caught.value)
    assert f"player {top['player']} must decide {top['kind']!r}" in message
    assert str(legal[0]) in message
    assert game.to_json() == before
    for bad in (None, 1.5, True, -1, "", "nonsense words", ("place",) * 5):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert game.to_json() == before


@pytest.mark.parametrize("new, n", [(new_discovery, 4), (new_settlers, 3)])
def test_clone_replay_and_save_agree(new, n):
    game = new(n, 5)
    for _ in range(40):
        game.apply(game.legal_actions()[-1])
    copy = game.clone()
    assert copy == game and copy is not game and type(copy) is type(game)
    copy.apply(copy.legal_actions()[0])
    assert copy != game
    loaded = type(game).from_json(game.to_json())
    assert loaded == game and loaded.events() == game.events()
    assert type(game).replay(game.history) == game
    data = game.to_json()
    data["state"]["seed"] = data["state"]["seed"] + 1
    with pytest.raises(SaveFileError, match="corrupt"):
        type(game).from_json(data)
    other = "settlers" if game.game_name == "discovery" else "discovery"
    with pytest.raises(SaveFileError, match=f"a game of '{other}'"):
        type(game).from_json({**game.history, "game": other})
    with pytest.raises(SaveFileError, match="header is unreadable"):
        type(game).from_json({**game.history, "config": []})


@pytest.mark.parametrize("cls", [DiscoveryGame, SettlersGame])
def test_new_game_arguments_are_checked_by_name(cls):
    with pytest.raises(ValueError, match="num_players must be an integer"):
        cls.new("2")
    with pytest.raises(ValueError, match="seed must be an integer from"):
        cls.new(2, 2**64)
    with pytest.raises(ValueError, match=f"empires.{cls.game_name}.Options value"):
        cls.new(2, 0, {"edition": "2015"})


def _discovery_imports(module: str) -> set[str]:
    tree = ast.parse((SRC / "discovery" / f"{module}.py").read_text(encoding="utf-8"))
    deps = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("empires.discovery"):
            if node.module == "empires.discovery":
                deps |= {alias.name for alias in node.names}
            else:
                deps.add(node.module.rsplit(".", 1)[1])
    return deps


def test_discovery_phase_modules_depend_only_downward():
    """A phase (step) module imports no other phase module, and the Capital Buildings' effect
    tables import none: what several of them share lives in discovery.mechanics."""
    from empires.discovery import flow

    phases = {step.__module__.rsplit(".", 1)[1] for step in flow.STEPS.values()}
    assert {"placement", "discovery_box", "income", "refresh"} <= phases
    sideways = {
        module: sorted(_discovery_imports(module) & phases)
        for module in sorted(phases | {"buildings", "builder_buildings"})
    }
    assert {m: deps for m, deps in sideways.items() if deps} == {}
    assert "buildings" not in _discovery_imports("builder_buildings")


def test_a_state_declares_each_field_once():
    # The table drives a state's __init__, copy_into and (de)serialisation (PlainState's
    # methods: a class of this test cannot subclass PlainState on the compiled build).
    from empires.core.fields import FLAT, check_declared, field, fields, flat, nested

    with pytest.raises(TypeError, match="mutable default needs field"):
        fields(cards=[])

    table = fields(turn=1, hand=flat(), board=nested(), log=field(list, FLAT, save=False))

    class Tiny:
        FIELDS = table
        LIMIT: int = 3  # a constant, not a field
        turn: int
        hand: list[int]
        board: list[list[int]]
        log: list[str]

        def __init__(self) -> None:
            table.init(self)

    check_declared(Tiny)
    assert Tiny.FIELDS.names() == ("turn", "hand", "board", "log") and Tiny.LIMIT == 3
    a = Tiny()
    a.hand.append(4)
    a.board.append([1, 2])
    b = Tiny.__new__(Tiny)
    table.copy_into(a, b)
    b.hand.append(5)
    b.board[0].append(3)
    assert a.hand == [4] and a.board == [[1, 2]] and Tiny().hand == []
    assert table.to_json(a) == {"turn": 1, "hand": [4], "board": [[1, 2]]}
    c = Tiny()
    table.from_json(c, {"turn": 2, "hand": [1], "board": []})
    assert (c.turn, c.hand) == (2, [1])
    with pytest.raises(KeyError, match="board"):
        table.from_json(c, {"turn": 2, "hand": [1]})

    class Undeclared:  # a field of the table missing from the class body
        FIELDS = table
        turn: int
        board: list[list[int]]
        log: list[str]

    with pytest.raises(TypeError, match=r"not declared: \['hand'\]"):
        check_declared(Undeclared)


@pytest.mark.parametrize("new, n", [(new_discovery, 3), (new_settlers, 2)])
def test_states_declare_their_table_and_copy_by_attribute(new, n):
    """Each game's State declares its table's fields (the class a compiled build makes native,
    without a ``__dict__``), and a copy made by attribute equals one made through ``__dict__``."""
    from empires.core.fields import check_declared

    game = new(n, 5)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    state_type = type(game.s)
    check_declared(state_type)
    by_attribute = state_type.__new__(state_type)
    state_type.FIELDS.copy_attributes(game.s, by_attribute)
    assert by_attribute.data_to_json() == game.clone().s.data_to_json() == game.s.data_to_json()


@pytest.mark.parametrize("new, n", [(new_discovery, 3), (new_settlers, 2)])
def test_copies_share_nothing_mutable_and_saves_hold_every_field(new, n):
    game = new(n, 21)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    copy = game.clone()
    fields = type(game.s).FIELDS
    for f in fields.fields:
        mine, theirs = getattr(game.s, f.name), getattr(copy.s, f.name)
        assert f.to_json(mine) == f.to_json(theirs)
        if isinstance(mine, (list, dict)) and mine and f.name != "db":
            assert mine is not theirs, f.name
            inner = mine[0] if isinstance(mine, list) else next(iter(mine.values()))
            if f.name != "events" and isinstance(inner, (list, dict)):  # events never change
                assert inner is not (
                    theirs[0] if isinstance(theirs, list) else theirs[next(iter(theirs))]
                ), f.name
    saved = game.to_json()["state"]
    assert set(saved) == {f.name for f in fields.fields if f.save}
    assert "narrate" not in saved
    older = game.to_json()
    del older["state"]["events"]  # a save from before the event log
    assert type(game).from_json(older) == game
