"""Steps per second of other Connect Four RL environments, playing random legal moves.

The figures are meant to stand beside our own batched environment's in the same run, on
the same machine. Each rival plays uniformly random legal columns and starts a new game
when one ends:

- PettingZoo's ``connect_four_v3.raw_env()``: one environment (PettingZoo has no batched
  form), the column drawn from the observation's ``action_mask``. A step is one
  ``step()`` call; the reset that follows a finished game is not counted as a step.
- pgx's ``connect_four``: ``jax.vmap`` over a batch of environments under ``jax.jit``,
  with ``pgx.experimental.auto_reset``, the columns drawn with ``jax.random`` from
  ``state.legal_action_mask``. Steps are batch x iterations, timed after the JIT warm-up
  (which is logged), each iteration waited for with ``block_until_ready``.
- PufferLib's Ocean ``connect4``: its C environment, vectorised natively over the batch
  in this process. It exposes no action mask, so the legal columns are read from the
  observation (a column is legal while its top cell is empty). It is a single-agent
  environment: one step is the agent's move *and* the reply of PufferLib's built-in
  opponent, a depth-4 negamax search, so its figure measures more work per step than
  the others. When a game ends, the next step only resets that environment, as
  PufferLib's own speed test counts it. PufferLib 2.0.2, the last release with wheels
  for CPython 3.11 on Linux, leaves the Python wrapper of this environment out of its
  wheel (later releases need torch to build, and download raylib while they build): the
  compiled environment that it does ship is then driven directly, with our own buffers,
  and loaded so that its ``step`` is its own and not glibc's function of that name.

Every measurement runs with all the threads of this process pinned to one CPU (Linux),
since libraries do not all let one choose a thread count: jax, for instance, starts a
thread pool whatever ``XLA_FLAGS`` says (``--xla_cpu_multi_thread_eigen=false`` is set
when jax is not imported yet, and only keeps Eigen's own pool out). ``one_core()`` is
there for a driver to measure its own environment the same way.

Install the rivals, then run:

    pip install pettingzoo "jax[cpu]" pgx pufferlib
    pip install --no-deps pufferlib==2.0.2   # where pufferlib will not build; its pins
                                             # (numpy 1.23, old gymnasium) are not needed
    python bench/rival_envs.py                          # 3 s each, batches of 4096
    python bench/rival_envs.py --seconds 5 --batch 1024
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import logging
import os
import random
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

# A measurement: (batch, seconds) -> environment steps per second.
Rival = Callable[[int, float], float]

# Connect Four's board, as PufferLib lays out its observation: column after column,
# each from the bottom row up.
COLUMNS = 7
ROWS = 6


class RivalMissing(Exception):
    """A rival library that is not installed, or that cannot be used here."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


def version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown version"


def _pin_threads(cpus: set[int]) -> None:
    # A thread's affinity is its own: every thread of the process is set, and those
    # started later inherit the affinity of the thread that starts them.
    for thread in os.listdir("/proc/self/task"):
        # A thread may have ended since the listing.
        with contextlib.suppress(OSError):
            os.sched_setaffinity(int(thread), cpus)


@contextlib.contextmanager
def one_core() -> Iterator[None]:
    """Runs the block with every thread of this process pinned to one CPU (Linux only)."""
    if not hasattr(os, "sched_setaffinity") or not os.path.isdir("/proc/self/task"):
        yield
        return
    before = os.sched_getaffinity(0)
    _pin_threads({min(before)})
    try:
        yield
    finally:
        _pin_threads(before)


def timed_rate(step: Callable[[], int], seconds: float) -> float:
    """Calls step(), which returns how many environment steps it made, for about seconds."""
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while (now := time.perf_counter()) < deadline:
        steps += step()
    return steps / (now - start)


def _pettingzoo_module() -> Any:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            from pettingzoo.classic import connect_four_v3
    except ImportError as error:
        raise RivalMissing("pettingzoo", f"cannot import connect_four_v3: {error}") from error
    return connect_four_v3


def aec_steps_per_second(environment: Any, seconds: float) -> float:
    """Steps per second of one PettingZoo AEC environment (any with connect_four_v3's
    observations and action masks), random legal columns, reset when a game ends."""
    rng = random.Random(0)
    environment.reset(seed=0)

    def step() -> int:
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            environment.reset()
            return 0
        legal = [column for column, allowed in enumerate(observation["action_mask"]) if allowed]
        environment.step(rng.choice(legal))
        return 1

    with one_core():
        return timed_rate(step, seconds)


