//! The memory budget of a command: `--max-memory`, or the machine's default.

use arrows_work::Budget;

/// The budget: the user's `--max-memory`, or three quarters of the memory
/// the system reports available. A budget larger than the machine's memory
/// is taken as given, with a warning: past the machine's memory the system
/// swaps or kills the process before the budget is reached.
pub fn budget(requested: Option<Budget>) -> Budget {
    match requested {
        Some(b) => {
            if b.exceeds_machine() {
                let machine = arrows_work::machine_memory().unwrap_or(0);
                eprintln!(
                    "warning: --max-memory {} is more than this machine's {} of memory; \
                     the system may swap or stop the process before the budget is reached",
                    arrows_text::bytes(b.get()),
                    arrows_text::bytes(machine)
                );
            }
            b
        }
        None => Budget::default(),
    }
}
