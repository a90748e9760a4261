/**
 * Procedure names that mark heavy work (PDF, spreadsheet, download, import, export, generation;
 * issue 16 item 10, docs/security.md). Browser-safe: the server limits such calls per batch and per
 * user (server trpc/heavy.ts, which also honours `meta.heavy` and file downloads), and the web app
 * sends them unbatched so a screen never trips the batch limit.
 */
export const HEAVY_PROCEDURE_NAME = /pdf|xlsx|excel|download|import|generate|export/i;

/** Whether a dotted procedure path names heavy work. */
export const isHeavyProcedureName = (path: string): boolean => HEAVY_PROCEDURE_NAME.test(path);
