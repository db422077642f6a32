#!/usr/bin/env python3
"""Renders a seeded, reproducible set of Sudoku pictures with known contents.

Categories: `screen` (app and web screenshots, PNG), `photo` (printed grids
photographed: perspective, light, blur, noise, JPEG) and `none` (pictures with
no Sudoku in them). Writes the pictures and DIR/truth.tsv; see README.md.

Each picture draws from its own generator seeded by (seed, index), so the
same seed, count, options, fonts and pinned Pillow/numpy give byte-identical
files, and picture i does not depend on what pictures before it drew.
"""
import argparse
import glob
import hashlib
import math
import os
import re
import subprocess
import sys
import time

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_ROOTS = ['/usr/share/fonts', '/usr/share/texmf/fonts']

# ---------------------------------------------------------------- fonts

# Families that are not text faces for our purpose: symbol, math, dingbat,
# decorative and slanted ones (a slanted family may still say "Regular").
SKIP_FAMILY = re.compile(
    r'symbol|math|music|dingbat|D050000L|Z003|chorus|keyboard|initials|integrals|'
    r'sym$|nonunicode|variants|slant|siyaq|mayan|signwriting', re.I)
# Noto ships one family per script; only these are Latin text faces.
NOTO_LATIN = {'Noto Sans', 'Noto Serif', 'Noto Sans Mono', 'Noto Mono',
              'Noto Sans Display', 'Noto Serif Display'}
SKIP_STYLE = re.compile(r'italic|oblique|hairline|thin|extralight|ultralight', re.I)
BOLD_STYLE = re.compile(r'bold|black|heavy|demi|semi', re.I)

# The font split. A family's half is decided by a hash of its design key so it
# never changes when fonts are added or removed:
#   half = 'test' if sha256('bitsudoku-fonts:' + key)[0] is even else 'train'
# The key is the design a family copies where several installed families are
# the same letters under other names (Arimo = Liberation Sans, TeX Gyre Termes
# and FreeSerif = Nimbus Roman, Hack = DejaVu Sans Mono, Noto Sans from Open
# Sans...), else the family's first word lower-cased ("Roboto Condensed" ->
# "roboto"), so near-identical faces never land in both halves.
DESIGN_KEYS = [
    (r'^(Nimbus Roman|TeX Gyre Termes|FreeSerif)', 'times'),
    (r'^(Nimbus Sans|TeX Gyre Heros|FreeSans)', 'helvetica'),
    (r'^(Nimbus Mono|TeX Gyre Cursor|FreeMono)', 'courier'),
    (r'^(P052|TeX Gyre Pagella)', 'palatino'),
    (r'^(C059|TeX Gyre Schola)', 'century'),
    (r'^(URW Bookman|TeX Gyre Bonum)', 'bookman'),
    (r'^(URW Gothic|TeX Gyre Adventor)', 'avantgarde'),
    (r'^(Liberation|Arimo|Tinos|Cousine)', 'liberation'),
    (r'^(DejaVu|Hack)', 'vera'),
    (r'^(Noto|Open Sans)', 'droid'),
    (r'^STIX', 'stix'),
    (r'^Gentium', 'gentium'),
    (r'^Latin Modern', 'latin-modern'),
    (r'^Linux (Libertine|Biolinum)', 'libertine'),
]
SPLIT_SALT = 'bitsudoku-fonts:'


def design_key(family):
    for pat, key in DESIGN_KEYS:
        if re.match(pat, family):
            return key
    return re.split(r'[\s\-]+', family)[0].lower()


def font_half(family):
    h = hashlib.sha256((SPLIT_SALT + design_key(family)).encode()).digest()
    return 'test' if h[0] % 2 == 0 else 'train'


_font_cache = {}


def load_font(path, px):
    px = max(4, int(px))
    k = (path, px)
    f = _font_cache.get(k)
    if f is None:
        # BASIC layout: raqm may or may not be there; BASIC is the same everywhere.
        f = ImageFont.truetype(path, px, layout_engine=ImageFont.Layout.BASIC)
        _font_cache[k] = f
    return f


def _glyph(font, ch):
    im = Image.new('L', (96, 96), 0)
    ImageDraw.Draw(im).text((20, 70), ch, font=font, fill=255, anchor='ls')
    return np.asarray(im)


def glyphs_ok(path):
    """Digits and A-Z all have ink and differ from each other and from .notdef."""
    try:
        font = load_font(path, 40)
    except OSError:
        return False
    seen = set()
    notdef = _glyph(font, '\u0378').tobytes()  # an unassigned code point
    for ch in '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ':
        g = _glyph(font, ch)
        if g.sum() < 255 * 12:
            return False
        b = g.tobytes()
        if b == notdef or b in seen:
            return False
        seen.add(b)
    return True


class FontFamily:
    def __init__(self, name):
        self.name = name
        self.regular = []  # (path, style)
        self.bold = []


def scan_fonts():
    paths = []
    for root in FONT_ROOTS:
        for ext in ('ttf', 'otf'):
            paths += glob.glob(os.path.join(root, '**', '*.' + ext), recursive=True)
    fams = {}
    seen = set()
    for path in sorted(paths):
        try:
            fam, style = load_font(path, 20).getname()
        except OSError:
            continue
        if (fam, style) in seen or SKIP_STYLE.search(style) or SKIP_FAMILY.search(fam):
            continue
        if fam.startswith('Noto') and fam not in NOTO_LATIN:
            continue
        if not glyphs_ok(path):
            continue
        seen.add((fam, style))
        f = fams.setdefault(fam, FontFamily(fam))
        (f.bold if BOLD_STYLE.search(style) else f.regular).append((path, style))
    out = {'test': [], 'train': []}
    for name in sorted(fams):
        f = fams[name]
        if not f.regular:  # a family with bold faces only stands for itself
            f.regular = f.bold
        out[font_half(name)].append(f)
    return out


class Font:
    """One face chosen for a picture."""

    def __init__(self, path, label):
        self.path, self.label = path, label

    def get(self, px):
        return load_font(self.path, px)


def pick_font(rng, fams, bold=None):
    # Design first, then family: Latin Modern's 13 families must not outweigh Lato.
    keys = sorted({design_key(f.name) for f in fams})
    key = pick(rng, keys)
    fam = pick(rng, [f for f in fams if design_key(f.name) == key])
    if bold is None:
        bold = rng.random() < 0.35
    pool = fam.bold if bold and fam.bold else fam.regular
    path, style = pool[rng.integers(len(pool))]
    return Font(path, f'{fam.name} {style}')


def sibling(font, fams, bold, rng):
    """The same family in the other weight (givens bold, entries regular)."""
    for fam in fams:
        if font.label.startswith(fam.name + ' ') and any(p == font.path for p, _ in fam.regular + fam.bold):
            pool = fam.bold if bold and fam.bold else fam.regular
            path, style = pool[rng.integers(len(pool))]
            return Font(path, f'{fam.name} {style}')
    return font


# ---------------------------------------------------------------- helpers

def U(rng, a, b):
    return float(a + (b - a) * rng.random())


def pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def wpick(rng, pairs):
    """pairs: [(value, weight)]"""
    w = np.array([p[1] for p in pairs], float)
    return pairs[int(rng.choice(len(pairs), p=w / w.sum()))][0]


def jitter(rng, c, a):
    return tuple(int(min(255, max(0, v + rng.integers(-a, a + 1)))) for v in c)


def mix(c1, c2, t):
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(c1, c2))


WORDS = ('the of and to in is was for on are with as his they at be this from have or by one had '
         'not but what all were when we there can an your which their said if do will each about how '
         'up out them then she many some so these would other into has more her two like him see time '
         'could no make than first been its who now people my made over did down only way find use may '
         'water long little very after words called just where most know get through back much before '
         'go good new write our used me man too any day same right look think also around another came '
         'come work three word must because does part even place well such here take why things help '
         'put years different away again off went old number great tell men say small every found still '
         'between name should home big give air line set own under read last never us left end along '
         'while might next sound below saw something thought both few those always looked show large '
         'often together asked house world going want school important until form food keep children '
         'feet land side without boy once animals life enough took sometimes four head above kind began '
         'almost live page got earth need far hand high year mother light parts country father let night '
         'following picture being study second eyes soon times story boys since white days ever paper '
         'hard near sentence better best across during today others however sure means knew try told '
         'young miles sun ways thing whole hear example heard several change answer room sea against top '
         'turned learn point city play toward five using himself usually money seen car morning').split()


def sentence(rng, n):
    ws = [pick(rng, WORDS) for _ in range(n)]
    s = ' '.join(ws)
    return s[0].upper() + s[1:] + pick(rng, ['.', '.', '.', ',', ';'])


def wrap(font, text, width):
    lines, cur = [], ''
    for w in text.split():
        t = (cur + ' ' + w).strip()
        if font.getlength(t) <= width or not cur:
            cur = t
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


