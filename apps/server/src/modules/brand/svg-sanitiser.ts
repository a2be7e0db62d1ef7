/**
 * A strict allow-list SVG sanitiser. The upload is parsed into a small element tree by a
 * deliberately limited XML reader (no DTDs, no custom entities, no namespaces beyond svg/xlink),
 * then written out again from that tree keeping only known drawing elements and attributes.
 * Nothing of the original text is copied through unparsed, so what is served is always
 * well-formed and contains no script, event handler, foreignObject or external reference.
 */

/** The SVG cannot be accepted; the message says why (shown to the uploader). */
export class SvgRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvgRejected';
  }
}

interface ElementNode {
  name: string;
  attributes: Array<[string, string]>;
  children: Node[];
}
type Node = ElementNode | string;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/** Drawing elements kept (with their allowed attributes and children). */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'image',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feFuncR',
  'feFuncG',
  'feFuncB',
  'feFuncA',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** Harmless wrappers whose content is kept while the wrapper itself goes (links, switches). */
const UNWRAPPED_ELEMENTS = new Set(['a', 'switch']);

/** Presentation and geometry attributes kept. Everything else (on*, xml:base, ...) is dropped. */
const ALLOWED_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'transform',
  'd',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'points',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'pathLength',
  'overflow',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'color',
  'display',
  'visibility',
  'shape-rendering',
  'image-rendering',
  'text-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'vector-effect',
  'paint-order',
  'mix-blend-mode',
  'isolation',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'stdDeviation',
  'edgeMode',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'radius',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'order',
  'kernelMatrix',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelUnitLength',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'xml:space',
  'media',
]);

const LOCAL_REFERENCE = /^#[A-Za-z_][\w.:-]*$/;
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;

// ---------------------------------------------------------------------------------------------
// Reading

const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five XML entities and character references; anything else is refused. */
function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s]{0,32})(;?)/g, (_match, body: string, semicolon: string) => {
    if (!semicolon) throw new SvgRejected('The SVG is not well-formed XML (a bare "&")');
    const predefined = PREDEFINED_ENTITIES[body];
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (numeric) {
      const code = numeric[1] !== undefined ? Number.parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        throw new SvgRejected('The SVG contains an invalid character reference');
      return String.fromCodePoint(code);
    }
    throw new SvgRejected(`The SVG uses an undefined entity (&${body};); entity declarations are not accepted`);
  });
}

// Sticky patterns read at a position without copying the rest of the document.
const NAME = /[A-Za-z_][\w.:-]*/y;
const SPACE = /\s*/y;
const CLOSING_REST = /\s*>/y;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

