import { Session, type Fetched, type Target } from "./http";
import { attributes, decodeEntities } from "./html";

/**
 * Logs a demo person in the way a browser without JavaScript does: the Nordea link on the login page, the
 * development identity provider's person button, and the redirects back to /oauth/callback.
 */
export async function login(target: Target, person: { identityCode: string; firstName: string }): Promise<Session> {
  const session = new Session(target);
  const loginPage = await session.request("/fi/kirjaudu");
  expectStatus(loginPage, 200);

  const nordea = [...loginPage.text.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)]
    .map((m) => ({ attrs: attributes(m[1]), text: decodeEntities(m[2].replace(/<[^>]*>/g, "")).trim() }))
    .find(
      (a) =>
        a.attrs.href?.includes("/oauth/authenticate") && (a.attrs["data-option"] === "nordea" || a.text === "Nordea"),
    );
  if (!nordea) throw new Error("login: no Nordea link to /oauth/authenticate on /fi/kirjaudu");

  const toProvider = await session.follow(nordea.attrs.href!, { base: loginPage.url });
  const interaction = toProvider.at(-1)!;
  expectStatus(interaction, 200);
  if (!/\/dev\/identity\/interaction\/[^/]+$/.test(interaction.url.pathname)) {
    throw new Error(`login: expected the identity provider's interaction page, got ${interaction.url.pathname}`);
  }

  // The form that holds the person buttons, its hidden fields (CSRF) and the button for this person.
  const form = [...interaction.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)]
    .map((m) => ({ attrs: attributes(m[1]), inner: m[2] }))
    .find((f) =>
      [...f.inner.matchAll(/<button\b([^>]*)>/gi)].some((b) => {
        const a = attributes(b[1]);
        return a.name === "identityCode" && a.value === person.identityCode;
      }),
    );
  if (!form)
    throw new Error(`login: no button for identity code ${person.identityCode} on ${interaction.url.pathname}`);
  const fields = new URLSearchParams();
  for (const m of form.inner.matchAll(/<input\b([^>]*)>/gi)) {
    const a = attributes(m[1]);
    if (a.type?.toLowerCase() === "hidden" && a.name) fields.append(a.name, a.value ?? "");
  }
  if ([...fields.keys()].length === 0) throw new Error("login: the person form has no hidden (CSRF) field");
  fields.append("identityCode", person.identityCode);

  const back = await session.follow(form.attrs.action ?? interaction.url.pathname, {
    method: "POST",
    body: fields.toString(),
    contentType: "application/x-www-form-urlencoded",
    base: interaction.url,
  });
  const last = back.at(-1)!;
  if (!back.some((h) => h.url.pathname === "/oauth/callback")) {
    throw new Error(
      `login: the provider did not return to /oauth/callback (ended at ${last.url.pathname} with ${last.status})`,
    );
  }
  if (!session.jar.names().some((n) => n === "session" || n === "__Host-session")) {
    throw new Error(`login: no session cookie after /oauth/callback (cookies: ${session.jar.names().join(", ")})`);
  }

  const front = await session.request("/fi");
  expectStatus(front, 200);
  const greeting = `Hei, ${person.firstName}!`;
  if (!front.text.includes(greeting)) throw new Error(`login: /fi does not greet "${greeting}"`);
  return session;
}

function expectStatus(page: Fetched, status: number) {
  if (page.status !== status) {
    throw new Error(
      `login: ${page.url.pathname} answered ${page.status}, expected ${status}${page.headers.get("location") ? ` (→ ${page.headers.get("location")})` : ""}`,
    );
  }
}
