export { ensureReferenceData } from './reference';
export { DEMO_USERS, isDemoSeeded, seedDemo, type SeedSummary } from './demo';
