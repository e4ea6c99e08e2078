import Database from 'better-sqlite3';
import { testDatabasePath } from './env';

/**
 * Runs `read` against the test server's SQLite database, opened read-only (the server keeps writing to it in WAL
 * mode; a read-only connection sees every committed row).
 */
export function readTestDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(testDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
