import { Form, data, redirect } from "react-router";
import type { Route } from "./+types/care-team-thread";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { careTeamDeskEnabled } from "~/.server/env";
import { storage } from "~/.server/storage";
import { deleteOwnMessage, deskThread, openThread, professionalById, reply, setThreadActive } from "./care-team.server";
import type { NewAttachment } from "~/features/messaging/attachments.server";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_MEGABYTES,
  CONTENT_MAX_LENGTH,
} from "~/features/messaging/rules";
import { formatDateTime } from "~/lib/format";
import { href } from "~/route-table";
import { deskAttachmentHref, deskHandle, deskHref, deskThreadHref } from "./care-team-links";
import { CsrfField } from "~/ui/csrf-field";
import { ErrorSummary } from "~/ui/form";

/** One thread of the development care-team desk: read, reply (taking an unassigned thread), close, delete. */

// A tool, not a customer page: no customer menu, footer or cookie question; the page is English only.
export const handle = deskHandle;

async function deskArgs(request: Request, context: Route.LoaderArgs["context"], threadIdParam: string) {
  if (!careTeamDeskEnabled(requestInfo(context).environment)) throw data(null, { status: 404 });
  const me = await professionalById(db(), new URL(request.url).searchParams.get("professional"));
  const threadId = /^\d{1,9}$/.test(threadIdParam) ? Number(threadIdParam) : NaN;
  if (!me || !Number.isSafeInteger(threadId)) throw data(null, { status: 404 });
  return { me, threadId };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { me, threadId } = await deskArgs(request, context, params.threadId);
  // Opening a thread marks it read (for a professional who takes part in it).
  await openThread(db(), me.id, threadId, now());
  const thread = await deskThread(db(), me.id, threadId, now());
  if (!thread) throw data(null, { status: 404 });
  return { me, thread };
}

