// The grids saved in the browser, one per size, under one localStorage key
// that every tab of the page shares:
//
//   { side: 9, grids: { "9": { cells, entries, notes, alphabet, layout, mode }, … } }
//
// Each save reads the store again and writes only its own grid, so tabs on
// other sizes lose nothing; fields and sizes this build does not know (a
// newer build's) are kept as they are. Stored data that cannot be read is
// copied to UNREAD_KEY before anything is written over it.

export const STORE_KEY = 'bitsudoku:v1';
export const UNREAD_KEY = 'bitsudoku:v1:unread';
export const DEFAULT_SIDE = 16;
export const SIDES = [4, 9, 16, 25];

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

/** What in a stored grid of `side` this build cannot read: a list of its fields (empty when all is well). */
export function recordProblems(g, side) {
  if (!isObject(g)) return ['the grid'];
  const cells = side * side;
  const digits = (a) =>
    Array.isArray(a) && a.length === cells && a.every((d) => Number.isInteger(d) && d >= 0 && d <= side);
  const masks = (a) =>
    Array.isArray(a) && a.length === cells && a.every((m) => Number.isInteger(m) && m >= 0 && m < 2 ** side);
  const problems = [];
  if (!digits(g.cells)) problems.push('cells');
  if (g.entries !== undefined && !digits(g.entries)) problems.push('entries');
  if (g.notes !== undefined && !masks(g.notes)) problems.push('notes');
  for (const key of ['alphabet', 'layout']) if (g[key] !== undefined && typeof g[key] !== 'string') problems.push(key);
  if (g.mode !== undefined && g.mode !== 'play' && g.mode !== 'edit') problems.push('mode');
  return problems;
}

/**
 * The saved store, checked: { store: { side, grids }, problem }. A grid
 * whose cells cannot be read is left out; of one whose cells can, every
 * field that can be read is kept (the rest falls back: no notes, the
 * default alphabet…). `problem` says what could not be read, or is null.
 */
export function readStore(raw) {
  const empty = { side: DEFAULT_SIDE, grids: {} };
  if (raw == null) return { store: empty, problem: null };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { store: empty, problem: 'it is not JSON' };
  }
  if (!isObject(data)) return { store: empty, problem: 'it is not an object' };
  const store = { side: SIDES.includes(data.side) ? data.side : DEFAULT_SIDE, grids: {} };
  const grids = isObject(data.grids) ? data.grids : {};
  let damaged = data.side !== undefined && !SIDES.includes(data.side);
  damaged ||= data.grids !== undefined && !isObject(data.grids);
  for (const side of SIDES) {
    const g = grids[side];
    if (g === undefined) continue;
    const problems = recordProblems(g, side);
    if (problems.length > 0) damaged = true;
    if (problems.includes('the grid') || problems.includes('cells')) continue;
    const fine = (key) => !problems.includes(key);
    store.grids[side] = {
      cells: g.cells,
      entries: fine('entries') && g.entries ? g.entries : new Array(side * side).fill(0),
      notes: fine('notes') && g.notes ? g.notes : null,
      alphabet: fine('alphabet') && g.alphabet ? g.alphabet : '',
      layout: fine('layout') && g.layout ? g.layout : '',
      mode: g.mode === 'play' ? 'play' : 'edit',
    };
  }
  return { store, problem: damaged ? 'part of it was damaged' : null };
}

/**
 * Keeps a copy of stored text this build could not read (before it is
 * written over), once: a later copy never replaces an earlier one.
 */
function keepUnread(storage, raw, why) {
  if (storage.getItem(UNREAD_KEY) !== null) return;
  storage.setItem(UNREAD_KEY, JSON.stringify({ kept: new Date().toISOString(), why, raw }));
}

/**
 * Writes `record` as the grid of `side` (and `side` as the one to show
 * first), after reading the store again: the other sizes, and any field
 * this build does not know, stay as they are. `unread`: fields of the
 * stored grid that were read but not understood (a newer build's layout):
 * the stored text is copied before they are written over. Throws when
 * storage refuses.
 */
export function saveGrid(storage, side, record, unread = []) {
  const raw = storage.getItem(STORE_KEY);
  let data = {};
  if (raw !== null) {
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
    if (!isObject(data)) {
      keepUnread(storage, raw, 'the store was not a JSON object');
      data = {};
    }
  }
  const grids = isObject(data.grids) ? data.grids : {};
  if (data.grids !== undefined && !isObject(data.grids)) keepUnread(storage, raw, 'its grids were not an object');
  const old = grids[side];
  const problems = old === undefined ? [] : [...recordProblems(old, side), ...unread];
  if (problems.length > 0) keepUnread(storage, raw, `the ${side}×${side} grid's ${problems.join(', ')}`);
  grids[side] = { ...(isObject(old) ? old : {}), ...record };
  storage.setItem(STORE_KEY, JSON.stringify({ ...data, side, grids }));
}
