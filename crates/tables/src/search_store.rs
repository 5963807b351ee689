//! The shards of an outcome search on disk: each shard's answers to its
//! tasks ([`arrows_solve::search::shard`]), resumable, and merged only when
//! every shard of the same search is there, complete and unchanged.
//!
//! Shard `r/m` of a search lives in a directory as `search-R-of-M.json`,
//! the [`SearchManifest`]: the board (its edges, cells, rule set, play and
//! starting state, and their SHA-256 fingerprint), the arrows version, the
//! command and why this shard was chosen, the number of tasks of the
//! search and of the shard, every answer found so far (task, winner,
//! nodes, and a checksum of the three that binds them to the board and
//! the shard), and whether the shard is complete. It is replaced atomically
//! (written to `.json.tmp`, then renamed) after each task, so a killed
//! shard loses at most the tasks in progress, and a shard run again
//! resumes with the tasks it has not answered. A shard of another board,
//! of another version of arrows or of another split in the same place is
//! refused; `search-R-of-M.lock` is held (an advisory lock of the system)
//! by the one process writing the shard.
//!
//! [`merge`] checks every manifest: one board, one version, one split,
//! every residue once, every shard complete, every answer a task its shard
//! owns and matching its checksum, then lists every task's answer.
//!
//! Nothing read is trusted: a manifest is read only from a regular file of
//! at most 64 MiB (the limit of every input), every count, index and shard
//! is checked against the rest of the file before it is used, and what is
//! allocated follows what was read (the answers listed, the manifests
//! given), never a number a manifest claims.

use crate::checksum::Checksum;
use crate::shard::Shard;
use crate::store::StoreError;
use arrows_core::plane::{format_cell_walks, parse_cell_walks};
use arrows_core::{Decoration, Graph, Play, Position, Variant, formats};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// The value of a search manifest's `format` field.
pub const SEARCH_FORMAT: &str = "arrows-search-shard";

/// The layout of the search manifests this version writes.
/// Layout 2 added the answers' checksums.
pub const SEARCH_LAYOUT: u32 = 2;

/// The most tasks a search is split into: two plies of a board of at most
/// 64 edges give at most `(2 * 64)^2` followers, far below it.
pub const MAX_TASKS: usize = 1 << 20;

/// The board of a search, as text that rebuilds it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchBoard {
    /// The graph's name (`wheel 13`).
    pub name: String,
    /// Number of vertices (isolated ones included).
    pub vertices: usize,
    /// The edges, `0-1,1-2,...`, in the graph's order.
    pub edges: String,
    /// The cells' vertex walks, `0-1-2;...`.
    pub cells: String,
    /// The rule set.
    pub variant: Variant,
    /// The play convention.
    pub play: Play,
    /// The starting state in arrow notation.
    pub state: String,
}

impl SearchBoard {
    /// The board of `position`, named `name`.
    pub fn of(name: &str, position: Position<'_>) -> SearchBoard {
        SearchBoard {
            name: name.to_string(),
            vertices: position.graph.vertex_count(),
            edges: position.graph.edge_list(),
            cells: format_cell_walks(position.graph),
            variant: position.variant,
            play: position.play,
            state: position.state.display(position.graph).to_string(),
        }
    }

    /// The SHA-256 of the board's JSON: equal exactly when the boards are.
    pub fn fingerprint(&self) -> Checksum {
        Checksum::of_bytes(serde_json::to_string(self).expect("a board serializes").as_bytes())
    }

    /// The graph (with its cells) and the starting state again.
    pub fn rebuild(&self) -> Result<(Graph, Decoration), String> {
        let g = formats::parse_edge_list(&self.edges).map_err(|e| e.to_string())?;
        let mut pairs: Vec<(usize, usize)> = g.edges().to_vec();
        pairs.shrink_to_fit();
        let g = Graph::new(self.vertices.max(g.vertex_count()), &pairs).map_err(|e| e.to_string())?;
        let g = if self.cells.is_empty() {
            g.with_cells(Vec::new()).map_err(|e| e.to_string())?
        } else {
            let cells = parse_cell_walks(&g, &self.cells).map_err(|e| e.to_string())?;
            g.with_cells(cells).map_err(|e| e.to_string())?
        };
        let state = if self.state.is_empty() {
            Decoration::empty(g.edge_count())
        } else {
            Decoration::parse(&g, &self.state).map_err(|e| e.to_string())?
        };
        Ok((g, state))
    }
}

