import { setTimeout as sleep } from 'node:timers/promises';
import { type AttRecord, parseNaive } from '../simulator/zk/protocol';
import { type DeviceDriver, type DeviceRead, DeviceReadError, type DeviceUser, naiveNowIn } from './types';

/**
 * Driver `easylink`: Fingerspot's FService HTTP bridge (reference/devices.md §3). The log is
 * read with `/scanlog/all/paging`, never with the consuming `/scanlog/new` (a crash after
 * that call would leave a gap); re-reading everything is safe because the outbox and the
 * server both deduplicate. Busy answers (`message_code` 3) are retried a few times.
 */

export interface EasyLinkDriverOptions {
  host: string;
  port: number;
  serial: string;
  timeZone: string;
  timeoutMs?: number;
  pageSize?: number;
}

interface Answer {
  Result?: boolean;
  message_code?: number;
  message?: string;
  [k: string]: unknown;
}

export class EasyLinkDriver implements DeviceDriver {
  constructor(private readonly o: EasyLinkDriverOptions) {}

  private async call(path: string, params: Record<string, string> = {}): Promise<Answer> {
    const url = `http://${this.o.host.includes(':') ? `[${this.o.host}]` : this.o.host}:${this.o.port}${path}`;
    for (let attempt = 0; ; attempt++) {
      let body: Answer;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ sn: this.o.serial, ...params }).toString(),
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        body = (await res.json()) as Answer;
      } catch (e) {
        throw new DeviceReadError(`${path}: ${(e as Error).message}`);
      }
      if (body.Result === true) return body;
      if (body.message_code === 3 && attempt < 3) {
        await sleep(200 * (attempt + 1));
        continue;
      }
      throw new DeviceReadError(`${path} answered Result:false${body.message ? ` (${body.message})` : ''}`);
    }
  }

  async read(): Promise<DeviceRead> {
    const before = Date.now();
    const info = await this.call('/dev/info');
    const after = Date.now();
    const dev = (info.DEVINFO ?? {}) as Record<string, string>;
    const jam = parseNaive(dev.Jam ?? '');
    const deviceTime = Number.isNaN(jam) ? naiveNowIn(this.o.timeZone) : jam;
    const skewMs = Number.isNaN(jam) ? 0 : Math.round(jam + 500 - naiveNowIn(this.o.timeZone, Math.round((before + after) / 2)));
    const reported = dev['All Presensi'] === undefined ? undefined : Number(dev['All Presensi']);
    const records: AttRecord[] = [];
    for (let page = 0; ; page++) {
      if (page > 10_000) throw new DeviceReadError('/scanlog/all/paging never ended');
      const a = await this.call('/scanlog/all/paging', { limit: String(this.o.pageSize ?? 100) });
      const rows = Array.isArray(a.Data) ? (a.Data as Record<string, unknown>[]) : [];
      for (const r of rows) {
        records.push({
          uid: 0,
          userId: String(r.PIN ?? ''),
          verify: Number(r.VerifyMode) || 0,
          time: parseNaive(String(r.ScanDate ?? '')),
          state: Number(r.IOMode) || 0,
        });
      }
      if (a.IsSession !== true) break;
    }
    if (reported !== undefined && records.length !== reported) {
      throw new DeviceReadError(`read ${records.length} records but the terminal reports ${reported}; read refused`);
    }
    return { serial: this.o.serial, deviceTime, skewMs, logCount: records.length, records };
  }

  /** `/user/all/paging` until `IsSession` is false: users with their templates. */
  async getUsers(): Promise<DeviceUser[]> {
    const users: DeviceUser[] = [];
    for (let page = 0; ; page++) {
      if (page > 10_000) throw new DeviceReadError('/user/all/paging never ended');
      const a = await this.call('/user/all/paging', { limit: String(this.o.pageSize ?? 100) });
      for (const r of Array.isArray(a.Data) ? (a.Data as Record<string, unknown>[]) : []) {
        users.push({
          pin: String(r.PIN ?? ''),
          name: String(r.Name ?? ''),
          privilege: Number(r.Privilege) || 0,
          password: String(r.Password ?? ''),
          card: Number(r.RFID) || 0,
          templates: Array.isArray(r.Template) ? r.Template : [],
        });
      }
      if (a.IsSession !== true) break;
    }
    return users;
  }

  /** `/user/set` per user (added, or replaced by PIN). */
  async setUsers(users: readonly DeviceUser[]): Promise<number> {
    for (const u of users) {
      await this.call('/user/set', {
        pin: u.pin,
        nama: u.name,
        pwd: u.password,
        rfid: u.card ? String(u.card) : '',
        priv: String(u.privilege),
        tmp: JSON.stringify(u.templates ?? []),
      });
    }
    return users.length;
  }

  async clearLogIfConfirmed(): Promise<boolean> {
    // Refused by configuration validation: EasyLink cannot lock the terminal between read and delete.
    throw new DeviceReadError('clearing the log is not supported by the easylink driver');
  }
}
