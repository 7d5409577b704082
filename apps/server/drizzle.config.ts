import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/drizzle',
});
