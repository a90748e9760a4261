import { DATABASE_BUSY_MESSAGE } from '@hr/core/db';
import { xlsxBomb } from '@hr/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startTestApp, type TestApp } from '../rest/test-harness';
import { HEAVY_BUSY_MESSAGE, heavyBatchMessage, heavyGateOf, heavyStreamMessage } from './heavy';

/** Issue 16 items 9-11 through the real server: upload bombs, heavy batches, the busy embedded database. */
let t: TestApp;
let url: string;
let admin: Record<string, string>;
let staff: Record<string, string>;
let adminKey: string;

beforeAll(async () => {
  t = await startTestApp({ employees: 3 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = { authorization: `Bearer ${await loginToken(t.app, t.admin)}` };
  staff = { authorization: `Bearer ${await loginToken(t.app, t.staff)}` };
  const me = await t.tdb.db.selectFrom('users').select('id').where('email', '=', t.admin.email).executeTakeFirstOrThrow();
  adminKey = `user:${me.id}`;
});
afterAll(() => t?.close());

/** The first error of a REST envelope, and the error of a tRPC answer. */
const restError = async (r: Response) => ((await r.json()) as { errors: unknown[] }).errors[0];
const trpcError = async (r: Response) => ((await r.json()) as { error: unknown }).error;

const TOO_LARGE = 'The file unpacks to more than 32 MiB (the limit for an uploaded workbook); split it into smaller files';

describe('compressed bombs are refused before parsing (item 9)', () => {
  const bomb = xlsxBomb(40 * 1024 * 1024).toString('base64');

  it('POST /v2/h/purchaseOfGood/template: GL0001 on contentBase64', async () => {
    const res = await fetch(`${url}/v2/h/purchaseOfGood/template`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ contentBase64: bomb, dryRun: true }),
    });
    expect(res.status).toBe(400);
    expect(await restError(res)).toMatchObject({ code: 'GL0001', message: TOO_LARGE, attributes: [{ param: 'contentBase64' }] });
  });

  it('POST /v2/h/employee/import/dryRun: GL0001 on file', async () => {
    const res = await fetch(`${url}/v2/h/employee/import/dryRun`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'staff.xlsx', base64: bomb }),
    });
    expect(res.status).toBe(400);
    expect(await restError(res)).toMatchObject({ code: 'GL0001', message: TOO_LARGE, attributes: [{ param: 'file' }] });
  });
});

