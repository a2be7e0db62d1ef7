import { describe, expect, it } from 'vitest';
import { archiveRss, escapeXml } from './archive-rss.ts';

describe('the archive feed', () => {
  it('escapes markup characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(escapeXml('bell\u0007 tab\t line\n ok \uFFFE end \uD800 \u{1F600}')).toBe('bell tab\t line\n ok  end  \u{1F600}');
  });

  it('writes an RSS 2.0 channel with one item per entry', () => {
    const xml = archiveRss({ title: 'A & B', description: 'News', link: 'https://x.test/blog', self: 'https://x.test/rss' }, [
      { title: '<b>', link: 'https://x.test/blog/detail/1', description: 'Hi', publishedAt: new Date('2026-01-02T03:04:05Z') },
    ]);
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title>A &amp; B</title>');
    expect(xml).toContain(
      '<item><title>&lt;b&gt;</title><link>https://x.test/blog/detail/1</link><guid isPermaLink="true">https://x.test/blog/detail/1</guid><pubDate>Fri, 02 Jan 2026 03:04:05 GMT</pubDate><description>Hi</description></item>',
    );
  });
});
