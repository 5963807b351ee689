"""Tables of Grundy values over a family, and the checks of the paper."""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

from . import _arrows
from ._input import prepare

#: A range of a parameter: a number, a Python ``range`` (step 1), or text
#: ``"0..40"`` with both ends included, as on the command line.
Span = Union[int, range, str]


def _span(x: Any, name: str) -> Any:
    if x is None:
        return None
    if isinstance(x, bool):
        raise TypeError(f"{name}: give a number, a range or text such as \"0..40\", got {x!r}")
    if isinstance(x, int):
        if x < 0:
            raise ValueError(f"{name}: {x} is negative")
        return (x, x)
    if isinstance(x, range):
        if x.step != 1 or len(x) == 0 or x.start < 0:
            raise ValueError(f"{name}: give a non-empty range of step 1 from 0 or more, got {x!r}")
        return (x.start, x.stop - 1)
    if isinstance(x, str):
        return x
    raise TypeError(f"{name}: give a number, a range or text such as \"0..40\", got {x!r}")


def table(
    family: str,
    *,
    legs: Union[Span, List[Span], None] = None,
    k: Optional[int] = None,
    edges: Optional[Span] = None,
    leaves: Optional[Span] = None,
    spine: Optional[Span] = None,
    handle: Optional[Span] = None,
    bristles: Optional[Span] = None,
    spokes: Optional[Span] = None,
    vertices: Optional[Span] = None,
    paths: Union[Span, List[Span], None] = None,
    m: Optional[Span] = None,
    n: Optional[Span] = None,
    rungs: Optional[Span] = None,
    sides: Optional[Span] = None,
    graphs: Optional[Iterable[Any]] = None,
    variant: str = "trimmed",
    play: str = "normal",
    engine: Optional[str] = None,
    threads: Optional[int] = None,
    max_memory: Any = None,
    frame: Optional[bool] = None,
) -> Any:
    """The Grundy value of the empty state of every graph of a family, as
    ``arrows table FAMILY`` computes it (in parallel, one shared memo; the
    canonical engine where it computes the game, brute force otherwise).

    Families and their ranges (each a number, a ``range``, or text ``"0..40"``
    with both ends included), the keyword arguments named as the command
    line's flags:

    * ``"spider"``: ``legs=`` one range for every leg (``k`` legs, 3 by
      default) or a list of ranges, one per leg; one row per spider, legs in
      non-decreasing order;
    * ``"path"``: ``edges=``; ``"star"``: ``leaves=``;
    * ``"caterpillar"``: ``spine=`` and ``leaves=`` (at each spine vertex);
    * ``"broom"``: ``handle=`` and ``bristles=``;
    * ``"trees"``: ``edges=`` (every free tree);
    * ``"graphs"``: ``graphs=[...]``, anything :func:`arrows.analyze` takes;
    * the plane families, with their cells for ``variant="cycles"``:
      ``"wheel"`` (``spokes=``), ``"fan"`` (``vertices=``), ``"theta"``
      (``paths=``, one range or three; rows A <= B <= C), ``"grid"`` (``m=``
      and ``n=``; rows m <= n), ``"ladder"`` (``rungs=``), ``"prism"``
      (``sides=``).

    Parameters
    ----------
    family
        ``"spider"``, ``"path"``, ``"star"``, ``"caterpillar"``, ``"broom"``,
        ``"trees"``, ``"graphs"``, ``"wheel"``, ``"fan"``, ``"theta"``,
        ``"grid"``, ``"ladder"`` or ``"prism"``.
    legs, k, edges, leaves, spine, handle, bristles, spokes, vertices, paths, m, n, rungs, sides, graphs
        The family's ranges, as listed above.
    variant
        ``"trimmed"``, ``"untrimmed"`` or ``"cycles"``.
    play
        ``"normal"`` or ``"misere"`` (computed by brute force unless
        ``engine`` says otherwise, as ``arrows table --misere``).
    engine
        ``"canonical"``, ``"brute"`` or ``"explicit"``; ``None`` chooses as
        the command line does.
    threads
        Threads of the sweep; ``None`` for one per core.
    max_memory
        The memory budget: bytes, or a size such as ``"4G"``; ``None`` for
        three quarters of the memory available.
    frame
        ``True`` for a pandas ``DataFrame``, ``False`` for a list of dicts,
        ``None`` for a ``DataFrame`` when pandas is installed.

    Returns
    -------
    pandas.DataFrame or list of dict
        One row per graph: its key columns (``a``, ``b``, ``c`` for
        spiders, ``n`` for paths, ..., ``spokes`` for wheels, ``graph6`` for
        trees and graphs) and ``grundy``.

    >>> arrows.table("path", edges=range(1, 6), frame=False)[:2]
    [{'n': 1, 'grundy': 1}, {'n': 2, 'grundy': 0}]
    >>> arrows.table("wheel", spokes=range(3, 6), variant="cycles", frame=False)[0]
    {'spokes': 3, 'grundy': 0}
    """

    def several(x: Any, name: str) -> Any:
        if x is None:
            return None
        if isinstance(x, (list, tuple)):
            return [_span(y, f"{name}[{i}]") for i, y in enumerate(x)]
        return [_span(x, name)]

    natives = None
    if graphs is not None:
        natives = [prepare(g, max_memory=max_memory).graph for g in graphs]
    ranges = {
        "legs": several(legs, "legs"),
        "k": k,
        "edges": _span(edges, "edges"),
        "leaves": _span(leaves, "leaves"),
        "spine": _span(spine, "spine"),
        "handle": _span(handle, "handle"),
        "bristles": _span(bristles, "bristles"),
        "spokes": _span(spokes, "spokes"),
        "vertices": _span(vertices, "vertices"),
        "paths": several(paths, "paths"),
        "m": _span(m, "m"),
        "n": _span(n, "n"),
        "rungs": _span(rungs, "rungs"),
        "sides": _span(sides, "sides"),
    }
    columns, is_list, rows = _arrows.table(family, ranges, natives, variant, play, engine, threads, max_memory)
    records: List[Dict[str, Any]] = []
    for key, grundy in rows:
        if isinstance(key, str):
            record: Dict[str, Any] = {columns[0]: key}
        elif is_list:
            record = {columns[0]: key}
        else:
            record = dict(zip(columns, key))
        record["grundy"] = grundy
        records.append(record)
    if frame is False:
        return records
    try:
        import pandas
    except ImportError:
        if frame:
            raise
        return records
    return pandas.DataFrame.from_records(records, columns=list(columns) + ["grundy"])


