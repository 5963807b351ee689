//! Ordered partitions of the nodes of a small graph, refined to equitable
//! ones by splitters, as in McKay's canonical labelling: the refinement
//! behind the keys of components with cells ([`super::key`]).
//!
//! A partition is an ordered list of *classes* (the word *cell* is the
//! plane graph's). Refining by a splitter class `W` sorts every class by
//! the number of neighbours its nodes have in `W` and breaks it into
//! fragments in that order; the fragments of a class are queued as new
//! splitters (all of them when the class was queued already, else all but
//! the first largest one). Every choice depends on the classes' places and
//! the counts, never on node numbers, so the refined partition of an
//! isomorphic copy is the image of the refined partition, and so is its
//! *trace*, a hash of every split made, which is an invariant.

/// A graph in compressed rows: the neighbours of node `x` are `adj[off[x]..off[x + 1]]`.
#[derive(Debug, Clone, Default)]
pub struct Csr {
    /// Row offsets, one more than the nodes.
    pub off: Vec<usize>,
    /// Concatenated neighbour lists.
    pub adj: Vec<u32>,
    fill: Vec<usize>,
}

impl Csr {
    /// Loads the graph with `nodes` nodes and these (undirected) edges.
    pub fn load(&mut self, nodes: usize, pairs: &[(u32, u32)]) {
        self.off.clear();
        self.off.resize(nodes + 1, 0);
        for &(a, b) in pairs {
            self.off[a as usize + 1] += 1;
            self.off[b as usize + 1] += 1;
        }
        for x in 0..nodes {
            self.off[x + 1] += self.off[x];
        }
        self.adj.clear();
        self.adj.resize(2 * pairs.len(), 0);
        // Fill each row from its end, so the offsets serve as cursors.
        let mut fill = std::mem::take(&mut self.fill);
        fill.clear();
        fill.extend_from_slice(&self.off[1..]);
        for &(a, b) in pairs {
            fill[a as usize] -= 1;
            self.adj[fill[a as usize]] = b;
            fill[b as usize] -= 1;
            self.adj[fill[b as usize]] = a;
        }
        self.fill = fill;
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.off.len().saturating_sub(1)
    }

    fn neighbours(&self, x: usize) -> &[u32] {
        &self.adj[self.off[x]..self.off[x + 1]]
    }
}

/// An ordered partition of the nodes `0..N`.
#[derive(Debug, Clone, Default)]
pub struct Partition {
    /// The nodes, class after class.
    lab: Vec<u32>,
    /// The place of each node in `lab`.
    place: Vec<u32>,
    /// The start (in `lab`) of each node's class.
    start: Vec<u32>,
    /// The end of each class, indexed by its start.
    end: Vec<u32>,
    /// Number of classes.
    classes: usize,
}

impl Partition {
    /// The partition of nodes by `colour` (each below `colours`), classes
    /// in increasing colour.
    pub fn by_colour(colour: &[u32], colours: usize) -> Partition {
        let mut p = Partition::default();
        p.set_by_colour(colour, colours);
        p
    }

    /// Makes this the partition of nodes by `colour` (each below
    /// `colours`, at most 16), reusing its buffers.
    pub fn set_by_colour(&mut self, colour: &[u32], colours: usize) {
        let n = colour.len();
        let mut first = [0u32; 17];
        assert!(colours <= 16, "at most 16 colours");
        for &c in colour {
            first[c as usize + 1] += 1;
        }
        for c in 0..colours {
            first[c + 1] += first[c];
        }
        for v in [&mut self.lab, &mut self.place, &mut self.start, &mut self.end] {
            v.clear();
            v.resize(n, 0);
        }
        self.classes = 0;
        let mut fill = first;
        for (x, &c) in colour.iter().enumerate() {
            let i = fill[c as usize] as usize;
            fill[c as usize] += 1;
            self.lab[i] = x as u32;
            self.place[x] = i as u32;
            self.start[x] = first[c as usize];
        }
        for c in 0..colours {
            let (s, e) = (first[c], first[c + 1]);
            if e > s {
                self.end[s as usize] = e;
                self.classes += 1;
            }
        }
    }

