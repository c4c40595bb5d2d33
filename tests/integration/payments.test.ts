/**
 * Invoices and online payment through the real request handler: the list, the summary, the PDF, the payment page
 * with the development provider's methods, the signed redirect back and callback (marking paid exactly once), the
 * result page and the JSON calls — each scoped to the session's acting person.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { calculateSignature, TEST_ACCOUNT, TEST_SECRET } from "~/.server/payments/signature";
import { PAYMENT_CREATIONS_PER_HOUR } from "~/features/payments/payment-rules";
import { handle, sendAsBrowser, type SendOptions } from "./request-handler";
import { FIXED_NOW, ORIGIN, cookiePair, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (method: string, path: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, path, options);

const invoice = async (number: string) =>
  (await t.db.select().from(s.invoices).where(eq(s.invoices.invoiceNumber, number)))[0];
const latestPayment = async (invoiceId: string) =>
  (
    await t.db.select().from(s.payments).where(eq(s.payments.invoiceId, invoiceId)).orderBy(desc(s.payments.createdAt))
  )[0];

/** The flash cookie a redirect sets, as the browser sends it back. */
const flashPair = (answer: { setCookies: string[] }) =>
  answer.setCookies.find((c) => c.includes("flash="))!.split(";")[0];

/** The spec's body of `POST /api/payments/` for an invoice. */
const paymentCall = (reference: string, amount: number, language = "EN") => ({
  amount,
  customer: { email: "maija@example.com" },
  items: [{ productCode: reference, unitPrice: amount, units: 1, vatPercentage: 0 }],
  language,
  reference,
});

/** The signed query the payment service sends back for a payment. */
function signedReturn(
  payment: { stamp: string; amountCents: number },
  reference: string,
  status: string,
  extra: Record<string, string> = {},
) {
  const params: Record<string, string> = {
    "checkout-account": TEST_ACCOUNT,
    "checkout-algorithm": "sha256",
    "checkout-amount": String(payment.amountCents),
    "checkout-stamp": payment.stamp,
    "checkout-reference": reference,
    "checkout-transaction-id": "11111111-2222-3333-4444-555555555555",
    "checkout-status": status,
    "checkout-provider": "nordea",
    ...extra,
  };
  return new URLSearchParams({ ...params, signature: calculateSignature(TEST_SECRET, params) });
}

/** Opens the payment page, chooses a method (which starts the payment) and returns the answer and payment row. */
async function startPaying(session: string, number: string, method = "nordea") {
  const form = await send("GET", `/fi/pay/${number}`, { session });
  expect(form.status).toBe(200);
  const amount = String((await invoice(number)).sumCents);
  const page = await send("POST", `/fi/pay/${number}`, { session, form: { method, amount } });
  expect(page.status).toBe(200);
  return { page, payment: await latestPayment((await invoice(number)).id) };
}

/** Back to open and without payments, for the tests after this one. */
async function reopen(number: string) {
  const id = (await invoice(number)).id;
  await t.db.delete(s.payments).where(eq(s.payments.invoiceId, id));
  await t.db.update(s.invoices).set({ status: "open", paidAt: null }).where(eq(s.invoices.id, id));
}

const paymentsOf = async (number: string) =>
  t.db
    .select()
    .from(s.payments)
    .where(eq(s.payments.invoiceId, (await invoice(number)).id));

