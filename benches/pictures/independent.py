#!/usr/bin/env python3
"""Independent generator of Sudoku pictures (and non-Sudoku distractors).

usage: python benches/pictures/independent.py --out DIR --seed S --count N

Writes DIR/0000.png|jpg ... and DIR/truth.tsv with columns
file category side shape alphabet cells font
"""
import argparse
import math
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

BIC = Image.Resampling.BICUBIC

# --------------------------------------------------------------------------
# fonts
# --------------------------------------------------------------------------
FONT_DIRS = ['/usr/share/fonts', '/usr/share/texmf/fonts']

SERIF = """DejaVuSerif.ttf DejaVuSerif-Bold.ttf DejaVuSerifCondensed.ttf DejaVuSerifCondensed-Bold.ttf
LiberationSerif-Regular.ttf LiberationSerif-Bold.ttf FreeSerif.ttf FreeSerifBold.ttf NotoSerif-Regular.ttf
NotoSerif-Bold.ttf NotoSerifDisplay-Regular.ttf NotoSerifDisplay-Bold.ttf C059-Roman.otf C059-Bold.otf
P052-Roman.otf P052-Bold.otf NimbusRoman-Regular.otf NimbusRoman-Bold.otf URWBookman-Light.otf URWBookman-Demi.otf
Tinos-Regular.ttf Tinos-Bold.ttf Caladea-Regular.ttf Caladea-Bold.ttf Gentium-R.ttf LinLibertine_R.otf
LinLibertine_RB.otf STIXGeneral-Regular.otf STIXGeneral-Bold.otf texgyretermes-regular.otf texgyretermes-bold.otf
texgyrepagella-regular.otf texgyrepagella-bold.otf texgyreschola-regular.otf texgyreschola-bold.otf
texgyrebonum-regular.otf texgyrebonum-bold.otf""".split()
SANS = """DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansCondensed.ttf DejaVuSansCondensed-Bold.ttf
LiberationSans-Regular.ttf LiberationSans-Bold.ttf LiberationSansNarrow-Regular.ttf LiberationSansNarrow-Bold.ttf
FreeSans.ttf FreeSansBold.ttf NotoSans-Regular.ttf NotoSans-Bold.ttf NotoSansDisplay-Regular.ttf
NotoSansDisplay-Bold.ttf Roboto-Regular.ttf Roboto-Medium.ttf Roboto-Bold.ttf Roboto-Light.ttf
RobotoCondensed-Regular.ttf RobotoCondensed-Bold.ttf OpenSans-Regular.ttf OpenSans-Semibold.ttf OpenSans-Bold.ttf
OpenSans-Light.ttf Lato-Regular.ttf Lato-Medium.ttf Lato-Bold.ttf Lato-Light.ttf Lato-Black.ttf
NimbusSans-Regular.otf NimbusSans-Bold.otf NimbusSansNarrow-Regular.otf NimbusSansNarrow-Bold.otf
URWGothic-Book.otf URWGothic-Demi.otf Cantarell-Regular.otf Cantarell-Bold.otf ComicNeue-Regular.otf
ComicNeue-Bold.otf Arimo-Regular.ttf Arimo-Bold.ttf Carlito-Regular.ttf Carlito-Bold.ttf Oxygen-Sans.ttf
Oxygen-Sans-Bold.ttf Quicksand-Regular.ttf Quicksand-Bold.ttf LinBiolinum_R.otf LinBiolinum_RB.otf
texgyreheros-regular.otf texgyreheros-bold.otf texgyreadventor-regular.otf texgyreadventor-bold.otf
texgyreheroscn-regular.otf texgyreheroscn-bold.otf""".split()
MONO = """DejaVuSansMono.ttf DejaVuSansMono-Bold.ttf LiberationMono-Regular.ttf LiberationMono-Bold.ttf
FreeMono.ttf FreeMonoBold.ttf NimbusMonoPS-Regular.otf NimbusMonoPS-Bold.otf FiraCode-Regular.ttf FiraCode-Bold.ttf
Inconsolata.otf Cousine-Regular.ttf Cousine-Bold.ttf Hack-Regular.ttf Hack-Bold.ttf JetBrainsMono-Regular.ttf
JetBrainsMono-Bold.ttf OxygenMono-Regular.ttf texgyrecursor-regular.otf texgyrecursor-bold.otf""".split()

REQ_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
_font_cache = {}


def font(path, size):
    size = max(6, int(round(size)))
    key = (path, size)
    f = _font_cache.get(key)
    if f is None:
        f = ImageFont.truetype(path, size)
        _font_cache[key] = f
    return f


def _has_glyphs(path):
    try:
        f = ImageFont.truetype(path, 40)
    except Exception:
        return False
    refs = set()
    for probe in ('\uffff', '\U0010fffd', '\ue0ff'):
        try:
            m = f.getmask(probe)
            refs.add((m.size, bytes(m)))
        except Exception:
            pass
    seen = set()
    for ch in REQ_CHARS:
        m = f.getmask(ch)
        key = (m.size, bytes(m))
        if m.size[0] == 0 or m.size[1] == 0 or key in refs:
            return False
        seen.add(key)
    return len(seen) == len(REQ_CHARS)  # all distinct glyphs


def find_fonts():
    index = {}
    for d in FONT_DIRS:
        for root, _dirs, files in os.walk(d):
            for fn in files:
                if fn.lower().endswith(('.ttf', '.otf')) and fn not in index:
                    index[fn] = os.path.join(root, fn)
    groups = {}
    missing = []
    for name, lst in (('serif', SERIF), ('sans', SANS), ('mono', MONO)):
        ok = []
        for fn in lst:
            p = index.get(fn)
            if p and _has_glyphs(p):
                ok.append(p)
            else:
                missing.append(fn)
        groups[name] = ok
    return groups, missing


# --------------------------------------------------------------------------
# sudoku
# --------------------------------------------------------------------------
SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}


