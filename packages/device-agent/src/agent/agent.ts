import { hostname } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { type AgentConfig, type DeviceConfig, parseAddress } from '../config';
import { EasyLinkDriver } from '../drivers/easylink';
import type { DeviceDriver } from '../drivers/types';
import { naiveNowIn } from '../drivers/types';
import { ZkDriver } from '../drivers/zk';
import { type AttRecord, formatNaive, parseNaive } from '../simulator/zk/protocol';
import { appendDurable, Outbox, type Punch, punchKey } from './outbox';
import { QUARANTINE_FILE, readQuarantine, retryDone, retryRequested, writeQuarantine } from './quarantine';
import { type AgentState, type DeviceState, readState, writeState } from './state';
import { backoffMs, type CommandResult, Uploader } from './uploader';

/**
 * The agent: one polling loop per terminal (calls to a terminal are serialised; a slow or
 * dead one never holds up the others) and one upload loop that drains the durable outbox.
 * Design from reference/devices.md §6.
 */

export interface AgentOptions {
  config: AgentConfig;
  logger: Logger;
  fetch?: typeof fetch;
  random?: () => number;
  /** Upload retry delays (default 1 s to 5 min). */
  uploadBackoff?: { baseMs: number; maxMs: number };
  /** Device retry delays after a failed poll (default 5 s to the poll interval). */
  deviceBackoff?: { baseMs: number; maxMs: number };
  /** Drivers by device name, replacing the configured ones (tests). */
  drivers?: Record<string, DeviceDriver>;
}

const DAY = 86_400_000;
const EARLIEST = Date.UTC(2001, 0, 1);
/** A skew beyond this is logged as a warning on every poll (devices.md §6). */
export const SKEW_ALERT_MS = 60_000;
/** The outbox is considered large (logged, and flagged by status) above this many waiting punches. */
export const OUTBOX_ALERT = 200_000;
/** After this many failed polls in a row the failure is logged as an error, not a warning. */
export const DEVICE_ALERT_FAILURES = 5;
/** Warn when the terminal's log is this full (it stops recording or overwrites when full). */
export const LOG_FULL_ALERT = 0.8;

const rawKey = (r: AttRecord) => `${r.userId}|${r.time}|${r.state}|${r.verify}`;

/** Why a record from the terminal cannot be a punch, or null when it can. */
export function invalidReason(r: AttRecord, hostNowNaive: number): string | null {
  if (!r.userId.trim()) return 'blank user id';
  if (!/^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(r.userId)) return 'user id is not printable ASCII';
  if (Number.isNaN(r.time)) return 'unreadable time';
  if (r.time < EARLIEST) return `time ${formatNaive(r.time)} is before 2001 (clock reset?)`;
  if (r.time > hostNowNaive + DAY) return `time ${formatNaive(r.time)} is more than a day in the future`;
  return null;
}

export function makeDriver(d: DeviceConfig): DeviceDriver {
  const addr = parseAddress(d.address)!;
  const timeoutMs = Math.round((d.timeoutSeconds ?? 10) * 1000);
  if (d.driver === 'zk') {
    return new ZkDriver({
      host: addr.host,
      port: addr.port,
      timeZone: d.timeZone,
      commKey: d.commKey,
      serial: d.serial,
      timeoutMs,
    });
  }
  return new EasyLinkDriver({ host: addr.host, port: addr.port, serial: d.serial!, timeZone: d.timeZone, timeoutMs });
}

export class Agent {
  readonly outbox: Outbox;
  readonly dataDir: string;
  state: AgentState;
  private readonly uploader: Uploader;
  private readonly drivers = new Map<string, DeviceDriver>();
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly quarantined = new Set<string>();
  private readonly random: () => number;
  private running = false;
  private stopCtl = new AbortController();
  private loops: Promise<void>[] = [];
  private draining: Promise<{ retryMs: number }> | null = null;
  private uploadAttempt = 0;
  private kick: (() => void) | null = null;
  /** Cuts short a device loop's wait (a real-time punch arrived). */
  private readonly wakers = new Map<string, () => void>();

