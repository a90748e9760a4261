import { renderPdf } from '../shared/pdf';
import type { Ctx } from '../shared/context';

/** Two demo regulations with real PDF documents: one company-wide, one for the first office. */
export async function seedRegulationsDemo(ctx: Ctx): Promise<void> {
  const office = await ctx.db.selectFrom('company_offices').select(['id', 'name']).orderBy('id').executeTakeFirst();
  const docs = [
    {
      title: 'Peraturan Perusahaan 2026–2028',
      description: 'Company regulation approved by the Ministry of Manpower',
      effective_date: '2026-01-01',
      company_office_id: null,
      file_name: 'peraturan-perusahaan-2026.pdf',
      body: ['Working hours are 40 hours a week.', 'Annual leave is 12 working days after 12 months of service.'],
    },
    {
      title: `Tata tertib kantor ${office?.name ?? ''}`.trim(),
      description: 'Office rules: access cards, parking and visitors',
      effective_date: '2026-07-01',
      company_office_id: office?.id ?? null,
      file_name: 'tata-tertib-kantor.pdf',
      body: ['Wear your access card visibly.', 'Visitors register at the front desk.'],
    },
  ];
  for (const d of docs) {
    const pdf = await renderPdf({ title: d.title, subtitle: d.description, notes: d.body });
    await ctx.db
      .insertInto('regulations')
      .values({
        title: d.title,
        description: d.description,
        effective_date: d.effective_date,
        company_office_id: d.company_office_id,
        file_name: d.file_name,
        mime: 'application/pdf',
        size: pdf.length,
        content: pdf,
        created_by: null,
      })
      .execute();
  }
}
