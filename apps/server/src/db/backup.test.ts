import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, nowIso } from './database';
import { seedDatabase } from './seed';
import { backupSqlite, restoreSqlite } from './backup';
import { DEFAULT_ROOM_LINKS } from '../config';

describe('SQLite backup and restore', () => {
  it('backs up online while the database is open and restores the backup', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-backup-'));
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    await seedDatabase(database, { roomLinks: DEFAULT_ROOM_LINKS });
    await database.db
      .insertInto('contactRequests')
      .values({ name: 'Before', email: 'b@example.com', message: 'kept', userId: null, createdAt: nowIso() })
      .execute();

    const backupFile = path.join(dataDir, 'backups', 'one.db');
    const pages = await backupSqlite(path.join(dataDir, 'resolved.db'), backupFile);
    expect(pages).toBeGreaterThan(0);
    // It holds password hashes and session tokens: owner-only.
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    // A write after the backup is not in it; restoring brings the database back to the backup's state.
    await database.db
      .insertInto('contactRequests')
      .values({ name: 'After', email: 'a@example.com', message: 'lost on restore', userId: null, createdAt: nowIso() })
      .execute();
    await database.close();

    restoreSqlite(backupFile, path.join(dataDir, 'resolved.db'));
    const restored = openDatabase({ dataDir });
    const names = (await restored.db.selectFrom('contactRequests').select('name').execute()).map((r) => r.name);
    expect(names).toEqual(['Before']);
    expect(await restored.db.selectFrom('rooms').select('id').execute()).toHaveLength(6);
    await restored.close();
    expect(fs.existsSync(path.join(dataDir, 'resolved.db.before-restore'))).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to restore a file that is not a database', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-backup-'));
    const junk = path.join(dir, 'junk.db');
    fs.writeFileSync(junk, 'not a database');
    expect(() => restoreSqlite(junk, path.join(dir, 'resolved.db'))).toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
