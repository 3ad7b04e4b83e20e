"""Check that python/link4/_core.pyi describes the compiled module link4._core exactly.

pybind11 functions carry no introspectable signature, so mypy's stubtest can only see
which names exist. This script runs stubtest for that (names, kinds, class members) and
then compares every signature itself: pybind11 writes each one at the top of the
docstring, e.g. ``perft(position: link4._core.Position, depth: typing.SupportsInt |
typing.SupportsIndex) -> int``. Parameter names, positional-only markers, defaults,
overloads, parameter and return types must all agree with the stub.

Types are compared after normalising both sides: module prefixes are dropped
(``link4._core.Position`` is ``Position``), pybind11's ``SupportsInt | SupportsIndex``
is ``int`` and ``SupportsFloat | SupportsIndex`` is ``float``, and a bare ``dict`` at
run time accepts a parameterised ``dict[...]`` in the stub.

Run it with the package installed (it checks the stub that was installed with it):

    python tools/check_stubs.py            # exit 1 and a list of differences on drift
    python tools/check_stubs.py --stub python/link4/_core.pyi
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

MODULE = "link4._core"
HERE = Path(__file__).resolve().parent
ALLOWLIST = HERE / "stubtest-allowlist.txt"

# What pybind11 attaches to every bound class and that no stub needs to mention.
PYBIND_INTERNALS = {"_pybind11_conduit_v1_"}


@dataclass(frozen=True)
class Param:
    name: str
    positional_only: bool
    annotation: str
    default: str | None


@dataclass(frozen=True)
class Signature:
    params: tuple[Param, ...]
    returns: str

    def __str__(self) -> str:
        parts = []
        for p in self.params:
            text = f"{p.name}: {p.annotation}"
            if p.default is not None:
                text += f" = {p.default}"
            parts.append(text + (" (positional-only)" if p.positional_only else ""))
        return f"({', '.join(parts)}) -> {self.returns}"


# -- normalising types -------------------------------------------------------------------


def _union_members(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union_members(node.left) + _union_members(node.right)
    return [node]


def normalise(node: ast.expr | None) -> str:
    """A canonical text for a type expression, identical for equivalent spellings."""
    if node is None:
        return "<missing>"
    if isinstance(node, ast.Constant) and node.value is None:
        return "None"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return normalise(ast.parse(node.value, mode="eval").body)  # a quoted annotation
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr  # typing.Any, collections.abc.Sequence, link4._core.Position
    if isinstance(node, ast.Subscript):
        base = normalise(node.value)
        if base == "Optional":
            return normalise(ast.BinOp(node.slice, ast.BitOr(), ast.Constant(None)))
        elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return f"{base}[{', '.join(normalise(e) for e in elts)}]"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        members = {normalise(m) for m in _union_members(node)}
        if "SupportsInt" in members:  # pybind11's spelling of a C++ integer parameter
            members -= {"SupportsInt", "SupportsIndex"}
            members.add("int")
        if "SupportsFloat" in members:  # ... and of a C++ floating-point one
            members -= {"SupportsFloat", "SupportsIndex"}
            members.add("float")
        none = ["None"] if "None" in members else []
        return " | ".join(sorted(members - {"None"}) + none)
    if isinstance(node, ast.List):
        return f"[{', '.join(normalise(e) for e in node.elts)}]"
    return ast.unparse(node)


def same_type(runtime: str, stub: str) -> bool:
    # A bare generic at run time (pybind11 writes `dict` for py::dict) allows the stub
    # to say what it holds, alone or as a member of a union (`Callable | None`).
    if runtime == stub or ("[" not in runtime and stub.startswith(runtime + "[")):
        return True
    runtime_members, stub_members = runtime.split(" | "), _split_union(stub)
    return len(runtime_members) > 1 and len(runtime_members) == len(stub_members) and all(
        same_type(r, s) for r, s in zip(runtime_members, sorted(stub_members, key=_bare), strict=True)
    )


def _bare(member: str) -> tuple[bool, str]:
    """A union member's sort key as normalise orders them: by its bare name, None last."""
    return member == "None", member.split("[", 1)[0]


