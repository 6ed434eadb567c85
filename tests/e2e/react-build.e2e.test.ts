/**
 * The product's front end is React (decision 039): the bundle the browser loads and the renderer
 * the server draws the /app screens with are React's own builds, the ones the web tests render with,
 * and no substitute renderer. Read from the builds the e2e project's global setup makes when stale
 * (dist/web, dist/web-render), through their source maps.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The packages every source map of `dir` names (node_modules/<package>/…), with the files naming them. */
function packagesIn(dir: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const maps = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js.map'));
  for (const file of maps) {
    const { sources } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name) packages.set(name, [...(packages.get(name) ?? []), file]);
    }
  }
  return packages;
}

const SUBSTITUTES = ['preact', 'preact-render-to-string', '@preact/compat', 'inferno', 'nano-jsx'];

describe('React in the browser and on the server', () => {
  it('is what the browser bundle runs, with no substitute renderer', () => {
    const packages = packagesIn('dist/web/assets');
    expect([...packages.keys()].filter((name) => SUBSTITUTES.includes(name))).toEqual([]);
    expect(packages.has('react-dom'), 'react-dom in the bundle').toBe(true);
    expect(packages.has('react'), 'react in the bundle').toBe(true);
  });

  it('is what the server draws the /app screens with: React’s own server renderer', () => {
    const packages = packagesIn('dist/web-render');
    expect([...packages.keys()].filter((name) => SUBSTITUTES.includes(name))).toEqual([]);
    const renderer = JSON.parse(readFileSync('dist/web-render/server-render.js.map', 'utf8')) as { sources: string[] };
    expect(renderer.sources.some((source) => /node_modules\/react-dom\/cjs\/react-dom-server\./.test(source))).toBe(true);
  });

  it('is the React the web tests render with: one version, no substitute among the dependencies', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    expect(Object.keys(all).filter((name) => SUBSTITUTES.includes(name))).toEqual([]);
    const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
    expect(version('react')).toMatch(/^19\./);
    expect(version('react-dom')).toBe(version('react'));
  });
});
