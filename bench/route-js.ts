/**
 * The JavaScript a screen of the React app loads before it is usable: the entry chunk, the lazy
 * chunks of its route (the /app layout and the screen) and everything they import statically,
 * gzip-compressed as a server would send them. Read from Vite's build manifest
 * (dist/web/.vite/manifest.json, `build.manifest` in vite.config.ts); chunks loaded later
 * (`dynamicImports`: another screen, the landing page's chart) are not counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Aim of issue 30: no screen loads more than this much gzip JavaScript before it is usable. */
export const FIRST_LOAD_AIM_BYTES = 150 * 1024;

/** The merchant's screens measured, with the source modules their route loads (src/web/router.tsx). */
export const MERCHANT_SCREENS: Record<string, string[]> = {
  '/app/dashboard': ['components/layout/AppLayout.tsx', 'routes/app/dashboard.tsx'],
  '/app/feedback': ['components/layout/AppLayout.tsx', 'routes/app/feedback.tsx'],
  '/app/schedule': ['components/layout/AppLayout.tsx', 'routes/app/schedule.tsx'],
};

/**
 * Code that must stay out of those screens' first load, found by the sources of the chunks' source
 * maps: the landing page's chart (recharts) and the template editor (its screen, and liquidjs, the
 * engine its preview runs).
 */
export const KEPT_OUT: Record<string, RegExp> = {
  'the landing chart': /landing\/SampleReviewsChart|node_modules\/recharts\//,
  'the template editor': /routes\/app\/email-templates|node_modules\/liquidjs\//,
};

export interface FirstLoad {
  /** Manifest keys (source modules or shared chunks) in the first load. */
  chunks: string[];
  gzipBytes: number;
  /** The names of KEPT_OUT found in it. */
  keptOutInside: string[];
}

export function readManifest(distWeb: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(distWeb, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

export function firstLoad(distWeb: string, modules: string[], manifest = readManifest(distWeb)): FirstLoad {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the build manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (is it still a route module?)`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...modules]) visit(key);
  const files = new Set([...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')));
  const gzipBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(distWeb, file))).byteLength, 0);
  const sources = [...files].flatMap((file) => (JSON.parse(readFileSync(join(distWeb, `${file}.map`), 'utf8')) as { sources: string[] }).sources);
  const keptOutInside = Object.keys(KEPT_OUT).filter((name) => sources.some((source) => KEPT_OUT[name]!.test(source)));
  return { chunks: [...seen], gzipBytes, keptOutInside };
}
