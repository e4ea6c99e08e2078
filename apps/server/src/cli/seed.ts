import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { seedDatabase } from '../db/seed';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database);
await seedDatabase(database, { roomLinks: config.roomLinks });
console.log('Seeded the default topic and the six rooms (where missing).');
await database.close();
