// How long the page takes to read each picture fixture, in headless
// Chromium: from the picture dropped on the grid to the review shown (the
// worker's decoding, shrinking and reading, and the review drawn). The first
// picture also pays the reader's download and compilation, reported apart.
// Each fixture is read `runs` times; the best and the median are printed.
//
//   make dist && node benches/picture-page.mjs [runs]
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, launch, open, serve } from '../tests/e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 3);
const PICTURES = join(ROOT, 'tests/data/pictures');
const files = (await readdir(PICTURES)).filter((f) => /\.(png|jpg)$/.test(f)).sort();

const browser = await launch();
const dist = await serve('/app/', join(ROOT, 'dist'));
try {
  const { page } = await open(browser, dist.url);
  /** Drops `file` on the grid; milliseconds until the reading ends. */
  const read = async (file) => {
    const type = file.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
    const base64 = (await readFile(join(PICTURES, file))).toString('base64');
    return page.evaluate(
      async ([base64, name, type]) => {
        const dialog = document.getElementById('picture');
        const idle = () => new Promise((r) => setTimeout(r, 20));
        if (dialog.open) document.getElementById('picture-cancel').click();
        while (dialog.open) await idle();
        dialog.dataset.state = '';
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], name, { type }));
        const init = { bubbles: true, cancelable: true, dataTransfer: data };
        const start = performance.now();
        const grid = document.getElementById('grid');
        for (const kind of ['dragenter', 'dragover', 'drop']) grid.dispatchEvent(new DragEvent(kind, init));
        while (!['review', 'failed'].includes(dialog.dataset.state)) await new Promise((r) => setTimeout(r, 5));
        return performance.now() - start;
      },
      [base64, file, type],
    );
  };
  console.log(`first picture, reader downloaded and compiled: ${(await read(files[0])).toFixed(0)} ms`);
  console.log('| picture | best | median |');
  console.log('|---|---:|---:|');
  for (const file of files) {
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await read(file));
    times.sort((a, b) => a - b);
    console.log(`| ${file} | ${times[0].toFixed(0)} ms | ${times[Math.floor(times.length / 2)].toFixed(0)} ms |`);
  }
} finally {
  await browser.close();
  await dist.close();
}
