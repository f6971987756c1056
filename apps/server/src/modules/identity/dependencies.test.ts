import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The direction of the account-related modules (ARCHITECTURE.md, "Modules"): `identity` owns
 * sessions, the admin row as identity, two-factor, links, throttles and the sign-in flow, and
 * imports none of `account`, `admins`, `roles` and `auth`, which depend on it; among all five
 * there is no import cycle. Read from the files' import statements (tests included).
 */

const MODULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IDENTITY = 'identity';
const MODULES = [IDENTITY, 'account', 'admins', 'roles', 'auth'];

/** `… from '…'` (imports, re-exports), `import '…'` and `import('…')`. */
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

interface Edge {
  from: string;
  to: string;
  /** Where: `file: specifier`. */
  at: string;
}

/** The module (of MODULES) a relative specifier of a file lands in, if any. */
const moduleOf = (file: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const [first, ...rest] = relative(MODULES_DIR, resolve(dirname(file), specifier)).split(/[\\/]/);
  return first && rest.length > 0 && MODULES.includes(first) ? first : undefined;
};

/** Every import from one of MODULES into another. */
const readEdges = (): { files: Record<string, number>; edges: Edge[] } => {
  const files: Record<string, number> = {};
  const edges: Edge[] = [];
  for (const module of MODULES) {
    const dir = join(MODULES_DIR, module);
    const names = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    files[module] = names.length;
    for (const name of names) {
      const file = join(dir, name);
      for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const specifier = match[1] ?? match[2] ?? '';
        const to = moduleOf(file, specifier);
        if (to && to !== module)
          edges.push({ from: module, to, at: `${module}/${name}: ${specifier}` });
      }
    }
  }
  return { files, edges };
};

/** Cycles of a directed graph by depth-first search (one at least, if any), as `a → b → a`. */
const findCycles = (edges: readonly Pick<Edge, 'from' | 'to'>[]): string[] => {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const done = new Set<string>();
  const cycles: string[] = [];
  const visit = (node: string, path: string[]) => {
    const seen = path.indexOf(node);
    if (seen >= 0) {
      cycles.push([...path.slice(seen), node].join(' → '));
      return;
    }
    if (done.has(node)) return;
    for (const target of next.get(node) ?? []) visit(target, [...path, node]);
    done.add(node);
  };
  for (const node of [...next.keys()].sort()) visit(node, []);
  return cycles;
};

describe('identity and the account-related modules', () => {
  const { files, edges } = readEdges();

  it('reads the imports of every file of the five modules', () => {
    for (const module of MODULES) expect(files[module], module).toBeGreaterThan(0);
    // The parser sees real imports: the dependents' known ones on identity and roles.
    const pairs = new Set(edges.map(({ from, to }) => `${from} → ${to}`));
    for (const pair of [
      'auth → identity',
      'account → identity',
      'admins → identity',
      'admins → roles',
    ]) {
      expect(pairs).toContain(pair);
    }
  });

  it('identity imports none of account, admins, roles and auth', () => {
    expect(edges.filter((edge) => edge.from === IDENTITY).map((edge) => edge.at)).toEqual([]);
  });

  it('has no import cycle among the five modules', () => {
    expect(findCycles(edges)).toEqual([]);
  });

  it('finds the cycles it is there to refuse', () => {
    expect(
      findCycles([
        { from: 'auth', to: 'account' },
        { from: 'account', to: 'admins' },
        { from: 'admins', to: 'auth' },
        { from: 'admins', to: 'roles' },
      ]),
    ).toEqual(['account → admins → auth → account']);
    expect(findCycles([{ from: 'admins', to: 'roles' }])).toEqual([]);
  });
});
