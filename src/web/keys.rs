//! Keys to actions, after the ARIA grid pattern: one Tab stop for the whole
//! grid (Tab is the browser's, so the next Tab leaves), arrows, Home and End
//! inside, Escape out, Ctrl+Enter solves. Notes: `N` (where N is no symbol
//! of the grid) or `/` turns the Notes switch; with it on, or with Shift and
//! a digit key, a symbol toggles a note. Plain Rust, tested natively; the
//! view applies the action to the session.

use crate::alphabet::Alphabet;
use crate::session::Session;

/// How long after a `1` (or `2`) a second digit still makes one number
/// (`1`, `6` → 16) in a grid written in numbers.
pub const NUMBER_PAUSE_MS: f64 = 1000.0;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Not ours: the browser handles it (Tab, F5, Shift…).
    Pass,
    Step {
        rows: isize,
        cols: isize,
    },
    RowStart,
    RowEnd,
    /// Put a digit (0 empties) and move on.
    Put(u8),
    /// The second digit of a number: `cell` becomes `digit`.
    Amend {
        cell: usize,
        digit: u8,
    },
    /// Toggle a note in the cursor cell.
    Note(u8),
    /// The second digit of a note's number: the note `from` becomes `to`.
    AmendNote {
        cell: usize,
        from: u8,
        to: u8,
    },
    /// Turn the Notes switch.
    ToggleNotes,
    Delete,
    Backspace,
    NotASymbol(char),
    Undo,
    Redo,
    /// Leave the grid (Escape).
    Leave,
    Solve,
}

/// A `1` or `2` typed into `cell` that a quick second digit may extend.
#[derive(Clone, Copy, Debug)]
struct Pending {
    cell: usize,
    first: u8,
    at_ms: f64,
    /// Typed as a note.
    note: bool,
}

/// The keyboard's memory between keys: only the first digit of a number.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    pending: Option<Pending>,
}

impl Keys {
    /// The first digit typed into a cell that may still become a two-digit
    /// number, at `now_ms`: the cell, and how many milliseconds it waits
    /// for the second digit.
    pub fn pending(&self, now_ms: f64) -> Option<(usize, f64)> {
        let p = self.pending.as_ref()?;
        let left = NUMBER_PAUSE_MS - (now_ms - p.at_ms);
        (left > 0.0).then_some((p.cell, left))
    }

    /// The action for `key` (`KeyboardEvent.key`) with its modifiers, typed
    /// at `now_ms`. `code` (`KeyboardEvent.code`) tells Shift+1 from `!`.
    pub fn action(
        &mut self,
        key: &str,
        code: &str,
        ctrl: bool,
        shift: bool,
        now_ms: f64,
        s: &Session,
    ) -> Action {
        let pending = self.pending.take();
        if ctrl {
            return match key {
                "Enter" => Action::Solve,
                "z" | "Z" if shift => Action::Redo,
                "z" | "Z" => Action::Undo,
                "y" | "Y" => Action::Redo,
                _ => Action::Pass,
            };
        }
        match key {
            "ArrowLeft" => Action::Step { rows: 0, cols: -1 },
            "ArrowRight" => Action::Step { rows: 0, cols: 1 },
            "ArrowUp" => Action::Step { rows: -1, cols: 0 },
            "ArrowDown" => Action::Step { rows: 1, cols: 0 },
            "Home" => Action::RowStart,
            "End" => Action::RowEnd,
            "Escape" => Action::Leave,
            "Delete" => Action::Delete,
            "Backspace" => Action::Backspace,
            _ => {
                let mut chars = key.chars();
                let digit_key = code
                    .strip_prefix("Digit")
                    .or_else(|| code.strip_prefix("Numpad"))
                    .and_then(|d| d.parse::<u32>().ok())
                    .and_then(|d| char::from_digit(d, 10));
                match (chars.next(), chars.next()) {
                    // Shift with a digit key writes the digit as a note (in
                    // letter grids Shift only makes capitals).
                    (Some(_), None) if shift && digit_key.is_some() => {
                        let ch = digit_key.expect("checked");
                        self.symbol(ch, true, pending, now_ms, s)
                    }
                    (Some('/'), None) => Action::ToggleNotes,
                    (Some(ch @ ('n' | 'N')), None)
                        if s.alphabet().digit(s.shape().side(), ch).is_none() =>
                    {
                        Action::ToggleNotes
                    }
                    (Some(ch), None) => self.symbol(ch, s.noting(), pending, now_ms, s),
                    // Named keys (Tab, Shift, F5…) belong to the browser.
                    _ => Action::Pass,
                }
            }
        }
    }