  constructor(private readonly o: AgentOptions) {
    const c = o.config;
    this.dataDir = path.resolve(c.agent.dataDir);
    this.outbox = new Outbox(this.dataDir);
    this.state = readState(this.dataDir);
    this.random = o.random ?? Math.random;
    this.uploader = new Uploader({
      serverUrl: c.server.url,
      clientId: c.oauth.clientId,
      clientSecret: c.oauth.clientSecret,
      agentName: c.agent.name ?? hostname(),
      fetch: o.fetch,
    });
    for (const d of c.devices) this.drivers.set(d.name, o.drivers?.[d.name] ?? makeDriver(d));
    for (const q of readQuarantine(this.dataDir)) this.quarantined.add(q.key);
  }

  private deviceState(name: string): DeviceState {
    this.state.devices[name] ??= {};
    return this.state.devices[name]!;
  }

  private save(): void {
    this.state.upload.quarantined = this.quarantined.size;
    writeState(this.dataDir, this.state);
  }

  /** Runs `fn` after every earlier call to the same terminal has finished. */
  private serial<T>(device: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.chains.get(device) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    this.chains.set(
      device,
      next.catch(() => {}),
    );
    return next;
  }

  /** Polls one terminal once; true when the read was accepted. */
  poll(deviceName: string): Promise<boolean> {
    const dev = this.o.config.devices.find((d) => d.name === deviceName);
    if (!dev) throw new Error(`no device named ${deviceName}`);
    return this.serial(deviceName, () => this.doPoll(dev));
  }

  /** Polls every terminal once, concurrently. */
  async pollAll(): Promise<boolean[]> {
    return Promise.all(this.o.config.devices.map((d) => this.poll(d.name)));
  }

  private async doPoll(dev: DeviceConfig): Promise<boolean> {
    const log = this.o.logger.child({ device: dev.name });
    const st = this.deviceState(dev.name);
    st.lastPollAt = new Date().toISOString();
    let read: Awaited<ReturnType<DeviceDriver['read']>>;
    try {
      read = await this.drivers.get(dev.name)!.read();
    } catch (e) {
      st.lastError = (e as Error).message;
      st.consecutiveFailures = (st.consecutiveFailures ?? 0) + 1;
      this.save();
      const level = st.consecutiveFailures >= DEVICE_ALERT_FAILURES ? 'error' : 'warn';
      log[level]({ err: st.lastError, failures: st.consecutiveFailures }, 'poll failed; the read was not accepted');
      return false;
    }
    try {
      return this.accept(dev, read, log);
    } catch (e) {
      // The disk refused the outbox or state write: the mark did not move, the next poll re-reads.
      st.lastError = `cannot store the read: ${(e as Error).message}`;
      st.consecutiveFailures = (st.consecutiveFailures ?? 0) + 1;
      log.error({ err: st.lastError }, 'poll read but not stored');
      return false;
    }
  }

