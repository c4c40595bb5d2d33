/**
 * The questionnaire pages through the real request handler and database: the list's two sections, the two-step
 * pre-visit form without JavaScript (errors by survey-core, a draft at every step that a new session finds, Send
 * saving the answers as a JSON string), the read-only view, 404s, the children's brand, maintenance, CSRF, a failed
 * save, and the invitation linked from its thread.
 */
import { and, eq } from "drizzle-orm";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { PRE_VISIT_FORM } from "~/.server/db/seed/questionnaires";
import { logger } from "~/.server/logger";
import type { Person } from "~/.server/session";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { FIXED_NOW, login, useTestDatabase } from "./test-db";

// The answer call, with a switch to make it fail as an unreachable messaging backend would.
const failing = vi.hoisted(() => ({ answer: false }));
vi.mock("~/features/questionnaires/answers.server", async (original) => {
  const actual = await original<typeof import("~/features/questionnaires/answers.server")>();
  return {
    ...actual,
    answerQuestionnaire: (...args: Parameters<typeof actual.answerQuestionnaire>) => {
      if (failing.answer) throw new Error("messaging backend unreachable");
      return actual.answerQuestionnaire(...args);
    },
  };
});

const t = useTestDatabase();
const PNG = new Uint8Array(readFileSync("tests/fixtures/kela-card-front.png"));
const csrfCookie = newCsrfCookieValue();
/** A request as the browser sends it; the page's text without React's markers between adjacent texts. */
const send = async (method: string, url: string, options: SendOptions = {}) => {
  const sent = await sendAsBrowser(csrfCookie, method, url, options);
  return { ...sent, text: sent.text.replace(/<!-- -->/g, "") };
};

afterEach(() => {
  failing.answer = false;
  vi.restoreAllMocks();
});

// --- helpers -----------------------------------------------------------------------------------------------------

async function invitationId(person: Person, title: string): Promise<number> {
  const [row] = await t.db
    .select({ id: s.questionnaireInvitations.id })
    .from(s.questionnaireInvitations)
    .where(and(eq(s.questionnaireInvitations.personId, person.id), eq(s.questionnaireInvitations.title, title)));
  return row.id;
}

async function newInvitation(person: Person, values: Partial<typeof s.questionnaireInvitations.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(s.questionnaireInvitations)
    .values({ personId: person.id, title: "Esitiedot", createdAt: FIXED_NOW, form: PRE_VISIT_FORM, ...values })
    .returning({ id: s.questionnaireInvitations.id });
  return row.id;
}

const invitation = async (id: number) =>
  (await t.db.select().from(s.questionnaireInvitations).where(eq(s.questionnaireInvitations.id, id)))[0];
const draftOf = async (id: number) =>
  (await t.db.select().from(s.questionnaireDrafts).where(eq(s.questionnaireDrafts.invitationId, id)))[0];

/** A step's form as the browser posts it: the step, the questions it showed, the answers, the button pressed. */
function stepForm(intent: string, page: number, shown: string[], answers: Record<string, string | string[]>) {
  const form = new FormData();
  form.append("page", String(page));
  for (const name of shown) form.append("shown", name);
  for (const [name, value] of Object.entries(answers))
    for (const v of Array.isArray(value) ? value : [value]) form.append(`answer:${name}`, v);
  form.append("intent", intent);
  return form;
}

const STEP_1 = ["height", "weight", "smoking", "alcohol"];
const STEP_2 = ["conditions", "allergies", "medication", "generalHealth", "other"];

/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) => html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0] ?? "";
/** The question's block (its wrapper div) on the form. */
const questionBlock = (html: string, name: string) => {
  const start = html.indexOf(`data-question="${name}"`);
  return start < 0 ? "" : html.slice(html.lastIndexOf("<div", start), html.indexOf('data-question="', start + 1));
};
const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");

// --- the list ----------------------------------------------------------------------------------------------------