/// One task's answer in a manifest.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchAnswer {
    /// The task's number.
    pub task: usize,
    /// The player to move at the task wins.
    pub win: bool,
    /// Nodes searched for it.
    pub nodes: u64,
    /// The checksum of the answer ([`SearchAnswer::checksum`]).
    pub check: Checksum,
}

impl SearchAnswer {
    /// The answer to `task` of shard `shard` of the search of the board
    /// whose fingerprint is `board`, with its checksum.
    pub fn new(board: &Checksum, shard: Shard, task: usize, win: bool, nodes: u64) -> SearchAnswer {
        let check = SearchAnswer::checksum(board, shard, task, win, nodes);
        SearchAnswer { task, win, nodes, check }
    }

    /// The SHA-256 of the line `arrows-search-answer <board> <R/M> <task>
    /// <win|loss> <nodes>`: any change to the answer, or the answer moved
    /// to another task, shard or board, changes it.
    pub fn checksum(board: &Checksum, shard: Shard, task: usize, win: bool, nodes: u64) -> Checksum {
        let outcome = if win { "win" } else { "loss" };
        Checksum::of_bytes(format!("arrows-search-answer {board} {shard} {task} {outcome} {nodes}\n").as_bytes())
    }

    /// `true` when the checksum matches the answer in the search of `board`, shard `shard`.
    pub fn holds(&self, board: &Checksum, shard: Shard) -> bool {
        self.check == SearchAnswer::checksum(board, shard, self.task, self.win, self.nodes)
    }
}

/// The manifest of a search shard (`search-R-of-M.json`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchManifest {
    /// Always [`SEARCH_FORMAT`].
    pub format: String,
    /// [`SEARCH_LAYOUT`].
    pub layout: u32,
    /// The version of arrows that wrote it.
    pub arrows: String,
    /// The command line.
    pub command: String,
    /// Why this shard (`--shard 1/4`, or the Slurm variables).
    pub shard_from: String,
    /// The board searched.
    pub board: SearchBoard,
    /// Its fingerprint.
    pub fingerprint: Checksum,
    /// The shard.
    pub shard: Shard,
    /// Tasks of the whole search.
    pub tasks: usize,
    /// Tasks this shard owns.
    pub owned: usize,
    /// The answers so far, by task.
    pub answers: Vec<SearchAnswer>,
    /// Every owned task is answered.
    pub complete: bool,
}

impl SearchManifest {
    /// Nodes searched for the answers so far.
    pub fn nodes(&self) -> u64 {
        self.answers.iter().fold(0u64, |a, b| a.saturating_add(b.nodes))
    }
}

/// The manifest's path for shard `shard` in `dir`.
pub fn search_manifest_path(dir: &Path, shard: Shard) -> PathBuf {
    dir.join(format!("search-{}-of-{}.json", shard.residue, shard.modulus))
}

/// A search shard being written: [`SearchWriter::record`] adds an answer.
#[derive(Debug)]
pub struct SearchWriter {
    manifest: SearchManifest,
    path: PathBuf,
    _lock: File,
}

