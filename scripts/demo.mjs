// `npm run demo -- --project <identifier>`: sends a generated game population through the ingestion
// endpoint of a running server (docs/product/http-contract.md#commands). The work is in apps/server/src/modules/demo/demo-cli.ts.
import { register } from 'tsx/esm/api';

register();
const { runDemoCli } = await import('../apps/server/src/modules/demo/demo-cli.ts');
process.exitCode = await runDemoCli(process.argv.slice(2), process.env);
