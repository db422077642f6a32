#!/usr/bin/env python3
"""Independent test-picture generator (b) for the Sudoku picture reader.

Written without looking at the reader or the other generators.  Makes a mix
of screenshots (phone apps, web pages, PDF viewers, spreadsheets, plain grid
images), photos (newspaper pages, puzzle books, printed sheets, magazines,
phones and monitors photographed) and pictures with no Sudoku at all
(crosswords, chess, calendars, bingo, KenKen, Kakuro, nonograms, word
searches, tables, text pages).

Usage: python independent_b.py --out DIR --seed S --count N

Writes DIR/0000.png|jpg ... and DIR/truth.tsv with the columns
file, category, side, shape, alphabet, cells, font.
Only the standard library, Pillow and numpy are used.
"""
import argparse
import math
import os
import random
import sys
import time

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

RS = Image.Resampling

# ---------------------------------------------------------------------------
# Fonts
# ---------------------------------------------------------------------------
TT = '/usr/share/fonts/truetype/'
OT = '/usr/share/fonts/opentype/'
TG = '/usr/share/texmf/fonts/opentype/public/'

# (path, tags).  Tags: sans serif mono round bold light ital cond
_FONT_TABLE = [
    (TT + 'dejavu/DejaVuSans.ttf', 'sans'),
    (TT + 'dejavu/DejaVuSans-Bold.ttf', 'sans bold'),
    (TT + 'dejavu/DejaVuSansCondensed-Bold.ttf', 'sans bold cond'),
    (TT + 'dejavu/DejaVuSerif.ttf', 'serif'),
    (TT + 'dejavu/DejaVuSerif-Bold.ttf', 'serif bold'),
    (TT + 'dejavu/DejaVuSansMono.ttf', 'mono'),
    (TT + 'dejavu/DejaVuSansMono-Bold.ttf', 'mono bold'),
    (TT + 'liberation2/LiberationSans-Regular.ttf', 'sans'),
    (TT + 'liberation2/LiberationSans-Bold.ttf', 'sans bold'),
    (TT + 'liberation2/LiberationSerif-Regular.ttf', 'serif'),
    (TT + 'liberation2/LiberationSerif-Bold.ttf', 'serif bold'),
    (TT + 'liberation2/LiberationMono-Regular.ttf', 'mono'),
    (TT + 'liberation/LiberationSansNarrow-Bold.ttf', 'sans bold cond'),
    (TT + 'noto/NotoSans-Regular.ttf', 'sans'),
    (TT + 'noto/NotoSans-Bold.ttf', 'sans bold'),
    (TT + 'noto/NotoSerif-Regular.ttf', 'serif'),
    (TT + 'noto/NotoSerif-Bold.ttf', 'serif bold'),
    (TT + 'noto/NotoSansMono-Regular.ttf', 'mono'),
    (TT + 'noto/NotoSansDisplay-Bold.ttf', 'sans bold'),
    (TT + 'noto/NotoSerifDisplay-Regular.ttf', 'serif'),
    (TT + 'noto/NotoSerif-Italic.ttf', 'serif ital'),
    (TT + 'roboto/unhinted/RobotoTTF/Roboto-Regular.ttf', 'sans'),
    (TT + 'roboto/unhinted/RobotoTTF/Roboto-Medium.ttf', 'sans'),
    (TT + 'roboto/unhinted/RobotoTTF/Roboto-Bold.ttf', 'sans bold'),
    (TT + 'roboto/unhinted/RobotoTTF/Roboto-Light.ttf', 'sans light'),
    (TT + 'roboto/unhinted/RobotoCondensed-Regular.ttf', 'sans cond'),
    (TT + 'roboto/unhinted/RobotoCondensed-Bold.ttf', 'sans bold cond'),
    (TT + 'open-sans/OpenSans-Regular.ttf', 'sans'),
    (TT + 'open-sans/OpenSans-Semibold.ttf', 'sans'),
    (TT + 'open-sans/OpenSans-Bold.ttf', 'sans bold'),
    (TT + 'open-sans/OpenSans-Light.ttf', 'sans light'),
    (TT + 'open-sans/OpenSans-CondBold.ttf', 'sans bold cond'),
    (TT + 'lato/Lato-Regular.ttf', 'sans'),
    (TT + 'lato/Lato-Medium.ttf', 'sans'),
    (TT + 'lato/Lato-Bold.ttf', 'sans bold'),
    (TT + 'lato/Lato-Black.ttf', 'sans bold'),
    (TT + 'lato/Lato-Light.ttf', 'sans light'),
    (TT + 'firacode/FiraCode-Regular.ttf', 'mono'),
    (TT + 'firacode/FiraCode-Bold.ttf', 'mono bold'),
    (TT + 'jetbrains-mono/JetBrainsMono-Regular.ttf', 'mono'),
    (TT + 'jetbrains-mono/JetBrainsMono-Bold.ttf', 'mono bold'),
    (TT + 'hack/Hack-Regular.ttf', 'mono'),
    (TT + 'hack/Hack-Bold.ttf', 'mono bold'),
    (TT + 'croscore/Arimo-Regular.ttf', 'sans'),
    (TT + 'croscore/Arimo-Bold.ttf', 'sans bold'),
    (TT + 'croscore/Tinos-Regular.ttf', 'serif'),
    (TT + 'croscore/Tinos-Bold.ttf', 'serif bold'),
    (TT + 'croscore/Cousine-Regular.ttf', 'mono'),
    (TT + 'crosextra/Carlito-Regular.ttf', 'sans'),
    (TT + 'crosextra/Carlito-Bold.ttf', 'sans bold'),
    (TT + 'crosextra/Caladea-Regular.ttf', 'serif'),
    (TT + 'crosextra/Caladea-Bold.ttf', 'serif bold'),
    (TT + 'freefont/FreeSans.ttf', 'sans'),
    (TT + 'freefont/FreeSansBold.ttf', 'sans bold'),
    (TT + 'freefont/FreeSerif.ttf', 'serif'),
    (TT + 'freefont/FreeSerifBold.ttf', 'serif bold'),
    (TT + 'freefont/FreeMonoBold.ttf', 'mono bold'),
    (TT + 'gentium/Gentium-R.ttf', 'serif'),
    (TT + 'oxygen/Oxygen-Sans.ttf', 'sans'),
    (TT + 'oxygen/Oxygen-Sans-Bold.ttf', 'sans bold'),
    (TT + 'quicksand/Quicksand-Medium.ttf', 'round'),
    (TT + 'quicksand/Quicksand-Bold.ttf', 'round bold'),
    (TT + 'inconsolata/Inconsolata.otf', 'mono'),
    (OT + 'urw-base35/C059-Roman.otf', 'serif'),
    (OT + 'urw-base35/C059-Bold.otf', 'serif bold'),
    (OT + 'urw-base35/NimbusSans-Regular.otf', 'sans'),
    (OT + 'urw-base35/NimbusSans-Bold.otf', 'sans bold'),
    (OT + 'urw-base35/NimbusSansNarrow-Bold.otf', 'sans bold cond'),
    (OT + 'urw-base35/NimbusRoman-Regular.otf', 'serif'),
    (OT + 'urw-base35/NimbusRoman-Bold.otf', 'serif bold'),
    (OT + 'urw-base35/NimbusRoman-Italic.otf', 'serif ital'),
    (OT + 'urw-base35/NimbusMonoPS-Regular.otf', 'mono'),
    (OT + 'urw-base35/NimbusMonoPS-Bold.otf', 'mono bold'),
    (OT + 'urw-base35/P052-Roman.otf', 'serif'),
    (OT + 'urw-base35/P052-Bold.otf', 'serif bold'),
    (OT + 'urw-base35/URWBookman-Light.otf', 'serif'),
    (OT + 'urw-base35/URWBookman-Demi.otf', 'serif bold'),
    (OT + 'urw-base35/URWGothic-Book.otf', 'sans round'),
    (OT + 'urw-base35/URWGothic-Demi.otf', 'sans bold round'),
    (OT + 'cantarell/Cantarell-Regular.otf', 'sans'),
    (OT + 'cantarell/Cantarell-Bold.otf', 'sans bold'),
    (OT + 'comic-neue/ComicNeue-Regular.otf', 'round'),
    (OT + 'comic-neue/ComicNeue-Bold.otf', 'round bold'),
    (OT + 'linux-libertine/LinLibertine_R.otf', 'serif'),
    (OT + 'linux-libertine/LinLibertine_RB.otf', 'serif bold'),
    (OT + 'linux-libertine/LinBiolinum_R.otf', 'sans'),
    (OT + 'linux-libertine/LinBiolinum_RB.otf', 'sans bold'),
    (OT + 'stix-word/STIX-Regular.otf', 'serif'),
    (OT + 'stix-word/STIX-Bold.otf', 'serif bold'),
    (OT + 'fonts-go/Go-Regular.ttf', 'sans'),
    ('/usr/share/fonts/fonts-go/Go-Regular.ttf', 'sans'),
    ('/usr/share/fonts/fonts-go/Go-Bold.ttf', 'sans bold'),
    ('/usr/share/fonts/fonts-go/Go-Mono.ttf', 'mono'),
    ('/usr/share/fonts/fonts-go/Go-Medium.ttf', 'sans'),
    (TG + 'tex-gyre/texgyreadventor-regular.otf', 'sans round'),
    (TG + 'tex-gyre/texgyreadventor-bold.otf', 'sans bold round'),
    (TG + 'tex-gyre/texgyrebonum-regular.otf', 'serif'),
    (TG + 'tex-gyre/texgyrebonum-bold.otf', 'serif bold'),
    (TG + 'tex-gyre/texgyrecursor-bold.otf', 'mono bold'),
    (TG + 'tex-gyre/texgyreheros-regular.otf', 'sans'),
    (TG + 'tex-gyre/texgyreheros-bold.otf', 'sans bold'),
    (TG + 'tex-gyre/texgyreheroscn-bold.otf', 'sans bold cond'),
    (TG + 'tex-gyre/texgyrepagella-regular.otf', 'serif'),
    (TG + 'tex-gyre/texgyrepagella-bold.otf', 'serif bold'),
    (TG + 'tex-gyre/texgyreschola-regular.otf', 'serif'),
    (TG + 'tex-gyre/texgyreschola-bold.otf', 'serif bold'),
    (TG + 'tex-gyre/texgyretermes-regular.otf', 'serif'),
    (TG + 'tex-gyre/texgyretermes-bold.otf', 'serif bold'),
    (TG + 'lm/lmroman10-regular.otf', 'serif'),
    (TG + 'lm/lmroman10-bold.otf', 'serif bold'),
    (TG + 'lm/lmsans10-regular.otf', 'sans'),
    (TG + 'lm/lmsans10-bold.otf', 'sans bold'),
    (TG + 'lm/lmmono10-regular.otf', 'mono'),
]
_HAND_TABLE = [
    OT + 'comic-neue/ComicNeue-Regular.otf',
    OT + 'comic-neue/ComicNeue-Bold.otf',
    OT + 'comic-neue/ComicNeue-Italic.otf',
    TT + 'quicksand/Quicksand-Medium.ttf',
    OT + 'linux-libertine/LinBiolinum_RI.otf',
    '/usr/share/fonts/fonts-go/Go-Medium-Italic.ttf',
    OT + 'urw-base35/URWGothic-BookOblique.otf',
]

FONTS = []
_seen = set()
for _p, _t in _FONT_TABLE:
    if os.path.exists(_p) and os.path.basename(_p) not in _seen:
        _seen.add(os.path.basename(_p))
        FONTS.append((_p, set(_t.split())))
HAND_FONTS = [p for p in _HAND_TABLE if os.path.exists(p)]
if not FONTS:
    sys.exit('no usable fonts found under /usr/share/fonts')

_FONT_CACHE = {}


def F(path, size):
    size = max(6, int(round(size)))
    key = (path, size)
    f = _FONT_CACHE.get(key)
    if f is None:
        if len(_FONT_CACHE) > 4000:
            _FONT_CACHE.clear()
            _WLEN.clear()
        f = ImageFont.truetype(path, size)
        _FONT_CACHE[key] = f
    return f


_GLYPH = {}


def _render_char(path, ch):
    f = F(path, 40)
    im = Image.new('L', (90, 90), 0)
    ImageDraw.Draw(im).text((20, 20), ch, font=f, fill=255)
    return im.tobytes()


def has_glyphs(path, chars):
    for ch in chars:
        key = (path, ch)
        ok = _GLYPH.get(key)
        if ok is None:
            nd = _GLYPH.get((path, '<notdef>'))
            if nd is None:
                nd = (_render_char(path, '\ue000'), _render_char(path, '\U0010fffd'))
                _GLYPH[(path, '<notdef>')] = nd
            b = _render_char(path, ch)
            ok = (b not in nd) and any(b)
            _GLYPH[key] = ok
        if not ok:
            return False
    return True


_CAP = {}


def cap_ratio(path, sample='8'):
    key = (path, sample)
    r = _CAP.get(key)
    if r is None:
        f = F(path, 200)
        l, t, rr, b = f.getbbox(sample, anchor='ls')
        r = max(0.3, (b - t) / 200.0)
        _CAP[key] = r
    return r


def font_cap(path, cap_px, sample='8'):
    return F(path, cap_px / cap_ratio(path, sample))


def pick_font(rng, want=None, avoid=(), chars='0123456789'):
    """Choose a font whose tags include one of `want` and none of `avoid`."""
    cands = []
    for p, tags in FONTS:
        if want and not (tags & set(want)):
            continue
        if tags & set(avoid):
            continue
        cands.append(p)
    if not cands:
        cands = [p for p, _ in FONTS]
    for _ in range(30):
        p = rng.choice(cands)
        if has_glyphs(p, chars):
            return p
    return FONTS[0][0]


def tags_of(path):
    for p, t in FONTS:
        if p == path:
            return t
    return set()


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------
WORDS = (
    "the of and to in is was for on that with as by at from his an were are which this be has or had "
    "it not but their after new first two three last year people been they will about more city council "
    "local market weather season report water school garden village river morning evening record team game "
    "player week government plan street house family club road park library museum festival music summer "
    "winter spring autumn station train bus traffic police fire health hospital doctor students teachers "
    "county district minister budget price prices energy farm farmers harvest rain wind storm coast bridge "
    "church hall concert theatre film book review letter editor readers public meeting residents community "
    "project building work workers company business shop shops centre center growth sales report statement "
    "officials said says would could should may might over under between during before while because though "
    "local national world sport football cricket tennis league cup final match win wins lost draw points "
    "open closed hours today tomorrow yesterday night day time times high low north south east west old young "
    "children parents history story stories news page edition special offer free tickets available online "
    "call contact information details recipe kitchen cook bread cheese apples coffee tea garden flowers trees "
    "mountain valley lake island travel holiday hotel guests visitors tour walk walking path trail view").split()

_WLEN = {}


def wlen(font, w):
    key = (id(font), w)
    v = _WLEN.get(key)
    if v is None:
        if len(_WLEN) > 200000:
            _WLEN.clear()
        v = font.getlength(w)
        _WLEN[key] = v
    return v


def sentence(rng, k):
    s = ' '.join(rng.choice(WORDS) for _ in range(k))
    return s[0].upper() + s[1:]


def fill_text(d, box, font, fill, rng, lh=1.3, first_indent=0.0):
    x0, y0, x1, y1 = [int(v) for v in box]
    if x1 - x0 < 20:
        return
    sp = wlen(font, ' ')
    lhp = max(4, int(font.size * lh))
    y = y0
    indent = first_indent
    while y + font.size <= y1:
        x = x0 + indent
        words = []
        while True:
            w = rng.choice(WORDS)
            wl = wlen(font, w)
            if x + wl > x1:
                break
            words.append(w)
            x += wl + sp
        if words:
            d.text((x0 + indent, y), ' '.join(words), font=font, fill=fill)
        indent = 0
        if rng.random() < 0.07:
            indent = font.size * 1.2
            if rng.random() < 0.5:
                y += lhp // 2
        y += lhp


def text_c(d, cx, cy, s, font, fill):
    """Draw s with its ink box centred on (cx, cy)."""
    l, t, r, b = font.getbbox(s, anchor='ls')
    d.text((cx - (l + r) / 2.0, cy - (t + b) / 2.0), s, font=font, fill=fill, anchor='ls')


def text_w(font, s):
    return font.getlength(s)


