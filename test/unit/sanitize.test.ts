import { expect } from 'chai';
import {
  decodeEntities,
  escHtml,
  escUrl,
  isEmail,
  jsEscape,
  sanitizeTextField,
  sanitizeTitle,
  sanitizeUrl,
  stripAllTags,
  stripTags,
} from '../../src/text/sanitize.ts';

describe('text/sanitize', () => {
  describe('sanitizeTitle', () => {
    const cases: [string, string][] = [
      ['Jazz Night', 'jazz-night'],
      ['Simple Event (updated)', 'simple-event-updated'],
      ['Captain <strong>Awesome</strong>', 'captain-awesome'],
      ['fran%c3%a7%ois', 'fran%c3%a7ois'],
      ['ABC', 'abc'],
      ['a          t', 'a-t'],
      ['a    \n\n\nt', 'a-t'],
      ['a----t----t----', 'a-t-t'],
      [' -Event number 12_b- ', 'event-number-12_b'],
      ["a0 ---0a---", "a0-%0a"],
      ['penn & teller bull', 'penn-teller-bull'],
      ['No &nbsp; Entities &ndash; Here &amp;', 'no-entities-here'],
      ['One &#123; Two;', 'one-two'],
      ['One Two™;', 'one-two'],
      ['One &&amp; Two;', 'one-two'],
      ['One&Two', 'onetwo'],
      ["don't\u00a0break the space", 'dont-break-the-space'],
      ["don't&nbsp;break&#160;the&nbsp;space", 'dont-break-the-space'],
      ['Do – the Dash', 'do-the-dash'],
      ['Do &mdash; the &#8212; Dash', 'do-the-dash'],
      ['Just ¡a Slug', 'just-a-slug'],
      ['«Just a Slug»', 'just-a-slug'],
      ['Hey its “Curly Joe”', 'hey-its-curly-joe'],
      ['Hey its ‚Curly Joe‛', 'hey-its-curly-joe'],
      ['Fancy Title • Amazing', 'fancy-title-amazing'],
      ['Just © a Slug', 'just-a-slug'],
      ['songs by Lennon/-McCartney', 'songs-by-lennon-mccartney'],
      ['//songs by Lennon/McCartney', 'songs-by-lennon-mccartney'],
      ['6×7 is 42', '6x7-is-42'],
      ['ááa´aˊ', 'aaaa'],
      ['Nonvisible%ef%bb%bf %e2%80%aerandomly %e2%80%8ein the %e2%80%8e title%e2%80%8e', 'nonvisible-randomly-in-the-title'],
      ['Nonvisible%e2%80%80 %e2%80%a9randomly %e2%80%87in the %e2%80%a8 title%e2%80%af', 'nonvisible-randomly-in-the-title'],
      ['Café Crème à Łódź', 'cafe-creme-a-lodz'],
      ['Œuvre Æsir straße Þór ŉ ĳ', 'oeuvre-aesir-strase-thor-n-ij'],
      ['Việt Nam, Hà Nội', 'viet-nam-ha-noi'],
      ['Ș ț Ǔ', 's-t-u'],
      ['e\u0301te\u0301', 'ete'],
      ['5 € or 4 £', '5-e-or-4'],
      ['Москва 2026', '%d0%bc%d0%be%d1%81%d0%ba%d0%b2%d0%b0-2026'],
      ['東京 event', '%e6%9d%b1%e4%ba%ac-event'],
      ['Release 1.2.3', 'release-1-2-3'],
      ['  --Hello--  ', 'hello'],
      ['Free', 'free'],
    ];
    for (const [input, slug] of cases) {
      it(JSON.stringify(input), () => expect(sanitizeTitle(input)).to.equal(slug));
    }

    it('cuts the encoded slug before 200 characters, never inside a character', () => {
      expect(sanitizeTitle('a'.repeat(250))).to.equal('a'.repeat(200));
      expect(sanitizeTitle(`${'a'.repeat(199)} b`)).to.equal('a'.repeat(199));
      expect(sanitizeTitle(`${'a'.repeat(198)}й`)).to.equal('a'.repeat(198));
    });

    it('uses the fallback when nothing is left', () => {
      expect(sanitizeTitle('!!!', 'untitled')).to.equal('untitled');
      expect(sanitizeTitle('')).to.equal('');
    });
  });

  describe('stripTags', () => {
    it('removes tags, comments and PHP blocks like PHP strip_tags', () => {
      expect(stripTags('<p>Hello <b>World</b></p>')).to.equal('Hello World');
      expect(stripTags('a <!-- note > still --> b')).to.equal('a  b');
      expect(stripTags('<a title="x > y">link</a>')).to.equal('link');
      expect(stripTags('1 < 2 and 3 > 2')).to.equal('1 < 2 and 3 > 2');
      expect(stripTags('unclosed <b tag')).to.equal('unclosed ');
      expect(stripTags('x<?php echo "?>"; ?>y')).to.equal('xy');
      expect(stripTags('<!DOCTYPE html><p>t</p>')).to.equal('t');
      expect(stripTags('nul\0byte')).to.equal('nulbyte');
    });

    it('stripAllTags also drops script and style contents and trims', () => {
      expect(stripAllTags(' <script>alert(1)</script><style>p{}</style><i>ok</i>\n')).to.equal('ok');
      expect(stripAllTags('a\n\tb', true)).to.equal('a b');
    });
  });

  describe('decodeEntities', () => {
    it('decodes named and numeric references ending with a semicolon', () => {
      expect(decodeEntities('Tom &amp; Jerry &#8217; &#x2019; &eacute; &lt;b&gt;')).to.equal('Tom & Jerry \u2019 \u2019 é <b>');
    });

    it('leaves references without a semicolon alone', () => {
      expect(decodeEntities('&copy 2026 &amp')).to.equal('&copy 2026 &amp');
    });
  });

  describe('escHtml', () => {
    it('escapes the HTML special characters', () => {
      expect(escHtml(`<a href="x">it's</a>`)).to.equal('&lt;a href=&quot;x&quot;&gt;it&#039;s&lt;/a&gt;');
    });

    it('does not double-encode valid entities but repairs invalid ones', () => {
      expect(escHtml('a & b &amp; c &copy; &bogus; &#39; &#x27; &#0;')).to.equal('a &amp; b &amp; c &copy; &amp;bogus; &#039; &#x27; &amp;#0;');
    });

    it('escapes the website value of an event (events.md §4.1)', () => {
      expect(escHtml('http://example.com/jazz')).to.equal('http://example.com/jazz');
      expect(escHtml('http://example.com/?a=1&b=2')).to.equal('http://example.com/?a=1&amp;b=2');
    });
  });

  describe('jsEscape', () => {
    it('produces the JSON-LD description of sample 16', () => {
      // "description":"&lt;p&gt;Jazz!&lt;\/p&gt;\\n" on the wire: a backslash and an "n", not a newline.
      expect(jsEscape('<p>Jazz!</p>\n')).to.equal('&lt;p&gt;Jazz!&lt;/p&gt;\\n');
      expect(jsEscape('<p>Lasts all day</p>\n')).to.equal('&lt;p&gt;Lasts all day&lt;/p&gt;\\n');
    });

    it('behaves like esc_js in the WordPress test suite', () => {
      expect(jsEscape('foo bar baz();')).to.equal('foo bar baz();');
      expect(jsEscape(`foo "bar" 'baz'`)).to.equal("foo &quot;bar&quot; \\'baz\\'");
      expect(jsEscape('foo \\t bar \\\\ baz')).to.equal('foo t bar \\\\ baz');
      expect(jsEscape('foo & bar &baz; &nbsp;')).to.equal('foo &amp; bar &amp;baz; &nbsp;');
      expect(jsEscape('foo &#x27; bar &#39; baz &#x26;')).to.equal("foo \\' bar \\' baz &#x26;");
      expect(jsEscape('foo\rbar\nbaz\r')).to.equal('foobar\\nbaz');
      expect(jsEscape('foo\r\nbar\nbaz\r\n')).to.equal('foo\\nbar\\nbaz\\n');
    });
  });

  describe('isEmail', () => {
    it('accepts valid addresses', () => {
      for (const email of ['org@example.com', 'bob@example.com', 'phil@example.info', 'ace@204.32.222.14', 'kevin@many.subdomains.make.a.happy.man.edu', "a.b+c'd@x-y.example.org"]) {
        expect(isEmail(email), email).to.equal(true);
      }
    });

    it('rejects invalid addresses', () => {
      for (const email of ['khaaaaaaaaaaaaaaan!', 'http://bob.example.com/', "sif i'd give u it, spamer!1", 'com.exampleNOSPAMbob', 'bob@your mom', 'a@b.c', '@example.com', 'a@example', 'a@.example.com', 'a@example..com', 'a@-example.com', 'a@ex_ample.com', 'é@example.com']) {
        expect(isEmail(email), email).to.equal(false);
      }
    });
  });

  describe('sanitizeTextField', () => {
    const cases: [string, string][] = [
      ['оРангутанг', 'оРангутанг'],
      ['one is < two', 'one is &lt; two'],
      ['one is <\n two', 'one is &lt; two'],
      ['foo <div\n> bar', 'foo bar'],
      ['foo <\ndiv\n> bar', 'foo &lt; div > bar'],
      ['tags <span>are</span> <em>not allowed</em> here', 'tags are not allowed here'],
      [' we should trim leading and trailing whitespace ', 'we should trim leading and trailing whitespace'],
      ['we  trim  extra  internal  whitespace', 'we trim extra internal whitespace'],
      ['tabs \tget removed', 'tabs get removed'],
      ['We also %AB remove %ab octets', 'We also remove octets'],
      ['%AB%BC%DE', ''],
      ['Invalid octets remain %II', 'Invalid octets remain %II'],
      ['Nested octets %%%ABABAB %A%A%ABBB', 'Nested octets'],
    ];
    for (const [input, output] of cases) {
      it(JSON.stringify(input), () => expect(sanitizeTextField(input)).to.equal(output));
    }
  });

  describe('escUrl / sanitizeUrl', () => {
    const cases: [string, string][] = [
      ['http://example.com/jazz', 'http://example.com/jazz'],
      ['http://example.com/Mr WordPress', 'http://example.com/Mr%20WordPress'],
      [' http://example.com/Mr+WordPress', 'http://example.com/Mr+WordPress'],
      ['http://example.com/?foo=one two&bar=four', 'http://example.com/?foo=one%20two&bar=four'],
      ['http://example.com/watchthelinefeed%0Ago', 'http://example.com/watchthelinefeedgo'],
      ['http://example.com/watchthecarriagereturn%0%0ddgo', 'http://example.com/watchthecarriagereturngo'],
      ['http://example.com/%0%0%0DAD', 'http://example.com/'],
      ['/example.php', '/example.php'],
      ['example.php', 'example.php'],
      ['#fragment', '#fragment'],
      ['?foo=bar', '?foo=bar'],
      ['https://user:pass@host.example.com:1234/path;p=1?query=2&r[]=3#fragment', 'https://user:pass@host.example.com:1234/path;p=1?query=2&r%5B%5D=3#fragment'],
      ['example.com?foo', 'http://example.com?foo'],
      ['example.com', 'http://example.com'],
      ['localhost', 'http://localhost'],
      ['баба.org/баба', 'http://баба.org/баба'],
      ['http://example.com?foo=1&amp;bar=2', 'http://example.com?foo=1&amp;bar=2'],
      ['nasty://example.com/', ''],
      ['javascript:alert(1)', ''],
      ['data:text/plain;base64,SGVsbG8sIFdvcmxkIQ%3D%3D', ''],
      ['HTTP://example.com', 'http://example.com'],
      ['mailto:org@example.com', 'mailto:org@example.com'],
      ['ftp://example.com/file', 'ftp://example.com/file'],
      ['feed:javascript:alert(1)', ''],
      ['feed:feed:javascript:alert(1)', ''],
      ['feed:feed:alert(1)', 'feed:feed:alert(1)'],
      ['feed:http://wordpress.org/feed/', 'feed:http://wordpress.org/feed/'],
      ['/example.php?one[]=two', '/example.php?one%5B%5D=two'],
      ['//example.com/?foo[bar]=baz', '//example.com/?foo%5Bbar%5D=baz'],
      ['localhost?foo[bar]=baz', 'http://localhost?foo%5Bbar%5D=baz'],
      ['http://[::FFFF::127.0.0.1]/?foo[bar]=baz', 'http://[::FFFF::127.0.0.1]/?foo%5Bbar%5D=baz'],
      ['//example.com/foo?foo=abc:def', '//example.com/foo?foo=abc:def'],
      ['mailto:?body=Hi%20there%2C%0A%0AI', 'mailto:?body=Hi%20there%2C%0A%0AI'],
      ['http://example.com/mailto:?body=Hi%2C%0A%0AI', 'http://example.com/mailto:?body=Hi%2CI'],
      ['"^<>{}`', ''],
      ['', ''],
    ];
    for (const [input, output] of cases) {
      it(JSON.stringify(input), () => expect(escUrl(input)).to.equal(output));
    }

    it('keeps every reserved character', () => {
      const url = "http://example.com/:@-._~!$&'()*+,=;:@-._~!$&'()*+,=:@-._~!$&'()*+,==?/?:@-._~!$%27()*+,;=/?:@-._~!$%27()*+,;==#/?:@-._~!$&'()*+,;=";
      expect(sanitizeUrl(url)).to.equal(url);
    });
  });
});
