"""Sphinx configuration of link4's documentation site.

Build it with ``python -m sphinx -W -n -b html docs docs/_build/html`` (the docs extra:
``pip install ".[docs]"``): every warning is an error, broken references included, and
``_ext/public_api.py`` fails the build for a public name the reference leaves out.
"""

from __future__ import annotations

import sys
from pathlib import Path

import link4

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "link4"
author = "The link4 developers"
copyright = "The link4 developers"
release = link4.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "cli_reference",
    "plain_attributes",
    "public_api",
]

source_suffix = {".md": "markdown"}
# Options are written --size: no typographic dashes or quotes in the text.
smartquotes = False
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
# Links to a page's sections by their titles: [text](page.md#the-title).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

# The docstrings are Google style; the types come from the annotations.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}

# Broken references are errors (-n): every name of link4 must resolve. Names of other
# libraries cannot, without their inventories (fetched from their sites, which a build
# here does not reach): those are listed, and nothing of link4.
nitpicky = True
nitpick_ignore_regex = [
    ("py:.*", r"(typing|typing_extensions|collections\.abc|types|abc|enum|dataclasses)\..*"),
    ("py:.*", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel|open_spiel|starlette|uvicorn)(\..*)?"),
    ("py:.*", r"(pathlib|os|io|random|argparse|logging|concurrent|asyncio|threading)\..*"),
    ("py:.*", r"(re|subprocess|socket|json|ipaddress)\..*"),
    ("py:class", r"(Path|PathLike|Random|Namespace|Sequence|Iterable|Iterator|Callable|Mapping)"),
    ("py:class", r"(NDArray|ArrayLike|DTypeLike|Any|Self|TypeAlias|Literal|Final)"),
    ("py:class", r"(np\.ndarray|ndarray|dtype|ActType|ObsType|Space|Env|VectorEnv\[.*\]|AutoresetMode)"),
    ("py:class", r"(link4\.[a-z.]*\.)?(_?[A-Z][A-Za-z]*T|T)"),  # type variables
    ("py:class", r"(Scope|Receive|Send|ASGIApp|Request|Response)"),
    # Private names (a leading underscore) in the annotations of public ones: not API.
    ("py:.*", r"(link4\.)?(\w+\.)*_\w+.*"),
]

html_theme = "furo"
html_title = f"link4 {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": True,
}
