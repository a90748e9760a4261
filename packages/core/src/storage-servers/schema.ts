// Storage servers (issue 7): zod schemas and enums (browser-safe).
export {};
