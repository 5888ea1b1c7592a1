import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize-svg.ts';

const HOSTILE = `<?xml version="1.0"?>
<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> <!ENTITY boom "&xxe;&xxe;"> ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" onload="alert(1)">
  <script>alert('script')</script>
  <script href="https://evil.example/x.js"/>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <foreignObject width="64" height="64"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(2)"/></body></foreignObject>
  <a href="javascript:alert(3)"><rect width="10" height="10"/></a>
  <image href="https://evil.example/track.png" width="64" height="64"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <use xlink:href="#shape" x="5"/>
  <animate attributeName="href" to="javascript:alert(4)"/>
  <set attributeName="onmouseover" to="alert(5)"/>
  <rect id="shape" width="32" height="32" fill="url(https://evil.example/p.svg#g)" stroke="url(#grad)" ONCLICK="alert(6)" style="fill:url(javascript:alert(7))"/>
  <circle cx="32" cy="32" r="16" fill="#00ff00" onmouseover="alert(8)">&xxe;</circle>
  <path d="M0 0 L64 64" stroke="#000" stroke-width="2"/>
  <text x="1" y="60">&lt;script&gt;&boom;</text>
  <!-- <script>alert(9)</script> -->
  <![CDATA[ <script>alert(10)</script> ]]>
</svg>
<script>alert('after the root')</script>`;

describe('sanitizeSvg', () => {
  const clean = sanitizeSvg(HOSTILE);

  it('drops everything that can run, fetch or embed', () => {
    expect(clean).not.toMatch(/<script|<style|<foreignObject|<iframe|<image|<a[\s>]|<animate|<set/i);
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).not.toMatch(/javascript:|evil\.example|file:|DOCTYPE|ENTITY|xxe|alert/i);
    expect(clean).not.toContain('style=');
  });

  it('keeps the drawing and internal references', () => {
    expect(clean).toContain('<path d="M0 0 L64 64" stroke="#000" stroke-width="2"/>');
    expect(clean).toContain('<use href="#shape" x="5"/>');
    expect(clean).toContain('stroke="url(#grad)"');
    expect(clean).toContain('<circle cx="32" cy="32" r="16" fill="#00ff00">');
    expect(clean).toContain('&lt;script&gt;</text>');
    expect(clean.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">')).toBe(true);
    expect(clean.endsWith('</svg>')).toBe(true);
  });

  it('produces a document that renders', async () => {
    const { info } = await sharp(Buffer.from(clean)).png().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 64, height: 64 });
  });

  it('refuses input without an svg root', () => {
    expect(() => sanitizeSvg('<html><script>alert(1)</script></html>')).toThrow();
    expect(() => sanitizeSvg('not markup at all')).toThrow();
  });

  it('does not let a quoted ">" or an unclosed tag smuggle markup', () => {
    const out = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect title="a>b" onclick="x()"/><script');
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
  });
});