  private accept(dev: DeviceConfig, read: Awaited<ReturnType<DeviceDriver['read']>>, log: Logger): boolean {
    const st = this.deviceState(dev.name);
    const serial = dev.serial ?? read.serial;
    const hostNow = naiveNowIn(dev.timeZone);
    const { records, logCount } = read;
    const prevCount = st.lastLogCount;
    const rewritten =
      prevCount !== undefined &&
      (logCount < prevCount ||
        (prevCount > 0 && (records[prevCount - 1] ? rawKey(records[prevCount - 1]!) : null) !== st.lastKey));
    const full = prevCount === undefined || rewritten || st.serial !== serial;
    if (rewritten)
      log.warn({ logCount, prevCount }, 'the log was cleared or rewritten since the last poll; re-reading all of it');
    const hwm = st.highWaterMark ? parseNaive(st.highWaterMark) : Number.NEGATIVE_INFINITY;
    const cutoff = hwm - this.o.config.agent.overlapHours * 3_600_000;
    const punches: Punch[] = [];
    const bad: string[] = [];
    let newest = hwm;
    records.forEach((r, i) => {
      if (!(full || i >= prevCount! || r.time >= cutoff)) return;
      const why = invalidReason(r, hostNow);
      if (why) {
        const key = `${serial}|${rawKey(r)}`;
        if (!this.quarantined.has(key)) {
          this.quarantined.add(key);
          bad.push(
            JSON.stringify({
              key,
              at: new Date().toISOString(),
              reason: why,
              kind: 'invalid',
              device: dev.name,
              record: { ...r, time: Number.isNaN(r.time) ? null : formatNaive(r.time) },
            }),
          );
        }
        return;
      }
      if (r.time > newest) newest = r.time;
      punches.push({ deviceSerial: serial, pin: r.userId, localTime: formatNaive(r.time), state: r.state, verifyType: r.verify });
    });
    // Durable first: the quarantine and outbox files are fsynced before the mark moves.
    appendDurable(path.join(this.dataDir, QUARANTINE_FILE), bad);
    if (bad.length) log.warn({ count: bad.length }, 'records that cannot be punches were set aside in quarantine.jsonl');
    const older = punches.filter((p) => parseNaive(p.localTime) < hwm && !this.outbox.has(punchKey(p))).length;
    const added = this.outbox.add(punches);
    if (Number.isFinite(newest)) st.highWaterMark = formatNaive(newest);
    st.serial = serial;
    st.lastLogCount = logCount;
    st.lastKey = records.length ? rawKey(records[records.length - 1]!) : null;
    st.skewMs = read.skewMs;
    st.lastSuccessAt = new Date().toISOString();
    st.lastError = null;
    st.consecutiveFailures = 0;
    this.save();
    if (Math.abs(read.skewMs) > SKEW_ALERT_MS)
      log.warn({ skewMs: read.skewMs }, 'the terminal clock is off by more than a minute');
    if (!full && older > 0) log.warn({ older }, 'new punches older than the high-water mark (clock moved back?)');
    log.info({ logCount, added, skewMs: read.skewMs, outbox: this.outbox.size }, 'poll accepted');
    this.kick?.();
    return true;
  }

  private skewFor(serial: string): number | null {
    for (const s of Object.values(this.state.devices)) if (s.serial === serial) return s.skewMs ?? null;
    return null;
  }

