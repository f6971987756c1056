#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on change) and Vite (hot reload, proxying
// /api, /uploads and /socket.io to the server) side by side. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  ['server', ['run', 'dev', '-w', '@safarnama/server']],
  ['web', ['run', 'dev', '-w', '@safarnama/web']],
].map(([name, args]) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (line) => `[${name}] ${line}\n`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix(line));
    });
  }
  child.on('exit', (code) => {
    process.stdout.write(prefix(`exited with code ${code}`));
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
