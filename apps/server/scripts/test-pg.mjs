#!/usr/bin/env node
// Runs the server's Vitest suite against PostgreSQL: global setup migrates a template database
// and every test file works in its own `CREATE DATABASE … TEMPLATE` copy (see src/test/).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};
const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  cwd: packageDir,
  env,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
