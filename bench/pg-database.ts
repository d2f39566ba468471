import pg from 'pg';

/** The PostgreSQL server the benchmarks use; each run works in a database of its own. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Creates a database for one benchmark run and answers its URL: empty, or a copy of `template` (a
 * database kept between runs; nobody may be connected to it).
 */
export async function freshDatabase(prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return databaseUrl(name);
}

/** The URL of database `name` on the benchmarks' server. */
export function databaseUrl(name: string): string {
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with a connection to the benchmarks' server (its default database). */
export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}
