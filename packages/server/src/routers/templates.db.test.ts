import { describe, expect, it } from 'vitest';
import { collectRestRoutes } from '../rest/routes';
import { appRouter } from './index';
import { useTestApp } from './test-app';
import { TEMPLATES } from './templates';

const t = useTestApp({ employees: 1 });

describe('the templates lookup (spec §7, issue 20 item 5)', () => {
  it('every template names a real GET download path gated by the same permission', () => {
    const routes = collectRestRoutes(appRouter);
    for (const tpl of TEMPLATES) {
      const route = routes.find((r) => r.method === 'GET' && r.path === tpl.downloadPath);
      expect(route, tpl.code).toBeDefined();
      expect(route?.rest.download, tpl.code).toBe(true);
      expect(route?.permission, tpl.code).toBe(tpl.permission);
    }
  });

  it('lists the templates the login may download, each of which downloads', async () => {
    const admin = await t.bearer(t.admin);
    const list = await t.call('GET', '/v2/h/component/template', admin);
    expect(list.json()).toMatchObject({ status: 'success', success: 'Templates' });
    const rows = list.json().results as { code: string; downloadPath: string }[];
    expect(rows.map((r) => r.code)).toEqual(['employee-import', 'purchase-of-goods']);
    for (const r of rows) {
      const file = await t.call('GET', r.downloadPath, admin);
      expect(file.statusCode, r.code).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
    }
    // A plain employee may download none of them, so none is offered.
    const staff = await t.bearer(t.staff);
    expect((await t.call('GET', '/v2/h/component/template', staff)).json().results).toEqual([]);
  });
});
