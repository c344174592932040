import { expect } from 'chai';
import { ksesData, ksesPost } from '../../src/text/kses.ts';
import { safeCss } from '../../src/text/safecss.ts';

describe('text/kses', () => {
  describe('ksesPost (wp_filter_post_kses)', () => {
    const cases: [string, string][] = [
      // Disallowed elements go, their text stays (WordPress does not drop script bodies).
      ['<p>Hi <script>alert(1)</script></p>', '<p>Hi alert(1)</p>'],
      ['<iframe src="http://evil.example/"></iframe><style>p{}</style>text', 'p{}text'],
      ['<object data="x.swf"></object>', ''],
      // Event handlers and unknown attributes are dropped; allowed ones keep their quoting.
      ['<p onclick="alert(1)" class="x" ONMOUSEOVER=y>t</p>', '<p class="x">t</p>'],
      ['<img src="a.png" alt="A" onerror="x()" />', '<img src="a.png" alt="A" />'],
      ["<a HREF='mailto:a@b.example' title=t>m</a>", "<a HREF='mailto:a@b.example' title=\"t\">m</a>"],
      ['<b data-x="1" data-foo_bar="2" data-="3" aria-label="l">b</b>', '<b data-x="1" data-foo_bar="2" aria-label="l">b</b>'],
      ['<a download href="/f">d</a><a download="x">e</a>', '<a download href="/f">d</a><a>e</a>'],
      ['<input type="text" value="x">', ''],
      // Disallowed URL schemes lose their scheme, entity-encoded or not.
      ['<a href="javascript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
      ['<a href="java&#115;cript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
      ['<a href=" JavaScript :alert(1)">x</a>', '<a href="alert(1)">x</a>'],
      ['<img src="data:image/png;base64,AAA">', '<img src="image/png;base64,AAA">'],
      ['<a href="http://ok.example/?a=1&b=2">ok</a>', '<a href="http://ok.example/?a=1&amp;b=2">ok</a>'],
      // style keeps safe declarations only.
      ['<div style="color: red; background: url(javascript:x); position:fixed">s</div>', '<div style="color: red;position:fixed">s</div>'],
      ['<span style="behavior: url(x.htc)">s</span>', '<span>s</span>'],
      // Stray angle brackets, comments, unknown closing tags.
      ['a > b < c', 'a &gt; b &lt; c'],
      ['<p>Unclosed <b', '<p>Unclosed &lt;b'],
      ['<!-- note --> x', '<!-- note --> x'],
      // wp_pre_kses_less_than escapes a `<` with no `>` before the next `<`, so this comment breaks up.
      ['<!-- <script>x</script> -->', '&lt;!-- x --&gt;'],
      ['<!-- a--b -->', '<!-- a-b -->'],
      ['</1> text', '</1> text'],
      ['AT&T &copy; &#39;', 'AT&amp;T &copy; &#039;'],
      ['Tom \\"quoted\\"', 'Tom \\"quoted\\"'],
    ];
    for (const [input, expected] of cases) {
      it(JSON.stringify(input), () => expect(ksesPost(input)).to.equal(expected));
    }
  });

  describe('ksesData (wp_filter_kses, $allowedtags)', () => {
    const cases: [string, string][] = [
      ['<strong>Big</strong> <script>x()</script><div onclick="y">day</div> & more', '<strong>Big</strong> x()day &amp; more'],
      ['<b class="x">bold</b>', '<b>bold</b>'],
      ['<a href="http://e.example/" title="t" target="_blank" onclick="x">l</a>', '<a href="http://e.example/" title="t">l</a>'],
      ['<a href="javascript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
      ['<img src="a.png">Title<p>para</p>', 'Titlepara'],
      ['<br/>', ''],
    ];
    for (const [input, expected] of cases) {
      it(JSON.stringify(input), () => expect(ksesData(input)).to.equal(expected));
    }
  });

  describe('safeCss (safecss_filter_attr)', () => {
    const cases: [string, string][] = [
      ['color: red; width: calc(100% - 2px)', 'color: red;width: calc(100% - 2px)'],
      ['background-image: url("https://e.example/a.png")', 'background-image: url("https://e.example/a.png")'],
      ['background: url(javascript:alert(1))', ''],
      ['color: expression(alert(1))', ''],
      ['--accent: #fff; margin:0 /* x */', '--accent: #fff'],
      ['background: linear-gradient(red, rgba(0,0,0,0.5))', 'background: linear-gradient(red, rgba(0,0,0,0.5))'],
      ['unknown-prop: 1; color:\tblue', 'color:blue'],
    ];
    for (const [input, expected] of cases) {
      it(JSON.stringify(input), () => expect(safeCss(input)).to.equal(expected));
    }
  });
});
