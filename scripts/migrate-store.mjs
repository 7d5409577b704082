// `npm run migrate-store -- [--accounts] [--events] [--dry-run] [--resume]`: copies the embedded
// installation in DATA_DIR to PostgreSQL (DATABASE_URL) and ClickHouse (CLICKHOUSE_URL)
// (docs/migrate-store.md, ADR 035). The work is in apps/server/src/modules/migrate-store/.
import { register } from 'tsx/esm/api';

register();
const { runMigrateStoreCli } = await import('../apps/server/src/modules/migrate-store/migrate-store-cli.ts');
process.exitCode = await runMigrateStoreCli(process.argv.slice(2), process.env);
