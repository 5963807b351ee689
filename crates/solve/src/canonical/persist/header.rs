//! The header of a memo file: what it is, which version, which rule set
//! and engine, how much it holds, and the checksums (see [`super`] for the
//! layout).

use super::body::Counts;
use super::{Corruption, Fault, MeasureId, RuleSet};
use arrows_core::{Play, Variant};
use xxhash_rust::xxh3::xxh3_64;

/// The first bytes of every memo file. The high first byte and the line
/// endings after the name show a file damaged by a text transfer.
pub const MAGIC: [u8; 16] = *b"\x89arrows memo\r\n\x1a\n";

/// The format version this build reads and writes.
pub const VERSION: u32 = 1;

/// The length of the header.
pub const HEADER_LEN: usize = 104;

/// Where the header's checksum starts (it covers the bytes before).
const CHECKSUM_AT: usize = 96;

/// A decoded header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Header {
    pub version: u32,
    pub rules: RuleSet,
    pub fingerprint: u64,
    pub counts: Counts,
    pub body_len: u64,
    pub body_hash: u64,
}

fn variant_code(v: Variant) -> u8 {
    match v {
        Variant::Trimmed => 0,
        Variant::Untrimmed => 1,
        Variant::Cycles => 2,
    }
}

fn measure_code(m: MeasureId) -> u8 {
    match m {
        MeasureId::Grundy => 0,
        MeasureId::Parity => 1,
    }
}

fn rules_of(bytes: &[u8]) -> Option<RuleSet> {
    let variant = match bytes[0] {
        0 => Variant::Trimmed,
        1 => Variant::Untrimmed,
        2 => Variant::Cycles,
        _ => return None,
    };
    let play = match bytes[1] {
        0 => Play::Normal,
        1 => Play::Misere,
        _ => return None,
    };
    let measure = match bytes[2] {
        0 => MeasureId::Grundy,
        1 => MeasureId::Parity,
        _ => return None,
    };
    (bytes[3] == 0).then_some(RuleSet { variant, play, measure })
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

impl Header {
    /// The header's bytes, checksum included.
    pub fn encode(&self) -> [u8; HEADER_LEN] {
        let mut out = [0u8; HEADER_LEN];
        out[..16].copy_from_slice(&MAGIC);
        out[16..20].copy_from_slice(&self.version.to_le_bytes());
        out[20] = variant_code(self.rules.variant);
        out[21] = u8::from(self.rules.play == Play::Misere);
        out[22] = measure_code(self.rules.measure);
        let c = &self.counts;
        let words = [self.fingerprint, c.rows, c.row_entries, c.general, c.narrow, c.wide, c.memo_bytes, self.body_len];
        for (i, w) in words.into_iter().enumerate() {
            out[24 + 8 * i..32 + 8 * i].copy_from_slice(&w.to_le_bytes());
        }
        out[88..96].copy_from_slice(&self.body_hash.to_le_bytes());
        let check = xxh3_64(&out[..CHECKSUM_AT]);
        out[CHECKSUM_AT..].copy_from_slice(&check.to_le_bytes());
        out
    }

    /// Reads a header from the first bytes of a file (at most
    /// [`HEADER_LEN`]; fewer when the file is shorter). In order: the
    /// magic, the version, the length, the checksum, the rule set.
    pub fn decode(bytes: &[u8]) -> Result<Header, Fault> {
        let short = || Fault::Truncated { found: bytes.len() as u64, expected: HEADER_LEN as u64 };
        let magic = bytes.len().min(MAGIC.len());
        if bytes[..magic] != MAGIC[..magic] {
            return Err(Fault::NotAMemo);
        }
        if bytes.len() < 20 {
            return Err(short());
        }
        let version = u32::from_le_bytes(bytes[16..20].try_into().expect("four bytes"));
        if version != VERSION {
            return Err(Fault::Version(version));
        }
        if bytes.len() < HEADER_LEN {
            return Err(short());
        }
        if xxh3_64(&bytes[..CHECKSUM_AT]) != u64_at(bytes, CHECKSUM_AT) {
            return Err(Fault::Corrupted(Corruption::Header));
        }
        let rules = rules_of(&bytes[20..24]).ok_or(Fault::Corrupted(Corruption::Malformed("an unknown rule set")))?;
        let word = |i: usize| u64_at(bytes, 24 + 8 * i);
        Ok(Header {
            version,
            rules,
            fingerprint: word(0),
            counts: Counts {
                rows: word(1),
                row_entries: word(2),
                general: word(3),
                narrow: word(4),
                wide: word(5),
                memo_bytes: word(6),
            },
            body_len: word(7),
            body_hash: u64_at(bytes, 88),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            version: VERSION,
            rules: RuleSet { variant: Variant::Cycles, play: Play::Normal, measure: MeasureId::Grundy },
            fingerprint: 0x0123_4567_89ab_cdef,
            counts: Counts { rows: 1, row_entries: 2, general: 3, narrow: 4, wide: 5, memo_bytes: 6 },
            body_len: 7,
            body_hash: 8,
        }
    }

    #[test]
    fn a_header_reads_back() {
        let h = header();
        assert_eq!(Header::decode(&h.encode()).unwrap(), h);
    }

    #[test]
    fn every_damaged_byte_of_a_header_is_refused() {
        let bytes = header().encode();
        for i in 0..HEADER_LEN {
            let mut b = bytes;
            b[i] ^= 0x10;
            let err = Header::decode(&b).unwrap_err();
            let expected = match i {
                0..16 => matches!(err, Fault::NotAMemo),
                16..20 => matches!(err, Fault::Version(_)),
                _ => matches!(err, Fault::Corrupted(Corruption::Header)),
            };
            assert!(expected, "byte {i}: {err:?}");
        }
        for n in 0..HEADER_LEN {
            let err = Header::decode(&bytes[..n]).unwrap_err();
            assert!(matches!(err, Fault::Truncated { found, .. } if found == n as u64), "{n} bytes: {err:?}");
        }
    }
}
