import { describe, expect, it } from 'vitest';
import { markdownToText, parseInline, parseMarkdown } from './markdown.ts';

describe('public site Markdown', () => {
  it('reads headings, paragraphs and lists', () => {
    expect(parseMarkdown('# About us\n\nWe text\nthe parents.\n\n- One\n- Two')).toEqual([
      { kind: 'heading', level: 2, inline: [{ kind: 'text', text: 'About us' }] },
      { kind: 'paragraph', inline: [{ kind: 'text', text: 'We text the parents.' }] },
      { kind: 'list', items: [[{ kind: 'text', text: 'One' }], [{ kind: 'text', text: 'Two' }]] },
    ]);
  });

  it('keeps bold, italic and safe links; a script link stays text', () => {
    expect(parseInline('**Hi** *there* [site](https://example.org) [x](javascript:alert(1))')).toEqual([
      { kind: 'strong', text: 'Hi' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'there' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'site', href: 'https://example.org' },
      { kind: 'text', text: ' ' },
      { kind: 'text', text: 'x' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never turns markup into anything but text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', inline: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('Markdown as plain text', () => {
  it('keeps the words and drops the marks', () => {
    expect(markdownToText('## Storm **warning**\n\nStay *inside*, see [the map](https://example.org/map).\n\n- Schools\n- Roads')).toBe(
      'Storm warning\n\nStay inside, see the map (https://example.org/map).\n\n• Schools\n• Roads',
    );
  });

  it("shows the media library's images only; other images stay their alt text", () => {
    const id = 'ab'.repeat(32);
    expect(parseInline(`See ![Team photo](/api/brand-assets/${id}.png) here`)).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'image', alt: 'Team photo', src: `/api/brand-assets/${id}.png` },
      { kind: 'text', text: ' here' },
    ]);
    expect(parseInline('![tracker](https://evil.example/pixel.gif)')).toEqual([{ kind: 'text', text: 'tracker' }]);
    expect(parseInline(`![x](/api/brand-assets/${id}.svg)`)).toEqual([{ kind: 'text', text: 'x' }]);
    expect(markdownToText(`![Team photo](/api/brand-assets/${id}.png)`)).toBe('Team photo');
  });
});