  /** Uploads until the outbox is empty or the server asks to wait (`retryMs` > 0). */
  drain(): Promise<{ retryMs: number }> {
    this.draining ??= this.doDrain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async doDrain(): Promise<{ retryMs: number }> {
    const log = this.o.logger.child({ component: 'upload' });
    const u = this.state.upload;
    this.retryQuarantined(log);
    while (this.outbox.size) {
      const batch = this.outbox.nextBatch(this.o.config.agent.batchSize);
      const serial = batch[0]!.deviceSerial;
      const out = await this.uploader.send(batch, this.skewFor(serial));
      const keys = batch.map(punchKey);
      if (out.kind === 'ok') {
        // Rejected punches are kept in the quarantine (counted and listed by `hr-agent status`)
        // until a person retries or clears them; the server shows the refusal on the terminal's page.
        const at = new Date().toISOString();
        const rejected = out.items.flatMap((it, i) =>
          it.status === 'rejected'
            ? [{ key: keys[i]!, at, reason: it.message ?? 'rejected', kind: 'rejected', punch: batch[i] }]
            : [],
        );
        appendDurable(
          path.join(this.dataDir, QUARANTINE_FILE),
          rejected.map((r) => JSON.stringify(r)),
        );
        for (const r of rejected) this.quarantined.add(r.key);
        if (rejected.length) {
          log.warn(
            { device: serial, count: rejected.length, reason: rejected[0]!.reason },
            'the server rejected punches; they are kept in quarantine.jsonl (hr-agent status lists them)',
          );
        }
        this.outbox.markDone(keys);
        this.uploadAttempt = 0;
        u.lastSuccessAt = new Date().toISOString();
        u.lastError = null;
        u.nextAttemptAt = null;
        this.save();
        log.info(
          {
            device: serial,
            count: batch.length,
            inserted: out.items.filter((i) => i.status === 'inserted').length,
            left: this.outbox.size,
          },
          'batch uploaded',
        );
        continue;
      }
      if (out.kind === 'quarantine') {
        appendDurable(
          path.join(this.dataDir, 'quarantine.jsonl'),
          batch.map((p) =>
            JSON.stringify({ key: punchKey(p), at: new Date().toISOString(), reason: out.reason, kind: 'refused', punch: p }),
          ),
        );
        for (const k of keys) this.quarantined.add(k);
        this.outbox.markDone(keys);
        u.lastError = out.reason;
        this.save();
        log.error(
          { reason: out.reason, count: batch.length },
          'the server refused a batch; it was set aside in quarantine.jsonl',
        );
        continue;
      }
      const delay = backoffMs(
        this.uploadAttempt++,
        { ...(this.o.uploadBackoff ?? { baseMs: 1000, maxMs: 300_000 }), random: this.random },
        out.retryAfterMs,
      );
      u.lastError = out.reason;
      u.nextAttemptAt = new Date(Date.now() + delay).toISOString();
      this.save();
      log.warn({ reason: out.reason, retryInMs: delay, outbox: this.outbox.size }, 'upload failed; will retry');
      return { retryMs: delay };
    }
    await this.clearConfirmedLogs();
    return { retryMs: 0 };
  }

  /**
   * `hr-agent quarantine retry` was asked for: the quarantined punches go back in the outbox (in
   * that order, durably) and leave the quarantine; records that cannot be punches stay.
   */
  private retryQuarantined(log: Logger): void {
    if (!retryRequested(this.dataDir)) return;
    const entries = readQuarantine(this.dataDir);
    const again = entries.filter((e) => e.punch);
    const requeued = this.outbox.requeue(again.map((e) => e.punch!));
    writeQuarantine(
      this.dataDir,
      entries.filter((e) => !e.punch),
    );
    for (const e of again) this.quarantined.delete(e.key);
    retryDone(this.dataDir);
    this.save();
    log.info({ requeued, kept: entries.length - again.length }, 'quarantined punches put back in the outbox (retry)');
  }

  /** Clears the logs of terminals configured for it, once the server has every punch. */
  private async clearConfirmedLogs(): Promise<void> {
    for (const dev of this.o.config.devices) {
      if (!dev.clearLogAfterUpload) continue;
      const st = this.deviceState(dev.name);
      if (!st.serial || !st.lastLogCount || this.outbox.pendingFor(st.serial) > 0) continue;
      const serial = st.serial;
      const cleared = await this.serial(dev.name, () =>
        this.drivers
          .get(dev.name)!
          .clearLogIfConfirmed(
            (r) =>
              invalidReason(r, naiveNowIn(dev.timeZone)) !== null ||
              this.outbox.isDone(punchKey({ deviceSerial: serial, pin: r.userId, localTime: formatNaive(r.time) })),
          )
          .catch((e: Error) => {
            this.o.logger.warn({ device: dev.name, err: e.message }, 'could not clear the log');
            return false;
          }),
      );
      if (cleared) {
        st.lastLogCount = 0;
        st.lastKey = null;
        st.lastClearedAt = new Date().toISOString();
        this.save();
        this.o.logger.info({ device: dev.name }, 'device log cleared after the server confirmed every punch');
      }
    }
  }

  /**
   * Fetches the server's pending commands for this agent's terminals and carries them out, each
   * in turn with the terminal's other calls: upload users, back up users. Reports every outcome;
   * a failed command is reported failed (the developer queues it again). Returns how many ran.
   */
  async runCommands(): Promise<number> {
    const log = this.o.logger.child({ component: 'commands' });
    const bySerial = new Map<string, DeviceConfig>();
    for (const dev of this.o.config.devices) {
      const serial = dev.serial ?? this.deviceState(dev.name).serial;
      if (serial) bySerial.set(serial, dev);
    }
    if (bySerial.size === 0) return 0;
    let commands: Awaited<ReturnType<Uploader['fetchCommands']>>;
    try {
      commands = await this.uploader.fetchCommands([...bySerial.keys()]);
    } catch (e) {
      log.warn({ err: (e as Error).message }, 'cannot fetch commands; will ask again');
      return 0;
    }
    let ran = 0;
    for (const c of commands) {
      const dev = bySerial.get(c.serial);
      if (!dev) continue;
      const driver = this.drivers.get(dev.name)!;
      let result: CommandResult;
      try {
        result = await this.serial(dev.name, async (): Promise<CommandResult> => {
          if (c.kind === 'backup-users') {
            if (!driver.getUsers) throw new Error('this driver cannot read users');
            return { ok: true, users: await driver.getUsers() };
          }
          if (!driver.setUsers) throw new Error('this driver cannot write users');
          return { ok: true, written: await driver.setUsers(c.payload.users ?? []) };
        });
      } catch (e) {
        result = { ok: false, error: (e as Error).message.slice(0, 1000) };
      }
      const taken = await this.uploader.reportCommand(c.id, result).catch(() => false);
      ran++;
      const summary = { device: dev.name, command: c.id, kind: c.kind, ok: result.ok, reported: taken };
      if (result.ok) log.info(summary, 'command carried out');
      else log.warn({ ...summary, err: result.error }, 'command failed');
    }
    return ran;
  }

  private sleep(ms: number, device?: string): Promise<void> {
    return new Promise((resolve) => {
      if (!this.running) return resolve();
      const t = setTimeout(done, ms);
      const signal = this.stopCtl.signal;
      const wakers = this.wakers;
      function done() {
        clearTimeout(t);
        signal.removeEventListener('abort', done);
        if (device && wakers.get(device) === done) wakers.delete(device);
        resolve();
      }
      signal.addEventListener('abort', done);
      if (device) wakers.set(device, done);
    });
  }

  /** Starts the polling loops and the upload loop (the `hr-agent start` daemon). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopCtl = new AbortController();
    const interval = this.o.config.agent.pollIntervalSeconds * 1000;
    const devBackoff = this.o.deviceBackoff ?? { baseMs: 5000, maxMs: interval };
    for (const dev of this.o.config.devices) {
      this.loops.push(
        (async () => {
          while (this.running) {
            const ok = await this.poll(dev.name).catch((e: Error) => {
              this.o.logger.error({ device: dev.name, err: e.message }, 'poll crashed');
              return false;
            });
            if (!this.running) break;
            const failures = this.deviceState(dev.name).consecutiveFailures ?? 0;
            await this.sleep(ok ? interval : backoffMs(failures - 1, { ...devBackoff, random: this.random }), dev.name);
          }
        })(),
      );
      const driver = this.drivers.get(dev.name)!;
      if (dev.realtime && driver.watch) {
        const signal = this.stopCtl.signal;
        this.loops.push(
          driver.watch((userId) => {
            this.o.logger.debug({ device: dev.name, userId }, 'real-time punch; polling now');
            // A short delay lets a burst of punches arrive before the read.
            setTimeout(() => this.wakers.get(dev.name)?.(), 300);
          }, signal),
        );
      }
    }
    // Terminal commands queued on the server: asked for once per poll interval.
    this.loops.push(
      (async () => {
        while (this.running) {
          await this.runCommands().catch((e: Error) => this.o.logger.error({ err: e.message }, 'commands crashed'));
          if (!this.running) break;
          await this.sleep(interval);
        }
      })(),
    );
    this.loops.push(
      (async () => {
        while (this.running) {
          const { retryMs } = await this.drain().catch((e: Error) => {
            this.o.logger.error({ err: e.message }, 'upload crashed; retrying');
            return { retryMs: 30_000 };
          });
          if (!this.running) break;
          if (retryMs > 0) await this.sleep(retryMs);
          else if (!this.outbox.size) {
            await new Promise<void>((resolve) => {
              const t = setTimeout(() => resolve(), interval);
              const wake = () => {
                clearTimeout(t);
                this.stopCtl.signal.removeEventListener('abort', wake);
                this.kick = null;
                resolve();
              };
              this.kick = wake;
              this.stopCtl.signal.addEventListener('abort', wake);
            });
          }
        }
      })(),
    );
  }

  /** Stops the loops; waits for the read or upload in progress to end. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopCtl.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
  }
}
