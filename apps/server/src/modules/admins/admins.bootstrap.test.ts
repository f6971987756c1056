import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PERMISSION_KEYS, SUPER_ADMIN_ROLE } from '@safarnama/contract';
import { adminUsers, userTypes } from '../../db/schema/index.js';
import { captureLogs, postJson } from '../../test/account.js';
import { login, loginAs, makeAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { initialAdminFilePath } from '../identity/initial-admin-file.js';
import { ensureFirstSuperAdmin } from './admins.bootstrap.js';

describe('first super admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is created once with a generated password that works, and never again', async () => {
    const first = await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
    });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const [row] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, 'owner@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(first.generatedPassword);

    const res = await login(t.app, {
      email: 'owner@example.com',
      password: first.generatedPassword ?? '',
    });
    expect(res.statusCode).toBe(200);

    const again = await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
    });
    expect(again).toEqual({ created: false, email: 'owner@example.com' });
  });

  it('keeps exactly one built-in Super Admin role holding every permission', async () => {
    await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
    });
    const roles = await t.database.db
      .select()
      .from(userTypes)
      .where(eq(userTypes.isSuperAdmin, true));
    expect(roles).toHaveLength(1);
    expect(roles[0]?.name).toBe(SUPER_ADMIN_ROLE);
    expect([...(roles[0]?.permissions ?? [])].sort()).toEqual([...PERMISSION_KEYS].sort());
  });
});

describe('the first admin password file (DATA_DIR/initial-admin.txt)', () => {
  let t: TestApp;
  let dataDir: string;
  const { lines, logger } = captureLogs();
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'safarnama-data-'));
    t = await createTestApp({ config: { dataDir }, logger });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const file = () => initialAdminFilePath(dataDir);
  const changePassword = async (who: { email: string; password: string }, newPassword: string) => {
    const { headers } = await loginAs(t.app, who);
    return postJson(
      t.app,
      API_PATHS.auth.changePassword,
      { currentPassword: who.password, newPassword },
      headers,
    );
  };

  it('holds the generated password (0600) until that admin changes it, then is gone', async () => {
    const first = await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
      noteFile: file(),
      signInUrl: 'https://admin.example.com/login',
    });
    const password = first.generatedPassword ?? 'missing';
    expect(first.note?.file).toBe(file());
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    const text = await readFile(file(), 'utf8');
    expect(text).toContain(`Password:   ${password}`);
    expect(text).toContain('E-mail:     owner@example.com');
    expect(text).toContain('Sign in at: https://admin.example.com/login');
    expect(text).toContain(file());

    // Another admin's password change leaves the note alone.
    const other = await makeAdmin(t.database.db, t.hasher);
    expect((await changePassword(other, 'harbour-silk-meadow-88')).statusCode).toBe(200);
    expect(await readFile(file(), 'utf8')).toBe(text);

    const res = await changePassword(
      { email: 'OWNER@example.com', password },
      'lantern-quiet-river-42',
    );
    expect(res.statusCode).toBe(200);
    await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });

    // The next change finds no file: nothing to do, nothing logged.
    const again = await changePassword(
      { email: 'owner@example.com', password: 'lantern-quiet-river-42' },
      'copper-morning-field-17',
    );
    expect(again.statusCode).toBe(200);
    expect(lines.filter((l) => l.level === 50)).toEqual([]);
  });

  it('a file that cannot be deleted is logged and the password change still succeeds', async () => {
    // A directory where the note should be: reading it fails.
    await mkdir(file());
    try {
      const admin = await makeAdmin(t.database.db, t.hasher);
      expect((await changePassword(admin, 'harbour-silk-meadow-88')).statusCode).toBe(200);
      expect(
        lines.find((l) => l.msg === 'could not delete the first admin password file'),
      ).toBeTruthy();
    } finally {
      await rm(file(), { recursive: true, force: true });
    }
  });

  it('is not written when ADMIN_PASSWORD was set', async () => {
    const fresh = await createTestApp({ config: { dataDir } });
    try {
      const first = await ensureFirstSuperAdmin(fresh.database.db, fresh.hasher, {
        email: 'chosen@example.com',
        password: 'my-own-chosen-password-1',
        noteFile: file(),
      });
      expect(first).toEqual({ created: true, email: 'chosen@example.com' });
      await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await fresh.close();
    }
  });
});
