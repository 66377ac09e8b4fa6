"""Sphinx configuration: the API reference from the docstrings, the CLI from its argparse parser."""

from __future__ import annotations

import bitcards

project = "bitcards"
author = "the bitcards authors"
copyright = "2026, the bitcards authors"
release = bitcards.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinxarg.ext",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"bitcards {release}"

autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = True
# README headings become anchors, so its links inside the page resolve
myst_heading_anchors = 3
# the README's relative links to files outside the docs (bench/RESULTS.md) are links, not documents
suppress_warnings: list[str] = []
# no network in the build: cross-references to Python and NumPy stay plain text
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