def pettingzoo_steps_per_second(seconds: float) -> float:
    """Steps per second of one PettingZoo connect_four_v3.raw_env()."""
    rate = aec_steps_per_second(_pettingzoo_module().raw_env(), seconds)
    log.info("pettingzoo %s: one environment, action_mask used", version("pettingzoo"))
    return rate


def _limit_xla_threads() -> None:
    # XLA reads its flags once, when jax starts its CPU backend: too late once imported.
    if "jax" in sys.modules:
        return
    flags = os.environ.get("XLA_FLAGS", "")
    if "xla_cpu_multi_thread_eigen" not in flags:
        os.environ["XLA_FLAGS"] = f"{flags} --xla_cpu_multi_thread_eigen=false".strip()


def pgx_steps_per_second(batch: int, seconds: float) -> float:
    """Steps per second of pgx's connect_four, vmapped over batch environments under jit."""
    _limit_xla_threads()
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError as error:
        raise RivalMissing("pgx", f"cannot import jax and pgx: {error}") from error

    environment = pgx.make("connect_four")
    # auto_reset starts a new game in an environment as soon as its game ends, so that
    # every iteration steps every environment of the batch.
    step = jax.vmap(auto_reset(environment.step, environment.init))

    def advance(state: Any, key: Any) -> tuple[Any, Any]:
        key, action_key, step_key = jax.random.split(key, 3)
        # Equal logits on the legal columns, none on the others: a uniform legal column.
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(action_key, logits, axis=-1)
        return step(state, actions, jax.random.split(step_key, batch)), key

    # The old state is never read again: its buffers can hold the new one.
    advance_jit = jax.jit(advance, donate_argnums=0)
    key, init_key = jax.random.split(jax.random.key(0))

    with one_core():
        warm_up_start = time.perf_counter()
        state = jax.jit(jax.vmap(environment.init))(jax.random.split(init_key, batch))
        state, key = jax.block_until_ready(advance_jit(state, key))
        warm_up = time.perf_counter() - warm_up_start

        def iteration() -> int:
            nonlocal state, key
            state, key = jax.block_until_ready(advance_jit(state, key))
            return batch

        rate = timed_rate(iteration, seconds)
    log.info(
        "pgx %s, jax %s: batch %d, legal_action_mask used, JIT warm-up %.1f s",
        version("pgx"),
        version("jax"),
        batch,
        warm_up,
    )
    return rate


class _CompiledConnect4:
    """PufferLib's compiled Connect Four, for a release whose wheel lacks its wrapper.

    Holds the buffers the C environments read their actions from and write their
    observations, rewards and ends of game to, as PufferLib's wrapper would.
    """

    def __init__(self, extension: Any, batch: int) -> None:
        import numpy as np

        self.observations = np.zeros((batch, COLUMNS * ROWS), dtype=np.float32)
        self.actions = np.zeros(batch, dtype=np.int32)
        self.rewards = np.zeros(batch, dtype=np.float32)
        self.terminals = np.zeros(batch, dtype=np.uint8)
        # The last four are the sizes of a rendered window, never opened here.
        self.environments = extension.CyConnect4(
            self.observations, self.actions, self.rewards, self.terminals, batch, 672, 576, 96, 96
        )

    def reset(self, seed: int | None = None) -> tuple[Any, list[Any]]:
        self.environments.reset()
        return self.observations, []

    def step(self, actions: Any) -> tuple[Any, ...]:
        self.actions[:] = actions
        self.environments.step()
        return self.observations, self.rewards, self.terminals


@contextlib.contextmanager
def _own_symbols_first() -> Iterator[None]:
    """Lets a shared library loaded in the block call its own functions before others'.

    The compiled connect4 exports its functions under plain names, and glibc also has a
    ``step()`` (an old regular expression function): loaded the usual way, the
    environment's step calls glibc's, and nothing moves on the boards.
    """
    deep_bind = getattr(os, "RTLD_DEEPBIND", 0)
    flags = sys.getdlopenflags()
    sys.setdlopenflags(flags | os.RTLD_NOW | deep_bind)
    try:
        yield
    finally:
        sys.setdlopenflags(flags)