    /// `true` when every class is one node.
    pub fn is_discrete(&self) -> bool {
        self.classes == self.lab.len()
    }

    /// The place of node `x` (a canonical number once the partition is discrete).
    pub fn place(&self, x: usize) -> u32 {
        self.place[x]
    }

    /// The starts of every class, in order.
    pub fn class_starts(&self) -> impl Iterator<Item = u32> + '_ {
        let mut s = 0u32;
        std::iter::from_fn(move || {
            if (s as usize) < self.lab.len() {
                let here = s;
                s = self.end[s as usize];
                Some(here)
            } else {
                None
            }
        })
    }

    /// The first class with two nodes or more, as its start and end.
    pub fn first_nontrivial(&self) -> Option<(usize, usize)> {
        if self.is_discrete() {
            return None;
        }
        self.class_starts().map(|s| (s as usize, self.end[s as usize] as usize)).find(|&(s, e)| e - s >= 2)
    }

    /// The nodes of the class at `start..end`.
    pub fn members(&self, start: usize, end: usize) -> &[u32] {
        &self.lab[start..end]
    }

    /// Makes `x` a class of its own, just before the rest of its class;
    /// returns the start of the new singleton.
    pub fn individualize(&mut self, x: usize) -> u32 {
        let s = self.start[x] as usize;
        let e = self.end[s] as usize;
        debug_assert!(e - s >= 2);
        let (i, j) = (self.place[x] as usize, s);
        let y = self.lab[j];
        self.lab.swap(i, j);
        self.place[y as usize] = i as u32;
        self.place[x] = j as u32;
        self.end[s] = s as u32 + 1;
        self.end[s + 1] = e as u32;
        for k in s + 1..e {
            self.start[self.lab[k] as usize] = s as u32 + 1;
        }
        self.classes += 1;
        s as u32
    }
}

/// Reusable buffers of the refinement.
#[derive(Debug, Clone, Default)]
pub struct Refiner {
    /// Splitters (class starts) in order; `queue[head..]` are pending.
    queue: Vec<u32>,
    queued: Vec<bool>,
    count: Vec<u32>,
    touched_nodes: Vec<u32>,
    touched_classes: Vec<u32>,
    /// Per class start: how many of its nodes the splitter touches.
    hits: Vec<u32>,
    sorted: Vec<(u32, u32)>,
}