def _split_union(text: str) -> list[str]:
    """The members of a normalised union, split at the top level only."""
    members, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "["
        depth -= ch == "]"
        if depth == 0 and text.startswith(" | ", i):
            members.append(text[start:i])
            start = i + 3
    members.append(text[start:])
    return [m for m in members if m]


# -- reading signatures --------------------------------------------------------------------


def _signature_of(func: ast.FunctionDef, drop_self: bool) -> Signature:
    args = func.args
    positional = [(a, True) for a in args.posonlyargs] + [(a, False) for a in args.args]
    n_defaults = len(args.defaults)
    defaults: list[ast.expr | None] = [None] * (len(positional) - n_defaults) + list(args.defaults)
    params = []
    for i, ((arg, posonly), default) in enumerate(zip(positional, defaults, strict=True)):
        if i == 0 and drop_self:
            continue
        # Old-style positional-only names (`__x`) count as positional-only too.
        posonly = posonly or (arg.arg.startswith("__") and not arg.arg.endswith("__"))
        params.append(
            Param(
                arg.arg, posonly, normalise(arg.annotation), None if default is None else ast.unparse(default)
            )
        )
    for arg, kwdefault in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append(
            Param(
                "*" + arg.arg,
                False,
                normalise(arg.annotation),
                None if kwdefault is None else ast.unparse(kwdefault),
            )
        )
    for star, rest in (("*", args.vararg), ("**", args.kwarg)):
        if rest is not None:
            params.append(Param(star + rest.arg, False, normalise(rest.annotation), None))
    return Signature(tuple(params), normalise(func.returns))


_OVERLOAD_LINE = re.compile(r"^\d+\. (.*)$")
_OPAQUE_DEFAULT = re.compile(r"<[^<>]*>")  # pybind11's repr of a default it cannot print


def runtime_signatures(doc: str | None, is_method: bool) -> list[Signature] | None:
    """The signatures pybind11 wrote into a docstring (several for an overload), or None."""
    if not doc:
        return None
    lines = doc.strip().splitlines()
    if len(lines) > 1 and lines[1].strip() == "Overloaded function.":
        texts = [m.group(1) for line in lines[2:] if (m := _OVERLOAD_LINE.match(line))]
    else:
        texts = [lines[0]]
    sigs = []
    for text in texts:
        if text.startswith("("):  # property getters carry no name
            text = "f" + text
        text = _OPAQUE_DEFAULT.sub("...", text)
        try:
            tree = ast.parse(f"def {text}: ...")
        except SyntaxError:
            return None
        func = tree.body[0]
        assert isinstance(func, ast.FunctionDef)
        sig = _signature_of(func, drop_self=is_method)
        # pybind11 names unnamed arguments arg0, arg1...: they can only be passed by position.
        sigs.append(
            Signature(
                tuple(
                    Param(
                        p.name,
                        p.positional_only or bool(re.fullmatch(r"arg\d+", p.name)),
                        p.annotation,
                        p.default,
                    )
                    for p in sig.params
                ),
                sig.returns,
            )
        )
    return sigs


@dataclass
class StubClass:
    bases: list[str]
    methods: dict[str, list[Signature]]
    properties: dict[str, str]
    staticmethods: set[str]
    attributes: dict[str, str]


def _decorators(func: ast.FunctionDef) -> set[str]:
    return {normalise(d) for d in func.decorator_list}


