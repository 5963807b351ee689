//! The body of a memo file: the engine's memos, sorted, as varints (see
//! [`super`] for the layout), written and read in one streaming pass with
//! the checksum computed on the way.

use super::header::{HEADER_LEN, Header};
use super::{Corruption, Fault, Persisted};
use crate::canonical::engine::{CanonicalEngine, ENTRY_OVERHEAD};
use crate::canonical::rows::{Slot, Stored, row_bytes};
use crate::canonical::spider::SpiderKey;
use crate::canonical::treememo::entry_bytes;
use std::cmp::Ordering;
use std::io::{self, Read, Write};
use xxhash_rust::xxh3::Xxh3;

/// How much a memo file holds (the counts of its header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(in crate::canonical) struct Counts {
    /// Spider rows.
    pub rows: u64,
    /// Filled cells of the spider rows.
    pub row_entries: u64,
    /// General classes.
    pub general: u64,
    /// Small trees with keys of at most 64 bits.
    pub narrow: u64,
    /// Small trees with longer keys.
    pub wide: u64,
    /// The bytes the classes take in an engine's memo once loaded.
    pub memo_bytes: u64,
}

impl Counts {
    /// Entries in all.
    pub fn entries(&self) -> u64 {
        self.row_entries + self.general + self.narrow + self.wide
    }
}

/// A body as written: its counts, length and checksum.
pub(super) struct Written {
    pub counts: Counts,
    pub len: u64,
    pub hash: u64,
}

/// The order of spider rows in a file: packed keys first, by value, then
/// the others by their words.
fn key_order(a: &SpiderKey, b: &SpiderKey) -> Ordering {
    match (a, b) {
        (SpiderKey::Small(x), SpiderKey::Small(y)) => x.cmp(y),
        (SpiderKey::Small(_), SpiderKey::Large(_)) => Ordering::Less,
        (SpiderKey::Large(_), SpiderKey::Small(_)) => Ordering::Greater,
        (SpiderKey::Large(x), SpiderKey::Large(y)) => x.cmp(y),
    }
}

/// Bytes gathered before they go to the writer.
const CHUNK: usize = 1 << 16;

/// A writer of varints that hashes and counts what it writes.
struct Output<'a, W: Write> {
    out: &'a mut W,
    buf: Vec<u8>,
    hasher: Xxh3,
    len: u64,
}

impl<W: Write> Output<'_, W> {
    fn varint(&mut self, mut x: u128) {
        while x >= 0x80 {
            self.buf.push(x as u8 | 0x80);
            x >>= 7;
        }
        self.buf.push(x as u8);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.hasher.update(&self.buf);
        self.len += self.buf.len() as u64;
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

/// Writes the body of `engine`'s memo to `out`.
pub(super) fn write<M: Persisted>(engine: &CanonicalEngine<M>, out: &mut impl Write) -> io::Result<Written> {
    let mut o = Output { out, buf: Vec::with_capacity(2 * CHUNK), hasher: Xxh3::new(), len: 0 };
    let mut counts = Counts::default();
    let value = |c| M::encode(c) as u128;
    // Rows in key order, each read under its shard's lock as it is written.
    let mut keys: Vec<SpiderKey> = Vec::new();
    engine.memo.for_each_row(|key, _| keys.push(key.clone()));
    keys.sort_unstable_by(key_order);
    for key in &keys {
        let slot = Slot { row: key.clone(), flipped: false, symmetric: false };
        engine
            .memo
            .with_row(&slot, |row| write_row::<M, _>(&mut o, &mut counts, key, [0, 1, 2, 3].map(|e| row.end(e))))?;
    }
    let mut general = engine.memo.general_entries();
    general.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut previous: &[u8] = &[];
    for (key, v) in &general {
        let shared = previous.iter().zip(key.iter()).take_while(|(a, b)| a == b).count();
        o.varint(shared as u128);
        o.varint((key.len() - shared) as u128);
        o.bytes(&key[shared..]);
        o.varint(value(*v));
        o.spill()?;
        counts.general += 1;
        counts.memo_bytes += ENTRY_OVERHEAD + key.len() as u64;
        previous = key;
    }
    let (mut narrow, mut wide): (Vec<_>, Vec<_>) =
        engine.memo.small_entries().into_iter().partition(|&(k, _)| k >> 64 == 0);
    for (count, keys) in [(&mut counts.narrow, &mut narrow), (&mut counts.wide, &mut wide)] {
        keys.sort_unstable_by_key(|&(k, _)| k);
        let mut previous = 0u128;
        for &(k, v) in keys.iter() {
            o.varint(k - previous);
            o.varint(value(v));
            o.spill()?;
            counts.memo_bytes += entry_bytes(k);
            previous = k;
            *count += 1;
        }
    }
    o.flush()?;
    Ok(Written { counts, len: o.len, hash: o.hasher.digest() })
}

/// Writes one row of the spider memo (nothing when it holds no value).
fn write_row<M: Persisted, W: Write>(
    o: &mut Output<'_, W>,
    counts: &mut Counts,
    key: &SpiderKey,
    lanes: [&[<M::Value as Stored>::Cell]; 4],
) -> io::Result<()> {
    let cell_size = std::mem::size_of::<<M::Value as Stored>::Cell>() as u64;
    let value = |c| M::encode(c) as u128;
    {
        let used = lanes.map(|lane| lane.iter().rposition(|&c| M::Value::read(c).is_some()).map_or(0, |i| i + 1));
        if used.iter().all(|&n| n == 0) {
            return Ok(());
        }
        counts.rows += 1;
        match key {
            SpiderKey::Small(k) => {
                o.varint(0);
                o.varint(*k);
            }
            SpiderKey::Large(words) => {
                o.varint(1);
                o.varint(words.len() as u128);
                for &w in words.iter() {
                    o.varint(w as u128);
                }
            }
        }
        for (lane, n) in lanes.iter().zip(used) {
            o.varint(n as u128);
            for &c in &lane[..n] {
                match M::Value::read(c) {
                    Some(v) => {
                        counts.row_entries += 1;
                        o.varint(value(v) + 1);
                    }
                    None => o.varint(0),
                }
            }
            o.spill()?;
        }
        counts.memo_bytes += row_bytes(key) + used.iter().sum::<usize>() as u64 * cell_size;
    }
    Ok(())
}

/// A reader of varints over the body, which hashes what it reads and
/// never reads past the body's length.
struct Input<'a, R: Read> {
    input: &'a mut R,
    buf: Vec<u8>,
    pos: usize,
    /// Body bytes not yet in `buf`.
    left: u64,
    /// Body bytes read into `buf` so far.
    read: u64,
    body_len: u64,
    hasher: Xxh3,
}

