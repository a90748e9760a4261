// Canteen (issue 8): zod schemas and enums (browser-safe).
export {};
