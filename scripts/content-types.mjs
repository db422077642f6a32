// Content types by file extension, for the project's two static servers
// (scripts/serve.mjs and the test harness): sent, never guessed, since
// `nosniff` runs a file as script only when it is served as one, and wasm
// must be application/wasm for streaming compilation.
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.LICENSE': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/** The type of `extension` (with its dot); unknown ones are bytes. */
export const typeOf = (extension) => TYPES[extension] ?? 'application/octet-stream';
