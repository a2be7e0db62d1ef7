import { describe, expect, it } from 'vitest';
import { looksLikeSvg, safeCss, sanitiseSvg, SvgRejected } from './svg-sanitiser.ts';

const svg = (body: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"${rootAttributes}>${body}</svg>`;

describe('looksLikeSvg', () => {
  it('accepts an <svg> root after an XML declaration, comments and a DOCTYPE', () => {
    expect(looksLikeSvg('<svg width="1"/>')).toBe(true);
    expect(looksLikeSvg('\n<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<svg>')).toBe(true);
    expect(looksLikeSvg('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg>')).toBe(
      true,
    );
    expect(looksLikeSvg('<!DOCTYPE svg [<!ENTITY a "b">]><svg>')).toBe(true);
  });

  it('refuses HTML, scripts and other XML', () => {
    expect(looksLikeSvg('<html><svg></svg></html>')).toBe(false);
    expect(looksLikeSvg('<script>alert(1)</script>')).toBe(false);
    expect(looksLikeSvg('<?xml version="1.0"?><note/>')).toBe(false);
    expect(looksLikeSvg('<svgx>')).toBe(false);
  });
});

describe('sanitiseSvg', () => {
  it('keeps drawing content and re-declares the namespace', () => {
    const out = sanitiseSvg(
      `<?xml version="1.0"?><!-- c --><svg width="10" height="10" viewBox="0 0 10 10"><g fill="#041E42"><rect x="1" y="1" width="8" height="8" rx="2"/><text x="0" y="9" font-family="Inter">A &amp; B &lt;3</text></g></svg>`,
    );
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><g fill="#041E42"><rect x="1" y="1" width="8" height="8" rx="2"/><text x="0" y="9" font-family="Inter">A &amp; B &lt;3</text></g></svg>',
    );
  });

  it('removes scripts, foreignObject, animations and event handlers', () => {
    const out = sanitiseSvg(
      svg(
        '<script>alert(1)</script><script type="text/javascript"><![CDATA[alert(2)]]></script>' +
          '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/></body></foreignObject>' +
          '<rect width="5" height="5" onclick="alert(4)" ONMOUSEOVER="alert(5)"><set attributeName="fill" to="red"/></rect>' +
          '<animate attributeName="href" to="javascript:alert(6)"/>',
        ' onload="alert(7)"',
      ),
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><rect width="5" height="5"/></svg>');
    expect(out.toLowerCase()).not.toMatch(/script|alert|onload|onclick|foreignobject|onmouseover/);
  });

  it('keeps local references only', () => {
    const out = sanitiseSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h1"/></defs>' +
          '<use href="#p"/><use xlink:href="#p" xmlns:xlink="http://www.w3.org/1999/xlink"/>' +
          '<use href="https://evil.test/x.svg#p"/><use xlink:href="javascript:alert(1)"/>' +
          '<a href="https://evil.test"><circle r="1" fill="url(#g)"/></a>' +
          '<rect fill="url(https://evil.test/track)" stroke="url( \'#g\' )" width="1" height="1"/>' +
          '<image href="https://evil.test/pixel.png" width="1" height="1"/>' +
          '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>' +
          '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
      ),
    );
    expect(out).toContain('<use href="#p"/><use xlink:href="#p"/><use/><use/>');
    expect(out).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(out).toContain('<circle r="1" fill="url(#g)"/>');
    expect(out).toContain('<rect stroke="url( \'#g\' )" width="1" height="1"/>');
    expect(out).toContain('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>');
    expect(out).not.toContain('evil.test');
    expect(out).not.toContain('svg+xml');
    expect(out).not.toContain('javascript');
  });

  it('drops style sheets and style attributes that load or run anything', () => {
    const out = sanitiseSvg(
      svg(
        '<style>@import url(https://evil.test/a.css); rect { fill: red }</style>' +
          '<style>.a { fill: url(#g) } /* note */</style>' +
          '<style>.b { background: url(https://evil.test/x.png) }</style>' +
          '<style>.c { background: url("\\68 ttps://evil.test") }</style>' +
          '<rect class="a" style="fill: blue; stroke: url(#g)" width="1" height="1"/>' +
          '<rect style="background-image: url(//evil.test/x)" width="1" height="1"/>',
      ),
    );
    expect(out).toContain('<style>.a { fill: url(#g) } </style>');
    expect(out).toContain('<rect class="a" style="fill: blue; stroke: url(#g)" width="1" height="1"/>');
    expect(out).not.toContain('evil.test');
    expect(out).not.toContain('@import');
    expect(safeCss('a{b:expression(alert(1))}')).toBeUndefined();
    expect(safeCss('a{fill:red}')).toBe('a{fill:red}');
  });

  it('refuses entity declarations (XXE, billion laughs) and undefined entities', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><svg>&lol2;</svg>';
    const xxe = '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg><text>&xxe;</text></svg>';
    for (const input of [laughs, xxe])
      expect(() => sanitiseSvg(input)).toThrow('SVG files with DOCTYPE entity declarations are not accepted');
    expect(() => sanitiseSvg('<svg><text>&nbsp;</text></svg>')).toThrow(SvgRejected);
  });

  it('drops a plain DOCTYPE without declarations', () => {
    const out = sanitiseSvg(
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg width="1" height="1"/>',
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  });

  it('refuses malformed documents and non-svg roots', () => {
    for (const input of [
      '<svg><g></svg>',
      '<svg>',
      '<svg a="1" a="2"/>',
      '<svg/><svg/>',
      '<svg x=1/>',
      '<svg>&</svg>',
      '<html/>',
      'text',
    ]) {
      expect(() => sanitiseSvg(input), input).toThrow(SvgRejected);
    }
  });

  it('escapes what it writes, so decoded text cannot open tags', () => {
    const out = sanitiseSvg('<svg><text>&lt;script&gt;alert(1)&lt;/script&gt;</text><title>"q" &amp; \'a\'</title></svg>');
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&lt;script&gt;alert(1)&lt;/script&gt;</text><title>"q" &amp; \'a\'</title></svg>',
    );
  });

  it('refuses documents nested too deeply', () => {
    expect(() => sanitiseSvg(`<svg>${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`)).toThrow('nests elements more than 64 deep');
  });
});
