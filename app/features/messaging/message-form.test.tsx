import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/messaging.json";
import { I18nProvider } from "~/ui/i18n";
import { fileSize } from "./chosen-files";
import { FORM_LIMITS } from "./form-limits";
import { MessageForm, summaryOf } from "./message-form";
import type { FormAnswer, MessageErrors } from "./message-view";
import { MessageField, NewMessageNotes, RecipientField, SubjectField } from "./new-message-fields";
import { translator } from "~/lib/translate";
import { percentOf } from "./attachment-upload";

const resources = {
  messaging: en,
  common: { form: { errorPrefix: "Error" }, notice: { error: "There is a problem" } },
};

function render(node: React.ReactNode): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <I18nProvider lang="en" resources={resources}>
          {node}
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: { lang: "en", csrfToken: "token" } } }} />).replace(
    /<!-- -->/g,
    "",
  );
}

/** The new-conversation page's form, composed as the page composes it. */
function NewMessageForm({
  errors,
  answer,
  recipient,
}: {
  errors: MessageErrors;
  answer?: FormAnswer;
  recipient?: string;
}) {
  return (
    <MessageForm
      mode="new"
      action="/en/conversations/new"
      errors={errors}
      onClientErrors={() => {}}
      answer={answer}
      limits={FORM_LIMITS}
      fieldsBefore={
        <>
          {recipient ? <RecipientField href={recipient} team="" /> : null}
          <SubjectField answer={answer} errors={errors} limits={FORM_LIMITS} />
          <MessageField answer={answer} errors={errors} limits={FORM_LIMITS} />
        </>
      }
      fieldsAfter={<NewMessageNotes />}
    />
  );
}

describe("the message form without JavaScript", () => {
  it("is one multipart post with labelled fields, the files' input and the disclaimer", () => {
    const html = render(<NewMessageForm errors={{}} recipient="/en#conversations-heading" />);
    expect(html).toMatch(/<form[^>]*action="\/en\/conversations\/new"/);
    expect(html).toMatch(/<form[^>]*encType="multipart\/form-data"/i);
    expect(html).toContain('<input type="hidden" name="csrfToken" value="token"/>');
    expect(html).toContain('<a href="/en#conversations-heading">Your health care team</a>');
    expect(html).toContain('<label class="field__label" for="subject">Subject</label>');
    expect(html).toMatch(/<input id="subject" type="text"[^>]*aria-describedby="subject-hint"[^>]*name="subject"/);
    expect(html).toContain('<div class="field__hint" id="subject-hint">At most 70 characters.</div>');
    expect(html).toMatch(/<textarea id="message" name="message"/);
    expect(html).toMatch(
      /<input type="file" id="attachments" multiple="" accept="\.pdf,\.rtf,\.ods[^>]*name="attachments"/,
    );
    expect(html).toContain(
      "Allowed file types: PDF, RTF, ODS, ODT, PPTX, XLSX, DOCX, GIF, JPEG, JPG, JPE, PNG, TIF, TIFF, CSV, TXT, TEXT. At most 9 MB in total.",
    );
    expect(html).toContain("We usually reply within 1–3 business days.");
    expect(html).toContain("In an emergency, call 112.");
    expect(html).toContain('<p class="visually-hidden" role="status"></p>');
    expect(html).toMatch(/<button type="submit" class="button">Send<\/button>/);
  });

  it("shows errors at their fields, keeps the typed text, and the summary links to the same ids", () => {
    const errors = {
      subject: "messaging.form.errors.subjectTooLong",
      attachments: "messaging.form.errors.attachments.tooLarge",
    };
    const html = render(
      <NewMessageForm
        errors={errors}
        answer={{ values: { subject: "x".repeat(71), message: "Typed <text>" }, errors }}
      />,
    );
    expect(html).toMatch(
      /<input id="subject"[^>]*aria-describedby="subject-hint subject-error"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain(
      'id="subject-error"><span class="visually-hidden">Error: </span>The subject can be at most 70 characters long</p>',
    );
    expect(html).toContain(`value="${"x".repeat(71)}"`);
    expect(html).toContain(">Typed &lt;text&gt;</textarea>");
    expect(html).toContain("Attachment file is too large. The attachments can be at most 9 MB in total.");
    const summary = summaryOf(errors, translator("en", resources), FORM_LIMITS);
    expect(summary).toEqual([
      { id: "subject", message: "The subject can be at most 70 characters long" },
      { id: "attachments", message: "Attachment file is too large. The attachments can be at most 9 MB in total." },
    ]);
    for (const { id } of summary) expect(html).toContain(`id="${id}"`);
  });

  it("says when sending failed", () => {
    const reply = render(
      <MessageForm
        mode="reply"
        action="/en/conversations/5"
        fieldsBefore={null}
        limits={FORM_LIMITS}
        errors={{}}
        onClientErrors={() => {}}
        answer={{ values: {}, errors: {}, failure: "send" }}
      />,
    );
    expect(reply).toMatch(/<form[^>]*action="\/en\/conversations\/5"/);
    expect(reply).toContain('role="alert"');
    expect(reply).toContain("Failed to send the message.");
    expect(reply).not.toContain('name="subject"');
    const fresh = render(<NewMessageForm errors={{}} answer={{ values: {}, errors: {}, failure: "send" }} />);
    expect(fresh).toContain("Sending the message failed. Try again.");
  });
});

describe("the recipient", () => {
  it("links to the care team and names its members as the loader wrote them", () => {
    const html = render(
      <RecipientField href="/en/occupational-health-care-team" team="Anna Aho (Lääkäri), Bertta Berg" />,
    );
    expect(html).toContain('<a href="/en/occupational-health-care-team">Your health care team</a>');
    expect(html).toContain('<p class="field__hint">Your messages are read by: Anna Aho (Lääkäri), Bertta Berg</p>');
    expect(render(<RecipientField href="/en" team="" />)).not.toContain("field__hint");
  });
});

describe("file sizes and progress", () => {
  it("are written for people", () => {
    expect(fileSize(340_000, "en")).toBe("340 kB");
    expect(fileSize(1_250_000, "fi")).toBe("1,3 MB");
    expect(fileSize(12, "sv")).toBe("1 kB");
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});