describe("the invoices list", () => {
  it("needs a login", async () => {
    const page = await send("GET", "/fi/laskut");
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/fi\/kirjaudu\?nextPath=/);
  });

  it("is linked from the front page as well as from the menu", async () => {
    const front = await send("GET", "/sv", { session: await login(t.person("patient")) });
    expect(front.text).toMatch(
      /<nav class="front-page__more"[^>]*><ul><li><a href="\/sv\/fakturor"[^>]*>Fakturor och kvitton<\/a>/,
    );
  });

  it("shows ten invoices a page with link pagers, status labels and notes, and logs the read", async () => {
    const maija = t.person("patient");
    const session = await login(maija);
    const first = await send("GET", "/fi/laskut", { session });
    expect(first.status).toBe(200);
    expect(first.text).toContain("<h1>Laskut ja kuitit</h1>");
    expect(first.text.match(/data-invoice="/g)).toHaveLength(10);
    expect(first.text).toContain('href="/fi/laskut?page=2"');
    expect(first.text).toContain("Sivu 1/2");
    expect(first.text).toContain('href="/fi/pay/1000101"');
    expect(first.text).toContain("/api/invoices/");
    expect(first.text).toContain("Solmu-Yhteenveto-1000101.pdf");
    // overdue → collection agency, paper → mailed, refunded Netsuite → refund receipt, not available → billing e-mail
    const all = first.text + (await send("GET", "/fi/laskut?page=2", { session })).text;
    expect(all).toContain("perintätoimistolle");
    expect(all).toContain("Lasku on lähetetty sinulle postitse.");
    expect(all).toContain("Hyvityskuitti on lähetetty sinulle postitse.");
    expect(all).toContain("laskutus@solmu.example");
    expect(all).toContain("Hyvittää laskun 1000090, 1000091");
    expect(all).toContain("Kuitti 1000097 (PDF)");
    expect(all.match(/data-invoice="/g)).toHaveLength(13);
    // The open invoice older than four days has no pay button.
    expect(all).not.toContain('href="/fi/pay/1000104"');
    const log = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, maija.id), eq(s.accessLog.resource, "invoices")));
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it("shows a guardian acting for a child the child's invoices only; a person without any sees none", async () => {
    const child = await send("GET", "/sv/fakturor", {
      session: await login(t.person("guardian"), t.person("youngChild")),
    });
    expect(child.status).toBe(200);
    expect(child.text).toContain('data-invoice="2000101"');
    expect(child.text).not.toContain('data-invoice="1000101"');
    const none = await send("GET", "/en/invoices", { session: await login(t.person("newCustomer")) });
    expect(none.text).toContain("You have no invoices.");
  });
});

describe("the invoice summary and the PDF", () => {
  it("shows the dates, buyer, rows and total; another person's invoice is 404", async () => {
    const open = await invoice("1000101");
    const page = await send("GET", `/en/invoices/summary/${open.id}`, { session: await login(t.person("patient")) });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Payable online until");
    expect(page.text).toContain("Maija Meikäläinen");
    expect(page.text).toContain("Laboratoriotutkimus, PVK");
    expect(page.text).toContain("€138.90");
    expect(page.text).toContain('href="/en/pay/1000101"');
    const foreign = await send("GET", `/en/invoices/summary/${open.id}`, {
      session: await login(t.person("newCustomer")),
    });
    expect(foreign.status).toBe(404);
    // The spec's notice under the page's heading, and nothing of the invoice.
    expect(foreign.text).toContain("The invoice could not be found.");
    expect(foreign.text).toContain("<h1>Invoice summary</h1>");
    expect(foreign.text).not.toContain("Maija Meikäläinen");
    const malformed = await send("GET", "/en/invoices/summary/not-an-id", {
      session: await login(t.person("patient")),
    });
    expect(malformed.status).toBe(404);
    expect(malformed.text).toContain("The invoice could not be found.");
  });

  it("serves a PDF with its file name, in the requested language; another person's id is 404", async () => {
    const paid = await invoice("1000097");
    const session = await login(t.person("patient"));
    const request = (who: string) =>
      handle(
        new Request(`${ORIGIN}/api/invoices/${paid.id}/pdf?filename=Solmu-Kuitti-1000097.pdf&lang=sv`, {
          headers: { Cookie: `${CSRF_COOKIE()}=${csrfCookie}; ${cookiePair(who)}` },
        }),
      );
    const response = await request(session);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Solmu-Kuitti-1000097.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain("/Lang (sv-FI)");
    const foreign = await request(await login(t.person("newCustomer")));
    expect(foreign.status).toBe(404);
    const notAvailable = await invoice("1000100");
    const none = await send("GET", `/api/invoices/${notAvailable.id}/pdf`, { session });
    expect(none.status).toBe(404);
    expect((await send("GET", `/api/invoices/${paid.id}/pdf`)).status).toBe(401);
  });
});

describe("paying an invoice", () => {
  it("shows the methods as forms to the portal; choosing one hands the browser the provider's form", async () => {
    const session = await login(t.person("patient"));
    const form = await send("GET", "/fi/pay/1000102", { session });
    expect(form.text).toContain("Maksa: Nordea");
    expect(form.text).toMatch(/<form [^>]*action="\/fi\/pay\/1000102" method="post">/);
    expect(form.text).toContain('name="csrfToken"');
    expect(form.text).not.toContain("/dev/payments/pay/");
    // Each method's logo, and the payment service's terms in the page's language as text with its link.
    expect(form.text).toContain('<img src="/dev/payments/icons/nordea.svg" alt=""');
    expect(form.text).toContain(
      'Valitsemalla maksutavan hyväksyt <a href="/dev/payments/terms" rel="noopener noreferrer">maksupalvelun ehdot</a> (kehityskäyttö).',
    );
    const en = await send("GET", "/en/pay/1000102", { session });
    expect(en.text).toContain('the <a href="/dev/payments/terms" rel="noopener noreferrer">payment service terms</a>');
    const { page, payment } = await startPaying(session, "1000102");
    expect(page.text).toContain(`<form action="${ORIGIN}/dev/payments/pay/nordea" method="post">`);
    expect(page.text).toMatch(/<input type="hidden" name="transaction" value="[^"]+"/);
    expect(page.text).toContain("Jatka palveluun Nordea");
    expect(payment.status).toBe("new");
    expect(payment.amountCents).toBe((await invoice("1000102")).sumCents);
    const events = await t.db.select().from(s.paymentEvents).where(eq(s.paymentEvents.paymentId, payment.id));
    expect(events.map((e) => e.kind)).toEqual(["created"]);
    // Without the CSRF token the choice is refused.
    const forged = await send("POST", "/fi/pay/1000102", {
      session,
      form: { method: "nordea", amount: String(payment.amountCents) },
      csrf: false,
    });
    expect(forged.status).toBe(403);
  });

  it("opens no payment when the page loads, and reuses the open one when a method is chosen again", async () => {
    const session = await login(t.person("patient"));
    const pages = await Promise.all(Array.from({ length: 20 }, () => send("GET", "/fi/pay/1000102", { session })));
    expect(pages.map((p) => p.status)).toEqual(Array(20).fill(200));
    const before = (await paymentsOf("1000102")).length;
    const amount = String((await invoice("1000102")).sumCents);
    for (const method of ["nordea", "osuuspankki", "creditcard", "nordea"]) {
      const chosen = await send("POST", "/fi/pay/1000102", { session, form: { method, amount } });
      expect(chosen.status).toBe(200);
      expect(chosen.text).toContain(`/dev/payments/pay/${method}`);
    }
    expect((await paymentsOf("1000102")).length).toBeLessThanOrEqual(Math.max(before, 1));
    const unknown = await send("POST", "/fi/pay/1000102", { session, form: { method: "nope", amount } });
    expect(unknown.status).toBe(400);
    const bad = await send("POST", "/fi/pay/1000102", { session, form: { method: "nordea", amount: "x" } });
    expect(bad.status).toBe(400);
  });

  it(`opens at most ${PAYMENT_CREATIONS_PER_HOUR} payments of one invoice an hour`, async () => {
    const session = await login(t.person("patient"));
    const number = "1000101";
    const amount = String((await invoice(number)).sumCents);
    const choose = () => send("POST", `/en/pay/${number}`, { session, form: { method: "nordea", amount } });
    const existing = (await paymentsOf(number)).length;
    for (let i = existing; i < PAYMENT_CREATIONS_PER_HOUR; i++) {
      expect((await choose()).status).toBe(200);
      // The customer cancels at the provider: the payment ends, the next click opens another.
      await t.db
        .update(s.payments)
        .set({ status: "fail" })
        .where(eq(s.payments.invoiceId, (await invoice(number)).id));
    }
    expect(await paymentsOf(number)).toHaveLength(PAYMENT_CREATIONS_PER_HOUR);
    const refused = await choose();
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("This invoice has had too many payment attempts. Please try again in an hour.");
    expect(await paymentsOf(number)).toHaveLength(PAYMENT_CREATIONS_PER_HOUR);
    // An hour later the customer may try again.
    await t.db
      .update(s.payments)
      .set({ createdAt: new Date(FIXED_NOW.getTime() - 2 * 3_600_000) })
      .where(eq(s.payments.invoiceId, (await invoice(number)).id));
    expect((await choose()).status).toBe(200);
    await reopen(number);
  });

  it("refuses a click in a stale second tab after the invoice was paid in the first: no second payment", async () => {
    const session = await login(t.person("patient"));
    const number = "1000103";
    const first = await send("GET", `/sv/pay/${number}`, { session });
    const second = await send("GET", `/sv/pay/${number}`, { session });
    expect(second.text).toContain("Betala med Nordea");
    const amount = String((await invoice(number)).sumCents);
    expect(first.text).toContain(`name="amount" value="${amount}"`);
    // The first tab pays.
    const { payment } = await startPaying(session, number);
    const paid = await send("GET", `/api/payments/callback?${signedReturn(payment, number, "ok")}`);
    expect(paid.status).toBe(200);
    const count = (await paymentsOf(number)).length;
    // The second tab's button: the page reloads with a message, and nothing reaches the provider.
    const click = await send("POST", `/sv/pay/${number}`, {
      session,
      form: { method: "osuuspankki", amount },
    });
    expect(click.status).toBe(303);
    expect(click.location).toBe(`/sv/pay/${number}`);
    expect(click.text).not.toContain("/dev/payments/pay/");
    expect(await paymentsOf(number)).toHaveLength(count);
    const reloaded = await send("GET", click.location!, {
      session,
      headers: { Cookie: `${CSRF_COOKIE()}=${csrfCookie}; ${cookiePair(session)}; ${flashPair(click)}` },
    });
    expect(reloaded.text).toContain("Fakturan ändrades efter att sidan öppnades");
    expect(reloaded.text).toContain("Den här fakturan är redan betald.");
    expect(reloaded.text).not.toContain("Betala med Nordea");
    // So is the JSON call.
    const call = await send("POST", "/api/payments/", { session, json: paymentCall(number, Number(amount), "SV") });
    expect(call.status).toBe(409);
    expect(await paymentsOf(number)).toHaveLength(count);
    await reopen(number);
  });

  it("refuses a click for a sum the invoice no longer has, and one while a payment is being processed", async () => {
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const number = "2000102";
    const sum = (await invoice(number)).sumCents;
    const stale = await send("POST", `/en/pay/${number}`, {
      session,
      form: { method: "nordea", amount: String(sum + 100) },
    });
    expect(stale.status).toBe(303);
    expect(await paymentsOf(number)).toHaveLength(0);
    const { payment } = await startPaying(session, number);
    await send("GET", `/api/payments/callback?${signedReturn(payment, number, "pending")}`);
    const again = await send("POST", `/en/pay/${number}`, {
      session,
      form: { method: "nordea", amount: String(sum) },
    });
    expect(again.status).toBe(303);
    const page = await send("GET", `/en/pay/${number}`, { session });
    expect(page.text).toContain("A payment of this invoice is already being processed.");
    expect(await paymentsOf(number)).toHaveLength(1);
    await reopen(number);
  });

  it("refuses an invoice that is not payable online, and another person's invoice", async () => {
    const session = await login(t.person("patient"));
    const old = await send("GET", "/fi/pay/1000104", { session });
    expect(old.status).toBe(200);
    expect(old.text).toContain("Tätä laskua ei voi enää maksaa verkossa.");
    expect(old.text).not.toContain("/dev/payments/pay/");
    // Another person's invoice, or one that does not exist, is the spec's notice, not the generic "page not found".
    for (const [path, notice] of [
      ["/fi/pay/2000101", "Laskua ei löytynyt."],
      ["/en/pay/9999999", "The invoice could not be found."],
    ]) {
      const page = await send("GET", path, { session });
      expect(page.status, path).toBe(404);
      expect(page.text, path).toContain(notice);
      expect(page.text, path).not.toContain("2000101</dd>");
    }
  });

  it("asks for an e-mail address first, through My information's save action", async () => {
    const aino = t.person("youngChild");
    await t.db.update(s.people).set({ emailAddress: null }).where(eq(s.people.id, aino.id));
    try {
      const page = await send("GET", "/fi/pay/2000101", {
        session: await login(t.person("guardian"), aino),
      });
      expect(page.status).toBe(200);
      expect(page.text).toContain("Verkkomaksu edellyttää sähköpostiosoitetta.");
      expect(page.text).toMatch(/href="\/fi\/omat-tiedot\?saveAction=[^"]*go-to-invoice-page/);
      expect(page.text).not.toContain("/dev/payments/pay/");
    } finally {
      await t.db.update(s.people).set({ emailAddress: "aino@example.com" }).where(eq(s.people.id, aino.id));
    }
  });

  it("applies a signed redirect: the invoice is paid, the result says so and the list shows a receipt", async () => {
    const session = await login(t.person("patient"));
    const { payment } = await startPaying(session, "1000101");
    const back = await send("GET", `/fi/payment/1000101?${signedReturn(payment, "1000101", "ok")}`, { session });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/fi/payment/1000101?status=ok");
    expect((await invoice("1000101")).status).toBe("paid");
    const result = await send("GET", back.location!, { session });
    expect(result.text).toContain("<h1>Maksu onnistui</h1>");
    const list = await send("GET", "/fi/laskut", { session });
    expect(list.text).toContain("Kuitti 1000101 (PDF)");
    expect(list.text).not.toContain('href="/fi/pay/1000101"');
    // The callback of the same payment arrives afterwards: accepted, nothing changes.
    const callback = await send("GET", `/api/payments/callback?${signedReturn(payment, "1000101", "ok")}`);
    expect(callback.status).toBe(200);
    const events = await t.db.select().from(s.paymentEvents).where(eq(s.paymentEvents.paymentId, payment.id));
    expect(events.filter((e) => e.kind === "applied")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "verified")).toHaveLength(2);
  });

  it("keeps the earlier paths working: a payment begun before the move returns there and is applied", async () => {
    await reopen("1000101");
    const session = await login(t.person("patient"));
    for (const [from, to] of [
      ["/fi/laskut/maksa/1000101", "/fi/pay/1000101"],
      ["/sv/fakturor/betala/1000101", "/sv/pay/1000101"],
      ["/en/invoices/payment/1000101?status=fail&reason=cancelled", "/en/payment/1000101?status=fail&reason=cancelled"],
    ]) {
      const moved = await send("GET", from, { session });
      expect(moved.status, from).toBe(301);
      expect(moved.location, from).toBe(to);
    }
    // A method chosen on a page loaded before the move: the form is sent on with its body.
    const post = await send("POST", "/fi/laskut/maksa/1000101", { session, form: { method: "nordea", amount: "1" } });
    expect(post.status).toBe(308);
    expect(post.location).toBe("/fi/pay/1000101");
    // The provider's return address of that payment still has the old path: it leads to the result, which applies it.
    const { payment } = await startPaying(session, "1000101");
    const query = signedReturn(payment, "1000101", "ok");
    const moved = await send("GET", `/fi/laskut/maksu/1000101?${query}`, { session });
    expect(moved.location).toBe(`/fi/payment/1000101?${query}`);
    const back = await send("GET", moved.location!, { session });
    expect(back.location).toBe("/fi/payment/1000101?status=ok");
    expect((await invoice("1000101")).status).toBe("paid");
    await reopen("1000101");
  });

  it("marks an invoice paid exactly once under 20 concurrent callbacks", async () => {
    const session = await login(t.person("patient"));
    const { payment } = await startPaying(session, "1000103");
    const query = signedReturn(payment, "1000103", "ok");
    const answers = await Promise.all(Array.from({ length: 20 }, () => send("GET", `/api/payments/callback?${query}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await invoice("1000103")).status).toBe("paid");
    const applied = await t.db
      .select()
      .from(s.paymentEvents)
      .where(and(eq(s.paymentEvents.paymentId, payment.id), eq(s.paymentEvents.kind, "applied")));
    expect(applied).toHaveLength(1);
  });

  it("lets redirects and callbacks of one payment race: paid once, every one of them answered", async () => {
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const { payment } = await startPaying(session, "2000102");
    const query = signedReturn(payment, "2000102", "ok");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? send("GET", `/api/payments/callback?${query}`)
          : send("GET", `/sv/payment/2000102?${query}`, { session }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.location === "/sv/payment/2000102?status=ok")).toHaveLength(10);
    const events = await t.db.select().from(s.paymentEvents).where(eq(s.paymentEvents.paymentId, payment.id));
    expect(events.filter((e) => e.kind === "applied")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "verified")).toHaveLength(20);
    expect((await invoice("2000102")).status).toBe("paid");
  });

  it("applies one of two payments racing for one invoice and records the other as a duplicate to refund", async () => {
    const session = await login(t.person("patient"));
    const number = "1000102";
    const { payment: first } = await startPaying(session, number);
    // The first tab's payment grows too old to reuse; the second tab opens another.
    await t.db
      .update(s.payments)
      .set({ createdAt: new Date(FIXED_NOW.getTime() - 40 * 60_000) })
      .where(eq(s.payments.invoiceId, (await invoice(number)).id));
    const { payment: second } = await startPaying(session, number);
    expect(second.id).not.toBe(first.id);
    // Both are paid at the provider, and their callbacks arrive together.
    const answers = await Promise.all(
      [first, second].flatMap((p, i) =>
        Array.from({ length: 5 }, () =>
          send(
            "GET",
            `/api/payments/callback?${signedReturn(p, number, "ok", { "checkout-transaction-id": `${i}1111111-2222-3333-4444-555555555555` })}`,
          ),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await invoice(number)).status).toBe("paid");
    const both = (await paymentsOf(number)).filter((p) => p.id === first.id || p.id === second.id);
    expect(both.map((p) => p.status).sort()).toEqual(["duplicate", "ok"]);
    const duplicate = both.find((p) => p.status === "duplicate")!;
    expect(duplicate.refundRequiredAt).not.toBeNull();
    const events = await t.db
      .select()
      .from(s.paymentEvents)
      .where(inArray(s.paymentEvents.paymentId, [first.id, second.id]));
    expect(events.filter((e) => e.kind === "applied")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "duplicate")).toHaveLength(1);
    // The customer is told, in each language; the duplicate's own redirect back lands on that page too.
    const told = {
      "/fi/payment/": "Tämä lasku maksettiin kahdesti. Toinen maksu palautetaan sinulle",
      "/sv/payment/": "Den här fakturan betalades två gånger. Den andra betalningen återbetalas till dig",
      "/en/payment/": "This invoice was paid twice. The second payment will be refunded to you",
    };
    for (const [path, text] of Object.entries(told)) {
      const page = await send("GET", `${path}${number}?status=ok`, { session });
      expect(page.text).toContain(text);
    }
    const back = await send("GET", `/en/payment/${number}?${signedReturn(duplicate, number, "ok")}`, {
      session,
    });
    expect(back.location).toBe(`/en/payment/${number}?status=ok`);
    await reopen(number);
  });

  it("changes nothing for a tampered, foreign or unsigned return", async () => {
    const aino = t.person("youngChild");
    const session = await login(t.person("guardian"), aino);
    const { payment } = await startPaying(session, "2000101");
    const tampered = signedReturn(payment, "2000101", "ok");
    tampered.set("checkout-amount", "1");
    expect((await send("GET", `/api/payments/callback?${tampered}`)).status).toBe(400);
    const wrongAmount = signedReturn({ ...payment, amountCents: 1 }, "2000101", "ok");
    expect((await send("GET", `/api/payments/callback?${wrongAmount}`)).status).toBe(400);
    const otherInvoice = signedReturn(payment, "1000102", "ok");
    expect((await send("GET", `/api/payments/callback?${otherInvoice}`)).status).toBe(400);
    expect((await send("GET", "/api/payments/callback?checkout-status=ok")).status).toBe(400);
    const redirect = await send("GET", `/fi/payment/2000101?${tampered}`, { session });
    expect(redirect.location).toBe("/fi/payment/2000101?status=fail&reason=failed");
    expect((await invoice("2000101")).status).toBe("open");
    const rejected = await t.db
      .select()
      .from(s.paymentEvents)
      .where(and(eq(s.paymentEvents.paymentId, payment.id), eq(s.paymentEvents.kind, "rejected")));
    expect(rejected.length).toBeGreaterThanOrEqual(3);
  });

  it("shows a cancelled payment's message and leaves the invoice payable", async () => {
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const { payment } = await startPaying(session, "2000101");
    const back = await send(
      "GET",
      `/en/payment/2000101?${signedReturn(payment, "2000101", "fail", { "checkout-failure-reason": "cancelled" })}`,
      { session },
    );
    expect(back.location).toBe("/en/payment/2000101?status=fail&reason=cancelled");
    const result = await send("GET", back.location!, { session });
    expect(result.text).toContain("<h1>Payment interrupted</h1>");
    expect(result.text).toContain("The payment was cancelled. You have not been charged.");
    expect(result.text).toContain("Unpaid");
    expect(result.text).toContain('href="/en/pay/2000101"');
    expect((await invoice("2000101")).status).toBe("open");
    expect((await latestPayment((await invoice("2000101")).id)).status).toBe("fail");
  });

  it("names each failure message; delayed and pending show nothing more", async () => {
    const session = await login(t.person("patient"));
    const texts = {
      cardDeclined: "The card was declined.",
      expiredCard: "The card has expired.",
      incorrectCvc: "The card's security code (CVC) is incorrect.",
      insufficientFunds: "There are insufficient funds.",
      failed: "The payment failed.",
      interrupted: "The payment was interrupted.",
      unableToProcess: "We are unable to process the payment right now.",
    };
    for (const [reason, text] of Object.entries(texts)) {
      const page = await send("GET", `/en/payment/1000104?status=fail&reason=${reason}`, { session });
      expect(page.text.replace(/&#x27;/g, "'")).toContain(text);
    }
    const pending = await send("GET", "/en/payment/1000104?status=delayed", { session });
    expect(pending.text).not.toContain("Payment interrupted");
    // "ok" is said only of a paid invoice.
    const notPaid = await send("GET", "/en/payment/1000104?status=ok", { session });
    expect(notPaid.text).not.toContain("Payment completed");
    const foreign = await send("GET", "/sv/payment/2000101?status=ok", { session });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("Fakturan hittades inte.");
    expect(foreign.text).not.toContain("2000101</dd>");
  });
});

describe("the payment calls", () => {
  it("GET /api/payments/invoices-list and the summary call answer the acting person's invoices", async () => {
    const session = await login(t.person("patient"));
    const list = await send("GET", "/api/payments/invoices-list?lang=fi", { session });
    expect(list.status).toBe(200);
    expect(list.json.invoices).toHaveLength(13);
    expect(list.json.invoices[0]).toMatchObject({
      invoiceNumber: expect.any(String),
      canBePaidOnline: expect.any(Boolean),
    });
    const id = (await invoice("1000096")).id;
    const summary = await send("GET", `/api/invoices/invoice-summary?invoiceId=${id}&lang=fi`, { session });
    expect(summary.json.invoice).toMatchObject({
      invoiceNumber: "1000096",
      status: "paper",
      rows: [expect.any(Object)],
    });
    const foreign = await send("GET", `/api/invoices/invoice-summary?invoiceId=${id}`, {
      session: await login(t.person("newCustomer")),
    });
    expect(foreign.status).toBe(404);
    expect((await send("GET", "/api/invoices/invoice-summary?invoiceId=x", { session })).status).toBe(400);
    const goodSign = await send("GET", "/api/payments/good-sign-invoice?invoiceNumber=1000092", { session });
    expect(goodSign.json.invoice).toMatchObject({ invoiceNumber: "1000092", source: "GoodSignInvoice" });
    expect((await send("GET", "/api/payments/good-sign-invoice?invoiceNumber=1000097", { session })).status).toBe(404);
  });

  it("POST /api/payments/ answers the terms and providers for the spec's body", async () => {
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const sum = (await invoice("2000101")).sumCents;
    const body = {
      amount: sum,
      customer: { email: "aino@example.com", phone: "+358401234567", firstName: "Aino", lastName: "Virtanen" },
      items: [{ productCode: "2000101", unitPrice: sum, units: 1, vatPercentage: 0 }],
      language: "EN",
      reference: "2000101",
    };
    const created = await send("POST", "/api/payments/", { session, json: body });
    expect(created.status).toBe(200);
    expect(created.json.terms).toContain("terms");
    expect(created.json.providers[0]).toMatchObject({
      id: "nordea",
      name: "Nordea",
      url: `${ORIGIN}/dev/payments/pay/nordea`,
      parameters: expect.arrayContaining([expect.objectContaining({ name: "transaction" })]),
    });
    expect((await send("POST", "/api/payments/", { session, json: { ...body, amount: 1 } })).status).toBe(409);
    expect((await send("POST", "/api/payments/", { session, json: { ...body, reference: "1000101" } })).status).toBe(
      404,
    );
    expect((await send("POST", "/api/payments/", { session, json: { amount: "x" } })).status).toBe(400);
  });
});
