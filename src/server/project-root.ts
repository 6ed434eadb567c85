/**
 * Paths inside the checkout, whichever file asks: the sources (src/server/…), the compiled server
 * (dist/server/main.js) and its chunks (dist/server/chunks/…) sit at different depths, so a path
 * relative to `import.meta.url` is right from one of them only. The root is the nearest folder above
 * this module that holds the project's package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

export function projectRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return (root = dir);
}

export const projectPath = (...parts: string[]): string => join(projectRoot(), ...parts);
