# %% [markdown]
# # A tour of `arrows` in Python
#
# Cells marked `# %%` run one by one in Jupyter (through jupytext), VS Code
# or Spyder, and the whole file runs top to bottom with `python tour.py`.

# %%
import networkx as nx

import arrows

print("arrows", arrows.__version__)

# %% [markdown]
# ## A graph you already have
#
# Any networkx graph with any hashable labels: moves come back in your labels.

# %%
G = nx.Graph([("hub", "a1"), ("a1", "a2"), ("hub", "b1"), ("b1", "b2"), ("b2", "b3"), ("hub", "c1")])
a = arrows.analyze(G)
print(a)
print("winning moves:", a.winning_moves)

# %% [markdown]
# In a notebook the analysis shows itself as a picture (its `_repr_svg_`):
# the arrows, the components in colours, the winning moves dashed, your
# labels in the vertices. `a.svg()` and `a.tikz()` give the documents, for
# a web page or a paper (`title=False` drops the title line).

# %%
a
svg = a.svg(title=False)
print(svg.splitlines()[0])

# %% [markdown]
# Every move with the value it leads to, and the decomposition of the
# state into components (the flows, crashes, twigs, rods and spiders of the
# paper) whose nim-sum is the value.

# %%
a = arrows.analyze(G, state=[("hub", "a1")], moves=True, explain=True)
for m in a.move_values:
    print(f"  {m.move}: leads to {m.grundy}{'  (wins)' if m.winning else ''}")
for c in a.components:
    print(f"  {c.shape}: value {c.grundy}")

# %% [markdown]
# ## The families of the paper
#
# `arrows.spider(4, 6, 8)` is the graph of `arrows spider 4 6 8`, as a
# networkx graph; `to_dict()` is the command line's `--json`.

# %%
S = arrows.spider(4, 6, 8)
print(S.name, S.number_of_nodes(), "vertices")
report = arrows.analyze(S, variant="untrimmed").to_dict()
print({k: report[k] for k in ("graph", "variant", "grundy", "winner", "engine")})

big = arrows.analyze(arrows.spider(30, 40, 50))
print(big, f"in {big.time_ms:.0f} ms")

# %% [markdown]
# ## The Game of Cycles
#
# The plane families carry their cells; a networkx `PlanarEmbedding` gives
# its faces (the outer face is the one with the most edges, or `outer=`);
# a drawing gives the bounded faces of its straight-line picture.

# %%
print(arrows.analyze(arrows.wheel(6), variant="cycles"))
planar, embedding = nx.check_planarity(nx.wheel_graph(7))
print(arrows.analyze(embedding, variant="cycles"))
square = nx.cycle_graph(4)
print(arrows.analyze(square, variant="cycles", positions={0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}))

# %% [markdown]
# ## Trimming (Theorem 3.4)
#
# The Game of Arrows on `G` is the Trimmed Game of Arrows on `trim(G)`,
# arrow for arrow.

# %%
t = arrows.trim(G)
print(sorted(t.graph.nodes, key=str))
whole = arrows.analyze(G, variant="untrimmed")
print(whole.grundy == arrows.analyze(t.graph).grundy)

# %% [markdown]
# ## Tables and the paper's checks

# %%
rows = arrows.table("spider", legs=range(0, 9))
print(rows[:5] if isinstance(rows, list) else rows.head())
report = arrows.check("12.1", max=10)
print(report.summary)

# %% [markdown]
# ## Loopy games
#
# Any digraph: outcome (P, N or D), remoteness and the generalized
# Sprague-Grundy value, `("inf", K)` for the infinite ones.

# %%
D = nx.DiGraph([("start", "a"), ("a", "b"), ("b", "a"), ("a", "end"), ("start", "end")])
for position, value in arrows.loopy.solve(D).items():
    print(f"  {position}: {value.outcome}, remoteness {value.remoteness}, gamma {value.gamma}")
