"""Reinforcement learning at engine speed: Connect Four environments batched in C++.

``VectorEnv(num_envs)`` steps thousands of games in one call, on Gymnasium's vector API
(1.x), without a Python object per environment per step: the moves, the built-in
opponent's replies, the observations (the planes of :meth:`link4.Game.to_planes`),
action masks, rewards and flags are all computed and written in C++, without the GIL.
A self-play batch, then one against level 5::

    import numpy as np
    from link4.vector import VectorEnv

    env = VectorEnv(4096, seed=0)                      # self-play: both sides act
    observations, infos = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        actions = env.sample_legal_actions(rng)        # a policy goes here
        observations, rewards, terminated, truncated, infos = env.step(actions)

    env = VectorEnv(256, opponent="5", player="random", seed=0)   # against level 5

A small batch, step by step:

>>> env = VectorEnv(3, seed=0)
>>> observations, infos = env.reset()
>>> observations.shape, infos["action_mask"].shape
((3, 6, 7, 2), (3, 7))
>>> _ = env.step(env.sample_legal_actions(0))      # red's first move everywhere
>>> [len(moves) for moves in positions(env)]
[1, 1, 1]

Bots (:class:`~link4.players.Bot`): ``"random"``, the levels ``1`` to ``8`` and ``"perfect"`` (with a
node budget per move if wanted), computed in C++ for the whole batch. :func:`games` and
:func:`positions` turn a batch into Games or move strings for labelling with
:func:`link4.analyze_many`; :func:`link4.evaluate` measures
a policy against a bot. Needs ``pip install "link4[vector]"`` (Gymnasium 1.x and numpy).
"""

from __future__ import annotations

from link4.players import BatchBot, Bot, BotLike, as_bot
from link4.vector.env import MAX_OPENING_PLIES, NO_SCORE, EpisodeHistory, VectorEnv, max_opening_plies
from link4.vector.states import games, positions

__all__ = [
    "MAX_OPENING_PLIES",
    "NO_SCORE",
    "BatchBot",
    "Bot",
    "BotLike",
    "EpisodeHistory",
    "VectorEnv",
    "as_bot",
    "games",
    "max_opening_plies",
    "positions",
]
