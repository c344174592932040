import { expect } from 'chai';
import { shortcodeUnautop, wpautop } from '../../src/text/autop.ts';
import { renderContent, renderExcerpt, renderTitle } from '../../src/text/render.ts';
import { convertSmilies } from '../../src/text/smilies.ts';
import { wptexturize } from '../../src/text/texturize.ts';

const NBSP = '\u00a0';

describe('text/render', () => {
  describe('values captured from the real API (samples 11–20)', () => {
    it('renders titles unchanged when there is nothing to typeset', () => {
      for (const title of ['Jazz Night', 'Simple Event', 'All Day Event', 'Doomed Event', 'Simple Event (updated)', 'Oracle Hall']) {
        expect(renderTitle(title)).to.equal(title);
      }
    });

    it('wraps plain descriptions in a paragraph', () => {
      expect(renderContent('A plain timed event')).to.equal('<p>A plain timed event</p>');
      expect(renderContent('Lasts all day')).to.equal('<p>Lasts all day</p>');
      expect(renderContent('Updated via POST')).to.equal('<p>Updated via POST</p>');
    });

    it('keeps a description that is already a paragraph', () => {
      expect(renderContent('<p>Live jazz</p>')).to.equal('<p>Live jazz</p>');
    });

    it('wraps the excerpt in a paragraph', () => {
      expect(renderExcerpt('Jazz!')).to.equal('<p>Jazz!</p>');
    });

    it('keeps empty fields empty', () => {
      expect(renderContent('')).to.equal('');
      expect(renderExcerpt('')).to.equal('');
      expect(renderTitle('')).to.equal('');
      expect(renderContent(' \n\n ')).to.equal('');
    });
  });

  describe('renderTitle', () => {
    it('applies typography, lone-ampersand escaping and trimming', () => {
      expect(renderTitle("  It's \"on\" -- Rock & Roll...  ")).to.equal('It&#8217;s &#8220;on&#8221; &#8212; Rock &#038; Roll&#8230;');
    });

    it('fixes the capitalisation of WordPress anywhere in a title', () => {
      expect(renderTitle('Wordpress meetup')).to.equal('WordPress meetup');
    });

    it('trims like PHP: a no-break space is kept', () => {
      expect(renderTitle(`Title${NBSP}`)).to.equal(`Title${NBSP}`);
    });

    it('escapes a lone ampersand even inside <code>', () => {
      expect(renderTitle('<code>a & b</code>')).to.equal('<code>a &#038; b</code>');
    });
  });

  describe('renderContent', () => {
    it('builds paragraphs and line breaks', () => {
      expect(renderContent('Line one\nLine two\n\nPara two')).to.equal('<p>Line one<br />\nLine two</p>\n<p>Para two</p>');
    });

    it('does not wrap block-level HTML', () => {
      expect(renderContent('<div>block</div>\ntext after')).to.equal('<div>block</div>\n<p>text after</p>');
      expect(renderContent('<ul>\n<li>a</li>\n<li>b</li>\n</ul>')).to.equal('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
    });

    it('leaves <pre> alone', () => {
      expect(renderContent("<pre>\n it's\n\n b\n</pre>\nAfter")).to.equal("<pre>\n it's\n\n b\n</pre>\n<p>After</p>");
    });

    it('fixes WordPress only after a space, quote, > or (', () => {
      expect(renderContent('Wordpress and (Wordpress) and a Wordpress, x-Wordpress')).to.equal(
        '<p>WordPress and (WordPress) and a WordPress, x-Wordpress</p>',
      );
    });

    it('drops block delimiters, adds WordPress 7\'s render classes and skips wpautop for block-editor content', () => {
      const blocks =
        '<!-- wp:paragraph -->\n<p>Hello "x"</p>\n<!-- /wp:paragraph -->\n\n' +
        '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">World</h3>\n<!-- /wp:heading -->';
      expect(renderContent(blocks)).to.equal('<p class="wp-block-paragraph">Hello &#8220;x&#8221;</p>\n\n\n\n<h3 class="wp-block-heading">World</h3>');
    });

    it('does not wrap a registered shortcode standing alone, and renders it after wpautop', () => {
      // No such attachments: the gallery shows nothing.
      expect(renderContent('[gallery ids="1,2"]')).to.equal('');
      // A caption without a width is the image alone; wp_filter_content_tags() gives it decoding="async".
      expect(renderContent('Intro\n\n[caption id="a"]<img src="x.jpg" /> It\'s[/caption]')).to.equal('<p>Intro</p>\n<img decoding="async" src="x.jpg" />');
      expect(renderContent('Intro\n\n[playlist ids="1"]')).to.equal('<p>Intro</p>\n[playlist ids="1"]');
    });
  });

  describe('smilies', () => {
    it('turns emoticons between spaces into emoji in content and excerpt', () => {
      expect(renderContent('Great :) see you ;-)')).to.equal('<p>Great \u{1F642} see you \u{1F609}</p>');
      expect(renderExcerpt(':???: hmm :?')).to.equal('<p>\u{1F615} hmm \u{1F615}</p>');
    });

    it('leaves emoticons inside words, attributes and <code> alone', () => {
      expect(renderContent('a:) <code>:)</code> <span title=":)">x</span> :mrgreen:')).to.equal(
        '<p>a:) <code>:)</code> <span title=":)">x</span> :mrgreen:</p>',
      );
    });

    it('does not touch titles', () => {
      expect(renderTitle('Party :)')).to.equal('Party :)');
    });

    // Each smiley stands after something else that may precede one.
    const placed: [string, string][] = [
      [':) at the start', '\u{1F642} at the start'],
      ['bold <b>:)</b>', 'bold <b>\u{1F642}</b>'],
      ['x&nbsp;;)', 'x&nbsp;\u{1F609}'],
      ['x\u00a08-)', 'x\u00a0\u{1F60E}'],
      ['tab\t:D', 'tab\t\u{1F600}'],
      ['line\n:P', 'line\n\u{1F61B}'],
      ['none:) 6:30pm friend;) 8)', 'none:) 6:30pm friend;) 8)'],
    ];
    for (const [input, output] of placed) {
      it(`converts ${JSON.stringify(input)} alone`, () => expect(convertSmilies(input)).to.equal(output));
    }
  });

  describe('renderExcerpt', () => {
    it('typesets and paragraphs', () => {
      expect(renderExcerpt("Don't miss it\nReally")).to.equal('<p>Don&#8217;t miss it<br />\nReally</p>');
    });

    it('does not fix the capitalisation of WordPress', () => {
      expect(renderExcerpt('a Wordpress site')).to.equal('<p>a Wordpress site</p>');
    });
  });

  describe('wptexturize (cases from the WordPress test suite)', () => {
    const cases: [string, string][] = [
      ['Hey -- boo?', 'Hey &#8212; boo?'],
      ['<a href="http://xx--xx">Hey -- boo?</a>', '<a href="http://xx--xx">Hey &#8212; boo?</a>'],
      ['<pre>---&</pre>', '<pre>---&</pre>'],
      ['<pre><code></code>--&</pre>', '<pre><code></code>--&</pre>'],
      ['<code>---&</code>', '<code>---&</code>'],
      ['<kbd>---&</kbd>', '<kbd>---&</kbd>'],
      ['<tt>---&</tt>', '<tt>---&</tt>'],
      ['<code>href="baba"</code> "baba"', '<code>href="baba"</code> &#8220;baba&#8221;'],
      ['<pre>"baba"<code>"baba"<pre></pre></code>"baba"</pre>', '<pre>"baba"<code>"baba"<pre></pre></code>"baba"</pre>'],
      ['<pre></code>"baba"</pre>', '<pre></code>"baba"</pre>'],
      ['("test")', '(&#8220;test&#8221;)'],
      ["('test')", '(&#8216;test&#8217;)'],
      ["('twas)", '(&#8217;twas)'],
      ['A dog ("Hubertus") was sent out.', 'A dog (&#8220;Hubertus&#8221;) was sent out.'],
      ["test's", 'test&#8217;s'],
      ["'quoted'", '&#8216;quoted&#8217;'],
      ['"quoted"', '&#8220;quoted&#8221;'],
      ["space before 'quoted' space after", 'space before &#8216;quoted&#8217; space after'],
      ["'qu(ot)ed'", '&#8216;qu(ot)ed&#8217;'],
      ['"qu{ot}ed"', '&#8220;qu{ot}ed&#8221;'],
      [" 'test's quoted' ", ' &#8216;test&#8217;s quoted&#8217; '],
      [' "test\'s quoted" ', ' &#8220;test&#8217;s quoted&#8221; '],
      [
        'Here is "<a href="http://example.com">a test with a link</a>" and a space.',
        'Here is &#8220;<a href="http://example.com">a test with a link</a>&#8221; and a space.',
      ],
      ['A test with a finishing number, "like 23".', 'A test with a finishing number, &#8220;like 23&#8221;.'],
      ['A test with a number, "like 62", is nice to have.', 'A test with a number, &#8220;like 62&#8221;, is nice to have.'],
      ["'test's'", '&#8216;test&#8217;s&#8217;'],
      ["'string's'", '&#8216;string&#8217;s&#8217;'],
      ["Class of '99", 'Class of &#8217;99'],
      ["Class of '99's", 'Class of &#8217;99&#8217;s'],
      ["'Class of '99'", '&#8216;Class of &#8217;99&#8217;'],
      ["'Class of '99', she said", '&#8216;Class of &#8217;99&#8217;, she said'],
      ["'Class of '99's'", '&#8216;Class of &#8217;99&#8217;s&#8217;'],
      ['"Class of 99"', '&#8220;Class of 99&#8221;'],
      ['"Class of \'99"', '&#8220;Class of &#8217;99&#8221;'],
      [' "Class of \'99", she said', ' &#8220;Class of &#8217;99&#8221;, she said'],
      ['}"Class of \'99"{', '}&#8221;Class of &#8217;99&#8243;{'],
      ["'<strong>", '&#8216;<strong>'],
      ['14x24', '14&#215;24'],
      ["9'", '9&#8242;'],
      ['9"', '9&#8243;'],
      ["a 9' b", 'a 9&#8242; b'],
      ['"a 9\' b"', '&#8220;a 9&#8242; b&#8221;'],
      ["'a 9\" b'", '&#8216;a 9&#8243; b&#8217;'],
      ['"12345"', '&#8220;12345&#8221;'],
      ["'12345'", '&#8216;12345&#8217;'],
      ['"a 9\' plus a \'9\', maybe a 9\' \'9\'"', '&#8220;a 9&#8242; plus a &#8216;9&#8217;, maybe a 9&#8242; &#8216;9&#8217;&#8221;'],
      ["<p>'99<br />'123'<br />'tis<br />'s'</p>", '<p>&#8217;99<br />&#8216;123&#8217;<br />&#8217;tis<br />&#8216;s&#8217;</p>'],
      ['<!--[if !IE]>--><!--<![endif]-->', '<!--[if !IE]>--><!--<![endif]-->'],
      ['<ul><li>Hello.</li><!--<li>Goodbye.</li>--></ul>', '<ul><li>Hello.</li><!--<li>Goodbye.</li>--></ul>'],
      ['&nbsp;"Testing"', '&nbsp;&#8220;Testing&#8221;'],
      ["WordPress 3.5's release date", 'WordPress 3.5&#8217;s release date'],
      [' - ', ' &#8211; '],
      ['&nbsp;-&nbsp;', '&nbsp;&#8211;&nbsp;'],
      [`${NBSP}-${NBSP}`, `${NBSP}&#8211;${NBSP}`],
      [' -- ', ' &#8212; '],
      [`${NBSP}--${NBSP}`, `${NBSP}&#8212;${NBSP}`],
      ['- ', '&#8211; '],
      ['- -', '&#8211; &#8211;'],
      ['-- --', '&#8212; &#8212;'],
      [`stop. ${NBSP}"A quote after 2 spaces."`, `stop. ${NBSP}&#8220;A quote after 2 spaces.&#8221;`],
      ["stop.&nbsp;&nbsp;'A quote after 2 spaces.'", 'stop.&nbsp;&nbsp;&#8216;A quote after 2 spaces.&#8217;'],
      ["Contraction: \u03a0's", 'Contraction: \u03a0&#8217;s'],
      ["word '99 word", 'word &#8217;99 word'],
      ["word'99word", 'word&#8217;99word'],
      [
        "according to our source, '33 students scored less than 50' on the test.",
        'according to our source, &#8217;33 students scored less than 50&#8242; on the test.',
      ],
      ['Wait... (tm)', 'Wait&#8230; &#8482;'],
      ['``Hi\'\'', '&#8220;Hi&#8221;'],
      ['xn--bcher-kva x--y a---b', 'xn--bcher-kva x&#8211;y a&#8212;b'],
      ['0x123 1x2', '0x123 1&#215;2'],
      ['AT&T &amp; &#38; &#x26; &bogus', 'AT&#038;T &amp; &#38; &#x26; &#038;bogus'],
      ['<a href="?a=1&b=2">x</a>', '<a href="?a=1&#038;b=2">x</a>'],
    ];
    for (const [input, output] of cases) {
      it(JSON.stringify(input), () => expect(wptexturize(input)).to.equal(output));
    }

    it('does not texturize the attributes of a registered shortcode', () => {
      expect(wptexturize('[caption id="it\'s"]"Hi"[/caption]')).to.equal('[caption id="it\'s"]&#8220;Hi&#8221;[/caption]');
    });

    it('keeps the attributes of whichever registered shortcodes each text names', () => {
      expect(wptexturize('[caption id="it\'s"]x[/caption]')).to.equal('[caption id="it\'s"]x[/caption]');
      expect(wptexturize('[gallery ids="it\'s"] [caption id="it\'s"]')).to.equal('[gallery ids="it\'s"] [caption id="it\'s"]');
      expect(wptexturize('[video src="it\'s"] [caption id="it\'s"]')).to.equal('[video src="it\'s"] [caption id="it\'s"]');
      expect(wptexturize('[unknown id="it\'s"]')).to.equal('[unknown id=&#8221;it&#8217;s&#8221;]');
    });

    // Each text holds one thing the filter acts on and nothing else it would change.
    const alone: [string, string][] = [
      ['Wait...', 'Wait&#8230;'],
      ['a ``b', 'a &#8220;b'],
      ["b''", 'b&#8221;'],
      ['Acme (tm)', 'Acme &#8482;'],
      ["'em", '&#8217;em'],
      ["'tain't 'cause 'round", '&#8217;tain&#8217;t &#8217;cause &#8217;round'],
      ["it's", 'it&#8217;s'],
      ["'99", '&#8217;99'],
      ['a "b', 'a &#8220;b'],
      ['"9"', '&#8220;9&#8221;'],
      ['a -- b', 'a &#8212; b'],
      ['a---b', 'a&#8212;b'],
      ['a - b', 'a &#8211; b'],
      ['2x4', '2&#215;4'],
      ['R&D', 'R&#038;D'],
    ];
    for (const [input, output] of alone) {
      it(`typesets ${JSON.stringify(input)} alone`, () => expect(wptexturize(input)).to.equal(output));
    }
  });

  describe('wpautop on whitespace runs and breaks (as preg_split and preg_replace cut them)', () => {
    const cases: [string, string][] = [
      ['a<br />\nb', '<p>a<br />\nb</p>\n'],
      ['a<br /> \n b', '<p>a<br /> <br />\n b</p>\n'],
      ['a<br />\n\nb', '<p>a</p>\n<p>b</p>\n'],
      ['a \n \n\t\n b', '<p>a </p>\n<p> b</p>\n'],
      ['a  \nb\n', '<p>a<br />\nb</p>\n'],
      ['a\r\n\r\nb\r\nc', '<p>a</p>\n<p>b<br />\nc</p>\n'],
      [' \n a \n \n ', '<p>\n a </p>\n'],
      ['a\n \n \n b<br />\n\n\nc', '<p>a</p>\n<p> b</p>\n<p>c</p>\n'],
      ['a<br /><br />b', '<p>a</p>\n<p>b</p>\n'],
      ['a<br>\n <br/>b', '<p>a</p>\n<p>b</p>\n'],
      ['a<hr>b', '<p>a</p>\n<hr>\n<p>b</p>\n'],
      ['a<hr />b', '<p>a</p>\n<hr />\n<p>b</p>\n'],
      ['x\n<li>item</li>\ny', '<p>x</p>\n<li>item</li>\n<p>y</p>\n'],
    ];
    for (const [input, output] of cases) {
      it(JSON.stringify(input), () => expect(wpautop(input)).to.equal(output));
    }
  });

  describe('wpautop (cases from the WordPress test suite)', () => {
    it('formats the classic first post', () => {
      const input =
        '\nWelcome to WordPress!  This post contains important information.\n\nFirst things first:\n<ul>\n' +
        '<li><a href="%1$s" title="Subscribe">Subscribe</a></li>\n</ul>\n' +
        'As a subscriber, you will receive an email.\nWhen a new version is released, <a href="%2$s">log in</a> and follow.\n' +
        'Upgrading is a couple of clicks!\n\nThen you can start:\n<ul>\n<li>Edit at <a href="%3$s">Users &#8250; Profile</a></li>\n</ul>\n' +
        'To keep this post, <a href="%11$s">click</a>.\n\nThank you.\n';
      const expected =
        '<p>Welcome to WordPress!  This post contains important information.</p>\n<p>First things first:</p>\n<ul>\n' +
        '<li><a href="%1$s" title="Subscribe">Subscribe</a></li>\n</ul>\n' +
        '<p>As a subscriber, you will receive an email.<br />\nWhen a new version is released, <a href="%2$s">log in</a> and follow.<br />\n' +
        'Upgrading is a couple of clicks!</p>\n<p>Then you can start:</p>\n<ul>\n<li>Edit at <a href="%3$s">Users &#8250; Profile</a></li>\n</ul>\n' +
        '<p>To keep this post, <a href="%11$s">click</a>.</p>\n<p>Thank you.</p>\n';
      expect(wpautop(input)).to.equal(expected);
    });

    it('keeps manual breaks inside <pre>', () => {
      const input = 'Look at this code\n\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n\nCool, huh?';
      expect(wpautop(input).trim()).to.equal(
        '<p>Look at this code</p>\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n<p>Cool, huh?</p>',
      );
    });

    it('does not add breaks around inputs', () => {
      const input = 'Username: <input type="text" id="username" name="username" /><br />Password: <input type="password" id="password1" name="password1" />';
      expect(wpautop(input).trim()).to.equal(`<p>${input}</p>`);
    });

    it('collapses whitespace around <source> and <track>', () => {
      const input =
        'Paragraph one.\n\n<video controls="controls">\n\t\t\t\t<source type="video/mp4" src="a.mp4" />\n' +
        '\t\t\t\t<!-- WebM -->\n\t\t\t\t<source type="video/webm" src="a.webm" />\n' +
        '\t\t\t\t<track kind="subtitles" src="s.srt" srclang="en" />\n\t\t\t\t<a href="a.mp4">a.mp4</a>\n\t\t\t</video>\n\nParagraph two.';
      expect(wpautop(input).trim()).to.equal(
        '<p>Paragraph one.</p>\n<p><video controls="controls"><source type="video/mp4" src="a.mp4" /><!-- WebM -->' +
          '<source type="video/webm" src="a.webm" /><track kind="subtitles" src="s.srt" srclang="en" /><a href="a.mp4">a.mp4</a></video></p>\n' +
          '<p>Paragraph two.</p>',
      );
    });

    it('keeps newlines inside tags and inside <script>', () => {
      expect(wpautop('<a\nhref="x">link</a>\n<script>\nvar a;\n</script>')).to.equal('<p><a\nhref="x">link</a><br />\n<script>\nvar a;\n</script></p>\n');
    });

    it('moves a paragraph inside a blockquote', () => {
      expect(wpautop('<blockquote>Quoted</blockquote>')).to.equal('<blockquote><p>Quoted</p></blockquote>\n');
    });

    it('returns "" for whitespace only', () => {
      expect(wpautop(' \n\t ')).to.equal('');
    });
  });

  describe('shortcodeUnautop', () => {
    it('unwraps a standalone shortcode with its closing tag', () => {
      expect(shortcodeUnautop('<p>[video src="a.mp4"]x[/video]</p>\n')).to.equal('[video src="a.mp4"]x[/video]\n');
    });

    it('leaves unregistered shortcodes and inline ones wrapped', () => {
      expect(shortcodeUnautop('<p>[unknown]</p>')).to.equal('<p>[unknown]</p>');
      expect(shortcodeUnautop('<p>see [gallery]</p>')).to.equal('<p>see [gallery]</p>');
    });
  });
});
