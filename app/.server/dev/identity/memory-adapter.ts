/**
 * In-memory storage for the development identity provider (one store per provider instance).
 * Everything is short-lived; a restart simply ends the identifications in progress.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";

type Entry = { payload: AdapterPayload; expires: number };

const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);
const MAX_ENTRIES = 10_000;

export function createMemoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const sessionsByUid = new Map<string, { id: string; expires: number }>();
  const tokensByGrant = new Map<string, Set<string>>();

  function prune(now: number): void {
    for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
    for (const [uid, ref] of sessionsByUid) if (ref.expires <= now) sessionsByUid.delete(uid);
    for (const [grantId, keys] of tokensByGrant) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) tokensByGrant.delete(grantId);
    }
  }

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;

    const get = (id: string): AdapterPayload | undefined => {
      const key = keyOf(id);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const now = Date.now();
        if (entries.size >= MAX_ENTRIES) prune(now);
        const key = keyOf(id);
        const expires = now + expiresIn * 1000;
        entries.set(key, { payload, expires });
        if (model === "Session" && payload.uid) sessionsByUid.set(payload.uid, { id, expires });
        if (GRANTABLE.has(model) && payload.grantId) {
          const keys = tokensByGrant.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          tokensByGrant.set(payload.grantId, keys);
        }
      },
      async find(id) {
        return get(id);
      },
      async findByUid(uid) {
        const ref = sessionsByUid.get(uid);
        return ref ? get(ref.id) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = get(id);
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        const payload = get(id);
        if (model === "Session" && payload?.uid) sessionsByUid.delete(payload.uid);
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of tokensByGrant.get(grantId) ?? []) entries.delete(key);
        tokensByGrant.delete(grantId);
      },
    };
  };
}