impl SearchWriter {
    /// Opens shard `shard` of the search of `board` (with `tasks` tasks) in
    /// `dir`: a new shard, or the one there resumed. Refuses a manifest of
    /// another board, version or split, and a shard another process holds.
    pub fn open(
        dir: &Path,
        board: SearchBoard,
        shard: Shard,
        tasks: usize,
        command: String,
        shard_from: String,
    ) -> Result<SearchWriter, StoreError> {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::Io { path: dir.to_path_buf(), source })?;
        let path = search_manifest_path(dir, shard);
        let lock_path = path.with_extension("lock");
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|source| StoreError::Io { path: lock_path.clone(), source })?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(StoreError::Busy { path: lock_path }),
            Err(std::fs::TryLockError::Error(source)) => return Err(StoreError::Io { path: lock_path, source }),
        }
        let owned = shard.share(tasks);
        let fingerprint = board.fingerprint();
        let fresh = SearchManifest {
            format: SEARCH_FORMAT.into(),
            layout: SEARCH_LAYOUT,
            arrows: crate::store::VERSION.into(),
            command,
            shard_from,
            board,
            fingerprint,
            shard,
            tasks,
            owned,
            answers: Vec::new(),
            complete: owned == 0,
        };
        if tasks > MAX_TASKS {
            return Err(StoreError::Corrupt {
                path,
                problem: format!("the search has {tasks} tasks, more than the {MAX_TASKS} a manifest holds"),
            });
        }
        let manifest = if path.exists() {
            let old = read_manifest(&path)?;
            if old.fingerprint != fresh.fingerprint || old.shard != shard {
                return Err(StoreError::OtherSearch { path, found: describe(&old), expected: describe(&fresh) });
            }
            if old.arrows != fresh.arrows {
                return Err(StoreError::OtherVersion { path, found: old.arrows, expected: fresh.arrows });
            }
            if old.tasks != tasks {
                return Err(StoreError::Corrupt {
                    path,
                    problem: format!("it lists {} tasks, and this search has {tasks}", old.tasks),
                });
            }
            SearchManifest { command: fresh.command, shard_from: fresh.shard_from, ..old }
        } else {
            fresh
        };
        let writer = SearchWriter { manifest, path, _lock: lock };
        writer.save()?;
        Ok(writer)
    }

    /// The manifest as it stands.
    pub fn manifest(&self) -> &SearchManifest {
        &self.manifest
    }

    /// `true` when task `task` is answered already.
    pub fn answered(&self, task: usize) -> bool {
        self.manifest.answers.iter().any(|a| a.task == task)
    }

    /// Records the answer to task `task` (the player to move there wins
    /// when `win`, found in `nodes` nodes) with its checksum, and saves the
    /// manifest.
    pub fn record(&mut self, task: usize, win: bool, nodes: u64) -> Result<(), StoreError> {
        if !self.answered(task) {
            let answer = SearchAnswer::new(&self.manifest.fingerprint, self.manifest.shard, task, win, nodes);
            self.manifest.answers.push(answer);
            self.manifest.answers.sort_by_key(|a| a.task);
        }
        self.manifest.complete = self.manifest.answers.len() == self.manifest.owned;
        self.save()
    }

    fn save(&self) -> Result<(), StoreError> {
        crate::store::save_json(&self.path, &self.manifest)
    }
}

/// The board and the shard of a manifest, in words.
fn describe(m: &SearchManifest) -> String {
    let state = if m.board.state.is_empty() { String::new() } else { format!(" from {}", m.board.state) };
    format!("{}{state}, {}, shard {}", m.board.name, m.board.variant.title(), m.shard)
}