class Canvas:
    """Draws in logical pixels on an image `ss` times larger; `final()` scales
    it down, which gives anti-aliased lines at fractional positions (ss=1 keeps
    every edge on whole pixels, like most native apps)."""

    def __init__(self, w, h, bg, ss=1):
        self.W, self.H, self.ss = int(round(w)), int(round(h)), ss
        self.img = Image.new('RGB', (self.W * ss, self.H * ss), bg)
        self.d = ImageDraw.Draw(self.img)

    def p(self, v):
        return int(math.floor(v * self.ss + 0.5))

    def rect(self, x0, y0, x1, y1, fill=None, outline=None, width=1, radius=0):
        X0, Y0, X1, Y1 = self.p(x0), self.p(y0), self.p(x1), self.p(y1)
        X1, Y1 = max(X1, X0 + 1), max(Y1, Y0 + 1)
        wd = max(1, int(round(width * self.ss)))
        r = min(int(radius * self.ss), (X1 - X0) // 2, (Y1 - Y0) // 2)
        if r > 0:
            self.d.rounded_rectangle([X0, Y0, X1 - 1, Y1 - 1], r, fill=fill, outline=outline, width=wd)
        else:
            self.d.rectangle([X0, Y0, X1 - 1, Y1 - 1], fill=fill, outline=outline, width=wd)

    def ellipse(self, x0, y0, x1, y1, fill=None, outline=None, width=1):
        self.d.ellipse([self.p(x0), self.p(y0), max(self.p(x1), self.p(x0) + 1), max(self.p(y1), self.p(y0) + 1)],
                       fill=fill, outline=outline, width=max(1, int(round(width * self.ss))))

    def line(self, pts, fill, width=1):
        self.d.line([(self.p(x), self.p(y)) for x, y in pts], fill=fill, width=max(1, int(round(width * self.ss))))

    def polygon(self, pts, fill):
        self.d.polygon([(self.p(x), self.p(y)) for x, y in pts], fill=fill)

    def text(self, x, y, s, font, px, fill, anchor='la'):
        f = font.get(px * self.ss)
        self.d.text((self.p(x), self.p(y)), s, font=f, fill=fill, anchor=anchor)

    def text_center(self, cx, cy, s, font, px, fill):
        """Centres the ink box of `s` on (cx, cy), as a grid cell shows it."""
        f = font.get(px * self.ss)
        l, t, r, b = f.getbbox(s)
        self.d.text((self.p(cx) - (l + r) / 2, self.p(cy) - (t + b) / 2), s, font=f, fill=fill)

    def length(self, s, font, px):
        return font.get(px * self.ss).getlength(s) / self.ss

    def paragraph(self, x, y, w, h, font, px, fill, rng, lead=1.45):
        """Fills a box with lines of random words; returns the y after the last."""
        f = font.get(px * self.ss)
        text = ' '.join(sentence(rng, int(rng.integers(5, 14))) for _ in range(40))
        lines = wrap(f, text, w * self.ss)
        yy = y
        for ln in lines:
            if yy + px > y + h:
                break
            self.text(x, yy, ln, font, px, fill)
            yy += px * lead
        return yy

    def final(self):
        if self.ss == 1:
            return self.img
        return self.img.resize((self.W, self.H), Image.LANCZOS)


# ---------------------------------------------------------------- puzzles

ALPHABETS = {4: ['digits'], 6: ['digits'], 9: ['digits'], 12: ['digits-letters', 'numbers'],
             16: ['letters', 'hex', 'digits-letters', 'numbers'], 25: ['letters', 'numbers']}
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


def symbol(v, alphabet):
    if alphabet in ('digits', 'numbers'):
        return str(v)
    if alphabet == 'letters':
        return chr(64 + v)
    if alphabet == 'hex':
        return '0123456789ABCDEF'[v - 1]
    return '123456789ABCDEFGHIJKLMNOP'[v - 1]  # digits-letters


def region_connected(cells, n):
    cells = set(cells)
    start = next(iter(cells))
    todo, seen = [start], {start}
    while todo:
        c = todo.pop()
        r, k = divmod(c, n)
        for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if 0 <= rr < n and 0 <= kk < n and rr * n + kk in cells and rr * n + kk not in seen:
                seen.add(rr * n + kk)
                todo.append(rr * n + kk)
    return len(seen) == len(cells)


def jigsaw_regions(rng, n=9):
    """A random partition into n connected regions of n cells: start from the
    3x3 boxes and swap boundary cells between neighbouring regions while both
    stay connected."""
    b = int(round(math.sqrt(n)))
    reg = [(r // b) * b + c // b for r in range(n) for c in range(n)]

    def nbrs(c):
        r, k = divmod(c, n)
        return [rr * n + kk for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)) if 0 <= rr < n and 0 <= kk < n]

    target, done, tries = int(rng.integers(40, 160)), 0, 0
    while done < target and tries < 20000:
        tries += 1
        a = int(rng.integers(n * n))
        others = [x for x in nbrs(a) if reg[x] != reg[a]]
        if not others:
            continue
        A, B = reg[a], reg[pick(rng, others)]
        ys = [y for y in range(n * n) if reg[y] == B and y != a and any(reg[z] == A for z in nbrs(y))]
        if not ys:
            continue
        y = pick(rng, ys)
        reg[a], reg[y] = B, A
        if region_connected([c for c in range(n * n) if reg[c] == A], n) and \
                region_connected([c for c in range(n * n) if reg[c] == B], n):
            done += 1
        else:
            reg[a], reg[y] = A, B
    # Number regions 1.. in order of their first cell, row by row.
    ids, out = {}, []
    for r in reg:
        ids.setdefault(r, len(ids) + 1)
        out.append(ids[r])
    return out


class Puzzle:
    def __init__(self, side, alphabet, boxes=None, regions=None):
        self.n, self.alphabet = side, alphabet
        self.boxes = boxes  # (rows, cols) per box
        if regions is None:
            br, bc = boxes
            regions = [(r // br) * (side // bc) + c // bc + 1 for r in range(side) for c in range(side)]
        self.regions = regions
        self.values = [0] * (side * side)  # what the picture shows (0 = empty)
        self.kind = [''] * (side * side)  # 'given' | 'entered' | 'error'
        self.solution = [0] * (side * side)
        self.pencil = {}

    def shape(self):
        plus = {'x': '+x', 'hyper': '+hyper'}.get(getattr(self, 'extras', None), '')
        if self.boxes:
            return 'box=%dx%d' % self.boxes + plus
        return 'jigsaw=' + ''.join(np.base_repr(r, 36) for r in self.regions) + plus

    def sym(self, v):
        return symbol(v, self.alphabet)


def make_puzzle(rng, side, alphabet, jigsaw=False, entered=0.0, pencil=0.0, errors=False):
    n = side
    if jigsaw:
        p = Puzzle(n, alphabet, regions=jigsaw_regions(rng, n))
        # Greedy: values that never repeat in a row, column or region, on as
        # many cells as it gets to; givens and entries are drawn from those.
        used = set()
        for c in (int(x) for x in rng.permutation(n * n)):
            r, k = divmod(c, n)
            ok = [v for v in range(1, n + 1) if ('r', r, v) not in used and ('c', k, v) not in used and ('g', p.regions[c], v) not in used]
            if ok:
                v = pick(rng, ok)
                used |= {('r', r, v), ('c', k, v), ('g', p.regions[c], v)}
                p.solution[c] = v
        known = [c for c in range(n * n) if p.solution[c]]
        want = int(round((U(rng, 0.25, 0.45) - entered * 0.5) * n * n))
        for c in (int(x) for x in rng.permutation(known)[:want]):
            p.values[c], p.kind[c] = p.solution[c], 'given'
        empties = [c for c in range(n * n) if not p.values[c] and p.solution[c]]
    else:
        br, bc = BOXES[n]
        p = Puzzle(n, alphabet, boxes=(br, bc))
        # A valid full grid from the standard pattern, shuffled within its symmetries.
        bands = [int(b) for b in rng.permutation(n // br)]
        rows = [b * br + int(i) for b in bands for i in rng.permutation(br)]
        stacks = [int(s) for s in rng.permutation(n // bc)]
        cols = [s * bc + int(j) for s in stacks for j in rng.permutation(bc)]
        digits = [int(d) + 1 for d in rng.permutation(n)]
        for r in range(n):
            for c in range(n):
                rr, cc = rows[r], cols[c]
                p.solution[r * n + c] = digits[(bc * (rr % br) + rr // br + cc) % n]
        frac = U(rng, 0.25, 0.45) - entered * 0.5
        cells = list(range(n * n))
        if rng.random() < 0.5:  # print-style rotational symmetry
            half = [c for c in cells if c <= n * n - 1 - c]
            chosen = set()
            for c in (int(x) for x in rng.permutation(half)):
                if len(chosen) >= frac * n * n:
                    break
                chosen |= {c, n * n - 1 - c}
        else:
            chosen = {int(c) for c in rng.permutation(n * n)[:int(round(frac * n * n))]}
        for c in chosen:
            p.values[c], p.kind[c] = p.solution[c], 'given'
        empties = [c for c in range(n * n) if not p.values[c]]
    if entered > 0:
        k = int(round(entered * n * n))
        k = min(k, max(0, int(0.45 * n * n) - sum(1 for v in p.values if v)))
        for c in (int(x) for x in rng.permutation(empties)[:k]):
            p.values[c], p.kind[c] = p.solution[c], 'entered'
            if errors and rng.random() < 0.05:
                p.kind[c] = 'error'
    if pencil > 0:
        for c in range(n * n):
            if not p.values[c] and rng.random() < pencil:
                m = int(rng.integers(2, min(6, n - 1) + 1))
                vs = {int(v) + 1 for v in rng.permutation(n)[:m]}
                if p.solution[c]:
                    vs.add(p.solution[c])
                p.pencil[c] = sorted(vs)
    return p


def extra_houses(n, kind):
    """The extra houses, each a list of cells: both main diagonals ('x') or
    the windoku windows ('hyper': on a 9x9 the four 3x3 windows at rows and
    columns 2-4 and 6-8)."""
    if kind == 'x':
        return [[r * n + r for r in range(n)], [r * n + n - 1 - r for r in range(n)]]
    b = int(round(n ** 0.5))
    starts = range(1, n - b, b + 1)
    return [[(r0 + i) * n + c0 + j for i in range(b) for j in range(b)] for r0 in starts for c0 in starts]


def with_extras(rng, p, kind):
    """p with extra houses of `kind`: a new solution that keeps them (a
    randomised search), the values shown taken from it, and the shading
    they are drawn with chosen."""
    n = p.n
    houses = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[c for c in range(n * n) if p.regions[c] == g] for g in set(p.regions)]
    houses += extra_houses(n, kind)
    of = [[h for h in houses if c in h] for c in range(n * n)]
    grid = [0] * (n * n)
    steps = [0]

    def fill():
        steps[0] += 1
        if steps[0] > 20000:  # a dead end taken early: start again
            return False
        best, opts = None, None
        for c in range(n * n):
            if grid[c]:
                continue
            used = {grid[q] for h in of[c] for q in h}
            o = [v for v in range(1, n + 1) if v not in used]
            if best is None or len(o) < len(opts):
                best, opts = c, o
                if not o:
                    return False
        if best is None:
            return True
        for v in (int(x) for x in rng.permutation(opts)):
            grid[best] = v
            if fill():
                return True
        grid[best] = 0
        return False

    for _ in range(20):
        grid[:], steps[0] = [0] * (n * n), 0
        if fill():
            break
    else:
        return
    p.solution = grid
    p.values = [grid[c] if p.values[c] else 0 for c in range(n * n)]
    p.extras = kind
    p.extra_cells = {c for h in extra_houses(n, kind) for c in h}
    p.extra_tint = pick(rng, [(128, 128, 128), (90, 140, 230), (240, 190, 60), (230, 110, 140), (90, 190, 140)])
    p.extra_t = U(rng, 0.12, 0.3)


def make_unique(p, rng, solver):
    """Givens added to p from its solution until the puzzle shown has one
    solution, as printed puzzles have (`solver`: the bitsudoku binary); the
    puzzles drawn otherwise take their givens at random and most have
    several. Each step asks the solver for solutions of the puzzle with its
    symbols renamed six ways and gives one cell, at random, where one of
    them differs from p's: few givens are added, the puzzle stays about as
    full as drawn. When none differs, `count --limit 2` has the last word.
    A jigsaw whose greedy grid is not whole (most) first gets a whole grid
    for its regions from the solver, its symbols shuffled, the cells shown
    kept; a layout of regions with no solution is left as it is."""
    n = p.n
    letters = ''.join(chr(64 + r) for r in p.regions)

    def ask(args, lines):
        return subprocess.run([solver] + args, input='\n'.join(lines) + '\n',
                              capture_output=True, text=True).stdout.split('\n')

    def line(values):
        if p.boxes:
            return p.shape() + ' ' + ','.join(map(str, values))
        # A jigsaw (9x9 here): its cells, then its regions as letters.
        return 'jigsaw %s %s' % (''.join(str(v) if v else '.' for v in values), letters)

    def cells(out):
        # A solution printed back: numbers with commas, or one digit a cell.
        text = out.split()[1]
        return [int(v) for v in (text.split(',') if ',' in text else text)]

    if not all(p.solution):
        out = ask(['solve', '--first'], ['jigsaw %s %s' % ('.' * (n * n), letters)])
        if len(out[0].split()) < 2:
            return
        relabel = [0] + [int(v) + 1 for v in rng.permutation(n)]
        p.solution = [relabel[v] for v in cells(out[0])]
        p.values = [p.solution[c] if p.values[c] else 0 for c in range(n * n)]
    for _ in range(n * n):
        names = [[0] + [int(v) + 1 for v in rng.permutation(n)] for _ in range(6)]
        found = ask(['solve', '--first'], [line([name[v] for v in p.values]) for name in names])
        differ = set()
        for name, out in zip(names, found):
            back = {w: v for v, w in enumerate(name)}
            differ |= {c for c, w in enumerate(cells(out)) if back[w] != p.solution[c]}
        if not differ:
            if ask(['count', '--limit', '2'], [line(p.values)])[0].endswith('\tunique'):
                return
            differ = {c for c in range(n * n) if not p.values[c]}
        c = sorted(differ)[int(rng.integers(len(differ)))]
        p.values[c], p.kind[c] = p.solution[c], 'given'
        p.pencil.pop(c, None)


def choose_side(rng, force):
    if 'side' in force:
        return force['side'], force.get('jigsaw', False)
    key = wpick(rng, [(9, 44), (16, 20), (4, 5), (6, 8), (12, 7), (25, 6), ('jigsaw', 10)])
    return (9, True) if key == 'jigsaw' else (key, False)


# ---------------------------------------------------------------- grid drawing

class GridStyle:
    pass


def symbol_size(font, p, cell, frac, max_w=0.8):
    """Font px so the tallest symbol's ink is frac*cell high and the widest fits."""
    syms = [p.sym(v) for v in range(1, p.n + 1)]
    f = font.get(100)
    hs, ws = [], []
    for s in syms:
        l, t, r, b = f.getbbox(s)
        hs.append(b - t)
        ws.append(r - l)
    px = 100 * frac * cell / max(max(hs), 1)
    px = min(px, 100 * max_w * cell / max(max(ws), 1))
    return px


def draw_grid(cv, x0, y0, G, p, st):
    n = p.n
    cell = G / n
    reg = p.regions
    sel = getattr(st, 'selected', None)

    def cell_fill(c):
        r, k = divmod(c, n)
        col = st.cell_bg
        # (Shaded boxes and shaded extra houses are not drawn together.)
        if st.shade_boxes and p.boxes and not getattr(p, 'extra_cells', None):
            br, bc = p.boxes
            if ((r // br) + (k // bc)) % 2 == 1:
                col = st.shade
        if st.region_colors:
            col = st.region_colors[(reg[c] - 1) % len(st.region_colors)]
        if c in getattr(p, 'extra_cells', ()) and not getattr(p, 'diagonal_lines', None):
            # The extra houses shaded: a print in its ink, a dark theme
            # lighter, a light one in a tint.
            if hasattr(st, 'paper'):
                col = mix(st.cell_bg, st.ink, p.extra_t * 0.7)
            elif st.dark:
                col = mix(st.cell_bg, (255, 255, 255), p.extra_t * 0.4)
            else:
                col = mix(st.cell_bg, p.extra_tint, p.extra_t)
        if st.given_bg and p.kind[c] == 'given':
            col = st.given_bg
        if sel is not None:
            sr, sk = divmod(sel, n)
            if st.hl_mode in ('cross', 'house') and (r == sr or k == sk or (st.hl_mode == 'house' and reg[c] == reg[sel])):
                col = st.hl_related
            if st.hl_mode == 'row' and r == sr:
                col = st.hl_related
            if st.hl_same and p.values[sel] and p.values[c] == p.values[sel]:
                col = st.hl_same
            if c == sel:
                col = st.hl_sel
        return col

    if st.tiles:
        # App style with separated tiles instead of ruled lines.
        cv.rect(x0, y0, x0 + G, y0 + G, fill=st.gap_color, radius=st.outer_radius)
        for c in range(n * n):
            r, k = divmod(c, n)
            gl = st.tile_gap_box if k == 0 or reg[c] != reg[c - 1] else st.tile_gap
            gr = st.tile_gap_box if k == n - 1 or reg[c] != reg[c + 1] else st.tile_gap
            gt = st.tile_gap_box if r == 0 or reg[c] != reg[c - n] else st.tile_gap
            gb = st.tile_gap_box if r == n - 1 or reg[c] != reg[c + n] else st.tile_gap
            cv.rect(x0 + k * cell + gl / 2, y0 + r * cell + gt / 2, x0 + (k + 1) * cell - gr / 2,
                    y0 + (r + 1) * cell - gb / 2, fill=cell_fill(c), radius=st.tile_radius)
        diagonals(cv, x0, y0, G, p, st)
    else:
        cv.rect(x0, y0, x0 + G, y0 + G, fill=st.cell_bg)
        for c in range(n * n):
            f = cell_fill(c)
            if f != st.cell_bg:
                r, k = divmod(c, n)
                cv.rect(x0 + k * cell, y0 + r * cell, x0 + (k + 1) * cell, y0 + (r + 1) * cell, fill=f)
        w = st.thin
        for i in range(1, n):
            cv.rect(x0 + i * cell - w / 2, y0, x0 + i * cell + w / 2, y0 + G, fill=st.thin_color)
            cv.rect(x0, y0 + i * cell - w / 2, x0 + G, y0 + i * cell + w / 2, fill=st.thin_color)
        # Thick segments wherever two neighbouring cells are in different boxes/regions.
        w = st.thick
        for r in range(n):
            for k in range(1, n):
                if reg[r * n + k] != reg[r * n + k - 1]:
                    x = x0 + k * cell
                    cv.rect(x - w / 2, max(y0, y0 + r * cell - w / 2), x + w / 2, min(y0 + G, y0 + (r + 1) * cell + w / 2), fill=st.thick_color)
        for r in range(1, n):
            for k in range(n):
                if reg[r * n + k] != reg[(r - 1) * n + k]:
                    y = y0 + r * cell
                    cv.rect(max(x0, x0 + k * cell - w / 2), y - w / 2, min(x0 + G, x0 + (k + 1) * cell + w / 2), y + w / 2, fill=st.thick_color)
        diagonals(cv, x0, y0, G, p, st)
        w = st.outer
        if w > 0:
            o = w / 2 if st.outer_inside else 0
            cv.rect(x0 - w / 2 + o, y0 - w / 2 + o, x0 + G + w / 2 - o, y0 + G + w / 2 - o,
                    outline=st.outer_color, width=w, radius=st.outer_radius)

    px = symbol_size(st.font, p, cell, st.frac)
    epx = symbol_size(st.entered_font, p, cell, st.frac)
    for c in range(n * n):
        v = p.values[c]
        r, k = divmod(c, n)
        cx = x0 + (k + 0.5) * cell + st.dx * cell
        cy = y0 + (r + 0.5) * cell + st.dy * cell
        if v:
            kind = p.kind[c]
            if kind == 'given':
                cv.text_center(cx, cy, p.sym(v), st.font, px, st.given_color)
            else:
                colr = st.error_color if kind == 'error' else st.entered_color
                cv.text_center(cx, cy, p.sym(v), st.entered_font, epx, colr)
        elif c in p.pencil:
            draw_pencil(cv, x0 + k * cell, y0 + r * cell, cell, p, p.pencil[c], st)


def diagonals(cv, x0, y0, G, p, st):
    """An X's diagonals drawn as lines corner to corner (under the
    symbols), where `p.diagonal_lines` = (colour choice, width) says so."""
    if not getattr(p, 'diagonal_lines', None):
        return
    which, width = p.diagonal_lines
    col = {'thin': st.thin_color, 'thick': st.thick_color, 'accent': getattr(st, 'accent', st.thick_color)}[which]
    w = max(1.0, st.thin * width)
    cv.line([(x0, y0), (x0 + G, y0 + G)], col, w)
    cv.line([(x0 + G, y0), (x0, y0 + G)], col, w)


def draw_pencil(cv, x, y, cell, p, vals, st):
    n = p.n
    if st.pencil_mode == 'grid':
        # Each candidate at its own spot of a small k x k layout, as most apps do.
        kk = max(3, int(math.ceil(math.sqrt(n))))  # 4x4 too: marks stay small
        sub = cell / kk
        px = symbol_size(st.pencil_font, p, sub, 0.62, 0.85)
        for v in vals:
            i, j = divmod(v - 1, kk)
            cv.text_center(x + (j + 0.5) * sub, y + (i + 0.5) * sub, p.sym(v), st.pencil_font, px, st.pencil_color)
    else:
        # Corner/edge marks: a short list along the top edge, wrapping to the bottom.
        px = max(5.0, cell * 0.22)
        syms = [p.sym(v) for v in vals]
        half = (len(syms) + 1) // 2
        top = ' '.join(syms[:half]) if len(syms) > 3 else ' '.join(syms)
        bot = ' '.join(syms[half:]) if len(syms) > 3 else ''
        cv.text(x + cell * 0.1, y + cell * 0.08, top, st.pencil_font, px, st.pencil_color, anchor='lt')
        if bot:
            cv.text(x + cell * 0.1, y + cell * 0.92, bot, st.pencil_font, px, st.pencil_color, anchor='lb')


LIGHT_BGS = [(255, 255, 255), (255, 255, 255), (250, 250, 250), (247, 246, 242), (243, 246, 250), (255, 252, 243), (238, 240, 243)]
DARK_BGS = [(18, 18, 18), (24, 26, 31), (32, 33, 36), (13, 17, 23), (40, 42, 54), (28, 28, 30), (21, 32, 43)]
ACCENTS = [(25, 118, 210), (52, 101, 164), (0, 150, 136), (103, 58, 183), (230, 81, 0), (46, 125, 50), (194, 24, 91), (80, 80, 80)]
PASTELS = [(255, 235, 238), (232, 245, 233), (227, 242, 253), (255, 243, 224), (243, 229, 245), (224, 247, 250),
           (255, 253, 231), (239, 235, 233), (236, 239, 241)]


def screen_style(rng, p, dark, fams, G):
    st = GridStyle()
    st.dark = dark
    accent = pick(rng, ACCENTS)
    st.accent = accent
    if dark:
        st.page_bg = pick(rng, DARK_BGS)
        st.cell_bg = st.page_bg if rng.random() < 0.6 else mix(st.page_bg, (255, 255, 255), U(rng, 0.03, 0.08))
        st.thin_color = mix(st.cell_bg, (255, 255, 255), U(rng, 0.18, 0.4))
        st.thick_color = mix(st.cell_bg, (255, 255, 255), U(rng, 0.55, 0.9)) if rng.random() < 0.75 else mix(accent, (255, 255, 255), 0.3)
        st.given_color = jitter(rng, (225, 228, 232), 20)
        st.entered_color = pick(rng, [(130, 177, 255), (100, 200, 255), (129, 212, 250), (255, 183, 77), (165, 214, 167)])
        st.error_color = (255, 110, 110)
        st.shade = mix(st.cell_bg, (255, 255, 255), U(rng, 0.05, 0.1))
        st.hl_sel = mix(st.cell_bg, accent, U(rng, 0.45, 0.7))
        st.hl_related = mix(st.cell_bg, accent, U(rng, 0.12, 0.25))
        st.hl_same = mix(st.cell_bg, accent, U(rng, 0.3, 0.45))
        st.given_bg_c = mix(st.cell_bg, (255, 255, 255), 0.08)
        st.pencil_color = mix(st.cell_bg, (255, 255, 255), U(rng, 0.5, 0.7))
        st.text_color = (220, 220, 225)
        st.muted = (150, 150, 160)
    else:
        st.page_bg = pick(rng, LIGHT_BGS)
        st.cell_bg = (255, 255, 255) if rng.random() < 0.7 else st.page_bg
        if rng.random() < 0.7:
            g = int(rng.integers(140, 215))
            st.thin_color = (g, g, g)
        else:
            st.thin_color = mix(accent, (255, 255, 255), U(rng, 0.45, 0.7))
        r = rng.random()
        if r < 0.6:
            g = int(rng.integers(0, 70))
            st.thick_color = (g, g, g)
        elif r < 0.85:
            st.thick_color = mix(accent, (0, 0, 0), U(rng, 0.0, 0.4))
        else:
            g = int(rng.integers(90, 140))
            st.thick_color = (g, g, g)
        g = int(rng.integers(0, 60))
        st.given_color = (g, g, g)
        st.entered_color = pick(rng, [(25, 80, 200), (30, 100, 230), (21, 101, 192), (0, 90, 180), (52, 72, 180), accent])
        st.error_color = (211, 47, 47)
        st.shade = pick(rng, [(240, 240, 240), (235, 238, 242), (245, 245, 235), mix(accent, (255, 255, 255), 0.88)])
        st.hl_sel = pick(rng, [(187, 222, 251), (255, 245, 157), (200, 230, 201), mix(accent, (255, 255, 255), 0.6)])
        st.hl_related = pick(rng, [(226, 235, 243), (240, 244, 250), (255, 250, 220), mix(accent, (255, 255, 255), 0.88)])
        st.hl_same = pick(rng, [(195, 215, 234), (255, 224, 178), mix(accent, (255, 255, 255), 0.72)])
        st.given_bg_c = (236, 236, 236)
        st.pencil_color = pick(rng, [(110, 110, 110), (130, 130, 130), (90, 100, 120), st.entered_color])
        st.text_color = (33, 33, 33)
        st.muted = (110, 110, 115)
    st.thin = wpick(rng, [(1, 6), (1.5, 1), (2, 2)])
    st.thick = max(st.thin + 1, wpick(rng, [(2, 3), (3, 4), (4, 2), (5, 1)]))
    st.outer = wpick(rng, [(st.thick, 5), (st.thick + 1, 2), (st.thick + 2, 1), (0, 1)])
    st.outer_color = st.thick_color
    st.outer_inside = rng.random() < 0.5
    st.outer_radius = wpick(rng, [(0, 6), (U(rng, 3, 12), 1)])
    st.shade_boxes = p.boxes is not None and rng.random() < 0.22
    st.region_colors = None
    if p.boxes is None and rng.random() < 0.45:
        cols = [pick(rng, PASTELS) for _ in range(4)] if not dark else [mix(st.cell_bg, pick(rng, ACCENTS), 0.2) for _ in range(4)]
        st.region_colors = [cols[i] for i in four_colouring(p)]
        st.region_colors = [st.region_colors[(r - 1)] for r in range(1, p.n + 1)]
    st.given_bg = st.given_bg_c if rng.random() < 0.08 else None
    st.selected = int(rng.integers(p.n * p.n)) if rng.random() < 0.55 else None
    st.hl_mode = wpick(rng, [('cell', 3), ('cross', 2), ('house', 3), ('row', 1)])
    st.hl_same = st.hl_same if rng.random() < 0.4 else None
    st.tiles = rng.random() < 0.07
    if st.tiles:
        st.gap_color = mix(st.page_bg, (0, 0, 0) if not dark else (255, 255, 255), U(rng, 0.1, 0.3))
        st.tile_gap, st.tile_gap_box = U(rng, 1, 3), U(rng, 4, 8)
        st.tile_radius = U(rng, 0, G / p.n * 0.15)
        if st.cell_bg == st.gap_color:
            st.cell_bg = (255, 255, 255) if not dark else mix(st.page_bg, (255, 255, 255), 0.1)
    st.font = pick_font(rng, fams, bold=rng.random() < 0.4)
    r = rng.random()
    st.entered_font = st.font if r < 0.5 else sibling(st.font, fams, False, rng) if r < 0.85 else pick_font(rng, fams, bold=False)
    st.pencil_font = st.entered_font if rng.random() < 0.7 else sibling(st.font, fams, False, rng)
    st.frac = U(rng, 0.45, 0.78) if p.alphabet != 'numbers' else U(rng, 0.4, 0.6)
    st.dx = st.dy = 0.0
    st.pencil_mode = 'grid' if rng.random() < 0.75 else 'corner'
    if rng.random() < 0.15:  # entries in the givens' colour, told apart by weight only
        st.entered_color = st.given_color
    return st


def four_colouring(p):
    """Greedy colouring of jigsaw regions so neighbours differ (indices 0..3,
    one per region)."""
    n = p.n
    adj = {r: set() for r in range(1, n + 1)}
    for c in range(n * n):
        r, k = divmod(c, n)
        for d in ((1, 0), (0, 1)):
            rr, kk = r + d[0], k + d[1]
            if rr < n and kk < n and p.regions[rr * n + kk] != p.regions[c]:
                adj[p.regions[c]].add(p.regions[rr * n + kk])
                adj[p.regions[rr * n + kk]].add(p.regions[c])
    col = {}
    for r in range(1, n + 1):
        used = {col[x] for x in adj[r] if x in col}
        col[r] = next((i for i in range(8) if i not in used), 0) % 4
    return [col[r] for r in range(1, n + 1)]


# ---------------------------------------------------------------- screenshots

def draw_button(cv, x, y, w, h, label, st, font, filled, radius):
    if filled:
        cv.rect(x, y, x + w, y + h, fill=st.accent if not st.dark else mix(st.accent, st.page_bg, 0.3), radius=radius)
        fg = (255, 255, 255)
    else:
        cv.rect(x, y, x + w, y + h, fill=mix(st.page_bg, st.text_color, 0.06), outline=mix(st.page_bg, st.text_color, 0.3),
                width=1, radius=radius)
        fg = st.text_color
    px = min(h * 0.42, w * 0.9 / max(1, cv.length(label, font, 10) / 10))
    cv.text(x + w / 2, y + h / 2, label, font, px, fg, anchor='mm')


def draw_icon(cv, cx, cy, s, kind, col):
    if kind == 0:
        cv.ellipse(cx - s, cy - s, cx + s, cy + s, outline=col, width=max(1, s / 6))
    elif kind == 1:
        cv.rect(cx - s, cy - s, cx + s, cy + s, outline=col, width=max(1, s / 6), radius=s / 3)
    elif kind == 2:
        cv.polygon([(cx - s, cy + s), (cx, cy - s), (cx + s, cy + s)], fill=col)
    else:
        cv.line([(cx - s, cy - s), (cx + s, cy + s)], col, max(1, s / 5))
        cv.line([(cx - s, cy + s), (cx + s, cy - s)], col, max(1, s / 5))


TITLES = ['Sudoku', 'Daily Sudoku', 'Sudoku Online', 'Classic Sudoku', 'Free Sudoku', 'Sudoku Puzzle', 'Number Place',
          'My Sudoku', 'Sudoku.io', 'Sudoku Daily', 'Sudoku Master', 'Brain Games']
LEVELS = ['Easy', 'Medium', 'Hard', 'Expert', 'Evil', 'Beginner', 'Diabolical', 'Moderate', 'Tough']


def numpad(cv, x, y, w, h, p, st, font, cols):
    n = p.n
    rows = int(math.ceil(n / cols))
    bw, bh = w / cols, h / rows
    rad = min(bw, bh) * U(st.rng, 0.0, 0.25)
    keys = st.rng.random() < 0.7
    px = min(bw, bh) * U(st.rng, 0.4, 0.6)
    fg = pick(st.rng, [st.accent, st.text_color]) if not st.dark else mix(st.accent, (255, 255, 255), 0.4)
    for v in range(1, n + 1):
        i, j = divmod(v - 1, cols)
        if keys:
            cv.rect(x + j * bw + 2, y + i * bh + 2, x + (j + 1) * bw - 2, y + (i + 1) * bh - 2,
                    fill=mix(st.page_bg, st.text_color, 0.07), radius=rad)
        cv.text(x + (j + 0.5) * bw, y + (i + 0.5) * bh, p.sym(v), font, px, fg, anchor='mm')


def render_screen(rng, p, fams, force, small):
    dark = force.get('theme', 'dark' if rng.random() < 0.3 else 'light') == 'dark'
    lo, hi = {4: (250, 520), 6: (250, 620), 9: (250, 900), 12: (330, 900), 16: (400, 900), 25: (560, 900)}[p.n]
    if small:
        hi = min(hi, max(lo, 460))
    G = U(rng, lo, hi)
    st = screen_style(rng, p, dark, fams, G)
    st.rng = rng
    ui = pick_font(rng, fams, bold=False)
    uib = sibling(ui, fams, True, rng)
    layout = force.get('layout') or wpick(rng, [('web', 3), ('phone', 3), ('tight', 2), ('doc', 2)])
    ss = 1 if rng.random() < 0.5 else int(rng.integers(2, 4))
    u = G / 450
    if layout == 'phone':
        G = min(G, 620)
        u = G / 380
        m = U(rng, 2, 18) * u
        W = G + 2 * m
        H = W * U(rng, 1.85, 2.2)
        cv = Canvas(W, H, st.page_bg, ss)
        y = 0
        cv.text(16 * u, 14 * u, '%d:%02d' % (rng.integers(6, 23), rng.integers(60)), uib, 14 * u, st.text_color, 'lm')
        cv.rect(W - 40 * u, 9 * u, W - 16 * u, 19 * u, outline=st.text_color, width=1.2 * u, radius=2 * u)
        cv.rect(W - 38 * u, 11 * u, W - 38 * u + 20 * u * U(rng, 0.2, 1), 17 * u, fill=st.text_color)
        y = 30 * u
        cv.text(W / 2, y + 24 * u, pick(rng, TITLES), uib, 20 * u, st.text_color, 'mm')
        cv.text(18 * u, y + 24 * u, '<', uib, 24 * u, st.text_color, 'lm')
        draw_icon(cv, W - 24 * u, y + 24 * u, 9 * u, 0, st.text_color)
        y += 52 * u
        cv.text(m + 4 * u, y + 16 * u, pick(rng, LEVELS), ui, 14 * u, st.muted, 'lm')
        cv.text(W / 2, y + 16 * u, 'Mistakes: %d/3' % rng.integers(0, 3), ui, 14 * u, st.muted, 'mm')
        cv.text(W - m - 4 * u, y + 16 * u, '%02d:%02d' % (rng.integers(0, 40), rng.integers(60)), ui, 14 * u, st.muted, 'rm')
        y += 34 * u
        gx, gy = m, y
        draw_grid(cv, gx, gy, G, p, st)
        y += G + 22 * u
        for i, lab in enumerate(['Undo', 'Erase', 'Notes', 'Hint']):
            cx = W * (i + 0.5) / 4
            draw_icon(cv, cx, y + 14 * u, 11 * u, i, st.muted)
            cv.text(cx, y + 40 * u, lab, ui, 12 * u, st.muted, 'mm')
        y += 62 * u
        if p.n <= 16:
            cols = p.n if p.n <= 9 else (p.n + 1) // 2
            rows = 1 if p.n <= 9 else 2
            numpad(cv, m, y, G, min(64 * u * rows, H - y - 10 * u), p, st, st.font, cols)
        img = cv.final()
        return img, st.font.label
    if layout == 'tight':
        m = U(rng, 3, 40) * u
        cap = rng.random() < 0.4
        W, H = G + 2 * m, G + 2 * m + (30 * u if cap else 0)
        cv = Canvas(W, H, st.page_bg, ss)
        draw_grid(cv, m, m, G, p, st)
        if cap:
            cv.text(W / 2, G + m + 18 * u, '%s - %s' % (pick(rng, TITLES), pick(rng, LEVELS)), ui, 14 * u, st.muted, 'mm')
        return cv.final(), st.font.label
    if layout == 'doc':
        m = U(rng, 30, 160) * u
        W = G + 2 * m
        top = U(rng, 110, 260) * u
        bottom = U(rng, 40, 200) * u
        H = top + G + bottom
        cv = Canvas(W, H, st.page_bg, ss)
        cv.text(24 * u, 24 * u, sentence(rng, int(rng.integers(3, 7)))[:-1], uib, 26 * u, st.text_color, 'lt')
        cv.paragraph(24 * u, 68 * u, W - 48 * u, top - 90 * u, ui, 14 * u, st.muted, rng)
        gx = m if rng.random() < 0.7 else 24 * u
        draw_grid(cv, gx, top, G, p, st)
        cv.text(gx, top + G + 12 * u, 'Puzzle %d (%s)' % (rng.integers(1, 999), pick(rng, LEVELS).lower()), ui, 13 * u, st.muted, 'lt')
        cv.paragraph(24 * u, top + G + 40 * u, W - 48 * u, bottom - 50 * u, ui, 14 * u, st.muted, rng)
        return cv.final(), st.font.label
    # web: header bar, title above the grid, side panel with buttons and a keypad.
    m = U(rng, 16, 60) * u
    hh = U(rng, 44, 70) * u
    th = U(rng, 36, 60) * u
    sw = U(rng, 190, 320) * u
    left_panel = rng.random() < 0.25
    W = m + G + m + sw + m
    H = hh + m + th + G + U(rng, 20, 90) * u
    cv = Canvas(W, H, st.page_bg, ss)
    bar = st.accent if rng.random() < 0.4 else mix(st.page_bg, st.text_color, 0.05)
    cv.rect(0, 0, W, hh, fill=bar)
    bar_fg = (255, 255, 255) if bar == st.accent else st.text_color
    cv.text(20 * u, hh / 2, pick(rng, TITLES), uib, 20 * u, bar_fg, 'lm')
    xx = W - 20 * u
    for lab in reversed(['Play', 'Daily', 'Rules', 'Stats', 'Login'][:int(rng.integers(2, 6))]):
        lw = cv.length(lab, ui, 14 * u)
        cv.text(xx - lw, hh / 2, lab, ui, 14 * u, bar_fg, 'lm')
        xx -= lw + 22 * u
    gx = m + (sw + m if left_panel else 0)
    px0 = m if left_panel else m + G + m
    gy = hh + m + th
    cv.text(gx, hh + m + th * 0.45, '%s #%d' % (pick(rng, LEVELS), rng.integers(1, 9999)), uib, min(th * 0.55, 24 * u), st.text_color, 'lm')
    cv.text(gx + G, hh + m + th * 0.45, '%02d:%02d' % (rng.integers(0, 60), rng.integers(60)), ui, 16 * u, st.muted, 'rm')
    draw_grid(cv, gx, gy, G, p, st)
    y = gy
    rad = U(rng, 0, 12) * u
    bh = U(rng, 34, 46) * u
    for lab in ['New game', 'Undo', 'Erase', 'Notes', 'Hint', 'Check'][:int(rng.integers(2, 6))]:
        if y + bh > gy + G * 0.55:
            break
        draw_button(cv, px0, y, sw, bh, lab, st, ui, lab == 'New game', rad)
        y += bh + 10 * u
    y += 8 * u
    if p.n <= 9 and rng.random() < 0.75:
        cols = 3 if p.n == 9 else p.n // 2 if p.n > 4 else 2
        rows = int(math.ceil(p.n / cols))
        h = min(sw / cols * rows, gy + G - y)
        if h > 40 * u:
            numpad(cv, px0, y, sw, h, p, st, uib, cols)
    else:
        cv.paragraph(px0, y, sw, gy + G - y, ui, 13 * u, st.muted, rng)
    return cv.final(), st.font.label


# ---------------------------------------------------------------- print and photo

INKS = [(20, 20, 20), (35, 33, 30), (10, 10, 25), (45, 45, 45)]
PAPERS = [(250, 250, 248), (246, 243, 235), (238, 235, 226), (252, 252, 252), (232, 229, 220), (244, 241, 232)]


def print_style(rng, p, fams, Gs):
    st = GridStyle()
    st.dark = False
    st.ink = pick(rng, INKS)
    st.paper = pick(rng, PAPERS)
    k = Gs / 480  # the same printed line weights at any render size
    st.page_bg = st.paper
    st.cell_bg = st.paper
    st.thin_color = st.ink if rng.random() < 0.7 else mix(st.ink, st.paper, 0.45)
    st.thick_color = st.ink
    st.thin = k * wpick(rng, [(1, 5), (1.5, 2), (2, 1)])
    st.thick = max(st.thin + k, k * wpick(rng, [(2, 2), (3, 4), (4, 2), (5, 1)]))
    st.outer = st.thick * wpick(rng, [(1, 3), (1.5, 1)])
    st.outer_color = st.ink
    st.outer_inside = True
    st.outer_radius = 0
    st.shade_boxes = p.boxes is not None and rng.random() < 0.15
    st.shade = mix(st.paper, st.ink, 0.12)
    st.region_colors = None
    if p.boxes is None and rng.random() < 0.3:
        st.region_colors = [[st.paper, mix(st.paper, st.ink, 0.12)][i % 2] for i in four_colouring(p)]
    st.given_bg = None
    st.selected = None
    st.hl_mode = 'cell'
    st.hl_same = None
    st.tiles = False
    st.font = pick_font(rng, fams, bold=rng.random() < 0.45)
    st.entered_font = st.font
    st.pencil_font = sibling(st.font, fams, False, rng)
    st.given_color = st.ink
    st.entered_color = st.error_color = st.ink
    st.pencil_color = pick(rng, [(120, 120, 120), (90, 90, 100), (40, 60, 140)])
    st.pencil_mode = 'grid' if rng.random() < 0.5 else 'corner'
    st.frac = U(rng, 0.45, 0.75) if p.alphabet != 'numbers' else U(rng, 0.38, 0.58)
    st.dx, st.dy = U(rng, -0.03, 0.03), U(rng, -0.03, 0.03)
    return st


def render_print(rng, p, fams, Gs):
    """A printed page around the grid: newspaper, puzzle book or print-out.
    Returns the page, the grid's rectangle on it, and the digits' font."""
    st = print_style(rng, p, fams, Gs)
    body = pick_font(rng, fams, bold=False)
    head = sibling(body, fams, True, rng) if rng.random() < 0.6 else pick_font(rng, fams, bold=True)
    u = Gs / 480
    kind = wpick(rng, [('newspaper', 4), ('book', 3), ('printout', 2)])
    ink_soft = mix(st.ink, st.paper, 0.15)
    if kind == 'newspaper':
        colw = U(rng, 160, 260) * u
        gap = 18 * u
        ncols_l = int(rng.integers(0, 3))
        ncols_r = int(rng.integers(0 if ncols_l else 1, 3))
        top = U(rng, 90, 160) * u
        W = 20 * u + (colw + gap) * ncols_l + Gs + (colw + gap) * ncols_r + 20 * u
        H = top + Gs + U(rng, 60, 260) * u
        cv = Canvas(W, H, st.paper, 1)
        gx = 20 * u + (colw + gap) * ncols_l
        gy = top
        cv.rect(gx - 6 * u, 18 * u, gx + Gs + 6 * u, 21 * u, fill=st.ink)
        cv.text(gx, 28 * u, pick(rng, ['SUDOKU', 'Sudoku', 'SU DOKU', 'Number Place', 'Puzzles']), head, 34 * u, st.ink, 'lt')
        cv.text(gx + Gs, 34 * u, 'No. %d' % rng.integers(100, 9999), body, 15 * u, st.ink, 'rt')
        cv.paragraph(gx, 72 * u, Gs, top - 84 * u, body, 11.5 * u, ink_soft, rng, 1.35)
        for i in range(ncols_l + ncols_r):
            x = 20 * u + (colw + gap) * i if i < ncols_l else gx + Gs + gap + (colw + gap) * (i - ncols_l)
            yy = U(rng, 20, 60) * u
            if rng.random() < 0.6:
                hl = sentence(rng, int(rng.integers(2, 5)))[:-1]
                for ln in wrap(head.get(22 * u), hl, colw)[:3]:
                    cv.text(x, yy, ln, head, 22 * u, st.ink, 'lt')
                    yy += 26 * u
                yy += 6 * u
            cv.paragraph(x, yy, colw, H - yy - 10 * u, body, 11.5 * u, ink_soft, rng, 1.3)
            if rng.random() < 0.7:
                rx = x + colw + gap / 2 if i < ncols_l else x - gap / 2
                cv.rect(rx - 0.5 * u, 20 * u, rx + 0.5 * u, H - 10 * u, fill=mix(st.ink, st.paper, 0.4))
        cv.paragraph(gx, gy + Gs + 14 * u, Gs, H - gy - Gs - 20 * u, body, 11.5 * u, ink_soft, rng, 1.35)
    elif kind == 'book':
        mx = U(rng, 40, 120) * u
        top = U(rng, 80, 150) * u
        W = Gs + 2 * mx
        H = top + Gs + U(rng, 80, 200) * u
        cv = Canvas(W, H, st.paper, 1)
        gx, gy = mx, top
        cv.text(W / 2, top * 0.45, 'Puzzle %d' % rng.integers(1, 400), head, 26 * u, st.ink, 'mm')
        cv.text(W / 2, top * 0.78, pick(rng, LEVELS), body, 14 * u, ink_soft, 'mm')
        cv.text(W / 2, H - 30 * u, str(rng.integers(2, 300)), body, 13 * u, ink_soft, 'mm')
    else:
        mx = U(rng, 50, 150) * u
        top = U(rng, 60, 200) * u
        W = Gs + 2 * mx
        H = max(W * 1.41, top + Gs + 60 * u)
        cv = Canvas(W, H, st.paper, 1)
        gx, gy = mx, top
        cv.text(mx, top * 0.4, '%s - %s' % (pick(rng, TITLES), pick(rng, LEVELS)), head, 22 * u, st.ink, 'lm')
        if rng.random() < 0.6:
            cv.paragraph(mx, gy + Gs + 30 * u, Gs, H - gy - Gs - 80 * u, body, 12 * u, ink_soft, rng)
        cv.text(mx, H - 30 * u, 'www.%s.com   page 1 of 1' % pick(rng, ['sudoku-print', 'puzzles', 'dailygrid', 'numberplace']),
                body, 10 * u, ink_soft, 'lm')
    draw_grid(cv, gx, gy, Gs, p, st)
    return cv.final(), (gx, gy, gx + Gs, gy + Gs), st.font.label, st.paper


def homography(src, dst):
    A, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b.append(v)
    h = np.linalg.solve(np.array(A, float), np.array(b, float))
    return np.append(h, 1.0).reshape(3, 3)


def lowfreq(rng, w, h, cells):
    """Smooth random field in [0, 1] of size w x h."""
    gw = max(2, int(cells * w / max(w, h)) + 2)
    gh = max(2, int(cells * h / max(w, h)) + 2)
    small = Image.fromarray(rng.random((gh, gw)).astype(np.float32), 'F')
    return np.asarray(small.resize((w, h), Image.BICUBIC), dtype=np.float32)


def background(rng, w, h):
    kind = wpick(rng, [('wood', 3), ('table', 3), ('cloth', 2), ('paper', 1)])
    if kind == 'wood':
        base = np.array(pick(rng, [(150, 105, 65), (120, 80, 50), (185, 145, 100), (95, 65, 45), (200, 170, 130)]), np.float32)
        # Grain: fine streaks along one axis (noise stretched along it) over
        # wider growth rings bent by smooth noise; drawn horizontal, maybe turned.
        big = max(w, h)
        rings = 0.5 + 0.5 * np.sin(np.arange(big, dtype=np.float32)[:, None] * U(rng, 0.02, 0.08)
                                   + lowfreq(rng, big, big, 3) * U(rng, 4, 12))
        streak = Image.fromarray(rng.random((big, max(2, big // 60))).astype(np.float32), 'F')
        streak = np.asarray(streak.resize((big, big), Image.BILINEAR), np.float32)
        grain = 0.6 * rings + 0.4 * streak
        grain = grain[:h, :w] if rng.random() < 0.5 else grain.T[:h, :w]
        shade = 0.82 + 0.25 * grain + 0.1 * (lowfreq(rng, w, h, 4) - 0.5)
        img = base[None, None, :] * shade[..., None]
    elif kind == 'table':
        base = np.array(pick(rng, [(200, 200, 200), (90, 90, 95), (230, 225, 215), (60, 70, 80), (170, 180, 170), (250, 250, 250)]), np.float32)
        shade = 0.92 + 0.16 * lowfreq(rng, w, h, 6)
        img = base[None, None, :] * shade[..., None]
    elif kind == 'cloth':
        base = np.array(pick(rng, [(40, 50, 90), (110, 30, 40), (50, 80, 50), (30, 30, 30), (140, 120, 150)]), np.float32)
        fine = rng.random((h, w)).astype(np.float32)
        shade = 0.85 + 0.2 * lowfreq(rng, w, h, 10) + 0.08 * fine
        img = base[None, None, :] * shade[..., None]
    else:  # other papers under the page
        base = np.array(pick(rng, PAPERS), np.float32)
        shade = 0.9 + 0.1 * lowfreq(rng, w, h, 4)
        img = base[None, None, :] * shade[..., None]
    return np.clip(img, 0, 255).astype(np.float32)


# --bend K: every photographed page curved, K times as much as the three
# in ten that are by default.
BEND = None


def photograph(rng, page, focus, small, paper=None, fill=(0.45, 0.88)):
    """Photo of `page` lying on a table: perspective, rotation, light, blur,
    noise and a colour cast, keeping `focus` (x0, y0, x1, y1) in the frame."""
    L = U(rng, 640, 900) if small else U(rng, 1200, 1800)
    aspect = wpick(rng, [(4 / 3, 6), (16 / 9, 2), (3 / 2, 1), (1.0, 1)])
    if rng.random() < 0.6:
        ow, oh = int(L / aspect), int(L)
    else:
        ow, oh = int(L), int(L / aspect)
    fx0, fy0, fx1, fy1 = focus
    fw, fh = fx1 - fx0, fy1 - fy0
    # The focus rectangle as a plane tilted in 3D and seen by a pinhole camera.
    tx, ty = math.radians(U(rng, -15, 15)), math.radians(U(rng, -15, 15))
    rz = math.radians(U(rng, -6, 6))
    f = U(rng, 1.2, 3.0)
    s = max(fw, fh)
    quad = []
    for x, y in ((fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)):
        X, Y, Z = (x - (fx0 + fx1) / 2) / s, (y - (fy0 + fy1) / 2) / s, 0.0
        Y, Z = Y * math.cos(tx) - Z * math.sin(tx), Y * math.sin(tx) + Z * math.cos(tx)
        X, Z = X * math.cos(ty) + Z * math.sin(ty), -X * math.sin(ty) + Z * math.cos(ty)
        X, Y = X * math.cos(rz) - Y * math.sin(rz), X * math.sin(rz) + Y * math.cos(rz)
        quad.append((X * f / (f + Z), Y * f / (f + Z)))
    q = np.array(quad)
    span = (q.max(0) - q.min(0)).max()
    target = U(rng, *fill) * min(ow, oh)
    q = (q - q.min(0)) * (target / span)
    ext = q.max(0)
    mx, my = 0.03 * ow, 0.03 * oh
    off = np.array([U(rng, mx, max(mx, ow - ext[0] - mx)), U(rng, my, max(my, oh - ext[1] - my))])
    q = q + off
    Hm = homography([(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)], [tuple(v) for v in q])
    Hi = np.linalg.inv(Hm)

    src = np.asarray(page, dtype=np.float32)
    if paper is not None:  # paper texture: faint fibres and uneven whiteness
        tex = 1 + 0.025 * (lowfreq(rng, page.width, page.height, 12) - 0.5) + 0.02 * (rng.random((page.height, page.width)).astype(np.float32) - 0.5)
        src = src * tex[..., None]
    sh, sw = src.shape[:2]
    ys, xs = np.mgrid[0:oh, 0:ow].astype(np.float64)
    xs += 0.5
    ys += 0.5
    den = Hi[2, 0] * xs + Hi[2, 1] * ys + Hi[2, 2]
    sx = (Hi[0, 0] * xs + Hi[0, 1] * ys + Hi[0, 2]) / den - 0.5
    sy = (Hi[1, 0] * xs + Hi[1, 1] * ys + Hi[1, 2]) / den - 0.5
    # A page that does not lie flat: gently curved lines (every page, K
    # times as curved, with --bend K).
    if rng.random() < 0.3 or BEND is not None:
        k = 1.0 if BEND is None else BEND
        a = U(rng, -0.008, 0.008) * s * k
        sy = sy + a * np.sin(math.pi * (sx - fx0) / fw)
        sx = sx + U(rng, -0.004, 0.004) * s * k * np.sin(math.pi * (sy - fy0) / fh)
    x0 = np.floor(sx).astype(np.int64)
    y0 = np.floor(sy).astype(np.int64)
    ax = (sx - x0).astype(np.float32)[..., None]
    ay = (sy - y0).astype(np.float32)[..., None]
    xa, xb = np.clip(x0, 0, sw - 1), np.clip(x0 + 1, 0, sw - 1)
    ya, yb = np.clip(y0, 0, sh - 1), np.clip(y0 + 1, 0, sh - 1)
    warped = (src[ya, xa] * (1 - ax) * (1 - ay) + src[ya, xb] * ax * (1 - ay)
              + src[yb, xa] * (1 - ax) * ay + src[yb, xb] * ax * ay)
    cov = (np.clip(sx + 0.5, 0, 1) * np.clip(sw - 0.5 - sx, 0, 1) * np.clip(sy + 0.5, 0, 1) * np.clip(sh - 0.5 - sy, 0, 1)).astype(np.float32)

    bg = background(rng, ow, oh)
    # The page's soft shadow on the table.
    shadow = Image.fromarray((cov * 255).astype(np.uint8), 'L')
    d = int(U(rng, 3, 14))
    shadow = shadow.transform(shadow.size, Image.AFFINE, (1, 0, -d, 0, 1, -d)).filter(ImageFilter.GaussianBlur(d * 1.5))
    bg = bg * (1 - U(rng, 0.2, 0.5) * np.asarray(shadow, np.float32)[..., None] / 255)
    img = warped * cov[..., None] + bg * (1 - cov[..., None])

    # Uneven light: a gradient, a vignette and sometimes a soft-edged shadow.
    nx, ny = (xs / ow - 0.5), (ys / oh - 0.5)
    ang = U(rng, 0, 2 * math.pi)
    t = (nx * math.cos(ang) + ny * math.sin(ang)) + 0.5
    light = 1 - U(rng, 0, 0.35) * np.clip(t, 0, 1)
    light = light * (1 - U(rng, 0, 0.5) * (nx ** 2 + ny ** 2))
    if rng.random() < 0.35:
        ang2 = U(rng, 0, 2 * math.pi)
        dist = nx * math.cos(ang2) + ny * math.sin(ang2) - U(rng, -0.3, 0.4)
        soft = U(rng, 0.01, 0.12)
        light = light * (1 - U(rng, 0.15, 0.4) * np.clip(0.5 + dist / soft, 0, 1))
    light = np.clip(light, 0.5, 1.0).astype(np.float32)
    img = img * light[..., None]
    cast = np.array([1 + U(rng, -0.07, 0.07) for _ in range(3)], np.float32)
    img = img * cast * U(rng, 0.92, 1.08)
    out = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), 'RGB')
    out = out.filter(ImageFilter.GaussianBlur(U(rng, 0.5, 2.0)))
    arr = np.asarray(out, np.float32)
    sigma = U(rng, 1.5, 7)
    noise = rng.normal(0, sigma, (oh, ow, 1)).astype(np.float32) + rng.normal(0, sigma * 0.4, (oh, ow, 3)).astype(np.float32)
    arr = np.clip(arr + noise, 0, 255).astype(np.uint8)
    return Image.fromarray(arr, 'RGB')


# ---------------------------------------------------------------- no Sudoku

def canvas_theme(rng, dark):
    if dark:
        return pick(rng, DARK_BGS), (225, 225, 230), (150, 150, 160)
    return pick(rng, LIGHT_BGS), (25, 25, 25), (110, 110, 110)


def none_crossword(rng, cv, x, y, S, ink, bg, font, ui):
    n = pick(rng, [15, 15, 13, 21])
    cell = S / n
    black = np.zeros((n, n), bool)
    for _ in range(int(n * n * U(rng, 0.07, 0.1))):
        r, c = int(rng.integers(n)), int(rng.integers(n))
        black[r, c] = black[n - 1 - r, n - 1 - c] = True
    cv.rect(x, y, x + S, y + S, fill=(255, 255, 255) if bg[0] > 128 else bg)
    num = 1
    small = cell * 0.3
    for r in range(n):
        for c in range(n):
            x0, y0 = x + c * cell, y + r * cell
            if black[r, c]:
                cv.rect(x0, y0, x0 + cell, y0 + cell, fill=ink)
                continue
            across = (c == 0 or black[r, c - 1]) and c + 1 < n and not black[r, c + 1]
            down = (r == 0 or black[r - 1, c]) and r + 1 < n and not black[r + 1, c]
            if across or down:
                cv.text(x0 + cell * 0.08, y0 + cell * 0.06, str(num), ui, small, ink, 'lt')
                num += 1
            if rng.random() < 0.25:
                cv.text_center(x0 + cell / 2, y0 + cell * 0.58, chr(65 + int(rng.integers(26))), font, cell * 0.5, ink)
    w = max(1, S / 500)
    for i in range(n + 1):
        cv.rect(x + i * cell - w / 2, y, x + i * cell + w / 2, y + S, fill=ink)
        cv.rect(x, y + i * cell - w / 2, x + S, y + i * cell + w / 2, fill=ink)
    cv.rect(x - w, y - w, x + S + w, y + S + w, outline=ink, width=2 * w)


def none_chess(rng, cv, x, y, S, ink, bg, font, ui):
    light, dark = pick(rng, [((240, 217, 181), (181, 136, 99)), ((238, 238, 210), (118, 150, 86)), ((255, 255, 255), (170, 170, 170)),
                             ((222, 227, 230), (140, 162, 173))])
    cell = S / 8
    for r in range(8):
        for c in range(8):
            cv.rect(x + c * cell, y + r * cell, x + (c + 1) * cell, y + (r + 1) * cell, fill=light if (r + c) % 2 == 0 else dark)
            if rng.random() < 0.3:
                white = rng.random() < 0.5
                cx, cy = x + (c + 0.5) * cell, y + (r + 0.5) * cell
                cv.ellipse(cx - cell * 0.33, cy - cell * 0.33, cx + cell * 0.33, cy + cell * 0.33,
                           fill=(250, 250, 250) if white else (30, 30, 30), outline=(0, 0, 0), width=max(1, cell / 30))
                cv.text_center(cx, cy, pick(rng, 'KQRBNP'), font, cell * 0.35, (30, 30, 30) if white else (240, 240, 240))
    for i in range(8):
        cv.text(x + (i + 0.5) * cell, y + S + cell * 0.3, 'abcdefgh'[i], ui, cell * 0.25, ink, 'mm')
        cv.text(x - cell * 0.3, y + (i + 0.5) * cell, str(8 - i), ui, cell * 0.25, ink, 'mm')


def none_table(rng, cv, x, y, S, ink, bg, font, ui):
    cols = int(rng.integers(5, 11))
    rows = int(rng.integers(10, 26))
    cw, rh = S / cols, S * U(rng, 0.6, 1.0) / rows
    line = mix(bg, ink, U(rng, 0.15, 0.4))
    head = mix(bg, ink, 0.08)
    cv.rect(x, y, x + S, y + rh, fill=head)
    px = rh * 0.5
    for c in range(cols):
        cv.text(x + (c + 0.5) * cw, y + rh / 2, chr(65 + c) if rng.random() < 0.5 else pick(rng, ['Qty', 'Price', 'Total', 'Year', 'Rate', 'Score', 'Id', 'Tax', 'Sum', 'Net']),
                ui, px, ink, 'mm')
    for r in range(1, rows):
        for c in range(cols):
            if rng.random() < 0.85:
                v = pick(rng, ['%d' % rng.integers(0, 1000), '%.2f' % U(rng, 0, 999), '%d%%' % rng.integers(0, 100), str(rng.integers(1, 10))])
                cv.text(x + (c + 0.92) * cw, y + (r + 0.5) * rh, v, ui, px, ink, 'rm')
    for r in range(rows + 1):
        cv.rect(x, y + r * rh - 0.5, x + S, y + r * rh + 0.5, fill=line)
    for c in range(cols + 1):
        cv.rect(x + c * cw - 0.5, y, x + c * cw + 0.5, y + rows * rh, fill=line)


def none_graph(rng, cv, x, y, S, ink, bg, font, ui):
    col = pick(rng, [(120, 170, 220), (140, 200, 160), (200, 200, 200), (230, 160, 160)])
    step = U(rng, 8, 20)
    major = pick(rng, [5, 10, 4])
    W, H = cv.W, cv.H
    i = 0
    v = U(rng, 0, step)
    while v < max(W, H):
        w = 1.6 if i % major == 0 else 0.7
        c = col if i % major == 0 else mix(bg, col, 0.55)
        if v < W:
            cv.rect(v - w / 2, 0, v + w / 2, H, fill=c)
        if v < H:
            cv.rect(0, v - w / 2, W, v + w / 2, fill=c)
        v += step
        i += 1
    a, f, ph = U(rng, 0.1, 0.4), U(rng, 0.1, 0.6), U(rng, 0, 6)
    pts = [(x + t * S / 20, y + S / 2 + a * S * math.sin(t * f + ph) + U(rng, -0.02, 0.02) * S) for t in range(21)]
    cv.line(pts, ink, 2)


def none_calendar(rng, cv, x, y, S, ink, bg, font, ui):
    month = pick(rng, ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'])
    cv.text(x, y - S * 0.06, '%s %d' % (month, rng.integers(2015, 2031)), ui, S * 0.06, ink, 'ls')
    cw = S / 7
    rows = int(rng.integers(5, 7))
    rh = S * U(rng, 0.6, 0.9) / rows
    line = mix(bg, ink, 0.25)
    for c, d in enumerate(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']):
        cv.text(x + (c + 0.5) * cw, y + rh * 0.2, d, ui, rh * 0.16, ink, 'mm')
    top = y + rh * 0.4
    start = int(rng.integers(0, 7))
    for k in range(rows * 7):
        r, c = divmod(k, 7)
        day = k - start + 1
        if 1 <= day <= 31:
            cv.text(x + c * cw + cw * 0.08, top + r * rh + rh * 0.08, str(day), ui, rh * 0.18, ink, 'lt')
            if rng.random() < 0.15:
                cv.rect(x + c * cw + 4, top + r * rh + rh * 0.5, x + (c + 1) * cw - 4, top + r * rh + rh * 0.7,
                        fill=pick(rng, PASTELS), radius=3)
    for r in range(rows + 1):
        cv.rect(x, top + r * rh - 0.5, x + S, top + r * rh + 0.5, fill=line)
    for c in range(8):
        cv.rect(x + c * cw - 0.5, top, x + c * cw + 0.5, top + rows * rh, fill=line)


def none_text(rng, cv, x, y, S, ink, bg, font, ui):
    yy = y
    while yy < y + S - 40:
        cv.text(x, yy, sentence(rng, int(rng.integers(2, 6)))[:-1], font, S * 0.04, ink, 'lt')
        yy += S * 0.07
        yy = cv.paragraph(x, yy, S, min(S * U(rng, 0.15, 0.4), y + S - yy), ui, S * 0.025, mix(bg, ink, 0.8), rng) + S * 0.03


def none_wordsearch(rng, cv, x, y, S, ink, bg, font, ui):
    n = int(rng.integers(10, 16))
    cell = S / n
    for r in range(n):
        for c in range(n):
            cv.text_center(x + (c + 0.5) * cell, y + (r + 0.5) * cell, chr(65 + int(rng.integers(26))), font, cell * 0.45, ink)
    if rng.random() < 0.5:
        cv.rect(x - 4, y - 4, x + S + 4, y + S + 4, outline=ink, width=2)


def none_shapes(rng, cv, x, y, S, ink, bg, font, ui):
    W, H = cv.W, cv.H
    arr = np.zeros((H, W, 3), np.float32)
    c1, c2 = np.array(pick(rng, PASTELS + ACCENTS), np.float32), np.array(pick(rng, PASTELS + ACCENTS), np.float32)
    t = np.linspace(0, 1, W, dtype=np.float32)[None, :, None]
    arr[:] = c1 * (1 - t) + c2 * t
    cv.img.paste(Image.fromarray(arr.astype(np.uint8)).resize(cv.img.size))
    for _ in range(int(rng.integers(5, 25))):
        a, b = U(rng, 0, W), U(rng, 0, H)
        r = U(rng, 10, S / 3)
        col = pick(rng, PASTELS + ACCENTS + [(255, 255, 255), (0, 0, 0)])
        k = rng.random()
        if k < 0.4:
            cv.ellipse(a - r, b - r, a + r, b + r, fill=col)
        elif k < 0.8:
            cv.rect(a - r, b - r * U(rng, 0.3, 1), a + r, b + r, fill=col, radius=U(rng, 0, r / 3))
        else:
            cv.polygon([(a, b - r), (a + r, b + r), (a - r, b + r)], fill=col)


NONE_KINDS = [('crossword', 3), ('chess', 2), ('table', 2), ('graph', 1), ('calendar', 2), ('text', 1), ('wordsearch', 1),
              ('shapes', 1), ('noise', 1)]


def photo_noise(rng, small):
    """Photo-like picture of nothing in particular: soft blobs, a horizon, noise."""
    L = int(U(rng, 640, 900) if small else U(rng, 1200, 1800))
    w, h = (L, int(L * 0.75)) if rng.random() < 0.5 else (int(L * 0.75), L)
    arr = np.zeros((h, w, 3), np.float32)
    for ch in range(3):
        arr[..., ch] = 60 + 160 * lowfreq(rng, w, h, int(rng.integers(3, 12)))
    horizon = int(U(rng, 0.3, 0.7) * h)
    arr[:horizon] = arr[:horizon] * 0.6 + np.array(pick(rng, [(180, 200, 230), (200, 200, 200), (240, 200, 150)]), np.float32) * 0.4
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(img)
    for _ in range(int(rng.integers(3, 12))):
        a, b = int(rng.integers(w)), int(rng.integers(horizon, h))
        r = int(rng.integers(20, max(21, w // 5)))
        d.ellipse([a - r, b - r // 2, a + r, b + r // 2], fill=tuple(int(v) for v in rng.integers(20, 200, 3)))
    img = img.filter(ImageFilter.GaussianBlur(U(rng, 1, 4)))
    a = np.asarray(img, np.float32) + rng.normal(0, U(rng, 2, 8), (h, w, 3)).astype(np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def render_none(rng, fams, force, small):
    """Returns (image, is_photo, kind)."""
    kind = force.get('kind') or wpick(rng, NONE_KINDS)
    if kind == 'noise':
        return photo_noise(rng, small), True, kind
    as_photo = force.get('as_photo', rng.random() < 0.5)
    if kind == 'shapes':
        as_photo = False
    dark = not as_photo and rng.random() < 0.25 and kind not in ('crossword', 'chess')
    bg, ink, muted = canvas_theme(rng, dark)
    if as_photo:
        bg, ink = pick(rng, PAPERS), pick(rng, INKS)
    S = U(rng, 300, 520) if small else U(rng, 360, 900)
    u = S / 450
    m = U(rng, 20, 80) * u
    side = U(rng, 0, 260) * u if kind in ('crossword', 'chess', 'calendar', 'table') else 0
    top = U(rng, 60, 140) * u
    W, H = m + S + m + side + (m if side else 0), top + S + U(rng, 30, 120) * u
    cv = Canvas(W, H, bg, 1 if rng.random() < 0.5 else 2)
    font = pick_font(rng, fams)
    ui = pick_font(rng, fams, bold=False)
    cv.text(m, top * 0.45, {'crossword': 'Crossword No. %d', 'chess': 'Puzzle %d: White to move', 'table': 'Report %d',
                            'calendar': 'Planner %d', 'text': 'Chapter %d', 'graph': 'Exercise %d', 'wordsearch': 'Word Search %d',
                            'shapes': 'Gallery %d'}[kind] % rng.integers(1, 999), font, 24 * u, ink, 'lm')
    {'crossword': none_crossword, 'chess': none_chess, 'table': none_table, 'graph': none_graph, 'calendar': none_calendar,
     'text': none_text, 'wordsearch': none_wordsearch, 'shapes': none_shapes}[kind](rng, cv, m, top, S, ink, bg, font, ui)
    if side:
        x = m + S + m
        if kind == 'crossword':
            yy = top
            for head in ('ACROSS', 'DOWN'):
                cv.text(x, yy, head, font, 14 * u, ink, 'lt')
                yy += 22 * u
                for i in range(int(rng.integers(4, 9))):
                    if yy > top + S:
                        break
                    clue = '%d %s (%d)' % (rng.integers(1, 60), sentence(rng, int(rng.integers(2, 5)))[:-1], rng.integers(3, 10))
                    for ln in wrap(ui.get(11 * u), clue, side):
                        cv.text(x, yy, ln, ui, 11 * u, ink, 'lt')
                        yy += 15 * u
                yy += 10 * u
        else:
            cv.paragraph(x, top, side, S, ui, 12 * u, mix(bg, ink, 0.8), rng)
    img = cv.final()
    if as_photo:
        return photograph(rng, img, (m, top, m + S, top + S), small, paper=bg), True, kind
    return img, False, kind


# ---------------------------------------------------------------- main

CATEGORY_WEIGHTS = [('screen', 40), ('photo', 45), ('none', 15)]

# The committed fixtures: fixed specs, small sizes (see README.md).
FIXTURES = [
    {'category': 'screen', 'side': 9, 'alphabet': 'digits', 'theme': 'light', 'layout': 'web'},
    {'category': 'screen', 'side': 16, 'alphabet': 'letters', 'theme': 'dark', 'layout': 'tight'},
    {'category': 'photo', 'side': 9, 'alphabet': 'digits', 'fill': (0.7, 0.85)},
    {'category': 'screen', 'side': 6, 'alphabet': 'digits', 'theme': 'light', 'layout': 'phone'},
    {'category': 'screen', 'side': 9, 'jigsaw': True, 'alphabet': 'digits', 'theme': 'light', 'layout': 'tight'},
    {'category': 'none', 'kind': 'crossword', 'as_photo': False},
]


def make_one(i, seed, cats, fams, force, small, extras=0.0, lines=0.0, solver=None):
    rng = np.random.default_rng([seed, i])
    # Extra houses come from a stream of their own: without --extras a set
    # is the same as before the option.
    xrng = np.random.default_rng([seed, i, 2])
    extra = pick(xrng, ['x', 'hyper']) if xrng.random() < extras else None
    # An X drawn with lines instead of shading: a stream of its own again.
    lrng = np.random.default_rng([seed, i, 3])
    drawn = (pick(lrng, ['thin', 'thick', 'accent']), U(lrng, 1, 2.5)) if lrng.random() < lines else None
    cat = force.get('category') or wpick(rng, [c for c in CATEGORY_WEIGHTS if c[0] in cats])
    if cat == 'none':
        img, is_photo, kind = render_none(rng, fams, force, small)
        return cat, img, is_photo, None, '-', kind
    side, jig = choose_side(rng, force)
    alphabet = force.get('alphabet') or pick(rng, ALPHABETS[side])

    def finish(p):
        # Extra houses, then one solution: neither draws from `rng`.
        if extra and side == 9 and not jig:
            with_extras(xrng, p, extra)
            p.diagonal_lines = drawn if getattr(p, 'extras', None) == 'x' else None
        if solver:
            make_unique(p, np.random.default_rng([seed, i, 4]), solver)

    if cat == 'screen':
        progress = rng.random() < 0.55
        p = make_puzzle(rng, side, alphabet, jig, entered=U(rng, 0.03, 0.18) if progress else 0.0,
                        pencil=U(rng, 0.2, 0.8) if progress and rng.random() < 0.45 else 0.0, errors=rng.random() < 0.3)
        finish(p)
        img, font = render_screen(rng, p, fams, force, small)
        return cat, img, False, p, font, str(p.n)
    p = make_puzzle(rng, side, alphabet, jig, pencil=U(rng, 0.1, 0.5) if rng.random() < 0.12 else 0.0)
    finish(p)
    lo = {4: 300, 6: 320, 9: 420, 12: 560, 16: 640, 25: 820}[side]
    Gs = U(rng, lo, lo * 1.4) if small else U(rng, max(lo, 600), 1300)
    page, focus, font, paper = render_print(rng, p, fams, Gs)
    img = photograph(rng, page, focus, small, paper, force.get('fill', (0.45, 0.88)))
    return cat, img, True, p, font, str(p.n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=300)
    ap.add_argument('--category', action='append', choices=['screen', 'photo', 'none'])
    ap.add_argument('--fonts', choices=['test', 'train'], default='test')
    ap.add_argument('--small', action='store_true', help='smaller pictures (photos 640-900 px, grids up to ~460 px)')
    ap.add_argument('--fixtures', action='store_true', help='the fixed small set committed in tests/data/pictures')
    ap.add_argument('--list-fonts', action='store_true', help='print the families of each half and exit')
    ap.add_argument('--side', type=int, choices=[4, 6, 9, 12, 16, 25], help='every grid of this side (with --category photo or screen)')
    ap.add_argument('--extras', type=float, default=0.0, metavar='P',
                    help='each 9x9 given extra houses (X or windoku, shaded) with probability P (default 0)')
    ap.add_argument('--lines', type=float, default=0.0, metavar='P',
                    help="with --extras, each X's diagonals drawn as lines instead of shaded with probability P (default 0)")
    ap.add_argument('--fill', type=float, nargs=2, metavar=('LO', 'HI'),
                    help="photos: the grid's share of the picture's shorter side, drawn from LO..HI (default 0.45 0.88)")
    ap.add_argument('--unique', metavar='BITSUDOKU',
                    help='givens added until each puzzle has one solution, checked by this bitsudoku binary '
                         '(target/release/bitsudoku)')
    ap.add_argument('--bend', type=float, metavar='K',
                    help='photos: every page curved, K times as much as the three in ten that are by default')
    a = ap.parse_args()
    global BEND
    BEND = a.bend

    halves = scan_fonts()
    if a.list_fonts:
        for h in ('test', 'train'):
            print('%s: %d families' % (h, len(halves[h])))
            for f in halves[h]:
                print('  %-32s %-14s %d regular, %d bold' % (f.name, design_key(f.name), len(f.regular), len(f.bold)))
        return
    fams = halves[a.fonts]
    if not fams:
        sys.exit('no usable fonts found under ' + ', '.join(FONT_ROOTS))
    os.makedirs(a.out, exist_ok=True)
    cats = a.category or [c for c, _ in CATEGORY_WEIGHTS]
    forced = {}
    if a.side:
        forced['side'] = a.side
    if a.fill:
        forced['fill'] = tuple(a.fill)
    if (a.side or a.fill) and a.category and len(a.category) == 1:
        forced['category'] = a.category[0]
    specs = FIXTURES if a.fixtures else [forced] * a.count
    rows = ['file\tcategory\tside\tshape\talphabet\tcells\tfont']
    t0 = time.time()
    for i, force in enumerate(specs):
        cat, img, is_photo, p, font, what = make_one(i, a.seed, cats, fams, force, a.small or a.fixtures, a.extras, a.lines,
                                                     a.unique)
        # The name says what is in it, for people reading benchmark results.
        name = '%04d-%s-%s.%s' % (i, cat, what, 'jpg' if is_photo else 'png')
        path = os.path.join(a.out, name)
        if is_photo:
            q = int(np.random.default_rng([a.seed, i, 1]).integers(40, 86))
            img.save(path, 'JPEG', quality=q)
        else:
            img.save(path, 'PNG')
        if p is None:
            rows.append('\t'.join([name, cat, '-', '-', '-', '-', font]))
        else:
            rows.append('\t'.join([name, cat, str(p.n), p.shape(), p.alphabet, ','.join(map(str, p.values)), font]))
        if (i + 1) % 25 == 0:
            print('%d pictures, %.0f s' % (i + 1, time.time() - t0), file=sys.stderr)
    with open(os.path.join(a.out, 'truth.tsv'), 'w', newline='\n') as f:
        f.write('\n'.join(rows) + '\n')


if __name__ == '__main__':
    main()
