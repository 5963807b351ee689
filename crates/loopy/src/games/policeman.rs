//! The policeman and the thief (*Games on Arbitrary Graphs*).
//!
//! Play is on an `m × n` board given as text: `#` is a cell that cannot be
//! entered, `.` a free cell, `P` the policeman's cell, `T` the thief's, `E`
//! the exit (free cells all; at most one exit, which may be left out). The
//! policeman walks in 8 directions, the thief in 4; they move in turns, the
//! policeman first, and either may skip a turn. If the policeman and the thief
//! are on the same cell, the policeman wins; otherwise, if the thief is on the
//! exit cell and it is his turn, the policeman loses.
//!
//! This is a partizan game; it becomes a game digraph as in the text by making
//! the player to move part of the position `(P, T, P_t)`. The two ways the
//! game ends become moves into the extra position [`Chase::Over`], so that
//! the outcome (P, N or D) is always the one of the *player to move*:
//!
//! * policeman and thief together with the thief to move: terminal, the thief
//!   (to move) has lost;
//! * together with the policeman to move (the thief walked into him): one move
//!   to `Over`, the policeman (to move) has won;
//! * the thief on the exit with the thief to move: one move to `Over`, the
//!   thief has won.
//!
//! A draw means the thief escapes capture forever without reaching the exit.

use super::{Notation, PositionError};
use crate::explore::Game;
use crate::outcome::Outcome;

/// The largest board supported, in cells.
pub const MAX_CELLS: usize = 4096;

/// Why a text is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No line of the board has a cell.
    #[error("the board is empty; draw it with # (wall), . (free), P, T and E")]
    Empty,
    /// More cells than supported.
    #[error("the board has {cells} cells; at most {max} are supported")]
    TooLarge {
        /// The cells of the board (rows times columns).
        cells: usize,
        /// The largest board supported.
        max: usize,
    },
    /// A character that is not a cell.
    #[error("line {line}, column {column}: unknown character '{found}' on the board; use # . P T E")]
    UnknownCharacter {
        /// The line of the text (from 1).
        line: usize,
        /// The column of the text (from 1).
        column: usize,
        /// The character read.
        found: char,
    },
    /// A second policeman, thief or exit.
    #[error("line {line}, column {column}: a second '{piece}'; the board has one")]
    Repeated {
        /// The line of the text (from 1).
        line: usize,
        /// The column of the text (from 1).
        column: usize,
        /// `P`, `T` or `E`.
        piece: char,
    },
    /// No policeman or no thief.
    #[error("the board has no '{piece}'; it needs one P (policeman) and one T (thief)")]
    Missing {
        /// `P` or `T`.
        piece: char,
    },
}

/// A position of the chase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Chase {
    /// The policeman on cell `police`, the thief on cell `thief` (cells are
    /// numbered row by row), and whose turn it is.
    At {
        /// The policeman's cell.
        police: u32,
        /// The thief's cell.
        thief: u32,
        /// Whether the policeman moves next.
        police_to_move: bool,
    },
    /// The game is over (the player to move here has lost: the one who moved
    /// here had won).
    Over,
}

/// Who wins a chase under optimal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    /// The policeman catches the thief.
    Policeman,
    /// The thief reaches the exit.
    Thief,
    /// Neither: the thief evades capture forever.
    Neither,
}

/// A board for the policeman and the thief.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicemanAndThief {
    rows: usize,
    cols: usize,
    free: Vec<bool>,
    exit: Option<u32>,
    start: Chase,
}

impl PolicemanAndThief {
    /// Reads a board. Lines may differ in length (missing cells are walls);
    /// blank lines at the start and end are ignored. Fails, naming the line,
    /// on an unknown character, and when `P` or `T` is missing or repeated or
    /// `E` repeated.
    pub fn parse_board(text: &str) -> Result<PolicemanAndThief, BoardError> {
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
        let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(lines.len());
        let last = lines.iter().rposition(|l| !l.is_empty()).map_or(first, |i| i + 1);
        let lines = &lines[first..last];
        let rows = lines.len();
        let cols = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        if rows == 0 {
            return Err(BoardError::Empty);
        }
        if rows * cols > MAX_CELLS {
            return Err(BoardError::TooLarge { cells: rows * cols, max: MAX_CELLS });
        }
        let mut free = vec![false; rows * cols];
        let (mut police, mut thief, mut exit) = (None, None, None);
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let cell = (r * cols + c) as u32;
                let slot = match ch {
                    '#' => continue,
                    '.' => None,
                    'P' => Some((&mut police, 'P')),
                    'T' => Some((&mut thief, 'T')),
                    'E' => Some((&mut exit, 'E')),
                    _ => {
                        return Err(BoardError::UnknownCharacter { line: first + r + 1, column: c + 1, found: ch });
                    }
                };
                free[cell as usize] = true;
                if let Some((slot, piece)) = slot {
                    if slot.is_some() {
                        return Err(BoardError::Repeated { line: first + r + 1, column: c + 1, piece });
                    }
                    *slot = Some(cell);
                }
            }
        }
        let Some(police) = police else {
            return Err(BoardError::Missing { piece: 'P' });
        };
        let Some(thief) = thief else {
            return Err(BoardError::Missing { piece: 'T' });
        };
        Ok(PolicemanAndThief { rows, cols, free, exit, start: Chase::At { police, thief, police_to_move: true } })
    }

    /// The starting position: as drawn, the policeman to move.
    pub fn start(&self) -> Chase {
        self.start
    }

    /// The board's size `(rows, columns)`.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The number of positions: both players on free cells, either to move,
    /// and `Over`.
    pub fn position_count(&self) -> u64 {
        let cells = self.free.iter().filter(|&&f| f).count() as u64;
        2 * cells * cells + 1
    }

    /// Every position with both on free cells, both players to move, and
    /// `Over`.
    pub fn all_positions(&self) -> Vec<Chase> {
        let cells: Vec<u32> = (0..self.free.len() as u32).filter(|&c| self.free[c as usize]).collect();
        let mut all = Vec::with_capacity(2 * cells.len() * cells.len() + 1);
        for &police in &cells {
            for &thief in &cells {
                for police_to_move in [true, false] {
                    all.push(Chase::At { police, thief, police_to_move });
                }
            }
        }
        all.push(Chase::Over);
        all
    }

    /// Who wins from `position`, given its outcome (for the player to move).
    pub fn winner(position: &Chase, outcome: Outcome) -> Winner {
        let police_to_move = match position {
            Chase::At { police_to_move, .. } => *police_to_move,
            Chase::Over => return Winner::Neither,
        };
        match (outcome, police_to_move) {
            (Outcome::D, _) => Winner::Neither,
            (Outcome::N, true) | (Outcome::P, false) => Winner::Policeman,
            (Outcome::N, false) | (Outcome::P, true) => Winner::Thief,
        }
    }

    fn steps(&self, cell: u32, diagonal: bool, out: &mut Vec<u32>) {
        let (r, c) = ((cell as usize / self.cols) as isize, (cell as usize % self.cols) as isize);
        out.push(cell); // skip the turn
        for dr in -1isize..=1 {
            for dc in -1isize..=1 {
                if (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0) {
                    continue;
                }
                let (nr, nc) = (r + dr, c + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < self.rows && (nc as usize) < self.cols {
                    let next = nr as usize * self.cols + nc as usize;
                    if self.free[next] {
                        out.push(next as u32);
                    }
                }
            }
        }
    }
}

