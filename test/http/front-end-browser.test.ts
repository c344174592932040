// The front-end pages in a real headless browser (Debian's Chromium, driven by playwright-core):
// what a person sees, the JSON-LD a crawler reads, links that lead somewhere, and axe-core's
// accessibility rules (WCAG 2.x A and AA) with no violation.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';
import { forEachDatabase } from '../support/databases.ts';
import { startFrontEndSite, type FrontEndSite } from '../support/front-end-site.ts';

const CHROMIUM = '/usr/bin/chromium';
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: these tests need Debian's Chromium (apt-get install -y chromium; .ci/run installs it)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

interface Violation { id: string; impact: string; nodes: Array<{ target: string[] }> }

/** axe-core's WCAG A/AA rules on the loaded page. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations as Violation[];
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The checks of the markup itself that axe leaves to judgement. */
async function markupFacts(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
    main: document.querySelectorAll('main').length,
    imagesWithoutAlt: document.querySelectorAll('img:not([alt])').length,
    unnamedLinks: [...document.querySelectorAll('a')].filter((a) => (a.textContent ?? '').trim() === '' && !a.getAttribute('aria-label')).length,
    navNames: [...document.querySelectorAll('nav')].map((n) => n.getAttribute('aria-label')),
    brokenImages: [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).length,
  }));
}

forEachDatabase('front-end pages in Chromium', (kind) => {
  let site: FrontEndSite;
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await launch();
    site = await startFrontEndSite(kind, { posts_per_page: '1' });
    page = await browser.newPage();
  });
  after(async () => {
    await browser?.close();
    await site?.t.close();
  });

  it('shows the event: title, dates, venue, organizers, cost, description and image, with JSON-LD that parses', async () => {
    const response = await page.goto(site.event.url);
    expect(response!.status()).to.equal(200);
    expect(await page.title()).to.equal('Event at draft venue – wpcal');
    expect(await page.locator('h1').innerText()).to.equal('Event at draft venue');
    expect(await page.locator('main time').allInnerTexts()).to.deep.equal(['December 10, 2026 @ 7:00 pm', '10:30 pm']);
    const details = await page.locator('main dl').innerText();
    for (const text of ['Oracle Hall', '1 Main St', 'Oracle Org', 'Second Org', '$25', 'Music', 'Free']) expect(details).to.include(text);
    expect(await page.locator('main section').innerText()).to.equal('Live jazz & friends.');
    const jsonLd = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent() ?? '');
    expect(jsonLd).to.have.length(1);
    expect(jsonLd[0]).to.include({ '@type': 'Event', name: 'Event at draft venue', url: site.event.url, startDate: '2026-12-10T19:00:00+01:00' });
    expect(jsonLd[0].location.name).to.equal('Oracle Hall');
    const facts = await markupFacts(page);
    expect(facts).to.deep.include({ lang: 'en-US', h1: ['Event at draft venue'], main: 1, imagesWithoutAlt: 0, unnamedLinks: 0, brokenImages: 0 });
    expect(facts.navNames.every(Boolean)).to.equal(true);
    // The shortlink in the head leads to the event's page.
    const shortlink = await page.locator('link[rel="shortlink"]').getAttribute('href');
    const followed = await page.goto(shortlink!);
    expect([followed!.status(), followed!.url()]).to.deep.equal([200, site.event.url]);
  });

  it('pages a venue\'s events with working previous and next links', async () => {
    await page.goto(site.event.venue.url);
    await page.getByRole('link', { name: 'Next events' }).click();
    expect(page.url()).to.equal(`${site.event.venue.url}page/2/`);
    expect(await page.locator('main h2').allInnerTexts()).to.deep.equal(['All-day fair']);
    await page.getByRole('link', { name: 'Previous events' }).click();
    expect(page.url()).to.equal(site.event.venue.url);
    expect(await page.locator('main h2').allInnerTexts()).to.deep.equal(['Event at draft venue']);
  });

  it('has links that all resolve, on the event page and on every page it links to', async () => {
    await page.goto(site.event.url);
    const hrefs: string[] = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).to.be.greaterThan(8);
    for (const href of new Set(hrefs)) {
      const res = await page.request.get(href);
      expect(res.status(), href).to.equal(200);
      if (!href.includes('/wp-json/')) {
        await page.goto(href);
        const onward: string[] = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        for (const next of new Set(onward)) expect((await page.request.head(next)).status(), `${href} → ${next}`).to.equal(200);
      }
    }
  });

  const pages: Array<[string, (site: FrontEndSite) => string]> = [
    ['an event', (s) => new URL(s.event.url).pathname],
    ['the home page', () => '/'],
    ['the events archive', () => '/events/'],
    ['a second list page', () => '/events/page/2/'],
    ['a venue\'s second page', (s) => `${new URL(s.event.venue.url).pathname}page/2/`],
    ['a category archive', () => '/events/category/music/'],
    ['a tag archive', () => '/tag/free/'],
    ['a venue', (s) => new URL(s.event.venue.url).pathname],
    ['an organizer', (s) => new URL(s.event.organizer[0].url).pathname],
    ['a password-protected event', () => '/event/secret-party/'],
    ['"not found"', () => '/no-such-page/'],
  ];
  for (const [name, pathOf] of pages) {
    it(`passes axe-core's WCAG A/AA and best-practice rules on ${name}`, async () => {
      const path = pathOf(site);
      const response = await page.goto(`${site.t.url}${path}`);
      expect(response!.status(), path).to.equal(name === '"not found"' ? 404 : 200);
      expect(await axeViolations(page), path).to.deep.equal([]);
      const facts = await markupFacts(page);
      expect(facts.h1, path).to.have.length(1);
      expect(facts.title, path).to.match(/wpcal$/);
      expect(facts.main, path).to.equal(1);
    });
  }
});
