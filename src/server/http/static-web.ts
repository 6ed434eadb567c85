/**
 * Serves the built React app (dist/web). Hashed assets are cached for a year; every other path gets
 * index.html so client-side routing and deep links work, with a 404 status for paths that are not
 * routes of the app (the app shows its 404 screen). Dot files and folders are not served. Scripts,
 * style sheets and SVGs go out compressed, brotli or gzip as the browser accepts, from the copies the
 * build wrote beside them (vite.config.ts, `precompress`).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { isKnownRoute } from '#core/routes';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The build's precompressed copies, best first: the suffix of the file and its Content-Encoding. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The encodings a request's Accept-Encoding allows (a q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/** The file's precompressed copy the request accepts, if the build wrote one. */
async function readCompressed(file: string, acceptEncoding: string | undefined): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: string } | null> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of ENCODINGS) {
    if (!accepted.has(encoding)) continue;
    try {
      return { body: await readFile(file + suffix), encoding };
    } catch {
      // not precompressed (an image, a file of public/): try the next, then the file itself
    }
  }
  return null;
}

export function createWebHandler(distDir: string) {
  const root = resolve(distDir);
  let indexHtml: string | null = null;

  async function loadIndex(): Promise<string | null> {
    if (indexHtml !== null) return indexHtml;
    try {
      indexHtml = await readFile(join(root, 'index.html'), 'utf8');
      return indexHtml;
    } catch {
      return null;
    }
  }

  return async function serveWeb(c: Context): Promise<Response> {
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    // Dot folders and files (Vite's .vite/manifest.json) are build metadata, never served.
    if (extname(pathname) && !pathname.split('/').some((segment) => segment.startsWith('.'))) {
      const file = normalize(join(root, pathname));
      if (file.startsWith(root + sep)) {
        try {
          const info = await stat(file);
          if (info.isFile()) {
            const compressed = await readCompressed(file, c.req.header('accept-encoding'));
            const immutable = pathname.startsWith('/assets/');
            return new Response(compressed?.body ?? (await readFile(file)), {
              headers: {
                'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
                'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
                vary: 'accept-encoding',
                ...(compressed && { 'content-encoding': compressed.encoding }),
              },
            });
          }
        } catch {
          // fall through to the app's 404
        }
      }
    }
    const html = await loadIndex();
    if (html === null) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    return c.html(html, isKnownRoute(pathname) ? 200 : 404, { 'cache-control': 'no-cache' });
  };
}
