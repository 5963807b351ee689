"""Tables and paper checks: the rows of ``arrows table ... --format json``
and the objects of ``arrows check --json``, as lists of dicts or pandas
DataFrames."""

import json

import pytest

import arrows


def cli_rows(cli, *args):
    table = json.loads(cli.run("table", *args, "--format", "json").stdout)
    return [{k: v for k, v in row.items() if k != "index"} for row in table["rows"]]


@pytest.mark.parametrize(
    "family, parameters, args",
    [
        ("spider", dict(legs=range(0, 7)), ["spider", "--legs", "0..6"]),
        ("spider", dict(legs="0..4", k=4, variant="untrimmed"), ["spider", "--legs", "0..4", "--k", "4", "--untrimmed"]),
        ("spider", dict(legs=[2, range(0, 4), "3..5"]), ["spider", "--legs", "2,0..3,3..5"]),
        ("path", dict(edges=range(1, 21)), ["path", "--edges", "1..20"]),
        ("star", dict(leaves=range(1, 9), variant="untrimmed"), ["star", "--leaves", "1..8", "--untrimmed"]),
        ("broom", dict(handle=range(0, 5), bristles=range(0, 4)), ["broom", "--handle", "0..4", "--bristles", "0..3"]),
        ("caterpillar", dict(spine=range(1, 4), leaves=range(0, 3)), ["caterpillar", "--spine", "1..3", "--leaves", "0..2"]),
        ("trees", dict(edges=range(1, 8)), ["trees", "--edges", "1..7"]),
    ],
)
def test_tables_are_the_command_lines(cli, family, parameters, args):
    expected = cli_rows(cli, *args)
    assert arrows.table(family, frame=False, **parameters) == expected


def test_a_table_of_graphs_in_any_form(cli, tmp_path):
    lines = ["Bw", "0-1,1-2,2-3,1-4", "DQc"]
    (tmp_path / "graphs.txt").write_text("\n".join(lines) + "\n")
    expected = cli_rows(cli, "graphs", str(tmp_path / "graphs.txt"))
    graphs = ["Bw", [(0, 1), (1, 2), (2, 3), (1, 4)], "DQc"]
    assert arrows.table("graphs", graphs=graphs, frame=False) == expected


def test_a_dataframe_when_pandas_is_there():
    pandas = pytest.importorskip("pandas")
    frame = arrows.table("spider", legs=range(0, 5))
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == ["a", "b", "c", "grundy"]
    assert frame.to_dict("records") == arrows.table("spider", legs=range(0, 5), frame=False)


def test_a_list_of_dicts_without_pandas(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    rows = arrows.table("path", edges=range(1, 5))
    assert isinstance(rows, list) and rows == arrows.table("path", edges=range(1, 5), frame=False)
    assert [r["n"] for r in rows] == [1, 2, 3, 4]
    with pytest.raises(ImportError):
        arrows.table("path", edges=3, frame=True)


def test_the_paper_checks_are_the_command_lines(cli):
    expected = [{k: v for k, v in e.items() if k != "time_ms"} for e in cli.json_lines("check", "12.1", "8.2", "--max", "8")]
    report = arrows.check(["12.1", "8.2"], max=8)
    assert [{k: v for k, v in e.items() if k != "time_ms"} for e in report] == expected
    assert report.success and bool(report) and len(report) == len(expected)
    cli_text = cli.run("check", "12.1", "8.2", "--max", "8").stdout
    assert report.summary in cli_text.splitlines()
    assert arrows.check_list("12.1") == cli.json_lines("check", "12.1", "--list")
