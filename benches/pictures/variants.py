"""A set's screenshots shrunk, cropped to their grid, or its pictures turned:
the same puzzles at the sizes, framings and ways up people's own pictures
come in (a desktop at scale 1, a phone's screenshot shrunk by a messenger, a
grid cut out tight, a photo that lost its EXIF turn).

    target/pictures-venv/bin/python benches/pictures/variants.py SET OUT --scale 0.5
    READ_CORNERS=1 cargo run --release --example read_accuracy -- SET 2> corners.txt
    target/pictures-venv/bin/python benches/pictures/variants.py SET OUT --crop 3 --corners corners.txt

    target/pictures-venv/bin/python benches/pictures/variants.py SET OUT --turn 1 --category all

`--scale F` resizes each screenshot by F (Lanczos); `--crop M` cuts each one
to the grid's corners as the reader found them (the example's READ_CORNERS
lines), M pixels out from the frame line's middle; `--turn K` turns each
picture K quarter turns anticlockwise (no EXIF says so). `--category` picks
photos or pictures without a puzzle instead, or `all`. OUT gets the pictures
and a truth.tsv for `read_accuracy`.
"""

import argparse
import os

from PIL import Image


def main():
    p = argparse.ArgumentParser()
    p.add_argument("set")
    p.add_argument("out")
    p.add_argument("--scale", type=float)
    p.add_argument("--crop", type=int)
    p.add_argument("--corners")
    p.add_argument("--turn", type=int)
    p.add_argument("--category", default="screen")
    a = p.parse_args()
    if sum(v is not None for v in (a.scale, a.crop, a.turn)) != 1 or (a.crop is not None and not a.corners):
        p.error("give --scale, --turn, or --crop with --corners")
    corners = {}
    if a.corners:
        for line in open(a.corners):
            f = line.rstrip("\n").split("\t")
            if len(f) == 3 and f[0] == "CORNERS":
                corners[f[1]] = [tuple(map(float, q.strip("()[] ").split(","))) for q in f[2].split("), (")]
    os.makedirs(a.out, exist_ok=True)
    rows = open(os.path.join(a.set, "truth.tsv")).read().splitlines()
    kept = [rows[0]]
    for row in rows[1:]:
        f = row.split("\t")
        if a.category not in (f[1], "all") or (a.crop is not None and f[0] not in corners):
            continue
        im = Image.open(os.path.join(a.set, f[0])).convert("RGB")
        if a.turn is not None:
            im = im.rotate(90 * a.turn, expand=True)
        elif a.scale is not None:
            im = im.resize((round(im.width * a.scale), round(im.height * a.scale)), Image.LANCZOS)
        else:
            xs = [q[0] for q in corners[f[0]]]
            ys = [q[1] for q in corners[f[0]]]
            m = a.crop
            im = im.crop((max(0, int(min(xs) - m)), max(0, int(min(ys) - m)),
                          min(im.width, int(max(xs) + m + 1)), min(im.height, int(max(ys) + m + 1))))
        im.save(os.path.join(a.out, f[0]), **({"quality": 92} if f[0].endswith(".jpg") else {}))
        kept.append(row)
    open(os.path.join(a.out, "truth.tsv"), "w").write("\n".join(kept) + "\n")
    print(f"{a.out}: {len(kept) - 1} pictures")


if __name__ == "__main__":
    main()
