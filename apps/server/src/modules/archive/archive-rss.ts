/** What the feed says about the site itself. */
export interface RssChannel {
  title: string;
  description: string;
  /** The blog's address (absolute when the installation knows its public address). */
  link: string;
  /** The feed's own address, for `atom:link rel="self"`. */
  self: string;
}

export interface RssItem {
  title: string;
  link: string;
  description: string;
  publishedAt: Date;
}

// XML 1.0 allows tab, line feed and carriage return among the control characters; the rest (and
// lone surrogates, U+FFFE/U+FFFF) would make the whole feed unreadable, so they are dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute value: escaped, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** The archive as an RSS 2.0 document (guids are the entries' permanent links). */
export function archiveRss(channel: RssChannel, items: readonly RssItem[]): string {
  const entries = items.map((item) =>
    [
      '<item>',
      element('title', item.title),
      element('link', item.link),
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      element('pubDate', item.publishedAt.toUTCString()),
      element('description', item.description),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
