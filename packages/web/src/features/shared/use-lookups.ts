import { LOOKUP_QUERY_OPTIONS } from '../../lib/lookup-cache';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/can';

/**
 * Lookup lists (spec §3/§4). Each is fetched once per session on first use and cached; the
 * dependent ones are cached per parent (the input is part of the query key); a cached list is
 * refetched only when it is empty (lib/lookup-cache.ts).
 */
export const useReligions = () => trpc.lookup.religions.useQuery(undefined, LOOKUP_QUERY_OPTIONS);
export const useEducationLevels = () => trpc.lookup.educationLevels.useQuery(undefined, LOOKUP_QUERY_OPTIONS);
export const useMaritalStatuses = () => trpc.lookup.maritalStatuses.useQuery(undefined, LOOKUP_QUERY_OPTIONS);
export const useBanks = () => trpc.lookup.banks.useQuery(undefined, LOOKUP_QUERY_OPTIONS);
export const useCountries = () => trpc.lookup.countries.useQuery(undefined, LOOKUP_QUERY_OPTIONS);
export const usePtkp = () => trpc.lookup.ptkp.useQuery(undefined, LOOKUP_QUERY_OPTIONS);
export const useJobLevels = () => trpc.lookup.jobLevels.useQuery(undefined, LOOKUP_QUERY_OPTIONS);

/** Spec §6: the company-offices lookup sends a developerAccess flag. */
export function useCompanyOffices(opts: { enabled?: boolean } = {}) {
  const developerAccess = useCan('developer.access') ? 1 : 0;
  return trpc.lookup.companyOffices.useQuery({ developerAccess }, { ...LOOKUP_QUERY_OPTIONS, enabled: opts.enabled ?? true });
}

export const useDepartments = (companyOfficeId?: number, opts: { enabled?: boolean } = {}) =>
  trpc.lookup.departments.useQuery({ companyOfficeId }, { ...LOOKUP_QUERY_OPTIONS, enabled: opts.enabled ?? true });

export const useDivisions = (filter: { companyOfficeId?: number; departmentId?: number }, opts: { enabled?: boolean } = {}) =>
  trpc.lookup.divisions.useQuery(filter, { ...LOOKUP_QUERY_OPTIONS, enabled: opts.enabled ?? true });

export const useSections = (filter: { divisionId?: number; departmentId?: number }, opts: { enabled?: boolean } = {}) =>
  trpc.lookup.sections.useQuery(filter, { ...LOOKUP_QUERY_OPTIONS, enabled: opts.enabled ?? true });

export const useJobPositions = (
  filter: { departmentId?: number; divisionId?: number; sectionId?: number },
  opts: { enabled?: boolean } = {},
) => trpc.lookup.jobPositions.useQuery(filter, { ...LOOKUP_QUERY_OPTIONS, enabled: opts.enabled ?? true });

/** A selected id from a select's value ("" → undefined). */
export function toId(v: string | number | null | undefined): number | undefined {
  const n = Number(v);
  return v === '' || v === null || v === undefined || !Number.isInteger(n) || n <= 0 ? undefined : n;
}

export function toOptions(list: readonly { id: number; name: string }[] | undefined) {
  return (list ?? []).map((i) => ({ value: i.id, label: i.name }));
}