describe("the questionnaire list", () => {
  it("shows Maija's open task as a link and her answer with its date, and logs the read", async () => {
    const maija = t.person("patient");
    const open = await invitationId(maija, "Esitietolomake");
    const answered = await invitationId(maija, "Tyytyväisyyskysely");
    const page = await send("GET", "/en/questionnaires", { session: await login(maija) });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h1>Questionnaires<\/h1>/);
    const [openSection, rest] = page.text.split('id="answers-heading"');
    const answerSection = rest.slice(0, rest.indexOf("</section>"));
    expect(openSection).toContain('<h2 id="open-tasks-heading">Open tasks</h2>');
    expect(openSection).toMatch(
      // The care team's Finnish title is marked as Finnish on an English page.
      new RegExp(`<a href="/en/questionnaires/${open}"[^>]*><strong lang="fi">Esitietolomake</strong>`),
    );
    expect(openSection).toMatch(/Received <time dateTime="2026-11-18T11:40:00.000Z">18 November 2026<\/time>/);
    expect(answerSection).toContain(">Answers</h2>");
    expect(answerSection).toMatch(
      new RegExp(`<a href="/en/questionnaires/${answered}"[^>]*><strong lang="fi">Tyytyväisyyskysely</strong>`),
    );
    expect(answerSection).toMatch(/Answered <time dateTime="[^"]+">2 October 2026<\/time>/);
    expect(answerSection).not.toContain("Esitietolomake");
    const logged = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, maija.id), eq(s.accessLog.resource, "questionnaires")));
    expect(logged).toHaveLength(1);

    const fi = await send("GET", "/fi/kyselyt", { session: await login(maija) });
    expect(fi.text).toContain("Avoimet tehtävät");
    expect(fi.text).toContain(`href="/fi/kyselyt/${open}"`);
  });

  it("lists open tasks newest first, marks one in progress, and says so when a section is empty", async () => {
    const sanna = t.person("newCustomer");
    const session = await login(sanna);
    const empty = await send("GET", "/en/questionnaires", { session });
    expect(empty.text).toContain("You have no questionnaires to fill in.");
    expect(empty.text).toContain("You have not answered any questionnaires yet.");
    const sv = await send("GET", "/sv/rundfraga", { session });
    expect(sv.text).toContain("Du har inga enkäter att fylla i.");

    const older = await newInvitation(sanna, {
      title: "Vanhempi",
      createdAt: new Date(FIXED_NOW.getTime() - 86_400_000),
    });
    const newer = await newInvitation(sanna, { title: "Uudempi" });
    await t.db
      .insert(s.questionnaireDrafts)
      .values({ invitationId: older, answers: { height: 170 }, updatedAt: FIXED_NOW });
    const list = await send("GET", "/en/questionnaires", { session });
    const text = textOf(list.text);
    expect(text.indexOf("Uudempi")).toBeLessThan(text.indexOf("Vanhempi"));
    expect(list.text.match(/In progress – your answers so far are saved/g)).toHaveLength(1);
    expect(list.text).toContain(`href="/en/questionnaires/${newer}"`);
    expect(list.text).toContain("You have not answered any questionnaires yet.");
  });
});

// --- the form ----------------------------------------------------------------------------------------------------

