/**
 * The contracts (src/core/api) without their schemas, for the browser build (decision 039).
 *
 * The web app calls an endpoint through its contract for its method and path; the server parses
 * every input and, in development, checks every answer against the schemas. Only the forms read a
 * schema (to check their fields). So in the browser build, an import from a contract module that
 * asks only for what the module keeps without its schemas (its endpoints, constants, plain
 * functions) is served `<module>?endpoints`: the module with each `endpoint({…})`'s `params`,
 * `query`, `body` and `response` removed, then every module-level schema and whatever only they
 * used (zod among them). An import that asks for a schema (a form's) gets the whole module. zod is
 * then loaded with the screens that have forms, not with every screen.
 *
 * Types are untouched: the source stays whole, and the web tests and the server run it as written.
 * tests/e2e/first-load-js.e2e.test.ts fails if zod reaches a merchant screen's first load.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import MagicString from 'magic-string';
import { parseAst, transformWithOxc, type Plugin } from 'vite';

/** A contract module's file. */
export const CONTRACT_MODULE = /\/src\/core\/api\/[^/?]+\.ts$/;
const QUERY = '?endpoints';
/** What the browser never reads from an endpoint. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `root` (itself included), depth first, with its parent. */
function* walk(root: Node, parent: Node | null = null): Generator<[Node, Node | null]> {
  yield [root, parent];
  for (const [key, value] of Object.entries(root)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) yield* walk(item, root);
    if (isNode(value)) yield* walk(value, root);
  }
}

/** A module-level declaration: the names it declares, whether it is exported, its text's range. */
interface Declaration {
  names: string[];
  exported: boolean;
  node: Node;
  /** Built by a call that is not `endpoint(…)`: a schema, or something made from one. */
  builtByCall: boolean;
}

function isEndpointCall(node: Node | null | undefined): boolean {
  const callee = node?.callee as Node | undefined;
  return node?.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'endpoint';
}

/**
 * A contract module's JavaScript without its schemas: the endpoints' schema properties removed, then
 * every module-level declaration built by a call (`z.object(…)`, a helper making a schema), and, until
 * nothing more goes, every declaration that reads a removed name or that nothing kept reads (unless
 * exported and free of removed names), then the imports nothing kept reads. Gives the code and the
 * names it still exports.
 */
export function withoutSchemas(code: string, program: Node): { code: string; exports: Set<string> } {
  const out = new MagicString(code);
  const declarations: Declaration[] = [];
  const imports: Node[] = [];
  const kept: Node[] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      imports.push(statement);
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations as Node[]) {
        if ((declarator.id as Node).type !== 'Identifier') throw new Error('contract-endpoints: a module-level destructuring is not followed');
        const init = declarator.init as Node | null;
        declarations.push({
          names: [(declarator.id as Node).name as string],
          exported,
          node: statement,
          builtByCall: init?.type === 'CallExpression' && !isEndpointCall(init),
        });
      }
    } else if (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') {
      declarations.push({ names: [(declaration.id as Node).name as string], exported, node: statement, builtByCall: false });
    } else {
      kept.push(statement);
    }
  }
  if (declarations.some((d) => (d.node.declaration as Node | undefined)?.type === 'VariableDeclaration' && ((d.node.declaration as Node).declarations as Node[]).length > 1)) {
    throw new Error('contract-endpoints: one declaration per statement, please (a module-level `const a = …, b = …` is not split)');
  }

  // The endpoints' schemas go first: what they alone read can then go too.
  const removedRanges: [number, number][] = [];
  for (const [node] of walk(program)) {
    if (!isEndpointCall(node)) continue;
    const [definition] = node.arguments as Node[];
    if (definition?.type !== 'ObjectExpression') continue;
    for (const property of definition.properties as Node[]) {
      const key = property.key as Node | undefined;
      if (property.type !== 'Property' || property.computed || key?.type !== 'Identifier' || !SCHEMA_KEYS.has(key.name as string)) continue;
      const end = code[property.end] === ',' ? property.end + 1 : property.end;
      removedRanges.push([property.start, end]);
    }
  }
  const isRemovedRange = (child: Node) => removedRanges.some(([start, end]) => child.start >= start && child.end <= end);
  /** What a statement reads (identifiers that are not a key or a member's name), outside the removed schema properties. */
  const reads = (node: Node) => {
    const names = new Set<string>();
    for (const [child, parent] of walk(node)) {
      if (child.type !== 'Identifier' || isRemovedRange(child)) continue;
      if (parent?.type === 'MemberExpression' && parent.property === child && !parent.computed) continue;
      if (parent?.type === 'Property' && parent.key === child && !parent.computed && !parent.shorthand) continue;
      names.add(child.name as string);
    }
    return names;
  };

  const removed = new Set(declarations.filter((d) => d.builtByCall).flatMap((d) => d.names));
  for (let changed = true; changed;) {
    changed = false;
    const live = declarations.filter((d) => !d.names.some((name) => removed.has(name)));
    const readByKept = new Set([...live.flatMap((d) => [...reads(d.node)].filter((name) => !d.names.includes(name))), ...kept.flatMap((node) => [...reads(node)])]);
    for (const d of live) {
      const readsRemoved = [...reads(d.node)].some((name) => removed.has(name) && !d.names.includes(name));
      if (readsRemoved || (!d.exported && !d.names.some((name) => readByKept.has(name)))) {
        for (const name of d.names) removed.add(name);
        changed = true;
      }
    }
  }

  for (const [start, end] of removedRanges) out.remove(start, end);
  const live = declarations.filter((d) => !d.names.some((name) => removed.has(name)));
  for (const d of declarations) if (!live.includes(d)) out.remove(d.node.start, d.node.end);
  const stillRead = new Set([...live.flatMap((d) => [...reads(d.node)]), ...kept.flatMap((node) => [...reads(node)])]);
  for (const statement of imports) {
    const specifiers = statement.specifiers as Node[];
    if (specifiers.length === 0) continue;
    const used = specifiers.filter((s) => stillRead.has((s.local as Node).name as string));
    if (used.length === 0) out.remove(statement.start, statement.end);
    else if (used.length < specifiers.length) {
      const source = (statement.source as Node).raw as string;
      out.overwrite(statement.start, statement.end, `import { ${used.map((s) => code.slice(s.start, s.end)).join(', ')} } from ${source};`);
    }
  }
  const exports = new Set(live.filter((d) => d.exported).flatMap((d) => d.names));
  // Re-exports (`export { x } from './y'`) pass through.
  for (const node of kept) {
    if (node.type === 'ExportNamedDeclaration') for (const s of node.specifiers as Node[]) exports.add((s.exported as Node).name as string);
  }
  return { code: out.toString(), exports };
}

