import type { Browser, Page } from 'playwright-core';
import { visitorPassUnusableMessage } from '../../contract/visitor-pass';
import { launchChromium } from '../../scripts/stack/chromium';
import { registerThroughForm, type E2eResident } from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(120_000);

let fixture: StackFixture;
let browser: Browser;
let page: Page;
const violations: string[] = [];

const inviteCode = `E2E-CSP-${Date.now()}`;
const resident: E2eResident = {
  email: `grace.${Date.now()}@example.com`,
  first: 'Grace',
  last: 'Hopper',
  password: 'Compiler1952',
};

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode);
  browser = await launchChromium();
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  // Every refusal in every document the page loads, as a council's CSP reports would count it.
  await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(violation: string): void })
        .reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
    });
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

// The pages forbid eval (scripts/stack/content-security-policy.ts). A library that tries it all
// the same is refused, and each refusal is a report where a council collects them: zod, which
// reads the API's answers, probes for eval unless told not to (contract/zod-in-a-page.ts).
test('signed-in pages and the visitor’s page run nothing their content security policy refuses', async () => {
  const answer = await page.goto(`${fixture.stack.webUrl}/login`);
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self';");
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.waitForURL(`${fixture.stack.webUrl}/`);
  await page.getByText('Welcome, Grace!').waitFor();
  await page.goto(`${fixture.stack.webUrl}/my-permits`);
  await page.getByText('No permits found matching your criteria.').waitFor();
  await page.goto(`${fixture.stack.webUrl}/visitor-passes`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // A visitor's link (one that works no more: the same screen reads the API's answer).
  await page.goto(`${fixture.stack.webUrl}/visit/${'x'.repeat(43)}`);
  await page.getByRole('heading', { level: 1, name: visitorPassUnusableMessage }).waitFor();
  expect(violations).toEqual([]);
});
