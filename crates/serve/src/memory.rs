//! The server's memory budget, shared by every request at once.
//!
//! Each request holds a [`Reservation`] of the server's [`Memory`] while it
//! works, and its answer holds one until the client has read it: first the
//! most its graph may take while it is built, then what the estimate of its
//! work says (the graph, the answer, and for an analysis what is left of
//! the budget of one request for the engine). A request whose reservation
//! does not fit next to those of the others waits a little for them to
//! finish, then is answered 503 with the reason; the sum of the
//! reservations never passes the server's budget, so requests that each
//! fit alone cannot together exhaust the machine.

use arrows_work::Cancel;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The memory every request of one server draws from.
#[derive(Debug)]
pub(crate) struct Memory {
    total: u64,
    used: Mutex<u64>,
    freed: Condvar,
}

/// A part of the server's memory held by one request; given back when dropped.
#[derive(Debug)]
pub(crate) struct Reservation {
    memory: Arc<Memory>,
    bytes: u64,
}

/// Why a reservation was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// More than the whole budget: it can never fit.
    Never,
    /// The others held too much for the whole wait: the bytes they held at the end.
    Taken(u64),
    /// The request was cancelled while it waited.
    Cancelled,
}

/// How often a waiting reservation looks at its request's cancel token.
const LOOK_EVERY: Duration = Duration::from_millis(20);

impl Memory {
    /// A budget of `total` bytes, none of it held.
    pub(crate) fn new(total: u64) -> Arc<Memory> {
        Arc::new(Memory { total, used: Mutex::new(0), freed: Condvar::new() })
    }

    /// The whole budget, in bytes.
    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    /// The bytes held now.
    pub(crate) fn held(&self) -> u64 {
        *self.lock()
    }

    fn lock(&self) -> MutexGuard<'_, u64> {
        // The count stays right even if a holder panicked: it is one number.
        self.used.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reserves `bytes`, waiting until `deadline` for other requests to
    /// give back what they hold, and giving up when `cancel` is set.
    pub(crate) fn reserve(
        self: &Arc<Memory>,
        bytes: u64,
        deadline: Instant,
        cancel: &Cancel,
    ) -> Result<Reservation, Refused> {
        if bytes > self.total {
            return Err(Refused::Never);
        }
        let mut used = self.lock();
        loop {
            if *used + bytes <= self.total {
                *used += bytes;
                return Ok(Reservation { memory: self.clone(), bytes });
            }
            if cancel.is_cancelled() {
                return Err(Refused::Cancelled);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Refused::Taken(*used));
            }
            used = self.freed.wait_timeout(used, left.min(LOOK_EVERY)).unwrap_or_else(|p| p.into_inner()).0;
        }
    }
}

impl Reservation {
    /// The bytes held.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Gives back all but `bytes` of the reservation (nothing when it holds no more).
    pub(crate) fn shrink(&mut self, bytes: u64) {
        if bytes < self.bytes {
            let mut used = self.memory.lock();
            *used -= self.bytes - bytes;
            self.bytes = bytes;
            drop(used);
            self.memory.freed.notify_all();
        }
    }

    /// Holds `bytes` instead of what it holds now: gives back the
    /// difference at once, or reserves it as [`Memory::reserve`] does.
    pub(crate) fn resize(&mut self, bytes: u64, deadline: Instant, cancel: &Cancel) -> Result<(), Refused> {
        if bytes <= self.bytes {
            self.shrink(bytes);
            return Ok(());
        }
        let more = self.memory.reserve(bytes - self.bytes, deadline, cancel)?;
        self.bytes += more.bytes;
        std::mem::forget(more);
        Ok(())
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.shrink(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn soon() -> Instant {
        Instant::now() + Duration::from_millis(50)
    }

    #[test]
    fn reservations_add_up_within_the_total_and_give_back_when_dropped() {
        let memory = Memory::new(100);
        let cancel = Cancel::new();
        let a = memory.reserve(60, soon(), &cancel).unwrap();
        assert_eq!(memory.held(), 60);
        assert_eq!(memory.reserve(50, soon(), &cancel).unwrap_err(), Refused::Taken(60));
        assert_eq!(memory.reserve(101, soon(), &cancel).unwrap_err(), Refused::Never);
        let b = memory.reserve(40, soon(), &cancel).unwrap();
        assert_eq!(memory.held(), 100);
        drop(a);
        assert_eq!(memory.held(), 40);
        drop(b);
        assert_eq!(memory.held(), 0);
    }

    #[test]
    fn a_resized_reservation_holds_exactly_its_new_size() {
        let memory = Memory::new(100);
        let cancel = Cancel::new();
        let mut a = memory.reserve(10, soon(), &cancel).unwrap();
        a.resize(70, soon(), &cancel).unwrap();
        assert_eq!((a.bytes(), memory.held()), (70, 70));
        let other = memory.reserve(30, soon(), &cancel).unwrap();
        assert_eq!(a.resize(71, soon(), &cancel).unwrap_err(), Refused::Taken(100));
        assert_eq!(a.bytes(), 70, "a refused growth keeps what was held");
        a.resize(5, soon(), &cancel).unwrap();
        assert_eq!(memory.held(), 35);
        drop((a, other));
        assert_eq!(memory.held(), 0);
    }

    #[test]
    fn a_waiting_reservation_is_made_when_another_is_given_back() {
        let memory = Memory::new(100);
        let cancel = Cancel::new();
        let held = memory.reserve(100, soon(), &cancel).unwrap();
        let waiter = {
            let memory = memory.clone();
            std::thread::spawn(move || {
                // A generous wait: it ends as soon as the memory is given back.
                memory.reserve(80, Instant::now() + Duration::from_secs(60), &Cancel::new()).map(|r| r.bytes())
            })
        };
        drop(held);
        assert_eq!(waiter.join().unwrap(), Ok(80));
        let held = memory.reserve(100, soon(), &cancel).unwrap();
        cancel.cancel();
        let far = Instant::now() + Duration::from_secs(60);
        assert_eq!(memory.reserve(1, far, &cancel).unwrap_err(), Refused::Cancelled);
        drop(held);
    }
}
