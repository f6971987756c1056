/**
 * The options the server's `node` runs with; every launcher passes them (the `start` script,
 * scripts/cluster.sh, the e2e web server, the benches), and node-args.test.ts checks the two that
 * are not TypeScript.
 *
 * `--max-semi-space-size=16` caps V8's young generation at Node 22's size. Node 24 sizes it from
 * the heap limit (a 64 MB semi-space on a machine with 24 GB): V8 starts a full mark-compact
 * whenever the old generation's room to its limit is smaller than the young generation, and with
 * the HTTP process's ~45 MB live that was after every collection, a full GC every ~300 ms under
 * PDF load (ARCHITECTURE.md, "Young generation").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'] as const;
