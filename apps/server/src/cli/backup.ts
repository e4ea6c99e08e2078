// `npm run backup [-- <file>]`: online backup of the SQLite database (default: $DATA_DIR/backups/resolved-<time>.db).
// `npm run backup -- --restore <file>` puts a backup in place (stop the server first).
import path from 'node:path';
import { loadConfig } from '../config';
import { backupSqlite, restoreSqlite } from '../db/backup';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL points at PostgreSQL: back it up with `pg_dump "$DATABASE_URL" > resolved.sql` (see README).',
  );
  process.exit(1);
}
const databaseFile = path.join(config.dataDir, 'resolved.db');
const args = process.argv.slice(2);
if (args[0] === '--restore') {
  const file = args[1];
  if (!file) {
    console.error('Usage: npm run backup -- --restore <backup-file>');
    process.exit(1);
  }
  restoreSqlite(path.resolve(file), databaseFile);
  console.log(`Restored ${file} to ${databaseFile} (the previous file is kept as resolved.db.before-restore).`);
} else {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = path.resolve(args[0] ?? path.join(config.dataDir, 'backups', `resolved-${stamp}.db`));
  const pages = await backupSqlite(databaseFile, destination);
  console.log(`Backed up ${databaseFile} to ${destination} (${pages} pages).`);
}
