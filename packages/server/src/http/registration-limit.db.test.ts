import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../rest/test-harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ employees: 1 });
});
afterAll(async () => {
  await t?.close();
});

const form = (email: string) => ({
  email,
  givenName: 'Siti',
  surname: 'Rahmawati',
  gender: 'Female',
  birthDate: '1995-03-14',
  religionId: 1,
  educationLevelId: 1,
  maritalStatusId: 5,
});

const submit = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/v2/h/employee/registration', payload: form(email), remoteAddress });

describe('self-registration is limited per network address', () => {
  it('the 11th registration within an hour from one address is refused with a clear message and writes nothing', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await submit(`applicant${i}@example.com`, '10.44.0.7');
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await submit('applicant11@example.com', '10.44.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 'error',
      errors: [{ msg: 'Too many registration attempts from your network. Please try again in 60 minutes.' }],
    });
    const stored = await t.tdb.db
      .selectFrom('registrations')
      .select('email')
      .where('email', '=', 'applicant11@example.com')
      .executeTakeFirst();
    expect(stored).toBeUndefined();

    // Another network is not affected.
    expect((await submit('applicant12@example.com', '10.44.0.8')).statusCode).toBe(200);
  });
});
