// Purchase of goods (issue 7): zod schemas and enums (browser-safe).
export {};
