import { acquireDataDirLock, type DataDirLock, migrateToLatest, openDb } from '@hr/core/db';
import { applyDueResignations } from '@hr/core/employees';
import { purgeExpiredSelfies } from '@hr/core/mobile-attendance';
import { createServices } from '@hr/core/services';
import { ensureReferenceData, isDemoSeeded, seedDemo } from '@hr/core/seed';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createJobService } from './jobs/kinds';
import { attachJobs } from './jobs/service';

function argPort(argv: string[]): number | undefined {
  const i = argv.indexOf('--port');
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
}

async function main(): Promise<void> {
  const port = argPort(process.argv);
  const config = loadConfig(process.env, port ? { port } : {});
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir, 'server', config.port);
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  await ensureReferenceData(handle.db);
  const services = createServices(handle.db, {
    auth: { sessionTtlMs: config.sessionTtlHours * 3600_000 },
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
  });
  let firstStart = false;
  if (config.seedDemo && !(await isDemoSeeded(services.ctx(null)))) {
    firstStart = true;
    const summary = await seedDemo(services.ctx(null));
    console.log(`Seeded demo company: ${summary.offices} offices, ${summary.employees} employees.`);
  }
  const app = await buildApp({ services, config });
  // Background jobs (docs/jobs.md): pg-boss on PostgreSQL, in-process on the embedded database.
  const jobs = createJobService(services, { log: app.log });
  attachJobs(services, jobs);
  await jobs.start({ databaseUrl: config.databaseUrl });
  await app.listen({ port: config.port, host: config.host });
  // Employees whose approved resignation's last working day is over are marked resigned (their
  // access already ends on that day: auth checks the resignation). At start, then hourly.
  const sweepResignations = () =>
    applyDueResignations(services.ctx(null)).then(
      (n) => (n ? app.log.info({ employees: n }, 'marked resigned after their last working day') : undefined),
      (err: unknown) => app.log.warn({ err }, 'resignation sweep failed; retried in an hour'),
    );
  // Live-attendance selfies older than their retention period (setting) are dropped; the punches stay.
  const purgeSelfies = () =>
    purgeExpiredSelfies(services.ctx(null)).then(
      (n) => (n ? app.log.info({ selfies: n }, 'purged selfies past their retention period') : undefined),
      (err: unknown) => app.log.warn({ err }, 'selfie purge failed; retried in an hour'),
    );
  await sweepResignations();
  await purgeSelfies();
  const sweep = setInterval(() => void sweepResignations().then(purgeSelfies), 3600_000);
  sweep.unref();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  console.log(`\nHR app running at http://localhost:${config.port}  (${where})`);
  console.log(`Mail: ${services.mail.describe}${services.mail.transport ? '' : ' (set SMTP_URL to send e-mail)'}`);
  if (config.seedDemo) {
    console.log(`Demo admin login: admin@demo.co.id / admin12345${firstStart ? '' : '  (other demo logins: see README)'}\n`);
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    await jobs.stop();
    await app.close();
    services.mail.transport?.close();
    await handle.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
