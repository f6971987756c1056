#!/usr/bin/env node
// The web budgets of PERFORMANCE.md, checked on every build from Vite's manifest:
// - the JavaScript needed before the login screen is usable (the entry with its static imports,
//   plus the login route with its own) <= 150 KB gzip;
// - every lazily loaded chunk (a route page, or a modal inside one) with the static imports it adds
//   to what its importer already loaded <= 60 KB gzip, except the pieces the budget names as loading
//   separately (the rich-text editor and the charts).
// Exits 1 with a table when a budget is broken. This is the early warning at build time; what is
// really sent (brotli, in Chromium) is checked by e2e/tests/wire-budget.spec.ts.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const LOGIN_BUDGET = 150 * KB;
const ROUTE_BUDGET = 60 * KB;
const LOGIN_ROUTE = 'src/features/auth/LoginPage.tsx';
/** Heavy pieces that PERFORMANCE.md lets load on their own. */
const EXEMPT = [/RichTextEditor/, /DashboardCharts/];

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const gzipped = new Map();
const gz = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(new URL(file, dist))).length);
  return gzipped.get(file);
};
/** A chunk and everything it imports statically. */
const closure = (key, into = new Set()) => {
  if (into.has(key)) return into;
  into.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, into);
  return into;
};
const bytes = (keys) => [...keys].reduce((sum, key) => sum + gz(manifest[key].file), 0);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[LOGIN_ROUTE]) {
  console.error('bundle-budget: the manifest has no entry or no login route');
  process.exit(1);
}
const entry = closure(entryKey);
const loginExtra = [...closure(LOGIN_ROUTE)].filter((key) => !entry.has(key));
const rows = [['before login is usable', bytes(entry) + bytes(loginExtra), LOGIN_BUDGET]];
/** Who loads each lazy chunk (the first importer found). */
const importer = new Map();
for (const [key, chunk] of Object.entries(manifest)) {
  for (const lazy of chunk.dynamicImports ?? []) if (!importer.has(lazy)) importer.set(lazy, key);
}
/** What is already in the browser when a lazy chunk is asked for: its importers' closures. */
const loadedBefore = (key) => {
  const loaded = new Set(entry);
  for (let at = importer.get(key); at && !loaded.has(at); at = importer.get(at))
    closure(at, loaded);
  return loaded;
};
for (const key of Object.keys(manifest)) {
  if (!manifest[key].isDynamicEntry || EXEMPT.some((re) => re.test(key))) continue;
  const loaded = loadedBefore(key);
  const added = [...closure(key)].filter((k) => !loaded.has(k));
  rows.push([key, bytes(added), ROUTE_BUDGET]);
}

const over = rows.filter(([, size, budget]) => size > budget);
const widest = Math.max(...rows.map(([name]) => name.length));
const shown = over.length ? over : rows.sort((a, b) => b[1] - a[1]).slice(0, 6);
for (const [name, size, budget] of shown) {
  console.log(`${name.padEnd(widest)}  ${kb(size).padStart(9)} / ${kb(budget)}`);
}
if (over.length) {
  console.error(`bundle-budget: ${over.length} chunk(s) over budget`);
  process.exit(1);
}
console.log(`bundle-budget: ${rows.length} chunks within budget`);
