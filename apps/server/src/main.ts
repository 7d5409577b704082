import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Opens the databases, builds the app and listens. `stop()` drains requests, then closes them. */
export async function startServer(config: Config, options: { webRoot?: string } = {}) {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let app;
  try {
    app = await buildApp({ config, database, webRoot: options.webRoot ?? defaultWebRoot });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  app.log.info(
    { url: config.appUrl, database: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined },
    `${config.appName} is ready at ${config.appUrl}`,
  );
  if (app.mailer.kind === 'dev-mailbox') {
    app.log.warn(
      `SMTP_URL is not set: no e-mail is delivered. Every message is written to this log and listed at ${config.appUrl}/dev/mailbox (from this machine only).`,
    );
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    // Fastify stops accepting, lets in-flight requests finish and closes idle keep-alive sockets.
    stopping ??= app.close().finally(() => database.close());
    return stopping;
  };
  return { app, database, stop };
}
