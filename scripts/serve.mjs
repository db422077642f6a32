// `make serve`: the built site, dist/ (`make dist` writes it), on
// http://127.0.0.1:PORT/ with the headers a host should send. Nothing
// outside dist/ is served: not the sources, .git/ or target/.
//
//   node scripts/serve.mjs [PORT]    PORT: the argument, $PORT, or 8000; 0 picks a free one
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeOf } from './content-types.mjs';
import { encoded } from './compress.mjs';

const DIST = await realpath(fileURLToPath(new URL('../dist', import.meta.url))).catch(() => {
  console.error('no dist/: run `make dist` first');
  process.exit(1);
});
const PORT = Number(process.argv[2] ?? process.env.PORT ?? 8000);
if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) {
  console.error(`not a port: ${process.argv[2] ?? process.env.PORT}`);
  process.exit(2);
}

// Each page carries its policy in a <meta> tag, so it is safe on any host.
// A meta policy does not reach workers (a worker, the service worker too,
// takes its policy from its own script's headers) and cannot say
// frame-ancestors, so every response repeats the page's policy (index.html's
// for files that are not pages) and adds:
const ADDED = [
  "frame-ancestors 'self'", // no other site may frame the page (clickjacking)
  "worker-src 'self'", // the solving worker and the service worker come from here
  "base-uri 'none'", // an injected <base> cannot move relative URLs elsewhere
  "form-action 'none'", // the page has no forms
  "object-src 'none'", // no plugins
].join('; ');
const metaPolicy = (html) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
const SITE_POLICY = metaPolicy(await readFile(join(DIST, 'index.html'), 'utf8').catch(() => ''));
if (!SITE_POLICY) throw new Error('dist/index.html has no Content-Security-Policy meta tag');

const HEADERS = {
  // Types as sent, never guessed: a file is run as script only when served
  // as one (wasm must be application/wasm anyway for streaming compile).
  'x-content-type-options': 'nosniff',
  // No other site learns the page's address from a request it makes.
  'referrer-policy': 'no-referrer',
  // Revalidate every time (an ETag makes that a 304): a new build is seen at
  // once, and the browser never runs the files of two builds together.
  'cache-control': 'no-cache',
};

// The file a request path names, or null when it tries to leave dist/: a
// "." or ".." segment (encoded too), any hidden name, an encoded slash or
// backslash, a NUL, or a target that is not a path.
function fileFor(url) {
  const path = url.split(/[?#]/)[0];
  if (!path.startsWith('/')) return null;
  let segments;
  try {
    segments = path.split('/').map(decodeURIComponent);
  } catch {
    return null; // malformed %-escapes
  }
  if (segments.some((s) => s.startsWith('.') || /[/\\\0]/.test(s))) return null;
  return join(DIST, ...segments);
}

// Every response, errors and 304s too, carries the policy and HEADERS.
const headersFor = (policy) => ({ 'content-security-policy': `${policy}; ${ADDED}`, ...HEADERS });

const server = createServer(async (req, res) => {
  const fail = (status, extra = {}) => {
    res.writeHead(status, { ...headersFor(SITE_POLICY), 'content-type': 'text/plain; charset=utf-8', ...extra });
    res.end(req.method === 'HEAD' ? undefined : `${status}\n`);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return fail(405, { allow: 'GET, HEAD' });
  let file = fileFor(req.url);
  if (file === null) return fail(403);
  let info, body;
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    file = await realpath(file); // a symbolic link must not lead out either
    if (!file.startsWith(DIST + sep)) return fail(403);
    [info, body] = await Promise.all([stat(file), readFile(file)]);
  } catch {
    return fail(404);
  }
  const type = typeOf(extname(file));
  // A page's own policy (the single file's allows its inline code by hash).
  const policy = (type.startsWith('text/html') && metaPolicy(body.toString())) || SITE_POLICY;
  const version = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  // Compressed as a host would (Brotli or gzip): a slow network's first
  // visit is bound by its bytes.
  const sent = await encoded(file, body, type, version, req.headers['accept-encoding']);
  const headers = {
    ...headersFor(policy),
    ...sent.headers,
    'content-type': type,
    etag: sent.etag,
    'last-modified': info.mtime.toUTCString(),
  };
  if (req.headers['if-none-match'] === sent.etag) return res.writeHead(304, headers).end();
  res.writeHead(200, { ...headers, 'content-length': sent.body.length });
  res.end(req.method === 'HEAD' ? undefined : sent.body);
});
server.on('error', (err) => {
  console.error(`cannot serve on port ${PORT}: ${err.message}`);
  process.exit(1);
});
server.listen(PORT, '127.0.0.1', () => {
  console.log(`Serving dist/ on http://127.0.0.1:${server.address().port}/`);
});
