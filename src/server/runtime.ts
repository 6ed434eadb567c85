/**
 * The Node.js the server needs. Node.js 20 left support on 2026-04-30; the project brings Node.js 24
 * LTS as a development dependency (package.json), which npm scripts run. This module imports nothing,
 * so the process entry can check the runtime before any dependency is loaded.
 */

/** The oldest release the server runs on: Node.js 24's first LTS release. Kept equal to package.json's `engines`. */
export const MINIMUM_NODE = { major: 24, minor: 11 } as const;

/** The one line a process on an older Node.js prints before it stops, or `null` when `version` will do. */
export function runtimeProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return null;
  return (
    `Avis Clients needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later (this is ${version}): ` +
    'run it through npm (npm start), which uses the Node.js the project installs, or install Node.js 24 LTS.'
  );
}
