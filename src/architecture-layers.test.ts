/**
 * The server's layers are a design written twice: docs/ARCHITECTURE.md's table ("Dependencies between
 * server folders") and SERVER_LAYERS in eslint.config.js, which lint enforces. This test holds the two
 * to each other, places every folder of src/server in exactly one layer, and checks what lint cannot:
 * the folders' imports (route files and tests aside, as in lint) form no cycle, so within a layer too
 * they go one way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_LAYERS } from '../eslint.config.js';

const SERVER = resolve(import.meta.dirname, 'server');
const ARCHITECTURE = resolve(import.meta.dirname, '../docs/ARCHITECTURE.md');

type Layer = { name: string; folders: readonly string[] };

/** The rows of the table under the "Dependencies between server folders" heading. */
function layersOfTable(markdown: string): Layer[] {
  const section = markdown.split(/^### Dependencies between server folders$/m)[1];
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "### Dependencies between server folders" section');
  const lines = section.split('\n');
  const header = lines.findIndex((line) => /^\|\s*layer\s*\|\s*folders\s*\|/.test(line));
  if (header < 0) throw new Error('the section has no table starting | layer | folders |');
  const rows: Layer[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [name, folders] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    rows.push({ name: name!, folders: folders!.split(',').map((folder) => folder.trim()) });
  }
  return rows;
}

const serverFolders = () =>
  readdirSync(SERVER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '__fixtures__')
    .map((entry) => entry.name)
    .sort();

function modulesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : modulesOf(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/routes\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The server folder a specifier written in `file` reaches, if any (`#server/x/…` or a relative path). */
function folderReached(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#server/')) target = join(SERVER, specifier.slice('#server/'.length));
  else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
  else return null;
  const parts = relative(SERVER, target).split('/');
  return parts.length > 1 && !parts[0]!.startsWith('..') ? parts[0]! : null;
}

/** folder → the other folders its modules import (static, re-exported or dynamic). */
function folderGraph(folders: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const folder of folders) {
    const reached = new Set<string>();
    for (const file of modulesOf(join(SERVER, folder))) {
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const other = folderReached(file, specifier!);
        if (other && other !== folder) reached.add(other);
      }
    }
    graph.set(folder, reached);
  }
  return graph;
}

/** A cycle of the graph as a path (a → b → … → a), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the server layers', () => {
  it("docs/ARCHITECTURE.md's table lists exactly SERVER_LAYERS, in order", () => {
    const table = layersOfTable(readFileSync(ARCHITECTURE, 'utf8'));
    expect(table).toEqual(SERVER_LAYERS.map(({ name, folders }: Layer) => ({ name, folders: [...folders] })));
  });

  it('reads a table that disagrees as different (the comparison above can fail)', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8').replace(/^(\| features \| )billing, /m, '$1');
    expect(layersOfTable(doc)).not.toEqual(SERVER_LAYERS);
  });

  it('places every folder of src/server in exactly one layer', () => {
    const placed = SERVER_LAYERS.flatMap((layer: Layer) => layer.folders);
    expect(placed.filter((folder: string, i: number) => placed.indexOf(folder) !== i)).toEqual([]);
    expect([...placed].sort()).toEqual(serverFolders());
    expect(SERVER_LAYERS.length).toBeLessThanOrEqual(6);
  });

  it('has no folder import going up a layer, and no cycle between folders within one', () => {
    const layerOf = new Map<string, number>(SERVER_LAYERS.flatMap((layer: Layer, index: number) => layer.folders.map((folder) => [folder, index] as const)));
    const graph = folderGraph(serverFolders());
    const upwards = [...graph].flatMap(([folder, reached]) => [...reached].filter((other) => layerOf.get(other)! > layerOf.get(folder)!).map((other) => `${folder} → ${other}`));
    expect(upwards).toEqual([]);
    expect(findCycle(graph)).toBeNull();
    // The scan sees the imports lint sees: requests stands on plans' quota.
    expect(graph.get('requests')).toContain('plans');
  });
});
