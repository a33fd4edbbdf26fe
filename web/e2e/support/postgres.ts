// A fresh PostgreSQL database for a spec that runs the binary on PostgreSQL, made and dropped with psql on
// the server of VECINOS_TEST_POSTGRES_URL (the Go tests' server: 127.0.0.1:5432, user postgres).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const ADMIN_URL = process.env.VECINOS_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable';

export interface PostgresDatabase {
  /** VECINOS_DATABASE_URL of the new database. */
  url: string;
  /** Drops it, with any connection a server left behind. */
  drop(): void;
}

function psql(sql: string): void {
  execFileSync('psql', [ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
}

/**
 * Creates an empty database, or returns why it cannot: the caller skips its tests then, except on CI
 * (CI=true), where PostgreSQL must be there and the error is thrown.
 */
export function createPostgresDatabase(): PostgresDatabase | { unavailable: string } {
  const name = `vecinos_e2e_${randomBytes(6).toString('hex')}`;
  try {
    psql(`CREATE DATABASE ${name}`);
  } catch (err) {
    const why = `PostgreSQL is not reachable with psql at ${new URL(ADMIN_URL).host}: ${String(err)}`;
    if (process.env.CI === 'true') throw new Error(why);
    return { unavailable: why };
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
