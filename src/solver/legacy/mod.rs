//! The cell-major engine this one replaced, kept for side-by-side measurement
//! while the new one settles.
pub(crate) mod geometry;
pub(crate) mod propagate;
pub(crate) mod search;
