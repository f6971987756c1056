import pg from 'pg';

export const quoteIdent = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return `"${name}"`;
};

/** The same server, database `postgres`, for CREATE/DROP DATABASE. */
export const adminDatabaseUrl = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const withClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminDatabaseUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** CREATE DATABASE … TEMPLATE, retried while another worker is copying the same template. */
export const createFromTemplate = (url: string, name: string, template: string) =>
  withClient(url, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== '55006' || attempt >= 20) throw err; // object_in_use
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  });

export const dropDatabase = (url: string, name: string) =>
  withClient(url, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
