import { z } from 'zod';

/*
 * Form rules of the cooperative screens. They mirror core's cooperative/schema.ts (which the server
 * applies again); core's schema is not on the browser surface (@hr/core/browser) yet, so the few
 * rules a form checks before sending live here.
 */
const rupiah = z.string().regex(/^\d{1,15}$/, 'must be a whole number of rupiah (0 or more)');
const positiveRupiah = rupiah.refine((v) => !/^0+$/.test(v), 'must be more than 0');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date dd/mm/yyyy');

export const depositForm = z.object({
  product: z.enum(['principal', 'mandatory', 'voluntary']),
  amount: positiveRupiah,
  date: isoDate,
  note: z.string().max(500).optional(),
});

export const withdrawalForm = z.object({
  amount: positiveRupiah,
  reason: z.string().trim().min(1, 'is required').max(1000),
});

export const settingsForm = z.object({ principalAmount: rupiah, mandatoryAmount: rupiah });

export const addMembersForm = z.object({ companyOfficeId: z.number().int().positive(), joinDate: isoDate });
