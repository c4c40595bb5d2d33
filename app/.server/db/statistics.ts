import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * The planner's statistics. The embedded database has no autovacuum, so without `ANALYZE` it plans every query
 * as if the tables were empty — nested loops over the whole slot table (the booking search took four times as
 * long). It is analysed at start and with the hourly housekeeping; PostgreSQL's autovacuum keeps its own, so there
 * only a fresh or freshly seeded database is analysed, at start.
 */
export async function refreshStatistics(db: Database): Promise<void> {
  await db.execute(sql`analyze`);
}
