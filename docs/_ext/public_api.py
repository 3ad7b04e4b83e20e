"""A Sphinx extension: the build fails for a public name that the reference leaves out.

The public API is every name in the ``__all__`` of every module of link4 whose dotted
path has no component with a leading underscore, and every public method and property
of those classes. The command line's own modules (``link4.commands``) are left out:
their reference is the command line's, generated from their parsers. A name counts as
documented when the reference describes the same object under that name, in any module
(``link4.Game`` documents ``link4.game.Game``), with a docstring that is not empty.
Each name missing is a warning, so ``sphinx-build -W`` fails on it.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict
from types import ModuleType
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

logger = logging.getLogger(__name__)

PACKAGE = "link4"
# Documented in the command line's reference instead (docs/reference/cli.md).
LEFT_OUT = ("link4.commands",)

_MISSING = object()


def public_modules() -> list[ModuleType]:
    """The package and each of its modules that the API reference must cover."""
    package = importlib.import_module(PACKAGE)
    names = [PACKAGE] + [
        info.name for info in pkgutil.walk_packages(package.__path__, prefix=f"{PACKAGE}.")
    ]
    return [
        importlib.import_module(name)
        for name in sorted(names)
        if not any(part.startswith("_") for part in name.split("."))
        and not any(name == left or name.startswith(f"{left}.") for left in LEFT_OUT)
    ]


def resolve(fullname: str) -> Any:
    """The object a dotted name stands for, or ``_MISSING``."""
    parts = fullname.split(".")
    # The shortest module first, as autodoc does: link4.perft is the function that the
    # package holds, not the module of that name.
    for split in range(1, len(parts) + 1):
        try:
            value: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            value = getattr(value, attribute, _MISSING)
            if value is _MISSING:
                break
        else:
            return value
    return _MISSING


def record_docstring(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Remember whether autodoc found a docstring for ``name``."""
    app.env.link4_docstrings = getattr(app.env, "link4_docstrings", {})  # type: ignore[attr-defined]
    app.env.link4_docstrings[name] = any(line.strip() for line in lines)  # type: ignore[attr-defined]


def own_members(cls: type) -> list[str]:
    """The public methods and properties that ``cls`` itself defines."""
    kinds = (property, classmethod, staticmethod)
    return [
        name
        for name, value in vars(cls).items()
        if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, kinds))
    ]


def check(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn for each public name the reference does not document with a docstring."""
    # Not the aliases: autodoc also files link4.Game under its canonical link4.game.Game.
    objects = env.get_domain("py").objects  # type: ignore[attr-defined]
    documented = {name for name, entry in objects.items() if not entry.aliased}
    docstrings: dict[str, bool] = getattr(env, "link4_docstrings", {})
    by_last_name: dict[str, list[str]] = defaultdict(list)
    for fullname in documented:
        by_last_name[fullname.rsplit(".", 1)[-1]].append(fullname)

    def where(name: str, obj: Any) -> str | None:
        for fullname in by_last_name[name]:
            if resolve(fullname) is obj:
                return fullname
        return None

    for module in public_modules():
        if module.__name__ not in documented:
            logger.warning("public module %s is not in the API reference", module.__name__)
        names = getattr(module, "__all__", None)
        if names is None:
            logger.warning("public module %s has no __all__", module.__name__)
            continue
        for name in names:
            obj = getattr(module, name)
            fullname = where(name, obj)
            if fullname is None:
                logger.warning("%s.%s is public but not in the API reference", module.__name__, name)
                continue
            if docstrings.get(fullname, True) is False:
                logger.warning("%s has no docstring", fullname)
            if inspect.isclass(obj) and obj.__module__.startswith(PACKAGE):
                for member in own_members(obj):
                    if f"{fullname}.{member}" not in documented:
                        logger.warning("%s.%s is public but not in the API reference", fullname, member)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the check with Sphinx."""
    app.connect("autodoc-process-docstring", record_docstring)
    app.connect("env-check-consistency", check)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True}
