import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import { tabContent } from "./fund-content";
import type { SicknessFundContent, SicknessFundTab } from "./tabs";

// The sickness fund's service (spec part 1 §2 "Sickness fund page": "a temporary API error shows an error view"). It
// answers whether the person is a member and, for a member, the tab's content. The embedded default keeps the fund's
// data itself; a `record_source_faults` row with the source "sickness-fund" stands for the fund's system answering
// with a temporary error for that person.

export type SicknessFundPage =
  { state: "ok"; content: SicknessFundContent } | { state: "notMember" } | { state: "unavailable" };

/**
 * One tab of the fund's page for a person. A fault of the fund's system, or a failure while reading (which is
 * reported), makes the page temporarily unavailable: the error view with a retry, never a 500.
 */
export async function loadSicknessFundPage(
  db: Database,
  personId: string,
  tab: SicknessFundTab,
): Promise<SicknessFundPage> {
  try {
    const [row] = await db
      .select({ member: s.people.isSicknessFundMember, fault: s.recordSourceFaults.source })
      .from(s.people)
      .leftJoin(
        s.recordSourceFaults,
        and(eq(s.recordSourceFaults.personId, s.people.id), eq(s.recordSourceFaults.source, "sickness-fund")),
      )
      .where(eq(s.people.id, personId))
      .limit(1);
    if (row?.fault) return { state: "unavailable" };
    if (!row?.member) return { state: "notMember" };
    return { state: "ok", content: tabContent(tab) };
  } catch (error) {
    reportError(error, { area: "sickness-fund" });
    return { state: "unavailable" };
  }
}