/** The match of a sticky pattern exactly at `at`, if any. */
function matchAt(pattern: RegExp, source: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/** Reads the document into a tree; throws SvgRejected for anything unexpected. */
function parse(source: string): ElementNode {
  let at = 0;
  let root: ElementNode | undefined;
  let elements = 0;
  const stack: ElementNode[] = [];
  const malformed = (what: string) => new SvgRejected(`The SVG is not well-formed XML (${what})`);

  const skipPast = (terminator: string, what: string) => {
    const end = source.indexOf(terminator, at);
    if (end < 0) throw malformed(`unterminated ${what}`);
    const content = source.slice(at, end);
    at = end + terminator.length;
    return content;
  };

  while (at < source.length) {
    const current = stack.at(-1);
    if (source[at] !== '<') {
      const next = source.indexOf('<', at);
      const raw = source.slice(at, next < 0 ? source.length : next);
      at = next < 0 ? source.length : next;
      if (current) current.children.push(decodeEntities(raw));
      else if (raw.trim()) throw malformed('text outside the root element');
      continue;
    }
    if (source.startsWith('<!--', at)) {
      at += 4;
      skipPast('-->', 'comment');
    } else if (source.startsWith('<![CDATA[', at)) {
      at += 9;
      const text = skipPast(']]>', 'CDATA section');
      if (!current) throw malformed('CDATA outside the root element');
      current.children.push(text);
    } else if (source.startsWith('<!DOCTYPE', at) || source.startsWith('<!doctype', at)) {
      const end = source.indexOf('>', at);
      const declaration = source.slice(at, end < 0 ? source.length : end);
      // An internal subset ([...]) is where ENTITY declarations live: XXE, "billion laughs".
      if (declaration.includes('[') || /<!ENTITY/i.test(source))
        throw new SvgRejected('SVG files with DOCTYPE entity declarations are not accepted');
      if (root || current || end < 0) throw malformed('misplaced DOCTYPE');
      at = end + 1;
    } else if (source.startsWith('<!', at)) {
      throw new SvgRejected('SVG files with DOCTYPE entity declarations are not accepted');
    } else if (source.startsWith('<?', at)) {
      at += 2;
      skipPast('?>', 'processing instruction');
    } else if (source.startsWith('</', at)) {
      at += 2;
      const name = matchAt(NAME, source, at)?.[0];
      if (!name || !current || current.name !== name) throw malformed(`unexpected closing tag ${name ?? ''}`.trim());
      at += name.length;
      const rest = matchAt(CLOSING_REST, source, at);
      if (!rest) throw malformed(`bad closing tag ${name}`);
      at += rest[0].length;
      stack.pop();
    } else {
      at += 1;
      const name = matchAt(NAME, source, at)?.[0];
      if (!name) throw malformed('a "<" that starts no tag');
      at += name.length;
      if (root && !current) throw malformed('more than one root element');
      if (++elements > MAX_ELEMENTS) throw new SvgRejected(`The SVG has more than ${MAX_ELEMENTS} elements`);
      if (stack.length >= MAX_DEPTH) throw new SvgRejected(`The SVG nests elements more than ${MAX_DEPTH} deep`);
      const element: ElementNode = { name, attributes: [], children: [] };
      const seen = new Set<string>();
      for (;;) {
        const space = matchAt(SPACE, source, at)?.[0] ?? '';
        at += space.length;
        if (source.startsWith('/>', at) || source.startsWith('>', at)) break;
        if (!space) throw malformed(`attributes of <${name}> must be separated by spaces`);
        const attribute = matchAt(ATTRIBUTE, source, at);
        if (!attribute?.[1]) throw malformed(`bad attribute in <${name}>`);
        if (seen.has(attribute[1])) throw malformed(`duplicate attribute ${attribute[1]}`);
        seen.add(attribute[1]);
        element.attributes.push([attribute[1], decodeEntities(attribute[2] ?? attribute[3] ?? '')]);
        at += attribute[0].length;
      }
      const selfClosing = source.startsWith('/>', at);
      at += selfClosing ? 2 : 1;
      if (current) current.children.push(element);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 0) throw malformed(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) throw malformed('no root element');
  return root;
}

// ---------------------------------------------------------------------------------------------
// Checking

const LOCAL_URL_TARGET = /\s*['"]?#/y;

/** Whether every `url(` in the text points into the document itself (`url(#id)`). */
function onlyLocalUrls(text: string): boolean {
  for (const match of text.matchAll(/url\s*\(/gi)) {
    if (!matchAt(LOCAL_URL_TARGET, text, (match.index ?? 0) + match[0].length)) return false;
  }
  return true;
}

/**
 * CSS without comments when it cannot load anything or run anything, else undefined. Only
 * `url(#local)` references survive; escapes are refused because they could spell any of this.
 */
export function safeCss(css: string): string | undefined {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const lower = withoutComments.toLowerCase();
  if (lower.includes('/*') || lower.includes('\\') || lower.includes('<')) return undefined;
  if (
    /@import|@font-face|expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|image-set\s*\(|image\s*\(|cross-fade\s*\(|element\s*\(|src\s*\(|\/\//.test(
      lower,
    )
  )
    return undefined;
  return onlyLocalUrls(lower) ? withoutComments : undefined;
}

/** An attribute value that may stay as it is: no external url(), no script URL. */
function safeAttributeValue(value: string): boolean {
  const lower = value.toLowerCase();
  if (/javascript:|vbscript:|data:/.test(lower.replace(/\s+/g, ''))) return false;
  return onlyLocalUrls(lower);
}

interface Output {
  usesXlink: boolean;
}

/** The element's attributes that pass the allow-list, with href checked per element. */
function cleanAttributes(element: ElementNode, output: Output): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const [name, value] of element.attributes) {
    if (name === 'href' || name === 'xlink:href') {
      const target = value.trim();
      const allowed = LOCAL_REFERENCE.test(target) ? element.name !== 'image' : element.name === 'image' && EMBEDDED_RASTER.test(target);
      if (!allowed) continue;
      if (name === 'xlink:href') output.usesXlink = true;
      kept.push([name, target]);
      continue;
    }
    if (name === 'style') {
      const css = safeCss(value);
      if (css !== undefined && css.trim()) kept.push([name, css]);
      continue;
    }
    if (!ALLOWED_ATTRIBUTES.has(name)) continue;
    if (!safeAttributeValue(value)) continue;
    kept.push([name, value]);
  }
  return kept;
}

/** Sanitised copies of the children (dropped elements vanish, wrappers are unwrapped). */
function cleanChildren(children: Node[], output: Output): Node[] {
  const kept: Node[] = [];
  for (const child of children) {
    if (typeof child === 'string') {
      kept.push(child);
    } else if (UNWRAPPED_ELEMENTS.has(child.name)) {
      kept.push(...cleanChildren(child.children, output));
    } else if (ALLOWED_ELEMENTS.has(child.name)) {
      const cleaned = cleanElement(child, output);
      if (cleaned) kept.push(cleaned);
    }
    // Anything else (script, foreignObject, animate, set, iframe, unknown or prefixed elements)
    // goes together with everything inside it.
  }
  return kept;
}

function cleanElement(element: ElementNode, output: Output): ElementNode | undefined {
  if (element.name === 'style') {
    // Text only, and only when all of it is safe; otherwise the whole sheet goes.
    if (element.children.some((child) => typeof child !== 'string')) return undefined;
    const css = safeCss(element.children.join(''));
    if (css === undefined) return undefined;
    const type = element.attributes.find(([name]) => name === 'type')?.[1];
    if (type !== undefined && type.trim().toLowerCase() !== 'text/css') return undefined;
    return { name: 'style', attributes: [], children: [css] };
  }
  if (
    element.name === 'image' &&
    !element.attributes.some(([name, value]) => (name === 'href' || name === 'xlink:href') && EMBEDDED_RASTER.test(value.trim()))
  ) {
    return undefined;
  }
  return { name: element.name, attributes: cleanAttributes(element, output), children: cleanChildren(element.children, output) };
}

// ---------------------------------------------------------------------------------------------
// Writing

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function write(node: Node): string {
  if (typeof node === 'string') return escapeText(node);
  const attributes = node.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  if (node.children.length === 0) return `<${node.name}${attributes}/>`;
  return `<${node.name}${attributes}>${node.children.map(write).join('')}</${node.name}>`;
}

// ---------------------------------------------------------------------------------------------

/** Text of an upload as UTF-8 (BOM removed), or undefined when it is not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Whether the text is an SVG document: optional XML declaration, comments and DOCTYPE, then an
 * `<svg` root element. HTML with an inline <svg> does not count.
 */
export function looksLikeSvg(text: string): boolean {
  const prologue = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i.exec(text)?.[0] ?? '';
  return /^<svg[\s/>]/.test(text.slice(prologue.length));
}

/** The sanitised SVG document (UTF-8 text) or SvgRejected. */
export function sanitiseSvg(text: string): string {
  const root = parse(text);
  if (root.name !== 'svg') throw new SvgRejected('The root element of the SVG must be <svg>');
  const output: Output = { usesXlink: false };
  const cleaned = cleanElement(root, output) as ElementNode;
  const namespaces: Array<[string, string]> = [['xmlns', SVG_NS]];
  if (output.usesXlink) namespaces.push(['xmlns:xlink', XLINK_NS]);
  return write({ ...cleaned, attributes: [...namespaces, ...cleaned.attributes] });
}
