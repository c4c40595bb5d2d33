import type { Express } from "express";
import { eq } from "drizzle-orm";
import { ageOn, identityCodeOptions, isValidIdentityCode } from "~/lib/identity-code";
import { acrLabels } from "~/lib/login-options";
import { now } from "../clock";
import { db } from "../db/client";
import { guardianships, people } from "../db/schema";
import { demoPeople, unregisteredChildren } from "../db/seed/demo-people";
import { env } from "../env";
import { configureIdentity } from "../identity/oidc";
import { expressRateLimit, LIMITS } from "../rate-limit";
import { generateClientKeys } from "./identity/keys";
import { createDevIdentityProvider } from "./identity/provider";

const CLIENT_ID = "customer-portal-development";

/**
 * With no OIDC_ISSUER, the portal identifies people against its own development provider at /dev/identity,
 * speaking real OpenID Connect with a key pair made at start-up (private_key_jwt, as FTN brokers require).
 */
export async function mountDevIdentity(app: Express) {
  const { privateJwk, publicJwks } = await generateClientKeys();
  const issuer = `${env().origins.main}/dev/identity`;
  configureIdentity({ issuer, clientId: CLIENT_ID, privateJwk, allowHttp: true });

  const router = await createDevIdentityProvider({
    issuer,
    clientId: CLIENT_ID,
    clientJwks: publicJwks,
    redirectUris: Object.values(env().origins).map((o) => `${o}/oauth/callback`),
    acrLabels: acrLabels(),
    validateIdentityCode: (code) => isValidIdentityCode(code, identityCodeOptions(env().environment)),
    async listDemoPeople() {
      const year = now().getUTCFullYear();
      return Object.values(demoPeople(year))
        .filter((p) => p.key !== "youngChild")
        .map((p) => ({
          identityCode: p.identityCode,
          firstName: p.firstName,
          lastName: p.lastName,
          description: p.description,
        }));
    },
    async listChildren(guardianIdentityCode) {
      const [guardian] = await db()
        .select({ id: people.id })
        .from(people)
        .where(eq(people.identityCode, guardianIdentityCode));
      if (!guardian) return [];
      const rows = await db()
        .select({
          identityCode: people.identityCode,
          firstName: people.firstName,
          lastName: people.lastName,
          birthDate: people.birthDate,
        })
        .from(guardianships)
        .innerJoin(people, eq(people.id, guardianships.childId))
        .where(eq(guardianships.guardianId, guardian.id));
      // The mandate service also knows children the portal has no record of yet (registration through a guardian).
      const demo = demoPeople(now().getUTCFullYear());
      for (const child of unregisteredChildren(now().getUTCFullYear()))
        if (
          demo[child.guardianKey].identityCode === guardianIdentityCode &&
          !rows.some((r) => r.identityCode === child.identityCode)
        )
          rows.push(child);
      return rows.map((r) => {
        const [year, month, day] = r.birthDate.split("-").map(Number);
        return {
          identityCode: r.identityCode,
          firstName: r.firstName,
          lastName: r.lastName,
          age: ageOn({ year, month, day }, now()),
        };
      });
    },
  });
  app.use(
    "/dev/identity",
    expressRateLimit("dev-identity", LIMITS.identification.limit, LIMITS.identification.windowSeconds),
    router,
  );
}