/// Reads and checks one search manifest: a regular file of at most
/// 64 MiB, whose every number agrees with the rest of it and whose every
/// answer matches its checksum.
pub fn read_manifest(path: &Path) -> Result<SearchManifest, StoreError> {
    use std::io::Read;
    let bad = |problem: String| StoreError::Manifest { path: path.to_path_buf(), problem };
    let io = |source| StoreError::Io { path: path.to_path_buf(), source };
    // A device, a FIFO or a directory is no manifest, whatever it is named:
    // refused before it is opened (a FIFO would block the open).
    let kind = std::fs::metadata(path).map_err(io)?.file_type();
    if !kind.is_file() {
        return Err(bad("not a regular file".into()));
    }
    let limit = arrows_core::formats::MAX_LINE_BYTES as u64;
    let mut text = Vec::new();
    File::open(path).and_then(|f| f.take(limit + 1).read_to_end(&mut text)).map_err(io)?;
    if text.len() as u64 > limit {
        return Err(bad(format!("larger than {}, so not a manifest", arrows_text::bytes(limit))));
    }
    let value: serde_json::Value =
        serde_json::from_slice(&text).map_err(|e| bad(format!("not JSON ({e}); was it edited?")))?;
    if value.get("format").and_then(serde_json::Value::as_str) != Some(SEARCH_FORMAT) {
        return Err(bad(format!("no \"format\": \"{SEARCH_FORMAT}\"")));
    }
    let layout = value.get("layout").and_then(serde_json::Value::as_u64);
    if layout != Some(u64::from(SEARCH_LAYOUT)) {
        return Err(bad(format!("layout {layout:?}, but this version reads layout {SEARCH_LAYOUT}")));
    }
    let m: SearchManifest = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
    if Shard::new(m.shard.residue, m.shard.modulus).is_none() || m.tasks > MAX_TASKS {
        return Err(bad("its shard or its number of tasks is out of bounds; was it edited?".into()));
    }
    let owns = |t: usize| t < m.tasks && m.shard.owns(t);
    if m.owned != m.shard.share(m.tasks)
        || m.answers.len() > m.owned
        || m.fingerprint != m.board.fingerprint()
        || !m.answers.iter().all(|a| owns(a.task))
        || m.answers.windows(2).any(|w| w[0].task >= w[1].task)
        || m.complete != (m.answers.len() == m.owned)
    {
        return Err(bad("its board, shard, tasks and answers disagree; was it edited?".into()));
    }
    if let Some(a) = m.answers.iter().find(|a| !a.holds(&m.fingerprint, m.shard)) {
        return Err(bad(format!("the answer to task {} does not match its checksum; was it edited?", a.task)));
    }
    Ok(m)
}

/// The search manifests in a directory (or the manifest named), sorted by name.
pub fn list_search(path: &Path) -> Result<Vec<PathBuf>, StoreError> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut found = Vec::new();
    for entry in std::fs::read_dir(path).map_err(|source| StoreError::Io { path: path.to_path_buf(), source })? {
        let p = entry.map_err(|source| StoreError::Io { path: path.to_path_buf(), source })?.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if name.starts_with("search-") && name.ends_with(".json") {
            found.push(p);
        }
    }
    if found.is_empty() {
        return Err(StoreError::NoSearch { path: path.to_path_buf() });
    }
    found.sort();
    Ok(found)
}

/// Why search shards do not merge.
#[derive(Debug, thiserror::Error)]
pub enum SearchMergeError {
    /// A manifest could not be read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Nothing to merge.
    #[error("no search shard was given")]
    Nothing,
    /// A shard of another search.
    #[error("{} is a shard of another search ({found}), not of {expected}", .path.display())]
    Foreign {
        /// Its manifest.
        path: PathBuf,
        /// Its search, in words.
        found: String,
        /// The first shard's search.
        expected: String,
    },
    /// A shard written by another version of arrows.
    #[error("{} was written by arrows {found}, and the first shard by arrows {expected}", .path.display())]
    OtherVersion {
        /// Its manifest.
        path: PathBuf,
        /// Its version.
        found: String,
        /// The first shard's.
        expected: String,
    },
    /// A shard of another split.
    #[error("{} is shard {shard}, but the first shard splits the search in {modulus}", .path.display())]
    OtherSplit {
        /// Its manifest.
        path: PathBuf,
        /// Its shard.
        shard: Shard,
        /// The first shard's modulus.
        modulus: usize,
    },
    /// A shard given twice.
    #[error("shard {shard} is given twice: {} and {}", .first.display(), .second.display())]
    Twice {
        /// The shard.
        shard: Shard,
        /// The first manifest.
        first: PathBuf,
        /// The second.
        second: PathBuf,
    },
    /// A shard is missing.
    #[error("shard {shard} of the search is missing ({present} of {modulus} shards given)")]
    Missing {
        /// The first missing shard.
        shard: Shard,
        /// Shards given.
        present: usize,
        /// Shards of the split.
        modulus: usize,
    },
    /// A shard is not complete.
    #[error("{} is shard {shard} with {done} of its {owned} tasks answered", .path.display())]
    Incomplete {
        /// Its manifest.
        path: PathBuf,
        /// The shard.
        shard: Shard,
        /// Tasks answered.
        done: usize,
        /// Tasks it owns.
        owned: usize,
    },
}

