import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrateToLatest(database);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await database.close();
