//! The browser front end. [`keys`] maps keys to actions and [`words`] holds
//! every sentence; both are plain Rust, tested natively. The wasm32-only
//! parts: [`api`] exports the core to the page and its worker, [`collection`]
//! reads and checks collections for the Collection panel, and [`view`]
//! paints a [`crate::session::Session`] through web-sys. Every Sudoku rule
//! stays in the core.
//!
//! Four modules come from here (scripts/build-web.sh): the page's, with the
//! grid view and solving (feature `page`); the jobs module (feature `jobs`:
//! counting, estimating, every possible value, the generator, collections),
//! which the page's worker loads on the first such request (and the promise
//! API for `generate` and `check`); the solver-only one that the promise
//! API and its worker load to solve and count, without the view and its DOM
//! bindings, the generator or collections; and the picture reader's
//! (feature `picture`).

pub mod keys;
pub mod words;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(all(target_arch = "wasm32", feature = "jobs"))]
pub mod collection;
#[cfg(all(target_arch = "wasm32", feature = "picture"))]
pub mod picture;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod view;

#[cfg(target_arch = "wasm32")]
pub use api::{Solution, SolveJob};
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub use view::{Feedback, GridView};
