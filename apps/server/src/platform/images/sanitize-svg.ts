/**
 * SVG from a tracer or a provider is stored and later served to browsers, where an SVG can run
 * script. This sanitizer is an allowlist that rebuilds the document from what it recognises:
 * drawing elements and presentation attributes only. Everything else is dropped with its
 * content — script, style, foreignObject, image, a, animation, event handlers (`on*`),
 * DOCTYPE/entities, processing instructions — and every reference must point inside the
 * document (`#id`, `url(#id)`), so nothing is fetched when it is rendered.
 *
 * A dedicated parser (rather than DOMPurify) keeps jsdom out of the server; it only has to
 * read well-formed SVG, and anything it cannot read is left out rather than passed through.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'symbol',
  'use',
  'title',
  'desc',
  'text',
  'tspan',
]);
/** Elements whose text content is kept (escaped); other text is insignificant whitespace. */
const TEXT_ELEMENTS = new Set(['title', 'desc', 'text', 'tspan']);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'version',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
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
  'dx',
  'dy',
  'd',
  'points',
  'pathLength',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'display',
  'visibility',
  'clip-path',
  'clip-rule',
  'mask',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'vector-effect',
  'shape-rendering',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'href',
  'xlink:href',
  'xmlns',
]);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (_whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? ''; // undeclared entities (DTD) are dropped, never expanded
  });
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Whether an attribute's (decoded) value is safe to keep. */
function safeValue(name: string, value: string): boolean {
  // Control characters and escapes can hide a scheme from the checks below.
  const compact = [...value]
    .filter((c) => c.charCodeAt(0) > 0x20 && c !== '\\')
    .join('')
    .toLowerCase();
  if (name === 'xmlns') return value === SVG_NS;
  if (name === 'href' || name === 'xlink:href') return /^#[\w.:-]+$/.test(value.trim());
  if (/(javascript|vbscript|data):|expression\(|@import/.test(compact)) return false;
  // Paint and clip references may only name an element of this document: url(#id).
  const urls = compact.match(/url\(([^)]*)\)/g) ?? [];
  return urls.every((u) => /^url\((['"]?)#[\w.:-]+\1\)$/.test(u));
}

interface Tag {
  name: string;
  attributes: [string, string][];
  selfClosing: boolean;
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function parseTag(source: string): Tag | null {
  const match = /^<([A-Za-z][\w:.-]*)([\s\S]*?)(\/?)>$/.exec(source);
  if (!match) return null;
  const attributes: [string, string][] = [];
  for (const a of match[2]!.matchAll(ATTRIBUTE)) attributes.push([a[1]!, decodeEntities(a[3] ?? a[4] ?? '')]);
  return { name: match[1]!, attributes, selfClosing: match[3] === '/' };
}

/** Where the markup that starts at `i` (a `<`) ends, one past its last character; -1 if never. */
function markupEnd(svg: string, i: number): number {
  const closer = svg.startsWith('<!--', i)
    ? '-->'
    : svg.startsWith('<![CDATA[', i)
      ? ']]>'
      : svg.startsWith('<?', i)
        ? '?>'
        : null;
  if (closer) {
    const end = svg.indexOf(closer, i);
    return end < 0 ? -1 : end + closer.length;
  }
  if (svg.startsWith('<!', i)) {
    // DOCTYPE, possibly with an internal subset [ … ] that declares entities.
    const bracket = svg.indexOf('[', i);
    const close = svg.indexOf('>', i);
    if (bracket >= 0 && bracket < close) {
      const end = svg.indexOf(']>', bracket);
      return end < 0 ? -1 : end + 2;
    }
    return close < 0 ? -1 : close + 1;
  }
  // A tag: find its `>` outside quoted attribute values.
  let quote = '';
  for (let j = i + 1; j < svg.length; j++) {
    const c = svg[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j + 1;
  }
  return -1;
}

/**
 * The allowed attributes of a tag, each once. `xlink:href` becomes SVG 2's plain `href`, so the
 * output never needs the xlink namespace declared (an undeclared prefix would not parse).
 */
function keptAttributes(tag: Tag): [string, string][] {
  const kept = new Map<string, string>();
  for (const [name, value] of tag.attributes) {
    const key = name === 'xlink:href' ? 'href' : name;
    if (!kept.has(key) && ATTRIBUTES.has(name) && safeValue(name, value)) kept.set(key, value);
  }
  return [...kept];
}

/** Returns a safe SVG document rebuilt from `svg`; throws when there is no `<svg>` root. */
export function sanitizeSvg(svg: string): string {
  const out: string[] = [];
  const open: string[] = []; // elements written and not yet closed
  let skipping = 0; // depth inside a dropped element
  let sawRoot = false;
  let i = 0;
  while (i < svg.length) {
    const lt = svg.indexOf('<', i);
    const text = svg.slice(i, lt < 0 ? svg.length : lt);
    if (text && !skipping && TEXT_ELEMENTS.has(open.at(-1) ?? '')) out.push(escapeXml(decodeEntities(text)));
    if (lt < 0) break;
    const end = markupEnd(svg, lt);
    if (end < 0) break; // truncated markup: nothing after it is trusted
    const markup = svg.slice(lt, end);
    i = end;
    if (markup.startsWith('<!') || markup.startsWith('<?')) continue;

    if (markup.startsWith('</')) {
      const name = markup.slice(2, -1).trim();
      if (skipping) skipping--;
      else if (open.at(-1) === name) out.push(`</${open.pop()}>`);
      continue;
    }
    const tag = parseTag(markup);
    if (!tag) continue;
    const allowed = skipping === 0 && ELEMENTS.has(tag.name) && (sawRoot ? open.length > 0 : tag.name === 'svg');
    if (!allowed) {
      if (!tag.selfClosing) skipping++;
      continue;
    }
    sawRoot = true;
    const attributes = keptAttributes(tag)
      .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
      .join('');
    const xmlns = open.length === 0 && !tag.attributes.some(([n]) => n === 'xmlns') ? ` xmlns="${SVG_NS}"` : '';
    if (tag.selfClosing) out.push(`<${tag.name}${xmlns}${attributes}/>`);
    else {
      out.push(`<${tag.name}${xmlns}${attributes}>`);
      open.push(tag.name);
    }
    if (sawRoot && open.length === 0) break; // the root closed: ignore whatever trails it
  }
  if (!sawRoot) throw new Error('Not an SVG document');
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
