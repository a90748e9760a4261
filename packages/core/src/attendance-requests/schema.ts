// Attendance corrections and overtime (issue 4): zod schemas and enums (browser-safe).
export {};
