"""Run the fuzz targets of fuzz/targets.py with atheris (coverage-guided libFuzzer).

    python fuzz/run.py                          # every target for 60 s
    python fuzz/run.py moves --runs 1000000     # one target for a number of executions
    python fuzz/run.py --seconds 10             # CI's smoke run
    python fuzz/run.py --merge                  # then add new finds to the seed corpus

Needs `pip install atheris` (the "fuzz" extra). Coverage comes from the Python layer of
link4, instrumented by atheris, and from the checks themselves; the inputs go through
the compiled module, and the compiled module can be a sanitizer build (see .ci/run).

Each target starts from its committed seed corpus, fuzz/corpus/<target>/, and writes the
inputs it finds to a work folder (--work; a temporary one by default) so that the seeds
stay small. A crash (an assertion or unexpected exception in the target, a timeout, or
too much memory) is saved there as crash-*, timeout-* or oom-*; replay one with
`python fuzz/run.py TARGET --replay FILE`. Prints per target the executions, seconds,
corpus size and crashes; exits with 1 if any target crashed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
TARGETS = ("moves", "board", "solve_stdin", "book")
CRASH_PREFIXES = ("crash-", "timeout-", "oom-", "leak-", "slow-unit-")


def _child(target: str, fuzzer_args: list[str]) -> None:
    """In the fuzzing process: instrument link4 and hand the target to libFuzzer."""
    import atheris

    sys.path.insert(0, str(HERE))
    with atheris.instrument_imports(include=["link4", "targets"]):
        import targets

        import link4._formats  # noqa: F401
        import link4.cli  # noqa: F401
        import link4.commands.solve  # noqa: F401
        import link4.game  # noqa: F401
    # libFuzzer re-runs its own command line for -merge: name a script that can be run.
    argv0 = os.environ.get("LINK4_FUZZ_SELF", sys.argv[0])
    atheris.Setup([argv0, *fuzzer_args], targets.TARGETS[target])
    atheris.Fuzz()


def _replay(target: str, files: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    import targets

    for name in files:
        try:
            targets.TARGETS[target](Path(name).read_bytes())
        except BaseException:
            print(f"{target}: {name} fails:", file=sys.stderr)
            raise
    print(f"{target}: {len(files)} inputs replayed, every property holds")
    return 0


def _count(folder: Path) -> int:
    return sum(1 for p in folder.iterdir() if p.is_file()) if folder.is_dir() else 0


def _run_one(target: str, args: argparse.Namespace, work: Path) -> dict[str, object]:
    found = work / target
    found.mkdir(parents=True, exist_ok=True)
    artifacts = work / f"{target}-artifacts"
    artifacts.mkdir(exist_ok=True)
    seeds = CORPUS / target
    fuzzer_args = [
        f"-artifact_prefix={artifacts}/",
        f"-timeout={args.timeout}",
        f"-rss_limit_mb={args.rss_limit_mb}",
        f"-max_len={args.max_len}",
        "-print_final_stats=1",
        "-print_pcs=0",
    ]
    if args.runs is not None:
        fuzzer_args.append(f"-runs={args.runs}")
    if args.seconds is not None:
        fuzzer_args.append(f"-max_total_time={args.seconds}")
    fuzzer_args += [str(found), str(seeds)]
    command = [sys.executable, str(Path(__file__).resolve()), "--child", target, "--", *fuzzer_args]
    log = work / f"{target}.log"
    start = time.monotonic()
    with log.open("w") as out:
        rc = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT).returncode
    seconds = time.monotonic() - start
    text = log.read_text(errors="replace")
    m = re.search(r"stat::number_of_executed_units:\s*(\d+)", text)
    runs = int(m.group(1)) if m else None
    crashes = sorted(p.name for p in artifacts.iterdir() if p.name.startswith(CRASH_PREFIXES))
    failed = rc != 0 or bool(crashes) or runs is None
    if failed:
        print(text[-4000:], file=sys.stderr)
    return {
        "target": target,
        "runs": runs,
        "seconds": seconds,
        "seeds": _count(seeds),
        "found": _count(found),
        "crashes": crashes,
        "failed": failed,
        "artifacts": artifacts,
    }


def _merge(target: str, work: Path) -> None:
    """Add to the seed corpus the finds that reach coverage the seeds do not."""
    seeds = CORPUS / target
    before = _count(seeds)
    this = Path(__file__).resolve()
    self_script = work / f"{target}-child.sh"
    self_script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{this}" --child {target} -- "$@"\n')
    self_script.chmod(0o755)
    command = [str(self_script), "-merge=1", str(seeds), str(work / target)]
    env = dict(os.environ, LINK4_FUZZ_SELF=str(self_script))
    log = work / f"{target}-merge.log"
    with log.open("w") as out:
        subprocess.run(command, check=True, stdout=out, stderr=subprocess.STDOUT, env=env)
    print(f"{target}: seed corpus {before} -> {_count(seeds)} inputs")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        _child(argv[1], argv[3:])
        return 0
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("targets", nargs="*", metavar="TARGET",
                   help=f"targets to run (default: all of {', '.join(TARGETS)})")
    p.add_argument("--runs", type=int, help="executions per target")
    p.add_argument("--seconds", type=int, help="time per target (default 60 without --runs)")
    p.add_argument("--work", type=Path, help="folder for finds, logs and crashes (kept)")
    p.add_argument("--timeout", type=int, default=20, help="seconds before one input counts as hung")
    p.add_argument("--rss-limit-mb", type=int, default=4096)
    p.add_argument("--max-len", type=int, default=1024, help="longest input in bytes")
    p.add_argument("--merge", action="store_true",
                   help="after the run, add the finds that bring new coverage to fuzz/corpus/<target>")
    p.add_argument("--replay", nargs="+", metavar="FILE",
                   help="run the target on these inputs (a folder: all the files in it)")
    args = p.parse_args(argv)
    targets = args.targets or list(TARGETS)
    for t in targets:
        if t not in TARGETS:
            p.error(f"unknown target {t!r}: the targets are {', '.join(TARGETS)}")
    if args.replay:
        if len(targets) != 1:
            p.error("--replay needs exactly one target")
        files = [str(f) for name in args.replay
                 for f in (sorted(Path(name).iterdir()) if Path(name).is_dir() else [Path(name)])]
        return _replay(targets[0], files)
    if args.runs is None and args.seconds is None:
        args.seconds = 60

    work = args.work or Path(tempfile.mkdtemp(prefix="link4-fuzz-"))
    results = [_run_one(t, args, work) for t in targets]
    print(f"{'target':<13}{'executions':>12}{'seconds':>9}{'exec/s':>9}{'seeds':>7}{'found':>7}  crashes")
    for r in results:
        runs = r["runs"]
        rate = f"{runs / r['seconds']:.0f}" if runs else "-"  # type: ignore[operator]
        print(f"{r['target']:<13}{runs if runs is not None else '-':>12}{r['seconds']:>9.1f}"
              f"{rate:>9}{r['seeds']:>7}{r['found']:>7}  {len(r['crashes'])}")  # type: ignore[arg-type]
        for name in r["crashes"]:  # type: ignore[attr-defined]
            print(f"  {r['artifacts']}/{name}")
    total = sum(r["runs"] or 0 for r in results)  # type: ignore[misc]
    print(f"total executions: {total}; work folder: {work}")
    if any(r["failed"] for r in results):
        return 1
    if args.merge:
        for t in targets:
            _merge(t, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
