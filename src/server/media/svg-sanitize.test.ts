import { SaxesParser, type SaxesTagNS } from 'saxes';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitize';
import { ImageRejected } from './types';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const PNG_DATA = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The elements of `svg` (local names) with their attributes, as a parser sees them. */
function elementsOf(svg: string): { name: string; uri: string; attributes: Record<string, string> }[] {
  const found: { name: string; uri: string; attributes: Record<string, string> }[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag: SaxesTagNS) => {
    found.push({ name: tag.local, uri: tag.uri, attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])) });
  });
  parser.write(svg).close();
  return found;
}

/**
 * What a reviewer would check by hand on any output: well-formed, SVG elements only and none that
 * can script or load, no event attribute, links only inside the document (or an embedded raster
 * image), no script URL, no URL but our own namespaces.
 */
function expectSafe(output: string): void {
  const dangerous = new Set(['script', 'foreignObject', 'iframe', 'a', 'animate', 'animateMotion', 'animateTransform', 'set', 'feImage', 'html', 'body']);
  for (const element of elementsOf(output)) {
    expect(element.uri).toBe('http://www.w3.org/2000/svg');
    expect(dangerous.has(element.name), element.name).toBe(false);
    for (const [name, value] of Object.entries(element.attributes)) {
      expect(name).not.toMatch(/^on/i);
      if (/(^|:)href$/.test(name)) expect(value).toMatch(/^(#|data:image\/(png|jpeg|gif|webp);base64,)/);
    }
  }
  expect(output.toLowerCase()).not.toContain('javascript:');
  const urls = output.match(/https?:\/\/[^"'\s)]*/g) ?? [];
  expect(urls.every((url) => url === 'http://www.w3.org/2000/svg' || url === 'http://www.w3.org/1999/xlink')).toBe(true);
}

function rejects(svg: string): void {
  expect(() => sanitizeSvg(svg)).toThrow(ImageRejected);
  try {
    sanitizeSvg(svg);
  } catch (error) {
    expect((error as ImageRejected).reason).toBe('unreadable');
  }
}

const KEEP = `<rect id="keep" width="10" height="10" fill="#56dadc"/>`;

describe('sanitizeSvg: hostile documents', () => {
  const catalogue: [string, string, RegExp][] = [
    ['a script element', `<svg ${SVG}><script>alert(1)</script>${KEEP}</svg>`, /alert|script/],
    ['a CDATA script', `<svg ${SVG}><script type="text/ecmascript"><![CDATA[ alert(document.cookie) ]]></script>${KEEP}</svg>`, /alert|script|cookie/],
    // Handlers without parentheses (tagged templates): no value rule catches them, only the name.
    ['onload on the root', `<svg ${SVG} onload="alert\`1\`">${KEEP}</svg>`, /onload|alert/i],
    [
      'event attributes in upper and mixed case',
      `<svg ${SVG} ONLOAD="alert\`1\`"><rect OnMouseOver="alert\`2\`" onClick="location='//evil.test'" id="keep"/></svg>`,
      /alert|evil|on(load|mouseover|click)/i,
    ],
    ['a link to javascript:', `<svg ${SVG} ${XLINK}><a xlink:href="javascript:alert(1)"><text>clic</text></a>${KEEP}</svg>`, /javascript|<a[\s>]|clic/],
    ['use pointing at javascript:', `<svg ${SVG} ${XLINK}><use xlink:href="javascript:alert(1)"/>${KEEP}</svg>`, /javascript|href/],
    ['a javascript: href spelled with entities and a tab', `<svg ${SVG} ${XLINK}><use href="&#106;ava&#x09;script:alert(1)"/>${KEEP}</svg>`, /javascript|alert|href/],
    ['an external <image>', `<svg ${SVG} ${XLINK}><image href="https://evil.test/track.png" width="1" height="1"/>${KEEP}</svg>`, /evil|<image/],
    ['an <image> reading a local file', `<svg ${SVG} ${XLINK}><image xlink:href="file:///etc/passwd"/>${KEEP}</svg>`, /passwd|<image/],
    ['an <image> of an embedded SVG', `<svg ${SVG}><image href="data:image/svg+xml;base64,PHN2Zy8+"/>${KEEP}</svg>`, /svg\+xml|<image/],
    ['use of an external sprite', `<svg ${SVG}><use href="https://evil.test/sprite.svg#logo"/>${KEEP}</svg>`, /evil|href/],
    ['CSS @import', `<svg ${SVG}><style>@import url(https://evil.test/x.css); rect { fill: red }</style>${KEEP}</svg>`, /import|evil|<style/],
    ['CSS @import as a string', `<svg ${SVG}><style>@import "https://evil.test/x.css";</style>${KEEP}</svg>`, /import|evil/],
    ['CSS @import hidden by a comment', `<svg ${SVG}><style>@im/**/port "https://evil.test/x.css";</style>${KEEP}</svg>`, /import|evil/],
    ['CSS url(http)', `<svg ${SVG}><style>rect { fill: url(http://evil.test/p.svg#g) }</style>${KEEP}</svg>`, /evil|<style/],
    ['CSS escapes', `<svg ${SVG}><style>rect { background: u\\72l(http://evil.test) }</style>${KEEP}</svg>`, /evil|<style/],
    ['CSS image-set without url(', `<svg ${SVG}><style>rect { background: image-set("https://evil.test/x.png" 1x) }</style>${KEEP}</svg>`, /evil|image-set/],
    ['CSS expression()', `<svg ${SVG}><rect id="keep" style="width: expression(alert(1))"/></svg>`, /expression|alert|style=/],
    ['a style attribute loading a URL', `<svg ${SVG}><rect id="keep" style="fill:url( 'https://evil.test/x' )"/></svg>`, /evil|style=/],
    ['a presentation attribute loading a URL', `<svg ${SVG}><rect id="keep" fill="url(https://evil.test/#g)" filter="url(//evil.test/f.svg#f)"/></svg>`, /evil|fill=|filter=/],
    ['style text closing its element', `<svg ${SVG}><style>rect{}&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>${KEEP}</svg>`, /alert|script|<style/],
    [
      'foreignObject with HTML',
      `<svg ${SVG}><foreignObject width="100" height="100"><html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(1)</script><iframe src="https://evil.test"/></body></html></foreignObject>${KEEP}</svg>`,
      /foreignObject|html|iframe|alert|evil/,
    ],
    ['a script in the SVG namespace under a prefix', `<svg ${SVG}><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>${KEEP}</svg>`, /alert|script/],
    ['a script in the XHTML namespace', `<svg ${SVG}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>${KEEP}</svg>`, /alert|script/],
    [
      'animation rewriting an href',
      `<svg ${SVG}><a><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(2)"/></a>${KEEP}</svg>`,
      /animate|set|alert/,
    ],
    ['feImage loading a URL', `<svg ${SVG}><filter id="f"><feImage href="https://evil.test/x.png"/></filter>${KEEP}</svg>`, /feImage|evil/],
    ['an xml-stylesheet processing instruction', `<?xml-stylesheet href="https://evil.test/x.css"?><svg ${SVG}>${KEEP}</svg>`, /stylesheet|evil/],
    [
      'foreign attributes and namespace declarations',
      `<svg ${SVG} xmlns:ev="http://www.w3.org/2001/xml-events"><rect id="keep" ev:event="click" data-x="1" aria-label="x"/></svg>`,
      /ev:|data-x|aria|xml-events/,
    ],
  ];

  for (const [name, input, forbidden] of catalogue) {
    it(`drops ${name} and keeps the drawing`, () => {
      const output = sanitizeSvg(input);
      expect(output).not.toMatch(forbidden);
      expectSafe(output);
      expect(elementsOf(output).some((element) => element.name === 'rect' && element.attributes.id === 'keep')).toBe(true);
    });
  }

  it('refuses any DOCTYPE that declares entities (billion laughs, XXE)', () => {
    rejects(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg ${SVG}><text>&b;</text></svg>`);
    rejects(`<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${SVG}><text>&xxe;</text></svg>`);
    // Declared but unused: refused all the same.
    rejects(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]><svg ${SVG}/>`);
    rejects(`<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg ${SVG}/>`);
    rejects(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "https://evil.test/svg11.dtd"><svg ${SVG}/>`);
  });

  it('refuses what is not a well-formed SVG document', () => {
    rejects(`<svg ${SVG}><rect></svg>`);
    rejects(`<svg ${SVG}>&nbsp;</svg>`);
    rejects(`<html><body/></html>`);
    // An <svg> outside the SVG namespace is no SVG file.
    rejects(`<svg><rect/></svg>`);
    rejects(`<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>`);
    rejects('');
  });

  it('refuses absurd nesting', () => {
    rejects(`<svg ${SVG}>${'<g>'.repeat(200)}${'</g>'.repeat(200)}</svg>`);
  });

  it('escapes every value it writes', () => {
    const output = sanitizeSvg(`<svg ${SVG}><text id="a&quot;b&lt;c" font-family="A &amp; B">1 &lt; 2 &amp;&gt; "x"</text></svg>`);
    expect(output).toContain('id="a&quot;b&lt;c"');
    expect(output).toContain('font-family="A &amp; B"');
    expect(output).toContain('>1 &lt; 2 &amp;&gt; "x"</text>');
    expect(elementsOf(output).find((element) => element.name === 'text')!.attributes.id).toBe('a"b<c');
  });
});

describe('sanitizeSvg: real-world logos survive', () => {
  it('keeps an Illustrator export: classes in <style>, a gradient, text, xml:space', () => {
    const input = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Calque_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
	 viewBox="0 0 200 80" style="enable-background:new 0 0 200 80;" xml:space="preserve">
<style type="text/css">
	.st0{fill:url(#SVGID_1_);}
	.st1{fill:#1D1D1B;}
	.st2{font-family:'MyriadPro-Regular';}
	.st3{font-size:24px;}
</style>
<linearGradient id="SVGID_1_" gradientUnits="userSpaceOnUse" x1="10" y1="40" x2="70" y2="40">
	<stop  offset="0" style="stop-color:#56DADC"/>
	<stop  offset="1" style="stop-color:#1D71B8"/>
</linearGradient>
<circle class="st0" cx="40" cy="40" r="30"/>
<text transform="matrix(1 0 0 1 80 48)" class="st1 st2 st3">Atelier Nova</text>
</svg>`;
    const output = sanitizeSvg(input);
    expectSafe(output);
    expect(output).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink" /);
    expect(output).toContain('.st0{fill:url(#SVGID_1_);}');
    expect(output).toContain(`.st2{font-family:'MyriadPro-Regular';}`);
    const elements = elementsOf(output);
    expect(elements.map((element) => element.name)).toEqual(['svg', 'style', 'linearGradient', 'stop', 'stop', 'circle', 'text']);
    expect(elements[0]!.attributes).toMatchObject({
      id: 'Calque_1',
      viewBox: '0 0 200 80',
      style: 'enable-background:new 0 0 200 80;',
      'xml:space': 'preserve',
    });
    expect(elements[3]!.attributes).toEqual({ offset: '0', style: 'stop-color:#56DADC' });
    expect(elements[6]!.attributes).toEqual({ transform: 'matrix(1 0 0 1 80 48)', class: 'st1 st2 st3' });
    expect(output).toContain('>Atelier Nova</text>');
    // No comment, no declaration.
    expect(output).not.toContain('Generator');
    expect(output).not.toContain('<?xml');
  });

  it("accepts Illustrator's standard SVG 1.1 DOCTYPE (no internal subset) and leaves it out", () => {
    const output = sanitizeSvg(
      `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg ${SVG}>${KEEP}</svg>`,
    );
    expect(output).not.toContain('DOCTYPE');
    expect(output).toContain('id="keep"');
  });

  it('keeps a local symbol used twice (href and xlink:href), clip paths, masks and filters', () => {
    const input = `<svg ${SVG} ${XLINK} width="120" height="40" viewBox="0 0 120 40">
  <defs>
    <symbol id="star" viewBox="0 0 10 10"><path d="M5 0L6 4L10 4L7 6L8 10L5 8L2 10L3 6L0 4L4 4Z"/></symbol>
    <clipPath id="c"><rect width="60" height="40"/></clipPath>
    <mask id="m"><rect width="120" height="40" fill="white"/></mask>
    <radialGradient id="r" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient>
    <filter id="f"><feGaussianBlur in="SourceGraphic" stdDeviation="1"/><feOffset dx="1" dy="1"/></filter>
  </defs>
  <use href="#star" x="0" y="0" width="40" height="40" clip-path="url(#c)"/>
  <use xlink:href="#star" x="40" y="0" width="40" height="40" mask="url(#m)" filter="url(#f)" fill="url(#r)"/>
  <image width="1" height="1" href="${PNG_DATA}"/>
</svg>`;
    const output = sanitizeSvg(input);
    expectSafe(output);
    const elements = elementsOf(output);
    const uses = elements.filter((element) => element.name === 'use');
    expect(uses.map((use) => use.attributes.href ?? use.attributes['xlink:href'])).toEqual(['#star', '#star']);
    expect(uses[0]!.attributes['clip-path']).toBe('url(#c)');
    expect(uses[1]!.attributes).toMatchObject({ mask: 'url(#m)', filter: 'url(#f)', fill: 'url(#r)' });
    expect(elements.map((element) => element.name)).toEqual(
      expect.arrayContaining(['symbol', 'path', 'clipPath', 'mask', 'radialGradient', 'filter', 'feGaussianBlur', 'feOffset', 'image']),
    );
    expect(elements.find((element) => element.name === 'image')!.attributes.href).toBe(PNG_DATA);
  });

  it("drops an Inkscape file's editor data and keeps the drawing", () => {
    const input = `<svg ${SVG} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="100" height="100" inkscape:version="1.3" sodipodi:docname="logo.svg">
  <sodipodi:namedview id="nv" pagecolor="#ffffff"><inkscape:page x="0" y="0"/></sodipodi:namedview>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <g inkscape:label="Calque 1" inkscape:groupmode="layer" id="layer1"><circle cx="50" cy="50" r="40" style="fill:#56dadc;stroke:none"/></g>
</svg>`;
    const output = sanitizeSvg(input);
    expectSafe(output);
    expect(output).not.toMatch(/inkscape|sodipodi|metadata|rdf/);
    expect(elementsOf(output).map((element) => element.name)).toEqual(['svg', 'g', 'circle']);
    expect(output).toContain('style="fill:#56dadc;stroke:none"');
  });

  it('writes a prefixed SVG root without its prefix, and a CDATA style as text', () => {
    const output = sanitizeSvg(`<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:style><![CDATA[ rect > * { fill: red } ]]></s:style><s:rect width="1" height="1"/></s:svg>`);
    expect(output).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><style> rect &gt; * { fill: red } </style><rect width="1" height="1"></rect></svg>`,
    );
  });
});
