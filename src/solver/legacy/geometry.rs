//! Houses and peers for each size, built once on first use (at compile time
//! they would add 110 KB to the WebAssembly download).
//!
//! Houses are numbered rows `0..n`, columns `n..2n`, boxes `2n..3n`.
//! The bitmask engine is generic over [`Geometry`]: `Fixed2`…`Fixed5` make
//! every size a compile-time constant (one monomorphised copy per size, from
//! one source), [`Dyn`] reads the same tables through runtime values. The
//! constants were measured faster on 16×16 (see `docs/DESIGN.md`), so the
//! engine uses them; `Dyn` stays, natively, for that measurement.

use std::sync::OnceLock;

struct Tables<const S: usize, const C: usize, const P: usize, const H: usize> {
    peers: [[u16; P]; C],
    houses: [[u16; S]; H],
    cell_houses: [[u16; 3]; C],
    /// The three houses of each cell as bits of a house set.
    house_bits: [u128; C],
}

const fn build<const B: usize, const S: usize, const C: usize, const P: usize, const H: usize>(
) -> Tables<S, C, P, H> {
    let mut t = Tables {
        peers: [[0; P]; C],
        houses: [[0; S]; H],
        cell_houses: [[0; 3]; C],
        house_bits: [0; C],
    };
    let mut cell = 0;
    while cell < C {
        let (r, c) = (cell / S, cell % S);
        let bx = r / B * B + c / B;
        t.cell_houses[cell] = [r as u16, (S + c) as u16, (2 * S + bx) as u16];
        t.house_bits[cell] = 1 << r | 1 << (S + c) | 1 << (2 * S + bx);
        t.houses[r][c] = cell as u16;
        t.houses[S + c][r] = cell as u16;
        t.houses[2 * S + bx][(r % B) * B + c % B] = cell as u16;
        // Peers: the rest of the row, the rest of the column, then the box
        // cells outside both.
        let mut k = 0;
        let mut i = 0;
        while i < S {
            if i != c {
                t.peers[cell][k] = (r * S + i) as u16;
                k += 1;
            }
            if i != r {
                t.peers[cell][k] = (i * S + c) as u16;
                k += 1;
            }
            let (br, bc) = (r / B * B + i / B, c / B * B + i % B);
            if br != r && bc != c {
                t.peers[cell][k] = (br * S + bc) as u16;
                k += 1;
            }
            i += 1;
        }
        assert!(k == P);
        cell += 1;
    }
    t
}

type T2 = Tables<4, 16, 7, 12>;
type T3 = Tables<9, 81, 20, 27>;
type T4 = Tables<16, 256, 39, 48>;
type T5 = Tables<25, 625, 64, 75>;

fn t2() -> &'static T2 {
    static T: OnceLock<T2> = OnceLock::new();
    T.get_or_init(build::<2, 4, 16, 7, 12>)
}
fn t3() -> &'static T3 {
    static T: OnceLock<T3> = OnceLock::new();
    T.get_or_init(build::<3, 9, 81, 20, 27>)
}
fn t4() -> &'static T4 {
    static T: OnceLock<T4> = OnceLock::new();
    T.get_or_init(build::<4, 16, 256, 39, 48>)
}
fn t5() -> &'static T5 {
    static T: OnceLock<T5> = OnceLock::new();
    T.get_or_init(build::<5, 25, 625, 64, 75>)
}

/// The shape of a grid as the bitmask engine sees it.
pub(crate) trait Geometry: Copy {
    fn box_size(self) -> usize;
    fn side(self) -> usize;
    fn cells(self) -> usize;
    fn houses(self) -> usize {
        3 * self.side()
    }
    /// The other cells sharing a house with `cell`.
    fn peers(self, cell: usize) -> &'static [u16];
    /// The cells of house `h`.
    fn house(self, h: usize) -> &'static [u16];
    /// The row, column and box of `cell`, as house numbers.
    fn houses_of(self, cell: usize) -> &'static [u16; 3];
    /// The same three houses as a set (bit `h` for house `h`).
    fn house_bits(self, cell: usize) -> u128;
    /// Whether propagation includes the subset rule (matching), which pays
    /// only on large grids (`docs/DESIGN.md`).
    fn subsets(self) -> bool {
        self.side() >= SUBSETS_FROM_SIDE
    }
}

/// The smallest side on which the search weighs conflicts (dom/wdeg).
pub(crate) const WEIGHTS_FROM_SIDE: usize = 4;

/// The smallest side on which the subset rule runs.
pub(crate) const SUBSETS_FROM_SIDE: usize = 16;

