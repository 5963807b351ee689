"""The study of one position: :func:`analyze` and its :class:`Analysis`."""

from __future__ import annotations

import json
from typing import Any, Dict, Hashable, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from . import _arrows
from ._input import Prepared, prepare, state_pairs

#: A move, ``(tail, head)`` in the caller's vertex labels.
Move = Tuple[Hashable, Hashable]


class MoveValue(NamedTuple):
    """One legal move and the position it leads to."""

    #: The move, ``(tail, head)``.
    move: Move
    #: The follower's Grundy value; ``None`` when the move leaves the
    #: opponent a cell to complete (a losing move in the Game of Cycles).
    grundy: Optional[int]
    #: The follower's remoteness, when the search for it is quick.
    remoteness: Optional[int]
    #: ``True`` when the move wins.
    winning: bool


class Component(NamedTuple):
    """One component of a state (the decomposition, ``explain=True``)."""

    #: Its shape in the paper's words: ``"rod R_3"``, ``"spider <3^, 2_v, 5>"``.
    shape: str
    #: Its edges, ``(u, v)`` in the caller's labels.
    edges: List[Tuple[Hashable, Hashable]]
    #: Its vertices and what each still needs: ``"free"``, ``"needs-in"``,
    #: ``"needs-out"`` or ``"needs-both"``.
    vertices: Dict[Hashable, str]
    #: Its Grundy value.
    grundy: int


