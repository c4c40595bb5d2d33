import type { ReactNode } from "react";

/**
 * The small markdown of the messaging announcement (spec part 2 §3 "Customer messaging info"): paragraphs, line
 * breaks, **bold**, *italic*, [links](https://…) and bullet lists. The text is parsed into a tree and rendered as
 * React elements, so nothing in it is ever taken as HTML; a link is kept only for https: and mailto: addresses,
 * anything else stays as the text it was written as.
 */

export type Inline =
  | string
  | { type: "br" }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };
export type Block = { type: "paragraph"; children: Inline[] } | { type: "list"; items: Inline[][] };

const LIST_ITEM = /^\s{0,3}[-*+]\s+(.*)$/;
const SAFE_URL = /^(?:https:\/\/[^\s<>"'`]+|mailto:[^\s<>"'`/][^\s<>"'`]*)$/i;
const ESCAPABLE = /[\\*_[\]()#+-]/;

export function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url);
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n")) });
    if (list) blocks.push({ type: "list", items: list.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    const item = LIST_ITEM.exec(line);
    if (!line.trim()) flush();
    else if (item) {
      if (paragraph.length) flush();
      (list ??= []).push(item[1].trim());
    } else if (list && /^\s{2,}\S/.test(line)) {
      // An indented line continues the list item above it.
      list[list.length - 1] += `\n${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Where the emphasis that starts at `from` ends: the next `marker` that follows a non-space; -1 if none. */
function closing(text: string, marker: string, from: number): number {
  for (let i = text.indexOf(marker, from); i >= 0; i = text.indexOf(marker, i + 1)) {
    if (text[i - 1] === "\\") continue;
    if (marker === "*" && (text[i + 1] === "*" || text[i - 1] === "*")) continue;
    if (i > from && !/\s/.test(text[i - 1])) return i;
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  const push = (node: Inline) => {
    if (plain) out.push(plain);
    plain = "";
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length && ESCAPABLE.test(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      push({ type: "br" });
      i++;
      continue;
    }
    if (text.startsWith("**", i) && text[i + 2] && !/\s/.test(text[i + 2])) {
      const end = closing(text, "**", i + 2);
      if (end > 0) {
        push({ type: "strong", children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (c === "*" && text[i + 1] !== "*" && text[i + 1] && !/\s/.test(text[i + 1])) {
      const end = closing(text, "*", i + 1);
      if (end > 0) {
        push({ type: "em", children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === "[") {
      const link = /^\[([^\]\n]+)\]\(\s*([^()\s]+)\s*\)/.exec(text.slice(i));
      if (link && isSafeUrl(link[2])) {
        push({ type: "link", href: link[2], children: parseInline(link[1]) });
        i += link[0].length;
        continue;
      }
    }
    plain += c;
    i++;
  }
  if (plain) out.push(plain);
  return out;
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === "string") return node;
    if (node.type === "br") return <br key={i} />;
    if (node.type === "link")
      return (
        <a key={i} href={node.href} rel="noopener noreferrer">
          {renderInline(node.children)}
        </a>
      );
    if (node.type === "strong") return <strong key={i}>{renderInline(node.children)}</strong>;
    return <em key={i}>{renderInline(node.children)}</em>;
  });
}

export function Markdown({ text }: { text: string }) {
  return (
    <>
      {parseMarkdown(text).map((block, i) =>
        block.type === "paragraph" ? (
          <p key={i}>{renderInline(block.children)}</p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