describe("Erkki's health survey without JavaScript: questions made of several fields", () => {
  it("posts each part as a field, names the part of each error, keeps refused places and saves the whole answer", async () => {
    const erkki = t.person("senior");
    const id = await invitationId(erkki, "Terveyskysely");
    const url = `/en/questionnaires/${id}`;
    const session = await login(erkki);

    // Step 1: a fieldset per matrix row, a labelled number field per measurement.
    const step1 = await send("GET", url, { session });
    expect(step1.status).toBe(200);
    expect(step1.text).toMatch(
      /<fieldset class="fieldset questionnaire-matrix__row"><legend class="fieldset__legend">Headache<\/legend>/,
    );
    expect(tagOf(step1.text, "q-symptoms")).toContain('name="answer:symptoms[0]"');
    expect(tagOf(step1.text, "q-symptoms-3-2")).toMatch(/name="answer:symptoms\[2\]"[^>]*value="sometimes"/);
    expect(step1.text).toMatch(/<label class="field__label" for="q-measurements-2">Weight \(kg\)<\/label>/);
    expect(tagOf(step1.text, "q-measurements")).toContain('inputMode="decimal"');

    // A row left out and a weight out of range: 400, each error names its part and links to its field.
    const shown1 = ["symptoms", "measurements", "operations"];
    const parts = (fields: Record<string, string>) => {
      const form = stepForm("next", 0, shown1, {});
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return form;
    };
    const wrong = await send("POST", url, {
      session,
      form: parts({
        "answer:symptoms[0]": "sometimes",
        "answer:symptoms[1]": "never",
        "answer:measurements[0]": "172",
        "answer:measurements[1]": "500",
      }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(
      '<a href="#q-symptoms-3-1">How often have you had the following symptoms in the past month?, Trouble sleeping: Response required: answer questions in all rows.</a>',
    );
    expect(wrong.text).toMatch(/<a href="#q-measurements-2">Measurements, Weight \(kg\): [^<]*&#x27;500&#x27;[^<]*300/);
    expect(tagOf(wrong.text, "q-measurements-2")).toContain('aria-invalid="true"');
    expect(tagOf(wrong.text, "q-measurements-2")).toContain('aria-describedby="q-measurements-error"');
    expect(wrong.text).toContain('<p class="field__error" id="q-measurements-error">');
    expect(tagOf(wrong.text, "q-measurements")).toContain('value="172"');
    expect(await draftOf(id)).toMatchObject({
      page: 0,
      answers: { symptoms: { headache: "sometimes", dizziness: "never" }, measurements: { height: 172, weight: 500 } },
    });

    // Previous operations: Add keeps what was typed and adds a panel; its required question is checked; Remove.
    const added = await send("POST", url, {
      session,
      form: (() => {
        const form = parts({ "answer:measurements[0]": "180" });
        form.set("intent", "add:operations");
        form.append("panels:operations", "0");
        return form;
      })(),
    });
    expect(added.status).toBe(302);
    expect(added.location).toBe(`${url}#q-operations-1-operation`);
    expect((await draftOf(id)).answers).toMatchObject({ measurements: { height: 180 }, operations: [{}] });
    const withPanel = await send("GET", url, { session });
    expect(withPanel.text).toMatch(/<legend class="fieldset__legend">Operation 1<\/legend>/);
    expect(tagOf(withPanel.text, "q-operations-1-operation")).toContain('name="answer:operations[0].operation"');
    expect(withPanel.text).toContain('value="remove:operations:0"');
    // Enter in a field sends the step: the form's first button is Next, before any panel's buttons.
    expect(withPanel.text).toMatch(/<form[^>]*class="questionnaire-form"[^]*?<button type="submit"[^>]*value="next"/);
    expect(withPanel.text.indexOf('value="next"')).toBeLessThan(withPanel.text.indexOf('value="add:operations"'));
    const panelMissing = await send("POST", url, {
      session,
      form: (() => {
        const form = parts({
          "answer:symptoms[0]": "sometimes",
          "answer:symptoms[1]": "never",
          "answer:symptoms[2]": "often",
          "answer:measurements[0]": "172",
          "answer:operations[0].year": "2019",
        });
        form.append("panels:operations", "1");
        for (const name of ["operations[0].operation", "operations[0].year"]) form.append("shown", name);
        return form;
      })(),
    });
    expect(panelMissing.status).toBe(400);
    expect(panelMissing.text).toContain(
      '<a href="#q-operations-1-operation">Operation 1, Which operation: Response required.</a>',
    );
    expect(tagOf(panelMissing.text, "q-operations-1-year")).toContain('value="2019"');
    const removed = await send("POST", url, {
      session,
      form: (() => {
        const form = parts({ "answer:operations[0].year": "2019" });
        form.set("intent", "remove:operations:0");
        form.append("panels:operations", "1");
        return form;
      })(),
    });
    expect(removed.status).toBe(302);
    expect((await draftOf(id)).answers.operations).toEqual([]);

    const next = await send("POST", url, {
      session,
      form: parts({
        "answer:symptoms[0]": "sometimes",
        "answer:symptoms[1]": "never",
        "answer:symptoms[2]": "often",
        "answer:measurements[0]": "172",
        "answer:measurements[1]": "70",
      }),
    });
    expect(next.status).toBe(302);

    // Step 2: a place given twice is refused, and the places posted are shown again.
    const shown2 = ["usesMedicines", "medicineNotes", "hasAllergies", "topics"];
    const step2 = (fields: Record<string, string>, answers: Record<string, string> = {}) => {
      const form = stepForm("next", 1, shown2, { usesMedicines: "false", hasAllergies: "false", ...answers });
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return form;
    };
    const twice = await send("POST", url, {
      session,
      form: step2({ "answer:topics[0]": "2", "answer:topics[1]": "1", "answer:topics[2]": "2" }),
    });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain(
      '<a href="#q-topics">What would you like to talk about at the appointment? Most important first.: Give each option a place of its own, each place only once.</a>',
    );
    expect(twice.text).toMatch(
      /<select id="q-topics-2" name="answer:topics\[1\]"[^>]*>(?:(?!<\/select>).)*<option value="1" selected=""/s,
    );
    expect(await invitation(id)).toMatchObject({ answeredAt: null });
    // Without daily medicines the note about them is disabled (enableIf).
    expect(tagOf(twice.text, "q-medicineNotes")).toContain('disabled=""');

    // A note posted anyway for the disabled question is not taken.
    const sent = await send("POST", url, {
      session,
      form: step2(
        { "answer:topics[0]": "2", "answer:topics[1]": "1", "answer:topics[2]": "3" },
        { medicineNotes: "Ei muuta" },
      ),
    });
    expect(sent.status).toBe(302);
    expect((await draftOf(id)).answers).toMatchObject({ topics: ["exercise", "sleep", "nutrition"] });
    expect((await draftOf(id)).answers).not.toHaveProperty("medicineNotes");

    // Step 3: files posted with the step, a signature typed.
    const step3 = await send("GET", url, { session });
    expect(step3.text).toMatch(/<form[^>]*class="questionnaire-form"[^>]*encType="multipart\/form-data"/);
    expect(tagOf(step3.text, "q-earlierResults")).toMatch(
      /type="file"[^>]*multiple=""[^>]*accept="\.pdf,image\/\*"[^>]*name="file:earlierResults"/,
    );
    expect(tagOf(step3.text, "q-signature")).toContain('aria-describedby="q-signature-hint"');
    expect(step3.text).toContain("Sign by typing your full name.");
    const shown3 = ["earlierResults", "signature"];
    const step3Form = (intent: string, files: File[], answers: Record<string, string | string[]> = {}) => {
      const form = stepForm(intent, 2, shown3, answers);
      for (const file of files) form.append("file:earlierResults", file);
      return form;
    };
    const filesOf = async () =>
      t.db.select().from(s.questionnaireFiles).where(eq(s.questionnaireFiles.invitationId, id));

    // A program named as a PDF is refused with the question's error, and nothing is stored.
    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "tulokset.pdf", { type: "application/pdf" });
    const refused = await send("POST", url, { session, form: step3Form("send", [program]) });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<a href="#q-earlierResults">Earlier test results: The file is of a type');
    expect(refused.text).toContain(
      '<a href="#q-signature">I confirm that the information I gave is correct: Response required.</a>',
    );
    expect(await filesOf()).toEqual([]);

    // A PDF and a picture are stored at once, even while the signature is still missing, and listed to remove.
    const pdf = new File([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")], "C:\\Scans\\tulokset.pdf");
    const png = new File([PNG], "kuva.png", { type: "image/png" });
    const stored = await send("POST", url, { session, form: step3Form("send", [pdf, png]) });
    expect(stored.status).toBe(400);
    const attached = await filesOf();
    expect(attached.map((f) => f.fileName).sort()).toEqual(["kuva.png", "tulokset.pdf"]);
    const idOf = (name: string) => attached.find((f) => f.fileName === name)!.fileId;
    expect(stored.text).toContain(`value="remove-file:earlierResults:${idOf("kuva.png")}"`);
    expect(stored.text).toMatch(
      new RegExp(`<input type="hidden" name="answer:earlierResults" value="${idOf("tulokset.pdf")}"/>`),
    );
    const [pdfRow] = await t.db
      .select()
      .from(s.storedFiles)
      .where(eq(s.storedFiles.id, idOf("tulokset.pdf")));
    expect(pdfRow).toMatchObject({ ownerId: erkki.id, purpose: "questionnaire-file", contentType: "application/pdf" });
    expect(pdfRow.storageKey).toMatch(/^sealed\//);

    // Remove: the step is kept as typed, without the picture, whose file is gone.
    const pictureKey = (
      await t.db
        .select()
        .from(s.storedFiles)
        .where(eq(s.storedFiles.id, idOf("kuva.png")))
    )[0].storageKey;
    const removal = await send("POST", url, {
      session,
      form: step3Form(`remove-file:earlierResults:${idOf("kuva.png")}`, [], {
        earlierResults: [idOf("tulokset.pdf"), idOf("kuva.png")],
        signature: "Erkki",
      }),
    });
    expect(removal.status).toBe(302);
    expect(removal.location).toBe(`${url}#q-earlierResults`);
    expect((await filesOf()).map((f) => f.fileName)).toEqual(["tulokset.pdf"]);
    expect(existsSync(path.join(t.uploadsDir, pictureKey))).toBe(false);

    // Sent with a signature: a file id the invitation does not have is not taken; the signature is an image of the
    // name typed.
    const done = await send("POST", url, {
      session,
      form: step3Form("send", [], {
        earlierResults: [idOf("tulokset.pdf"), "00000000-0000-4000-8000-000000000000"],
        signature: "  Erkki   Esimerkki ",
      }),
    });
    expect(done.status).toBe(302);
    const answers = JSON.parse((await invitation(id)).answers!);
    expect(answers).toEqual({
      symptoms: { headache: "sometimes", dizziness: "never", sleep: "often" },
      measurements: { height: 172, weight: 70 },
      usesMedicines: false,
      hasAllergies: false,
      topics: ["exercise", "sleep", "nutrition"],
      earlierResults: [
        { name: "tulokset.pdf", type: "application/pdf", content: `stored-file:${idOf("tulokset.pdf")}` },
      ],
      signature: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    expect(Buffer.from(answers.signature.split(",")[1], "base64").toString()).toContain(">Erkki Esimerkki</text>");
    const readOnly = await send("GET", url, { session });
    expect(readOnly.text).toMatch(/Earlier test results<\/dt>\s*<dd[^>]*>tulokset.pdf<\/dd>/);
    expect(readOnly.text).toMatch(/correct<\/dt>\s*<dd[^>]*>Erkki Esimerkki<\/dd>/);
  });
});

describe("a questionnaire's files", () => {
  it("keeps at most 20 files per invitation: one more is refused with the question's error and not stored", async () => {
    const maija = t.person("patient");
    const session = await login(maija);
    const id = await newInvitation(maija, {
      title: "Liitteet",
      form: { elements: [{ type: "file", name: "results", title: "Results", allowMultiple: true }] },
    });
    for (let i = 0; i < 20; i++) {
      const [file] = await t.db
        .insert(s.storedFiles)
        .values({
          ownerId: maija.id,
          purpose: "questionnaire-file",
          storageKey: `sealed/questionnaire-file/limit-${id}-${i}`,
          contentType: "application/pdf",
          sizeBytes: 10,
          createdAt: FIXED_NOW,
          uploadedAt: FIXED_NOW,
        })
        .returning({ id: s.storedFiles.id });
      await t.db.insert(s.questionnaireFiles).values({ fileId: file.id, invitationId: id, fileName: `${i}.pdf` });
    }
    const form = stepForm("send", 0, ["results"], {});
    form.append("file:results", new File([new TextEncoder().encode("%PDF-1.7\n")], "yksi-lisää.pdf"));
    const answer = await send("POST", `/en/questionnaires/${id}`, { session, form });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<a href="#q-results">Results: A questionnaire can have at most 20 files attached.');
    const files = await t.db.select().from(s.questionnaireFiles).where(eq(s.questionnaireFiles.invitationId, id));
    expect(files).toHaveLength(20);
  });
});

describe("the pre-visit questionnaire without JavaScript", () => {
  it("goes step by step with survey-core's errors, keeps a draft a new session finds, and sends JSON", async () => {
    const maija = t.person("patient");
    const id = await invitationId(maija, "Esitietolomake");
    const url = `/en/questionnaires/${id}`;
    const first = await login(maija);

    // Step 1: labels and legends, "required" in words, the smoking follow-up hidden.
    const step1 = await send("GET", url, { session: first });
    expect(step1.status).toBe(200);
    expect(step1.text).toContain("<title>Esitietolomake – Step 1 of 2 – Solmu</title>");
    expect(step1.text).toContain('<h1 lang="fi">Esitietolomake</h1>');
    expect(step1.text).toMatch(/<h2 class="questionnaire-form__step"[^>]*><span[^>]*>Step 1 of 2<\/span>/);
    expect(step1.text).toMatch(
      /<label class="field__label" for="q-height">Height \(cm\)<span class="questionnaire-question__required"> \(required\)<\/span><\/label>/,
    );
    expect(step1.text).toMatch(/<label class="field__label" for="q-weight">Weight \(kg\)<\/label>/);
    expect(step1.text).toMatch(/<fieldset class="fieldset"[^>]*><legend class="fieldset__legend">Do you smoke\?/);
    expect(tagOf(step1.text, "q-height")).toContain('inputMode="decimal"');
    expect(step1.text).toMatch(/<select id="q-alcohol" name="answer:alcohol"/);
    expect(questionBlock(step1.text, "cigarettesPerDay")).toMatch(/^<div[^>]*hidden=""/);
    expect(questionBlock(step1.text, "height")).not.toContain("hidden");
    expect(step1.text).toContain('value="next"');
    expect(step1.text).not.toContain('value="previous"');

    // Next without the required height: 400, the summary linking to the field, the typed answer kept.
    const missing = await send("POST", url, {
      session: first,
      form: stepForm("next", 0, STEP_1, { smoking: "never" }),
    });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("<title>Error: Esitietolomake – Step 1 of 2 – Solmu</title>");
    expect(missing.text).toMatch(/<div class="error-summary" role="alert"/);
    expect(missing.text).toContain('<a href="#q-height">Height (cm): Response required.</a>');
    expect(missing.text).toMatch(/<p class="field__error" id="q-height-error">/);
    expect(tagOf(missing.text, "q-smoking")).toContain("checked");
    expect(await draftOf(id)).toMatchObject({ page: 0, answers: { smoking: "never" } });

    // A number out of range: the definition's validator, in Finnish on the Finnish page.
    const range = await send("POST", `/fi/kyselyt/${id}`, {
      session: first,
      form: stepForm("next", 0, STEP_1, { height: "20", smoking: "never" }),
    });
    expect(range.status).toBe(400);
    expect(range.text).toMatch(/<a href="#q-height">Pituus \(cm\): [^<]*50[^<]*250/);

    // Smoking: the follow-up appears, shown again rather than refused.
    const more = await send("POST", url, {
      session: first,
      form: stepForm("next", 0, STEP_1, { height: "170", smoking: "yes" }),
    });
    expect(more.status).toBe(200);
    expect(more.text).toContain("Your answers added questions to this step.");
    expect(more.text).not.toContain("error-summary");
    expect(questionBlock(more.text, "cigarettesPerDay")).not.toContain("hidden");
    expect(tagOf(more.text, "q-height")).toContain('value="170"');

    // Valid: on to step 2, kept as a draft.
    const next = await send("POST", url, {
      session: first,
      form: stepForm("next", 0, [...STEP_1, "cigarettesPerDay"], {
        height: "170",
        smoking: "yes",
        cigarettesPerDay: "5",
      }),
    });
    expect(next.status).toBe(302);
    expect(next.location).toBe(url);
    expect(await draftOf(id)).toMatchObject({ page: 1, answers: { height: 170, smoking: "yes", cigarettesPerDay: 5 } });

    const step2 = await send("GET", url, { session: first });
    expect(step2.text).toContain("Step 2 of 2");
    expect(step2.text).toMatch(/<legend class="fieldset__legend">Do you take medicines regularly\?/);
    expect(step2.text).toContain('value="send"');
    expect(step2.text).toContain('value="previous"');

    // Part of step 2, then Previous: kept too, and step 1 shows the answers given.
    const back = await send("POST", url, {
      session: first,
      form: stepForm("previous", 1, STEP_2, { conditions: ["asthma"], medication: "true" }),
    });
    expect(back.status).toBe(302);
    expect(await draftOf(id)).toMatchObject({
      page: 0,
      answers: { height: 170, conditions: ["asthma"], medication: true },
    });
    const again = await send("GET", url, { session: first });
    expect(again.text).toContain("Step 1 of 2");
    expect(tagOf(again.text, "q-height")).toContain('value="170"');
    expect(tagOf(again.text, "q-cigarettesPerDay")).toContain('value="5"');
    expect(
      await send("POST", url, {
        session: first,
        form: stepForm("next", 0, [...STEP_1, "cigarettesPerDay"], {
          height: "170",
          smoking: "yes",
          cigarettesPerDay: "5",
        }),
      }),
    ).toMatchObject({ status: 302 });

    // A new session (logged in again, as after an expired one) finds step 2 with the answers.
    const second = await login(maija);
    const restored = await send("GET", url, { session: second });
    expect(restored.text).toContain("Step 2 of 2");
    expect(tagOf(restored.text, "q-conditions-2")).toContain("checked");
    expect(tagOf(restored.text, "q-medication")).toContain("checked");
    expect(questionBlock(restored.text, "medicines")).not.toContain("hidden");

    // Send with the medicines missing: their error; then everything.
    const shown2 = [...STEP_2, "medicines"];
    const incomplete = await send("POST", url, {
      session: second,
      form: stepForm("send", 1, shown2, { conditions: ["asthma"], medication: "true", generalHealth: "4" }),
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.text).toContain('<a href="#q-medicines">Which medicines do you take?: Response required.</a>');
    expect((await invitation(id)).answeredAt).toBeNull();

    const sent = await send("POST", url, {
      session: second,
      form: stepForm("send", 1, shown2, {
        conditions: ["asthma"],
        medication: "true",
        medicines: "Ventoline tarvittaessa",
        generalHealth: "4",
      }),
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(url);
    expect(sent.setCookie).toContain("flash");
    const row = await invitation(id);
    expect(typeof row.answers).toBe("string");
    expect(JSON.parse(row.answers!)).toEqual({
      height: 170,
      smoking: "yes",
      cigarettesPerDay: 5,
      conditions: ["asthma"],
      medication: true,
      medicines: "Ventoline tarvittaessa",
      generalHealth: 4,
    });
    expect(row.answeredAt).toEqual(FIXED_NOW);
    expect(await draftOf(id)).toBeUndefined();
    const writes = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.resource, "questionnaire"), eq(s.accessLog.resourceId, String(id))));
    expect(writes.filter((w) => w.action === "write")).toHaveLength(1);
    expect(writes.filter((w) => w.action === "read").length).toBeGreaterThan(0);

    // Read-only: the answers as text, no fields; a second Send changes nothing.
    const readOnly = await send("GET", url, { session: second });
    expect(readOnly.status).toBe(200);
    expect(readOnly.text).not.toMatch(/<input[^>]*name="answer:/);
    expect(readOnly.text).not.toContain("questionnaire-form");
    expect(readOnly.text).toMatch(/<dt>Which medicines do you take\?<\/dt><dd[^>]*>Ventoline tarvittaessa<\/dd>/);
    expect(readOnly.text).toMatch(/<dt>Do you smoke\?<\/dt><dd[^>]*>Yes<\/dd>/);
    expect(readOnly.text).toMatch(/<dt>Do you have any of these conditions\?<\/dt><dd[^>]*>Asthma<\/dd>/);
    expect(readOnly.text).toMatch(/<dt>Weight \(kg\)<\/dt><dd class="muted">Not answered<\/dd>/);
    expect(readOnly.text).toContain("The answers can no longer be changed.");
    const twice = await send("POST", url, {
      session: second,
      form: stepForm("send", 1, shown2, { conditions: ["diabetes"], medication: "false", generalHealth: "1" }),
    });
    expect(twice.status).toBe(302);
    expect((await invitation(id)).answers).toBe(row.answers);
  });

  it("goes back to an earlier step that Send finds incomplete", async () => {
    const erkki = t.person("senior");
    const id = await newInvitation(erkki);
    const session = await login(erkki);
    // A draft on step 2 whose step 1 lacks the height (a definition changed, or a forged post).
    await t.db
      .insert(s.questionnaireDrafts)
      .values({ invitationId: id, answers: { smoking: "never" }, page: 1, updatedAt: FIXED_NOW });
    const sent = await send("POST", `/en/questionnaires/${id}`, {
      session,
      form: stepForm("send", 1, STEP_2, { conditions: ["none"], medication: "false", generalHealth: "3" }),
    });
    expect(sent.status).toBe(400);
    expect(sent.text).toContain("Step 1 of 2");
    expect(sent.text).toContain('<a href="#q-height">Height (cm): Response required.</a>');
    expect(await draftOf(id)).toMatchObject({ page: 0, answers: { smoking: "never", conditions: ["none"] } });
  });

  it("keeps the browser's background save on its own step only", async () => {
    const erkki = t.person("senior");
    const id = await newInvitation(erkki);
    const session = await login(erkki);
    const saved = await send("POST", `/en/questionnaires/${id}`, {
      session,
      form: stepForm("save", 0, STEP_1, { height: "180", smoking: "quit" }),
    });
    expect(saved.status).toBe(200);
    expect(await draftOf(id)).toMatchObject({ page: 0, answers: { height: 180, smoking: "quit" } });
    // Next has moved on meanwhile: a late background save of step 1 does not take the draft back.
    await t.db.update(s.questionnaireDrafts).set({ page: 1 }).where(eq(s.questionnaireDrafts.invitationId, id));
    await send("POST", `/en/questionnaires/${id}`, {
      session,
      form: stepForm("save", 0, STEP_1, { height: "100", smoking: "quit" }),
    });
    expect(await draftOf(id)).toMatchObject({ page: 1, answers: { height: 180 } });
  });

  it("sends a questionnaire whose definition has no questions as an empty answer", async () => {
    const erkki = t.person("senior");
    const id = await newInvitation(erkki, { form: {} });
    const session = await login(erkki);
    const page = await send("GET", `/en/questionnaires/${id}`, { session });
    expect(page.text).toContain("This questionnaire has no questions.");
    expect(page.text).toContain('value="send"');
    const sent = await send("POST", `/en/questionnaires/${id}`, { session, form: stepForm("send", 0, [], {}) });
    expect(sent.status).toBe(302);
    expect(await invitation(id)).toMatchObject({ answers: "{}", answeredAt: FIXED_NOW });
  });

  it("shows survey-core's data-saving error when saving fails, reports it and keeps the answers", async () => {
    const erkki = t.person("senior");
    const id = await newInvitation(erkki, {
      form: { elements: [{ type: "comment", name: "note", title: "Note", isRequired: true }] },
    });
    const session = await login(erkki);
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    failing.answer = true;
    const sent = await send("POST", `/fi/kyselyt/${id}`, {
      session,
      form: stepForm("send", 0, ["note"], { note: "Hei" }),
    });
    expect(sent.status).toBe(500);
    expect(sent.text).toContain("Tapahtui virhe, emmekä voineet tallentaa kyselyn tietoja.");
    expect(tagOf(sent.text, "q-note")).toBeTruthy();
    expect(sent.text).toContain(">Hei</textarea>");
    expect(errors).toHaveBeenCalledWith("unexpected error", expect.objectContaining({ where: "questionnaireAction" }));
    expect((await invitation(id)).answeredAt).toBeNull();
    expect(await draftOf(id)).toMatchObject({ answers: { note: "Hei" } });
  });
});

// --- not found, brand, maintenance, CSRF --------------------------------------------------------------------------

describe("who may see a questionnaire", () => {
  it("answers 404 with the spec's message and a button to the list for another person's, unknown or bad ids", async () => {
    const maija = t.person("patient");
    const foreign = await newInvitation(t.person("senior"), { title: "Erkin kysely" });
    const session = await login(maija);
    for (const id of [String(foreign), "99999", "abc", "012", "1.5", "2147483648"]) {
      const page = await send("GET", `/en/questionnaires/${id}`, { session });
      expect(page.status, id).toBe(404);
      expect(page.text, id).toContain("<h1>Questionnaire was not found.</h1>");
      expect(page.text, id).toMatch(
        /<a[^>]*href="\/en\/questionnaires"[^>]*class="button button--secondary"|<a[^>]*class="button button--secondary"[^>]*href="\/en\/questionnaires"/,
      );
      expect(page.text, id).not.toContain("Erkin kysely");
    }
    const fi = await send("GET", `/fi/kyselyt/${foreign}`, { session });
    expect(fi.text).toContain("Kyselyä ei löytynyt.");
    const post = await send("POST", `/en/questionnaires/${foreign}`, {
      session,
      form: stepForm("next", 0, STEP_1, { height: "170", smoking: "never" }),
    });
    expect(post.status).toBe(404);
    expect(await draftOf(foreign)).toBeUndefined();
  });

  it("does not exist in the children's brand, and needs a login", async () => {
    const session = await login(t.person("patient"));
    const id = await invitationId(t.person("patient"), "Tyytyväisyyskysely");
    const host = "pikkujatti.localhost:3000";
    expect((await send("GET", "/fi/kyselyt", { session, host })).status).toBe(404);
    expect((await send("GET", `/fi/kyselyt/${id}`, { session, host })).status).toBe(404);
    const anonymous = await send("GET", "/fi/kyselyt");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/fi\/kirjaudu/);
  });

  it("says the surveys are out of use in maintenance, and takes no answers", async () => {
    const erkki = t.person("senior");
    const id = await newInvitation(erkki);
    const session = await login(erkki);
    await t.db
      .insert(s.messagingStatus)
      .values({ id: 1, maintenance: true })
      .onConflictDoUpdate({
        target: s.messagingStatus.id,
        set: { maintenance: true },
      });
    try {
      const list = await send("GET", "/en/questionnaires", { session });
      expect(list.text).toContain("Surveys are temporarily out of use.");
      expect(list.text).not.toContain("Esitiedot");
      expect((await send("GET", "/fi/kyselyt", { session })).text).toContain(
        "Kyselyt ovat tilapäisesti poissa käytöstä.",
      );
      expect((await send("GET", "/sv/rundfraga", { session })).text).toContain("Enkäterna är tillfälligt ur bruk.");
      const page = await send("GET", `/en/questionnaires/${id}`, { session });
      expect(page.text).toContain("Surveys are temporarily out of use.");
      expect(page.text).not.toContain('name="answer:height"');
      const post = await send("POST", `/en/questionnaires/${id}`, {
        session,
        form: stepForm("next", 0, STEP_1, { height: "170", smoking: "never" }),
      });
      expect(post.status).toBe(503);
      expect(await draftOf(id)).toBeUndefined();
    } finally {
      await t.db.update(s.messagingStatus).set({ maintenance: false }).where(eq(s.messagingStatus.id, 1));
    }
  });

  it("refuses a post without the CSRF token", async () => {
    const erkki = t.person("senior");
    const id = await newInvitation(erkki);
    const post = await send("POST", `/en/questionnaires/${id}`, {
      session: await login(erkki),
      csrf: false,
      form: stepForm("next", 0, STEP_1, { height: "170", smoking: "never" }),
    });
    expect(post.status).toBe(403);
    expect(await draftOf(id)).toBeUndefined();
  });
});

describe("an invitation in a thread", () => {
  it("links to the questionnaire page", async () => {
    const maija = t.person("patient");
    const id = await invitationId(maija, "Esitietolomake");
    const [thread] = await t.db
      .select({ id: s.threads.id })
      .from(s.threads)
      .where(and(eq(s.threads.personId, maija.id), eq(s.threads.title, "Ravitsemusneuvonta")));
    const page = await send("GET", `/fi/viestit/${thread.id}`, { session: await login(maija) });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`<a href="/fi/kyselyt/${id}"[^>]*>Kysely: Esitietolomake</a>`));
  });
});
