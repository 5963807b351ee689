//! Checksums of tables, so that a table edited after it was written is
//! refused instead of merged.
//!
//! A [`Checksum`] is SHA-256 (FIPS 180-4) written `sha256:` and 64
//! lower-case hex digits. The checksum of a table is that of its canonical
//! text, UTF-8, one line per item, each line ending in `\n`:
//!
//! ```text
//! arrows-table 2
//! family <the family as compact JSON, or null>
//! variant <trimmed | untrimmed | null>
//! shard <res/mod>
//! total <rows of the full table>
//! columns <the key columns, comma separated>
//! <index> <key> <grundy>        one line per row, in the table's order
//! ```
//!
//! where `<key>` is the row's numbers comma separated, or its graph6
//! string. Any change to a value, a key, a position, the family, the rule
//! set or the shard changes the checksum. The same function fingerprints
//! the graphs of an input ([`of_lines`]), and the rows of a shard on disk
//! ([`crate::store`], the rows file's bytes).
//!
//! Tables of arrows 0.1.0 were checksummed as version 1 of this text:
//! `arrows-table 1` and `shard <I/N>`, their part `I` being residue
//! `I - 1` ([`of_version_1`]).

use crate::table::Table;
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// A SHA-256 checksum, written `sha256:<64 hex digits>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Checksum([u8; 32]);

/// The prefix naming the hash.
const PREFIX: &str = "sha256:";

impl Checksum {
    /// The checksum of these bytes.
    pub fn of_bytes(bytes: &[u8]) -> Checksum {
        Checksum(Sha256::digest(bytes).into())
    }
}

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PREFIX)?;
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// A text that is not `sha256:` and 64 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read the checksum {text:?}; expected sha256: and 64 hex digits")]
pub struct ChecksumSyntax {
    /// The text given.
    pub text: String,
}

impl FromStr for Checksum {
    type Err = ChecksumSyntax;

    fn from_str(text: &str) -> Result<Checksum, ChecksumSyntax> {
        let bad = || ChecksumSyntax { text: text.into() };
        let hex = text.strip_prefix(PREFIX).ok_or_else(bad)?;
        if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(Checksum(out))
    }
}

impl serde::Serialize for Checksum {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Checksum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Checksum, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A checksum computed as bytes come: the bytes so far give [`Running::checksum`].
#[derive(Debug, Clone, Default)]
pub struct Running(Sha256);

impl Running {
    /// Nothing hashed yet.
    pub fn new() -> Running {
        Running(Sha256::new())
    }

    /// Hashes more bytes.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The checksum of the bytes so far (more may follow).
    pub fn checksum(&self) -> Checksum {
        Checksum(self.0.clone().finalize().into())
    }
}

/// The checksum of lines of text, each followed by `\n`.
pub fn of_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Checksum {
    let mut hash = Sha256::new();
    for line in lines {
        hash.update(line.as_bytes());
        hash.update(b"\n");
    }
    Checksum(hash.finalize().into())
}

/// The checksum of a table: of its canonical text (see the module's documentation).
pub fn of(table: &Table) -> Checksum {
    of_text(table, "arrows-table 2", table.shard.to_string())
}

/// The checksum arrows 0.1.0 gave a table, whose shard it wrote `I/N`
/// with part `I` the residue `I - 1`.
pub fn of_version_1(table: &Table) -> Checksum {
    let old = format!("{}/{}", table.shard.residue + 1, table.shard.modulus);
    of_text(table, "arrows-table 1", old)
}

fn of_text(table: &Table, version: &str, shard: String) -> Checksum {
    let json = |v: serde_json::Result<String>| v.expect("a family and a rule set serialize");
    let variant = match table.variant {
        Some(v) => json(serde_json::to_string(&v)).trim_matches('"').to_string(),
        None => "null".into(),
    };
    let mut head = vec![
        version.to_string(),
        format!("family {}", json(serde_json::to_string(&table.spec))),
        format!("variant {variant}"),
    ];
    // Normal play is left out, so checksums of earlier tables still hold.
    if table.play == arrows_core::Play::Misere {
        head.push("play misere".to_string());
    }
    head.extend([
        format!("shard {shard}"),
        format!("total {}", table.total),
        format!("columns {}", table.columns.join(",")),
    ]);
    head.extend(table.rows.iter().map(|r| format!("{} {} {}", r.position, r.key, r.grundy)));
    of_lines(head.iter().map(String::as_str))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_digests_and_round_trip() {
        // FIPS 180-4 test vector: SHA-256("abc").
        let abc = Checksum::of_bytes(b"abc");
        assert_eq!(abc.to_string(), "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(abc.to_string().parse(), Ok(abc));
        assert_eq!(of_lines(["a", "bc"]), Checksum::of_bytes(b"a\nbc\n"));
        assert!("sha256:00".parse::<Checksum>().is_err());
        assert!("md5:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".parse::<Checksum>().is_err());
    }
}
