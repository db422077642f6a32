// The embedding example's own script (the page's CSP forbids inline scripts).
import { generate, solve } from '../www/bitsudoku-api.js';

const events = document.getElementById('events');
const seen = [];
for (const id of ['nine', 'four']) {
  const el = document.getElementById(id);
  for (const type of ['change', 'solved']) {
    el.addEventListener(type, (e) => {
      seen.push(`${id}:${type}${type === 'solved' ? `(${e.detail.outcome})` : ''}`);
      events.textContent = seen.slice(-6).join(', ');
    });
  }
}

const input = document.getElementById('api-input');
const output = document.getElementById('api-output');
document.getElementById('api-solve').addEventListener('click', async () => {
  try {
    const r = await solve(input.value);
    output.textContent = `${r.outcome}: ${r.message}\n${r.solution ?? ''}`;
  } catch (err) {
    output.textContent = `error: ${err.message}`;
  }
});
document.getElementById('api-generate').addEventListener('click', async () => {
  const g = await generate({ size: 9 });
  input.value = g.puzzle;
  output.textContent = `generated (seed ${g.seed}), ${g.grade}`;
});
document.body.dataset.ready = 'true';
