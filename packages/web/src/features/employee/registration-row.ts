import type { RouterOutputs } from '../../lib/trpc';

export type RegistrationRow = RouterOutputs['employee']['registration']['list']['rows'][number];

export const fullName = (r: { givenName: string; surname: string }) => `${r.givenName} ${r.surname}`.trim();
