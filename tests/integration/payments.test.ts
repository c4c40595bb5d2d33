/**
 * Invoices and online payment through the real request handler: the list, the summary, the PDF, the payment page
 * with the development provider's methods, the signed redirect back and callback (marking paid exactly once), the
 * result page and the JSON calls — each scoped to the session's acting person.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { calculateSignature, TEST_ACCOUNT, TEST_SECRET } from "~/.server/payments/signature";
import { handle, sendAsBrowser, type SendOptions } from "./request-handler";
import { ORIGIN, cookiePair, login, useTestDatabase } from "./test-db";

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

/** Opens the payment page (which creates the payment at the provider) and returns the payment row. */
async function startPaying(session: string, number: string) {
  const page = await send("GET", `/fi/laskut/maksa/${number}`, { session });
  expect(page.status).toBe(200);
  return { page, payment: await latestPayment((await invoice(number)).id) };
}

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
    expect(first.text).toContain('href="/fi/laskut/maksa/1000101"');
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
    expect(all).not.toContain('href="/fi/laskut/maksa/1000104"');
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
    expect(page.text).toContain('href="/en/invoices/pay/1000101"');
    const foreign = await send("GET", `/en/invoices/summary/${open.id}`, {
      session: await login(t.person("newCustomer")),
    });
    expect(foreign.status).toBe(404);
    const malformed = await send("GET", "/en/invoices/summary/not-an-id", {
      session: await login(t.person("patient")),
    });
    expect(malformed.status).toBe(404);
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
  it("shows one plain form per method, posting to the provider with its parameters", async () => {
    const { page, payment } = await startPaying(await login(t.person("patient")), "1000102");
    expect(page.text).toContain(`<form action="${ORIGIN}/dev/payments/pay/nordea" method="post">`);
    expect(page.text).toMatch(/<input type="hidden" name="transaction" value="[^"]+"/);
    expect(page.text).toContain("Maksa: Nordea");
    expect(payment.status).toBe("new");
    expect(payment.amountCents).toBe((await invoice("1000102")).sumCents);
    const events = await t.db.select().from(s.paymentEvents).where(eq(s.paymentEvents.paymentId, payment.id));
    expect(events.map((e) => e.kind)).toEqual(["created"]);
  });

  it("refuses an invoice that is not payable online, and another person's invoice", async () => {
    const session = await login(t.person("patient"));
    const old = await send("GET", "/fi/laskut/maksa/1000104", { session });
    expect(old.status).toBe(200);
    expect(old.text).toContain("Tätä laskua ei voi enää maksaa verkossa.");
    expect(old.text).not.toContain("/dev/payments/pay/");
    const foreign = await send("GET", "/fi/laskut/maksa/2000101", { session });
    expect(foreign.status).toBe(404);
  });

  it("asks for an e-mail address first, through My information's save action", async () => {
    const aino = t.person("youngChild");
    await t.db.update(s.people).set({ emailAddress: null }).where(eq(s.people.id, aino.id));
    try {
      const page = await send("GET", "/fi/laskut/maksa/2000101", {
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
    const back = await send("GET", `/fi/laskut/maksu/1000101?${signedReturn(payment, "1000101", "ok")}`, { session });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/fi/laskut/maksu/1000101?status=ok");
    expect((await invoice("1000101")).status).toBe("paid");
    const result = await send("GET", back.location!, { session });
    expect(result.text).toContain("<h1>Maksu onnistui</h1>");
    const list = await send("GET", "/fi/laskut", { session });
    expect(list.text).toContain("Kuitti 1000101 (PDF)");
    expect(list.text).not.toContain('href="/fi/laskut/maksa/1000101"');
    // The callback of the same payment arrives afterwards: accepted, nothing changes.
    const callback = await send("GET", `/api/payments/callback?${signedReturn(payment, "1000101", "ok")}`);
    expect(callback.status).toBe(200);
    const events = await t.db.select().from(s.paymentEvents).where(eq(s.paymentEvents.paymentId, payment.id));
    expect(events.filter((e) => e.kind === "applied")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "verified")).toHaveLength(2);
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
          : send("GET", `/sv/fakturor/betalning/2000102?${query}`, { session }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.location === "/sv/fakturor/betalning/2000102?status=ok")).toHaveLength(10);
    const events = await t.db.select().from(s.paymentEvents).where(eq(s.paymentEvents.paymentId, payment.id));
    expect(events.filter((e) => e.kind === "applied")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "verified")).toHaveLength(20);
    expect((await invoice("2000102")).status).toBe("paid");
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
    const redirect = await send("GET", `/fi/laskut/maksu/2000101?${tampered}`, { session });
    expect(redirect.location).toBe("/fi/laskut/maksu/2000101?status=fail&reason=failed");
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
      `/en/invoices/payment/2000101?${signedReturn(payment, "2000101", "fail", { "checkout-failure-reason": "cancelled" })}`,
      { session },
    );
    expect(back.location).toBe("/en/invoices/payment/2000101?status=fail&reason=cancelled");
    const result = await send("GET", back.location!, { session });
    expect(result.text).toContain("<h1>Payment interrupted</h1>");
    expect(result.text).toContain("The payment was cancelled. You have not been charged.");
    expect(result.text).toContain("Unpaid");
    expect(result.text).toContain('href="/en/invoices/pay/2000101"');
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
      const page = await send("GET", `/en/invoices/payment/1000104?status=fail&reason=${reason}`, { session });
      expect(page.text.replace(/&#x27;/g, "'")).toContain(text);
    }
    const pending = await send("GET", "/en/invoices/payment/1000104?status=delayed", { session });
    expect(pending.text).not.toContain("Payment interrupted");
    // "ok" is said only of a paid invoice.
    const notPaid = await send("GET", "/en/invoices/payment/1000104?status=ok", { session });
    expect(notPaid.text).not.toContain("Payment completed");
    expect((await send("GET", "/en/invoices/payment/2000101?status=ok", { session })).status).toBe(404);
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
