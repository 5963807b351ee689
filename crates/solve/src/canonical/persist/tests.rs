use super::header::Header;
use super::*;
use crate::canonical::spider::Spider;
use arrows_core::families::{caterpillar, spider};
use arrows_core::plane::families::k4;
use arrows_core::{Decoration, Graph, Position};
use arrows_work::Control;

fn control() -> Control {
    Control::new(Budget::bytes(1 << 32))
}

fn trimmed() -> RuleSet {
    RuleSet::of::<Grundy>(Variant::Trimmed, Play::Normal)
}

fn solve(e: &mut CanonicalEngine<Grundy>, g: &Graph) -> u32 {
    let empty = Decoration::empty(g.edge_count());
    e.state_value(Position::trimmed(g, &empty), &control()).unwrap()
}

/// An engine with classes in every memo a trimmed tree reaches.
fn engine() -> CanonicalEngine<Grundy> {
    let mut e = CanonicalEngine::new();
    for g in [spider(&[3, 4, 5]).unwrap(), spider(&[1, 2, 2, 3, 3]).unwrap(), caterpillar(&[2, 0, 1, 3, 0, 2]).unwrap()]
    {
        solve(&mut e, &g);
    }
    solve(&mut e, &k4().graph);
    e
}

/// The bytes of a file with its header changed by `edit` (checksums made to match).
fn with_header(bytes: &[u8], edit: impl FnOnce(&mut Header)) -> Vec<u8> {
    let mut h = Header::decode(&bytes[..HEADER_LEN]).unwrap();
    edit(&mut h);
    let mut out = h.encode().to_vec();
    out.extend_from_slice(&bytes[HEADER_LEN..]);
    out
}

fn load(bytes: &[u8]) -> Result<Option<MemoSummary>, MemoFileError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m");
    std::fs::write(&path, bytes).unwrap();
    CanonicalEngine::<Grundy>::new().load(&path, trimmed(), Budget::bytes(1 << 32))
}

#[test]
fn the_same_memo_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let one = engine();
    one.save(&a, trimmed()).unwrap();
    // Another engine with the same classes (met in another order, in maps
    // with other hash seeds) writes the same file.
    let mut two = CanonicalEngine::<Grundy>::new();
    solve(&mut two, &k4().graph);
    for g in [caterpillar(&[2, 0, 1, 3, 0, 2]).unwrap(), spider(&[1, 2, 2, 3, 3]).unwrap(), spider(&[3, 4, 5]).unwrap()]
    {
        solve(&mut two, &g);
    }
    assert_eq!(two.memo_len(), one.memo_len());
    two.save(&b, trimmed()).unwrap();
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let (narrow, wide) = one.memo.small_counts();
    assert!(one.spider_rows().0 > 0 && narrow > 0 && !one.memo.general_entries().is_empty(), "{narrow} {wide}");
}

#[test]
fn loaded_values_are_the_files() {
    // A value changed in the memo before saving is the value the loaded
    // engine answers: the file is what answers, not a recomputation.
    let g = spider(&[3, 4, 5]).unwrap();
    let mut e = CanonicalEngine::<Grundy>::new();
    let v = solve(&mut e, &g);
    let whole = Spider::from_component(
        &crate::canonical::decompose(Position::trimmed(&g, &Decoration::empty(12)))[0].component,
    )
    .unwrap()
    .normalize();
    e.memo.store_spider(&whole, v + 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m");
    e.save(&path, trimmed()).unwrap();
    let mut loaded = CanonicalEngine::<Grundy>::new();
    loaded.load(&path, trimmed(), Budget::bytes(1 << 32)).unwrap();
    assert_eq!(solve(&mut loaded, &g), v + 1);
}

#[test]
fn a_file_joins_the_classes_an_engine_holds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m");
    engine().save(&path, trimmed()).unwrap();
    let mut e = CanonicalEngine::<Grundy>::new();
    let other = spider(&[6, 6, 2]).unwrap();
    let v = solve(&mut e, &other);
    let before = e.memo_len();
    let summary = e.load(&path, trimmed(), Budget::bytes(1 << 32)).unwrap().unwrap();
    assert!(e.memo_len() > before && e.memo_len() <= before + summary.entries as usize);
    let solved = e.stats();
    assert_eq!(solve(&mut e, &other), v);
    assert_eq!(
        solve(&mut e, &spider(&[3, 4, 5]).unwrap()),
        solve(&mut CanonicalEngine::new(), &spider(&[3, 4, 5]).unwrap())
    );
    assert_eq!((e.stats().spiders, e.stats().general), (solved.spiders, solved.general));
}

#[test]
fn headers_that_disagree_with_their_contents_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m");
    engine().save(&path, trimmed()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(load(&bytes).unwrap().is_some());
    let other = with_header(&bytes, |h| h.fingerprint ^= 1);
    assert!(matches!(load(&other), Err(MemoFileError::OtherEngine { .. })));
    let more = with_header(&bytes, |h| h.counts.row_entries += 1);
    let err = load(&more).unwrap_err();
    assert!(matches!(err, MemoFileError::Corrupted { problem: Corruption::Malformed(_), .. }), "{err}");
    let more = with_header(&bytes, |h| h.counts.general += 1);
    let err = load(&more).unwrap_err();
    assert!(matches!(err, MemoFileError::Corrupted { problem: Corruption::Malformed(_), .. }), "{err}");
    let fewer = with_header(&bytes, |h| h.counts.narrow -= 1);
    let err = load(&fewer).unwrap_err();
    assert!(matches!(err, MemoFileError::Corrupted { problem: Corruption::Malformed(_), .. }), "{err}");
    let huge = with_header(&bytes, |h| h.counts.wide = u64::MAX);
    let err = load(&huge).unwrap_err();
    assert!(matches!(err, MemoFileError::Corrupted { problem: Corruption::Malformed(_), .. }), "{err}");
    let misere = with_header(&bytes, |h| h.rules.play = Play::Misere);
    assert!(matches!(load(&misere), Err(MemoFileError::OtherRules { .. })));
}

#[test]
fn saving_replaces_the_file_whole_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m");
    std::fs::write(&path, b"an older file").unwrap();
    let summary = engine().save(&path, trimmed()).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), summary.file_bytes);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["m"]);
    let err = engine().save(&dir.path().join("no-such-folder").join("m"), trimmed()).unwrap_err();
    assert!(matches!(err, MemoFileError::Write { .. }), "{err}");
    assert!(std::error::Error::source(&err).is_some(), "the I/O error is the source");
}