class Analysis:
    """Who wins a position of the Game of Arrows (or of Cycles), and how.

    Made by :func:`arrows.analyze`. Moves are ``(tail, head)`` pairs in the
    vertex labels of the graph given; ``to_dict()`` is the object the
    command line prints with ``--json`` (vertices numbered as the library
    numbers them: see ``labels``).
    """

    __slots__ = ("_report", "_input")

    def __init__(self, report: _arrows.Report, prepared: Prepared) -> None:
        self._report = report
        self._input = prepared

    def _move(self, tail: int, head: int) -> Move:
        return (self._input.label(tail), self._input.label(head))

    @property
    def grundy(self) -> Optional[int]:
        """The Grundy value (the misère value under misère play); ``None``
        when the player to move completes a cell of the Game of Cycles."""
        return self._report.grundy

    @property
    def winner(self) -> str:
        """``"first"`` (the player to move) or ``"second"``."""
        return self._report.winner

    @property
    def winning_moves(self) -> List[Move]:
        """The moves that win, as ``(tail, head)`` pairs (empty when the second player wins)."""
        return [self._move(t, h) for t, h in self._report.winning_moves]

    @property
    def moves(self) -> Optional[Dict[Move, Optional[int]]]:
        """Every legal move and the Grundy value of the position it leads
        to, winning moves first (``analyze(..., moves=True)``); else ``None``."""
        moves = self._report.moves
        if moves is None:
            return None
        return {self._move(t, h): g for t, h, g, _, _ in moves}

    @property
    def move_values(self) -> Optional[List[MoveValue]]:
        """Every legal move with its follower's value and remoteness and
        whether it wins, winning moves first (``moves=True``); else ``None``."""
        moves = self._report.moves
        if moves is None:
            return None
        return [MoveValue(self._move(t, h), g, r, w) for t, h, g, r, w in moves]

    @property
    def remoteness(self) -> Optional[int]:
        """Moves to the end of the game with best play, when ``moves=True``
        and the search is quick (about a million states or fewer)."""
        return self._report.remoteness

    @property
    def components(self) -> Optional[List[Component]]:
        """The components of the state's unmarked edges with their values,
        whose nim-sum is the Grundy value (``explain=True``); else ``None``."""
        parts = self._report.components
        if parts is None:
            return None
        label = self._input.label
        return [
            Component(shape, [(label(u), label(v)) for u, v in edges], {label(v): need for v, need in vertices}, g)
            for shape, edges, vertices, g in parts
        ]

    @property
    def move_count(self) -> int:
        """Number of legal moves."""
        return self._report.move_count

    @property
    def engine(self) -> str:
        """The engine that computed the value: ``"canonical"``, ``"brute"`` or ``"explicit"``."""
        return self._report.engine

    @property
    def states_explored(self) -> int:
        """The engine's work: states (brute force), component classes
        (canonical) or positions (explicit) solved (``"solved"`` in JSON)."""
        return self._report.solved

    @property
    def variant(self) -> str:
        """``"trimmed"``, ``"untrimmed"`` or ``"cycles"``."""
        return self._report.variant

    @property
    def play(self) -> str:
        """``"normal"`` or ``"misere"``."""
        return self._report.play

    @property
    def graph(self) -> str:
        """The graph's name: ``"S(4,6,8)"``, ``"wheel 5"``, or its edge list."""
        return self._report.graph

    @property
    def time_ms(self) -> float:
        """Wall-clock time of the analysis, in milliseconds."""
        return self._report.time_ms

    @property
    def labels(self) -> Optional[List[Hashable]]:
        """``labels[v]`` is your label of the library's vertex ``v`` (the
        numbering of ``to_dict()``); ``None`` when vertices are their own numbers."""
        return None if self._input.labels is None else list(self._input.labels)

    def to_dict(self) -> Dict[str, Any]:
        """The command line's JSON object for the same question (``arrows
        ... --json``, with ``--moves`` and ``--explain`` when asked), as
        Python values; vertices are numbered as in ``labels``.

        Returns
        -------
        dict
            The JSON object as Python values."""
        return json.loads(self._report.json())

    def svg(self, title: bool = True) -> str:
        """The position as an SVG document, as ``--draw svg`` draws it: its
        arrows, the components of its unmarked edges in colours, the winning
        moves dashed, and a title line (``title=False`` leaves it out, for a
        figure with a caption). Vertices carry your labels.

        Parameters
        ----------
        title
            ``False`` leaves the title line out.

        Returns
        -------
        str
            The SVG document."""
        return self._report.draw("svg", title, self._label_texts())

    def tikz(self, title: bool = True) -> str:
        """The position as a LaTeX document holding one TikZ picture, as
        ``--draw tikz`` writes it (class ``standalone``: Debian's
        texlive-latex-extra has it); the picture alone lies between the
        document's two marker comments.

        Parameters
        ----------
        title
            ``False`` leaves the title line out.

        Returns
        -------
        str
            The LaTeX document."""
        return self._report.draw("tikz", title, self._label_texts())

    def text(self) -> str:
        """The position as text, as ``--draw text`` prints it: a spider one
        line per leg (vertices by number, as in ``to_dict()``).

        Returns
        -------
        str
            The drawing, one line per leg or per edge."""
        return self._report.draw("text", True, None)

    def _repr_svg_(self) -> Optional[str]:
        """The drawing a notebook shows; ``None`` (the text ``repr``) for a graph too large to draw."""
        try:
            return self.svg()
        except (ValueError, MemoryError):
            return None

    def _label_texts(self) -> Optional[List[str]]:
        labels = self._input.labels
        return None if labels is None else [str(label) for label in labels]

    def __repr__(self) -> str:
        value = "none (the player to move completes a cell and wins)" if self.grundy is None else str(self.grundy)
        name = self.graph
        if self._input.labels is not None or len(name) > 40:
            # An edge list in the library's numbering says little of a graph with labels.
            name = f"a graph of {self._report.vertices} vertices and {self._report.edges} edges"
        rules = _RULES.get(self.variant, self.variant)
        play = "misère play" if self.play == "misere" else "normal play"
        return f"<Analysis of {name}, {rules}, {play}: grundy {value}, {self.winner} player wins>"


#: The rule sets in words, as the command line's reports name them.
_RULES = {
    "trimmed": "the Trimmed Game of Arrows",
    "untrimmed": "the Game of Arrows",
    "cycles": "the Game of Cycles",
}