def _pufferlib_extension() -> Any:
    """Loads the compiled module that PufferLib 2.0.2's wheel ships, by its file."""
    spec = importlib.util.find_spec("pufferlib")
    if spec is None or not spec.submodule_search_locations:
        raise RivalMissing("pufferlib", "not installed")
    folder = Path(next(iter(spec.submodule_search_locations))) / "ocean" / "connect4"
    # Importing it by name would run pufferlib.ocean's __init__, which fails in that wheel.
    for path in sorted(folder.glob("cy_connect4*.so")):
        extension_spec = importlib.util.spec_from_file_location("cy_connect4", path)
        if extension_spec is not None and extension_spec.loader is not None:
            # Creating the module is what opens the shared library.
            with _own_symbols_first():
                extension = importlib.util.module_from_spec(extension_spec)
            extension_spec.loader.exec_module(extension)
            return extension
    raise RivalMissing("pufferlib", f"pufferlib {version('pufferlib')} ships no compiled connect4")


def _pufferlib_connect4(batch: int) -> tuple[Any, str]:
    """PufferLib's connect4 over batch environments, and how it was reached."""
    try:
        from pufferlib.ocean.connect4.connect4 import Connect4
    except ImportError as error:
        log.debug("pufferlib's Connect4 wrapper is unusable: %s", error)
    else:
        return Connect4(num_envs=batch), "its Connect4 class"
    try:
        extension = _pufferlib_extension()
    except (ImportError, OSError) as error:
        raise RivalMissing("pufferlib", f"cannot load its compiled connect4: {error}") from error
    return _CompiledConnect4(extension, batch), "its compiled CyConnect4, without the missing wrapper"


def _random_legal_columns(rng: Any, observations: Any) -> Any:
    import numpy as np

    # A column is legal while its top cell is empty; a random score per column, and -1 on
    # the full ones, makes argmax a uniform legal column. On a full board (the environment
    # does not end drawn games itself) column 0 is played, which ends the game.
    board = observations.reshape(len(observations), COLUMNS, ROWS)
    scores = rng.random((len(observations), COLUMNS))
    scores[board[:, :, ROWS - 1] != 0] = -1.0
    return np.argmax(scores, axis=1).astype(np.int32)


def pufferlib_steps_per_second(batch: int, seconds: float) -> float:
    """Steps per second of PufferLib's Ocean connect4 over batch environments, one process."""
    try:
        import numpy as np
    except ImportError as error:
        raise RivalMissing("pufferlib", f"numpy is missing: {error}") from error
    environment, reached = _pufferlib_connect4(batch)
    rng = np.random.default_rng(0)
    observations, _ = environment.reset(seed=0)
    # A first move must put pieces on the boards: a compiled environment that calls
    # another library's step would otherwise be timed doing nothing, very fast.
    observations = environment.step(_random_legal_columns(rng, observations))[0]
    if not observations.any():
        raise RivalMissing("pufferlib", f"{reached} puts no piece on the boards")

    def step() -> int:
        nonlocal observations
        observations = environment.step(_random_legal_columns(rng, observations))[0]
        return batch

    with one_core():
        rate = timed_rate(step, seconds)
    log.info(
        "pufferlib %s through %s: batch %d, legal columns read from the observation,"
        " each step includes the built-in opponent's reply",
        version("pufferlib"),
        reached,
        batch,
    )
    return rate


def _pettingzoo(batch: int, seconds: float) -> float:
    # One environment: PettingZoo has no batched form.
    del batch
    return pettingzoo_steps_per_second(seconds)


RIVALS: dict[str, Rival] = {
    "pettingzoo": _pettingzoo,
    "pgx": pgx_steps_per_second,
    "pufferlib": pufferlib_steps_per_second,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per rival")
    parser.add_argument("--batch", type=int, default=4096, help="environments per batch (pgx, pufferlib)")
    args = parser.parse_args()
    # This module's notes only: the libraries' own logging (jax's search for TPUs...) stays quiet.
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("    %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    print(f"random legal moves, {args.seconds:g} s per rival, one CPU")
    for name, rival in RIVALS.items():
        print(f"{name}:", flush=True)
        try:
            rate = rival(args.batch, args.seconds)
        except RivalMissing as missing:
            print(f"    missing: {missing.reason}")
        else:
            print(f"    {rate:,.0f} steps/s")


if __name__ == "__main__":
    main()