impl Game for PolicemanAndThief {
    type Position = Chase;

    fn followers(&self, position: &Chase, out: &mut Vec<Chase>) {
        let Chase::At { police, thief, police_to_move } = *position else {
            return;
        };
        if police == thief {
            if police_to_move {
                out.push(Chase::Over);
            }
            return;
        }
        if !police_to_move && Some(thief) == self.exit {
            out.push(Chase::Over);
            return;
        }
        let mut cells = Vec::with_capacity(9);
        if police_to_move {
            self.steps(police, true, &mut cells);
            out.extend(cells.into_iter().map(|p| Chase::At { police: p, thief, police_to_move: false }));
        } else {
            self.steps(thief, false, &mut cells);
            out.extend(cells.into_iter().map(|t| Chase::At { police, thief: t, police_to_move: true }));
        }
    }
}

impl Notation for PolicemanAndThief {
    /// `P@r,c T@r,c police` (rows and columns from 1; the last word says who
    /// moves next), or `over`.
    fn format(&self, position: &Chase) -> String {
        match *position {
            Chase::Over => "over".into(),
            Chase::At { police, thief, police_to_move } => {
                let rc = |x: u32| format!("{},{}", x as usize / self.cols + 1, x as usize % self.cols + 1);
                let who = if police_to_move { "police" } else { "thief" };
                format!("P@{} T@{} {who}", rc(police), rc(thief))
            }
        }
    }

    fn parse(&self, text: &str) -> Result<Chase, PositionError> {
        let t = text.trim();
        if t == "over" {
            return Ok(Chase::Over);
        }
        let bad = || PositionError::Form {
            form: "'P@1,2 T@3,4 police' (or 'thief' to move, or 'over')",
            text: t.to_string(),
        };
        let words: Vec<&str> = t.split_whitespace().collect();
        let [p, th, who] = words[..] else {
            return Err(bad());
        };
        let cell = |w: &str, tag: &str| -> Result<u32, PositionError> {
            let rc = w.strip_prefix(tag).ok_or_else(bad)?;
            let (r, c) = rc.split_once(',').ok_or_else(bad)?;
            let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
            if r == 0 || c == 0 || r > self.rows || c > self.cols || !self.free[(r - 1) * self.cols + c - 1] {
                return Err(PositionError::NotFree { cell: w.to_string() });
            }
            Ok(((r - 1) * self.cols + c - 1) as u32)
        };
        let police_to_move = match who {
            "police" => true,
            "thief" => false,
            _ => return Err(bad()),
        };
        Ok(Chase::At { police: cell(p, "P@")?, thief: cell(th, "T@")?, police_to_move })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_and_moves() {
        let g = PolicemanAndThief::parse_board("\n#####\n#P.T#\n#..E#\n#####\n").unwrap();
        assert_eq!(g.size(), (4, 5));
        let s = g.start();
        assert_eq!(g.format(&s), "P@2,2 T@2,4 police");
        assert_eq!(g.parse(&g.format(&s)), Ok(s));
        let mut out = Vec::new();
        g.followers(&s, &mut out);
        // stay, right, down, down-right
        assert_eq!(out.len(), 4);
        assert_eq!(g.position_count(), g.all_positions().len() as u64);
        assert_eq!(
            PolicemanAndThief::parse_board("P.T\nP.."),
            Err(BoardError::Repeated { line: 2, column: 1, piece: 'P' })
        );
        let e = PolicemanAndThief::parse_board("P.x").unwrap_err();
        assert_eq!(e, BoardError::UnknownCharacter { line: 1, column: 3, found: 'x' });
        assert!(e.to_string().starts_with("line 1, column 3:"));
        assert_eq!(PolicemanAndThief::parse_board("P.."), Err(BoardError::Missing { piece: 'T' }));
    }
}
