/**
 * Server-rendered pages of the development identity provider. No JavaScript, no inline styles
 * (the stylesheet is served by the router), every dynamic value escaped.
 */
import { DEV_TEXTS, type DevLocale } from "./texts";

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export type PageContext = {
  locale: DevLocale;
  basePath: string; // e.g. /dev/identity
  uid: string;
  csrf: string;
};

export type DemoPersonView = { identityCode: string; firstName: string; lastName: string; description: string };
export type ChildView = { identityCode: string; firstName: string; lastName: string; age: number };

export type LoginFormState = {
  identityCode: string;
  firstName: string;
  lastName: string;
  error?: string;
};

function layout(opts: { locale: DevLocale; basePath: string; title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(opts.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(opts.title)}</title>
<link rel="stylesheet" href="${escapeHtml(opts.basePath)}/static/dev.css">
</head>
<body>
<main id="main" class="page">
${opts.body}
</main>
</body>
</html>
`;
}

function csrfField(csrf: string): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
}

function action(ctx: PageContext, step: string): string {
  return `${ctx.basePath}/interaction/${encodeURIComponent(ctx.uid)}/${step}`;
}

function cancelForm(ctx: PageContext): string {
  const t = DEV_TEXTS[ctx.locale];
  return `<form method="post" action="${escapeHtml(action(ctx, "cancel"))}" class="cancel">
${csrfField(ctx.csrf)}
<button type="submit" class="button button--secondary">${escapeHtml(t.cancel)}</button>
</form>`;
}

export function renderLoginPage(
  ctx: PageContext,
  opts: { methodLabel?: string; people: DemoPersonView[]; form: LoginFormState },
): string {
  const t = DEV_TEXTS[ctx.locale];
  const { form } = opts;
  const error = form.error;

  const summary = error
    ? `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title" class="error-summary__title">${escapeHtml(t.errorSummaryTitle)}</h2>
<ul class="error-summary__list">
<li><a href="#identityCode">${escapeHtml(error)}</a></li>
</ul>
</div>
`
    : "";

  const method = opts.methodLabel
    ? `<p class="method">${escapeHtml(t.youChose)} <strong>${escapeHtml(opts.methodLabel)}</strong></p>`
    : `<p class="method">${escapeHtml(t.noMethodRequested)}</p>`;

  const people = opts.people.length
    ? `<form method="post" action="${escapeHtml(action(ctx, "person"))}">
${csrfField(ctx.csrf)}
<ul class="choices">
${opts.people
  .map(
    (p) =>
      `<li><button type="submit" class="button button--choice" name="identityCode" value="${escapeHtml(p.identityCode)}">${escapeHtml(
        `${p.firstName} ${p.lastName} – ${p.description} – ${p.identityCode}`,
      )}</button></li>`,
  )
  .join("\n")}
</ul>
</form>`
    : `<p>${escapeHtml(t.demoEmpty)}</p>`;

  const describedBy = error ? "identityCode-hint identityCode-error" : "identityCode-hint";
  const errorMessage = error
    ? `<p id="identityCode-error" class="error-message"><span class="visually-hidden">${escapeHtml(t.errorPrefix)}</span> ${escapeHtml(error)}</p>`
    : "";

  const body = `${summary}<p class="tag">DEV</p>
<h1>${escapeHtml(t.serviceName)}</h1>
<p>${escapeHtml(t.intro)}</p>
${method}
<section aria-labelledby="demo-heading">
<h2 id="demo-heading">${escapeHtml(t.demoHeading)}</h2>
${people}
</section>
<section aria-labelledby="other-heading">
<h2 id="other-heading">${escapeHtml(t.otherHeading)}</h2>
<form method="post" action="${escapeHtml(action(ctx, "identity-code"))}" novalidate>
${csrfField(ctx.csrf)}
<div class="field${error ? " field--error" : ""}">
<label for="identityCode">${escapeHtml(t.identityCodeLabel)}</label>
<p id="identityCode-hint" class="hint">${escapeHtml(t.identityCodeHint)}</p>
${errorMessage}
<input id="identityCode" name="identityCode" type="text" class="input input--code" value="${escapeHtml(form.identityCode)}" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ""}>
</div>
<div class="field">
<label for="firstName">${escapeHtml(t.firstNameLabel)}</label>
<input id="firstName" name="firstName" type="text" class="input" value="${escapeHtml(form.firstName)}" autocomplete="off">
</div>
<div class="field">
<label for="lastName">${escapeHtml(t.lastNameLabel)}</label>
<input id="lastName" name="lastName" type="text" class="input" value="${escapeHtml(form.lastName)}" autocomplete="off">
</div>
<button type="submit" class="button">${escapeHtml(t.continue)}</button>
</form>
</section>
${cancelForm(ctx)}`;

  return layout({
    locale: ctx.locale,
    basePath: ctx.basePath,
    title: `${error ? `${t.errorPrefix} ` : ""}${t.serviceName}`,
    body,
  });
}

export function renderMandatePage(
  ctx: PageContext,
  opts: { guardianName: string; guardianIdentityCode: string; children: ChildView[] },
): string {
  const t = DEV_TEXTS[ctx.locale];
  const children = opts.children.length
    ? `<section aria-labelledby="mandate-heading">
<h2 id="mandate-heading">${escapeHtml(t.mandateHeading)}</h2>
<form method="post" action="${escapeHtml(action(ctx, "mandate"))}">
${csrfField(ctx.csrf)}
<ul class="choices">
${opts.children
  .map(
    (c) =>
      `<li><button type="submit" class="button button--choice" name="childIdentityCode" value="${escapeHtml(c.identityCode)}">${escapeHtml(
        t.childButton(`${c.firstName} ${c.lastName}`, c.age),
      )}</button></li>`,
  )
  .join("\n")}
</ul>
</form>
</section>`
    : `<p class="notice">${escapeHtml(t.noChildren(opts.guardianName))}</p>`;

  const body = `<p class="tag">DEV</p>
<h1>${escapeHtml(t.mandateTitle)}</h1>
<p>${escapeHtml(t.mandateIntro)}</p>
<p>${escapeHtml(t.identifiedAs)} <strong>${escapeHtml(opts.guardianName)}</strong> (${escapeHtml(opts.guardianIdentityCode)})</p>
${children}
${cancelForm(ctx)}`;

  return layout({ locale: ctx.locale, basePath: ctx.basePath, title: t.mandateTitle, body });
}

export function renderErrorPage(opts: {
  locale: DevLocale;
  basePath: string;
  message: string;
  detail?: string;
}): string {
  const t = DEV_TEXTS[opts.locale];
  const body = `<p class="tag">DEV</p>
<h1>${escapeHtml(t.errorTitle)}</h1>
<p>${escapeHtml(opts.message)}</p>
${opts.detail ? `<p class="detail">${escapeHtml(opts.detail)}</p>` : ""}`;
  return layout({ locale: opts.locale, basePath: opts.basePath, title: `${t.errorTitle} – ${t.serviceName}`, body });
}

/** Colours chosen for at least 4.5:1 contrast (most well above 7:1). */
export const DEV_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:100%;line-height:1.5;color:#1b1b1b;background:#ffffff}
body{margin:0}
.page{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
a{color:#0b4f9c}
a:focus,button:focus,input:focus{outline:3px solid #b35c00;outline-offset:2px}
.tag{display:inline-block;margin:0;padding:.125rem .5rem;border-radius:.25rem;background:#5c2d91;color:#ffffff;font-weight:700;font-size:.875rem;letter-spacing:.05em}
.method{font-size:1.125rem}
.choices{list-style:none;margin:0;padding:0}
.choices li{margin:0 0 .5rem}
.button{display:inline-block;min-height:2.75rem;padding:.5rem 1rem;border:2px solid #0b4f9c;border-radius:.25rem;background:#0b4f9c;color:#ffffff;font:inherit;font-weight:600;cursor:pointer;text-align:left}
.button:hover{background:#083a73;border-color:#083a73}
.button--choice{width:100%}
.button--secondary{background:#ffffff;color:#0b4f9c}
.button--secondary:hover{background:#e8f0fa;color:#083a73}
.cancel{margin-top:2rem}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin-bottom:.25rem}
.hint{margin:0 0 .25rem;color:#4a4a4a}
.input{display:block;width:100%;max-width:20rem;min-height:2.75rem;padding:.375rem .5rem;border:2px solid #1b1b1b;border-radius:0;font:inherit;color:#1b1b1b;background:#ffffff}
.input--code{text-transform:uppercase;letter-spacing:.05em}
.field--error{border-left:4px solid #a4161a;padding-left:.75rem}
.field--error .input{border-color:#a4161a}
.error-message{margin:0 0 .25rem;color:#a4161a;font-weight:700}
.error-summary{margin:0 0 1.5rem;padding:1rem;border:4px solid #a4161a}
.error-summary__title{margin:0 0 .5rem;font-size:1.25rem}
.error-summary__list{margin:0;padding-left:1.25rem}
.error-summary__list a{color:#a4161a;font-weight:700}
.notice{padding:.75rem 1rem;border-left:4px solid #0b4f9c;background:#f3f6fa}
.detail{color:#4a4a4a;font-family:ui-monospace,monospace;font-size:.875rem}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;clip-path:inset(50%)!important;white-space:nowrap!important;border:0!important}
`;