/// Mixes `x` into the running hash `h`.
pub fn mix(h: u64, x: u64) -> u64 {
    let mut z = h ^ x.wrapping_add(0x9e37_79b9_7f4a_7c15).wrapping_add(h << 6).wrapping_add(h >> 2);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Refiner {
    /// Refines `p` to an equitable partition with every class as a first
    /// splitter; returns the trace, mixed into `trace`.
    pub fn refine_all(&mut self, g: &Csr, p: &mut Partition, trace: u64) -> u64 {
        self.reset(g.nodes());
        let mut s = 0usize;
        while s < p.lab.len() {
            self.push(s as u32);
            s = p.end[s] as usize;
        }
        self.run(g, p, trace)
    }

    /// Refines `p` to an equitable partition from the one splitter `first`
    /// (a class start); returns the trace, mixed into `trace`.
    pub fn refine(&mut self, g: &Csr, p: &mut Partition, first: u32, trace: u64) -> u64 {
        self.reset(g.nodes());
        self.push(first);
        self.run(g, p, trace)
    }

    fn reset(&mut self, n: usize) {
        self.queue.clear();
        if self.queued.len() < n {
            self.queued.resize(n, false);
            self.count.resize(n, 0);
            self.hits.resize(n, 0);
        }
    }

    fn push(&mut self, s: u32) {
        if !self.queued[s as usize] {
            self.queued[s as usize] = true;
            self.queue.push(s);
        }
    }

    fn run(&mut self, g: &Csr, p: &mut Partition, mut trace: u64) -> u64 {
        let mut head = 0;
        while head < self.queue.len() && !p.is_discrete() {
            let w = self.queue[head];
            head += 1;
            self.queued[w as usize] = false;
            self.touched_nodes.clear();
            self.touched_classes.clear();
            // Counting reads the splitter's nodes before any split moves them.
            let (start, end) = (w as usize, p.end[w as usize] as usize);
            for i in start..end {
                let x = p.lab[i];
                for &y in g.neighbours(x as usize) {
                    let s = p.start[y as usize];
                    if p.end[s as usize] == s + 1 {
                        // A singleton never splits.
                        continue;
                    }
                    if self.count[y as usize] == 0 {
                        self.touched_nodes.push(y);
                        if self.hits[s as usize] == 0 {
                            self.touched_classes.push(s);
                        }
                        self.hits[s as usize] += 1;
                    }
                    self.count[y as usize] += 1;
                }
            }
            self.touched_classes.sort_unstable();
            trace = mix(trace, w as u64);
            for k in 0..self.touched_classes.len() {
                let s = self.touched_classes[k] as usize;
                let touched = std::mem::take(&mut self.hits[s]) as usize;
                let e = p.end[s] as usize;
                // Every node touched with one count: no split.
                if touched == e - s {
                    let c0 = self.count[p.lab[s] as usize];
                    if p.lab[s..e].iter().all(|&x| self.count[x as usize] == c0) {
                        continue;
                    }
                }
                self.split(p, s, e, &mut trace);
            }
            for &y in &self.touched_nodes {
                self.count[y as usize] = 0;
            }
        }
        // Leave the flags clean for the next call.
        for &s in &self.queue[head..] {
            self.queued[s as usize] = false;
        }
        mix(trace, p.classes as u64)
    }

    /// Splits class `s..e` by the counts, fragments in increasing count,
    /// and queues the new splitters.
    fn split(&mut self, p: &mut Partition, s: usize, e: usize, trace: &mut u64) {
        self.sorted.clear();
        self.sorted.extend(p.lab[s..e].iter().map(|&x| (self.count[x as usize], x)));
        self.sorted.sort_unstable();
        for (i, &(_, x)) in self.sorted.iter().enumerate() {
            p.lab[s + i] = x;
            p.place[x as usize] = (s + i) as u32;
        }
        let was_queued = self.queued[s];
        let mut largest = (0usize, s);
        let mut f = s;
        for i in s + 1..=e {
            if i == e || self.sorted[i - s].0 != self.sorted[i - 1 - s].0 {
                p.end[f] = i as u32;
                if f != s {
                    for j in f..i {
                        p.start[p.lab[j] as usize] = f as u32;
                    }
                    p.classes += 1;
                }
                *trace = mix(*trace, ((f as u64) << 40) ^ (((i - f) as u64) << 20) ^ self.sorted[f - s].0 as u64);
                if i - f > largest.0 {
                    largest = (i - f, f);
                }
                f = i;
            }
        }
        let mut f = s;
        while f < e {
            let next = p.end[f] as usize;
            if was_queued || f != largest.1 {
                self.push(f as u32);
            }
            f = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_refines_by_distance_from_its_ends() {
        // The path 0-1-2-3-4: ends, their neighbours, the middle.
        let mut g = Csr::default();
        g.load(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
        let mut p = Partition::by_colour(&[0; 5], 1);
        Refiner::default().refine_all(&g, &mut p, 0);
        assert_eq!(p.class_starts().count(), 3);
        assert_eq!(p.start[0], p.start[4]);
        assert_eq!(p.start[1], p.start[3]);
        // Fixing an end makes it discrete.
        let s = p.individualize(0);
        Refiner::default().refine(&g, &mut p, s, 0);
        assert!(p.is_discrete());
    }
}