macro_rules! fixed {
    ($name:ident, $b:literal, $table:ty, $get:ident) => {
        /// Box size known at compile time; holds its tables.
        #[derive(Clone, Copy)]
        pub(crate) struct $name(&'static $table);

        impl $name {
            pub(crate) fn new() -> $name {
                $name($get())
            }
        }

        impl Geometry for $name {
            #[inline(always)]
            fn box_size(self) -> usize {
                $b
            }
            #[inline(always)]
            fn side(self) -> usize {
                $b * $b
            }
            #[inline(always)]
            fn cells(self) -> usize {
                $b * $b * $b * $b
            }
            #[inline(always)]
            fn peers(self, cell: usize) -> &'static [u16] {
                &self.0.peers[cell]
            }
            #[inline(always)]
            fn house(self, h: usize) -> &'static [u16] {
                &self.0.houses[h]
            }
            #[inline(always)]
            fn houses_of(self, cell: usize) -> &'static [u16; 3] {
                &self.0.cell_houses[cell]
            }
            #[inline(always)]
            fn house_bits(self, cell: usize) -> u128 {
                self.0.house_bits[cell]
            }
        }
    };
}
fixed!(Fixed2, 2, T2, t2);
fixed!(Fixed3, 3, T3, t3);
fixed!(Fixed4, 4, T4, t4);
fixed!(Fixed5, 5, T5, t5);

/// The same tables, with the size read at run time.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dyn {
    side: usize,
    peer_count: usize,
    peers: &'static [u16],
    houses: &'static [u16],
    cell_houses: &'static [[u16; 3]],
    house_bits: &'static [u128],
}

#[cfg(not(target_arch = "wasm32"))]
impl Dyn {
    pub(crate) fn new(box_size: usize) -> Dyn {
        fn of<const S: usize, const C: usize, const P: usize, const H: usize>(
            side: usize,
            t: &'static Tables<S, C, P, H>,
        ) -> Dyn {
            Dyn {
                side,
                peer_count: P,
                peers: t.peers.as_flattened(),
                houses: t.houses.as_flattened(),
                cell_houses: &t.cell_houses,
                house_bits: &t.house_bits,
            }
        }
        match box_size {
            2 => of(4, t2()),
            3 => of(9, t3()),
            4 => of(16, t4()),
            _ => of(25, t5()),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Geometry for Dyn {
    #[inline]
    fn box_size(self) -> usize {
        match self.side {
            4 => 2,
            9 => 3,
            16 => 4,
            _ => 5,
        }
    }
    #[inline]
    fn side(self) -> usize {
        self.side
    }
    #[inline]
    fn cells(self) -> usize {
        self.side * self.side
    }
    #[inline]
    fn peers(self, cell: usize) -> &'static [u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
    #[inline]
    fn house(self, h: usize) -> &'static [u16] {
        &self.houses[h * self.side..(h + 1) * self.side]
    }
    #[inline]
    fn houses_of(self, cell: usize) -> &'static [u16; 3] {
        &self.cell_houses[cell]
    }
    #[inline]
    fn house_bits(self, cell: usize) -> u128 {
        self.house_bits[cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<G: Geometry>(g: G, b: usize) {
        let n = g.side();
        for cell in 0..g.cells() {
            let (r, c) = (cell / n, cell % n);
            let mut expected: Vec<u16> = (0..g.cells())
                .filter(|&o| {
                    let (r2, c2) = (o / n, o % n);
                    o != cell && (r2 == r || c2 == c || (r2 / b == r / b && c2 / b == c / b))
                })
                .map(|o| o as u16)
                .collect();
            let mut peers = g.peers(cell).to_vec();
            peers.sort_unstable();
            expected.sort_unstable();
            assert_eq!(peers, expected, "peers of cell {cell}");
            for &h in g.houses_of(cell) {
                assert!(g.house(h as usize).contains(&(cell as u16)));
            }
            let bits = g.houses_of(cell).iter().fold(0u128, |acc, &h| acc | 1 << h);
            assert_eq!(g.house_bits(cell), bits);
        }
        for h in 0..g.houses() {
            let mut cells = g.house(h).to_vec();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), n, "house {h} has {n} distinct cells");
        }
    }

    #[test]
    fn tables_match_the_definition() {
        check(Fixed2::new(), 2);
        check(Fixed3::new(), 3);
        check(Fixed4::new(), 4);
        check(Fixed5::new(), 5);
        for b in 2..=5 {
            check(Dyn::new(b), b);
        }
    }
}
