"""OpenSpiel's own MCTS example (``open_spiel.python.examples.mcts``) on our games.

OpenSpiel loads a Python game only once the module that registers it has been imported, and its
example scripts import none of ours; this script imports ``empires`` (which registers
``python_empires_discovery`` and ``python_empires_settlers``) and then runs that example's
``main`` with the same flags::

    python examples/openspiel_mcts.py --game="python_empires_discovery(players=2)" --max_simulations=20
    python examples/openspiel_mcts.py --game="python_empires_settlers(players=1)" --quiet

The example seats at most two players (``--player1``, ``--player2``: mcts, random, human). MCTS
clones the state, so it plays the real future (it cheats on hidden information); see
``openspiel_ismcts.py`` for the Information-Set MCTS that does not. The defaults here differ
from OpenSpiel's (2-player Discovery, 20 simulations, quiet) because every simulation plays a
random game of a few hundred decisions to its end.
"""

from absl import app, flags
from open_spiel.python.examples import mcts as openspiel_mcts

import empires  # noqa: F401  (registers the games with OpenSpiel)

flags.FLAGS.set_default("game", "python_empires_discovery(players=2)")
flags.FLAGS.set_default("max_simulations", 20)
flags.FLAGS.set_default("quiet", True)

if __name__ == "__main__":
    app.run(openspiel_mcts.main)