describe('sanitizeSvg on the XML parser', () => {
  const svg = (body: string, attributes = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${body}</svg>`;
  const EMPTY = '<svg xmlns="http://www.w3.org/2000/svg">';

  it('never expands entities declared in a DOCTYPE (billion laughs)', () => {
    const lol = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i <= 9; i++) lol.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [ ${lol.join(' ')} ]>${svg('<text>&lol9;</text>')}`;
    const out = sanitizeSvg(bomb);
    expect(out).toBe(`${EMPTY}<text></text></svg>`);
  });

  it('never reads external or parameter entities, and leaves the DOCTYPE out', () => {
    const xxe = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
      <!ENTITY % remote SYSTEM "https://evil.example/x.dtd"> %remote;
      <!ENTITY file SYSTEM "file:///etc/passwd">
    ]>${svg('<title>&file;</title><rect width="1" height="1" id="&file;"/>')}`;
    const out = sanitizeSvg(xxe);
    expect(out).toBe(`${EMPTY}<title></title><rect width="1" height="1" id=""/></svg>`);
    expect(out).not.toMatch(/DOCTYPE|ENTITY|evil|passwd|svg11/);
  });

  it('keeps character references and the five XML entities, escaped again', () => {
    expect(sanitizeSvg(svg('<text>&#60;b&#x3E; &amp; &quot;&apos;</text>'))).toBe(
      `${EMPTY}<text>&lt;b&gt; &amp; &quot;&apos;</text></svg>`,
    );
  });

  it('keeps CDATA only as escaped text of a text element', () => {
    const out = sanitizeSvg(
      svg('<text><![CDATA[</text><script>alert(1)</script>]]></text><g><![CDATA[<script>alert(2)</script>]]></g>'),
    );
    expect(out).toBe(`${EMPTY}<text>&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;</text><g></g></svg>`);
  });

  it('drops comments and processing instructions, whatever they hold', () => {
    const out = sanitizeSvg(
      svg('<!-- --><script>alert(1)</script><!-- --><?xml-stylesheet href="https://evil.example/x.css"?><rect/>'),
    );
    expect(out).toBe(`${EMPTY}<rect/></svg>`);
  });

  it('keeps href and xlink:href only when they point inside the document', () => {
    const out = sanitizeSvg(
      svg(
        [
          '<use xlink:href="https://evil.example/sprite.svg#a"/>',
          '<use xlink:href="javascript:alert(1)"/>',
          '<use href="  jav&#x09;ascript:alert(2)"/>',
          '<use href="data:image/svg+xml;base64,PHN2Zz4="/>',
          '<use xlink:href="//evil.example/#a"/>',
          '<use xlink:href="#ok"/>',
          '<use href="#ok2" xlink:href="#second"/>',
          '<use x:href="https://evil.example/" xmlns:x="urn:not-xlink"/>',
        ].join(''),
      ),
    );
    expect(out).toBe(`${EMPTY}<use/><use/><use/><use/><use/><use href="#ok"/><use href="#ok2"/><use/></svg>`);
  });

  it('accepts xlink:href when the document forgot to declare the xlink prefix', () => {
    const out = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#a"/></svg>');
    expect(out).toBe(`${EMPTY}<use href="#a"/></svg>`);
  });

  it('drops style elements and attributes, and paint that reaches outside the document', () => {
    const out = sanitizeSvg(
      svg(
        [
          '<style>rect { fill: url(https://evil.example/p.svg#g) }</style>',
          '<rect style="fill:url(#g)" fill="url( &apos;https://evil.example/x&apos; )"/>',
          '<rect fill="url(#g)" stroke="URL(data:image/png;base64,AA)" mask="url(&quot;#m&quot;)"/>',
          '<rect clip-path="url(#c) url(https://evil.example/c)"/>',
        ].join(''),
      ),
    );
    expect(out).toBe(`${EMPTY}<rect/><rect fill="url(#g)" mask="url(&quot;#m&quot;)"/><rect/></svg>`);
  });

  it('drops event handlers in any case and on any element', () => {
    const out = sanitizeSvg(
      svg('<g onclick="a()" OnMouseOver="b()"><rect onfocusin="c()" x="1"/></g>', ' onload="d()" onLoad="e()"'),
    );
    expect(out).toBe(`${EMPTY}<g><rect x="1"/></g></svg>`);
  });

  it('drops foreignObject and script with their content, under any prefix or namespace', () => {
    const out = sanitizeSvg(
      svg(
        [
          '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></div></foreignObject>',
          '<s:script xmlns:s="http://www.w3.org/2000/svg">alert(2)</s:script>',
          '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(3)</h:script>',
          '<script><![CDATA[alert(4)]]></script>',
          '<x:rect xmlns:x="urn:other" width="9"/>',
          '<s:rect xmlns:s="http://www.w3.org/2000/svg" width="5"/>',
        ].join(''),
      ),
    );
    expect(out).toBe(`${EMPTY}<rect width="5"/></svg>`);
  });

  it('refuses a root that is not svg in the SVG namespace', () => {
    expect(() => sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>')).toThrow();
    expect(() => sanitizeSvg('<?xml version="1.0"?><!DOCTYPE svg><!-- only a comment -->')).toThrow();
  });

  it('gives its own output back unchanged', () => {
    const clean = sanitizeSvg(HOSTILE);
    expect(sanitizeSvg(clean)).toBe(clean);
  });
});