class CheckReport:
    """The results of :func:`check`: one entry per check, probe or finding,
    each the object ``arrows check --json`` prints for it (``id``, ``kind``,
    ``result``, ``statement``, ``status``, ``instances``, ``range``,
    ``failures``, ``counterexample``, ``notes``, ``error``, ``time_ms``, ``max``)."""

    def __init__(self, entries: List[Dict[str, Any]], success: bool, summary: str) -> None:
        #: The entries, in the order of the paper.
        self.entries = entries
        #: ``True`` when every check passes and every probe and finding shows its counterexample.
        self.success = success
        #: The one-line summary ``arrows check`` ends with.
        self.summary = summary

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, i: int) -> Dict[str, Any]:
        return self.entries[i]

    def __bool__(self) -> bool:
        return self.success

    def __repr__(self) -> str:
        return f"<CheckReport: {self.summary}>"


def _ids(ids: Union[str, Iterable[str], None]) -> List[str]:
    if ids is None:
        return []
    if isinstance(ids, str):
        return [ids]
    return [str(i) for i in ids]


def check(ids: Union[str, Iterable[str], None] = None, max: Optional[int] = None, max_memory: Any = None) -> CheckReport:
    """Machine-checks the results of the spider paper, as ``arrows check``.

    ``ids`` selects results (``"12.1"``, ``["10.1", "8.2"]``; an id names
    its parts and probes too); ``None`` runs everything. ``max`` sets the
    ranges (spider legs up to ``max``; 30 by default, between 4 and 1000).
    Every claimed value is the paper's formula at the instance's
    parameters; the value it meets comes from the engines.

    Parameters
    ----------
    ids
        The results to check: ``"12.1"``, ``["10.1", "8.2"]`` (an id names
        its parts and probes too); ``None`` for everything.
    max
        The range: spider legs up to ``max`` (30 by default, between 4 and 1000).
    max_memory
        The memory budget: bytes, or a size such as ``"4G"``.

    Returns
    -------
    CheckReport
        One entry per check (``arrows check --json``'s objects), ``success``
        and ``summary``.

    >>> report = arrows.check("12.1", max=8)
    >>> report.success
    True
    """
    lines, success, summary = _arrows.check(_ids(ids), max, max_memory)
    return CheckReport([json.loads(line) for line in lines.splitlines()], success, summary)


def check_list(ids: Union[str, Iterable[str], None] = None) -> List[Dict[str, str]]:
    """The checks ``ids`` selects, without running them (``arrows check --list``).

    Parameters
    ----------
    ids
        Result ids (``"12.1"``, a list of them); ``None`` for every check.

    Returns
    -------
    list of dict
        One per check: ``id``, ``kind``, ``result`` and ``statement``.
    """
    return [json.loads(line) for line in _arrows.check_list(_ids(ids)).splitlines()]
