"""Exact answers for the Game of Arrows, the Game of Cycles and loopy games.

The Game of Arrows: players take turns marking an arrow on an unmarked edge
of a graph; no vertex may become a sink or a source (in the Trimmed Game of
Arrows, leaves may); the last player to move wins. The Game of Cycles adds
the cells of a plane graph: completing a cycle cell wins at once.

This module calls the same library as the ``arrows`` command line, on the
graphs you already have::

    import networkx as nx
    import arrows

    G = nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")])
    a = arrows.analyze(G)                 # the Trimmed Game of Arrows
    a.grundy, a.winner, a.winning_moves   # moves in your labels: ('b', 'c'), ...
    arrows.analyze(G, variant="untrimmed", moves=True).moves
    arrows.analyze(arrows.wheel(5), variant="cycles").winner

What is here:

* :func:`analyze` (an :class:`Analysis`): the Grundy value, the winner, the
  winning moves, every move's value, the decomposition, ``to_dict()`` equal
  to the command line's ``--json``, and its picture (``svg()``, ``tikz()``;
  a notebook shows it);
* :func:`draw`: the picture of a position, SVG, TikZ or text;
* the families, as networkx graphs: :func:`spider`, :func:`path`,
  :func:`cycle`, :func:`star`, :func:`broom`, :func:`caterpillar`,
  :func:`wheel`, :func:`fan`, :func:`theta`, :func:`grid`, :func:`ladder`,
  :func:`prism`, :func:`k4`;
* :func:`trim`: the trimmed graph and the arrow bijection (Theorem 3.4);
* :func:`table`: a family's values as a table (a pandas DataFrame when pandas
  is installed); :func:`check`: the machine checks of the spider paper;
* :mod:`arrows.loopy`: :func:`arrows.loopy.solve` for any game digraph.

Graphs may be networkx graphs with any hashable labels, strings (``"spider 4
6 8"``, graph6, sparse6, ``"0-1,1-2"``), graph6 bytes, or edge pairs. Errors
are ``ValueError`` (a bad graph, state or parameter), ``MemoryError`` (past
the memory budget, ``max_memory``) and ``KeyboardInterrupt`` (Ctrl-C, which
stops the engines); every message says what to change. Long computations
release the interpreter, so other threads run meanwhile.
"""

from . import loopy
from ._analysis import Analysis, Component, MoveValue, analyze, draw
from ._arrows import __version__
from ._tables import CheckReport, check, check_list, table
from ._trim import Trimming, trim
from .families import (
    broom,
    caterpillar,
    cycle,
    fan,
    grid,
    k4,
    ladder,
    path,
    prism,
    spider,
    star,
    theta,
    wheel,
)

__all__ = [
    "Analysis",
    "CheckReport",
    "Component",
    "MoveValue",
    "Trimming",
    "__version__",
    "analyze",
    "broom",
    "caterpillar",
    "check",
    "check_list",
    "cycle",
    "draw",
    "fan",
    "grid",
    "k4",
    "ladder",
    "loopy",
    "path",
    "prism",
    "spider",
    "star",
    "table",
    "theta",
    "trim",
    "wheel",
]