const MALFORMED_END: Fault = Fault::Corrupted(Corruption::Malformed("its contents end inside an entry"));

impl<R: Read> Input<'_, R> {
    /// Body bytes not yet parsed.
    fn remaining(&self) -> u64 {
        self.left + (self.buf.len() - self.pos) as u64
    }

    fn refill(&mut self) -> Result<(), Fault> {
        if self.left == 0 {
            return Err(MALFORMED_END);
        }
        let want = self.left.min(CHUNK as u64) as usize;
        self.buf.resize(want, 0);
        let mut got = 0;
        while got < want {
            match self.input.read(&mut self.buf[got..want]) {
                Ok(0) => {
                    let found = HEADER_LEN as u64 + self.read + got as u64;
                    return Err(Fault::Truncated { found, expected: HEADER_LEN as u64 + self.body_len });
                }
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Fault::Io(e)),
            }
        }
        self.hasher.update(&self.buf);
        self.left -= want as u64;
        self.read += want as u64;
        self.pos = 0;
        Ok(())
    }

    #[inline]
    fn byte(&mut self) -> Result<u8, Fault> {
        if self.pos == self.buf.len() {
            self.refill()?;
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u128, Fault> {
        let mut x = 0u128;
        let mut shift = 0;
        loop {
            let b = self.byte()?;
            let part = (b & 0x7f) as u128;
            // The last of 19 bytes carries the top two bits of 128.
            if shift > 126 || (shift == 126 && part > 3) {
                return Err(malformed("a number too long"));
            }
            x |= part << shift;
            if b & 0x80 == 0 {
                return Ok(x);
            }
            shift += 7;
        }
    }

    fn small(&mut self) -> Result<u64, Fault> {
        u64::try_from(self.varint()?).map_err(|_| malformed("a number too large"))
    }

    fn append(&mut self, n: u64, out: &mut Vec<u8>) -> Result<(), Fault> {
        if n > self.remaining() {
            return Err(MALFORMED_END);
        }
        for _ in 0..n {
            out.push(self.byte()?);
        }
        Ok(())
    }

    /// Hashes the rest of the body unread; `true` when the whole body
    /// matches `hash`.
    fn matches(&mut self, hash: u64) -> Result<bool, Fault> {
        while self.left > 0 {
            self.refill()?;
        }
        self.pos = self.buf.len();
        Ok(self.hasher.digest() == hash)
    }
}

fn malformed(what: &'static str) -> Fault {
    Fault::Corrupted(Corruption::Malformed(what))
}

/// Reads the body described by `header` into `engine`'s (empty) memo,
/// refusing past `budget` bytes of memo with `base` bytes held elsewhere.
/// A body that does not parse is reported as failing its checksum when
/// it does (a damaged file), as malformed otherwise.
pub(super) fn read<M: Persisted>(
    engine: &mut CanonicalEngine<M>,
    input: &mut impl Read,
    header: &Header,
    base: u64,
    budget: u64,
) -> Result<(), Fault> {
    let mut i = Input {
        input,
        buf: Vec::new(),
        pos: 0,
        left: header.body_len,
        read: 0,
        body_len: header.body_len,
        hasher: Xxh3::new(),
    };
    match parse(engine, &mut i, header, base, budget) {
        Ok(()) if i.remaining() > 0 => match i.matches(header.body_hash)? {
            true => Err(malformed("bytes follow the last entry")),
            false => Err(Fault::Corrupted(Corruption::Body)),
        },
        Ok(()) => match i.hasher.digest() == header.body_hash {
            true => Ok(()),
            false => Err(Fault::Corrupted(Corruption::Body)),
        },
        Err(Fault::Corrupted(c)) => match i.matches(header.body_hash) {
            Ok(true) => Err(Fault::Corrupted(c)),
            Ok(false) => Err(Fault::Corrupted(Corruption::Body)),
            Err(f) => Err(f),
        },
        Err(f) => Err(f),
    }
}

fn parse<M: Persisted, R: Read>(
    engine: &mut CanonicalEngine<M>,
    i: &mut Input<'_, R>,
    header: &Header,
    base: u64,
    budget: u64,
) -> Result<(), Fault> {
    let c = &header.counts;
    // Each entry takes a byte at least: counts past the body are malformed,
    // and no room is reserved for them.
    if [c.rows, c.row_entries, c.general, c.narrow, c.wide].iter().any(|&n| n > header.body_len) {
        return Err(malformed("counts larger than its contents"));
    }
    let value = |x: u128| u64::try_from(x).ok().and_then(M::decode).ok_or(malformed("a value out of range"));
    let over = |engine: &CanonicalEngine<M>| {
        let needed = base.saturating_add(engine.memo.bytes());
        if needed > budget { Err(Fault::Budget(needed)) } else { Ok(()) }
    };
    let mut previous: Option<SpiderKey> = None;
    let mut row_entries = 0;
    for _ in 0..c.rows {
        let key = match i.varint()? {
            0 => SpiderKey::Small(i.varint()?),
            1 => {
                let n = i.small()?;
                if n > i.remaining() {
                    return Err(MALFORMED_END);
                }
                let words = (0..n).map(|_| i.small()).collect::<Result<Box<[u64]>, Fault>>()?;
                SpiderKey::Large(words)
            }
            _ => return Err(malformed("an unknown kind of spider row")),
        };
        if previous.as_ref().is_some_and(|p| key_order(p, &key) != Ordering::Less) {
            return Err(malformed("spider rows out of order"));
        }
        let mut lanes: [Vec<<M::Value as Stored>::Cell>; 4] = Default::default();
        for lane in &mut lanes {
            let n = i.small()?;
            if n > i.remaining() {
                return Err(MALFORMED_END);
            }
            lane.reserve_exact(n as usize);
            for _ in 0..n {
                let cell = match i.varint()? {
                    0 => Default::default(),
                    x => {
                        row_entries += 1;
                        value(x - 1)?.cell()
                    }
                };
                lane.push(cell);
            }
        }
        engine.memo.insert_row(key.clone(), lanes);
        over(engine)?;
        previous = Some(key);
    }
    if row_entries != c.row_entries {
        return Err(malformed("its spider rows hold another number of entries than its header says"));
    }
    let mut key: Vec<u8> = Vec::new();
    for n in 0..c.general {
        let shared = i.small()?;
        let rest = i.small()?;
        if shared > key.len() as u64 || (n > 0 && rest == 0) {
            return Err(malformed("general classes out of order"));
        }
        let before = key.clone();
        key.truncate(shared as usize);
        i.append(rest, &mut key)?;
        if n > 0 && key <= before {
            return Err(malformed("general classes out of order"));
        }
        let v = value(i.varint()?)?;
        engine.memo.insert_general(key.as_slice().into(), v);
        over(engine)?;
    }
    for (count, wide) in [(c.narrow, false), (c.wide, true)] {
        let mut k = 0u128;
        for n in 0..count {
            let step = i.varint()?;
            k = k.checked_add(step).ok_or(malformed("a small tree's key out of range"))?;
            if (n > 0 && step == 0) || (k >> 64 != 0) != wide || k == 0 {
                return Err(malformed("small trees out of order"));
            }
            let v = value(i.varint()?)?;
            engine.memo.insert_small(k, v);
            over(engine)?;
        }
    }
    Ok(())
}
