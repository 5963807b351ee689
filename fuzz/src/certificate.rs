//! The check behind the `certificate` target: `arrows-verify` on arbitrary
//! bytes. It lives outside `checks/` because the root crate, which replays
//! `checks/` in `tests/it/fuzz_corpus.rs`, does not depend on the checker;
//! `verify/tests/it/fuzz_corpus.rs` replays this target's corpus instead.

/// Verifies the bytes as a certificate: never a panic, the same verdict
/// twice, one line of output, a failure's line inside the input.
pub fn certificate(data: &[u8]) {
    let first = arrows_verify::verify_reader(data);
    assert_eq!(first, arrows_verify::verify_reader(data), "the same bytes, the same verdict");
    let line = match &first {
        Ok(proved) => {
            assert!(!proved.claims.is_empty(), "a valid certificate proves something");
            proved.to_string()
        }
        Err(failure) => {
            let gzip = data.starts_with(&[0x1f, 0x8b]);
            if let (Some(at), false) = (failure.line, gzip) {
                let lines = data.split(|&b| b == b'\n').count() as u64;
                assert!(at >= 1 && at <= lines, "line {at} outside an input of {lines} lines");
            }
            failure.to_string()
        }
    };
    assert!(!line.contains('\n') && !line.contains('\r'), "one line: {line:?}");
}
