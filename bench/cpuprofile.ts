/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof` or the inspector's Profiler, as bench/sending.ts
 * writes with SEND_BENCH_PROFILE) and prints where the time went, without a flame-graph viewer:
 * - by area: each sample goes to the first frame, from the leaf up, whose file belongs to a known
 *   area (pg, PGlite, nodemailer, drizzle, the sender...), so time inside a library called by the
 *   sender counts for the library, and Node's own streams and timers count for whoever called
 *   them; "idle" and "garbage collector" are V8's own nodes;
 * - the functions with the most self time, and the most inclusive time (a function counted once per
 *   sample even when it recurses).
 *
 *   npx tsx bench/cpuprofile.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Areas, first match wins (a file path fragment each). */
const AREAS: [string, RegExp][] = [
  ['pglite (database on this thread)', /@electric-sql\/pglite/],
  ['pg (PostgreSQL driver)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ['drizzle (query building)', /node_modules\/drizzle-orm\//],
  ['nodemailer DKIM', /nodemailer\/lib\/dkim/],
  ['nodemailer compose (MIME)', /nodemailer\/lib\/(mail-composer|mime-node|mime-funcs|qp|base64|addressparser|mime-types|punycode)/],
  ['nodemailer SMTP client', /nodemailer\/lib\/(smtp-connection|shared)/],
  ['smtp-server (the bench SMTP server)', /node_modules\/smtp-server\//],
  ['sender', /src\/server\/requests\/(sender|sending\/)/],
  ['template sandbox (parent side, IPC)', /src\/server\/email-templates\/sandbox/],
  ['mail and SMTP pool', /src\/server\/email\//],
  ['quota', /src\/server\/plans\/quota/],
  ['other app code', /\/src\//],
  ['tsx loader', /node_modules\/tsx\//],
  ['node internals', /^node:/],
];

export interface ProfileSummary {
  totalMs: number;
  areas: { area: string; ms: number }[];
  self: { name: string; ms: number }[];
  inclusive: { name: string; ms: number }[];
}

const frameName = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/work\/main\//, '');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
};

export function summarise(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    totalMs += ms;
    const leaf = byId.get(id)!;
    add(self, frameName(leaf), ms);
    const seen = new Set<string>();
    let area: string | null = null;
    let fallback: string | null = null;
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const name = frameName(node);
      if (!seen.has(name)) add(inclusive, name, ms);
      seen.add(name);
      if (area !== null) continue;
      const fn = node.callFrame.functionName;
      if (fn === '(idle)' || fn === '(program)' || fn === '(garbage collector)') area = fn.replace(/[()]/g, '');
      const found = AREAS.find(([, pattern]) => pattern.test(node!.callFrame.url))?.[0] ?? null;
      // Node's own streams, events and timers count for the code above them that called them.
      if (found === 'node internals' || found === 'tsx loader') fallback ??= found;
      else if (found) area = found;
    }
    add(areas, area ?? fallback ?? 'other (native, no JS frame)', ms);
  });
  const sorted = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms }));
  return {
    totalMs,
    areas: [...areas].sort((a, b) => b[1] - a[1]).map(([area, ms]) => ({ area, ms })),
    self: sorted(self),
    inclusive: sorted(inclusive).filter((f) => !/^\((root|program|idle)\)/.test(f.name)),
  };
}

export function printSummary(summary: ProfileSummary, label: string) {
  const pct = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1).padStart(5)} %`;
  console.log(`[${label}] profile: ${(summary.totalMs / 1000).toFixed(1)} s sampled`);
  console.log(`[${label}] by area:`);
  for (const { area, ms } of summary.areas) console.log(`  ${pct(ms)}  ${area}`);
  console.log(`[${label}] self time:`);
  for (const { name, ms } of summary.self) console.log(`  ${pct(ms)}  ${name}`);
  console.log(`[${label}] inclusive time:`);
  for (const { name, ms } of summary.inclusive) console.log(`  ${pct(ms)}  ${name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/cpuprofile.ts <file.cpuprofile> [top]');
  printSummary(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top ?? 25)), file);
}