    fn symbol(
        &mut self,
        ch: char,
        note: bool,
        pending: Option<Pending>,
        now_ms: f64,
        s: &Session,
    ) -> Action {
        let (size, alphabet) = (s.shape(), s.alphabet());
        let side = size.side() as u32;
        if alphabet == Alphabet::Numbers {
            if let (Some(p), Some(second)) = (pending, ch.to_digit(10)) {
                let number = p.first as u32 * 10 + second;
                // A digit moves on, a note stays: the second key finds the
                // cursor there.
                let at = if note {
                    p.cell
                } else {
                    (p.cell + 1).min(size.cells() - 1)
                };
                let quick = now_ms - p.at_ms <= NUMBER_PAUSE_MS;
                if quick && p.note == note && number <= side && s.cursor() == at {
                    let to = number as u8;
                    return if note {
                        Action::AmendNote {
                            cell: p.cell,
                            from: p.first,
                            to,
                        }
                    } else {
                        Action::Amend {
                            cell: p.cell,
                            digit: to,
                        }
                    };
                }
            }
        }
        if let Some(digit) = alphabet.digit(size.side(), ch) {
            if alphabet == Alphabet::Numbers && digit as u32 * 10 <= side {
                self.pending = Some(Pending {
                    cell: s.cursor(),
                    first: digit,
                    at_ms: now_ms,
                    note,
                });
            }
            return if note {
                Action::Note(digit)
            } else {
                Action::Put(digit)
            };
        }
        if ch == ' ' || alphabet.is_blank(size.side(), ch) {
            return Action::Put(0);
        }
        Action::NotASymbol(ch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn numbers16() -> Session {
        let mut s = Session::new(Shape::S16);
        assert!(s.set_alphabet(Alphabet::Numbers));
        s
    }

    /// Types `key` at `t` and applies a put or amend as the view does.
    fn type_key(keys: &mut Keys, s: &mut Session, key: &str, t: f64) -> Action {
        let a = keys.action(key, "", false, false, t, s);
        apply(s, a);
        a
    }

    fn apply(s: &mut Session, a: Action) {
        match a {
            Action::Put(d) => {
                s.put(d, true);
            }
            Action::Amend { cell, digit } => {
                s.amend(cell, digit);
            }
            Action::Note(d) => {
                s.toggle_note(d);
            }
            Action::AmendNote { cell, from, to } => {
                s.amend_note(cell, from, to);
            }
            Action::ToggleNotes => {
                s.set_noting(!s.noting());
            }
            _ => {}
        }
    }

    #[test]
    fn one_then_six_quickly_is_sixteen() {
        let (mut keys, mut s) = (Keys::default(), numbers16());
        type_key(&mut keys, &mut s, "1", 0.0);
        assert_eq!(
            type_key(&mut keys, &mut s, "6", 300.0),
            Action::Amend { cell: 0, digit: 16 }
        );
        assert_eq!((s.givens()[0], s.cursor()), (16, 1));
        // Slowly, they are two cells.
        type_key(&mut keys, &mut s, "1", 1000.0);
        type_key(&mut keys, &mut s, "6", 2500.0);
        assert_eq!(&s.givens()[1..3], &[1, 6]);
        // A number above the side is two cells too; so is 3 then 1.
        type_key(&mut keys, &mut s, "1", 3000.0);
        type_key(&mut keys, &mut s, "7", 3100.0);
        type_key(&mut keys, &mut s, "3", 3200.0);
        type_key(&mut keys, &mut s, "1", 3300.0);
        assert_eq!(&s.givens()[3..7], &[1, 7, 3, 1]);
        // 1 then 0 is ten, and 0 alone empties.
        type_key(&mut keys, &mut s, "0", 9000.0);
        type_key(&mut keys, &mut s, "1", 9100.0);
        type_key(&mut keys, &mut s, "0", 9200.0);
        assert_eq!(&s.givens()[6..9], &[1, 0, 10]);
    }

    #[test]
    fn a_move_between_the_digits_ends_the_number() {
        let (mut keys, mut s) = (Keys::default(), numbers16());
        type_key(&mut keys, &mut s, "1", 0.0);
        keys.action("ArrowDown", "", false, false, 10.0, &s);
        s.step(1, 0);
        assert_eq!(type_key(&mut keys, &mut s, "6", 20.0), Action::Put(6));
        assert_eq!((s.givens()[0], s.givens()[17]), (1, 6));
    }

    #[test]
    fn letters_and_the_grid_pattern() {
        let mut keys = Keys::default();
        let s = Session::new(Shape::S16);
        let mut at = |k: &str, ctrl: bool, shift: bool| keys.action(k, "", ctrl, shift, 0.0, &s);
        assert_eq!(at("g", false, false), Action::Put(7));
        assert_eq!(at("-", false, false), Action::Put(0));
        assert_eq!(at(" ", false, false), Action::Put(0));
        assert_eq!(at("Z", false, false), Action::NotASymbol('Z'));
        assert_eq!(at("Tab", false, false), Action::Pass, "Tab leaves the grid");
        assert_eq!(at("Tab", false, true), Action::Pass);
        assert_eq!(at("Escape", false, false), Action::Leave);
        assert_eq!(at("Enter", true, false), Action::Solve);
        assert_eq!(at("z", true, false), Action::Undo);
        assert_eq!(at("z", true, true), Action::Redo);
        assert_eq!(at("y", true, false), Action::Redo);
        assert_eq!(
            at("c", true, false),
            Action::Pass,
            "copy stays the browser's"
        );
        assert_eq!(at("F5", false, false), Action::Pass);
        // N is a letter here: a symbol, not the Notes switch; / is.
        assert_eq!(at("n", false, false), Action::Put(14));
        assert_eq!(at("/", false, false), Action::ToggleNotes);
        // Shift makes capitals, which stay symbols.
        assert_eq!(at("G", false, true), Action::Put(7));
    }

    #[test]
    fn notes_by_switch_by_n_and_by_shift_with_a_digit() {
        let mut keys = Keys::default();
        let mut s = Session::new(Shape::S9);
        s.set_mode(crate::session::Mode::Play);
        // Shift+3 types '#' on most layouts: the code says which digit.
        let a = keys.action("#", "Digit3", false, true, 0.0, &s);
        assert_eq!(a, Action::Note(3));
        apply(&mut s, a);
        assert_eq!((s.notes()[0], s.cursor()), (0b100, 0));
        // N turns the switch; then plain digits write notes.
        let a = keys.action("n", "KeyN", false, false, 10.0, &s);
        assert_eq!(a, Action::ToggleNotes);
        apply(&mut s, a);
        type_key(&mut keys, &mut s, "5", 20.0);
        assert_eq!(s.notes()[0], 0b1_0100);
        type_key(&mut keys, &mut s, "3", 30.0);
        assert_eq!(s.notes()[0], 0b1_0000, "a second press takes the note out");
        // A note number in a 16×16 of numbers: 1 then 6 quickly is 16.
        let mut n = numbers16();
        n.set_noting(true);
        type_key(&mut keys, &mut n, "1", 0.0);
        assert_eq!(keys.pending(500.0), Some((0, 500.0)));
        assert_eq!(
            type_key(&mut keys, &mut n, "6", 300.0),
            Action::AmendNote {
                cell: 0,
                from: 1,
                to: 16
            }
        );
        assert_eq!(n.notes()[0], 1 << 15);
        assert_eq!(keys.pending(400.0), None);
    }

    #[test]
    fn the_first_digit_of_a_number_waits_and_says_for_how_long() {
        let (mut keys, mut s) = (Keys::default(), numbers16());
        type_key(&mut keys, &mut s, "1", 0.0);
        assert_eq!(keys.pending(0.0), Some((0, NUMBER_PAUSE_MS)));
        assert_eq!(keys.pending(NUMBER_PAUSE_MS + 1.0), None, "then it is 1");
        // 3 cannot start a number of a 16×16: nothing waits.
        type_key(&mut keys, &mut s, "3", 2000.0);
        assert_eq!(keys.pending(2000.0), None);
    }
}
