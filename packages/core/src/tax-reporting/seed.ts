import { sql } from 'kysely';
import type { Ctx } from '../shared/context';

/** The demo company's NPWP: fictitious, but 16 digits like a real one (an old 15-digit NPWP with a leading 0). */
export const DEMO_COMPANY_NPWP = '0953284617031000';

/**
 * Demo data of the Coretax export (issue 18 §1): the company NPWP, an NITKU per office (the first office is the
 * head office, branch 000000; the others 000001, 000002, …), and a well-formed NIK for every employee without
 * one, so a finalised demo month exports out of the box. NIKs are fictitious: region 3171 01 (Jakarta), the
 * birth date ddmmyy (women: day + 40, Permendagri 7/2019) and a serial unique in the demo.
 */
export async function seedTaxReportingDemo(ctx: Ctx): Promise<void> {
  await ctx.db
    .insertInto('tax_company_identity')
    .values({ id: 1, npwp: DEMO_COMPANY_NPWP, updated_by: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await sql`
    insert into tax_office_identities (company_office_id, nitku)
    select id, ${DEMO_COMPANY_NPWP} || lpad((row_number() over (order by id) - 1)::text, 6, '0')
    from company_offices
    on conflict (company_office_id) do nothing`.execute(ctx.db);
  await sql`
    update employees e set national_id = '317101'
      || lpad((extract(day from e.birth_date)::int + case when e.gender = 'Female' then 40 else 0 end)::text, 2, '0')
      || to_char(e.birth_date, 'MMYY')
      || lpad(((x.n - 1) % 9999 + 1)::text, 4, '0')
    from (select id, row_number() over (order by id) as n from employees where national_id is null) x
    where e.id = x.id`.execute(ctx.db);
}
