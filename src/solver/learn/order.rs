//! Which variable to decide next: the unassigned one with the highest
//! activity (VSIDS, as in MiniSat). Conflict analysis bumps the variables it
//! meets; older bumps fade because each new bump is worth a little more.
//! A binary max-heap with positions, so bumping a variable already in the
//! heap moves it up in place.

pub(super) struct Order {
    pub activity: Vec<f64>,
    inc: f64,
    heap: Vec<u32>,
    /// Per variable, its index in `heap`, or `ABSENT`.
    pos: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;
/// Each conflict makes later bumps worth 1/0.99 more: a long memory
/// (MiniSat's 0.95 needed 5–10% more conflicts on the frontier puzzles).
const DECAY: f64 = 0.99;

impl Order {
    pub fn new(vars: usize) -> Order {
        let mut o = Order {
            activity: vec![0.0; vars],
            inc: 1.0,
            heap: Vec::with_capacity(vars),
            pos: vec![ABSENT; vars],
        };
        for v in 0..vars as u32 {
            o.insert(v);
        }
        o
    }

    #[inline]
    fn better(&self, a: u32, b: u32) -> bool {
        self.activity[a as usize] > self.activity[b as usize]
    }

    pub fn contains(&self, v: u32) -> bool {
        self.pos[v as usize] != ABSENT
    }

    pub fn insert(&mut self, v: u32) {
        if self.contains(v) {
            return;
        }
        self.pos[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1);
    }

    /// The most active variable, removed from the heap.
    pub fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.pos[top as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    /// Raises `v`'s activity by `amount` bumps.
    pub fn bump(&mut self, v: u32, amount: f64) {
        let a = &mut self.activity[v as usize];
        *a += self.inc * amount;
        if *a > 1e100 {
            // Rescale everything; the order is unchanged.
            for x in &mut self.activity {
                *x *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        let p = self.pos[v as usize];
        if p != ABSENT {
            self.up(p as usize);
        }
    }

    /// After each conflict: later bumps count more.
    pub fn decay(&mut self) {
        self.inc /= DECAY;
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if !self.better(v, p) {
                break;
            }
            self.heap[i] = p;
            self.pos[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let len = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.better(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if !self.better(c, v) {
                break;
            }
            self.heap[i] = c;
            self.pos[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
}
