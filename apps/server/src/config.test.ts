import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('config', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'safarnama-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('applies the documented defaults', async () => {
    const cwd = await tempDir();
    const config = loadConfig({ INIT_CWD: cwd });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      publicOrigin: 'http://localhost:3000',
      secureCookies: false,
      trustProxy: 0,
      adminEmail: 'admin@safarnama.local',
      adminPassword: undefined,
      logLevel: 'info',
      apiRateLimitMax: 600,
    });
    expect(config.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('creates APP_SECRET once under DATA_DIR with mode 0600 and reuses it', async () => {
    const dataDir = await tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'app-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.appSecret);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
  });

  it('names a DATA_DIR it cannot write (an immutable folder, as a read-only mount)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'safarnama-readonly-'));
    // chattr +i refuses every write, root's too (`chmod` would not stop root).
    const immutable = spawnSync('chattr', ['+i', dir]).status === 0;
    try {
      if (!immutable) await chmod(dir, 0o500);
      const error = (() => {
        try {
          loadConfig({ DATA_DIR: dir });
          return undefined;
        } catch (err) {
          return err;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(
          new RegExp(
            `^DATA_DIR: ${dir} is not writable \\((EPERM|EACCES|EROFS)\\); the database, uploads and secrets live there\\.`,
          ),
        ),
      ]);
    } finally {
      if (immutable) spawnSync('chattr', ['-i', dir]);
      await chmod(dir, 0o700);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('derives the cookie Secure flag from an https PUBLIC_URL', async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      PUBLIC_URL: 'https://admin.example.com/',
    });
    expect(config.publicOrigin).toBe('https://admin.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('points the messaging adapters at the providers unless told otherwise', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).messaging).toEqual({
      twilio: 'https://api.twilio.com',
      msg91: 'https://control.msg91.com',
      whatsapp: 'https://graph.facebook.com',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMS_TWILIO_BASE_URL: 'http://127.0.0.1:4401',
        SMS_MSG91_BASE_URL: 'http://127.0.0.1:4402',
        WHATSAPP_BASE_URL: '',
      }).messaging,
    ).toEqual({
      twilio: 'http://127.0.0.1:4401',
      msg91: 'http://127.0.0.1:4402',
      whatsapp: 'https://graph.facebook.com',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, WHATSAPP_BASE_URL: 'ftp://x' })).toThrow(
      /WHATSAPP_BASE_URL: must be an http/,
    );
  });

  it('fails fast with one line per bad variable', async () => {
    const env = {
      DATA_DIR: await tempDir(),
      PORT: 'eighty',
      TRUST_PROXY: '-1',
      DATABASE_URL: 'mysql://x',
      ADMIN_PASSWORD: 'short',
      ADMIN_EMAIL: 'not-an-email',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
      API_RATE_LIMIT_MAX: '0',
      DB_QUERY_TIMEOUT_MS: '5',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    for (const key of [
      'PORT',
      'TRUST_PROXY',
      'DATABASE_URL',
      'ADMIN_PASSWORD',
      'ADMIN_EMAIL',
      'LOG_LEVEL',
      'PUBLIC_URL',
      'API_RATE_LIMIT_MAX',
      'DB_QUERY_TIMEOUT_MS',
    ]) {
      expect(
        problems.filter((p) => p.startsWith(`${key}:`)),
        key,
      ).toHaveLength(1);
    }
    expect(problems.find((p) => p.startsWith('ADMIN_PASSWORD:'))).toBe(
      'ADMIN_PASSWORD: must be 12 to 128 characters',
    );
    expect(problems.find((p) => p.startsWith('PORT:'))).toBe(
      'PORT: must be a port number (0-65535)',
    );
    expect(
      loadConfig({ DATA_DIR: env.DATA_DIR, API_RATE_LIMIT_MAX: '100000' }).apiRateLimitMax,
    ).toBe(100_000);
    expect(loadConfig({ DATA_DIR: env.DATA_DIR }).db).toEqual({
      queryTimeoutMs: 5000,
      maintenanceTimeoutMs: 1_800_000,
      embedded: 'auto',
    });
    expect(loadConfig({ DATA_DIR: env.DATA_DIR }).workers).toBe('auto');
    expect(loadConfig({ DATA_DIR: env.DATA_DIR, SERVER_WORKERS: ' 3 ' }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: env.DATA_DIR, SERVER_WORKERS: 'AUTO' }).workers).toBe('auto');
    for (const bad of ['0', '65', 'two', '1.5', '-1']) {
      expect(() => loadConfig({ DATA_DIR: env.DATA_DIR, SERVER_WORKERS: bad }), bad).toThrow(
        /SERVER_WORKERS: must be auto or a whole number from 1 to 64/,
      );
    }
    expect(loadConfig({ DATA_DIR: env.DATA_DIR, EMBEDDED_DB: 'pglite' }).db.embedded).toBe(
      'pglite',
    );
    expect(() => loadConfig({ DATA_DIR: env.DATA_DIR, EMBEDDED_DB: 'sqlite' })).toThrow(
      /EMBEDDED_DB: must be auto, postgres or pglite/,
    );
    expect(() => loadConfig({ DATA_DIR: env.DATA_DIR, ADMIN_PASSWORD: 'p'.repeat(129) })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(
      loadConfig({ DATA_DIR: env.DATA_DIR, ADMIN_PASSWORD: 'p'.repeat(12) }).adminPassword,
    ).toBe('p'.repeat(12));
  });

  it('selects S3 storage by S3_BUCKET, with path-style and the public URL derived sensibly', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'media' }).s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      publicBaseUrl: 'https://media.s3.us-east-1.amazonaws.com',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: 'media',
        S3_REGION: 'ap-south-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_BASE_URL: 'https://cdn.example.com/media/',
      }).s3,
    ).toMatchObject({
      region: 'ap-south-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicBaseUrl: 'https://cdn.example.com/media',
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' }),
    ).toThrow(/S3_ENDPOINT/);
  });

  describe('the README', () => {
    const readme = () => readFile(join(import.meta.dirname, '../../../README.md'), 'utf8');

    it('documents every variable the server reads', async () => {
      const text = await readme();
      expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
      expect(CONFIG_VARIABLES.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
    });

    it('links nothing outside the repository and names the everyday commands', async () => {
      const text = await readme();
      const targets = [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
      expect(targets.filter((target) => /^(\.\.\/|\/|[a-z]+:)/i.test(target))).toEqual([]);
      expect(text).not.toMatch(/\.\.\/shared\//);
      expect(text).toContain('npm run setup:start');
      expect(text).toContain('npm run setup:test');
      expect(text).toMatch(/after the first set-up, \*\*`npm start`\*\*/i);
      expect(text).toMatch(/about \d+ minutes/);
      expect(text).toContain('npm run test:e2e');
      // The sign-in page's third-party lookups, and how to turn them off.
      expect(text).toMatch(
        /LOCATION_IP_LOOKUP_URL= LOCATION_REVERSE_GEOCODE_URL= LOCATION_IP_GEOLOCATION_URL=/,
      );
    });
  });
});
