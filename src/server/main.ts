// First: the thread pool's size is read when the pool starts.
import './threadpool.js';
import { ConfigError, loadConfig } from '../config.js';
import { startServer } from './start.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  server.logger.info(`Hoops Exchange is listening on ${config.publicUrl} (port ${server.port})`);

  const shutdown = (signal: string) => {
    server.logger.info(`${signal} received: closing connections and the database`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Hoops Exchange could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
