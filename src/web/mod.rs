//! The browser front end. [`keys`] maps keys to actions and [`words`] holds
//! every sentence; both are plain Rust, tested natively. The wasm32-only
//! parts: [`api`] exports the core to the page and its worker, [`collection`]
//! reads and checks collections for the Collection panel, and [`view`]
//! paints a [`crate::session::Session`] through web-sys. Every Sudoku rule
//! stays in the core.
//!
//! Two modules come from here (scripts/build-web.sh): the page's, with the
//! grid view (feature `page`), and the solver-only one that the promise API
//! and its worker load, which leaves the view and its DOM bindings out.

pub mod keys;
pub mod words;

#[cfg(target_arch = "wasm32")]
pub mod api;
#[cfg(target_arch = "wasm32")]
pub mod collection;
#[cfg(all(target_arch = "wasm32", feature = "picture"))]
pub mod picture;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod view;

#[cfg(target_arch = "wasm32")]
pub use api::{Solution, SolveJob};
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub use view::{Feedback, GridView};
