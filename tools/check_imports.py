"""Check the import structure of the link4 package: exit 1 with the reasons when

- modules import each other in a cycle at module level (an import inside a function runs
  when the function is called, after both modules exist, so it does not count; nor does
  one under ``if TYPE_CHECKING:``, which never runs), or
- a module imports a private name (``_name``) of another module; the compiled core
  ``link4._core`` is the one private module that may be imported by name. Public names of
  private modules (``from link4._request import thread_count``) are fine; or
- a module imports, anywhere but under ``if TYPE_CHECKING:``, from a layer above its own,
  or belongs to no layer: the layers are the table of docs/layout.md, read from there so
  that the rule and its documentation are one text.

Usage: python tools/check_imports.py [PACKAGE_DIR [LAYOUT_MD]]
       (default: python/link4 docs/layout.md)
"""

from __future__ import annotations

import ast
import fnmatch
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED_PRIVATE = {"_core"}


@dataclass(frozen=True)
class Import:
    module: str  # the module imported (the most specific one that exists)
    name: str | None  # the name taken from it, for ``from m import name``
    line: int
    top_level: bool  # runs when the importing module is imported
    runs: bool  # runs at all: not under ``if TYPE_CHECKING:``


def module_names(package: Path) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    base = package.parent
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(base).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    for path in sorted(package.rglob("*.pyi")):  # a compiled module's stub stands for it
        parts = list(path.relative_to(base).with_suffix("").parts)
        names.setdefault(".".join(parts), path)
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(
    body: list[ast.stmt], top_level: bool, runs: bool = True
) -> Iterator[tuple[ast.stmt, bool, bool]]:
    """Every statement with whether it runs at import time (function bodies do not, nor
    ``if TYPE_CHECKING:`` blocks; class bodies and other blocks do) and whether it runs at
    all (all but ``if TYPE_CHECKING:`` blocks)."""
    for node in body:
        yield node, top_level, runs
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _statements(node.body, False, runs)
        elif isinstance(node, ast.If):
            typing_only = _is_type_checking(node.test)
            yield from _statements(node.body, top_level and not typing_only, runs and not typing_only)
            yield from _statements(node.orelse, top_level, runs)
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from _statements([s for s in inner if isinstance(s, ast.stmt)], top_level, runs)
                    for handler in inner:
                        if isinstance(handler, ast.ExceptHandler):
                            yield from _statements(handler.body, top_level, runs)


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """The imports of link4's own modules in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    root = next(iter(modules)).split(".")[0]
    found = []
    for node, top_level, runs in _statements(tree.body, True):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == root:
                    found.append(Import(alias.name, None, node.lineno, top_level, runs))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source.split(".")[0] != root:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    found.append(Import(submodule, None, node.lineno, top_level, runs))
                else:
                    found.append(Import(source, alias.name, node.lineno, top_level, runs))
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def private_imports(graph: dict[str, list[Import]], modules: dict[str, Path]) -> list[str]:
    problems = []
    for importer, imports in graph.items():
        for imp in imports:
            if imp.name is not None and _private(imp.name) and imp.name not in ALLOWED_PRIVATE:
                where = f"{_shown(modules[importer])}:{imp.line}"
                problems.append(f"{where}: {importer} imports the private name {imp.name} of {imp.module}")
    return problems


def cycles(graph: dict[str, list[Import]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself) among module-level imports, by Tarjan's algorithm."""
    edges = {
        m: sorted({i.module for i in imps if i.top_level and i.module in graph}) for m, imps in graph.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in edges[v]:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


Layers = list[tuple[str, list[str]]]  # each layer's name and its modules' patterns


def read_layers(layout: Path, root: str) -> Layers:
    """The layers of the table under "## The layers" in ``layout``, from the bottom up:
    each its name and the dotted-name patterns of its modules (``link4.web.*``)."""
    text = layout.read_text(encoding="utf-8").partition("\n## The layers\n")[2]
    rows = [line for line in text.splitlines() if line.startswith("|")][2:]  # past the header
    layers = []
    for row in rows:
        name, modules = (cell.strip() for cell in row.strip("|").split("|")[:2])
        layers.append((name, [f"{root}.{m}" for m in re.findall(r"`([^`]+)`", modules)]))
    return layers


def layer_problems(
    graph: dict[str, list[Import]], modules: dict[str, Path], layers: Layers, layout: Path
) -> list[str]:
    """Modules in no layer, rows naming no module, and imports from a layer above."""
    root = next(iter(modules)).split(".")[0]
    problems = []
    level: dict[str, int] = {}
    for index, (name, patterns) in enumerate(layers):
        for pattern in patterns:
            matched = [m for m in modules if fnmatch.fnmatchcase(m, pattern) and m not in level]
            if not matched:
                problems.append(f"{_shown(layout)}: the layer {name} names {pattern}, no module of its own")
            level.update(dict.fromkeys(matched, index))
    for module in modules:
        if module != root and module not in level:
            problems.append(f"{_shown(modules[module])}: {module} is in no layer of {_shown(layout)}")

    def layer(module: str) -> str:
        return "the package front" if module == root else f"layer {layers[level[module]][0]}"

    for importer, imports in graph.items():
        if importer == root or importer not in level:
            continue
        for imp in imports:
            if imp.runs and (imp.module == root or level.get(imp.module, -1) > level[importer]):
                where = f"{_shown(modules[importer])}:{imp.line}: {importer} ({layer(importer)})"
                problems.append(f"{where} imports {imp.module}, of {layer(imp.module)}")
    return problems


def check(package: Path, layout: Path) -> list[str]:
    modules = module_names(package)
    graph = {name: imports_of(name, path, modules) for name, path in modules.items() if path.suffix == ".py"}
    problems = private_imports(graph, modules)
    problems += layer_problems(graph, modules, read_layers(layout, package.name), layout)
    for component in cycles(graph):
        members = set(component)
        links = [
            f"{importer} -> {imp.module} (line {imp.line})"
            for importer in component
            for imp in graph[importer]
            if imp.top_level and imp.module in members
        ]
        problems.append(f"an import cycle among {', '.join(component)}: {'; '.join(links)}")
    return problems


def main(argv: list[str]) -> int:
    package = Path(argv[1]) if len(argv) > 1 else ROOT / "python" / "link4"
    layout = Path(argv[2]) if len(argv) > 2 else ROOT / "docs" / "layout.md"
    problems = check(package, layout)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in the imports of {_shown(package)}", file=sys.stderr)
        return 1
    print(f"the imports of {_shown(package)}: no cycle, no other module's private names, no layer above")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
