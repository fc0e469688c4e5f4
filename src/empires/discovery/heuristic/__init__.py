"""A rule-of-thumb bot for Empires: Age of Discovery.

The bot reads only what its seat may see: ``state.observation(state.current_player)``,
``state.legal_actions()`` and ``state.decision`` (plus the public rule tables of
:mod:`empires.discovery.data` and the pure set-income rule). On the engine's own
:class:`~empires.discovery.game.DiscoveryGame` it reads the same public fields straight from the
game instead of building the observation (a rollout policy decides often; ``_GameView`` gives
the very view ``_View`` decodes from the observation, and the tests check that). It never clones
or applies moves: every action is scored analytically, one ply deep, in "victory point
equivalents":

* colonies: the majority VP of every remaining colony scoring (turns 3, 6, 8), exact for the
  scoring of the current turn and "soft" for later ones (a region short of 3 workers counts in
  proportion to its largest colony), relative to the average opponent;
* money: a VP value per $ that falls to almost nothing once the last purchase is past;
* Trade Goods and Merchant Ships: the set income they add, paid every remaining turn and once
  more as the Economy VP, with a little credit for getting closer to the next set;
* discoveries: the expected VP, plunder and first colonist over the counters still unseen (a
  face-down counter is any of the counters nobody has seen yet, all equally likely);
* Capital Buildings: what they produce over the remaining turns, or their end-game VP.

Placement is greedy: each worker goes where its value is highest, a Specialist being charged
for not going where it is worth most. Ties are broken by the bot's own seeded generator.
The parts: :mod:`.weights` (the fixed worths and the weights of a turn), :mod:`.board` (the
observation decoded), :mod:`.view` (the values asked of it), :mod:`.game_view` (the same view read
from the engine's game), :mod:`.buildings` (building values, from the buildings table); the
scorers by what they score: :mod:`.placement` (Phase 1), :mod:`.colonies` (the Dock),
:mod:`.goods` (Trade Goods, shipping, Capital Buildings), :mod:`.expeditions`,
:mod:`.specialists`, :mod:`.warfare`, :mod:`.events` (event and card decisions), :mod:`.fixed`
(decisions that need no view); :mod:`.bot` puts them together (:class:`HeuristicBot` and the
:data:`SCORERS` table), and :mod:`.estimate` is the position estimate used by search.
:mod:`.memo` is what a bot remembers from one decision to the next: the values of a seat's view
whose inputs are unchanged (most of them through the placements of Phase 1), never a choice.
"""

from empires.discovery.heuristic.bot import SCORERS, UNSCORED, HeuristicBot
from empires.discovery.heuristic.game_view import _GameView, _view
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import NEXT_WORKER

__all__ = ["NEXT_WORKER", "SCORERS", "UNSCORED", "HeuristicBot", "_GameView", "_View", "_view"]
