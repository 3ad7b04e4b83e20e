"""Fails when a file of the core or a function of the package grows past what one reader
holds in mind: a file of cpp/link4 over 500 lines, or a function over 80 lines in cpp/ or
python/ (from its signature to its closing brace or last line; a Python function's
docstring, which documents it for the API reference, is not counted).

    python tools/check_sizes.py            # exit 1 and one line per offender
    python tools/check_sizes.py --list 10  # also the ten longest functions, for planning
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_CORE_FILE_LINES = 500
MAX_FUNCTION_LINES = 80
CPP_SUFFIXES = {".cpp", ".hpp"}

# A line that opens a function body in the C++ sources: a name followed by its
# parameter list, then qualifiers, an initialiser list or a trailing return type, and
# the brace. Control statements and lambdas also match this shape: they are weeded out
# below.
CPP_FUNCTION = re.compile(r"[A-Za-z_~][\w:<>~]*\s*\(")
CPP_NOT_FUNCTIONS = ("if", "for", "while", "switch", "catch", "return", "[", "=", "else")


@dataclass(frozen=True)
class Function:
    path: Path
    name: str
    first_line: int
    lines: int

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.first_line}: {self.name} has {self.lines} lines"


def python_functions(path: Path) -> list[Function]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            assert node.end_lineno is not None
            lines = node.end_lineno - first + 1
            if ast.get_docstring(node, clean=False) is not None:
                docstring = node.body[0]
                assert docstring.end_lineno is not None
                lines -= docstring.end_lineno - docstring.lineno + 1
            found.append(Function(path, node.name, first, lines))
    return found


def _strip_cpp(text: str) -> list[str]:
    """The lines of a C++ file with comments and string literals blanked out, so that
    braces inside them are not counted."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(?:\\.|[^'\\\n])'", "' '", text)
    return text.split("\n")


def cpp_functions(path: Path) -> list[Function]:
    """Function bodies of a C++ file: from the line that starts the signature to the brace
    that closes the body. Only top-level bodies and those in a class or namespace count;
    a lambda or a local class is part of the function holding it."""
    lines = _strip_cpp(path.read_text(encoding="utf-8"))
    found = []
    depth_in_function = None  # the brace depth at which the current function's body opened
    depth = 0
    start = name = None
    pending: list[int] = []  # lines of a signature not yet closed by '{' or ';'
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if depth_in_function is None and stripped and not stripped.startswith("#"):
            pending.append(number)
            signature = " ".join(lines[i - 1].strip() for i in pending)
            if ";" in stripped and "{" not in stripped:
                pending = []
            elif "{" in stripped:
                head = signature.split("{", 1)[0]
                match = CPP_FUNCTION.search(head)
                is_function = (
                    match is not None
                    and not head.lstrip().startswith(CPP_NOT_FUNCTIONS)
                    and not re.match(r"\s*(class|struct|namespace|enum|union)\b", head)
                    and "=" not in head.split("(", 1)[0]
                )
                if is_function:
                    assert match is not None
                    depth_in_function, start, name = depth, pending[0], match.group().rstrip("( ")
                pending = []
            elif stripped.endswith(("}", ":")) or stripped.startswith("}"):
                pending = []
        depth += line.count("{") - line.count("}")
        if depth_in_function is not None and depth <= depth_in_function:
            assert start is not None and name is not None
            found.append(Function(path, name, start, number - start + 1))
            depth_in_function = None
            pending = []
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", type=int, default=0, metavar="N", help="print the N longest functions")
    args = parser.parse_args()
    problems = []
    functions: list[Function] = []
    for path in sorted((ROOT / "cpp").rglob("*")):
        if path.suffix not in CPP_SUFFIXES:
            continue
        functions += cpp_functions(path)
        count = len(path.read_text(encoding="utf-8").splitlines())
        if path.parent == ROOT / "cpp" / "link4" and count > MAX_CORE_FILE_LINES:
            problems.append(f"{path.relative_to(ROOT)} has {count} lines (at most {MAX_CORE_FILE_LINES})")
    for path in sorted((ROOT / "python").rglob("*.py")):
        functions += python_functions(path)
    problems += [f"{f} (at most {MAX_FUNCTION_LINES})" for f in functions if f.lines > MAX_FUNCTION_LINES]
    for f in sorted(functions, key=lambda f: -f.lines)[: args.list]:
        print(f)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
