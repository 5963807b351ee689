//! Checksums of tables, so that a table edited after it was written is
//! refused instead of merged.
//!
//! A [`Checksum`] is SHA-256 (FIPS 180-4) written `sha256:` and 64
//! lower-case hex digits. The checksum of a table is that of its canonical
//! text, UTF-8, one line per item, each line ending in `\n`:
//!
//! ```text
//! arrows-table 1
//! family <the family as compact JSON, or null>
//! variant <trimmed | untrimmed | null>
//! shard <I/N>
//! total <rows of the full table>
//! columns <the key columns, comma separated>
//! <index> <key> <grundy>        one line per row, in the table's order
//! ```
//!
//! where `<key>` is the row's numbers comma separated, or its graph6
//! string. Any change to a value, a key, a position, the family, the rule
//! set or the shard changes the checksum. The same function fingerprints
//! the graphs of an input ([`of_lines`]), and is the one a manifest of
//! many shards would use.

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
    let json = |v: serde_json::Result<String>| v.expect("a family and a rule set serialize");
    let variant = match table.variant {
        Some(v) => json(serde_json::to_string(&v)).trim_matches('"').to_string(),
        None => "null".into(),
    };
    let mut head = vec![
        "arrows-table 1".to_string(),
        format!("family {}", json(serde_json::to_string(&table.spec))),
        format!("variant {variant}"),
        format!("shard {}", table.shard),
        format!("total {}", table.total),
        format!("columns {}", table.columns.join(",")),
    ];
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
