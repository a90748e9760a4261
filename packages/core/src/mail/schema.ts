// Browser-safe zod schemas of this module (exported from browser.ts).
export {};
