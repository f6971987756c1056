import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  API_PATHS,
  SOCKET_EVENTS,
  type NotificationEvent,
  type ScheduledNotificationList,
} from '@safarnama/contract';
import { createFromTemplate, dropDatabase, withDatabase } from '../test/pg.js';
import {
  signInOver,
  startServerProcess,
  until,
  type ServerProcess,
} from '../test/server-process.js';
import { connectSocket } from '../test/socket.js';

/**
 * Two real server processes (src/main.ts) on one PostgreSQL database, both running the scheduler
 * (issue 10). Started together: one migrates, the other waits. A sign-out on A closes the socket
 * on B and is refused by both; a notification scheduled through A is sent exactly once while both
 * schedulers race for it, and its "sent" notice reaches the creator's socket on B.
 */
const pgTemplate = inject('pgTemplate');

describe.skipIf(!pgTemplate)('two server processes on one PostgreSQL', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let name: string;

  beforeAll(async () => {
    if (!pgTemplate) return;
    name = `test_${randomBytes(6).toString('hex')}`;
    await createFromTemplate(pgTemplate.url, name, 'template0'); // empty: both will migrate
    const env = {
      DATABASE_URL: withDatabase(pgTemplate.url, name),
      APP_SECRET: randomBytes(32).toString('base64url'),
      SCHEDULER_INTERVAL_MS: '300',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await Promise.all([a.ready(), b.ready()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.dispose(), b?.dispose()]);
    if (pgTemplate) await dropDatabase(pgTemplate.url, name);
  });

  it('a sign-out on A closes the socket on B and is refused by both', async () => {
    if (!a || !b) throw new Error('not started');
    const token = await signInOver(a.base);
    const socket = await connectSocket(b.base, { token });
    const out = await fetch(`${a.base}${API_PATHS.auth.logout}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect(await socket.next(SOCKET_EVENTS.sessionRevoked)).toMatchObject({ reason: 'logout' });
    expect(await socket.disconnected).toBe('io server disconnect');
    for (const node of [a, b]) {
      const res = await fetch(`${node.base}${API_PATHS.auth.profile}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    }
  }, 30_000);

  it('sends a due notification once while both schedulers race, and tells B', async () => {
    if (!a || !b) throw new Error('not started');
    const nodeB = b;
    const token = await signInOver(a.base);
    const auth = { authorization: `Bearer ${token}` };
    const socket = await connectSocket(b.base, { token });
    const title = `Two nodes ${randomBytes(3).toString('hex')}`;
    const form = new FormData();
    form.append('title', title);
    form.append('message', 'Sent by whichever process claims it first.');
    form.append('channels[0]', 'email');
    form.append('audienceType', 'all_admins');
    form.append('scheduledAt', new Date(Date.now() + 1500).toISOString());
    const created = await fetch(`${a.base}${API_PATHS.marketing.add}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const sent = await until(async () => {
      const res = await fetch(
        `${nodeB.base}${API_PATHS.marketing.list}?search=${encodeURIComponent(title)}`,
        {
          headers: auth,
        },
      );
      const list = ((await res.json()) as { data: ScheduledNotificationList }).data;
      const row = list.notifications[0];
      return row && row.status !== 'scheduled' && row.status !== 'sending' ? row : undefined;
    }, 20_000);
    expect(sent.status).toBe('sent');
    expect(sent.counts.email).toEqual({ sent: 1, failed: 0 });

    // One admin, one mail: in the outbox of one process or the other, never both.
    let mails = 0;
    for (const node of [a, b]) {
      const dir = join(node.dataDir, 'outbox');
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const file of files) {
        if ((await readFile(join(dir, file), 'utf8')).includes(title)) mails += 1;
      }
    }
    expect(mails).toBe(1);
    const notice = await socket.next<NotificationEvent>(SOCKET_EVENTS.notification, 10_000);
    expect(notice.notification.type).toBe('marketing');
    socket.close();
  }, 45_000);
});
