// The database the app servers of the suite run on: SQLite (the embedded default) unless
// VECINOS_E2E_ENGINE=postgres, which gives each server a fresh PostgreSQL database of its own, dropped when
// it stops: `VECINOS_E2E_ENGINE=postgres npm run e2e` runs every flow in the browser on PostgreSQL.
import { createPostgresDatabase } from './postgres';
import { startServer, type ServerHandle } from './server';

export const E2E_ENGINE = process.env.VECINOS_E2E_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Starts `vecinos serve` named `name` on the suite's engine, with env added to its environment. */
export async function startAppServer(name: string, env: Record<string, string> = {}): Promise<ServerHandle> {
  if (E2E_ENGINE === 'sqlite') return startServer({ name, env });
  const db = createPostgresDatabase();
  if ('unavailable' in db) throw new Error(`VECINOS_E2E_ENGINE=postgres: ${db.unavailable}`);
  return startServer({ name, env: { ...env, VECINOS_DATABASE_URL: db.url }, afterStop: () => db.drop() });
}
