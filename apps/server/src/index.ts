import { loadConfigOrExit } from './config';
import { startServer } from './main';
import { describeStartFailure } from './start-failure';

// The process entry: `npm start` (through scripts/start.cjs and start.mjs) and `npm run dev` run this file.
const config = loadConfigOrExit();
const shutdownGraceMs = 10_000;

try {
  const server = await startServer(config);
  const onSignal = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      server.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, shutdownGraceMs);
    timer.unref();
    server.stop().then(
      () => {
        server.app.log.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
} catch (error) {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    process.stderr.write(`Port ${config.port} on ${config.host} is already in use: stop the other process or set PORT.\n`);
  } else {
    process.stderr.write(`Questboard could not start: ${describeStartFailure(error, config.dataDir)}\n`);
  }
  process.exit(1);
}
