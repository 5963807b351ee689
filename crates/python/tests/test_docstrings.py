"""The API documented where a notebook user looks: ``help(arrows.analyze)``.

Every public function and class of the module (``arrows``,
``arrows.families``, ``arrows.loopy``) has a docstring; every public
function and method names each of its arguments in it and says what it
returns; every public property has one; and the README of the module names
every public function and class."""

import inspect
import re

import arrows
import arrows.families
import arrows.loopy
from conftest import ROOT

MODULES = [arrows, arrows.families, arrows.loopy]


def public():
    """``{qualified name: object}`` for every public function and class."""
    found = {}
    for module in MODULES:
        names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
        for name in names:
            item = getattr(module, name)
            if not (inspect.isfunction(item) or inspect.isclass(item)):
                continue
            if not getattr(item, "__module__", "").startswith("arrows"):
                continue
            found[f"{module.__name__}.{name}"] = item
    return found


def problems_of_function(name, function, method=False):
    """What the docstring of ``function`` lacks: empty when nothing."""
    doc = inspect.getdoc(function)
    if not doc:
        return [f"{name}: no docstring"]
    problems = []
    parameters = list(inspect.signature(function).parameters.values())
    if method:
        parameters = parameters[1:]
    for p in parameters:
        if not re.search(rf"\b{re.escape(p.name)}\b", doc):
            problems.append(f"{name}: the docstring does not name the argument {p.name!r}")
    if not re.search(r"^Returns$|\bReturns\b", doc, re.MULTILINE):
        problems.append(f"{name}: the docstring does not say what it returns (a 'Returns' section)")
    return problems


def problems_of_class(name, cls):
    if not inspect.getdoc(cls) or cls.__doc__ is None:
        return [f"{name}: no docstring"]
    problems = []
    for attribute, item in vars(cls).items():
        if attribute.startswith("_"):
            continue
        if isinstance(item, property):
            if not inspect.getdoc(item):
                problems.append(f"{name}.{attribute}: no docstring")
        elif inspect.isfunction(item):
            problems += problems_of_function(f"{name}.{attribute}", item, method=True)
    return problems


def test_every_public_function_and_class_documents_its_arguments_and_result():
    items = public()
    # The families, analyze, draw, trim, table, check, check_list, solve; Analysis, ...
    assert len(items) >= 25, sorted(items)
    problems = []
    for name, item in sorted(items.items()):
        if inspect.isclass(item):
            problems += problems_of_class(name, item)
        else:
            problems += problems_of_function(name, item)
    assert not problems, "\n".join(problems)


def test_the_check_finds_an_undocumented_argument_and_result():
    def f(graph, depth=1):
        """Something about ``graph``."""

    assert problems_of_function("f", f) == [
        "f: the docstring does not name the argument 'depth'",
        "f: the docstring does not say what it returns (a 'Returns' section)",
    ]

    class C:
        """A class."""

        @property
        def p(self):
            return 1

    assert problems_of_class("C", C) == ["C.p: no docstring"]


def test_help_of_analyze_lists_every_argument_and_what_it_returns():
    text = inspect.getdoc(arrows.analyze)
    for p in inspect.signature(arrows.analyze).parameters:
        assert p in text, p
    assert "Returns\n-------\nAnalysis" in text


def test_the_readme_names_every_public_function_and_class():
    readme = (ROOT / "crates" / "python" / "README.md").read_text()
    missing = [name for name in public() if not re.search(rf"\b{re.escape(name.rsplit('.', 1)[1])}\b", readme)]
    assert not missing, missing
