// Compressed responses, for the project's two static servers (scripts/serve.mjs
// and the test harness when asked): as a static host sends them, Brotli where
// the browser accepts it and gzip elsewhere. Over a slow network the page's
// first visit is bound by bytes: its WebAssembly is 2.4 times smaller
// gzipped. Each file is compressed once per version (its ETag), then kept.
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const ENCODERS = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** Whether a type is worth compressing: text and WebAssembly (pictures are compressed already). */
const compressible = (type) =>
  /^(text\/|application\/(wasm|json|manifest\+json|javascript))|^image\/svg\+xml/.test(type);

// `${encoding} ${key}` -> { etag, body: Promise<Buffer> }: the latest version
// only, so a server left running across rebuilds keeps one copy per file.
const cache = new Map();

/**
 * How to send `body` (of `type`, version `etag`, cached under `key`) to a
 * request that accepts `accept` (its Accept-Encoding): resolves to { body,
 * etag, headers }, where `headers` name the encoding (none for a type not
 * worth it or a browser that accepts neither) and always say that the answer
 * varies with Accept-Encoding. Each encoding has its own ETag, so a 304
 * never answers for the other.
 */
export async function encoded(key, body, type, etag, accept = '') {
  // Each coding named, less those refused (`;q=0`).
  const offered = new Set(
    String(accept)
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim()),
  );
  const encoding = compressible(type) ? ['br', 'gzip'].find((e) => offered.has(e)) : undefined;
  const vary = { vary: 'Accept-Encoding' };
  if (!encoding) return { body, etag, headers: vary };
  const id = `${encoding} ${key}`;
  if (cache.get(id)?.etag !== etag) cache.set(id, { etag, body: ENCODERS[encoding](body) });
  const tagged = `${etag.replace(/"$/, '')}-${encoding}"`;
  return { body: await cache.get(id).body, etag: tagged, headers: { ...vary, 'content-encoding': encoding } };
}
