import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from './node-args.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('the server node options', () => {
  it('are passed by the start script and the cluster script (the TypeScript launchers import them)', () => {
    const start = (JSON.parse(read('../package.json')) as { scripts: Record<string, string> })
      .scripts.start;
    const cluster = read('../../../scripts/cluster.sh');
    const clusterLaunch = cluster
      .split('\n')
      .find((line) => /^\s*node .*dist\/main\.js/.test(line));
    for (const option of SERVER_NODE_ARGS) {
      expect(start).toMatch(new RegExp(`^node .*${option} .*dist/main\\.js$`));
      expect(clusterLaunch).toContain(`node ${option} `);
    }
  });
});
