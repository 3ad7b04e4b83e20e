#!/usr/bin/env bash
# The thread tests under ThreadSanitizer, on demand. About 70 s here (a 50 s build, the
# tests 19 s on a quiet machine, 71 s on a busy one): left out of .ci/run, whose steps
# already fill its 15-minute budget on a 2-core machine.
#
#   bash bench/tsan.sh [pytest arguments]     # default: the thread tests listed below
#
# Builds link4 with -DLINK4_SANITIZE=thread (GCC) into a fresh virtual environment in a
# temporary folder, preloads the TSan runtime into Python (which is not instrumented
# itself; TSan follows the GIL through the pthread calls it intercepts), and runs the
# tests that use threads. Any data race report is fatal (halt_on_error) and also left
# in the report folder printed at the end. Exit status 0: no report and the tests pass.
# bench/tsan.supp lists the only reports ignored: glibc's, none of link4's.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
export PIP_DISABLE_PIP_VERSION_CHECK=1

python3 -m venv "$work/venv"
. "$work/venv/bin/activate"
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -C cmake.define.LINK4_SANITIZE=thread ".[test]"

cxx="${CXX:-c++}"
runtime="$("$cxx" -print-file-name=libtsan.so)"
[ -f "$runtime" ] || { echo "no ThreadSanitizer runtime for $cxx (GCC's libtsan.so)"; exit 1; }
mkdir "$work/reports"
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/bench/tsan.supp log_path=$work/reports/tsan"
tests=("$@")
if [ "${#tests[@]}" = 0 ]; then
    tests=(tests/solving/test_stress.py tests/solving/test_solver.py -k "thread or busy or ctrl_c or solve_many or gil"
           -p no:cacheprovider)
fi
rc=0
LD_PRELOAD="$runtime $("$cxx" -print-file-name=libstdc++.so)" python -m pytest "${tests[@]}" || rc=$?
if compgen -G "$work/reports/tsan*" >/dev/null; then
    cat "$work"/reports/tsan* | head -n 200
    echo "ThreadSanitizer reports in $work/reports"
    exit 1
fi
echo "ThreadSanitizer: no reports"
exit "$rc"
