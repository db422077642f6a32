// The grids saved in the browser, one per entry of the Size list, under one
// localStorage key that every tab of the page shares:
//
//   { side: 9, shown: "jigsaw 9", grids: {
//       "9": { cells, entries, notes, alphabet, layout, mode },
//       "jigsaw 9": { shape: "jigsaw AAAB…", side: 9, cells, … }, … } }
//
// A slot named by a side alone holds that side's usual boxes (builds before
// shapes wrote only 4, 9, 16 and 25); any other slot holds its grid's shape
// line and side. `shown` is the slot to show first (`side` stays a classic
// side, for builds before shapes).
//
// Each save reads the store again and writes only its own grid, so tabs on
// other sizes lose nothing; fields and sizes this build does not know (a
// newer build's) are kept as they are. Stored data that cannot be read is
// copied to UNREAD_KEY before anything is written over it.

export const STORE_KEY = 'bitsudoku:v1';
export const UNREAD_KEY = 'bitsudoku:v1:unread';
export const DEFAULT_SIDE = 16;
export const SIDES = [4, 9, 16, 25];
/** The sides with boxes (a slot named by its side alone). */
export const BOX_SIDES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25];

/** The side of the grid saved in `slot`, or null when this build cannot tell. */
function slotSide(slot, g) {
  if (/^\d+$/.test(slot)) return BOX_SIDES.includes(Number(slot)) ? Number(slot) : null;
  const known = isObject(g) && typeof g.shape === 'string' && Number.isInteger(g.side);
  return known && g.side >= 4 && g.side <= 25 ? g.side : null;
}

function isObject(x) {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

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
  const empty = { side: DEFAULT_SIDE, shown: String(DEFAULT_SIDE), grids: {} };
  if (raw == null) return { store: empty, problem: null };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { store: empty, problem: 'it is not JSON' };
  }
  if (!isObject(data)) return { store: empty, problem: 'it is not an object' };
  const side = SIDES.includes(data.side) ? data.side : DEFAULT_SIDE;
  const store = { side, shown: String(side), grids: {} };
  const grids = isObject(data.grids) ? data.grids : {};
  let damaged = data.side !== undefined && !SIDES.includes(data.side);
  damaged ||= data.grids !== undefined && !isObject(data.grids);
  for (const [slot, g] of Object.entries(grids)) {
    // A slot this build cannot place (a newer build's) is kept as it is.
    const side = slotSide(slot, g);
    if (side === null) continue;
    const problems = recordProblems(g, side);
    if (problems.length > 0) damaged = true;
    if (problems.includes('the grid') || problems.includes('cells')) continue;
    const fine = (key) => !problems.includes(key);
    store.grids[slot] = {
      ...(typeof g.shape === 'string' ? { shape: g.shape, side } : {}),
      cells: g.cells,
      entries: fine('entries') && g.entries ? g.entries : new Array(side * side).fill(0),
      notes: fine('notes') && g.notes ? g.notes : null,
      alphabet: fine('alphabet') && g.alphabet ? g.alphabet : '',
      layout: fine('layout') && g.layout ? g.layout : '',
      mode: g.mode === 'play' ? 'play' : 'edit',
    };
  }
  if (typeof data.shown === 'string' && store.grids[data.shown]) store.shown = data.shown;
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
 * Writes `record` as the grid of `slot` (and `slot` as the one to show
 * first), after reading the store again: the other slots, and any field
 * this build does not know, stay as they are. `unread`: fields of the
 * stored grid that were read but not understood (a newer build's layout):
 * the stored text is copied before they are written over. Throws when
 * storage refuses.
 */
export function saveGrid(storage, slot, record, unread = []) {
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
  const old = grids[slot];
  const side = slotSide(slot, old) ?? record.side ?? Number(slot);
  const problems = old === undefined ? [] : [...recordProblems(old, side), ...unread];
  if (problems.length > 0) keepUnread(storage, raw, `the ${slot} grid's ${problems.join(', ')}`);
  grids[slot] = { ...(isObject(old) ? old : {}), ...record };
  // Builds before shapes show `side`: a classic side only.
  const shownSide = SIDES.includes(Number(slot)) ? Number(slot) : SIDES.includes(data.side) ? data.side : side;
  storage.setItem(STORE_KEY, JSON.stringify({ ...data, side: shownSide, shown: slot, grids }));
}
