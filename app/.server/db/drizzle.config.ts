import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/db/schema/index.ts",
  out: "./app/.server/db/migrations",
});
