/**
 * The payment service's terms come as a line of HTML with a link (Paytrail: "By selecting a payment method, you
 * agree to our <a href=…>payment service terms</a>"). The page shows them as text and links it builds itself, never
 * as HTML: only text and links to https addresses (or this site's own paths) are kept, every other tag is dropped
 * and its text kept, and entities are read as text.
 */
export type TermsPart = { text: string; href?: string };

const MAX_TERMS_LENGTH = 2_000;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 && !(code >= 0xd800 && code < 0xe000) ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** An https address, or a path on this site; anything else (javascript:, data:, http:) is not a link. */
export function safeHref(raw: string): string | null {
  const href = decodeEntities(raw).trim();
  if (/^\/(?!\/)/.test(href)) return href;
  try {
    return new URL(href).protocol === "https:" ? href : null;
  } catch {
    return null;
  }
}

export function termsParts(html: unknown): TermsPart[] {
  if (typeof html !== "string" || html.length > MAX_TERMS_LENGTH) return [];
  const parts: TermsPart[] = [];
  let link: string | null = null;
  const add = (text: string) => {
    const clean = decodeEntities(text).replace(/\s+/g, " ");
    if (!clean) return;
    const last = parts.at(-1);
    if (last && (last.href ?? null) === link) last.text += clean;
    else parts.push(link ? { text: clean, href: link } : { text: clean });
  };
  for (const token of html.split(/(<[^>]*>)/)) {
    const tag = /^<\s*(\/)?\s*([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!tag) {
      if (!token.startsWith("<")) add(token);
      continue;
    }
    const [, closing, name, attributes] = tag;
    if (name.toLowerCase() !== "a") continue;
    if (closing) link = null;
    else {
      const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
      link = href ? safeHref(href[1] ?? href[2]) : null;
    }
  }
  const trimmed = parts.filter((p) => p.text.trim());
  if (trimmed.length) {
    trimmed[0].text = trimmed[0].text.trimStart();
    trimmed[trimmed.length - 1].text = trimmed[trimmed.length - 1].text.trimEnd();
  }
  return trimmed;
}
