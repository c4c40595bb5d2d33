/**
 * The 11 identification options of the login page (spec part 1 §2), each with one `acr_values` value.
 * Real brokers name them differently: `OIDC_ACR_VALUES` (JSON, option → acr) overrides these defaults.
 */
export const LOGIN_OPTIONS = [
  { id: "mobiilivarmenne", label: "Mobiilivarmenne", acr: "urn:ftn:mobiilivarmenne" },
  { id: "aktia", label: "Aktia", acr: "urn:ftn:aktia" },
  { id: "alandsbanken", label: "Ålandsbanken", acr: "urn:ftn:alandsbanken" },
  { id: "danskebank", label: "Danske Bank", acr: "urn:ftn:danskebank" },
  { id: "handelsbanken", label: "Handelsbanken", acr: "urn:ftn:handelsbanken" },
  { id: "nordea", label: "Nordea", acr: "urn:ftn:nordea" },
  { id: "omasp", label: "OmaSäästöpankki", acr: "urn:ftn:omasp" },
  { id: "op", label: "OP", acr: "urn:ftn:op" },
  { id: "poppankki", label: "Pop-pankki", acr: "urn:ftn:poppankki" },
  { id: "saastopankki", label: "Säästöpankki", acr: "urn:ftn:saastopankki" },
  { id: "spankki", label: "S-Pankki", acr: "urn:ftn:spankki" },
] as const;

export function acrValues(
  overrides: string | undefined = typeof process !== "undefined" ? process.env.OIDC_ACR_VALUES : undefined,
) {
  let map: Record<string, string> = {};
  if (overrides) {
    try {
      const parsed: unknown = JSON.parse(overrides);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        map = Object.fromEntries(
          Object.entries(parsed).filter(([, v]) => typeof v === "string" && v.length > 0),
        ) as Record<string, string>;
    } catch {
      map = {};
    }
  }
  return LOGIN_OPTIONS.map((o) => ({ ...o, acr: map[o.id] ?? o.acr }));
}

export function acrLabels(): Record<string, string> {
  return Object.fromEntries(acrValues().map((o) => [o.acr, o.label]));
}
