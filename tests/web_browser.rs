//! The grid view in a real DOM (headless Chromium through wasm-bindgen's
//! runner): `cargo test --target wasm32-unknown-unknown --test web_browser`.
#![cfg(target_arch = "wasm32")]

use bitsudoku::web::api::parse;
use bitsudoku::web::GridView;
use wasm_bindgen::{JsCast, JsValue};
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
    let view = GridView::new(root.clone(), JsValue::from(16)).unwrap();
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
        Some("Row 1, column 1: empty")
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
    let mut view = GridView::new(root.clone(), JsValue::from(16)).unwrap();
    let r = view.key("c", "", false, false).unwrap();
    assert!(r.handled() && r.changed());
    assert_eq!(cell(&root, 0).text_content().as_deref(), Some("C"));
    assert!(classes(&root, 0).contains("given"));
    assert_eq!(
        cell(&root, 0).get_attribute("aria-label").as_deref(),
        Some("Row 1, column 1: C, given")
    );
    assert_eq!(view.cursor(), 1, "typing moves on");
    let r = view.key("Z", "", false, false).unwrap();
    assert!(r.handled() && !r.changed());
    assert_eq!((r.kind(), r.tone()), ("refused".into(), "hint".into()));
    assert_eq!(
        r.message(),
        "'Z' is not a symbol of this 16×16 grid: type A–P, or - . or space for an empty cell."
    );
    assert_eq!(view.cursor(), 1, "a wrong key does not move");
    view.key("ArrowDown", "", false, false).unwrap();
    assert_eq!(view.cursor(), 17);
    view.key("Home", "", false, false).unwrap();
    assert_eq!(view.cursor(), 16);
    view.key("ArrowUp", "", false, false).unwrap();
    view.key("-", "", false, false).unwrap();
    assert_eq!(view.cursor(), 1);
    // Backspace on an empty cell empties the one before.
    view.key("Backspace", "", false, false).unwrap();
    assert_eq!(view.cursor(), 0);
    assert_eq!(view.givens()[0], 0);
    assert!(!classes(&root, 0).contains("given"));
    // Named keys are left to the browser, Tab too: the grid is one Tab
    // stop, and only the cursor cell is in the tab order.
    assert!(!view.key("Shift", "", false, false).unwrap().handled());
    assert!(!view.key("Tab", "", false, false).unwrap().handled());
    let tabbable = root.query_selector_all("[tabindex=\"0\"]").unwrap();
    assert_eq!(tabbable.length(), 1);
    assert_eq!(
        view.key("Escape", "", false, false).unwrap().command(),
        "leave"
    );
    assert_eq!(
        view.key("Enter", "", true, false).unwrap().command(),
        "solve"
    );
}

#[wasm_bindgen_test]
fn numbers_span_two_digits() {
    let root = container();
    let mut view = GridView::new(root.clone(), JsValue::from(16)).unwrap();
    view.set_alphabet("numbers").unwrap();
    view.put_digit(16).unwrap();
    assert_eq!(cell(&root, 0).text_content().as_deref(), Some("16"));
    assert!(classes(&root, 0).contains("wide"));
    assert_eq!(view.symbols().len(), 16);
    assert_eq!(view.symbols()[15], "16");
}

#[wasm_bindgen_test]
fn conflicts_are_marked_and_cleared() {
    let root = container();
    let mut view = GridView::new(root.clone(), JsValue::from(9)).unwrap();
    view.key("5", "", false, false).unwrap();
    view.select(8, false).unwrap();
    view.key("5", "", false, false).unwrap();
    assert!(classes(&root, 0).contains("conflict") && classes(&root, 8).contains("conflict"));
    assert_eq!(
        view.conflict_message().as_deref(),
        Some("Conflicting givens: row 1 holds '5' twice, in columns 1 and 9.")
    );
    assert_eq!(view.conflict_cells(), vec![0, 8]);
    view.select(8, false).unwrap();
    view.key("Delete", "", false, false).unwrap();
    assert!(!classes(&root, 0).contains("conflict"));
    assert_eq!(view.conflict_message(), None);
}

#[wasm_bindgen_test]
fn a_solution_fills_exactly_the_empty_cells() {
    let root = container();
    let mut view = GridView::new(root.clone(), JsValue::from(9)).unwrap();
    let loaded = view.load_text(UVA, "").unwrap();
    assert!(loaded.changed());
    assert_eq!(
        loaded.message(),
        "Loaded a 16×16 puzzle in A–P with 94 givens. The text held 4 puzzles; this is the first."
    );
    assert_eq!(view.side(), 16);
    let givens = view.givens();
    let solution = parse(UVA_OUT, 16, None).unwrap().cells();
    // A wrong solution is refused and changes nothing.
    let mut wrong = solution.clone();
    wrong.swap(0, 1);
    let refused = view.show_solution(&wrong).unwrap();
    assert_eq!(
        (refused.kind(), refused.tone()),
        ("refused".into(), "error".into())
    );
    assert!(!view.has_solution());
    let shown = view.show_solution(&solution).unwrap();
    assert_eq!(shown.kind(), "solution-shown");
    assert_eq!(shown.cells().len(), 256 - 94);
    assert_eq!(view.filled_count(), 256 - 94);
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
    view.key("Delete", "", false, false).unwrap();
    assert!(!view.has_solution());
    assert!(!classes(&root, 1).contains("filled"));
    // A bad paste keeps the grid.
    let before = view.givens();
    let bad = view.load_text("not a puzzle", "").unwrap();
    assert_eq!((bad.kind(), bad.changed()), ("refused".into(), false));
    assert!(
        bad.message().ends_with("Your grid is unchanged."),
        "{}",
        bad.message()
    );
    assert_eq!(view.givens(), before);
}
