import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDatabase } from './db/seed';
import { buildApp } from './app';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database);
  await seedDatabase(database, { roomLinks: config.roomLinks });
  const app = await buildApp({ config, database });

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
    const forced = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks (sockets)
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ engine: database.engine, url: config.publicUrl }, 'Resolved is ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
