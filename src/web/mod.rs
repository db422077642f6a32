//! The WebAssembly front end (wasm32 only): [`api`] exports the core to the
//! page and its worker; [`view`] renders the grid. Conversions only — every
//! Sudoku rule stays in the core.

pub mod api;
pub mod view;

pub use api::{Solution, SolveJob};
pub use view::{GridView, KeyResult};