def gen_solution(n, R, C, rng):
    """Random full grid by backtracking (MRV, shuffled candidates)."""
    full = (1 << n) - 1
    nbc = n // C

    while True:
        grid = [0] * (n * n)
        rows = [0] * n
        cols = [0] * n
        boxes = [0] * n
        budget = [20000]

        def bi(r, c):
            return (r // R) * nbc + c // C

        def solve():
            budget[0] -= 1
            if budget[0] < 0:
                return False
            best = None
            bestcnt = 99
            for idx in range(n * n):
                if grid[idx]:
                    continue
                r, c = divmod(idx, n)
                m = full & ~(rows[r] | cols[c] | boxes[bi(r, c)])
                cnt = bin(m).count('1')
                if cnt < bestcnt:
                    best, bestcnt, bestm = idx, cnt, m
                    if cnt <= 1:
                        break
            if best is None:
                return True
            if bestcnt == 0:
                return False
            r, c = divmod(best, n)
            b = bi(r, c)
            cand = [v for v in range(1, n + 1) if bestm >> (v - 1) & 1]
            rng.shuffle(cand)
            for v in cand:
                bit = 1 << (v - 1)
                grid[best] = v
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                if solve():
                    return True
                grid[best] = 0
                rows[r] &= ~bit
                cols[c] &= ~bit
                boxes[b] &= ~bit
            return False

        if solve():
            return grid


def check_solution(g, n, R, C):
    want = set(range(1, n + 1))
    for i in range(n):
        if set(g[i * n:(i + 1) * n]) != want:
            return False
        if set(g[i::n]) != want:
            return False
    for br in range(0, n, R):
        for bc in range(0, n, C):
            s = {g[(br + a) * n + bc + b] for a in range(R) for b in range(C)}
            if s != want:
                return False
    return True


def sym(v, alphabet):
    if alphabet in ('digits', 'numbers'):
        return str(v)
    if alphabet == 'letters':
        return chr(64 + v)
    if alphabet == 'hex':
        return '0123456789ABCDEF'[v - 1]
    if alphabet == 'digits-letters':
        return '123456789ABCDEFG'[v - 1]
    raise ValueError(alphabet)


# --------------------------------------------------------------------------
# text helpers
# --------------------------------------------------------------------------
WORDS = """the of and to in is that for it as was with be by on not he this are or his from at which but
have an they you were her she there been one all we their has would when if so no will more out up into do
any your what some can only other time new could these two may first then over such like our puzzle grid
number row column each box digit logic solve clue hint easy medium hard expert daily weekly edition page
city council market weather report sports league season final score team players coach local school
lorem ipsum dolor sit amet consectetur adipiscing elit sed eiusmod tempor incididunt labore dolore magna
aliqua enim minim veniam quis nostrud exercitation ullamco laboris nisi aliquip commodo consequat""".split()


def words(rng, k):
    return ' '.join(rng.choice(WORDS) for _ in range(k))


def sentence(rng, lo=6, hi=14):
    s = words(rng, rng.randint(lo, hi))
    return s[0].upper() + s[1:] + '.'


def draw_paragraphs(d, rng, x, y, w, h, fpath, size, color, indent=True):
    """Fill the box (x,y,w,h) with wrapped random text; returns y end."""
    f = font(fpath, size)
    lh = int(size * rng.uniform(1.2, 1.45))
    cy = y
    while cy + lh <= y + h:
        # a paragraph
        nlines = rng.randint(3, 9)
        first = True
        for _ in range(nlines):
            if cy + lh > y + h:
                break
            line = ''
            x0 = x + (int(size * 1.2) if (first and indent) else 0)
            while True:
                wd = rng.choice(WORDS)
                cand = (line + ' ' + wd) if line else wd
                if d.textlength(cand, font=f) > w - (x0 - x):
                    break
                line = cand
            if first:
                line = line[:1].upper() + line[1:]
            d.text((x0, cy), line, font=f, fill=color)
            cy += lh
            first = False
        cy += int(lh * rng.uniform(0.2, 0.6))
    return cy


# --------------------------------------------------------------------------
# grid drawing
# --------------------------------------------------------------------------
def fit_font(path, cell, frac, symbols, maxw=0.82):
    """Font whose ink height of a reference glyph is frac*cell, width-limited."""
    ref = '8' if any(s[0].isdigit() for s in symbols) else 'H'
    f100 = font(path, 100)
    bb = f100.getbbox(ref)
    h100 = max(1, bb[3] - bb[1])
    size = 100.0 * frac * cell / h100
    f = font(path, size)
    wmax = max(f.getbbox(s)[2] - f.getbbox(s)[0] for s in symbols)
    if wmax > maxw * cell:
        size *= maxw * cell / wmax
        f = font(path, size)
    return f


def draw_centered(d, cx, cy, s, f, fill):
    bb = d.textbbox((0, 0), s, font=f)
    w, h = bb[2] - bb[0], bb[3] - bb[1]
    d.text((cx - w / 2.0 - bb[0], cy - h / 2.0 - bb[1]), s, font=f, fill=fill)


def hline(d, y, x0, x1, w, col):
    a = int(round(y - w / 2.0))
    d.rectangle([int(round(x0)), a, int(round(x1)), a + w - 1], fill=col)


def vline(d, x, y0, y1, w, col):
    a = int(round(x - w / 2.0))
    d.rectangle([a, int(round(y0)), a + w - 1, int(round(y1))], fill=col)


def draw_grid(img, x0, y0, gs, P, st):
    """Draw the sudoku in the square (x0,y0,gs). P: puzzle dict, st: style dict."""
    d = ImageDraw.Draw(img)
    n, R, C = P['n'], P['R'], P['C']
    bx = [x0 + k * gs / n for k in range(n + 1)]
    by = [y0 + k * gs / n for k in range(n + 1)]
    cell = gs / n
    if st.get('cell_bg') is not None:
        d.rectangle([int(x0), int(y0), int(x0 + gs), int(y0 + gs)], fill=st['cell_bg'])
    if st.get('box_shade') is not None:
        for br in range(n // R):
            for bc in range(n // C):
                if (br + bc) % 2 == 1:
                    d.rectangle([int(bx[bc * C]), int(by[br * R]), int(bx[(bc + 1) * C]),
                                 int(by[(br + 1) * R])], fill=st['box_shade'])
    for idx, col in P.get('highlight', {}).items():
        r, c = divmod(idx, n)
        d.rectangle([int(bx[c]), int(by[r]), int(math.ceil(bx[c + 1])), int(math.ceil(by[r + 1]))], fill=col)
    t, T, B = st['t'], st['T'], st['B']
    ext0, ext1 = -B / 2.0, gs + B / 2.0
    for k in range(1, n):
        if k % C:
            vline(d, bx[k], y0 + ext0, y0 + ext1, t, st['thin'])
        if k % R:
            hline(d, by[k], x0 + ext0, x0 + ext1, t, st['thin'])
    for k in range(1, n):
        if k % C == 0:
            vline(d, bx[k], y0 + ext0, y0 + ext1, T, st['thick'])
        if k % R == 0:
            hline(d, by[k], x0 + ext0, x0 + ext1, T, st['thick'])
    for k in (0, n):
        vline(d, bx[k], y0 + ext0, y0 + ext1, B, st['border'])
        hline(d, by[k], x0 + ext0, x0 + ext1, B, st['border'])

    symbols = [sym(v, P['alphabet']) for v in range(1, n + 1)]
    f = fit_font(st['font'], cell, st['digit_frac'], symbols)
    fu = fit_font(st.get('user_font', st['font']), cell, st['digit_frac'], symbols)
    dy = st.get('dy', 0.0) * cell
    for idx in range(n * n):
        r, c = divmod(idx, n)
        cx = (bx[c] + bx[c + 1]) / 2.0
        cy = (by[r] + by[r + 1]) / 2.0 + dy
        if P['given'][idx]:
            draw_centered(d, cx, cy, sym(P['given'][idx], P['alphabet']), f, st['digit'])
        elif idx in P.get('user', {}):
            draw_centered(d, cx, cy, sym(P['user'][idx], P['alphabet']), fu, st['user'])
    pen = P.get('pencil', {})
    if pen:
        pr, pc = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}[n]
        fp = fit_font(st.get('pencil_font', st['font']), cell, st['pencil_frac'] * (0.8 if n == 16 else 1.0),
                      symbols, maxw=0.9 / pc)
        pad = 0.1 * cell
        for idx, vals in pen.items():
            r, c = divmod(idx, n)
            ix0, iy0 = bx[c] + pad, by[r] + pad
            iw = (bx[c + 1] - bx[c]) - 2 * pad
            ih = (by[r + 1] - by[r]) - 2 * pad
            for v in vals:
                a, b = divmod(v - 1, pc)
                draw_centered(d, ix0 + (b + 0.5) * iw / pc, iy0 + (a + 0.5) * ih / pr,
                              sym(v, P['alphabet']), fp, st['pencil'])


# --------------------------------------------------------------------------
# styles / layouts.  Each layout returns (RGB image, (x0, y0, gs) of grid,
# optional 'phone' flag)
# --------------------------------------------------------------------------
def jitter(rng, col, a=8):
    return tuple(max(0, min(255, c + rng.randint(-a, a))) for c in col)


def widths(rng, scale, cell_nom):
    tmax = max(1, min(4, int(round(cell_nom * 0.08))))
    Tmax = max(2, min(8, int(round(cell_nom * 0.16))))
    t = rng.randint(1, tmax)
    T = rng.randint(min(Tmax, max(2, t + 1, int(math.ceil(1.6 * t)))), Tmax)
    T = max(T, t + 1)
    B = rng.choice([T, T, T + 1, T + 2, min(10, T + 3)])
    s = lambda w: max(1, int(round(w * scale)))
    return s(t), s(T), s(B)


def base_style(rng, FG, scale, kind, P, gs):
    st = {}
    st['t'], st['T'], st['B'] = widths(rng, scale, gs / scale / P['n'])
    st['digit_frac'] = rng.uniform(0.45, 0.75)
    st['pencil_frac'] = rng.uniform(0.2, 0.28)
    st['dy'] = rng.uniform(-0.03, 0.03)
    if kind == 'newspaper':
        grp = rng.choices(['serif', 'sans', 'mono'], [0.75, 0.2, 0.05])[0]
    elif kind in ('app-light', 'app-dark'):
        grp = rng.choices(['serif', 'sans', 'mono'], [0.1, 0.85, 0.05])[0]
    elif kind == 'website':
        grp = rng.choices(['serif', 'sans', 'mono'], [0.25, 0.6, 0.15])[0]
    else:
        grp = rng.choices(['serif', 'sans', 'mono'], [0.4, 0.45, 0.15])[0]
    st['font'] = rng.choice(FG[grp])
    st['pencil_font'] = st['font'] if rng.random() < 0.6 else rng.choice(FG['sans'])
    return st


def print_colors(rng, st, paper):
    ink = jitter(rng, (25, 25, 25), 20)
    st['cell_bg'] = paper if rng.random() < 0.7 else (255, 255, 255)
    st['thin'] = ink if rng.random() < 0.6 else jitter(rng, (110, 110, 110), 30)
    st['thick'] = ink
    st['border'] = ink
    st['digit'] = ink
    st['user'] = jitter(rng, (40, 60, 150), 20)
    st['pencil'] = jitter(rng, (70, 70, 70), 20)
    st['box_shade'] = jitter(rng, (218, 218, 218), 10) if rng.random() < 0.15 else None


def layout_plain(rng, P, gs, FG, scale):
    st = base_style(rng, FG, scale, 'plain', P, gs)
    bg = rng.choice([(255, 255, 255), (250, 250, 250), jitter(rng, (240, 240, 235), 10),
                     jitter(rng, (230, 238, 245), 10)])
    print_colors(rng, st, bg)
    if rng.random() < 0.4:  # coloured lines
        lc = rng.choice([(40, 60, 120), (20, 90, 60), (90, 40, 40), (60, 60, 60)])
        st['thick'] = st['border'] = lc
        st['thin'] = tuple(min(255, int(c + (255 - c) * 0.5)) for c in lc)
    m = int(rng.uniform(0.0, 0.1) * gs) + st['B']
    img = Image.new('RGB', (gs + 2 * m, gs + 2 * m), bg)
    draw_grid(img, m, m, gs, P, st)
    return img, (m, m, gs), st


def layout_newspaper(rng, P, gs, FG, scale):
    st = base_style(rng, FG, scale, 'newspaper', P, gs)
    paper = rng.choice([jitter(rng, (238, 234, 222), 8), jitter(rng, (228, 228, 224), 8),
                        jitter(rng, (245, 242, 232), 6)])
    print_colors(rng, st, paper)
    u = gs / 28.0
    tfont = rng.choice(FG['serif'] + FG['sans'])
    bodyf = rng.choice(FG['serif'])
    m = int(u * rng.uniform(1.0, 2.0))
    col_w = int(gs * rng.uniform(0.35, 0.7)) if rng.random() < 0.6 else 0
    gap = int(u * 1.5)
    title_h = int(u * 2.6)
    instr_h = int(u * 2.6)
    below = int(u * rng.uniform(1.5, 4.0))
    W = m + gs + (gap + col_w if col_w else 0) + m
    H = m + title_h + instr_h + gs + below + m
    img = Image.new('RGB', (W, H), paper)
    d = ImageDraw.Draw(img)
    gx = m if (col_w == 0 or rng.random() < 0.5) else m + col_w + gap
    cx = m + gap + gs if gx == m else m
    ink = st['digit']
    d.text((gx, m), rng.choice(['SUDOKU', 'Sudoku', 'SU DOKU', 'Daily Sudoku', 'NUMBER PLACE']),
           font=font(tfont, u * 2.0), fill=ink)
    diff = rng.choice(['Easy', 'Moderate', 'Difficult', 'Fiendish', 'Gentle', 'Tough'])
    d.text((gx + gs, m + u * 0.5), diff, font=font(bodyf, u * 1.0), fill=ink, anchor='ra')
    ins = ('Fill in the grid so that every row, every column and every box contains the %s.' %
           {'digits': 'digits 1 to %d' % P['n'], 'letters': 'letters A to P',
            'hex': 'symbols 0 to F', 'digits-letters': 'symbols 1-9 and A-G',
            'numbers': 'numbers 1 to 16'}[P['alphabet']])
    fi = font(bodyf, u * 0.85)
    # wrap instructions into two lines
    wl, line, yy = ins.split(), '', m + title_h
    lines = []
    for w_ in wl:
        c_ = (line + ' ' + w_).strip()
        if d.textlength(c_, font=fi) > gs:
            lines.append(line)
            line = w_
        else:
            line = c_
    lines.append(line)
    for ln in lines[:2]:
        d.text((gx, yy), ln, font=fi, fill=ink)
        yy += int(u * 1.1)
    gy = m + title_h + instr_h
    draw_grid(img, gx, gy, gs, P, st)
    d.text((gx, gy + gs + st['B'] + u * 0.4), 'Solution tomorrow  \u2022  Puzzle no. %d' % rng.randint(100, 9999),
           font=font(bodyf, u * 0.8), fill=ink)
    if col_w:
        vline(d, cx - gap / 2.0, m, H - m, max(1, int(scale)), ink)
        d.text((cx, m), words(rng, 3).upper(), font=font(tfont, u * 1.2), fill=ink)
        draw_paragraphs(d, rng, cx, m + int(u * 2.2), col_w, H - 2 * m - int(u * 2.2), bodyf,
                        u * 0.8, ink)
    return img, (gx, gy, gs), st


def layout_book(rng, P, gs, FG, scale):
    st = base_style(rng, FG, scale, 'book', P, gs)
    paper = rng.choice([(255, 255, 255), jitter(rng, (250, 247, 238), 5), jitter(rng, (244, 240, 228), 5)])
    print_colors(rng, st, paper)
    st['cell_bg'] = paper
    W = int(gs * rng.uniform(1.25, 1.55))
    H = int(W * rng.uniform(1.3, 1.45))
    u = gs / 28.0
    img = Image.new('RGB', (W, H), paper)
    d = ImageDraw.Draw(img)
    ink = st['digit']
    hf = rng.choice(FG['serif'] + FG['sans'])
    sf = rng.choice(FG['serif'] + FG['sans'])
    top = int(u * 2)
    d.text((W // 2, top), rng.choice(['SUDOKU COLLECTION', 'Logic Puzzles Vol. %d' % rng.randint(1, 9),
                                      'Brain Games', 'Number Puzzles']),
           font=font(sf, u * 0.7), fill=ink, anchor='ma')
    hline(d, top + u * 1.2, W * 0.1, W * 0.9, max(1, int(scale)), ink)
    d.text((W // 2, top + u * 2.2), 'Puzzle %d' % rng.randint(1, 300), font=font(hf, u * 1.8), fill=ink,
           anchor='ma')
    d.text((W // 2, top + u * 4.4), 'Difficulty: %s      Time: ______' %
           rng.choice(['Easy', 'Medium', 'Hard', 'Very hard', 'Beginner']), font=font(sf, u * 0.8), fill=ink,
           anchor='ma')
    gx = (W - gs) // 2
    gy = int(top + u * 6.2 + rng.uniform(0, 0.1) * (H - gs - top - u * 9))
    gy = min(gy, H - gs - int(u * 3.5))
    draw_grid(img, gx, gy, gs, P, st)
    d.text((W // 2, gy + gs + u * 1.0), rng.choice(['Solution on page %d' % rng.randint(100, 200),
                                                   'Notes:', 'Answers at the back of the book']),
           font=font(sf, u * 0.7), fill=ink, anchor='ma')
    d.text((W // 2, H - int(u * 1.6)), str(rng.randint(3, 250)), font=font(sf, u * 0.8), fill=ink, anchor='ma')
    return img, (gx, gy, gs), st


def layout_website(rng, P, gs, FG, scale):
    st = base_style(rng, FG, scale, 'website', P, gs)
    u = gs / 30.0
    side = int(gs * rng.uniform(0.15, 0.8))
    pad = int(u * rng.uniform(1, 3))
    header = int(u * rng.uniform(2.5, 4))
    W = side * 2 + gs + 2 * pad
    H = header + int(u * 4) + gs + int(u * 7) + int(u * 3)
    outer = rng.choice([(238, 238, 238), (230, 236, 244), (245, 241, 232), (220, 224, 230)])
    content = rng.choice([(255, 255, 255), (252, 252, 250)])
    accent = rng.choice([(41, 98, 255), (0, 121, 107), (198, 40, 40), (55, 71, 79), (106, 27, 154),
                         (239, 108, 0), (33, 33, 33)])
    img = Image.new('RGB', (W, H), outer)
    d = ImageDraw.Draw(img)
    d.rectangle([side, 0, W - side, H], fill=content)
    d.rectangle([0, 0, W, header], fill=accent)
    uf = rng.choice(FG['sans'])
    d.text((int(u), header // 2), rng.choice(['SudokuDaily', 'Sudoku Online', 'WebSudoku', 'Puzzle Hub',
                                            'brainteasers.net']),
           font=font(uf, u * 1.3), fill=(255, 255, 255), anchor='lm')
    x = W - int(u)
    for item in reversed(['Home', 'Play', 'Rules', 'About']):
        d.text((x, header // 2), item, font=font(uf, u * 0.8), fill=(235, 235, 235), anchor='rm')
        x -= int(d.textlength(item, font=font(uf, u * 0.8)) + u * 1.2)
    gx = side + pad
    gy = header + int(u * 4)
    d.text((gx, header + int(u * 1.2)), rng.choice(['Free Sudoku - %s' % rng.choice(['Easy', 'Medium', 'Hard', 'Evil']),
                                                   'Puzzle #%d' % rng.randint(1000, 99999),
                                                   "Today's puzzle"]),
           font=font(uf, u * 1.2), fill=(40, 40, 40))
    # grid colours
    light = rng.random() < 0.8
    if light:
        st['cell_bg'] = rng.choice([(255, 255, 255), (250, 250, 250), jitter(rng, (245, 248, 252), 5)])
        st['thick'] = st['border'] = rng.choice([(0, 0, 0), (51, 51, 51), accent])
        st['thin'] = rng.choice([(180, 180, 180), (200, 200, 200), (150, 150, 150), (120, 120, 120)])
        st['digit'] = rng.choice([(0, 0, 0), (34, 34, 34), (30, 40, 70)])
        st['user'] = rng.choice([(41, 98, 255), (0, 120, 200), (200, 40, 40)])
        st['pencil'] = (110, 110, 110)
    else:
        st['cell_bg'] = rng.choice([(40, 44, 52), (30, 30, 30)])
        st['thick'] = st['border'] = (200, 200, 200)
        st['thin'] = (95, 95, 100)
        st['digit'] = (235, 235, 235)
        st['user'] = (120, 180, 255)
        st['pencil'] = (160, 160, 160)
    if rng.random() < 0.3:
        st['box_shade'] = jitter(rng, (236, 240, 246), 5) if light else (52, 56, 64)
    draw_grid(img, gx, gy, gs, P, st)
    by = gy + gs + st['B'] + int(u * 1.5)
    bx = gx
    bf = font(uf, u * 0.8)
    for lab in ['New game', 'Check', 'Hint', 'Print'][:rng.randint(2, 4)]:
        w_ = int(d.textlength(lab, font=bf) + u * 2)
        d.rounded_rectangle([bx, by, bx + w_, by + int(u * 2)], radius=int(u * 0.4), fill=accent)
        d.text((bx + w_ // 2, by + int(u)), lab, font=bf, fill=(255, 255, 255), anchor='mm')
        bx += w_ + int(u)
    d.text((W // 2, H - int(u * 1.5)), '\u00a9 20%02d %s. All rights reserved.' % (rng.randint(10, 25), words(rng, 2)),
           font=font(uf, u * 0.6), fill=(120, 120, 120), anchor='mm')
    return img, (gx, gy, gs), st


def layout_app(rng, P, gs, FG, scale, dark):
    st = base_style(rng, FG, scale, 'app-dark' if dark else 'app-light', P, gs)
    st['t'] = max(1, int(round(rng.randint(1, 2) * scale)))
    n = P['n']
    W = int(gs / rng.uniform(0.9, 0.98))
    m = (W - gs) // 2
    u = W / 36.0
    if dark:
        bg = rng.choice([(0, 0, 0), (18, 18, 18), (28, 28, 32), (22, 26, 34)])
        st['cell_bg'] = rng.choice([bg, (30, 30, 36), (36, 40, 48)])
        st['thin'] = jitter(rng, (70, 72, 80), 10)
        st['thick'] = st['border'] = jitter(rng, (150, 155, 170), 20)
        st['digit'] = jitter(rng, (225, 228, 235), 10)
        st['user'] = rng.choice([(110, 170, 255), (90, 200, 220), (160, 140, 255)])
        st['pencil'] = (150, 150, 160)
        hl = (42, 50, 68)
        sel = (55, 85, 135)
        same = (48, 66, 100)
        fg = (235, 235, 240)
        sub = (160, 160, 170)
        accent = st['user']
    else:
        bg = rng.choice([(255, 255, 255), (248, 249, 252), (250, 250, 245)])
        st['cell_bg'] = (255, 255, 255)
        st['thin'] = jitter(rng, (195, 204, 218), 10)
        st['thick'] = st['border'] = jitter(rng, (52, 72, 97), 15)
        st['digit'] = rng.choice([(20, 20, 30), (52, 72, 97), (40, 40, 40)])
        st['user'] = rng.choice([(50, 90, 220), (40, 110, 230), (60, 80, 200)])
        st['pencil'] = (110, 115, 125)
        if rng.random() < 0.7:
            hl, sel, same = (226, 235, 243), (187, 222, 251), (195, 215, 234)
        else:
            hl, sel, same = (255, 249, 210), (255, 232, 140), (250, 240, 170)
        fg = (30, 40, 60)
        sub = (110, 120, 135)
        accent = st['user']
    st['box_shade'] = None
    # highlights: selected cell, its row/column/box, same values
    if rng.random() < 0.85:
        sr, sc = rng.randrange(n), rng.randrange(n)
        R, C = P['R'], P['C']
        hlmap = {}
        for k in range(n):
            hlmap[sr * n + k] = hl
            hlmap[k * n + sc] = hl
        for a in range(R):
            for b in range(C):
                hlmap[((sr // R) * R + a) * n + (sc // C) * C + b] = hl
        v = P['given'][sr * n + sc] or P.get('user', {}).get(sr * n + sc, 0)
        if v:
            for idx in range(n * n):
                if P['given'][idx] == v or P.get('user', {}).get(idx) == v:
                    hlmap[idx] = same
        hlmap[sr * n + sc] = sel
        P['highlight'] = hlmap
    uf = rng.choice(FG['sans'])
    sb = int(u * 2.2)
    title = int(u * 4)
    info = int(u * 2.6)
    gy = sb + title + info
    tools = int(u * 5)
    padrows = 2 if n == 16 else 1
    padh = int(u * (4.5 if padrows == 1 else 3.6)) * padrows
    H = max(int(W * rng.uniform(1.9, 2.2)), gy + gs + int(u * 2) + tools + padh + int(u * 3))
    img = Image.new('RGB', (W, H), bg)
    d = ImageDraw.Draw(img)
    # status bar
    d.text((int(u * 1.5), sb // 2), '%d:%02d' % (rng.randint(1, 12), rng.randint(0, 59)),
           font=font(uf, u * 1.1), fill=fg, anchor='lm')
    bxr = W - int(u * 1.5)
    d.rectangle([bxr - int(u * 2.2), sb // 2 - int(u * 0.5), bxr, sb // 2 + int(u * 0.5)], outline=fg,
                width=max(1, int(u * 0.12)))
    d.rectangle([bxr - int(u * 2.0), sb // 2 - int(u * 0.3), bxr - int(u * rng.uniform(0.3, 1.8)),
                 sb // 2 + int(u * 0.3)], fill=fg)
    for i in range(4):
        x = bxr - int(u * 5.5) + i * int(u * 0.55)
        d.rectangle([x, sb // 2 + int(u * 0.5) - int(u * 0.25 * (i + 1)), x + int(u * 0.35),
                     sb // 2 + int(u * 0.5)], fill=fg)
    # title bar
    d.text((W // 2, sb + title // 2), rng.choice(['Sudoku', 'Sudoku.com', 'Classic Sudoku', 'Sudoku Master']),
           font=font(uf, u * 1.7), fill=fg, anchor='mm')
    d.text((int(u * 1.5), sb + title // 2), '<', font=font(uf, u * 1.8), fill=fg, anchor='lm')
    d.ellipse([W - int(u * 3.2), sb + title // 2 - int(u * 0.9), W - int(u * 1.4), sb + title // 2 + int(u * 0.9)],
              outline=fg, width=max(1, int(u * 0.15)))
    # info row
    fi = font(uf, u * 1.0)
    yy = sb + title + info // 2
    d.text((m, yy), rng.choice(['Easy', 'Medium', 'Hard', 'Expert', 'Master']), font=fi, fill=sub, anchor='lm')
    d.text((W // 2, yy), 'Mistakes: %d/3' % rng.randint(0, 2), font=fi, fill=sub, anchor='mm')
    d.text((W - m, yy), '%02d:%02d' % (rng.randint(0, 40), rng.randint(0, 59)), font=fi, fill=sub, anchor='rm')
    draw_grid(img, m, gy, gs, P, st)
    # tool row
    ty = gy + gs + st['B'] + int(u * 1.2)
    labs = ['Undo', 'Erase', 'Notes', 'Hint']
    for i, lab in enumerate(labs):
        cx = int(W * (i + 0.5) / len(labs))
        r_ = int(u * 1.3)
        d.ellipse([cx - r_, ty, cx + r_, ty + 2 * r_], outline=sub, width=max(1, int(u * 0.15)))
        d.text((cx, ty + 2 * r_ + int(u * 0.4)), lab, font=font(uf, u * 0.8), fill=sub, anchor='ma')
    # number pad (NOT part of the grid)
    py = ty + tools
    syms = [sym(v, P['alphabet']) for v in range(1, n + 1)]
    per = len(syms) // padrows
    padf_path = rng.choice([uf, st['font']])
    ph = padh // padrows
    boxed = rng.random() < 0.5
    for rr in range(padrows):
        for i, s in enumerate(syms[rr * per:(rr + 1) * per]):
            x0 = m + gs * i / per
            x1 = m + gs * (i + 1) / per
            cy = py + rr * ph + ph / 2.0
            if boxed:
                d.rounded_rectangle([int(x0 + u * 0.2), int(py + rr * ph + u * 0.2), int(x1 - u * 0.2),
                                     int(py + (rr + 1) * ph - u * 0.2)], radius=int(u * 0.6),
                                    fill=jitter(rng, hl, 3))
            fpad = fit_font(padf_path, min(ph, x1 - x0), 0.55, syms)
            draw_centered(d, (x0 + x1) / 2.0, cy, s, fpad, accent)
    return img, (m, gy, gs), st


STYLES = ['plain', 'newspaper', 'book', 'website', 'app-light', 'app-dark']
STYLE_W = [0.14, 0.2, 0.16, 0.16, 0.2, 0.14]


def render_sudoku(rng, P, gs, FG, scale, style):
    if style == 'plain':
        return layout_plain(rng, P, gs, FG, scale)
    if style == 'newspaper':
        return layout_newspaper(rng, P, gs, FG, scale)
    if style == 'book':
        return layout_book(rng, P, gs, FG, scale)
    if style == 'website':
        return layout_website(rng, P, gs, FG, scale)
    return layout_app(rng, P, gs, FG, scale, dark=(style == 'app-dark'))


# --------------------------------------------------------------------------
# non-sudoku pictures
# --------------------------------------------------------------------------
def none_crossword(rng, FG, S):
    n = rng.choice([11, 13, 15, 15, 17])
    blk = [[False] * n for _ in range(n)]
    dens = rng.uniform(0.12, 0.2)
    for r in range(n):
        for c in range(n):
            if rng.random() < dens:
                blk[r][c] = blk[n - 1 - r][n - 1 - c] = True
    fp = rng.choice(FG['serif'] + FG['sans'])
    m = int(S * 0.05)
    cluew = int(S * rng.uniform(0.0, 0.6))
    W, H = S + 2 * m + cluew, S + 2 * m
    img = Image.new('RGB', (W, H), rng.choice([(255, 255, 255), (242, 238, 228)]))
    d = ImageDraw.Draw(img)
    cs = S / n
    lw = max(1, int(S / 400))
    num = 1
    fnum = font(fp, cs * 0.28)
    for r in range(n):
        for c in range(n):
            x0, y0 = m + c * cs, m + r * cs
            if blk[r][c]:
                d.rectangle([int(x0), int(y0), int(x0 + cs), int(y0 + cs)], fill=(0, 0, 0))
                continue
            start_a = (c == 0 or blk[r][c - 1]) and c + 1 < n and not blk[r][c + 1]
            start_d = (r == 0 or blk[r - 1][c]) and r + 1 < n and not blk[r + 1][c]
            if start_a or start_d:
                d.text((x0 + cs * 0.08, y0 + cs * 0.05), str(num), font=fnum, fill=(0, 0, 0))
                num += 1
    for k in range(n + 1):
        vline(d, m + k * cs, m, m + S, lw, (0, 0, 0))
        hline(d, m + k * cs, m, m + S, lw, (0, 0, 0))
    if cluew > S * 0.2:
        f = font(fp, S / 45)
        y = m
        for hdr in ('ACROSS', 'DOWN'):
            d.text((m + S + m, y), hdr, font=font(fp, S / 35), fill=(0, 0, 0))
            y += S / 28
            for i in range(rng.randint(5, 10)):
                if y > H - m - S / 40:
                    break
                d.text((m + S + m, y), '%d %s (%d)' % (rng.randint(1, num), words(rng, rng.randint(2, 4)),
                                                      rng.randint(3, 9)), font=f, fill=(0, 0, 0))
                y += S / 38
            y += S / 40
    return img, fp, (m, m, S)


def none_chess(rng, FG, S):
    light, dark = rng.choice([((240, 217, 181), (181, 136, 99)), ((238, 238, 210), (118, 150, 86)),
                              ((222, 227, 230), (140, 162, 173)), ((255, 255, 255), (90, 90, 90))])
    m = int(S * rng.uniform(0.03, 0.08))
    fp = rng.choice(FG['sans'])
    img = Image.new('RGB', (S + 2 * m, S + 2 * m), rng.choice([(255, 255, 255), (48, 46, 43), (230, 230, 230)]))
    d = ImageDraw.Draw(img)
    cs = S / 8
    for r in range(8):
        for c in range(8):
            d.rectangle([int(m + c * cs), int(m + r * cs), int(m + (c + 1) * cs), int(m + (r + 1) * cs)],
                        fill=light if (r + c) % 2 == 0 else dark)
            if rng.random() < 0.3:
                col = (250, 250, 250) if rng.random() < 0.5 else (20, 20, 20)
                rr = cs * rng.uniform(0.25, 0.38)
                cx, cy = m + (c + 0.5) * cs, m + (r + 0.5) * cs
                d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=col, outline=(0, 0, 0))
    f = font(fp, m * 0.6)
    for i in range(8):
        d.text((m + (i + 0.5) * cs, S + m + m / 2), 'abcdefgh'[i], font=f, fill=(128, 128, 128), anchor='mm')
        d.text((m / 2, m + (i + 0.5) * cs), str(8 - i), font=f, fill=(128, 128, 128), anchor='mm')
    return img, fp, (m, m, S)


def none_text(rng, FG, S):
    W = S
    H = int(S * rng.uniform(1.2, 1.45))
    fp = rng.choice(FG['serif'] + FG['sans'])
    img = Image.new('RGB', (W, H), rng.choice([(255, 255, 255), (246, 243, 235)]))
    d = ImageDraw.Draw(img)
    m = int(W * 0.08)
    size = W / rng.uniform(35, 55)
    d.text((m, m), words(rng, rng.randint(2, 5)).title(), font=font(rng.choice(FG['serif'] + FG['sans']), size * 2),
           fill=(0, 0, 0))
    draw_paragraphs(d, rng, m, m + int(size * 3.5), W - 2 * m, H - 2 * m - int(size * 3.5), fp, size, (20, 20, 20))
    return img, fp, (m, m, W - 2 * m)


def none_table(rng, FG, S):
    fp = rng.choice(FG['sans'] + FG['mono'])
    ncol = rng.randint(4, 9)
    nrow = rng.randint(8, 22)
    rh = max(14, int(S / rng.uniform(18, 30)))
    f = font(fp, rh * 0.55)
    d0 = ImageDraw.Draw(Image.new('RGB', (8, 8)))
    cols = [[''] + [str(r) for r in range(1, nrow + 1)]]
    for c in range(1, ncol):
        kind = rng.choice(['small', 'int', 'float', 'word', 'mixed'])
        col = [chr(65 + c - 1) if rng.random() < 0.5 else rng.choice(WORDS).title()]
        for r in range(nrow):
            k = kind if kind != 'mixed' else rng.choice(['small', 'int', 'float'])
            col.append(str(rng.randint(1, 9)) if k == 'small' else '%d' % rng.randint(10, 99999) if k == 'int'
                       else '%.2f' % rng.uniform(0, 1000) if k == 'float' else rng.choice(WORDS))
        cols.append(col)
    cwp = [max(d0.textlength(s_, font=f) for s_ in col) + rh * rng.uniform(0.4, 3.0) for col in cols]
    m = int(S * 0.04)
    W = int(2 * m + sum(cwp))
    H = 2 * m + rh * (nrow + 1)
    img = Image.new('RGB', (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    hb = rng.choice([(217, 217, 217), (198, 224, 180), (189, 215, 238)])
    d.rectangle([m, m, W - m, m + rh], fill=hb)
    xs = [m]
    for w in cwp:
        xs.append(xs[-1] + w)
    for c, col in enumerate(cols):
        for r, s_ in enumerate(col):
            d.text((xs[c + 1] - rh * 0.2, m + r * rh + rh / 2), s_, font=f, fill=(0, 0, 0), anchor='rm')
    lc = rng.choice([(200, 200, 200), (160, 160, 160), (90, 90, 90)])
    for x in xs:
        vline(d, x, m, m + (nrow + 1) * rh, 1, lc)
    for r in range(nrow + 2):
        hline(d, m + r * rh, m, xs[-1], 1, lc)
    return img, fp, (m, m, min(W, H) - 2 * m)


def none_shapes(rng, nrng, S):
    W, H = S, int(S * rng.uniform(0.7, 1.4))
    c1 = np.array([rng.randint(0, 255) for _ in range(3)], float)
    c2 = np.array([rng.randint(0, 255) for _ in range(3)], float)
    yy, xx = np.mgrid[0:H, 0:W]
    a = rng.uniform(0, 2 * math.pi)
    t = (np.cos(a) * xx / W + np.sin(a) * yy / H)
    t = (t - t.min()) / (t.max() - t.min() + 1e-9)
    arr = c1[None, None] * (1 - t[..., None]) + c2[None, None] * t[..., None]
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    d = ImageDraw.Draw(img)
    for _ in range(rng.randint(5, 25)):
        col = tuple(rng.randint(0, 255) for _ in range(3))
        x0, y0 = rng.uniform(-0.1, 1) * W, rng.uniform(-0.1, 1) * H
        w, h = rng.uniform(0.05, 0.4) * W, rng.uniform(0.05, 0.4) * H
        k = rng.random()
        if k < 0.4:
            d.ellipse([x0, y0, x0 + w, y0 + h], fill=col)
        elif k < 0.7:
            d.rectangle([x0, y0, x0 + w, y0 + h], fill=col)
        else:
            d.polygon([(x0 + rng.uniform(0, w), y0 + rng.uniform(0, h)) for _ in range(rng.randint(3, 6))], fill=col)
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 6)))
    arr = np.asarray(img).astype(float) + nrng.normal(0, rng.uniform(2, 10), (H, W, 1))
    return Image.fromarray(arr.clip(0, 255).astype(np.uint8)), '-', (0, 0, min(W, H))


# --------------------------------------------------------------------------
# photo simulation
# --------------------------------------------------------------------------
def smooth(nrng, W, H, cells):
    gw = max(2, int(cells * W / max(W, H)) + 1)
    gh = max(2, int(cells * H / max(W, H)) + 1)
    a = nrng.normal(size=(gh, gw)).astype(np.float32)
    return np.asarray(Image.fromarray(a).resize((W, H), BIC))


def make_background(rng, nrng, W, H):
    kind = rng.choice(['wood', 'wood', 'solid', 'fabric', 'dark', 'stone'])
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == 'wood':
        base = np.array(jitter(rng, rng.choice([(150, 100, 60), (190, 145, 100), (110, 70, 45), (200, 160, 120)]), 10),
                        np.float32)
        warp = smooth(nrng, W, H, 3) * rng.uniform(10, 30)
        coord = yy if rng.random() < 0.5 else xx
        other = xx if coord is yy else yy
        f1 = rng.uniform(0.15, 0.35)
        grain = np.sin((coord + warp + 3 * np.sin(other * 0.004)) * f1) * 0.5 + 0.5
        streak = smooth(nrng, W, H, 80) * 0.05
        v = 0.85 + 0.1 * grain ** 3 + streak + smooth(nrng, W, H, 4) * 0.05
        arr = base[None, None] * v[..., None]
    elif kind == 'solid':
        base = np.array([rng.randint(40, 230) for _ in range(3)], np.float32)
        v = 1 + smooth(nrng, W, H, 5) * 0.05 + nrng.normal(0, 0.02, (H, W)).astype(np.float32)
        arr = base[None, None] * v[..., None]
    elif kind == 'fabric':
        p = rng.randint(15, 60)
        c1 = np.array(jitter(rng, rng.choice([(200, 40, 40), (40, 70, 160), (50, 120, 60)]), 20), np.float32)
        w = np.array([245, 245, 240], np.float32)
        a = ((xx // p) % 2) + ((yy // p) % 2)
        t = (a / 2.0)[..., None]
        arr = w[None, None] * (1 - t) + c1[None, None] * t
        arr = np.asarray(Image.fromarray(arr.clip(0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(1.5)),
                         np.float32)
    elif kind == 'dark':
        g = rng.randint(25, 70)
        arr = np.full((H, W, 3), g, np.float32) * (1 + smooth(nrng, W, H, 8)[..., None] * 0.08)
    else:
        base = np.array(jitter(rng, (180, 180, 175), 25), np.float32)
        v = 1 + smooth(nrng, W, H, 6) * 0.08 + smooth(nrng, W, H, 40) * 0.05
        arr = base[None, None] * v[..., None]
    return arr.clip(0, 255)


def homography(src, dst):
    A, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b.append(v)
    h = np.linalg.solve(np.array(A, float), np.array(b, float))
    return np.append(h, 1).reshape(3, 3)


def apply_h(Hm, pts):
    p = np.hstack([np.asarray(pts, float), np.ones((len(pts), 1))]) @ Hm.T
    return p[:, :2] / p[:, 2:3]


def photo_sim(rng, nrng, page, gbox, phone=False, none=False):
    """page: RGB image; gbox: (x0, y0, gs) of the grid in page coordinates."""
    lng = rng.randint(1400, 1700)
    sht = int(lng * rng.uniform(0.72, 0.8))
    W, H = (lng, sht) if rng.random() < 0.35 else (sht, lng)
    gx, gy, gs = gbox
    alpha = Image.new('L', page.size, 255)
    if phone:  # wrap into a phone body with bezel and rounded corners
        pw, ph = page.size
        bz = int(pw * rng.uniform(0.03, 0.06))
        bsize = (pw + 2 * bz, ph + 2 * bz)
        alpha = Image.new('L', bsize, 0)
        ImageDraw.Draw(alpha).rounded_rectangle([0, 0, bsize[0] - 1, bsize[1] - 1], radius=int(pw * 0.1),
                                                fill=255)
        bc = jitter(rng, rng.choice([(15, 15, 18), (40, 40, 45), (200, 200, 205)]), 5)
        bodyc = Image.new('RGB', bsize, bc)
        bodyc.paste(page, (bz, bz))
        page = bodyc
        gx, gy = gx + bz, gy + bz
    cx, cy = gx + gs / 2.0, gy + gs / 2.0
    corners = [(gx, gy), (gx + gs, gy), (gx + gs, gy + gs), (gx, gy + gs)]
    frac = rng.uniform(0.45, 0.85) if not none else rng.uniform(0.4, 0.9)
    theta = math.radians(rng.uniform(-8, 8))
    phi = math.radians(rng.uniform(0, 15))
    psi = rng.uniform(0, 2 * math.pi)
    al, be = phi * math.cos(psi), phi * math.sin(psi)
    fcam = max(W, H) * rng.uniform(0.8, 1.6)
    offx, offy = rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6)
    for attempt in range(40):
        s = frac * min(W, H) / gs

        def proj(p):
            x, y = (p[0] - cx) * s, (p[1] - cy) * s
            x, y = x * math.cos(theta) - y * math.sin(theta), x * math.sin(theta) + y * math.cos(theta)
            Y1, Z1 = y * math.cos(al), y * math.sin(al)
            X2, Z2 = x * math.cos(be) + Z1 * math.sin(be), -x * math.sin(be) + Z1 * math.cos(be)
            return (fcam * X2 / (fcam + Z2), fcam * Y1 / (fcam + Z2))

        q = [proj(p) for p in corners]
        xs = [a for a, _ in q]
        ys = [b for _, b in q]
        margin = 0.03 * min(W, H)
        # place the centre so that the grid is inside with the chosen offset fraction
        slackx = (W - 2 * margin - (max(xs) - min(xs))) / 2.0
        slacky = (H - 2 * margin - (max(ys) - min(ys))) / 2.0
        if slackx >= 0 and slacky >= 0:
            tx = W / 2.0 - (max(xs) + min(xs)) / 2.0 + offx * slackx
            ty = H / 2.0 - (max(ys) + min(ys)) / 2.0 + offy * slacky
            dst = [(a + tx, b + ty) for a, b in q]
            break
        frac *= 0.96
    else:
        raise RuntimeError('cannot place grid')
    Hm = homography(corners, dst)  # page -> photo
    Hinv = np.linalg.inv(Hm)
    Hinv = Hinv / Hinv[2, 2]
    coeffs = tuple(Hinv.flatten()[:8])
    # pre-shrink the page if strongly minified (anti-aliasing)
    scale_est = frac * min(W, H) / gs
    if scale_est < 0.7:
        k = scale_est / 0.85
        newsize = (max(1, int(page.size[0] * k)), max(1, int(page.size[1] * k)))
        page = page.resize(newsize, Image.Resampling.LANCZOS)
        alpha = alpha.resize(newsize, Image.Resampling.LANCZOS)
        Ssc = np.diag([k, k, 1.0])
        Hm = Hm @ np.linalg.inv(Ssc)
        Hinv = np.linalg.inv(Hm)
        Hinv = Hinv / Hinv[2, 2]
        coeffs = tuple(Hinv.flatten()[:8])
    warped = page.transform((W, H), Image.Transform.PERSPECTIVE, coeffs, resample=BIC)
    wa = alpha.transform((W, H), Image.Transform.PERSPECTIVE, coeffs, resample=Image.Resampling.BILINEAR)
    bg = make_background(rng, nrng, W, H)
    # drop shadow
    sh = np.asarray(wa.filter(ImageFilter.GaussianBlur(rng.uniform(4, 15))), np.float32) / 255.0
    sdx, sdy = rng.randint(-12, 12), rng.randint(0, 15)
    sh2 = np.zeros_like(sh)
    sh2[max(0, sdy):H + min(0, sdy), max(0, sdx):W + min(0, sdx)] = \
        sh[max(0, -sdy):H - max(0, sdy), max(0, -sdx):W - max(0, sdx)]
    sh = sh2
    bg = bg * (1 - rng.uniform(0.2, 0.5) * sh[..., None])
    a = np.asarray(wa, np.float32)[..., None] / 255.0
    arr = np.asarray(warped, np.float32) * a + bg * (1 - a)
    # lighting
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    xn, yn = xx / W * 2 - 1, yy / H * 2 - 1
    ang = rng.uniform(0, 2 * math.pi)
    L = rng.uniform(0.85, 1.1) + rng.uniform(0.05, 0.3) * (math.cos(ang) * xn + math.sin(ang) * yn) / 1.4
    vcx, vcy = rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)
    L = L - rng.uniform(0.05, 0.3) * ((xn - vcx) ** 2 + (yn - vcy) ** 2) / 2.0
    if rng.random() < 0.35:  # soft shadow blob (hand / phone)
        bx_, by_ = rng.uniform(-1, 1), rng.uniform(-1, 1)
        r2 = ((xn - bx_) ** 2 + (yn - by_) ** 2) / rng.uniform(0.1, 0.5)
        L = L - rng.uniform(0.1, 0.25) * np.exp(-r2)
    L = np.clip(L, 0.35, 1.3)
    tint = np.array([rng.uniform(0.92, 1.06), rng.uniform(0.95, 1.03), rng.uniform(0.85, 1.04)], np.float32)
    arr = arr * L[..., None] * tint[None, None]
    if phone or rng.random() < 0.2:  # glare
        gx_, gy_ = rng.uniform(-0.8, 0.8), rng.uniform(-0.8, 0.8)
        r2 = ((xn - gx_) ** 2 + (yn - gy_) ** 2) / rng.uniform(0.05, 0.3)
        arr = arr + rng.uniform(10, 55) * np.exp(-r2)[..., None]
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.8)))
    arr = np.asarray(img, np.float32)
    sig = rng.uniform(2, 7)
    arr = arr + nrng.normal(0, sig, (H, W, 1)).astype(np.float32) + nrng.normal(0, sig * 0.4, (H, W, 3)).astype(
        np.float32)
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    return img, dst


# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------
def make_plan(seed, count):
    r = random.Random(seed)
    props = [(9, 0.55), (16, 0.20), (6, 0.10), (4, 0.05), ('none', 0.10)]
    counts = [int(round(count * p)) for _, p in props]
    counts[0] += count - sum(counts)
    kinds = []
    for (k, _), c in zip(props, counts):
        cats = (['screen', 'photo'] * ((c + 1) // 2))[:c]
        if c % 2:
            cats[-1] = r.choice(['screen', 'photo'])
        alph = ['digits'] * c
        if k == 16:
            al4 = ['letters', 'hex', 'digits-letters', 'numbers']
            alph = [al4[i % 4] for i in range(c)]
            r.shuffle(alph)
        for i in range(c):
            kinds.append((k, cats[i] if k != 'none' else 'none', alph[i]))
    r.shuffle(kinds)
    return kinds


def make_puzzle(rng, n, alphabet):
    R, C = SHAPES[n]
    sol = gen_solution(n, R, C, rng)
    assert check_solution(sol, n, R, C)
    frac = rng.uniform(0.30, 0.55)
    k = int(round(frac * n * n))
    idxs = list(range(n * n))
    rng.shuffle(idxs)
    keep = set(idxs[:k])
    given = [sol[i] if i in keep else 0 for i in range(n * n)]
    return {'n': n, 'R': R, 'C': C, 'alphabet': alphabet, 'sol': sol, 'given': given}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--count', type=int, default=160)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    FG, missing = find_fonts()
    if missing:
        print('fonts skipped (missing or lacking glyphs):', ' '.join(missing))
    plan = make_plan(args.seed, args.count)
    rows = []
    for i, (kind, cat, alphabet) in enumerate(plan):
        rng = random.Random(args.seed * 1000003 + i)
        nrng = np.random.default_rng(args.seed * 1000003 + i)
        if kind == 'none':
            sub = rng.choice(['crossword', 'chess', 'text', 'table', 'shapes'])
            S = rng.randint(350, 900)
            if sub == 'crossword':
                img, fp, box = none_crossword(rng, FG, S)
            elif sub == 'chess':
                img, fp, box = none_chess(rng, FG, S)
            elif sub == 'text':
                img, fp, box = none_text(rng, FG, S)
            elif sub == 'table':
                img, fp, box = none_table(rng, FG, S)
            else:
                img, fp, box = none_shapes(rng, nrng, S)
            if rng.random() < 0.5 and sub != 'shapes':
                img, _ = photo_sim(rng, nrng, img, box, none=True)
                ext = 'jpg'
            else:
                ext = 'jpg' if sub == 'shapes' else 'png'
            fn = '%04d.%s' % (i, ext)
            if ext == 'jpg':
                img.save(os.path.join(args.out, fn), quality=rng.randint(55, 90))
            else:
                img.save(os.path.join(args.out, fn))
            rows.append([fn, 'none', '-', '-', '-', '-', os.path.basename(fp) if fp != '-' else '-'])
            print(fn, 'none', sub, flush=True)
            continue
        n = kind
        P = make_puzzle(rng, n, alphabet)
        style = rng.choices(STYLES, STYLE_W)[0]
        empties = [j for j in range(n * n) if not P['given'][j]]
        rng.shuffle(empties)
        P['user'] = {}
        if style.startswith('app') and rng.random() < 0.6:
            k = rng.randint(1, max(1, int(0.3 * len(empties))))
            for j in empties[:k]:
                P['user'][j] = P['sol'][j]
            empties = empties[k:]
        elif style in ('website', 'plain') and rng.random() < 0.2:
            k = rng.randint(1, max(1, int(0.2 * len(empties))))
            for j in empties[:k]:
                P['user'][j] = P['sol'][j]
            empties = empties[k:]
        P['pencil'] = {}
        if rng.random() < 0.15 and empties:
            k = rng.randint(2, max(2, min(12, len(empties) // 2)))
            for j in empties[:k]:
                vals = {P['sol'][j]}
                others = [v for v in range(1, n + 1) if v != P['sol'][j]]
                rng.shuffle(others)
                vals.update(others[:rng.randint(1, min(3, len(others)))])
                P['pencil'][j] = sorted(vals)
        if cat == 'screen':
            lo = 420 if n == 16 else 250
            gs = rng.randint(lo, 900)
            gs_nom = gs
            scale = 1.0
        else:
            gs_nom = rng.randint(420 if n == 16 else 300, 900)
            gs = rng.randint(1000, 1400)
            scale = gs / float(gs_nom)
        img, (gx, gy, gsz), st = render_sudoku(rng, P, gs, FG, scale, style)
        if cat == 'photo':
            img, _ = photo_sim(rng, nrng, img, (gx, gy, gsz), phone=style.startswith('app'))
            fn = '%04d.jpg' % i
            img.save(os.path.join(args.out, fn), quality=rng.randint(55, 90))
        else:
            fn = '%04d.png' % i
            img.save(os.path.join(args.out, fn))
        cells = [P['given'][j] or P['user'].get(j, 0) for j in range(n * n)]
        rows.append([fn, cat, str(n), 'box=%dx%d' % (P['R'], P['C']), alphabet, ','.join(map(str, cells)),
                     os.path.basename(st['font'])])
        print(fn, cat, n, alphabet, style, 'pencil' if P['pencil'] else '', os.path.basename(st['font']),
              flush=True)
    with open(os.path.join(args.out, 'truth.tsv'), 'w') as f:
        f.write('file\tcategory\tside\tshape\talphabet\tcells\tfont\n')
        for r in rows:
            f.write('\t'.join(r) + '\n')


if __name__ == '__main__':
    main()
