import { trpc } from '../../lib/trpc';

/**
 * After an organisation change: this module's lists, and the one lookup the selectors cache for
 * the whole session (spec §4), so the new or renamed entry appears in them.
 */
export function useRefreshOrg() {
  const utils = trpc.useUtils();
  return {
    office: () => Promise.all([utils.org.invalidate(), utils.lookup.companyOffices.invalidate()]),
    department: () => Promise.all([utils.org.invalidate(), utils.lookup.departments.invalidate()]),
    division: () => Promise.all([utils.org.invalidate(), utils.lookup.divisions.invalidate()]),
    section: () => Promise.all([utils.org.invalidate(), utils.lookup.sections.invalidate()]),
    jobPosition: () => Promise.all([utils.org.invalidate(), utils.lookup.jobPositions.invalidate()]),
    jobLevel: () => Promise.all([utils.org.invalidate(), utils.lookup.jobLevels.invalidate()]),
    idIndex: () => utils.org.invalidate(),
  };
}
