//! Errors as data: what was refused and the numbers that refused it. The
//! front doors word them.

/// A system that is not well formed (see [`crate::system::System::new`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SystemError {
    /// A template reads a sequence index past the end of the list.
    #[error("sequence {seq} reads sequence {operand}, which does not exist")]
    NoSuchSequence {
        /// The sequence whose template is wrong.
        seq: usize,
        /// The index it reads.
        operand: usize,
    },
    /// A template reads, at the same length, a sequence that is not earlier in the list.
    #[error("sequence {seq} reads sequence {operand} at the same length, which is not earlier in the list")]
    NotEarlier {
        /// The sequence whose template is wrong.
        seq: usize,
        /// The index it reads.
        operand: usize,
    },
    /// A split removes nothing, so a term would read itself.
    #[error("a split of sequence {seq} removes nothing")]
    NothingRemoved {
        /// The sequence whose template is wrong.
        seq: usize,
    },
    /// A template's constant is the absent term.
    #[error("a template of sequence {seq} has the absent term as its constant")]
    AbsentConstant {
        /// The sequence whose template is wrong.
        seq: usize,
    },
}

/// A family description that names no family with one growing leg.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FamilyError {
    /// The family's name is not one this crate proves theorems about.
    #[error("no family named {name:?}")]
    UnknownFamily {
        /// The name given.
        name: String,
    },
    /// A parameter could not be read.
    #[error("{family}: cannot read the parameter {text:?}")]
    BadParameter {
        /// The family.
        family: &'static str,
        /// The parameter as written.
        text: String,
    },
    /// No parameter is the growing one (`n`), or more than one is.
    #[error("{family}: {found} parameters grow, exactly one must (written n)")]
    GrowingCount {
        /// The family.
        family: &'static str,
        /// How many were written `n`.
        found: usize,
    },
    /// The growing parameter sits where nothing can grow.
    #[error("{family}: the parameter at position {position} cannot grow")]
    CannotGrow {
        /// The family.
        family: &'static str,
        /// Its position among the parameters, from 1.
        position: usize,
    },
    /// The wrong number of parameters.
    #[error("{family} takes {expected} parameters, got {found}")]
    ParameterCount {
        /// The family.
        family: &'static str,
        /// What it takes, in words.
        expected: &'static str,
        /// How many were given.
        found: usize,
    },
    /// An accented leg (a marked leaf edge) in a rule set where leaf edges cannot be marked.
    #[error("accented legs are states of the Trimmed Game of Arrows only")]
    AccentUntrimmed,
    /// A labelled path family (flow, crash, twig, rod) asked for in the Game of Arrows.
    #[error("{family} is a labelled path, the same in every rule set")]
    LabelledPath {
        /// The family.
        family: &'static str,
    },
    /// The fixed part is too large for the state machine (64 vertices, 63 edges).
    #[error("the fixed part has {vertices} vertices and {edges} edges; at most 64 and 63 are supported")]
    FixedTooLarge {
        /// Its vertices.
        vertices: usize,
        /// Its edges.
        edges: usize,
    },
    /// A number of the fixed part past what the fixed part can hold (a
    /// leg, a range's end, bristles or leaves past [`crate::family::MAX_FIXED_EDGES`]),
    /// refused before anything is allocated for it.
    #[error("{family}: {text:?} is past the limit of {limit}")]
    TooLarge {
        /// The family.
        family: &'static str,
        /// The number as written.
        text: String,
        /// The largest number accepted.
        limit: usize,
    },
    /// A range of fixed legs with nothing in it (`5..3`).
    #[error("{family}: the range {text:?} is empty")]
    EmptyRange {
        /// The family.
        family: &'static str,
        /// The range as written.
        text: String,
    },
    /// Ranges that give too many families at once.
    #[error("the ranges give {count} families; at most {limit} at once")]
    TooMany {
        /// How many.
        count: usize,
        /// The limit.
        limit: usize,
    },
}