def read_stub(path: Path) -> tuple[dict[str, list[Signature]], dict[str, StubClass], dict[str, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    functions: dict[str, list[Signature]] = {}
    classes: dict[str, StubClass] = {}
    attributes: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions.setdefault(node.name, []).append(_signature_of(node, drop_self=False))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            attributes[node.target.id] = normalise(node.annotation)
        elif isinstance(node, ast.ClassDef):
            cls = StubClass([normalise(b) for b in node.bases], {}, {}, set(), {})
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    decorators = _decorators(item)
                    if "property" in decorators:
                        cls.properties[item.name] = _signature_of(item, drop_self=True).returns
                    elif "staticmethod" in decorators:
                        cls.staticmethods.add(item.name)
                        cls.methods.setdefault(item.name, []).append(_signature_of(item, drop_self=False))
                    else:
                        cls.methods.setdefault(item.name, []).append(_signature_of(item, drop_self=True))
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    cls.attributes[item.target.id] = normalise(item.annotation)
            classes[node.name] = cls
    return functions, classes, attributes


# -- comparing -------------------------------------------------------------------------------


def compare_signature(where: str, runtime: Signature, stub: Signature) -> list[str]:
    problems = []
    if len(runtime.params) != len(stub.params):
        return [f"{where}: the module has {runtime}, the stub has {stub}"]
    for r, s in zip(runtime.params, stub.params, strict=True):
        if r.positional_only != s.positional_only:
            kind = "positional-only" if r.positional_only else "passable by name"
            problems.append(f"{where}: parameter {s.name!r} is {kind} in the module")
        elif not r.positional_only and r.name != s.name:
            problems.append(f"{where}: parameter {s.name!r} is called {r.name!r} in the module")
        if not same_type(r.annotation, s.annotation):
            problems.append(
                f"{where}: parameter {r.name!r} is {r.annotation} in the module, {s.annotation} in the stub"
            )
        if r.default != s.default:
            problems.append(
                f"{where}: parameter {r.name!r} defaults to {r.default} in the module, "
                f"{s.default} in the stub"
            )
    if not same_type(runtime.returns, stub.returns):
        problems.append(f"{where}: returns {runtime.returns} in the module, {stub.returns} in the stub")
    return problems


def compare_overloads(where: str, runtime: list[Signature], stub: list[Signature]) -> list[str]:
    if len(runtime) != len(stub):
        return [
            (
                f"{where}: the module has {len(runtime)} signature(s) {', '.join(map(str, runtime))}; "
                f"the stub has {len(stub)}: {', '.join(map(str, stub))}"
            )
        ]
    problems = []
    for i, (r, s) in enumerate(zip(runtime, stub, strict=True)):
        problems += compare_signature(where if len(runtime) == 1 else f"{where} (overload {i + 1})", r, s)
    return problems


def _public(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def compare_module(module: object, stub_path: Path) -> list[str]:
    functions, classes, attributes = read_stub(stub_path)
    problems: list[str] = []
    module_dunders = {"__doc__", "__file__", "__loader__", "__name__", "__package__", "__spec__"}
    runtime_names = {n for n in vars(module) if _public(n) and n not in module_dunders}
    stub_names = set(functions) | set(classes) | set(attributes)
    for name in sorted(runtime_names - stub_names):
        problems.append(f"{MODULE}.{name} is in the module but not in the stub")
    for name in sorted(stub_names - runtime_names):
        problems.append(f"{MODULE}.{name} is in the stub but not in the module")

    for name in sorted(runtime_names & stub_names):
        obj = getattr(module, name)
        where = f"{MODULE}.{name}"
        if isinstance(obj, type):
            if name not in classes:
                problems.append(f"{where} is a class in the module, not in the stub")
                continue
            problems += compare_class(where, obj, classes[name])
        elif callable(obj):
            if name not in functions:
                problems.append(f"{where} is a function in the module, not in the stub")
                continue
            sigs = runtime_signatures(obj.__doc__, is_method=False)
            if sigs is None:
                problems.append(f"{where}: no pybind11 signature in its docstring")
            else:
                problems += compare_overloads(where, sigs, functions[name])
        else:
            if name not in attributes:
                problems.append(f"{where} is a {type(obj).__name__} in the module, not in the stub")
            elif not same_type(type(obj).__name__, attributes[name]):
                kind = type(obj).__name__
                problems.append(f"{where} is a {kind} in the module, {attributes[name]} in the stub")
    return problems


def compare_class(where: str, cls: type, stub: StubClass) -> list[str]:
    problems = []
    bases = [b.__name__ for b in cls.__bases__ if not b.__module__.startswith("pybind11")]
    bases = [b for b in bases if b != "object"]
    if bases != stub.bases:
        problems.append(f"{where}: bases are {bases} in the module, {stub.bases} in the stub")
    for name, member in vars(cls).items():
        if name in PYBIND_INTERNALS or not _public(name):
            continue
        at = f"{where}.{name}"
        kind = type(member).__name__
        if kind == "pybind11_static_property":  # a class attribute, such as an enum's __members__
            if name != "__doc__" and name not in stub.attributes:
                problems.append(f"{at} is a class attribute in the module, not in the stub")
        elif isinstance(member, property):
            if name not in stub.properties:
                problems.append(f"{at} is a property in the module, not in the stub")
                continue
            sigs = runtime_signatures(member.fget.__doc__ if member.fget else None, is_method=True)
            if sigs is None or len(sigs) != 1:
                problems.append(f"{at}: no pybind11 signature for its getter")
            elif not same_type(sigs[0].returns, stub.properties[name]):
                want = stub.properties[name]
                problems.append(f"{at} is {sigs[0].returns} in the module, {want} in the stub")
        elif isinstance(member, staticmethod):
            if name not in stub.staticmethods:
                problems.append(f"{at} is a static method in the module, not in the stub")
                continue
            sigs = runtime_signatures(member.__func__.__doc__, is_method=False)
            if sigs is None:
                problems.append(f"{at}: no pybind11 signature in its docstring")
            else:
                problems += compare_overloads(at, sigs, stub.methods[name])
        elif kind == "instancemethod":
            sigs = runtime_signatures(member.__doc__, is_method=True)
            if name not in stub.methods or name in stub.staticmethods:
                if name.startswith("__") and sigs is None:
                    continue
                problems.append(f"{at} is a method in the module, not in the stub")
                continue
            if sigs is None:
                problems.append(f"{at}: no pybind11 signature in its docstring")
            else:
                problems += compare_overloads(at, sigs, stub.methods[name])
        elif isinstance(member, cls) and name not in stub.attributes:  # an enum value
            problems.append(f"{at} is a value of {cls.__name__} in the module, not in the stub")
    for name in sorted(set(stub.methods) | set(stub.properties)):
        if not hasattr(cls, name):
            problems.append(f"{where}.{name} is in the stub but not in the module")
        elif name in stub.properties and not isinstance(getattr(cls, name), property):
            problems.append(f"{where}.{name} is a property in the stub but not in the module")
    return problems


# -- stubtest --------------------------------------------------------------------------------


def run_stubtest() -> list[str]:
    """mypy's stubtest on the installed module, minus what pybind11 cannot express."""
    with tempfile.TemporaryDirectory() as cwd:  # away from the source tree and its config
        proc = subprocess.run(
            [sys.executable, "-m", "mypy.stubtest", MODULE, "--concise", "--allowlist", str(ALLOWLIST)],
            cwd=cwd,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": ""},
        )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    # Classes bound by pybind11 have its metaclass, which no stub can name.
    problems = [line for line in lines if "metaclass differs" not in line]
    if proc.returncode not in (0, 1) or (proc.returncode == 1 and not lines):
        problems.append(f"stubtest failed to run (exit {proc.returncode}): {proc.stderr.strip()}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stub", type=Path, help="the stub to check (default: the installed one)")
    parser.add_argument("--no-stubtest", action="store_true", help="compare signatures only")
    args = parser.parse_args()

    module = importlib.import_module(MODULE)
    stub = args.stub
    if stub is None:
        spec = importlib.util.find_spec("link4")
        assert spec is not None and spec.submodule_search_locations
        stub = Path(next(iter(spec.submodule_search_locations))) / "_core.pyi"
        if not stub.is_file():
            print(f"the installed package has no _core.pyi next to {module.__file__}", file=sys.stderr)
            return 1

    problems = compare_module(module, stub)
    if not args.no_stubtest:
        problems += run_stubtest()
    if problems:
        print(f"{stub.name} does not match the compiled module {MODULE}:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        print("Update python/link4/_core.pyi together with cpp/bindings.", file=sys.stderr)
        return 1
    print(f"{stub.name} matches {MODULE} ({module.__file__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
