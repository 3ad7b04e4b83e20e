"""Check the cibuildwheel configuration in pyproject.toml without building anything.

No container engine (nor macOS, nor Windows) is at hand in CI, so this asks cibuildwheel
which wheels it would build on each platform and compares the answer with the list the
project promises. It also checks that the wheel tests install the same packages as the
"test" extra, and that the packages with wheels for only some platforms (OpenSpiel,
pygame, CairoSVG's Pillow) are only asked for where they publish them.

    python tools/check_wheel_config.py      # run from the repository root
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tomllib
from cibuildwheel.selector import selector_matches
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent

PYTHONS = ["cp310", "cp311", "cp312", "cp313", "cp314", "cp314t", "cp315", "cp315t"]
PLATFORMS = {
    "linux": ["manylinux_x86_64", "manylinux_aarch64", "musllinux_x86_64", "musllinux_aarch64"],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64"],
}
EXPECTED = {p: {f"{py}-{tag}" for py in PYTHONS for tag in tags} for p, tags in PLATFORMS.items()}

# Where these have no wheel, installing them would mean building them from source: the
# wheel tests add them in overrides, for the other wheels only.
NO_WHEELS = {
    "open-spiel": ["cp315-*", "cp31?t-*", "*-musllinux_*", "cp314-macosx_x86_64", "cp310-win_amd64"],
    "pygame": ["cp314-*", "cp315-*", "cp31?t-*", "*-musllinux_*", "*-macosx_x86_64"],
    "cairosvg": ["cp315-*", "cp315t-*"],
}


def build_identifiers(platform: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CIBW_")}
    out = subprocess.run(
        ["cibuildwheel", "--platform", platform, "--print-build-identifiers"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def main() -> int:
    problems = []
    for platform, expected in EXPECTED.items():
        listed = build_identifiers(platform)
        print(f"{platform}: {len(listed)} wheels: {' '.join(sorted(listed))}")
        for ident in sorted(expected - listed):
            problems.append(f"{platform}: {ident} is not built")
        for ident in sorted(listed - expected):
            problems.append(f"{platform}: {ident} is built but not expected")

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    cibw = config["tool"]["cibuildwheel"]
    test_extra = config["project"]["optional-dependencies"]["test"]
    extra = {Requirement(r).name: str(Requirement(r).specifier) for r in test_extra}
    wheel_tests = {Requirement(r).name: str(Requirement(r).specifier) for r in cibw["test-requires"]}
    if wheel_tests != {k: v for k, v in extra.items() if k not in NO_WHEELS}:
        problems.append(
            f"test-requires {sorted(cibw['test-requires'])} is not the test extra without "
            f"{', '.join(NO_WHEELS)}: {sorted(config['project']['optional-dependencies']['test'])}"
        )
    if "python -m pytest" not in cibw.get("test-command", ""):
        problems.append("the wheel test-command does not run the test suite")

    everything = set().union(*EXPECTED.values())
    for override in cibw.get("overrides", []):
        chosen = {i for i in everything if selector_matches(override["select"], i)}
        for name in (Requirement(r).name for r in override.get("test-requires", [])):
            if name not in NO_WHEELS:
                continue
            bad = sorted(i for i in chosen if any(selector_matches(p, i) for p in NO_WHEELS[name]))
            if bad:
                problems.append(f"{name} is required for wheels where it has none: {' '.join(bad)}")
            print(f"wheels tested with {name}: {len(chosen)} of {len(everything)}")

    if problems:
        print("the cibuildwheel configuration is not what the project promises:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    print(f"cibuildwheel configuration OK: {len(everything)} wheels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
