"""The users of the load test of ``link4 serve`` (bench/web_load.py runs it): each asks
``/solve`` for random positions of 0-30 discs, one request after another, with no wait
between them (a throughput test: 50 such users keep the server's searches busy and its
queue full, far more than 50 people at a page would).

    pip install locust
    locust -f bench/web_locustfile.py --headless -u 50 -r 50 -t 60s --host http://127.0.0.1:PORT

The positions are a pool drawn once (``link4.dataset.random_positions``: different running
games of 0-30 discs, each reached by random moves; --link4-seed, --link4-pool). Each
answer is checked as it comes:

- 200 with ``{"pos": MOVES, "score": [7 ints]}`` (each score possible at that many discs,
  100 exactly where the column is full): counted under the name ``/solve``;
- 503 with ``{"error": ...}``: the server's designed answer when it is busy or a search
  ran out of time; counted as a success under its own name, ``/solve 503``, so that it
  shows apart in locust's figures;
- anything else (another status, a malformed answer, a connection error): a failure.

With --link4-out FILE, the users write at the end what they saw, as JSON: locust's
figures for each name (requests, requests/s, p50 / p90 / p99 / max ms), the count of
each status (0: no HTTP answer at all), the 503s by reason (busy, or time limit), the
failures' messages, and every position answered with 200 and its scores (a position
answered twice differently is a failure), which web_load.py checks against the solver.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from locust import constant, events, task
from locust.contrib.fasthttp import FastHttpUser
from locust.env import Environment
from locust.runners import LocalRunner

import link4
from link4.dataset import random_positions
from link4.web.answers import FULL_COLUMN

PLIES = (0, 30)

pool: list[str] = []
statuses: Counter[int] = Counter()
failures: Counter[str] = Counter()
refusals: Counter[str] = Counter()  # 503s by reason: "busy", "time limit" or the message
answers: dict[str, list[int]] = {}


def _options(parser: Any) -> None:
    parser.add_argument("--link4-seed", type=int, default=1, help="the seed of the pool of positions")
    parser.add_argument("--link4-pool", type=int, default=5000, help="positions in the pool")
    parser.add_argument("--link4-out", default="", help="write what the users saw to this JSON file")


def _draw_pool(environment: Environment, **kwargs: Any) -> None:
    options = environment.parsed_options
    seed, size = (options.link4_seed, options.link4_pool) if options else (1, 5000)
    pool[:] = [game.moves for game in random_positions(size, plies=PLIES, seed=seed)]


def _write(environment: Environment, **kwargs: Any) -> None:
    options = environment.parsed_options
    if options is None or not options.link4_out or not isinstance(environment.runner, LocalRunner):
        return
    stats = environment.stats
    entries = [*stats.entries.values(), stats.total]
    with open(options.link4_out, "w") as out:
        json.dump(
            {
                # locust's own figures (its percentiles are rounded to 2 significant digits)
                "locust": {
                    entry.name: {
                        "requests": entry.num_requests,
                        "failures": entry.num_failures,
                        "rps": entry.total_rps,
                        **{f"p{q}": entry.get_response_time_percentile(q / 100) for q in (50, 90, 99)},
                        "max": entry.max_response_time,
                    }
                    for entry in entries
                },
                "statuses": {str(k): v for k, v in sorted(statuses.items())},
                "failures": dict(failures.most_common()),
                "refusals": dict(refusals.most_common()),
                "answers": answers,
            },
            out,
        )


def _problem(moves: str, answer: Any) -> str | None:
    """What is wrong with a 200 answer for ``moves``, or None."""
    if not isinstance(answer, dict) or set(answer) != {"pos", "score"}:
        return f"200 but not {{pos, score}}: {answer!r:.100}"
    if answer["pos"] != moves:
        return "200 for another position"
    scores = answer["score"]
    if not isinstance(scores, list) or len(scores) != 7 or not all(type(s) is int for s in scores):
        return f"200 but score is not 7 ints: {scores!r:.100}"
    game = link4.Game(moves)
    # No score is larger than a win with the mover's next disc: (43 - discs) // 2.
    bound = (43 - game.ply) // 2
    for column, score in enumerate(scores):
        if not game.is_legal(column):
            if score != FULL_COLUMN:
                return f"200 but full column {column + 1} has score {score}, not {FULL_COLUMN}"
        elif not -bound <= score <= bound:
            return f"200 but column {column + 1} has score {score}, past +-{bound}"
    if answers.setdefault(moves, scores) != scores:
        return "200 with scores other than an earlier answer for the same position"
    return None


# locust's event hooks have no type annotations.
events.init_command_line_parser.add_listener(_options)  # type: ignore[no-untyped-call]
events.init.add_listener(_draw_pool)  # type: ignore[no-untyped-call]
events.quitting.add_listener(_write)  # type: ignore[no-untyped-call]


class SolveUser(FastHttpUser):
    """One client asking /solve again and again, as fast as it is answered."""

    wait_time = constant(0)

    @task
    def solve(self) -> None:
        moves = random.choice(pool)
        with self.client.get(f"/solve?pos={moves}", name="/solve", catch_response=True) as response:
            status = response.status_code or 0
            statuses[status] += 1
            problem: str | None
            try:
                answer = response.json() if status else None
            except ValueError:
                answer = None
            if status == 200:
                problem = _problem(moves, answer)
            elif status == 503:
                # Named apart in locust's figures; the name is set before the context exits.
                response.request_meta["name"] = "/solve 503"
                error = answer.get("error") if isinstance(answer, dict) else None
                if isinstance(error, str):
                    problem = None
                    reason = "busy" if "busy" in error else "time limit" if "time limit" in error else error
                    refusals[reason] += 1
                else:
                    problem = f"503 without a JSON error: {response.text!r:.100}"
            elif status == 0:
                problem = f"no answer: {getattr(response, 'error', None)!r:.100}"
            else:
                problem = f"{status}: {response.text!r:.100}"
            if problem is None:
                response.success()
            else:
                failures[problem] += 1
                response.failure(problem)