describe('heavy calls are limited per batch and per user (item 10)', () => {
  it('a tRPC batch of 100 PDF calls is refused whole before any runs; a batch of two is served', async () => {
    const paths = Array.from({ length: 100 }, () => 'attendance.personal.pdf').join(',');
    const input = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i), { month: '2026-01' }]));
    const res = await fetch(`${url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, {
      headers: staff,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error?: unknown };
    // One answer for the whole request, not one per call: none of the calls ran.
    expect(Array.isArray(body)).toBe(false);
    expect(body.error).toMatchObject({
      message: heavyBatchMessage(100),
      data: { appCode: 'GL0001', fields: [{ param: 'batch' }] },
    });

    // The streaming link cannot be used to get around the limits.
    const streamed = await fetch(`${url}/trpc/attendance.personal.pdf?batch=1&input=${encodeURIComponent('{"0":{}}')}`, {
      headers: { ...staff, 'trpc-accept': 'application/jsonl' },
    });
    expect(streamed.status).toBe(400);
    expect(await trpcError(streamed)).toMatchObject({ message: heavyStreamMessage('attendance.personal.pdf') });

    const two = await fetch(`${url}/trpc/employee.import.template,employee.import.template?batch=1`, { headers: admin });
    expect(two.status).toBe(200);
    const files = (await two.json()) as { result: { data: { fileName: string } } }[];
    expect(files.map((r) => r.result.data.fileName)).toEqual(['employee-import-template.xlsx', 'employee-import-template.xlsx']);
  });

  it('a user with two heavy calls running is answered 429 at once on both doors; others and light calls go on', async () => {
    const gate = heavyGateOf(t.app);
    const held = [gate.tryEnter(adminKey), gate.tryEnter(adminKey)];
    try {
      const rest = await fetch(`${url}/v2/h/employee/import/template`, { headers: admin });
      expect(rest.status).toBe(429);
      expect(rest.headers.get('retry-after')).toBe('5');
      expect(await restError(rest)).toMatchObject({ code: 'AU0004', message: HEAVY_BUSY_MESSAGE });

      const trpc = await fetch(`${url}/trpc/employee.import.template`, { headers: admin });
      expect(trpc.status).toBe(429);
      expect(trpc.headers.get('retry-after')).toBe('5');
      expect(await trpcError(trpc)).toMatchObject({ message: HEAVY_BUSY_MESSAGE, data: { appCode: 'AU0004' } });

      // A light call of the same user, and a heavy call of another user, are served.
      expect((await fetch(`${url}/v2/h/auth/me`, { headers: admin })).status).toBe(200);
      expect((await fetch(`${url}/trpc/employee.import.template`, { headers: staff })).status).not.toBe(429);
    } finally {
      for (const release of held) release?.();
    }
    expect((await fetch(`${url}/v2/h/employee/import/template`, { headers: admin })).status).toBe(200);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('a long import on the embedded database (item 11)', () => {
  const HEADER =
    'Given name,Surname,E-mail,Gender,Birth date,Company office,Department,Contract type,Religion,Education level,Marital status';
  // 900 rows hold the embedded database for about 3 s on a quiet machine (3–4 ms a row), well past the
  // 1 s after which a waiting request is answered "busy" (300 rows, ~1.2 s, were too close to it).
  const ROWS = Number(process.env.IMPORT_ROWS ?? 900);
  const csv = (n: number) =>
    Buffer.from(
      [
        HEADER,
        ...Array.from(
          { length: n },
          (_, i) => `Rudi,Import${i},import${i}@test.co.id,Male,1991-03-04,JKT,Human Capital,Permanent,Islam,S1,Married`,
        ),
      ].join('\n'),
    ).toString('base64');

  it('a file longer than 1,000 rows is refused there before anything is written (GL0001 on file)', async () => {
    for (const path of ['/v2/h/employee/import/dryRun', '/v2/h/employee/import']) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'long.csv', base64: csv(1001) }),
      });
      expect(res.status).toBe(400);
      expect(await restError(res)).toMatchObject({
        code: 'GL0001',
        message: 'The file has 1001 rows; on the embedded database import at most 1000 at once (split the file)',
        attributes: [{ param: 'file' }],
      });
    }
    expect(await t.tdb.db.selectFrom('employees').select('id').where('email', 'like', 'import%').execute()).toEqual([]);
  });

  it('another request is answered (served or "busy, retry") before the import ends; the import still commits', async () => {
    const order: string[] = [];
    const importing = fetch(`${url}/v2/h/employee/import`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'many.csv', base64: csv(ROWS) }),
    }).then(async (r) => {
      order.push('import answered');
      return { status: r.status, body: (await r.json()) as { result?: { imported: number } } };
    });
    await new Promise((r) => setTimeout(r, 200));
    const other = await fetch(`${url}/v2/h/auth/me`, { headers: staff }).then(async (r) => {
      order.push('other answered');
      return { status: r.status, retryAfter: r.headers.get('retry-after'), error: r.status === 503 ? await restError(r) : null };
    });
    const done = await importing;
    expect(order).toEqual(['other answered', 'import answered']);
    if (other.status === 503) {
      expect(other.retryAfter).toBe('5');
      expect(other.error).toMatchObject({ code: 'GL0503', message: DATABASE_BUSY_MESSAGE });
    } else expect(other.status).toBe(200);
    expect(done.status).toBe(200);
    expect(done.body.result?.imported).toBe(ROWS);
    // A loaded 2-core machine took up to ~25 s for these rows (seen while seven people tested at once).
  }, 60_000);
});
