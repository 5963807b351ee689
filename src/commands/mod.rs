//! The commands: each converts its parsed flags into library objects, calls
//! the library, and prints the report. No game logic lives here.

pub mod analysis;
pub mod certificate;
pub mod check;
pub mod checked;
pub mod conjecture;
pub mod draw;
pub mod explain;
pub mod input;
pub mod loopy;
pub mod memo;
pub mod memory;
pub mod play;
pub mod progress;
pub mod prove;
pub mod search;
pub mod serve;
pub mod source;
pub mod table;
pub mod trim;
