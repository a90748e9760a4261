import { expect, test } from '@playwright/test';
import { ROUTE_GROUPS } from '../../../packages/web/src/app/route-table';
import { signIn } from '../helpers';
import { ENGLISH_RE, INTERNAL_RE } from './english-words';

/*
 * Every screen in Bahasa Indonesia (issue 19 item 6): the superadmin of the demo opens every route of the
 * app that needs no id, in Indonesian, and none shows an English UI word of the known list (status badges,
 * enum values, select blanks, buttons) or an internal note. Data typed by people is not checked.
 */
const paths = ROUTE_GROUPS.flatMap((g) => g.routes.map((r) => r.path)).filter((p) => !p.includes(':'));

test(`every screen in Bahasa Indonesia shows no English UI word (${paths.length} screens)`, async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(() => localStorage.setItem('hr.language', 'id'));
  const page = await context.newPage();
  await signIn(page, 'admin@demo.co.id', 'admin12345');
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/Loading\.\.\.|Memuat/);
    // biome-ignore lint/performance/useDomNodeTextContent: the text a user sees, hidden text left out
    const text = await page.locator('body').innerText();
    const english = ENGLISH_RE.exec(text);
    if (english) problems.push(`${path}: English "${english[0]}"`);
    if (INTERNAL_RE.test(text)) problems.push(`${path}: internal note "${INTERNAL_RE.exec(text)?.[0]}"`);
  }
  expect(problems).toEqual([]);
});