def analyze(
    graph: Any,
    variant: str = "trimmed",
    state: Any = None,
    play: str = "normal",
    engine: Optional[str] = None,
    moves: bool = False,
    explain: bool = False,
    max_memory: Any = None,
    *,
    cells: Optional[Iterable[Sequence[Hashable]]] = None,
    positions: Any = None,
    outer: Any = None,
) -> Analysis:
    """Who wins a position of the Game of Arrows or the Game of Cycles, and how.

    Parameters
    ----------
    graph
        A networkx ``Graph`` (any hashable node labels; a SageMath graph is
        read through its ``networkx_graph()``), a string (a family
        such as ``"spider 4 6 8"`` or ``"wheel 5"``, graph6, sparse6 or an
        edge list ``"0-1,1-2"``), graph6 bytes, or an iterable of edge pairs
        ``(u, v)``. The families of :mod:`arrows` (``arrows.spider(4, 6, 8)``)
        return networkx graphs that analyze as the command line does.
    variant
        ``"trimmed"`` (the Trimmed Game of Arrows: leaves may be sinks or
        sources), ``"untrimmed"`` (the Game of Arrows: no vertex may be a sink
        or a source) or ``"cycles"`` (the Game of Cycles on a plane graph:
        completing a cycle cell wins at once).
    state
        The starting arrows: ``(tail, head)`` pairs in your labels, or text in
        arrow notation ``"0>1,5>4"``; ``None`` for the empty state.
    play
        ``"normal"`` (the last player to move wins) or ``"misere"``.
    engine
        ``"canonical"``, ``"brute"`` or ``"explicit"``; ``None`` chooses as the
        command line does (canonical where it computes the game).
    moves
        Also value every legal move (``Analysis.moves``, ``move_values``) and,
        when quick, the remoteness.
    explain
        Also split the state into components (``Analysis.components``).
    max_memory
        The memory budget: bytes, or a size such as ``"512M"`` or ``"4G"``;
        ``None`` for three quarters of the memory available.
    cells, positions, outer
        For the Game of Cycles: the cells as vertex walks (``[[0, 1, 2], ...]``),
        or a straight-line drawing ``{vertex: (x, y)}`` whose bounded faces are
        the cells, or, for a networkx ``PlanarEmbedding``, a half-edge
        ``(u, v)`` of its outer face (by default its face with the most edges).

    Returns
    -------
    Analysis
        The Grundy value (``grundy``), the winner (``winner``: ``"first"`` or
        ``"second"``), the winning moves in your labels (``winning_moves``),
        with ``moves=True`` every move's value (``moves``, ``move_values``)
        and the remoteness, with ``explain=True`` the components
        (``components``); ``to_dict()`` is the command line's ``--json``
        object, and ``svg()``, ``tikz()``, ``text()`` its pictures.

    Raises
    ------
    ValueError
        A graph, state or parameter the library refuses (the message says
        which and what to change).
    MemoryError
        A game past the memory budget, or past what the engine holds (the
        message names an engine that fits, or the budget to ask for).
    KeyboardInterrupt
        Ctrl-C while the engines run; they stop at their next checkpoint.

    Examples
    --------
    >>> import arrows
    >>> a = arrows.analyze(arrows.spider(2, 3, 4))
    >>> a.grundy, a.winner
    (1, 'first')
    >>> arrows.analyze([("a", "b"), ("b", "c"), ("c", "d")]).winning_moves
    [('b', 'c'), ('c', 'b')]
    """
    p = prepare(graph, cycles=variant == "cycles", cells=cells, positions=positions, outer=outer, max_memory=max_memory)
    report = _arrows.study(
        p.graph, variant, state_pairs(p, state), play, engine, bool(moves), bool(explain), max_memory
    )
    return Analysis(report, p)


def draw(
    graph: Any,
    state: Any = None,
    variant: str = "trimmed",
    play: str = "normal",
    format: str = "svg",
    title: bool = True,
    engine: Optional[str] = None,
    max_memory: Any = None,
    *,
    cells: Optional[Iterable[Sequence[Hashable]]] = None,
    positions: Any = None,
    outer: Any = None,
) -> str:
    """The picture of a position, as ``arrows ... --draw FORMAT`` draws it.
    The position is analyzed first (the winning moves are drawn).

    Parameters
    ----------
    graph, state, variant, play, engine, max_memory, cells, positions, outer
        As for :func:`analyze`.
    format
        ``"svg"``, ``"tikz"`` (a standalone LaTeX document) or ``"text"``.
    title
        ``False`` leaves the title line out (for a figure with a caption).

    Returns
    -------
    str
        The SVG document, the LaTeX document or the text.

    >>> svg = arrows.draw(arrows.spider(2, 3, 4), state=[(0, 1)])
    >>> svg.startswith("<svg")
    True
    """
    a = analyze(
        graph, variant, state, play, engine, max_memory=max_memory, cells=cells, positions=positions, outer=outer
    )
    if format == "text":
        return a.text()
    return a._report.draw(format, title, a._label_texts())
