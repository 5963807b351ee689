#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arrows_fuzz::certificate::certificate(data));
