// A payroll engine worker that cannot start (load-chunks.db.test.ts: a run carries on without its threads).
throw new Error('this engine worker cannot start');
