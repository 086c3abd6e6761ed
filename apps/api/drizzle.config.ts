import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed as SQL; the app runs them at start-up
// (src/db/migrate.ts), so no drizzle-kit is needed in production.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
