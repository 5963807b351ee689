//! Deep recursion made safe: the engines recurse once per edge of a
//! component (or per vertex of a tree), far deeper than a thread's default
//! stack on graphs with thousands of edges. Every recursive step goes
//! through [`deep`], which moves onto a fresh stack segment when little of
//! the current one is left, so no caller has to provide a large stack.

/// Stack left below which a recursive step moves to a new segment.
pub(crate) const RED_ZONE: usize = 256 << 10;
/// Size of each new stack segment.
pub(crate) const STACK_SEGMENT: usize = 16 << 20;

/// Runs `f`, on a new stack segment when the current one is nearly used up.
#[inline]
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, f)
}
