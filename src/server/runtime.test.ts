import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, runtimeProblem } from './runtime';

describe('the Node.js runtime', () => {
  it('is the one the project requires: the tests run on Node.js 24 or later', () => {
    expect(runtimeProblem(process.version)).toBeNull();
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('is stated once: package.json requires what the server checks', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}`);
    // The Node.js that npm scripts run is a pinned development dependency, on the same major.
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^${MINIMUM_NODE.major}\\.\\d+\\.\\d+$`));
  });

  it('refuses older releases with one line and accepts newer ones', () => {
    expect(runtimeProblem('v20.20.2')).toMatch(/^Avis Clients needs Node\.js 24\.11 or later \(this is v20\.20\.2\)/);
    expect(runtimeProblem('v22.21.0')).not.toBeNull();
    expect(runtimeProblem('v24.10.0')).not.toBeNull();
    expect(runtimeProblem('v24.11.0')).toBeNull();
    expect(runtimeProblem('v26.1.0')).toBeNull();
    expect(runtimeProblem('v20.20.2')).not.toContain('\n');
  });
});
