//! Keys to actions, after the ARIA grid pattern: one Tab stop for the whole
//! grid (Tab is the browser's, so the next Tab leaves), arrows, Home and End
//! inside, Escape out, Ctrl+Enter solves. Plain Rust, tested natively; the
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
}

/// The keyboard's memory between keys: only the first digit of a number.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    pending: Option<Pending>,
}

impl Keys {
    /// The action for `key` (`KeyboardEvent.key`) with its modifiers, typed
    /// at `now_ms`.
    pub fn action(
        &mut self,
        key: &str,
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
                match (chars.next(), chars.next()) {
                    (Some(ch), None) => self.symbol(ch, pending, now_ms, s),
                    // Named keys (Tab, Shift, F5…) belong to the browser.
                    _ => Action::Pass,
                }
            }
        }
    }

    fn symbol(&mut self, ch: char, pending: Option<Pending>, now_ms: f64, s: &Session) -> Action {
        let (size, alphabet) = (s.size(), s.alphabet());
        let side = size.side() as u32;
        if alphabet == Alphabet::Numbers {
            if let (Some(p), Some(second)) = (pending, ch.to_digit(10)) {
                let number = p.first as u32 * 10 + second;
                let next = (p.cell + 1).min(size.cells() - 1);
                if now_ms - p.at_ms <= NUMBER_PAUSE_MS && number <= side && s.cursor() == next {
                    return Action::Amend {
                        cell: p.cell,
                        digit: number as u8,
                    };
                }
            }
        }
        if let Some(digit) = alphabet.digit(size, ch) {
            if alphabet == Alphabet::Numbers && digit as u32 * 10 <= side {
                self.pending = Some(Pending {
                    cell: s.cursor(),
                    first: digit,
                    at_ms: now_ms,
                });
            }
            return Action::Put(digit);
        }
        if ch == ' ' || alphabet.is_blank(ch) {
            return Action::Put(0);
        }
        Action::NotASymbol(ch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    fn numbers16() -> Session {
        let mut s = Session::new(Size::S16);
        assert!(s.set_alphabet(Alphabet::Numbers));
        s
    }

    /// Types `key` at `t` and applies a put or amend as the view does.
    fn type_key(keys: &mut Keys, s: &mut Session, key: &str, t: f64) -> Action {
        let a = keys.action(key, false, false, t, s);
        match a {
            Action::Put(d) => {
                s.put(d, true);
            }
            Action::Amend { cell, digit } => {
                s.amend(cell, digit);
            }
            _ => {}
        }
        a
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
        keys.action("ArrowDown", false, false, 10.0, &s);
        s.step(1, 0);
        assert_eq!(type_key(&mut keys, &mut s, "6", 20.0), Action::Put(6));
        assert_eq!((s.givens()[0], s.givens()[17]), (1, 6));
    }

    #[test]
    fn letters_and_the_grid_pattern() {
        let mut keys = Keys::default();
        let s = Session::new(Size::S16);
        let mut at = |k: &str, ctrl: bool, shift: bool| keys.action(k, ctrl, shift, 0.0, &s);
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
    }
}
