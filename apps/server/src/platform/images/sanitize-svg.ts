import { SaxesParser } from 'saxes';

/**
 * SVG from a tracer, a provider or an upload is stored and later served to browsers, where an
 * SVG can run script. This sanitizer reads the document with a conforming XML parser (saxes)
 * and rebuilds it from an allowlist: drawing elements and presentation attributes only.
 * Everything else is dropped with its content — script, style, foreignObject, image, a,
 * animation, event handlers (`on*`), `style` attributes, comments, processing instructions —
 * and every reference must point inside the document (`#id`, `url(#id)`), so nothing is
 * fetched when it is rendered.
 *
 * A DOCTYPE is read past and never used: the parser does not load external DTDs or entities,
 * and every entity other than XML's five (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`) and
 * character references expands to nothing, so neither "billion laughs" nor an external entity
 * can expand. Markup that is not well-formed ends the document there: what came before it is
 * kept (it passed the allowlist), nothing after it is trusted. The choice of parser is ADR 0049.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

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

/** Attributes without a namespace that are kept; `xlink:href` is kept too, as `href`. */
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
]);

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Whether an attribute's (decoded) value is safe to keep. */
function safeValue(name: string, value: string): boolean {
  if (name === 'href') return /^#[\w.:-]+$/.test(value.trim());
  // Control characters and escapes can hide a scheme from the checks below.
  const compact = [...value]
    .filter((c) => c.charCodeAt(0) > 0x20 && c !== '\\')
    .join('')
    .toLowerCase();
  if (/(javascript|vbscript|data):|expression\(|@import/.test(compact)) return false;
  // Paint and clip references may only name an element of this document: url(#id).
  const urls = compact.match(/url\(([^)]*)\)/g) ?? [];
  return urls.every((u) => /^url\((['"]?)#[\w.:-]+\1\)$/.test(u));
}

interface Attribute {
  local: string;
  uri: string;
  value: string;
}

/**
 * The allowed attributes of an element, each once, in document order. `xlink:href` becomes
 * SVG 2's plain `href`, so the output never needs the xlink namespace declared. Namespace
 * declarations are dropped: the root is written with the SVG namespace only.
 */
function keptAttributes(attributes: Iterable<Attribute>): string {
  const kept = new Map<string, string>();
  for (const { local, uri, value } of attributes) {
    const name = uri === '' ? local : uri === XLINK_NS && local === 'href' ? 'href' : null;
    if (name && !kept.has(name) && ATTRIBUTES.has(name) && safeValue(name, value)) kept.set(name, value);
  }
  return [...kept].map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join('');
}

/** Returns a safe SVG document rebuilt from `svg`; throws when there is no `<svg>` root. */
export function sanitizeSvg(svg: string): string {
  // `xlink` is bound up front: SVG in the wild often uses `xlink:href` without declaring it.
  const parser = new SaxesParser({ xmlns: true, position: false, additionalNamespaces: { xlink: XLINK_NS } });
  const predefined = parser.ENTITIES;
  parser.ENTITIES = new Proxy(predefined, { get: (known, name) => Reflect.get(known, name) ?? '' });

  const out: string[] = [];
  const open: string[] = []; // elements written and not yet closed
  let skipping = 0; // depth inside a dropped element
  let sawRoot = false;
  let done = false; // the root closed, or the markup stopped being well-formed

  const keepText = (text: string) => {
    if (!done && !skipping && TEXT_ELEMENTS.has(open.at(-1) ?? '')) out.push(escapeXml(text));
  };
  parser.on('error', () => {
    done = true;
  });
  parser.on('text', keepText);
  parser.on('cdata', keepText);
  parser.on('opentag', (tag) => {
    if (done) return;
    const name = tag.local;
    const inSvg = tag.uri === SVG_NS || tag.uri === '';
    const allowed = skipping === 0 && inSvg && ELEMENTS.has(name) && (sawRoot || name === 'svg');
    if (!sawRoot && !allowed) {
      done = true; // the root is not <svg>
      return;
    }
    if (!allowed) {
      if (!tag.isSelfClosing) skipping++;
      return;
    }
    const xmlns = sawRoot ? '' : ` xmlns="${SVG_NS}"`;
    sawRoot = true;
    const attributes = keptAttributes(Object.values(tag.attributes));
    if (tag.isSelfClosing) {
      out.push(`<${name}${xmlns}${attributes}/>`);
      if (open.length === 0) done = true; // an empty root: the document ends here
    } else {
      out.push(`<${name}${xmlns}${attributes}>`);
      open.push(name);
    }
  });
  parser.on('closetag', (tag) => {
    if (done || tag.isSelfClosing) return;
    if (skipping) skipping--;
    else {
      out.push(`</${open.pop()}>`);
      if (open.length === 0) done = true; // the root closed: ignore whatever trails it
    }
  });
  parser.write(svg).close();

  if (!sawRoot) throw new Error('Not an SVG document');
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