def clamp8(v):
    return int(max(0, min(255, round(v))))


def mix(a, b, t):
    return tuple(clamp8(a[i] * (1 - t) + b[i] * t) for i in range(3))


def jit(rng, c, a=8):
    return tuple(clamp8(v + rng.uniform(-a, a)) for v in c)


# ---------------------------------------------------------------------------
# Puzzles
# ---------------------------------------------------------------------------
SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


def alphabet_symbols(n, alpha):
    if alpha == 'digits':
        return [str(i) for i in range(1, n + 1)]
    if alpha == 'numbers':
        return [str(i) for i in range(1, n + 1)]
    if alpha == 'letters':
        return [chr(65 + i) for i in range(n)]
    if alpha == 'hex':
        return list('0123456789ABCDEF')[:n]
    if alpha == 'alnum':
        return [str(i) for i in range(1, 10)] + [chr(65 + i) for i in range(n - 9)]
    raise ValueError(alpha)


def make_solution(R, C, rng):
    n = R * C
    g = np.array([[(C * (r % R) + r // R + c) % n for c in range(n)] for r in range(n)])
    bands = list(range(C))
    rng.shuffle(bands)
    rows = []
    for b in bands:
        w = list(range(R))
        rng.shuffle(w)
        rows += [b * R + i for i in w]
    stacks = list(range(R))
    rng.shuffle(stacks)
    cols = []
    for s in stacks:
        w = list(range(C))
        rng.shuffle(w)
        cols += [s * C + j for j in w]
    g = g[rows][:, cols]
    perm = list(range(n))
    rng.shuffle(perm)
    g = np.array(perm)[g] + 1
    if R == C and rng.random() < 0.5:
        g = g.T.copy()
    return g


def valid_grid(g, R, C):
    n = R * C
    full = set(range(1, n + 1))
    for i in range(n):
        if set(g[i, :].tolist()) != full or set(g[:, i].tolist()) != full:
            return False
    for br in range(0, n, R):
        for bc in range(0, n, C):
            if set(g[br:br + R, bc:bc + C].flatten().tolist()) != full:
                return False
    return True


def make_puzzle(rng, n, alpha, entry_p, pencil_p):
    R, C = SHAPES[n]
    sol = make_solution(R, C, rng)
    assert valid_grid(sol, R, C)
    frac = rng.uniform(0.25, 0.55)
    k = int(round(frac * n * n))
    idx = list(range(n * n))
    rng.shuffle(idx)
    given = np.zeros((n, n), bool)
    for i in idx[:k]:
        given[i // n, i % n] = True
    entry = np.zeros((n, n), bool)
    rest = idx[k:]
    if rng.random() < entry_p:
        m = int(len(rest) * rng.uniform(0.08, 0.55))
        for i in rest[:m]:
            entry[i // n, i % n] = True
        rest = rest[m:]
    pencil = {}
    if n <= 9 and rng.random() < pencil_p:
        m = int(len(rest) * rng.uniform(0.1, 0.6))
        for i in rest[:m]:
            r, c = divmod(i, n)
            cand = {int(sol[r, c])}
            for _ in range(rng.randint(0, min(4, n - 1))):
                cand.add(rng.randint(1, n))
            pencil[(r, c)] = sorted(cand)
    return dict(n=n, R=R, C=C, sol=sol, given=given, entry=entry, pencil=pencil,
                syms=alphabet_symbols(n, alpha), alpha=alpha)


def truth_cells(puz):
    t = np.where(puz['given'] | puz['entry'], puz['sol'], 0)
    return t


# ---------------------------------------------------------------------------
# Grid style and renderer
# ---------------------------------------------------------------------------
ACCENTS = [(52, 120, 246), (0, 137, 123), (230, 81, 0), (103, 58, 183), (25, 118, 210),
           (56, 142, 60), (194, 24, 91), (239, 108, 0), (57, 73, 171), (0, 121, 107)]


def base_style():
    return dict(mode='lines', bg=(255, 255, 255), thin_f=0.02, thick_f=0.06, outer_f=0.07,
                thin_col=(0, 0, 0), thick_col=(0, 0, 0), outer_col=(0, 0, 0), dotted=False,
                given_font=None, given_col=(0, 0, 0), given_ratio=0.55,
                entry_font=None, entry_col=(40, 80, 200), entry_ratio=0.55, hand=False,
                pencil_font=None, pencil_col=(120, 120, 120), pencil_style='grid',
                shade_col=(230, 230, 230), hl=None, coords=False, coord_col=(120, 120, 120),
                tile_col=(255, 255, 255), gap_col=(200, 200, 200), corner_r=0.15)


def make_style(rng, ctx, n, gfont, dark=False, accent=None):
    st = base_style()
    st['shade_thin'] = rng.random() < 0.5
    st['given_font'] = gfont
    st['entry_font'] = gfont
    st['pencil_font'] = gfont
    accent = accent or rng.choice(ACCENTS)
    st['accent'] = accent
    if ctx == 'app':
        if dark:
            bgc = rng.choice([(18, 18, 18), (28, 28, 30), (33, 37, 43), (20, 24, 33)])
            st['bg'] = mix(bgc, (255, 255, 255), rng.uniform(0.02, 0.06))
            st['thin_col'] = mix(bgc, (255, 255, 255), rng.uniform(0.18, 0.3))
            st['thick_col'] = mix(bgc, (255, 255, 255), rng.uniform(0.55, 0.8))
            st['outer_col'] = st['thick_col']
            st['given_col'] = rng.choice([(235, 235, 235), (210, 214, 220), (245, 245, 245)])
            st['entry_col'] = mix(accent, (255, 255, 255), 0.35)
            st['pencil_col'] = (150, 150, 155)
            st['shade_col'] = mix(st['bg'], (255, 255, 255), 0.08)
            hl = mix(st['bg'], accent, 0.18)
            st['hl'] = dict(row=hl, same=mix(st['bg'], accent, 0.35), sel=mix(st['bg'], accent, 0.5))
            st['tile_col'] = mix(bgc, (255, 255, 255), 0.1)
            st['gap_col'] = bgc
        else:
            st['bg'] = rng.choice([(255, 255, 255), (255, 255, 255), (250, 250, 246), (248, 250, 255)])
            st['thin_col'] = rng.choice([(190, 198, 212), (200, 200, 200), (170, 170, 170), (215, 220, 228)])
            st['thick_col'] = rng.choice([(52, 72, 97), (40, 40, 40), (0, 0, 0), mix(accent, (0, 0, 0), 0.3)])
            st['outer_col'] = st['thick_col']
            st['given_col'] = rng.choice([(20, 20, 20), (52, 72, 97), (0, 0, 0), (60, 60, 60)])
            st['entry_col'] = rng.choice([accent, (50, 90, 220), (25, 118, 210), mix(accent, (0, 0, 0), 0.2)])
            st['pencil_col'] = rng.choice([(110, 110, 110), (130, 140, 150), (100, 110, 130)])
            st['shade_col'] = rng.choice([(236, 240, 246), (242, 242, 242), mix((255, 255, 255), accent, 0.08)])
            st['hl'] = dict(row=mix((255, 255, 255), accent, rng.uniform(0.08, 0.14)),
                            same=mix((255, 255, 255), accent, rng.uniform(0.22, 0.3)),
                            sel=mix((255, 255, 255), accent, rng.uniform(0.32, 0.42)))
            st['tile_col'] = (255, 255, 255)
            st['gap_col'] = rng.choice([(225, 228, 235), (210, 215, 222), mix((255, 255, 255), accent, 0.25)])
        st['thin_f'] = rng.uniform(0.01, 0.03)
        st['thick_f'] = rng.uniform(0.035, 0.07)
        st['outer_f'] = st['thick_f'] * rng.uniform(1.0, 1.5)
        st['given_ratio'] = rng.uniform(0.42, 0.58)
        st['entry_ratio'] = st['given_ratio']
        r = rng.random()
        st['mode'] = 'lines' if r < 0.7 else ('shade' if r < 0.85 else 'round')
        if rng.random() < 0.85:
            st['use_hl'] = True
    elif ctx in ('web', 'pdf', 'sheet', 'plain'):
        st['bg'] = rng.choice([(255, 255, 255), (255, 255, 255), (252, 252, 248), (246, 248, 250)])
        st['thin_col'] = rng.choice([(0, 0, 0), (120, 120, 120), (170, 170, 170), (200, 200, 200), (90, 90, 90)])
        st['thick_col'] = rng.choice([(0, 0, 0), (0, 0, 0), (40, 40, 40), mix(accent, (0, 0, 0), 0.4)])
        st['outer_col'] = st['thick_col']
        st['given_col'] = rng.choice([(0, 0, 0), (30, 30, 30), (20, 20, 60)])
        st['entry_col'] = rng.choice([(30, 80, 200), accent, (0, 110, 60), (180, 30, 30)])
        st['thin_f'] = rng.uniform(0.008, 0.035)
        st['thick_f'] = rng.uniform(0.03, 0.08)
        st['outer_f'] = st['thick_f'] * rng.uniform(1.0, 1.6)
        st['given_ratio'] = rng.uniform(0.42, 0.62)
        st['entry_ratio'] = st['given_ratio'] * rng.uniform(0.85, 1.0)
        st['shade_col'] = rng.choice([(228, 228, 228), (235, 240, 250), (250, 240, 220), mix((255, 255, 255), accent, 0.15)])
        r = rng.random()
        st['mode'] = 'lines' if r < 0.8 else ('shade' if r < 0.93 else 'round')
        st['tile_col'] = (255, 255, 255)
        st['gap_col'] = mix((255, 255, 255), accent, 0.3)
        if ctx in ('web', 'plain') and rng.random() < 0.35:
            st['use_hl'] = True
            st['hl'] = dict(row=mix((255, 255, 255), accent, 0.1), same=mix((255, 255, 255), accent, 0.25),
                            sel=mix((255, 255, 255), accent, 0.4))
        st['coords'] = ctx in ('web', 'pdf', 'plain') and rng.random() < 0.18
        st['dotted'] = ctx == 'pdf' and rng.random() < 0.12
    else:  # printed: news, book, sheet_print, magazine
        st['bg'] = None
        st['thin_col'] = (0, 0, 0)
        st['thick_col'] = (0, 0, 0)
        st['outer_col'] = (0, 0, 0)
        st['given_col'] = (0, 0, 0)
        st['thin_f'] = rng.uniform(0.012, 0.035)
        st['thick_f'] = rng.uniform(0.04, 0.09)
        st['outer_f'] = st['thick_f'] * rng.uniform(1.0, 1.5)
        st['given_ratio'] = rng.uniform(0.45, 0.65)
        st['entry_ratio'] = st['given_ratio'] * rng.uniform(0.9, 1.15)
        st['shade_col'] = (215, 215, 215)
        r = rng.random()
        st['mode'] = 'lines' if r < 0.88 else 'shade'
        st['dotted'] = rng.random() < 0.08
        st['coords'] = ctx == 'book' and rng.random() < 0.1
        if ctx == 'magazine':
            st['thick_col'] = st['outer_col'] = mix(accent, (0, 0, 0), 0.45)
            st['thin_col'] = mix(accent, (0, 0, 0), 0.2)
            st['shade_col'] = mix((255, 255, 255), accent, 0.22)
            st['mode'] = 'shade' if rng.random() < 0.6 else 'lines'
            st['bg'] = (255, 255, 255)
        if ctx in ('book', 'sheet_print', 'magazine'):
            st['hand'] = True
            st['entry_font'] = rng.choice(HAND_FONTS) if HAND_FONTS else gfont
            st['entry_col'] = rng.choice([(25, 45, 150), (20, 20, 30), (70, 70, 75), (30, 60, 170)])
            st['pencil_font'] = st['entry_font']
            st['pencil_col'] = (105, 105, 110)
            st['pencil_style'] = rng.choice(['corner', 'grid', 'top'])
    if ctx == 'app' and rng.random() < 0.25:
        st['pencil_style'] = 'corner' if rng.random() < 0.5 else 'grid'
    return st


def _hand_glyph(img, cx, cy, s, path, cap, col, rng):
    f = font_cap(path, cap * rng.uniform(0.9, 1.08))
    l, t, r, b = f.getbbox(s, anchor='ls')
    w, h = int(r - l) + 8, int(b - t) + 8
    m = Image.new('L', (w * 2, h * 2), 0)
    ImageDraw.Draw(m).text((w - (l + r) / 2.0, h - (t + b) / 2.0), s, font=f, fill=255, anchor='ls')
    m = m.rotate(rng.uniform(-9, 9), resample=RS.BICUBIC)
    ox = cx + rng.uniform(-0.06, 0.06) * cap * 1.6
    oy = cy + rng.uniform(-0.06, 0.06) * cap * 1.6
    img.paste(Image.new('RGB', m.size, col), (int(ox - w), int(oy - h)), m)


def draw_sudoku(img, x0, y0, G, puz, st, rng):
    """Draw a Sudoku into img with its outer frame at (x0, y0, G, G).  Returns grid rect."""
    n, R, C = puz['n'], puz['R'], puz['C']
    d = ImageDraw.Draw(img)
    if st.get('coords'):
        pad = G * 0.75 / (n + 0.75)
        x0, y0, G = x0 + pad, y0 + pad, G - pad
    x0, y0, G = int(round(x0)), int(round(y0)), int(round(G))
    cs = G / n
    xs = [x0 + int(round(i * G / n)) for i in range(n + 1)]
    ys = [y0 + int(round(i * G / n)) for i in range(n + 1)]
    thin = max(1, int(round(cs * st['thin_f'])))
    thick = max(thin + 1, int(round(cs * st['thick_f'])), int(round(thin * 1.8)))
    outer = max(thick, int(round(cs * st['outer_f'])))
    mode = st['mode']
    truth = truth_cells(puz)

    # --- highlights
    hlmap = {}
    if st.get('use_hl') and st.get('hl'):
        sr, sc = rng.randrange(n), rng.randrange(n)
        v = truth[sr, sc]
        for r in range(n):
            for c in range(n):
                if r == sr or c == sc or (r // R == sr // R and c // C == sc // C):
                    hlmap[(r, c)] = st['hl']['row']
                if v and truth[r, c] == v:
                    hlmap[(r, c)] = st['hl']['same']
        hlmap[(sr, sc)] = st['hl']['sel']

    if mode == 'round':
        d.rectangle([x0, y0, x0 + G, y0 + G], fill=st['gap_col'])
        g1 = max(1, int(round(cs * 0.035)))
        g2 = max(g1 + 1, int(round(cs * 0.09)))
        rad = max(2, int(cs * st['corner_r']))
        for r in range(n):
            for c in range(n):
                l = xs[c] + (g2 if c % C == 0 else g1)
                rr = xs[c + 1] - (g2 if (c + 1) % C == 0 else g1)
                t = ys[r] + (g2 if r % R == 0 else g1)
                b = ys[r + 1] - (g2 if (r + 1) % R == 0 else g1)
                col = hlmap.get((r, c), st['tile_col'])
                d.rounded_rectangle([l, t, rr, b], radius=rad, fill=col)
    else:
        if st['bg'] is not None:
            d.rectangle([x0, y0, x0 + G, y0 + G], fill=st['bg'])
        for r in range(n):
            for c in range(n):
                col = None
                if mode == 'shade' and ((r // R) + (c // C)) % 2 == 1:
                    col = st['shade_col']
                col = hlmap.get((r, c), col)
                if col is not None:
                    d.rectangle([xs[c], ys[r], xs[c + 1], ys[r + 1]], fill=col)

        def vline(x, w, col, dotted=False):
            a = x - w // 2
            if dotted:
                step = max(4, int(cs / 6))
                for yy in range(y0, y0 + G, step):
                    d.rectangle([a, yy, a + w - 1, min(y0 + G, yy + step // 2)], fill=col)
            else:
                d.rectangle([a, y0 - outer // 2, a + w - 1, y0 + G + outer // 2], fill=col)

        def hline(y, w, col, dotted=False):
            a = y - w // 2
            if dotted:
                step = max(4, int(cs / 6))
                for xx in range(x0, x0 + G, step):
                    d.rectangle([xx, a, min(x0 + G, xx + step // 2), a + w - 1], fill=col)
            else:
                d.rectangle([x0 - outer // 2, a, x0 + G + outer // 2, a + w - 1], fill=col)

        box_thick = thick if mode != 'shade' else (thin if st.get('shade_thin') else max(thin, int(round(thick * 0.6))))
        for i in range(1, n):
            if i % C:
                vline(xs[i], thin, st['thin_col'], st['dotted'])
            if i % R:
                hline(ys[i], thin, st['thin_col'], st['dotted'])
        for i in range(1, n):
            if i % C == 0:
                vline(xs[i], box_thick, st['thick_col'])
            if i % R == 0:
                hline(ys[i], box_thick, st['thick_col'])
        for i in (0, n):
            vline(xs[i], outer, st['outer_col'])
            hline(ys[i], outer, st['outer_col'])

    # --- symbols
    syms = puz['syms']
    longest = max(syms, key=len)
    gpath = st['given_font']
    cap_g = cs * st['given_ratio']
    fg = font_cap(gpath, cap_g)
    # shrink to fit width for multi-character symbols
    while len(longest) > 1 and text_w(fg, longest) > cs * 0.78 and fg.size > 7:
        fg = F(gpath, fg.size * 0.92)
    epath = st['entry_font']
    fe = font_cap(epath, cs * st['entry_ratio'])
    while len(longest) > 1 and text_w(fe, longest) > cs * 0.78 and fe.size > 7:
        fe = F(epath, fe.size * 0.92)
    cap_e = fe.getbbox('8', anchor='ls')
    cap_e = cap_e[3] - cap_e[1]
    for r in range(n):
        for c in range(n):
            cx = (xs[c] + xs[c + 1]) / 2.0
            cy = (ys[r] + ys[r + 1]) / 2.0
            v = int(puz['sol'][r, c])
            if puz['given'][r, c]:
                text_c(d, cx, cy, syms[v - 1], fg, st['given_col'])
            elif puz['entry'][r, c]:
                if st['hand']:
                    _hand_glyph(img, cx, cy, syms[v - 1], epath, cap_e, st['entry_col'], rng)
                else:
                    text_c(d, cx, cy, syms[v - 1], fe, st['entry_col'])
    # --- pencil marks (small, count as empty)
    if puz['pencil']:
        ppath = st['pencil_font']
        style = st['pencil_style']
        fp = font_cap(ppath, cs * (0.19 if n > 4 else 0.21))
        for (r, c), cands in puz['pencil'].items():
            if style == 'grid':
                for v in cands:
                    i, j = divmod(v - 1, C)
                    cx = xs[c] + cs * (0.14 + 0.72 * (j + 0.5) / C)
                    cy = ys[r] + cs * (0.14 + 0.72 * (i + 0.5) / R)
                    text_c(d, cx, cy, syms[v - 1], fp, st['pencil_col'])
            else:
                s = ''.join(syms[v - 1] for v in cands)
                yy = ys[r] + cs * 0.2 if style in ('corner', 'top') else ys[r + 1] - cs * 0.2
                if style == 'corner':
                    d.text((xs[c] + cs * 0.1, yy), s, font=fp, fill=st['pencil_col'], anchor='lm')
                else:
                    text_c(d, (xs[c] + xs[c + 1]) / 2.0, yy, s, fp, st['pencil_col'])
    # --- coordinates outside the frame
    if st.get('coords'):
        fc = font_cap(gpath, cs * 0.28)
        for i in range(n):
            text_c(d, (xs[i] + xs[i + 1]) / 2.0, y0 - cs * 0.42, chr(65 + i) if i < 26 else '?', fc, st['coord_col'])
            text_c(d, x0 - cs * 0.42, (ys[i] + ys[i + 1]) / 2.0, str(i + 1), fc, st['coord_col'])
    return (x0, y0, G)


class SudokuContent:
    is_sudoku = True

    def __init__(self, puz, st, rng):
        self.puz, self.st, self.rng = puz, st, rng
        self.rect = None

    def draw(self, img, box):
        x0, y0, w, h = box
        G = min(w, h)
        self.rect = draw_sudoku(img, x0 + (w - G) / 2.0, y0 + (h - G) / 2.0, G, self.puz, self.st, self.rng)
        return self.rect


# ---------------------------------------------------------------------------
# Things that are not Sudoku
# ---------------------------------------------------------------------------
def _grid_lines(d, x0, y0, cs, nr, nc, col, w=1, outer=2):
    for i in range(nc + 1):
        ww = outer if i in (0, nc) else w
        x = int(x0 + i * cs)
        d.rectangle([x - ww // 2, int(y0), x - ww // 2 + ww - 1, int(y0 + nr * cs)], fill=col)
    for i in range(nr + 1):
        ww = outer if i in (0, nr) else w
        y = int(y0 + i * cs)
        d.rectangle([int(x0), y - ww // 2, int(x0 + nc * cs), y - ww // 2 + ww - 1], fill=col)


def nd_crossword(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    n = rng.choice([11, 13, 15, 15, 17])
    G = min(w, h)
    cs = G / n
    x0 += (w - G) / 2
    y0 += (h - G) / 2
    black = np.zeros((n, n), bool)
    for r in range(n):
        for c in range(n):
            if rng.random() < 0.17:
                black[r, c] = True
                black[n - 1 - r, n - 1 - c] = True
    ink, paper = sty['ink'], sty['paper']
    d.rectangle([x0, y0, x0 + G, y0 + G], fill=paper)
    for r in range(n):
        for c in range(n):
            if black[r, c]:
                d.rectangle([x0 + c * cs, y0 + r * cs, x0 + (c + 1) * cs, y0 + (r + 1) * cs], fill=ink)
    _grid_lines(d, x0, y0, cs, n, n, ink, max(1, int(cs * 0.04)), max(2, int(cs * 0.08)))
    fn = font_cap(sty['font'], cs * 0.2)
    fl = font_cap(sty['font'], cs * 0.5, 'H')
    num = 1
    fill_p = rng.choice([0, 0, 0.25, 0.5])
    for r in range(n):
        for c in range(n):
            if black[r, c]:
                continue
            a = (c == 0 or black[r, c - 1]) and c + 1 < n and not black[r, c + 1]
            b = (r == 0 or black[r - 1, c]) and r + 1 < n and not black[r + 1, c]
            if a or b:
                d.text((x0 + c * cs + cs * 0.08, y0 + r * cs + cs * 0.06), str(num), font=fn, fill=ink)
                num += 1
            if rng.random() < fill_p:
                text_c(d, x0 + (c + 0.5) * cs, y0 + (r + 0.58) * cs, chr(65 + rng.randrange(26)), fl,
                       sty.get('pen', ink))
    return (x0, y0, G)


def nd_chess(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    G = min(w, h)
    pad = G * 0.06
    x0 += (w - G) / 2 + pad
    y0 += (h - G) / 2
    G -= pad
    cs = G / 8
    light, dark = rng.choice([((238, 238, 210), (118, 150, 86)), ((240, 217, 181), (181, 136, 99)),
                              ((255, 255, 255), (170, 170, 170)), ((222, 227, 230), (140, 162, 173))])
    if sty.get('print'):
        light, dark = sty['paper'], mix(sty['paper'], sty['ink'], 0.35)
    for r in range(8):
        for c in range(8):
            d.rectangle([x0 + c * cs, y0 + r * cs, x0 + (c + 1) * cs, y0 + (r + 1) * cs],
                        fill=dark if (r + c) % 2 else light)
    d.rectangle([x0, y0, x0 + G, y0 + G], outline=sty['ink'], width=max(1, int(cs * 0.03)))
    pieces = '\u2654\u2655\u2656\u2657\u2658\u2659\u265a\u265b\u265c\u265d\u265e\u265f'
    pf = TT + 'dejavu/DejaVuSans.ttf'
    use_glyph = os.path.exists(pf) and has_glyphs(pf, pieces)
    fp = F(pf if use_glyph else sty['font'], cs * 0.8)
    for _ in range(rng.randint(6, 22)):
        r, c = rng.randrange(8), rng.randrange(8)
        p = rng.choice(pieces) if use_glyph else rng.choice('KQRBNP')
        text_c(d, x0 + (c + 0.5) * cs, y0 + (r + 0.5) * cs, p, fp, (10, 10, 10))
    fc = font_cap(sty['font'], cs * 0.22)
    for i in range(8):
        text_c(d, x0 + (i + 0.5) * cs, y0 + G + cs * 0.25, 'abcdefgh'[i], fc, sty['ink'])
        text_c(d, x0 - cs * 0.25, y0 + (i + 0.5) * cs, str(8 - i), fc, sty['ink'])
    return (x0, y0, G)


def nd_calendar(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
              'October', 'November', 'December']
    ft = font_cap(sty['fontb'], h * 0.045, 'H')
    d.text((x0, y0), '%s %d' % (rng.choice(months), rng.randint(2019, 2027)), font=ft, fill=sty['ink'])
    top = y0 + h * 0.1
    cw = w / 7
    days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
    fh = font_cap(sty['font'], h * 0.022, 'H')
    for i in range(7):
        text_c(d, x0 + (i + 0.5) * cw, top + h * 0.025, days[i], fh, sty['ink'])
    top += h * 0.06
    nrow = rng.choice([5, 6])
    rh = (y0 + h - top) / nrow
    start = rng.randrange(7)
    ndays = rng.choice([28, 30, 31])
    fd = font_cap(sty['font'], min(rh, cw) * 0.2)
    fe = font_cap(sty['font'], min(rh, cw) * 0.11, 'H')
    for r in range(nrow):
        for c in range(7):
            k = r * 7 + c - start + 1
            bx, by = x0 + c * cw, top + r * rh
            if c >= 5:
                d.rectangle([bx, by, bx + cw, by + rh], fill=mix(sty['paper'], sty['accent'], 0.08))
            if 1 <= k <= ndays:
                d.text((bx + cw * 0.08, by + rh * 0.06), str(k), font=fd, fill=sty['ink'])
                if rng.random() < 0.2:
                    ey = by + rh * 0.55
                    d.rectangle([bx + 3, ey, bx + cw - 3, ey + fe.size * 1.3], fill=mix(sty['paper'], sty['accent'], 0.3))
                    d.text((bx + 6, ey + 1), rng.choice(WORDS).capitalize(), font=fe, fill=sty['ink'])
    for i in range(8):
        d.line([(x0 + i * cw, top), (x0 + i * cw, y0 + h)], fill=mix(sty['paper'], sty['ink'], 0.5), width=1)
    for i in range(nrow + 1):
        d.line([(x0, top + i * rh), (x0 + w, top + i * rh)], fill=mix(sty['paper'], sty['ink'], 0.5), width=1)
    return (x0, y0, min(w, h))


def nd_bingo(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    G = min(w, h)
    x0 += (w - G) / 2
    y0 += (h - G) / 2
    cs = G / 5.6
    hh = cs * 0.9
    col = sty['accent']
    fb = font_cap(sty['fontb'], hh * 0.55, 'H')
    for i, ch in enumerate('BINGO'):
        d.rectangle([x0 + i * cs, y0, x0 + (i + 1) * cs, y0 + hh], fill=col)
        text_c(d, x0 + (i + 0.5) * cs, y0 + hh / 2, ch, fb, (255, 255, 255))
    top = y0 + hh
    fn = font_cap(sty['fontb'], cs * 0.38)
    for c in range(5):
        nums = rng.sample(range(c * 15 + 1, c * 15 + 16), 5)
        for r in range(5):
            cx, cy = x0 + (c + 0.5) * cs, top + (r + 0.5) * cs
            if r == 2 and c == 2:
                text_c(d, cx, cy, 'FREE', font_cap(sty['fontb'], cs * 0.18, 'H'), col)
            else:
                text_c(d, cx, cy, str(nums[r]), fn, sty['ink'])
                if rng.random() < 0.25:
                    d.ellipse([cx - cs * 0.38, cy - cs * 0.38, cx + cs * 0.38, cy + cs * 0.38],
                              outline=(200, 40, 60), width=max(2, int(cs * 0.05)))
    _grid_lines(d, x0, top, cs, 5, 5, sty['ink'], max(1, int(cs * 0.02)), max(2, int(cs * 0.04)))
    return (x0, y0, G)


def _cages(n, rng):
    cage = -np.ones((n, n), int)
    k = 0
    order = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(order)
    for (r, c) in order:
        if cage[r, c] >= 0:
            continue
        cage[r, c] = k
        size = rng.choice([1, 2, 2, 3, 3, 4])
        cells = [(r, c)]
        for _ in range(size - 1):
            rr, cc = rng.choice(cells)
            dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            a, b = rr + dr, cc + dc
            if 0 <= a < n and 0 <= b < n and cage[a, b] < 0:
                cage[a, b] = k
                cells.append((a, b))
        k += 1
    return cage


def nd_kenken(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    n = rng.choice([4, 5, 6, 7])
    G = min(w, h)
    x0 += (w - G) / 2
    y0 += (h - G) / 2
    cs = G / n
    cage = _cages(n, rng)
    ink = sty['ink']
    d.rectangle([x0, y0, x0 + G, y0 + G], fill=sty['paper'])
    _grid_lines(d, x0, y0, cs, n, n, mix(sty['paper'], ink, 0.5), 1, 1)
    tw = max(3, int(cs * 0.07))
    for r in range(n):
        for c in range(n):
            if c + 1 < n and cage[r, c] != cage[r, c + 1]:
                x = x0 + (c + 1) * cs
                d.rectangle([x - tw // 2, y0 + r * cs - tw // 2, x + tw // 2, y0 + (r + 1) * cs + tw // 2], fill=ink)
            if r + 1 < n and cage[r, c] != cage[r + 1, c]:
                y = y0 + (r + 1) * cs
                d.rectangle([x0 + c * cs - tw // 2, y - tw // 2, x0 + (c + 1) * cs + tw // 2, y + tw // 2], fill=ink)
    d.rectangle([x0, y0, x0 + G, y0 + G], outline=ink, width=tw + 1)
    fc = font_cap(sty['font'], cs * 0.17)
    done = set()
    for r in range(n):
        for c in range(n):
            k = cage[r, c]
            if k in done:
                continue
            done.add(k)
            sz = int((cage == k).sum())
            s = str(rng.randint(1, n)) if sz == 1 else '%d%s' % (rng.randint(2, 60), rng.choice(['+', '\u2212', '\u00d7', '\u00f7', '+', 'x']))
            if not has_glyphs(sty['font'], s):
                s = s[:-1] + '+'
            d.text((x0 + c * cs + cs * 0.1, y0 + r * cs + cs * 0.08), s, font=fc, fill=ink)
    return (x0, y0, G)


def nd_kakuro(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    n = rng.choice([8, 9, 10, 12])
    G = min(w, h)
    x0 += (w - G) / 2
    y0 += (h - G) / 2
    cs = G / n
    ink = sty['ink']
    clue_col = mix(sty['paper'], ink, rng.uniform(0.35, 0.8))
    blk = np.zeros((n, n), bool)
    blk[0, :] = True
    blk[:, 0] = True
    for r in range(1, n):
        for c in range(1, n):
            if rng.random() < 0.22:
                blk[r, c] = True
    d.rectangle([x0, y0, x0 + G, y0 + G], fill=sty['paper'])
    fc = font_cap(sty['font'], cs * 0.2)
    fd = font_cap(sty['font'], cs * 0.5)
    fill_p = rng.choice([0, 0, 0.3])
    for r in range(n):
        for c in range(n):
            bx, by = x0 + c * cs, y0 + r * cs
            if blk[r, c]:
                d.rectangle([bx, by, bx + cs, by + cs], fill=clue_col)
                right = c + 1 < n and not blk[r, c + 1]
                down = r + 1 < n and not blk[r + 1, c]
                if right or down:
                    d.line([(bx, by), (bx + cs, by + cs)], fill=sty['paper'], width=max(1, int(cs * 0.03)))
                tc = (255, 255, 255) if clue_col[0] < 150 else ink
                if right:
                    d.text((bx + cs * 0.55, by + cs * 0.12), str(rng.randint(3, 40)), font=fc, fill=tc)
                if down:
                    d.text((bx + cs * 0.1, by + cs * 0.58), str(rng.randint(3, 40)), font=fc, fill=tc)
            elif rng.random() < fill_p:
                text_c(d, bx + cs / 2, by + cs / 2, str(rng.randint(1, 9)), fd, sty.get('pen', ink))
    _grid_lines(d, x0, y0, cs, n, n, ink, max(1, int(cs * 0.03)), max(2, int(cs * 0.06)))
    return (x0, y0, G)


def nd_nonogram(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    n = rng.choice([10, 15])
    G = min(w, h)
    x0 += (w - G) / 2
    y0 += (h - G) / 2
    cs = G / (n + n * 0.4)
    gx, gy = x0 + G - n * cs, y0 + G - n * cs
    ink = sty['ink']
    sol = np.array([[rng.random() < 0.5 for _ in range(n)] for _ in range(n)])
    fc = font_cap(sty['font'], cs * 0.45)

    def runs(v):
        out, k = [], 0
        for x in v:
            if x:
                k += 1
            elif k:
                out.append(k)
                k = 0
        if k:
            out.append(k)
        return out or [0]
    for r in range(n):
        rr = runs(sol[r])
        for i, v in enumerate(reversed(rr)):
            text_c(d, gx - (i + 0.6) * cs * 0.75, gy + (r + 0.5) * cs, str(v), fc, ink)
    for c in range(n):
        rr = runs(sol[:, c])
        for i, v in enumerate(reversed(rr)):
            text_c(d, gx + (c + 0.5) * cs, gy - (i + 0.6) * cs * 0.75, str(v), fc, ink)
    partial = rng.random()
    for r in range(n):
        for c in range(n):
            if sol[r, c] and rng.random() < partial:
                d.rectangle([gx + c * cs, gy + r * cs, gx + (c + 1) * cs, gy + (r + 1) * cs], fill=ink)
    for i in range(n + 1):
        ww = max(2, int(cs * 0.08)) if i % 5 == 0 else 1
        d.rectangle([gx + i * cs - ww // 2, gy, gx + i * cs - ww // 2 + ww - 1, gy + n * cs], fill=ink)
        d.rectangle([gx, gy + i * cs - ww // 2, gx + n * cs, gy + i * cs - ww // 2 + ww - 1], fill=ink)
    return (gx, gy, n * cs)


def nd_wordsearch(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    n = rng.choice([11, 13, 14, 15, 17])
    G = min(w, h) * 0.82
    x0 += (w - G) / 2
    cs = G / n
    fl = font_cap(sty['font'], cs * 0.5, 'H')
    if rng.random() < 0.5:
        d.rectangle([x0 - cs * 0.3, y0 - cs * 0.3, x0 + G + cs * 0.3, y0 + G + cs * 0.3], outline=sty['ink'], width=2)
    for r in range(n):
        for c in range(n):
            text_c(d, x0 + (c + 0.5) * cs, y0 + (r + 0.5) * cs, chr(65 + rng.randrange(26)), fl, sty['ink'])
    for _ in range(rng.randint(2, 5)):
        r, c = rng.randrange(n), rng.randrange(n - 4)
        L = rng.randint(3, 5)
        d.rounded_rectangle([x0 + c * cs + 2, y0 + r * cs + 2, x0 + (c + L) * cs - 2, y0 + (r + 1) * cs - 2],
                            radius=int(cs * 0.4), outline=(200, 60, 60), width=max(2, int(cs * 0.06)))
    fw = font_cap(sty['font'], cs * 0.3, 'H')
    yy = y0 + G + cs * 0.7
    for k in range(3):
        d.text((x0 + k * G / 3, yy), '  '.join(rng.choice(WORDS).upper() for _ in range(2)), font=fw, fill=sty['ink'])
    return (x0, y0, G)


def nd_table(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    ncol = rng.randint(4, 8)
    nrow = rng.randint(10, 22)
    rh = h / (nrow + 1)
    cw = w / ncol
    fh = font_cap(sty['fontb'], rh * 0.35, 'H')
    fr = font_cap(sty['font'], rh * 0.33)
    d.rectangle([x0, y0, x0 + w, y0 + rh], fill=mix(sty['paper'], sty['accent'], 0.3))
    heads = ['Name', 'Region', 'Q1', 'Q2', 'Q3', 'Q4', 'Total', 'Change', 'Units', 'Price', 'Date']
    for c in range(ncol):
        d.text((x0 + c * cw + 6, y0 + rh * 0.5), heads[(c + rng.randrange(3)) % len(heads)] if c else 'Item',
               font=fh, fill=sty['ink'], anchor='lm')
    for r in range(nrow):
        y = y0 + (r + 1) * rh
        if r % 2 and rng.random() < 0.7:
            d.rectangle([x0, y, x0 + w, y + rh], fill=mix(sty['paper'], sty['ink'], 0.06))
        for c in range(ncol):
            if c == 0:
                s = rng.choice(WORDS).capitalize()
                d.text((x0 + 6, y + rh * 0.5), s, font=fr, fill=sty['ink'], anchor='lm')
            else:
                s = rng.choice(['%d' % rng.randint(0, 9999), '%.2f' % rng.uniform(0, 500), '%d%%' % rng.randint(-40, 90)])
                d.text((x0 + (c + 1) * cw - 6, y + rh * 0.5), s, font=fr, fill=sty['ink'], anchor='rm')
    lc = mix(sty['paper'], sty['ink'], 0.35)
    for r in range(nrow + 2):
        d.line([(x0, y0 + r * rh), (x0 + w, y0 + r * rh)], fill=lc, width=1)
    if rng.random() < 0.6:
        for c in range(ncol + 1):
            d.line([(x0 + c * cw, y0), (x0 + c * cw, y0 + h)], fill=lc, width=1)
    return (x0, y0, min(w, h))


def nd_times(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    n = rng.choice([10, 12])
    G = min(w, h)
    x0 += (w - G) / 2
    y0 += (h - G) / 2
    cs = G / (n + 1)
    fn = font_cap(sty['font'], cs * 0.32)
    fb = font_cap(sty['fontb'], cs * 0.34)
    hc = mix(sty['paper'], sty['accent'], 0.3)
    d.rectangle([x0, y0, x0 + G, y0 + cs], fill=hc)
    d.rectangle([x0, y0, x0 + cs, y0 + G], fill=hc)
    text_c(d, x0 + cs / 2, y0 + cs / 2, '\u00d7' if has_glyphs(sty['fontb'], '\u00d7') else 'x', fb, sty['ink'])
    for i in range(1, n + 1):
        text_c(d, x0 + (i + 0.5) * cs, y0 + cs / 2, str(i), fb, sty['ink'])
        text_c(d, x0 + cs / 2, y0 + (i + 0.5) * cs, str(i), fb, sty['ink'])
        for j in range(1, n + 1):
            text_c(d, x0 + (j + 0.5) * cs, y0 + (i + 0.5) * cs, str(i * j), fn, sty['ink'])
    _grid_lines(d, x0, y0, cs, n + 1, n + 1, mix(sty['paper'], sty['ink'], 0.5), 1, 2)
    return (x0, y0, G)


def nd_text(img, box, sty, rng):
    d = ImageDraw.Draw(img)
    x0, y0, w, h = box
    fsz = max(9, h / rng.uniform(30, 55))
    fh = F(sty['fontb'], fsz * 2.2)
    d.text((x0, y0), sentence(rng, rng.randint(3, 6)), font=fh, fill=sty['ink'])
    top = y0 + fsz * 3.5
    ncol = rng.choice([1, 2, 3])
    gut = fsz * 1.5
    cw = (w - gut * (ncol - 1)) / ncol
    fb = F(sty['font'], fsz)
    for c in range(ncol):
        fill_text(d, (x0 + c * (cw + gut), top, x0 + c * (cw + gut) + cw, y0 + h), fb, sty['ink'], rng)
    return (x0, y0, min(w, h))


NONE_KINDS = {
    'crossword': nd_crossword, 'chess': nd_chess, 'calendar': nd_calendar, 'bingo': nd_bingo,
    'kenken': nd_kenken, 'kakuro': nd_kakuro, 'nonogram': nd_nonogram, 'wordsearch': nd_wordsearch,
    'table': nd_table, 'times': nd_times, 'text': nd_text,
}


class NoneContent:
    is_sudoku = False

    def __init__(self, kind, sty, rng):
        self.kind, self.sty, self.rng = kind, sty, rng
        self.rect = None

    def draw(self, img, box):
        self.rect = NONE_KINDS[self.kind](img, box, self.sty, self.rng)
        return self.rect


# ---------------------------------------------------------------------------
# Screens
# ---------------------------------------------------------------------------
def _icon(d, kind, cx, cy, r, col, w):
    if kind == 'undo':
        d.arc([cx - r, cy - r, cx + r, cy + r], 200, 520 - 180, fill=col, width=w)
        d.polygon([(cx - r * 1.25, cy - r * 0.1), (cx - r * 0.55, cy - r * 0.15), (cx - r * 0.95, cy - r * 0.75)], fill=col)
    elif kind == 'erase':
        d.rounded_rectangle([cx - r, cy - r * 0.55, cx + r, cy + r * 0.55], radius=int(r * 0.2), outline=col, width=w)
        d.line([(cx - r * 0.2, cy - r * 0.55), (cx - r * 0.2, cy + r * 0.55)], fill=col, width=w)
    elif kind == 'notes':
        d.line([(cx - r * 0.8, cy + r * 0.8), (cx + r * 0.7, cy - r * 0.7)], fill=col, width=max(2, int(w * 2)))
        d.polygon([(cx - r * 0.95, cy + r * 0.95), (cx - r * 0.85, cy + r * 0.45), (cx - r * 0.45, cy + r * 0.85)], fill=col)
    elif kind == 'hint':
        d.ellipse([cx - r * 0.7, cy - r, cx + r * 0.7, cy + r * 0.4], outline=col, width=w)
        d.rectangle([cx - r * 0.3, cy + r * 0.5, cx + r * 0.3, cy + r * 0.8], fill=col)
    elif kind == 'gear':
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=col, width=w)
        d.ellipse([cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35], fill=col)
    elif kind == 'pause':
        d.rectangle([cx - r * 0.6, cy - r * 0.7, cx - r * 0.2, cy + r * 0.7], fill=col)
        d.rectangle([cx + r * 0.2, cy - r * 0.7, cx + r * 0.6, cy + r * 0.7], fill=col)
    elif kind == 'back':
        d.line([(cx + r * 0.3, cy - r * 0.7), (cx - r * 0.4, cy), (cx + r * 0.3, cy + r * 0.7)], fill=col, width=w)
    elif kind == 'menu':
        for k in (-1, 0, 1):
            d.line([(cx - r * 0.7, cy + k * r * 0.5), (cx + r * 0.7, cy + k * r * 0.5)], fill=col, width=w)


def status_bar(d, W, h, fg, font_path, rng):
    f = F(font_path, h * 0.45)
    d.text((h * 0.6, h * 0.5), '%d:%02d' % (rng.randint(6, 23), rng.randrange(60)), font=f, fill=fg, anchor='lm')
    x = W - h * 0.6
    bw, bh = h * 0.55, h * 0.28
    d.rounded_rectangle([x - bw, h / 2 - bh / 2, x, h / 2 + bh / 2], radius=3, outline=fg, width=2)
    d.rectangle([x - bw + 3, h / 2 - bh / 2 + 3, x - bw + 3 + (bw - 6) * rng.uniform(0.2, 1), h / 2 + bh / 2 - 3], fill=fg)
    x -= bw + h * 0.4
    for k in range(4):
        bh2 = h * 0.1 * (k + 1)
        d.rectangle([x - (3 - k) * h * 0.13, h * 0.68 - bh2, x - (3 - k) * h * 0.13 + h * 0.08, h * 0.68], fill=fg)
    x -= h * 0.7
    for k in range(3):
        rr = h * 0.12 * (k + 1)
        d.arc([x - rr, h * 0.68 - rr, x + rr, h * 0.68 + rr], 225, 315, fill=fg, width=2)


def scene_phone(pc, content, dark):
    rng = pc.rng
    n = pc.n
    tablet = n >= 16 and rng.random() < 0.6
    if tablet:
        W, H = rng.choice([(1536, 2048), (1620, 2160), (1668, 2388), (1200, 1920)])
    else:
        W, H = rng.choice([(1080, 2340), (1170, 2532), (1080, 2400), (1284, 2778), (1080, 1920), (828, 1792), (750, 1334)])
    u = min(W, 1200) / 1080.0
    accent = pc.accent
    if dark:
        bg = pc.style['gap_col'] if pc.style else (18, 18, 18)
        fg, sub = (235, 235, 235), (150, 150, 155)
    else:
        bg = rng.choice([(255, 255, 255), (246, 247, 251), (250, 250, 250), mix((255, 255, 255), accent, 0.05)])
        fg, sub = (30, 30, 35), (120, 124, 130)
    img = Image.new('RGB', (W, H), bg)
    d = ImageDraw.Draw(img)
    ui = pc.ui_font
    uib = pc.ui_bold
    sbh = int(75 * u)
    status_bar(d, W, sbh, fg, ui, rng)
    y = sbh
    abh = int(130 * u)
    _icon(d, 'back', 60 * u, y + abh / 2, 26 * u, fg, max(2, int(5 * u)))
    title = rng.choice(['Sudoku', 'Daily Challenge', 'Classic Sudoku', 'Sudoku Master', 'Puzzle'])
    if not content.is_sudoku:
        title = {'chess': 'Chess Puzzles', 'calendar': 'Calendar', 'crossword': 'Crossword',
                 'kakuro': 'Kakuro', 'kenken': 'Math Cages', 'nonogram': 'Picross', 'bingo': 'Bingo Night',
                 'wordsearch': 'Word Search', 'table': 'Sheets', 'times': 'Times Tables', 'text': 'Reader'}[content.kind]
    text_c(d, W / 2, y + abh / 2, title, F(uib, 46 * u), fg)
    _icon(d, 'gear', W - 70 * u, y + abh / 2, 24 * u, fg, max(2, int(4 * u)))
    _icon(d, rng.choice(['pause', 'menu']), W - 150 * u, y + abh / 2, 24 * u, fg, max(2, int(4 * u)))
    y += abh
    ih = int(85 * u)
    fi = F(ui, 34 * u)
    if content.is_sudoku:
        items = [rng.choice(['Easy', 'Medium', 'Hard', 'Expert', 'Evil', 'Master']),
                 'Mistakes: %d/3' % rng.randint(0, 2), '%02d:%02d' % (rng.randint(0, 59), rng.randrange(60))]
        if rng.random() < 0.4:
            items.insert(1, 'Score: %d' % rng.randint(0, 9000))
    else:
        items = [rng.choice(WORDS).capitalize(), rng.choice(WORDS).capitalize(), '%02d:%02d' % (rng.randint(0, 59), rng.randrange(60))]
    for i, s in enumerate(items):
        x = (W - 80 * u) * (i / max(1, len(items) - 1)) + 40 * u
        anchor = 'lm' if i == 0 else ('rm' if i == len(items) - 1 else 'mm')
        d.text((x, y + ih / 2), s, font=fi, fill=sub, anchor=anchor)
    y += ih
    # reserve space below
    if content.is_sudoku:
        per_row = n if n <= 9 else (8 if n == 16 else (6 if n == 12 else 9))
        rows = int(math.ceil(n / per_row))
    else:
        per_row, rows = 0, 0
    key_h = 150 * u
    tools_h = 170 * u if content.is_sudoku else 0
    need_below = tools_h + rows * key_h + 120 * u
    m = int(W * rng.uniform(0.012, 0.045))
    G = min(W - 2 * m, H - y - need_below - 30 * u)
    if G < (W - 2 * m) * 0.75:
        key_h *= 0.7
        need_below = tools_h + rows * key_h + 80 * u
        G = min(W - 2 * m, H - y - need_below - 20 * u)
    G = int(G)
    gx = (W - G) // 2
    gy = int(y + 20 * u)
    content.draw(img, (gx, gy, G, G))
    y = gy + G + 40 * u
    spare = H - y - need_below
    if spare > 0:
        y += spare * rng.uniform(0.0, 0.5)
    if content.is_sudoku:
        tools = ['undo', 'erase', 'notes', 'hint']
        labels = {'undo': 'Undo', 'erase': 'Erase', 'notes': 'Notes', 'hint': 'Hint'}
        fl = F(ui, 30 * u)
        for i, t in enumerate(tools):
            cx = W * (i + 0.5) / 4
            _icon(d, t, cx, y + 45 * u, 30 * u, sub, max(2, int(4 * u)))
            text_c(d, cx, y + 115 * u, labels[t], fl, sub)
            if t == 'notes' and rng.random() < 0.6:
                bx = cx + 30 * u
                d.rounded_rectangle([bx, y + 5 * u, bx + 70 * u, y + 45 * u], radius=int(18 * u),
                                    fill=accent if rng.random() < 0.5 else sub)
                text_c(d, bx + 35 * u, y + 25 * u, rng.choice(['ON', 'OFF']), F(uib, 22 * u), (255, 255, 255))
        y += tools_h
        syms = content.puz['syms']
        truth = truth_cells(content.puz)
        style = rng.choice(['plain', 'keys', 'count'])
        kw = (W - 2 * m) / per_row
        kcol = accent if not dark else mix(accent, (255, 255, 255), 0.3)
        fk = font_cap(pc.pad_font, min(kw, key_h) * (0.42 if n <= 9 else 0.34))
        longest = max(syms, key=len)
        while text_w(fk, longest) > kw * 0.8 and fk.size > 8:
            fk = F(pc.pad_font, fk.size * 0.9)
        fcnt = F(ui, min(kw, key_h) * 0.18)
        for i, s in enumerate(syms):
            r, c = divmod(i, per_row)
            cx = m + (c + 0.5) * kw
            cy = y + (r + 0.5) * key_h
            placed = int((truth == i + 1).sum())
            if placed == n and rng.random() < 0.7:
                continue
            if style == 'keys':
                d.rounded_rectangle([cx - kw * 0.44, cy - key_h * 0.42, cx + kw * 0.44, cy + key_h * 0.42],
                                    radius=int(kw * 0.15), fill=mix(bg, accent, 0.12 if not dark else 0.25))
            text_c(d, cx, cy - (key_h * 0.08 if style == 'count' else 0), s, fk, kcol)
            if style == 'count':
                text_c(d, cx, cy + key_h * 0.32, str(n - placed), fcnt, sub)
        y += rows * key_h
    if rng.random() < 0.4 and H - y > 120 * u:
        ah = 110 * u
        ay = H - ah - 10 * u
        d.rectangle([0, ay, W, H], fill=(240, 240, 240) if not dark else (40, 40, 44))
        d.rectangle([20 * u, ay + 15 * u, 20 * u + ah - 30 * u, ay + ah - 15 * u], fill=rng.choice(ACCENTS))
        d.text((ah + 10 * u, ay + ah / 2), sentence(rng, 4), font=F(uib, 30 * u), fill=(60, 60, 60) if not dark else (200, 200, 200), anchor='lm')
        d.text((W - 30 * u, ay + 14 * u), 'Ad', font=F(ui, 20 * u), fill=(120, 120, 120), anchor='rt')
    else:
        d.rounded_rectangle([W / 2 - 140 * u, H - 30 * u, W / 2 + 140 * u, H - 20 * u], radius=int(5 * u), fill=fg)
    return img


def scene_web(pc, content):
    rng = pc.rng
    n = pc.n
    dpr = rng.choice([1.0, 1.0, 1.25, 1.5, 2.0])
    cssW = rng.choice([1280, 1366, 1440, 1536, 1600, 1920])
    cssH = rng.choice([720, 768, 800, 864, 900, 1080])
    W = int(cssW * dpr)
    dark_site = rng.random() < 0.15
    accent = pc.accent
    ui, uib = pc.ui_font, pc.ui_bold
    # layout in css px, then multiply by dpr
    chrome_h = 0 if rng.random() < 0.25 else 80
    header_h = rng.choice([56, 64, 72])
    left_w = rng.choice([0, 0, 200, 220])
    right_w = rng.choice([0, 300, 300, 320])
    main_w = cssW - left_w - right_w - 80
    title_h = 90
    below_h = 90
    avail = cssH - chrome_h - header_h - title_h - below_h - 20
    cs_css = rng.uniform(pc.min_cell / dpr, pc.min_cell / dpr * 2.2)
    if content.is_sudoku:
        G_css = max(min(main_w * 0.95, avail), min(main_w * 0.95, n * cs_css))
    else:
        G_css = max(min(main_w * 0.95, avail), 420)
    full_page = G_css > avail
    H_css = cssH if not full_page else int(chrome_h + header_h + title_h + G_css + below_h + rng.uniform(100, 500))
    H = int(H_css * dpr)
    s = dpr
    page_bg = (255, 255, 255) if not dark_site else (30, 32, 36)
    fg = (33, 33, 33) if not dark_site else (225, 225, 225)
    sub = (110, 110, 110) if not dark_site else (160, 160, 160)
    img = Image.new('RGB', (W, H), page_bg)
    d = ImageDraw.Draw(img)
    y = 0
    if chrome_h:
        cdark = rng.random() < 0.4
        tab_bg = (222, 225, 230) if not cdark else (32, 33, 36)
        bar_bg = (255, 255, 255) if not cdark else (53, 54, 58)
        tfg = (40, 40, 40) if not cdark else (230, 230, 230)
        d.rectangle([0, 0, W, 40 * s], fill=tab_bg)
        for k in range(rng.randint(1, 5)):
            x = (10 + k * 230) * s
            if k == 0:
                d.rounded_rectangle([x, 6 * s, x + 220 * s, 44 * s], radius=int(8 * s), fill=bar_bg)
            d.text((x + 38 * s, 23 * s), sentence(rng, 3)[:24] if k else 'Sudoku - free online', font=F(ui, 12.5 * s), fill=tfg, anchor='lm')
            d.ellipse([x + 12 * s, 16 * s, x + 28 * s, 32 * s], fill=rng.choice(ACCENTS))
        d.rectangle([0, 40 * s, W, 80 * s], fill=bar_bg)
        d.rounded_rectangle([120 * s, 46 * s, W - 160 * s, 74 * s], radius=int(14 * s), fill=tab_bg)
        host = rng.choice(['sudoku-daily', 'puzzlehub', 'brainworks', 'thepuzzlepage', 'numberplace', 'gridgames'])
        d.text((140 * s, 60 * s), 'https://www.%s.example/%s/%d' % (host, rng.choice(['play', 'puzzle', 'daily', 'game']), rng.randint(100, 99999)),
               font=F(ui, 13.5 * s), fill=tfg, anchor='lm')
        for k in range(3):
            _icon(d, ['back', 'menu', 'gear'][k], (25 + k * 32) * s, 60 * s, 9 * s, tfg, max(1, int(2 * s)))
        y = 80 * s
    # site header
    hcol = rng.choice([accent, (33, 33, 33), (255, 255, 255), mix(accent, (0, 0, 0), 0.3)])
    d.rectangle([0, y, W, y + header_h * s], fill=hcol)
    hfg = (255, 255, 255) if sum(hcol) < 500 else (30, 30, 30)
    brand = rng.choice(['SudokuDaily', 'Puzzle Hub', 'BrainWorks', 'NumberPlace', 'GridGames', 'The Puzzle Page'])
    d.text((30 * s, y + header_h * s / 2), brand, font=F(uib, 24 * s), fill=hfg, anchor='lm')
    x = 300 * s
    for wd in ['Play', 'Daily', 'Killer', 'Tips', 'Print', 'Forum'][:rng.randint(3, 6)]:
        d.text((x, y + header_h * s / 2), wd, font=F(ui, 15 * s), fill=hfg, anchor='lm')
        x += 90 * s
    if hcol == (255, 255, 255):
        d.line([(0, y + header_h * s), (W, y + header_h * s)], fill=(220, 220, 220), width=max(1, int(s)))
    y += header_h * s
    top = y + 20 * s
    # left nav
    fnav = F(ui, 14 * s)
    if left_w:
        yy = top
        for wd in ['Easy', 'Medium', 'Hard', 'Expert', 'Archive', 'How to play', 'Statistics', 'Settings']:
            d.text((30 * s, yy), wd, font=fnav, fill=sub if wd != 'Hard' else accent)
            yy += 34 * s
    # right sidebar ads
    if right_w:
        rx = W - (right_w + 20) * s
        yy = top
        fa = F(ui, 11 * s)
        while yy + 260 * s < H:
            d.text((rx, yy), 'ADVERTISEMENT', font=fa, fill=sub)
            yy += 18 * s
            c1, c2 = rng.choice(ACCENTS), rng.choice(ACCENTS)
            ah = rng.choice([250, 250, 600]) * s
            ah = min(ah, H - yy - 10 * s)
            grad = Image.new('RGB', (int(right_w * s), int(ah)), c1)
            gd = ImageDraw.Draw(grad)
            for k in range(0, int(ah), 4):
                gd.line([(0, k), (right_w * s, k)], fill=mix(c1, c2, k / max(1, ah)), width=4)
            img.paste(grad, (int(rx), int(yy)))
            big = rng.choice(['SALE -%d%%' % rng.choice([20, 30, 50, 70]), 'Holiday deals', 'New! %d' % rng.randint(2020, 2030), 'Shop now'])
            text_c(d, rx + right_w * s / 2, yy + ah * 0.4, big, F(uib, 30 * s), (255, 255, 255))
            d.rounded_rectangle([rx + right_w * s * 0.25, yy + ah * 0.62, rx + right_w * s * 0.75, yy + ah * 0.62 + 34 * s],
                                radius=int(17 * s), fill=(255, 255, 255))
            text_c(d, rx + right_w * s / 2, yy + ah * 0.62 + 17 * s, 'Learn more', F(ui, 13 * s), c1)
            yy += ah + 30 * s
    # main column
    mx = (left_w + 40) * s
    mw = main_w * s
    if content.is_sudoku:
        title = '%s Sudoku %s' % (rng.choice(['Daily', 'Free', 'Classic', '']), rng.choice(['#%d' % rng.randint(100, 9999), '- %s' % rng.choice(['Easy', 'Medium', 'Hard', 'Fiendish']), '%dx%d' % (n, n)]))
    else:
        title = '%s %s' % (rng.choice(['Daily', 'Weekly', 'Free', 'Online']), content.kind.capitalize())
    d.text((mx, top), title.strip(), font=F(uib, 28 * s), fill=fg)
    d.text((mx, top + 44 * s), '%s, %d %s %d  \u2022  %s' % (rng.choice(['Monday', 'Tuesday', 'Friday', 'Sunday']), rng.randint(1, 28),
                                                        rng.choice(['March', 'June', 'October']), rng.randint(2020, 2027), sentence(rng, 4)),
           font=F(ui, 14 * s), fill=sub)
    gy = top + title_h * s * 0.85
    G = int(G_css * s)
    gx = int(mx + (mw - G) / 2) if rng.random() < 0.6 else int(mx)
    content.draw(img, (gx, int(gy), G, G))
    by = gy + G + 24 * s
    fb = F(ui, 15 * s)
    bx = gx
    for lab in rng.sample(['Check', 'Hint', 'Restart', 'New game', 'Print', 'Pencil', 'Undo', 'Solve'], rng.randint(2, 5)):
        bw = text_w(fb, lab) + 36 * s
        filled = rng.random() < 0.4
        d.rounded_rectangle([bx, by, bx + bw, by + 38 * s], radius=int(rng.choice([4, 8, 19]) * s),
                            fill=accent if filled else None, outline=accent, width=max(1, int(1.5 * s)))
        text_c(d, bx + bw / 2, by + 19 * s, lab, fb, (255, 255, 255) if filled else accent)
        bx += bw + 14 * s
    ty = by + 60 * s
    if ty < H - 40 * s:
        fill_text(d, (mx, ty, mx + mw, H - 10 * s), F(ui, 15 * s), fg, rng, lh=1.55)
    return img


def scene_pdf(pc, content):
    rng = pc.rng
    W, H = rng.choice([(1280, 800), (1440, 900), (1600, 900), (1920, 1080), (1920, 1200), (2560, 1440)])
    s = W / 1440.0
    darkui = rng.random() < 0.6
    bar = (50, 54, 58) if darkui else (240, 240, 240)
    area = (82, 86, 89) if darkui else rng.choice([(230, 230, 230), (200, 200, 205)])
    tfg = (230, 230, 230) if darkui else (40, 40, 40)
    ui = pc.ui_font
    tb = int(48 * s)
    lx = int(200 * s) if rng.random() < 0.5 else 0
    aw = W - lx
    ah = H - tb
    page_h = ah * rng.uniform(0.95, 1.7)
    page_w = page_h / 1.414
    G = page_w * rng.uniform(0.62, 0.85)
    if content.is_sudoku and G / pc.n < pc.min_cell:
        G = pc.min_cell * pc.n * rng.uniform(1.0, 1.3)
        page_w = G / 0.8
        page_h = page_w * 1.414
    G = min(G, ah - 24 * s, aw - 24 * s)
    fh = F(pc.ui_bold, page_w * 0.035)
    px = lx + (aw - page_w) / 2
    py = tb + 20 * s - (rng.uniform(0, page_h * 0.15) if page_h > ah else 0)
    gy = py + page_h * 0.09 + fh.size * 2
    over = gy + G - (H - 10 * s)
    if over > 0:
        py -= over
        gy -= over
    if gy < tb + 8 * s:
        py += tb + 8 * s - gy
        gy = tb + 8 * s
    img = Image.new('RGB', (W, H), area)
    d = ImageDraw.Draw(img)
    d.rectangle([px + 4, py + 4, px + page_w + 4, py + page_h + 4], fill=mix(area, (0, 0, 0), 0.3))
    d.rectangle([px, py, px + page_w, py + page_h], fill=(255, 255, 255))
    serif = pc.text_font
    ink = (20, 20, 20)
    d.text((px + page_w * 0.08, py + page_h * 0.04), rng.choice(['SUDOKU COLLECTION', 'Puzzle Book', 'Logic Puzzles', 'Weekend Puzzles']),
           font=F(serif, page_w * 0.018), fill=(90, 90, 90))
    ty = gy - fh.size * 2
    if content.is_sudoku:
        d.text((px + page_w * 0.08, ty), 'Puzzle %d' % rng.randint(1, 400), font=fh, fill=ink)
    else:
        d.text((px + page_w * 0.08, ty), content.kind.capitalize(), font=fh, fill=ink)
    d.text((px + page_w * 0.92, ty + fh.size * 0.5), rng.choice(['Easy', 'Moderate', 'Tough', 'Diabolical']),
           font=F(serif, page_w * 0.02), fill=(90, 90, 90), anchor='rm')
    gx = px + (page_w - G) / 2
    content.draw(img, (int(gx), int(gy), int(G), int(G)))
    fill_text(d, (px + page_w * 0.08, gy + G + page_w * 0.05, px + page_w * 0.92, min(py + page_h * 0.93, H)),
              F(serif, page_w * 0.018), ink, rng)
    pg = rng.randint(1, 80)
    text_c(d, px + page_w / 2, py + page_h * 0.965, str(pg), F(serif, page_w * 0.018), ink)
    # viewer chrome on top
    d.rectangle([0, 0, W, tb], fill=bar)
    fname = rng.choice(['sudoku_book_vol%d.pdf' % rng.randint(1, 9), 'puzzles-%d.pdf' % rng.randint(1, 300), 'weekend_puzzles.pdf'])
    d.text((60 * s, tb / 2), fname, font=F(ui, 15 * s), fill=tfg, anchor='lm')
    _icon(d, 'menu', 25 * s, tb / 2, 10 * s, tfg, max(1, int(2 * s)))
    text_c(d, W / 2, tb / 2, '%d / %d' % (pg, pg + rng.randint(0, 120)), F(ui, 15 * s), tfg)
    zoom = rng.choice([75, 100, 125, 150, 200])
    d.text((W / 2 + 120 * s, tb / 2), '%d%%' % zoom, font=F(ui, 15 * s), fill=tfg, anchor='lm')
    if lx:
        d.rectangle([0, tb, lx, H], fill=mix(bar, area, 0.5))
        for k in range(6):
            ty = tb + 20 * s + k * 250 * s
            d.rectangle([40 * s, ty, 160 * s, ty + 170 * s], fill=(255, 255, 255), outline=(120, 160, 255) if k == 1 else None, width=3)
            for j in range(12):
                d.line([(50 * s, ty + 14 * s + j * 12 * s), (150 * s, ty + 14 * s + j * 12 * s)], fill=(190, 190, 190), width=1)
    return img


def col_name(i):
    s = ''
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def scene_sheet(pc, content):
    """Spreadsheet with a Sudoku typed into cells (or, for 'none', just data)."""
    rng = pc.rng
    n = pc.n if content.is_sudoku else 9
    W, H = rng.choice([(1366, 768), (1440, 900), (1920, 1080), (1600, 1000), (2560, 1440)])
    s = W / 1440.0
    ui = pc.ui_font
    img = Image.new('RGB', (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    green = rng.choice([(33, 115, 70), (16, 124, 65), (26, 115, 232), (80, 80, 80)])
    rib = int(rng.choice([90, 120]) * s)
    d.rectangle([0, 0, W, 34 * s], fill=green)
    d.text((12 * s, 17 * s), rng.choice(['Book1', 'sudoku.xlsx', 'puzzles.ods', 'Untitled spreadsheet']), font=F(ui, 14 * s), fill=(255, 255, 255), anchor='lm')
    d.rectangle([0, 34 * s, W, rib], fill=(243, 243, 243))
    x = 12 * s
    for wd in ['File', 'Home', 'Insert', 'Draw', 'Page Layout', 'Formulas', 'Data', 'Review', 'View']:
        d.text((x, 50 * s), wd, font=F(ui, 13 * s), fill=(50, 50, 50), anchor='lm')
        x += text_w(F(ui, 13 * s), wd) + 22 * s
    fy = rib
    d.rectangle([0, fy, W, fy + 28 * s], fill=(255, 255, 255))
    d.line([(0, fy + 28 * s), (W, fy + 28 * s)], fill=(200, 200, 200))
    d.text((10 * s, fy + 14 * s), 'B%d' % rng.randint(2, 9), font=F(ui, 13 * s), fill=(40, 40, 40), anchor='lm')
    d.text((110 * s, fy + 14 * s), 'fx', font=F(ui, 13 * s), fill=(100, 100, 100), anchor='lm')
    top = fy + 28 * s
    hdr_h, rn_w = 22 * s, 42 * s
    if content.is_sudoku:
        cs = max(pc.min_cell * rng.uniform(1.0, 1.6), 26 * s)
        cs = min(cs, (H - top - hdr_h - 40 * s) / (n + 1.5))
        cs = max(cs, pc.min_cell)
        need_h = top + hdr_h + cs * (n + 2) + 30 * s
        if need_h > H:
            H2 = int(need_h)
            img2 = Image.new('RGB', (W, H2), (255, 255, 255))
            img2.paste(img, (0, 0))
            img, H = img2, H2
            d = ImageDraw.Draw(img)
        colw = [cs] * 60
        rowh = [cs] * 80
    else:
        colw = [rng.uniform(70, 110) * s] * 60
        rowh = [20 * s] * 80
    gx0, gy0 = rn_w, top + hdr_h
    xs = [gx0]
    for w in colw:
        xs.append(xs[-1] + w)
    ys = [gy0]
    for h in rowh:
        ys.append(ys[-1] + h)
    d.rectangle([0, top, W, gy0], fill=(240, 240, 240))
    d.rectangle([0, top, rn_w, H], fill=(240, 240, 240))
    fh = F(ui, 12 * s)
    gl = (218, 220, 224)
    for i in range(len(colw)):
        if xs[i] > W:
            break
        d.line([(xs[i], top), (xs[i], H)], fill=gl)
        text_c(d, (xs[i] + xs[i + 1]) / 2, top + hdr_h / 2, col_name(i), fh, (80, 80, 80))
    for i in range(len(rowh)):
        if ys[i] > H:
            break
        d.line([(0, ys[i]), (W, ys[i])], fill=gl)
        text_c(d, rn_w / 2, (ys[i] + ys[i + 1]) / 2, str(i + 1), fh, (80, 80, 80))
    if content.is_sudoku:
        c0, r0 = 1, 1
        G = cs * n
        content.draw(img, (xs[c0], ys[r0], G, G))
        fl = F(ui, min(cs * 0.4, 14 * s))
        d.text((xs[c0 + n + 1] + 4, (ys[r0] + ys[r0 + 1]) / 2), rng.choice(['Sudoku', 'Puzzle %d' % rng.randint(1, 99), 'Start:']),
               font=fl, fill=(40, 40, 40), anchor='lm')
        d.text((xs[c0 + n + 1] + 4, (ys[r0 + 2] + ys[r0 + 3]) / 2), '%s' % rng.choice(['=TODAY()', 'Level: hard', 'time 12:40']),
               font=fl, fill=(40, 40, 40), anchor='lm')
    else:
        sty = content.sty
        content.draw(img, (xs[1], ys[1], min(W - xs[1] - 20, (xs[7] - xs[1])), ys[min(len(ys) - 1, 28)] - ys[1]))
    tb = H - 30 * s
    d.rectangle([0, tb, W, H], fill=(243, 243, 243))
    d.text((60 * s, tb + 15 * s), 'Sheet1', font=F(ui, 13 * s), fill=green, anchor='lm')
    return img


def scene_plain(pc, content):
    rng = pc.rng
    n = pc.n
    cs = pc.min_cell * rng.uniform(1.0, 2.5)
    G = int(cs * n) if content.is_sudoku else int(rng.uniform(400, 900))
    G = max(G, 240)
    m = int(G * rng.uniform(0.01, 0.08))
    title = rng.random() < 0.4
    th = int(G * 0.1) if title else 0
    bg = rng.choice([(255, 255, 255), (255, 255, 255), (245, 245, 240), (238, 242, 247), mix((255, 255, 255), pc.accent, 0.1)])
    img = Image.new('RGB', (G + 2 * m, G + 2 * m + th), bg)
    d = ImageDraw.Draw(img)
    if title:
        d.text((m, m + th * 0.45), rng.choice(['Sudoku #%d' % rng.randint(1, 999), 'Puzzle of the day', 'Level: %s' % rng.choice(['easy', 'hard'])]),
               font=F(pc.ui_bold, th * 0.45), fill=(40, 40, 40), anchor='lm')
    content.draw(img, (m, m + th, G, G))
    return img


# ---------------------------------------------------------------------------
# Printed pages (for photos)
# ---------------------------------------------------------------------------
MAX_PAGE_PX = 11e6


def halftone_rect(d, rect, level, period, ink, paper):
    x0, y0, x1, y1 = rect
    d.rectangle(rect, fill=paper)
    r = period * 0.5 * math.sqrt(level) * 1.05
    y = y0 + period / 2
    row = 0
    while y < y1:
        x = x0 + period / 2 + (period / 2 if row % 2 else 0)
        while x < x1:
            d.ellipse([x - r, y - r, x + r, y + r], fill=ink)
            x += period
        y += period * 0.87
        row += 1


def _page_budget(Wp, Hp):
    a = Wp * Hp
    if a > MAX_PAGE_PX:
        f = math.sqrt(MAX_PAGE_PX / a)
        return int(Wp * f), int(Hp * f)
    return int(Wp), int(Hp)


def page_news(pc, content, G):
    rng = pc.rng
    paper = jit(rng, rng.choice([(226, 222, 208), (232, 228, 214), (218, 214, 200), (236, 233, 222)]), 5)
    ink = jit(rng, (38, 36, 34), 8)
    fsz = G / rng.uniform(26, 38)
    gs = rng.choice([2, 2, 3])
    ncol = gs + rng.choice([1, 2, 2, 3])
    gut = fsz * 1.4
    margin = fsz * 2.5
    colw = (G + fsz * 1.0 - gut * (gs - 1)) / gs
    ratio = rng.uniform(1.1, 1.45)
    bh = fsz * 2.6 + G + fsz * 4.5
    while True:
        Wp = ncol * colw + (ncol - 1) * gut + 2 * margin
        Hp = Wp * ratio
        if Wp * Hp <= MAX_PAGE_PX or ncol == gs:
            break
        ncol -= 1
    if Wp * Hp > MAX_PAGE_PX:
        Hp = max(bh + 2 * margin + fsz * 4, MAX_PAGE_PX / Wp)
    Wp, Hp = int(Wp), int(Hp)
    img = Image.new('RGB', (Wp, Hp), paper)
    d = ImageDraw.Draw(img)
    body = F(pc.text_font, fsz)
    headf = F(pc.head_font, fsz * rng.uniform(2.0, 3.2))
    y_top = margin
    if rng.random() < 0.6:
        d.text((margin, margin), rng.choice(['PUZZLES', 'GAMES & PUZZLES', 'Weekend', 'TIME OUT', 'Diversions']),
               font=F(pc.head_font, fsz * 2.4), fill=ink)
        d.text((Wp - margin, margin + fsz), '%s %d %s %d' % (rng.choice(['Monday', 'Saturday', 'Thursday']), rng.randint(1, 28), rng.choice(['May', 'July', 'Nov']), rng.randint(2015, 2026)),
               font=body, fill=ink, anchor='rm')
        y_top = margin + fsz * 3.6
        d.rectangle([margin, y_top - fsz * 0.6, Wp - margin, y_top - fsz * 0.6 + max(2, fsz * 0.15)], fill=ink)
    # block for the puzzle
    ci = rng.randint(0, ncol - gs)
    bx0 = margin + ci * (colw + gut)
    bw = gs * colw + (gs - 1) * gut
    title_h = fsz * 2.6
    instr_h = fsz * 4.5
    bh = title_h + G + instr_h
    by0 = y_top + rng.uniform(0, max(0, Hp - y_top - bh - margin))
    by0 = min(by0, max(y_top, Hp - bh - margin * 0.5))
    tstyle = rng.choice(['band', 'rule', 'halftone'])
    label = 'SUDOKU' if content.is_sudoku else content.kind.upper()
    if content.is_sudoku and rng.random() < 0.3:
        label = rng.choice(['Sudoku', 'SU DOKU', 'NUMBER PLACE', 'Sudoku No. %d' % rng.randint(100, 4000)])
    tf = F(pc.head_font, fsz * 1.6)
    if tstyle == 'band':
        d.rectangle([bx0, by0, bx0 + bw, by0 + title_h * 0.8], fill=ink)
        d.text((bx0 + fsz * 0.6, by0 + title_h * 0.4), label, font=tf, fill=paper, anchor='lm')
    elif tstyle == 'halftone':
        halftone_rect(d, [int(bx0), int(by0), int(bx0 + bw), int(by0 + title_h * 0.8)], rng.uniform(0.08, 0.18), max(3, fsz * 0.3), ink, paper)
        d.text((bx0 + fsz * 0.6, by0 + title_h * 0.4), label, font=tf, fill=ink, anchor='lm')
    else:
        d.text((bx0, by0 + title_h * 0.35), label, font=tf, fill=ink, anchor='lm')
        d.rectangle([bx0, by0 + title_h * 0.75, bx0 + bw, by0 + title_h * 0.75 + max(1, fsz * 0.12)], fill=ink)
    if content.is_sudoku:
        d.text((bx0 + bw, by0 + title_h * 0.4), rng.choice(['Easy', 'Medium', 'Hard', 'Difficult', 'Tough']),
               font=F(pc.text_font, fsz * 1.0), fill=paper if tstyle == 'band' else ink, anchor='rm')
    gx = bx0 + (bw - G) / 2
    gy = by0 + title_h
    content.draw(img, (int(gx), int(gy), int(G), int(G)))
    if content.is_sudoku:
        n = pc.n
        R, C = SHAPES[n]
        syms = content.puz['syms']
        instr = 'Fill in the grid so that every row, every column and every %dx%d box contains %s %s to %s. ' % (R, C, 'the symbols' if pc.alpha in ('letters', 'hex', 'alnum') else 'the numbers', syms[0], syms[-1])
        instr += 'Solution %s.' % rng.choice(['tomorrow', 'next week', 'on page %d' % rng.randint(2, 60)])
        words = instr.split()
        yy = gy + G + fsz * 0.9
        line = ''
        for w in words:
            t = (line + ' ' + w).strip()
            if text_w(body, t) > bw:
                d.text((bx0, yy), line, font=body, fill=ink)
                yy += fsz * 1.3
                line = w
            else:
                line = t
        d.text((bx0, yy), line, font=body, fill=ink)
    # text columns
    cross_done = not content.is_sudoku or rng.random() < 0.5
    for c in range(ncol):
        cx0 = margin + c * (colw + gut)
        cx1 = cx0 + colw
        segs = [(y_top, Hp - margin * 0.3)]
        if ci <= c < ci + gs:
            segs = [(y_top, by0 - fsz), (by0 + bh + fsz * 0.5, Hp - margin * 0.3)]
        for (s0, s1) in segs:
            if s1 - s0 < fsz * 2:
                continue
            if not cross_done and s1 - s0 > colw * 1.1 and rng.random() < 0.6:
                sty = dict(ink=ink, paper=paper, font=pc.text_font, fontb=pc.head_font, accent=ink)
                nd_crossword(img, (cx0, s0, colw, colw), sty, rng)
                cross_done = True
                s0 = s0 + colw + fsz
                if s1 - s0 < fsz * 2:
                    continue
            yy = s0
            if rng.random() < 0.5:
                hl = sentence(rng, rng.randint(2, 5))
                hf = headf if rng.random() < 0.5 else F(pc.head_font, fsz * 1.5)
                lines, line = [], ''
                for w in hl.split():
                    t = (line + ' ' + w).strip()
                    if text_w(hf, t) > colw and line:
                        lines.append(line)
                        line = w
                    else:
                        line = t
                lines.append(line)
                if yy + hf.size * (1.1 * len(lines) + 0.5) < s1:
                    for line in lines:
                        d.text((cx0, yy), line, font=hf, fill=ink)
                        yy += hf.size * 1.1
                    yy += hf.size * 0.3
            if rng.random() < 0.15 and s1 - yy > colw * 0.8:
                halftone_rect(d, [int(cx0), int(yy), int(cx1), int(yy + colw * 0.6)], rng.uniform(0.1, 0.6), max(3, fsz * 0.3), ink, paper)
                yy += colw * 0.6 + fsz
            fill_text(d, (cx0, yy, cx1, s1), body, ink, rng, lh=1.22)
        if c < ncol - 1 and rng.random() < 0.5:
            lx = cx1 + gut / 2
            d.line([(lx, y_top), (lx, Hp - margin * 0.3)], fill=mix(paper, ink, 0.5), width=1)
    return img, content.rect, dict(paper=paper, ink=ink, kind='news')


def page_book(pc, content, G):
    rng = pc.rng
    paper = jit(rng, rng.choice([(250, 248, 240), (245, 240, 225), (252, 252, 250), (240, 236, 222)]), 4)
    ink = jit(rng, (25, 25, 25), 6)
    Wp = G * rng.uniform(1.18, 1.55)
    Hp = Wp * rng.uniform(1.35, 1.5)
    Wp, Hp = _page_budget(Wp, Hp)
    img = Image.new('RGB', (Wp, Hp), paper)
    d = ImageDraw.Draw(img)
    fsz = G / 30
    gx = (Wp - G) / 2 + rng.uniform(-0.05, 0.05) * (Wp - G)
    gy = (Hp - G) / 2 + rng.uniform(-0.1, 0.1) * (Hp - G)
    tf = F(pc.head_font, fsz * rng.uniform(1.6, 2.6))
    label = ('PUZZLE %d' % rng.randint(1, 300)) if rng.random() < 0.5 else ('No. %d' % rng.randint(1, 300))
    if not content.is_sudoku:
        label = content.kind.upper() + ' %d' % rng.randint(1, 99)
    ty = gy - tf.size * 1.8
    if rng.random() < 0.5:
        text_c(d, Wp / 2, ty, label, tf, ink)
    else:
        d.text((gx, ty), label, font=tf, fill=ink, anchor='lm')
        d.text((gx + G, ty), rng.choice(['\u2605\u2605\u2606\u2606', 'Level 3', 'Gentle', 'Tricky', 'Fiendish']),
               font=F(pc.text_font, fsz * 1.2), fill=ink, anchor='rm')
    if not has_glyphs(pc.text_font, '\u2605\u2606'):
        pass
    content.draw(img, (int(gx), int(gy), int(G), int(G)))
    fb = F(pc.text_font, fsz)
    if rng.random() < 0.5:
        d.text((gx, gy + G + fsz * 1.5), 'Time: ________    Date: ________', font=fb, fill=ink)
    pn = rng.randint(3, 250)
    d.text((Wp - fsz * 3 if pn % 2 else fsz * 3, Hp - fsz * 2.5), str(pn), font=fb, fill=ink, anchor='mm')
    return img, content.rect, dict(paper=paper, ink=ink, kind='book')


def page_sheet(pc, content, G):
    rng = pc.rng
    paper = (252, 252, 252)
    ink = jit(rng, (20, 20, 20), 10)
    Wp = G / rng.uniform(0.7, 0.86)
    Hp = Wp * 1.414
    Wp, Hp = _page_budget(Wp, Hp)
    img = Image.new('RGB', (Wp, Hp), paper)
    d = ImageDraw.Draw(img)
    fsz = Wp / 90
    fs = F(pc.ui_font, fsz)
    d.text((fsz * 3, fsz * 2.5), '%02d/%02d/%d, %02d:%02d' % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(2018, 2026), rng.randint(0, 23), rng.randint(0, 59)), font=fs, fill=ink)
    text_c(d, Wp / 2, fsz * 3, rng.choice(['Printable Sudoku', 'Sudoku - Print', 'Daily puzzle']), fs, ink)
    d.text((fsz * 3, Hp - fsz * 3), 'https://www.%s.example/print/%d' % (rng.choice(['sudoku-daily', 'puzzlehub', 'gridgames']), rng.randint(100, 99999)), font=fs, fill=ink)
    d.text((Wp - fsz * 3, Hp - fsz * 3), '1/1', font=fs, fill=ink, anchor='ra')
    gx = (Wp - G) / 2
    gy = Hp * rng.uniform(0.12, 0.2)
    tf = F(pc.head_font, fsz * 3)
    title = ('Sudoku %s' % rng.choice(['#%d' % rng.randint(1, 99999), '- %s' % rng.choice(['Easy', 'Medium', 'Hard']), '%dx%d' % (pc.n, pc.n)])) if content.is_sudoku else content.kind.capitalize()
    d.text((gx, gy - tf.size * 1.3), title, font=tf, fill=ink, anchor='lm')
    content.draw(img, (int(gx), int(gy), int(G), int(G)))
    fill_text(d, (gx, gy + G + fsz * 3, gx + G, gy + G + fsz * 10), F(pc.text_font, fsz * 1.2), ink, rng)
    return img, content.rect, dict(paper=paper, ink=ink, kind='sheet')


def page_magazine(pc, content, G):
    rng = pc.rng
    accent = pc.accent
    paper = mix((255, 255, 255), accent, rng.uniform(0.08, 0.25))
    ink = (20, 20, 25)
    Wp = G * rng.uniform(1.2, 1.7)
    Hp = Wp * rng.uniform(1.2, 1.4)
    Wp, Hp = _page_budget(Wp, Hp)
    img = Image.new('RGB', (Wp, Hp), paper)
    d = ImageDraw.Draw(img)
    fsz = G / 28
    gx = (Wp - G) / 2
    gy = Hp * 0.22
    band = mix(accent, (0, 0, 0), 0.2)
    d.rectangle([0, gy - fsz * 5, Wp, gy - fsz * 1.5], fill=band)
    d.text((gx, gy - fsz * 3.25), 'SUDOKU' if content.is_sudoku else content.kind.upper(), font=F(pc.head_font, fsz * 2.2), fill=(255, 255, 255), anchor='lm')
    d.ellipse([gx + G - fsz * 4, gy - fsz * 6, gx + G, gy - fsz * 2], fill=(250, 210, 40))
    text_c(d, gx + G - fsz * 2, gy - fsz * 4, str(rng.randint(1, 99)), F(pc.head_font, fsz * 1.4), ink)
    d.rectangle([gx - fsz * 0.5, gy - fsz * 0.5, gx + G + fsz * 0.5, gy + G + fsz * 0.5], fill=(255, 255, 255))
    content.draw(img, (int(gx), int(gy), int(G), int(G)))
    fill_text(d, (gx, gy + G + fsz * 1.5, gx + G, Hp - fsz * 2), F(pc.text_font, fsz * 0.9), ink, rng)
    return img, content.rect, dict(paper=paper, ink=ink, kind='magazine', glossy=True)


def page_screen(pc, content, G):
    """A phone or monitor showing an app / web page, as a 'page' for the camera."""
    rng = pc.rng
    phone = rng.random() < 0.55
    dark = pc.dark
    if phone:
        scr = scene_phone(pc, content, dark)
    else:
        scr = scene_web(pc, content) if rng.random() < 0.7 else scene_pdf(pc, content)
    gx, gy, gG = content.rect
    f = G / gG
    vw, vh = pc.view
    cw, ch = min(scr.width, int(vw / f * 1.25)), min(scr.height, int(vh / f * 1.25))
    if cw < scr.width or ch < scr.height:
        cx0 = int(min(max(0, gx + gG / 2 - cw / 2), scr.width - cw))
        cy0 = int(min(max(0, gy + gG / 2 - ch / 2), scr.height - ch))
        scr = scr.crop((cx0, cy0, cx0 + cw, cy0 + ch))
        gx, gy = gx - cx0, gy - cy0
    scr = scr.resize((max(8, int(scr.width * f)), max(8, int(scr.height * f))), RS.LANCZOS)
    gx, gy, gG = gx * f, gy * f, gG * f
    # brightness of the emissive screen
    bez = int(max(scr.width, scr.height) * (0.03 if phone else 0.02)) + 4
    Wd, Hd = scr.width + 2 * bez, scr.height + 2 * bez + (0 if phone else bez)
    dev = Image.new('RGB', (Wd, Hd), (0, 0, 0))
    dd = ImageDraw.Draw(dev)
    body = rng.choice([(15, 15, 18), (30, 30, 32), (200, 200, 205)])
    dd.rounded_rectangle([0, 0, Wd - 1, Hd - 1], radius=int(bez * (2.5 if phone else 0.5)), fill=body)
    dd.rectangle([bez - 2, bez - 2, bez + scr.width + 1, bez + scr.height + 1], fill=(5, 5, 5))
    arr = np.asarray(scr).astype(np.float32)
    # screen gamma/contrast change and subpixel-like fine pattern (moire after resampling)
    arr = arr * rng.uniform(0.82, 1.0) + rng.uniform(5, 25)
    per = rng.uniform(2.1, 3.3)
    ang = rng.uniform(0, math.pi)
    yy, xx = np.mgrid[0:scr.height, 0:scr.width].astype(np.float32)
    pat = np.cos((xx * math.cos(ang) + yy * math.sin(ang)) * (2 * math.pi / per))
    amp = rng.uniform(0.06, 0.16)
    arr *= (1.0 - amp * 0.5 + amp * 0.5 * pat)[..., None]
    scr = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    dev.paste(scr, (bez, bez))
    return dev, (gx + bez, gy + bez, gG), dict(paper=None, ink=None, kind='screen', glossy=True, screen_rect=(bez, bez, scr.width, scr.height))


# ---------------------------------------------------------------------------
# Camera
# ---------------------------------------------------------------------------
def lowfreq(nrng, h, w, cells=6, lo=0.0, hi=1.0):
    small = nrng.random((cells, cells)).astype(np.float32)
    im = Image.fromarray((small * 255).astype(np.uint8)).resize((w, h), RS.BICUBIC)
    return lo + (hi - lo) * np.asarray(im).astype(np.float32) / 255.0


def paper_texture(page, meta, nrng, rng):
    arr = np.asarray(page).astype(np.float32)
    h, w = arr.shape[:2]
    kind = meta['kind']
    if kind == 'screen':
        return page
    ink = np.array(meta['ink'], np.float32)
    paper = np.array(meta['paper'], np.float32)
    # ink strength variation (low ink, uneven press)
    if kind in ('news', 'sheet') and rng.random() < 0.5:
        dark = 1.0 - arr.mean(axis=2, keepdims=True) / max(1.0, paper.mean())
        dark = np.clip(dark, 0, 1)
        fade = lowfreq(nrng, h, w, 5, 1.0 - rng.uniform(0.1, 0.35), 1.0)[..., None]
        speck = 1.0 - rng.uniform(0.0, 0.25) * (nrng.random((h // 2 + 1, w // 2 + 1)).astype(np.float32))
        speck = np.repeat(np.repeat(speck, 2, 0), 2, 1)[:h, :w, None]
        dark = dark * fade * speck
        arr = paper[None, None, :] * (1 - dark) + arr * dark
        if kind == 'sheet' and rng.random() < 0.5:  # toner banding
            band = 1.0 + 0.05 * np.sin(np.arange(h, dtype=np.float32) * rng.uniform(0.01, 0.05))
            arr = arr * band[:, None, None]
    # show-through from the other side of thin paper
    if kind == 'news' and rng.random() < 0.5:
        sm = page.resize((w // 4 + 1, h // 4 + 1), RS.BILINEAR).transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        sm = sm.filter(ImageFilter.GaussianBlur(1.5)).resize((w, h), RS.BILINEAR)
        st = np.asarray(sm.convert('L')).astype(np.float32) / 255.0
        arr *= (1.0 - rng.uniform(0.04, 0.1) * (1.0 - st))[..., None]
    grain = lowfreq(nrng, h, w, 9, -1, 1) * rng.uniform(0.01, 0.035)
    arr *= (1.0 + grain)[..., None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def make_background(nrng, rng, W, H):
    kind = rng.choice(['wood', 'desk', 'fabric', 'dark', 'paper'])
    hs, ws = H // 4 + 1, W // 4 + 1
    if kind == 'wood':
        base = np.array(rng.choice([(150, 105, 65), (120, 80, 50), (190, 150, 105), (95, 65, 45)]), np.float32)
        vert = rng.random() < 0.5
        a_, b_ = (ws, hs) if vert else (hs, ws)
        streak = nrng.random((a_, max(2, b_ // 25))).astype(np.float32)
        streak = np.asarray(Image.fromarray(streak).resize((b_, a_), RS.BICUBIC))
        t = np.linspace(0, 1, a_, dtype=np.float32)[:, None]
        wob = lowfreq(nrng, a_, b_, 4, -1, 1)
        rings = 0.5 + 0.5 * np.sin((t * rng.uniform(4, 14) + wob * 0.4) * 6.28)
        v = 0.8 + 0.14 * rings + 0.12 * streak + 0.03 * nrng.standard_normal((a_, b_)).astype(np.float32)
        if vert:
            v = v.T
        arr = base[None, None, :] * v[..., None]
    elif kind == 'desk':
        base = np.array(rng.choice([(200, 200, 198), (235, 235, 230), (170, 175, 180), (60, 62, 66)]), np.float32)
        arr = base[None, None, :] * lowfreq(nrng, hs, ws, 4, 0.9, 1.05)[..., None]
    elif kind == 'fabric':
        base = np.array(rng.choice([(70, 90, 130), (120, 40, 40), (90, 110, 80), (150, 140, 120)]), np.float32)
        arr = base[None, None, :] * (0.9 + 0.12 * nrng.random((hs, ws, 1)).astype(np.float32))
    elif kind == 'dark':
        base = np.array(rng.choice([(25, 25, 28), (40, 35, 30), (15, 18, 24)]), np.float32)
        arr = base[None, None, :] * lowfreq(nrng, hs, ws, 3, 0.8, 1.3)[..., None]
    else:
        base = np.array((235, 232, 225), np.float32)
        arr = base[None, None, :] * lowfreq(nrng, hs, ws, 3, 0.85, 1.0)[..., None]
    im = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).resize((W, H), RS.BILINEAR)
    return im


def rot_matrix(ax, ay, az):
    cx, sx = math.cos(ax), math.sin(ax)
    cy, sy = math.cos(ay), math.sin(ay)
    cz, sz = math.cos(az), math.sin(az)
    Rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    Ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    Rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return Ry @ Rx @ Rz


def homography(src, dst):
    A = []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.array(A, np.float64))
    Hm = vt[-1].reshape(3, 3)
    return Hm / Hm[2, 2]


def camera_photo(pc, page, grect, meta, W, H, Gt):
    rng, nrng = pc.rng, pc.nrng
    S = min(W, H)
    gx, gy, G = grect
    k = Gt / G
    gcx, gcy = gx + G / 2.0, gy + G / 2.0
    tilt = math.radians(rng.uniform(0, 15) if rng.random() < 0.8 else rng.uniform(0, 5))
    phi = rng.uniform(0, 2 * math.pi)
    az = math.radians(max(-12, min(12, rng.gauss(0, 4))))
    Fc = S * rng.uniform(0.9, 1.9)
    gcorn = np.array([[gx, gy], [gx + G, gy], [gx + G, gy + G], [gx, gy + G]], np.float64)
    mg = S * 0.04

    def fwd(pts):
        P = np.zeros((len(pts), 3))
        P[:, 0] = (pts[:, 0] - gcx) * k
        P[:, 1] = (pts[:, 1] - gcy) * k
        Q = P @ Rm.T
        z = Fc + Q[:, 2]
        return np.stack([Fc * Q[:, 0] / z, Fc * Q[:, 1] / z], 1)

    for attempt in range(6):
        Rm = rot_matrix(tilt * math.cos(phi), tilt * math.sin(phi), az)
        pg = fwd(gcorn)
        bw = pg[:, 0].max() - pg[:, 0].min()
        bh = pg[:, 1].max() - pg[:, 1].min()
        if bw <= W - 2 * mg and bh <= H - 2 * mg:
            break
        if attempt < 2:
            az *= 0.5
            tilt *= 0.6
        else:
            k *= 0.97 * min((W - 2 * mg) / bw, (H - 2 * mg) / bh, 1.0)
    lo_x, hi_x = mg - pg[:, 0].min(), W - mg - pg[:, 0].max()
    lo_y, hi_y = mg - pg[:, 1].min(), H - mg - pg[:, 1].max()
    ox = rng.uniform(lo_x, hi_x) if hi_x > lo_x else (lo_x + hi_x) / 2
    oy = rng.uniform(lo_y, hi_y) if hi_y > lo_y else (lo_y + hi_y) / 2
    pw, ph = page.size
    pcorn = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float64)
    dst = fwd(pcorn) + [ox, oy]
    Hm = homography(pcorn, dst)
    Hi = np.linalg.inv(Hm)
    step = 32
    xs = np.arange(0, W + step, step, dtype=np.float64)
    xs[-1] = min(xs[-1], W)
    ys = np.arange(0, H + step, step, dtype=np.float64)
    ys[-1] = min(ys[-1], H)
    X, Y = np.meshgrid(xs, ys)
    pts = np.stack([X.ravel(), Y.ravel(), np.ones(X.size)], 0)
    q = Hi @ pts
    sx = (q[0] / q[2]).reshape(X.shape)
    sy = (q[1] / q[2]).reshape(X.shape)
    # gentle page bend
    n = pc.n if pc.n else 9
    if meta['kind'] != 'screen' and rng.random() < 0.6:
        amp = rng.uniform(0.01, 0.05) * min(1.0, 12.0 / max(9, n)) * G
        u = (sx - gcx) / G
        v = (sy - gcy) / G
        u0 = rng.uniform(-0.4, 0.4)
        sy = sy + amp * ((u - u0) ** 2 - 0.25) * rng.choice([-1, 1])
        sx = sx + amp * 0.5 * (v ** 2 - 0.25) * rng.choice([-1, 1]) * rng.random()
        bend = True
    else:
        bend = False
    data = []
    nx, ny = len(xs) - 1, len(ys) - 1
    for j in range(ny):
        for i in range(nx):
            box = (int(xs[i]), int(ys[j]), int(xs[i + 1]), int(ys[j + 1]))
            quad = (sx[j, i], sy[j, i], sx[j + 1, i], sy[j + 1, i], sx[j + 1, i + 1], sy[j + 1, i + 1], sx[j, i + 1], sy[j, i + 1])
            data.append((box, quad))
    warped = page.transform((W, H), Image.Transform.MESH, data, resample=RS.BILINEAR)
    mask = Image.new('L', page.size, 255).transform((W, H), Image.Transform.MESH, data, resample=RS.BILINEAR)
    bg = make_background(nrng, rng, W, H)
    if rng.random() < 0.5:  # drop shadow of the sheet / device on the table
        sh = mask.filter(ImageFilter.GaussianBlur(S * 0.01))
        bgarr = np.asarray(bg).astype(np.float32) * (1 - 0.35 * np.asarray(sh, np.float32)[..., None] / 255.0)
        bg = Image.fromarray(bgarr.astype(np.uint8))
    bg.paste(warped, (0, 0), mask)
    img = np.asarray(bg).astype(np.float32)
    if meta.get('screen_rect'):  # moire bands from photographing a pixel grid
        sx0, sy0, sw, sh2 = meta['screen_rect']
        sm = Image.new('L', page.size, 0)
        ImageDraw.Draw(sm).rectangle([sx0, sy0, sx0 + sw, sy0 + sh2], fill=255)
        sm = np.asarray(sm.transform((W, H), Image.Transform.MESH, data, resample=RS.BILINEAR), np.float32) / 255.0
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        pat = np.zeros((H, W), np.float32)
        for _ in range(rng.randint(1, 2)):
            per = rng.uniform(8, 50) * S / 1000.0
            ang = rng.uniform(0, math.pi)
            curv = rng.uniform(0, 3.0)
            ph = (xx * math.cos(ang) + yy * math.sin(ang)) * (2 * math.pi / per)
            ph += curv * np.sin(xx * (math.pi / W) * rng.uniform(0.5, 2)) * np.cos(yy * (math.pi / H) * rng.uniform(0.5, 2)) * 6
            pat += np.cos(ph) * rng.uniform(0.02, 0.06)
        img *= (1.0 + pat * sm)[..., None]
        del yy, xx, pat, ph
    # ---- lighting
    hs, ws = H // 8 + 1, W // 8 + 1
    yy, xx = np.mgrid[0:hs, 0:ws].astype(np.float32)
    xx /= ws
    yy /= hs
    ga, gb = rng.uniform(-0.25, 0.25), rng.uniform(-0.25, 0.25)
    L = 1.0 + ga * (xx - 0.5) + gb * (yy - 0.5)
    vig = rng.uniform(0.0, 0.35)
    L *= 1.0 - vig * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2) * 2
    L *= rng.uniform(0.8, 1.05)
    if bend:
        L *= 1.0 - rng.uniform(0.0, 0.12) * np.clip((xx - rng.uniform(0, 1)) * rng.choice([-3, 3]), 0, 1)
    if rng.random() < 0.4:  # shadow of a hand or a phone
        sm = Image.new('L', (ws, hs), 0)
        sd = ImageDraw.Draw(sm)
        side = rng.choice(['l', 'r', 't', 'b'])
        cx, cy = rng.uniform(0.1, 0.9) * ws, rng.uniform(0.1, 0.9) * hs
        rw, rh = rng.uniform(0.12, 0.3) * ws, rng.uniform(0.12, 0.3) * hs
        sd.ellipse([cx - rw, cy - rh, cx + rw, cy + rh], fill=255)
        arm = rng.uniform(0.08, 0.15) * min(ws, hs)
        end = {'l': (0, cy), 'r': (ws, cy), 't': (cx, 0), 'b': (cx, hs)}[side]
        sd.line([(cx, cy), end], fill=255, width=int(arm * 2))
        sm = sm.filter(ImageFilter.GaussianBlur(min(ws, hs) * rng.uniform(0.03, 0.08)))
        L *= 1.0 - rng.uniform(0.2, 0.45) * np.asarray(sm, np.float32) / 255.0
    glare = np.zeros_like(L)
    gl_p = 0.5 if meta.get('glossy') else 0.25
    if rng.random() < gl_p:
        cx = min(0.95, max(0.05, (ox + rng.gauss(0, 0.25 * S)) / W))
        cy = min(0.95, max(0.05, (oy + rng.gauss(0, 0.25 * S)) / H))
        sg = rng.uniform(0.05, 0.2)
        glare = rng.uniform(0.15, 0.42) * np.exp(-(((xx - cx) * W / S) ** 2 + ((yy - cy) * H / S) ** 2) / (2 * sg * sg))
    Lf = np.asarray(Image.fromarray(L.astype(np.float32)).resize((W, H), RS.BILINEAR))
    Gf = np.asarray(Image.fromarray(glare.astype(np.float32)).resize((W, H), RS.BILINEAR))
    tint = np.array([1 + rng.uniform(-0.02, 0.08), 1.0, 1 + rng.uniform(-0.1, 0.04)], np.float32)
    img = img * Lf[..., None] * tint
    img = img + (255.0 - img) * Gf[..., None]
    out = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    # ---- optics
    r = rng.uniform(0.2, 1.2) * S / 1100.0
    if r > 0.3:
        out = out.filter(ImageFilter.GaussianBlur(r))
    if rng.random() < 0.15:
        ang = rng.uniform(0, math.pi)
        kern = np.zeros((5, 5), np.float32)
        for t in np.linspace(-2, 2, 9):
            kern[int(round(2 + t * math.sin(ang))), int(round(2 + t * math.cos(ang)))] += 1
        out = out.filter(ImageFilter.Kernel((5, 5), kern.ravel().tolist(), scale=float(kern.sum())))
    if rng.random() < 0.35:
        out = out.filter(ImageFilter.UnsharpMask(radius=2, percent=rng.randint(40, 120), threshold=2))
    arr = np.asarray(out).astype(np.float32)
    sig = rng.uniform(1.0, 6.0)
    noise = nrng.standard_normal((H, W, 1)).astype(np.float32) * sig
    if rng.random() < 0.5:
        noise = noise + nrng.standard_normal((H, W, 3)).astype(np.float32) * sig * 0.4
    arr += noise
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


# ---------------------------------------------------------------------------
# Per-picture driver
# ---------------------------------------------------------------------------
class PC:
    pass


SCREEN_MIN = {4: 26, 6: 24, 9: 22, 12: 24, 16: 24, 25: 24}
PHOTO_MIN = {4: 30, 6: 28, 9: 26, 12: 28, 16: 30, 25: 32}


def alpha_chars(n, alpha):
    return ''.join(sorted(set(''.join(alphabet_symbols(n, alpha)))))


def make_picture(idx, item, seed, outdir):
    kind, cat, alpha = item
    rng = random.Random('indb-%d-%d' % (seed, idx))
    nrng = np.random.default_rng([seed, idx, 77])
    pc = PC()
    pc.rng, pc.nrng = rng, nrng
    pc.accent = rng.choice(ACCENTS)
    pc.ui_font = pick_font(rng, ['sans'], ['bold', 'ital', 'mono', 'cond'], 'AaBb0123456789')
    pc.ui_bold = pick_font(rng, ['bold'], ['serif', 'ital', 'mono'], 'AaBb0123456789')
    pc.text_font = pick_font(rng, ['serif'] if rng.random() < 0.7 else ['sans'], ['bold', 'ital', 'mono'], 'AaBb0123456789')
    pc.head_font = pick_font(rng, ['bold'], ['ital', 'mono'], 'AaBb0123456789')
    is_sudoku = kind != 'none'
    n = int(kind[1:]) if is_sudoku else 0
    pc.n, pc.alpha = n, alpha
    mc_extra = 4 if (alpha == 'numbers' and n >= 10) else 0
    pc.min_cell = (SCREEN_MIN if cat == 'screen' else PHOTO_MIN).get(n, 24) + mc_extra
    pc.style = None

    if cat == 'screen':
        scene = rng.choices(['phone', 'phone_dark', 'web', 'pdf', 'sheet', 'plain'], [30, 15, 25, 12, 6, 12])[0]
        if not is_sudoku and scene == 'plain':
            scene = 'web'
        ctx = {'phone': 'app', 'phone_dark': 'app', 'web': 'web', 'pdf': 'pdf', 'sheet': 'sheet', 'plain': 'plain'}[scene]
    else:
        scene = rng.choices(['news', 'book', 'sheet', 'magazine', 'screen'], [30, 25, 18, 8, 19])[0]
        ctx = {'news': 'news', 'book': 'book', 'sheet': 'sheet_print', 'magazine': 'magazine', 'screen': 'app'}[scene]
    dark = scene == 'phone_dark' or (scene == 'screen' and rng.random() < 0.3)

    pc.dark = dark
    font_name = '-'
    if is_sudoku:
        chars = alpha_chars(n, alpha)
        if ctx == 'app':
            gfont = pick_font(rng, ['sans', 'round'], ['ital', 'serif'], chars)
        elif ctx == 'sheet':
            gfont = pick_font(rng, ['sans'], ['ital', 'cond'], chars)
        elif ctx in ('news', 'book', 'sheet_print', 'magazine', 'pdf'):
            gfont = pick_font(rng, ['serif', 'sans', 'mono', 'round'], ['light'], chars)
        else:
            gfont = pick_font(rng, None, [], chars)
        pc.pad_font = gfont if rng.random() < 0.7 else pick_font(rng, ['sans'], ['ital'], chars)
        st = make_style(rng, ctx, n, gfont, dark=dark, accent=pc.accent)
        if scene == 'screen':
            dark = dark
        pc.style = st
        entry_p = {'app': 0.7, 'web': 0.35, 'plain': 0.25, 'pdf': 0.0, 'sheet': 0.2, 'news': 0.15,
                   'book': 0.55, 'sheet_print': 0.35, 'magazine': 0.3}[ctx]
        pencil_p = {'app': 0.45, 'web': 0.15, 'plain': 0.1, 'pdf': 0.0, 'sheet': 0.0, 'news': 0.1,
                    'book': 0.4, 'sheet_print': 0.25, 'magazine': 0.2}[ctx]
        if st['mode'] == 'round' and n >= 16:
            st['mode'] = 'lines'
        puz = make_puzzle(rng, n, alpha, entry_p, pencil_p)
        if puz['pencil']:  # keep the small notes readable too
            pc.min_cell = max(pc.min_cell, 36 if cat == 'screen' else 44)
        content = SudokuContent(puz, st, rng)
        font_name = os.path.basename(gfont)
        truth = truth_cells(puz)
        side, shape = str(n), 'box=%dx%d' % SHAPES[n]
        cells = ','.join(str(int(v)) for v in truth.ravel())
        alpha_word = alpha
    else:
        printed = cat == 'photo' and scene != 'screen'
        if cat == 'screen':
            nk = rng.choice(['crossword', 'chess', 'calendar', 'bingo', 'kenken', 'kakuro', 'nonogram', 'wordsearch', 'table', 'times', 'text'])
            if scene == 'sheet':
                nk = 'table'
        else:
            nk = rng.choice(['crossword', 'chess', 'calendar', 'bingo', 'kenken', 'kakuro', 'nonogram', 'wordsearch', 'table', 'times', 'text', 'crossword'])
        nfont = pick_font(rng, ['sans', 'serif'], ['ital'], 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')
        if printed:
            sty = dict(ink=(25, 25, 25), paper=(255, 255, 255), font=nfont, fontb=pc.head_font, accent=(120, 120, 120), print=True)
        else:
            if dark:
                sty = dict(ink=(225, 225, 225), paper=(30, 30, 32), font=nfont, fontb=pc.ui_bold, accent=pc.accent)
            else:
                sty = dict(ink=(30, 30, 30), paper=(255, 255, 255), font=nfont, fontb=pc.ui_bold, accent=pc.accent)
        sty['pen'] = (30, 50, 160)
        content = NoneContent(nk, sty, rng)
        font_name = os.path.basename(nfont)
        side = shape = cells = alpha_word = '-'

    if cat == 'screen':
        if scene in ('phone', 'phone_dark'):
            img = scene_phone(pc, content, dark)
        elif scene == 'web':
            img = scene_web(pc, content)
        elif scene == 'pdf':
            img = scene_pdf(pc, content)
        elif scene == 'sheet':
            img = scene_sheet(pc, content)
        else:
            img = scene_plain(pc, content)
        # screenshot scaling (down-scaled for sharing, or zoomed)
        cs = content.rect[2] / n if is_sudoku else 40.0
        lo = pc.min_cell / cs
        r = rng.random()
        if r < 0.45:
            s = rng.uniform(0.5, 0.85)
        elif r < 0.6:
            s = rng.uniform(1.1, 1.5)
        else:
            s = 1.0
        s = max(s, lo * 1.02) if is_sudoku else s
        longest = max(img.size)
        if longest * s > 2800:
            s = max(2800.0 / longest, lo * 1.02 if is_sudoku else 0)
        if not is_sudoku:
            s = min(s, 1800.0 / longest) if longest * s > 1800 else s
        if abs(s - 1.0) > 0.02:
            img = img.resize((max(8, int(img.width * s)), max(8, int(img.height * s))),
                             rng.choice([RS.LANCZOS, RS.BILINEAR, RS.BICUBIC]) if s < 1 else rng.choice([RS.BILINEAR, RS.BICUBIC, RS.NEAREST]))
        if rng.random() < 0.2:
            ext, q = '.jpg', rng.randint(80, 95)
        else:
            ext, q = '.png', None
    else:
        # photo
        Lside = rng.randint(800, 2000)
        aspect = rng.choices([4 / 3, 16 / 9, 1.0, 3 / 2], [70, 15, 5, 10])[0]
        portrait = rng.random() < 0.6
        W, H = (int(Lside / aspect), Lside) if portrait else (Lside, int(Lside / aspect))
        S = min(W, H)
        frac = rng.uniform(0.3, 0.9)
        if is_sudoku:
            need = pc.min_cell * n
            if frac * S < need:
                frac = min(0.9, need / S)
                if frac * S < need:
                    scale = need / (0.9 * S)
                    W, H = int(W * scale) + 1, int(H * scale) + 1
                    if max(W, H) > 2000:
                        sc2 = 2000.0 / max(W, H)
                        W, H = int(W * sc2), int(H * sc2)
                    S = min(W, H)
                    frac = min(0.9, need / S)
        Gt = frac * S
        u = rng.uniform(0.9, 1.15)
        Gp = int(Gt * u)
        pc.view = (W * u, H * u)
        if scene == 'news':
            page, grect, meta = page_news(pc, content, Gp)
        elif scene == 'book':
            page, grect, meta = page_book(pc, content, Gp)
        elif scene == 'sheet':
            page, grect, meta = page_sheet(pc, content, Gp)
        elif scene == 'magazine':
            page, grect, meta = page_magazine(pc, content, Gp)
        else:
            page, grect, meta = page_screen(pc, content, Gp)
        page = paper_texture(page, meta, nrng, rng)
        img = camera_photo(pc, page, grect, meta, W, H, Gt)
        ext, q = '.jpg', rng.randint(50, 92)
    name = '%04d%s' % (idx, ext)
    path = os.path.join(outdir, name)
    if ext == '.jpg':
        img.convert('RGB').save(path, quality=q, subsampling=rng.choice([0, 2, 2]), optimize=False)
    else:
        img.save(path, compress_level=1)
    return [name, cat if is_sudoku else 'none', side, shape, alpha_word, cells, font_name]


def build_plan(N, seed):
    kinds = [('s9', 0.5), ('s16', 0.2), ('s6', 0.08), ('s12', 0.04), ('s4', 0.04), ('s25', 0.04), ('none', 0.10)]
    raw = [(k, p * N) for k, p in kinds]
    counts = {k: int(math.floor(v)) for k, v in raw}
    left = N - sum(counts.values())
    order = sorted(range(len(raw)), key=lambda i: (-(raw[i][1] - math.floor(raw[i][1])), i))
    for i in order[:left]:
        counts[raw[i][0]] += 1
    items = []
    toggle = 0
    for k, _ in kinds:
        for j in range(counts[k]):
            cat = 'screen' if toggle % 2 == 0 else 'photo'
            toggle += 1
            n = int(k[1:]) if k != 'none' else 0
            if n <= 9 and n:
                alpha = 'digits'
            elif n == 12:
                alpha = ['alnum', 'numbers'][j % 2]
            elif n == 16:
                alpha = ['letters', 'hex', 'alnum', 'numbers'][j % 4]
            elif n == 25:
                alpha = ['letters', 'numbers'][j % 2]
            else:
                alpha = '-'
            items.append((k, cat, alpha))
    random.Random('indb-plan-%d' % seed).shuffle(items)
    return items


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=160)
    ap.add_argument('--quiet', action='store_true')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    items = build_plan(a.count, a.seed)
    rows = []
    t0 = time.time()
    for i, it in enumerate(items):
        rows.append(make_picture(i, it, a.seed, a.out))
        if not a.quiet:
            print('%s %s %s %s  (%.1fs)' % (rows[-1][0], it[1], it[0], it[2], time.time() - t0), file=sys.stderr)
    with open(os.path.join(a.out, 'truth.tsv'), 'w') as f:
        f.write('file\tcategory\tside\tshape\talphabet\tcells\tfont\n')
        for r in rows:
            f.write('\t'.join(r) + '\n')


if __name__ == '__main__':
    main()
