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
