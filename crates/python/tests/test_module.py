"""The module as a person meets it: its version, its help, its types, and
what an Analysis holds."""

import doctest
import inspect
import threading
import time
import pydoc
import re

import networkx as nx

import arrows
from arrows import _arrows
from conftest import ROOT


def test_the_version_is_the_crates():
    cargo = (ROOT / "Cargo.toml").read_text()
    version = re.search(r'\[workspace\.package\][^\[]*?version = "([^"]+)"', cargo).group(1)
    assert arrows.__version__ == version


def test_every_public_name_is_documented():
    for name in arrows.__all__:
        item = getattr(arrows, name)
        if name == "__version__":
            continue
        assert inspect.getdoc(item), name
    for name in ["solve", "Value"]:
        assert inspect.getdoc(getattr(arrows.loopy, name)), name
    text = pydoc.render_doc(arrows, renderer=pydoc.plaintext)
    for words in ["analyze", "networkx", "ValueError", "MemoryError", "KeyboardInterrupt", "loopy"]:
        assert words in text, words
    help_analyze = pydoc.render_doc(arrows.analyze, renderer=pydoc.plaintext)
    for words in ["variant", "state", "engine", "max_memory", "positions", "Raises"]:
        assert words in help_analyze, words


def test_the_stub_declares_the_native_module():
    stub = (ROOT / "crates" / "python" / "python" / "arrows" / "_arrows.pyi").read_text()
    native = [n for n in dir(_arrows) if not n.startswith("_")]
    for name in native:
        assert re.search(rf"^(def|class) {name}\b", stub, re.M), name
    assert (ROOT / "crates" / "python" / "python" / "arrows" / "py.typed").exists()


def test_an_analysis_in_the_callers_labels():
    g = nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")])
    a = arrows.analyze(g, variant="untrimmed", moves=True, explain=True)
    d = a.to_dict()
    assert (a.grundy, a.winner, a.move_count, a.engine) == (d["grundy"], d["winner"], d["move_count"], d["engine"])
    assert a.states_explored == d["solved"] and a.variant == "untrimmed" and a.play == "normal"
    assert a.labels == ["a", "b", "c", "d", "e"]
    label = a.labels.__getitem__
    winning = [f"{a.labels.index(t)}>{a.labels.index(h)}" for t, h in a.winning_moves]
    assert winning == [str(m) for m in d["winning_moves"]]
    assert winning == [m["move"] for m in d["winning_move_effects"]]
    assert [m.move for m in a.move_values] == list(a.moves)
    assert [(m.grundy, m.remoteness, m.winning) for m in a.move_values] == [
        (m["grundy"], m.get("remoteness"), m["winning"]) for m in d["moves"]
    ]
    assert a.remoteness == d["remoteness"]
    total = 0
    for c, expected in zip(a.components, d["components"]):
        assert c.shape == expected["shape"] and c.grundy == expected["grundy"]
        assert [f"{a.labels.index(u)}-{a.labels.index(v)}" for u, v in c.edges] == expected["edges"]
        assert c.vertices == {label(x["vertex"]): x["label"] for x in expected["vertices"]}
        total ^= c.grundy
    assert total == a.grundy
    assert "grundy" in repr(a) and a.graph == d["graph"]


def test_integer_labels_are_kept():
    g = nx.Graph([(2, 0), (0, 1), (1, 3)])
    a = arrows.analyze(g, moves=True)
    assert a.labels is None
    assert all(isinstance(x, int) for m in a.moves for x in m)
    assert arrows.analyze([(0, 1), (1, 2), (2, 3)]).labels is None


def test_moves_and_components_are_asked_for():
    a = arrows.analyze(arrows.path(5))
    assert a.moves is None and a.move_values is None and a.components is None and a.remoteness is None


def test_the_default_budget_is_a_share_of_the_memory():
    assert 1 << 20 <= _arrows.default_budget()


def test_the_readme_example_prints_what_its_comments_say(capsys):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## From Python", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    said = [line.split("#", 1)[1].strip() for line in code.splitlines() if line.startswith("print(") and "#" in line]
    assert printed == said


def test_a_sagemath_graph_is_read_through_its_networkx_graph():
    class SageLike:
        """What arrows uses of a SageMath graph."""

        def networkx_graph(self):
            return nx.Graph([("a", "b"), ("b", "c"), ("c", "d")])

    a = arrows.analyze(SageLike())
    assert a.winning_moves == arrows.analyze(SageLike().networkx_graph()).winning_moves


def test_other_threads_run_while_the_engines_work():
    done = threading.Event()
    ticks = 0

    def work():
        arrows.analyze("spider 30 40 50")
        done.set()

    worker = threading.Thread(target=work)
    started = time.monotonic()
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    elapsed = time.monotonic() - started
    # The main thread kept ticking through the computation (holding the
    # interpreter, the engines would have stopped it for the whole time).
    assert ticks >= min(20, elapsed * 100), (ticks, elapsed)


def test_the_examples_in_the_docstrings():
    import arrows._analysis
    import arrows._tables

    for module in (arrows._analysis, arrows._tables, arrows.loopy):
        result = doctest.testmod(module, extraglobs={"arrows": arrows}, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__
