// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>` (see admin-command.ts).
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { runAdminCommand } from './admin-command';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  console.log(await runAdminCommand(database, process.argv.slice(2)));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
