import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Consistent online backup of the SQLite database (SQLite's backup API: safe while the server writes).
 * Returns the number of pages copied.
 */
export async function backupSqlite(sourceFile: string, destinationFile: string): Promise<number> {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  fs.mkdirSync(path.dirname(destinationFile), { recursive: true, mode: 0o700 });
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    const result = await source.backup(destinationFile);
    // A backup holds password hashes and live session tokens: readable by its owner only.
    fs.chmodSync(destinationFile, 0o600);
    return result.totalPages;
  } finally {
    source.close();
  }
}

/** Restores a backup into place: the server must be stopped. The current file is kept beside it as `.before-restore`. */
export function restoreSqlite(backupFile: string, databaseFile: string): void {
  const check = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  try {
    const [row] = check.pragma('integrity_check') as { integrity_check: string }[];
    if (row?.integrity_check !== 'ok') throw new Error(`${backupFile} failed the integrity check`);
  } finally {
    check.close();
  }
  if (fs.existsSync(databaseFile)) fs.renameSync(databaseFile, `${databaseFile}.before-restore`);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
  fs.copyFileSync(backupFile, databaseFile);
}
