//! The grid view in a real DOM (headless Chromium through wasm-bindgen's
//! runner): `cargo test --target wasm32-unknown-unknown --test web_browser`.
#![cfg(target_arch = "wasm32")]

use bitsudoku::web::api::parse;
use bitsudoku::web::GridView;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

const UVA: &str = include_str!("data/judge/uva1309.in");
const UVA_OUT: &str = include_str!("data/judge/uva1309.out");

fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

fn cell(root: &HtmlElement, i: usize) -> HtmlElement {
    root.query_selector(&format!("[data-cell=\"{i}\"]"))
        .unwrap()
        .unwrap()
        .unchecked_into()
}

fn classes(root: &HtmlElement, i: usize) -> String {
    cell(root, i).class_name()
}

#[wasm_bindgen_test]
fn renders_an_aria_grid_with_box_edges() {
    let root = container();
    let view = GridView::new(root.clone(), 16).unwrap();
    assert_eq!(view.side(), 16);
    assert_eq!(root.get_attribute("role").as_deref(), Some("grid"));
    assert_eq!(root.query_selector_all("[role=row]").unwrap().length(), 16);
    assert_eq!(
        root.query_selector_all("[role=gridcell]").unwrap().length(),
        256
    );
    assert!(classes(&root, 3).contains("box-right"));
    assert!(!classes(&root, 4).contains("box-right"));
    assert!(classes(&root, 3 * 16).contains("box-bottom"));
    assert_eq!(
        cell(&root, 0).get_attribute("aria-label").as_deref(),
        Some("R1C1: empty")
    );
    assert_eq!(
        cell(&root, 0).get_attribute("tabindex").as_deref(),
        Some("0")
    );
    assert_eq!(
        cell(&root, 1).get_attribute("tabindex").as_deref(),
        Some("-1")
    );
}

#[wasm_bindgen_test]
fn keys_fill_move_and_explain() {
    let root = container();
    let mut view = GridView::new(root.clone(), 16).unwrap();
    let r = view.key("c", false).unwrap();
    assert!(r.handled() && r.changed());
    assert_eq!(cell(&root, 0).text_content().as_deref(), Some("C"));
    assert!(classes(&root, 0).contains("given"));
    assert_eq!(
        cell(&root, 0).get_attribute("aria-label").as_deref(),
        Some("R1C1: C, given")
    );
    assert_eq!(view.cursor(), 1, "typing moves on");
    let r = view.key("Z", false).unwrap();
    assert!(r.handled() && !r.changed());
    assert_eq!(
        r.message().as_deref(),
        Some(
            "'Z' is not a symbol of this 16×16 grid: type A–P, or - . or space for an empty cell."
        )
    );
    assert_eq!(view.cursor(), 1, "a wrong key does not move");
    view.key("ArrowDown", false).unwrap();
    assert_eq!(view.cursor(), 17);
    view.key("Home", false).unwrap();
    assert_eq!(view.cursor(), 16);
    view.key("ArrowUp", false).unwrap();
    view.key("-", false).unwrap();
    assert_eq!(view.cursor(), 1);
    // Backspace on an empty cell empties the one before.
    view.key("Backspace", false).unwrap();
    assert_eq!(view.cursor(), 0);
    assert_eq!(view.givens()[0], 0);
    assert!(!classes(&root, 0).contains("given"));
    // Named keys are left to the browser; Tab leaves the grid at its ends.
    assert!(!view.key("Shift", false).unwrap().handled());
    assert!(!view.key("Tab", true).unwrap().handled());
    assert!(view.key("Tab", false).unwrap().handled());
}

#[wasm_bindgen_test]
fn conflicts_are_marked_and_cleared() {
    let root = container();
    let mut view = GridView::new(root.clone(), 9).unwrap();
    view.key("5", false).unwrap();
    view.select(8, false).unwrap();
    view.key("5", false).unwrap();
    assert!(classes(&root, 0).contains("conflict") && classes(&root, 8).contains("conflict"));
    assert_eq!(
        view.conflict_message().as_deref(),
        Some("Conflicting givens: R1C1 and R1C9 both hold '5' in row 1.")
    );
    assert_eq!(view.conflict_cells(), vec![0, 8]);
    view.select(8, false).unwrap();
    view.key("Delete", false).unwrap();
    assert!(!classes(&root, 0).contains("conflict"));
    assert_eq!(view.conflict_message(), None);
}

#[wasm_bindgen_test]
fn a_solution_fills_exactly_the_empty_cells() {
    let root = container();
    let mut view = GridView::new(root.clone(), 9).unwrap();
    let message = view.load_text(UVA, "").unwrap();
    assert_eq!(
        message,
        "Loaded a 16×16 puzzle in A–P with 94 givens. The text held 4 puzzles; this is the first."
    );
    assert_eq!(view.side(), 16);
    let givens = view.givens();
    let solution = parse(UVA_OUT, 16, None).unwrap().cells();
    // A wrong solution is refused and changes nothing.
    let mut wrong = solution.clone();
    wrong.swap(0, 1);
    assert!(view.show_solution(&wrong).is_err());
    assert!(!view.has_solution());
    assert_eq!(view.show_solution(&solution).unwrap(), 256 - 94);
    for (i, &given) in givens.iter().enumerate() {
        let c = classes(&root, i);
        assert_eq!(c.contains("filled"), given == 0, "cell {i}: {c}");
        assert_eq!(c.contains("given"), given != 0, "cell {i}: {c}");
        assert!(!cell(&root, i).text_content().unwrap().is_empty());
    }
    assert_eq!(
        view.text(),
        UVA_OUT.split("\n\n").next().unwrap().to_string() + "\n"
    );
    // Editing drops the stale solution; the givens stay.
    view.select(0, false).unwrap();
    view.key("Delete", false).unwrap();
    assert!(!view.has_solution());
    assert!(!classes(&root, 1).contains("filled"));
    // A bad paste keeps the grid.
    let before = view.givens();
    assert!(view.load_text("not a puzzle", "").is_err());
    assert_eq!(view.givens(), before);
}