/** The names an import or re-export statement asks for, or null when it takes the whole module (`* as`). */
function askedNames(statement: Node): string[] | null {
  const names: string[] = [];
  for (const specifier of (statement.specifiers as Node[] | undefined) ?? []) {
    if (specifier.type === 'ImportNamespaceSpecifier') return null;
    if (specifier.type === 'ImportDefaultSpecifier') names.push('default');
    else if (specifier.type === 'ImportSpecifier') names.push(((specifier.imported as Node).name ?? (specifier.imported as Node).value) as string);
    else if (specifier.type === 'ExportSpecifier') names.push(((specifier.local as Node).name ?? (specifier.local as Node).value) as string);
  }
  return names;
}

export function contractEndpoints(projectRoot: string): Plugin {
  const contractDir = resolve(projectRoot, 'src/core/api');
  /** Each contract file's version without schemas, made once per build. */
  const light = new Map<string, Promise<{ code: string; exports: Set<string> }>>();
  const lightOf = (file: string) => {
    let entry = light.get(file);
    if (!entry) {
      entry = transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' }).then(({ code }) => withoutSchemas(code, parseAst(code) as unknown as Node));
      light.set(file, entry);
    }
    return entry;
  };
  /** The contract file `source` names from `importer`, if it names one. */
  const contractFile = (source: string, importer: string): string | null => {
    const file = source.startsWith('#core/api/')
      ? resolve(contractDir, `${source.slice('#core/api/'.length)}.ts`)
      : source.startsWith('.')
        ? resolve(dirname(importer), source.endsWith('.ts') ? source : `${source}.ts`)
        : null;
    return file && CONTRACT_MODULE.test(file) ? file : null;
  };

  /** `code` with each import of a contract that asks only for what it keeps without schemas sent to that version. */
  async function redirect(code: string, importer: string): Promise<{ code: string; map: ReturnType<MagicString['generateMap']> } | null> {
    if (!code.includes('core/api') && !CONTRACT_MODULE.test(importer)) return null;
    const out = new MagicString(code);
    let changed = false;
    for (const statement of (parseAst(code) as unknown as Node).body as Node[]) {
      if ((statement.type !== 'ImportDeclaration' && statement.type !== 'ExportNamedDeclaration') || !statement.source) continue;
      const source = statement.source as Node;
      const file = contractFile(source.value as string, importer);
      if (!file) continue;
      const { exports } = await lightOf(file);
      const asked = askedNames(statement);
      if (asked === null || asked.some((name) => !exports.has(name))) continue;
      out.overwrite(source.start, source.end, JSON.stringify(file + QUERY));
      changed = true;
    }
    return changed ? { code: out.toString(), map: out.generateMap({ hires: true, source: importer }) } : null;
  }

  return {
    name: 'contract-endpoints',
    apply: 'build',
    // After the TypeScript has been stripped: it reads JavaScript.
    enforce: 'post',
    resolveId(source) {
      return source.endsWith(QUERY) ? source : null;
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      const { code } = await lightOf(file);
      // Its own imports of other contracts go to their versions without schemas too.
      return (await redirect(code, file))?.code ?? code;
    },
    async transform(code, id) {
      if (id.endsWith(QUERY) || !/\/src\/web\//.test(id) || /\.test\.tsx?$/.test(id)) return null;
      return redirect(code, id.replace(/\?.*$/, ''));
    },
  };
}