impl SearchMergeError {
    /// The manifest the problem was found in, when there is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            SearchMergeError::Foreign { path, .. }
            | SearchMergeError::OtherVersion { path, .. }
            | SearchMergeError::OtherSplit { path, .. }
            | SearchMergeError::Incomplete { path, .. } => Some(path),
            SearchMergeError::Twice { second, .. } => Some(second),
            SearchMergeError::Store(_) | SearchMergeError::Nothing | SearchMergeError::Missing { .. } => None,
        }
    }
}

/// The answers of a whole search, merged from its shards.
#[derive(Debug, Clone)]
pub struct MergedSearch {
    /// The board.
    pub board: SearchBoard,
    /// Every task's answer.
    pub answers: Vec<Option<bool>>,
    /// Nodes searched by every shard together.
    pub nodes: u64,
    /// The split.
    pub modulus: usize,
}

/// Reads the search shards under `paths` (directories or manifests) and
/// joins their answers, after the checks of the module documentation.
pub fn merge(paths: &[PathBuf]) -> Result<MergedSearch, SearchMergeError> {
    let mut manifests: Vec<(PathBuf, SearchManifest)> = Vec::new();
    for p in paths {
        for path in list_search(p)? {
            let m = read_manifest(&path)?;
            manifests.push((path, m));
        }
    }
    let Some((first_path, first)) = manifests.first().cloned() else { return Err(SearchMergeError::Nothing) };
    let modulus = first.shard.modulus;
    // A slot per shard given, never per shard a manifest claims.
    let mut seen: std::collections::BTreeMap<usize, PathBuf> = std::collections::BTreeMap::new();
    for (path, m) in &manifests {
        if m.fingerprint != first.fingerprint || m.tasks != first.tasks {
            let expected = format!("{} (as in {})", describe(&first), first_path.display());
            return Err(SearchMergeError::Foreign { path: path.clone(), found: describe(m), expected });
        }
        if m.arrows != first.arrows {
            return Err(SearchMergeError::OtherVersion {
                path: path.clone(),
                found: m.arrows.clone(),
                expected: first.arrows.clone(),
            });
        }
        if m.shard.modulus != modulus {
            return Err(SearchMergeError::OtherSplit { path: path.clone(), shard: m.shard, modulus });
        }
        if let Some(firstly) = seen.get(&m.shard.residue) {
            return Err(SearchMergeError::Twice { shard: m.shard, first: firstly.clone(), second: path.clone() });
        }
        seen.insert(m.shard.residue, path.clone());
        if !m.complete {
            return Err(SearchMergeError::Incomplete {
                path: path.clone(),
                shard: m.shard,
                done: m.answers.len(),
                owned: m.owned,
            });
        }
    }
    if seen.len() < modulus {
        // The first residue without a shard: below the number given, or just past it.
        let r = (0..=seen.len()).find(|r| !seen.contains_key(r)).expect("fewer residues than shards");
        return Err(SearchMergeError::Missing { shard: Shard { residue: r, modulus }, present: seen.len(), modulus });
    }
    // Every shard is there and complete, so the answers listed number the tasks.
    let listed: usize = manifests.iter().map(|(_, m)| m.answers.len()).sum();
    if listed != first.tasks {
        return Err(SearchMergeError::Store(StoreError::Manifest {
            path: first_path,
            problem: format!("the shards answer {listed} tasks of the {} it lists; was it edited?", first.tasks),
        }));
    }
    let mut answers = vec![None; first.tasks];
    let mut nodes = 0;
    for (_, m) in &manifests {
        for a in &m.answers {
            answers[a.task] = Some(a.win);
        }
        nodes = m.nodes().saturating_add(nodes);
    }
    Ok(MergedSearch { board: first.board, answers, nodes, modulus })
}
