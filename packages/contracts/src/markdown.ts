/**
 * A small Markdown subset for the texts administrators write on the public site: paragraphs,
 * headings (#, ##, ###), bullet lists, **bold**, *italic*, [links](https://...) and images of the
 * media library (![alt](/api/brand-assets/<sha256>.png)). It produces a tree, never HTML, so nothing
 * an administrator types can become markup or script; links keep only http, https and mailto
 * addresses, and images only the library's own files (anything else stays its alt text).
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'image'; alt: string; src: string };
export type Block =
  { kind: 'heading'; level: 2 | 3 | 4; inline: Inline[] } | { kind: 'paragraph'; inline: Inline[] } | { kind: 'list'; items: Inline[][] };

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)|!\[([^\]]*)\]\(([^)\s]+)\)/g;
/** The media library's files (served content-addressed by the API): the only images a text may show. */
export const LIBRARY_IMAGE_SRC = /^\/api\/brand-assets\/[0-9a-f]{64}\.(png|jpg|webp)$/;

/** Bold, italic and links in one line of text. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: line.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'strong', text: match[1] });
    else if (match[2] !== undefined) out.push({ kind: 'em', text: match[2] });
    else if (match[3] !== undefined && match[4] !== undefined)
      out.push(SAFE_HREF.test(match[4]) ? { kind: 'link', text: match[3], href: match[4] } : { kind: 'text', text: match[3] });
    else if (match[5] !== undefined && match[6] !== undefined)
      out.push(LIBRARY_IMAGE_SRC.test(match[6]) ? { kind: 'image', alt: match[5], src: match[6] } : { kind: 'text', text: match[5] });
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

/** Splits the text into blocks: blank lines end paragraphs and lists. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Inline[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', inline: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading?.[1] && heading[2] !== undefined) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1].length + 1) as 2 | 3 | 4, inline: parseInline(heading[2]) });
    } else if (item?.[1] !== undefined) {
      if (paragraph.length > 0) flush();
      (list ??= []).push(parseInline(item[1]));
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/**
 * The text as a reader sees it once rendered, without its marks: blocks apart by a blank line, list
 * items on their own lines after a bullet, a link's address in brackets after its text. For places
 * that carry plain text only (the RSS feed's descriptions, meta descriptions).
 */
export function markdownToText(source: string): string {
  const line = (parts: Inline[]) =>
    parts.map((part) => (part.kind === 'link' ? `${part.text} (${part.href})` : part.kind === 'image' ? part.alt : part.text)).join('');
  return parseMarkdown(source)
    .map((block) => (block.kind === 'list' ? block.items.map((item) => `• ${line(item)}`).join('\n') : line(block.inline)))
    .join('\n\n');
}