const REPLY_PROBLEMS: Record<string, string> = {
  content: `Write a reply of at most ${CONTENT_MAX_LENGTH.toLocaleString("en")} characters, or attach a file.`,
  type: "An attachment is not of an allowed type, or its contents do not match its name.",
  tooLarge: `The attachments are larger than ${ATTACHMENTS_MAX_MEGABYTES} MB in total.`,
  tooMany: `Attach at most ${ATTACHMENTS_MAX_COUNT} files.`,
  empty: "An attachment is empty.",
  closed: "The thread is closed: reopen it to reply.",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { me, threadId } = await deskArgs(request, context, params.threadId);
  const form = await readForm(request);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const intent = text("intent");
  if (intent === "reply") {
    const info = requestInfo(context);
    // A file input left empty still sends one nameless, empty part.
    const files = form
      .getAll("attachments")
      .filter((f): f is File => f instanceof File && !(f.name === "" && f.size === 0));
    const attachments: NewAttachment[] = await Promise.all(
      files.map(async (f) => ({ fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const result = await reply(
      db(),
      storage(),
      {
        professionalId: me.id,
        threadId,
        content: text("content"),
        attachments,
        // The customer's SMS links to the thread on their own brand's site, in their language; never the content.
        notice: {
          brandName: info.brand.name,
          threadUrl: (lang, id) => new URL(href("conversation", lang, { threadId: id }), info.origin).toString(),
        },
      },
      now(),
    );
    if (result.type === "notFound") throw data(null, { status: 404 });
    if (result.type !== "sent") {
      const problem = result.type === "invalid" ? result.problem : result.type;
      return data(
        { error: REPLY_PROBLEMS[problem] ?? "The reply could not be sent.", content: text("content") },
        { status: 400 },
      );
    }
  } else if (intent === "close" || intent === "reopen") {
    if (!(await setThreadActive(db(), me.id, threadId, intent === "reopen", now()))) throw data(null, { status: 404 });
  } else if (intent === "deleteMessage") {
    await deleteOwnMessage(db(), me.id, threadId, Number(text("messageId")), now());
  } else {
    throw data(null, { status: 400 });
  }
  // Post/redirect/get: a reload does not send the reply again.
  throw redirect(deskThreadHref(threadId, me.id));
}

export default function CareTeamThread({ loaderData, actionData }: Route.ComponentProps) {
  const { me, thread } = loaderData;
  const self = deskThreadHref(thread.id, me.id);
  const error = actionData?.error;
  return (
    <div lang="en" className="narrow-wide">
      <title>{`${error ? "Error: " : ""}${thread.title} – Care-team desk (development)`}</title>
      <ErrorSummary
        title="There is a problem"
        errors={error ? [{ id: "reply", message: error }] : []}
        fieldOrder={["reply"]}
      />
      <p>
        <a href={deskHref(me.id)}>Back to the desk</a>
      </p>
      <h1>{thread.title}</h1>
      <dl className="summary-list">
        <div>
          <dt>Customer</dt>
          <dd>{thread.customerName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{thread.isActive ? "Open" : "Closed"}</dd>
        </div>
        <div>
          <dt>Assigned to</dt>
          <dd>{thread.assignedToMe ? "Me" : (thread.assigneeName ?? "Nobody (unassigned)")}</dd>
        </div>
      </dl>

      <h2>Messages</h2>
      {thread.messages.length ? (
        <ol className="item-list">
          {thread.messages.map((m) => (
            <li key={m.id}>
              <article aria-labelledby={`message-${m.id}`}>
                <h3 id={`message-${m.id}`}>
                  {m.authorName}
                  {m.authorTitle ? `, ${m.authorTitle}` : ""}
                  {m.authorType === "CustomerUser" ? " (customer)" : ""} ·{" "}
                  <time dateTime={m.created.toISOString()}>{formatDateTime(m.created, "en")}</time>
                </h3>
                {m.deleted ? (
                  <p>
                    <em>This message was deleted.</em>
                  </p>
                ) : (
                  // Line breaks as <br> (the CSP allows no inline style for pre-wrap).
                  <p>
                    {(m.content ?? "").split("\n").map((line, i) => (
                      <span key={i}>
                        {i ? <br /> : null}
                        {line}
                      </span>
                    ))}
                  </p>
                )}
                {m.attachments.length ? (
                  <ul>
                    {m.attachments.map((a) => (
                      <li key={a.id}>
                        <a href={deskAttachmentHref(a.id, me.id)} download>
                          {a.fileName}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {m.isMine && !m.deleted ? (
                  <Form method="post" action={self}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="deleteMessage" />
                    <input type="hidden" name="messageId" value={m.id} />
                    <button type="submit" className="button button--secondary button--small">
                      Delete message
                    </button>
                  </Form>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <p>No messages.</p>
      )}

      {thread.isActive ? (
        <Form method="post" action={self} encType="multipart/form-data">
          <h2>Reply</h2>
          <CsrfField />
          <input type="hidden" name="intent" value="reply" />
          <div className={`field${error ? " field--error" : ""}`}>
            <label className="field__label" htmlFor="reply">
              Reply
            </label>
            <div className="field__hint" id="reply-hint">
              {thread.unassigned
                ? "Replying assigns this thread to you. The customer gets an SMS with a link, never the text."
                : "The customer gets an SMS with a link, never the text."}
            </div>
            {error ? (
              <p className="field__error" id="reply-error">
                <span className="visually-hidden">Error: </span>
                {error}
              </p>
            ) : null}
            <textarea
              id="reply"
              name="content"
              className="textarea"
              rows={6}
              maxLength={CONTENT_MAX_LENGTH}
              defaultValue={actionData?.content}
              aria-describedby={error ? "reply-hint reply-error" : "reply-hint"}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="attachments">
              Attachments
            </label>
            <div className="field__hint" id="attachments-hint">
              At most {ATTACHMENTS_MAX_COUNT} files, {ATTACHMENTS_MAX_MEGABYTES} MB in total.
            </div>
            <input
              id="attachments"
              name="attachments"
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              aria-describedby="attachments-hint"
            />
          </div>
          <button type="submit" className="button">
            Send reply
          </button>
        </Form>
      ) : (
        <p>The thread is closed: reopen it to reply.</p>
      )}

      <Form method="post" action={self} className="button-row">
        <CsrfField />
        <input type="hidden" name="intent" value={thread.isActive ? "close" : "reopen"} />
        <button type="submit" className="button button--secondary">
          {thread.isActive ? "Close thread" : "Reopen thread"}
        </button>
      </Form>
    </div>
  );
}
