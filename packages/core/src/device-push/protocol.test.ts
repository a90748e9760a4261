import { describe, expect, it } from 'vitest';
import {
  decodeBody,
  formatOptions,
  parseAttlog,
  parseDeviceCmd,
  parseDeviceTime,
  parseOperlog,
  parseSerial,
  skewFromDateHeader,
  splitLines,
  userInfoCommand,
  utcOffsetHours,
} from './protocol';

describe('ADMS push protocol text', () => {
  it('splits CRLF, LF and lone CR lines and drops empty ones', () => {
    expect(splitLines('a\r\nb\nc\rd\r\n\r\n\n')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads ATTLOG rows, status 255 included, and refuses lines that are not punches', () => {
    const rows = parseAttlog(
      '1001\t2026-11-19 07:58:00\t255\t1\t0\t0\t0\n1002\t2026-02-30 08:00:00\t0\t1\n\t2026-11-19 08:00:00\t0\t1\n1003\t2026-11-19 08:00:00\n',
    );
    expect(rows[0]).toEqual({
      ok: true,
      row: { pin: '1001', localTime: '2026-11-19T07:58:00', status: 255, verify: 1, workcode: '0' },
    });
    expect(rows[1]).toMatchObject({ ok: false, line: 2 });
    expect(rows[2]).toMatchObject({ ok: false, line: 3 });
    expect(rows[3]).toEqual({
      ok: true,
      row: { pin: '1003', localTime: '2026-11-19T08:00:00', status: 0, verify: 0, workcode: '' },
    });
    expect(parseDeviceTime('2028-02-29 23:59:59')).toBe('2028-02-29T23:59:59');
    expect(parseDeviceTime('2026-11-19 24:00:00')).toBeNull();
  });

  it('decodes UTF-8, GBK and latin-1 names', () => {
    expect(decodeBody(Buffer.from('Name=José', 'utf8'))).toBe('Name=José');
    expect(decodeBody(Buffer.from('Name=José Müller', 'latin1'))).toBe('Name=José Müller');
    expect(decodeBody(Buffer.concat([Buffer.from('Name='), Buffer.from([0xd5, 0xc5, 0xc8, 0xfd])]))).toBe('Name=张三');
    expect(decodeBody(Buffer.from([0x41, 0xe9]), 'text/plain; charset=iso-8859-2')).toBe('Aé');
  });

  it('reads OPERLOG USER and FP records', () => {
    const r = parseOperlog(
      'USER PIN=7\tName=Budi\tPri=14\tPasswd=12\tCard=[0000012345]\tGrp=1\nFP PIN=7\tFID=6\tSize=4\tValid=1\tTMP=QUJDRA==\nOPLOG 4\t0\nFOO bar\nFP PIN=7\tFID=12\tTMP=AA==\n',
    );
    expect(r[0]).toEqual({
      ok: true,
      row: { kind: 'user', user: { pin: '7', name: 'Budi', privilege: 14, password: '12', card: 12345 } },
    });
    expect(r[1]).toEqual({ ok: true, row: { kind: 'fp', fp: { pin: '7', fid: 6, size: 4, valid: 1, tmp: 'QUJDRA==' } } });
    expect(r[2]).toEqual({ ok: true, row: { kind: 'oplog' } });
    expect(r[3]).toMatchObject({ ok: false, line: 4 });
    expect(r[4]).toMatchObject({ ok: false, line: 5 });
  });

  it('formats the options block and commands, and reads command results', () => {
    const o = formatOptions({
      serial: 'SN1',
      attlogStamp: 'None',
      operlogStamp: '9',
      timeZoneHours: 7,
      delay: 10,
      errorDelay: 30,
    });
    expect(o.split('\n')[0]).toBe('GET OPTION FROM: SN1');
    expect(o).toContain('\nTimeZone=7\n');
    expect(o).toContain('\nEncrypt=0\n');
    expect(utcOffsetHours('Asia/Jayapura', new Date('2026-11-26T00:00:00Z'))).toBe(9);
    expect(userInfoCommand({ pin: '1', name: 'A\tB', privilege: 0, password: '', card: 5 })).toBe(
      'DATA UPDATE USERINFO PIN=1\tName=A B\tPri=0\tPasswd=\tCard=5\tGrp=1',
    );
    expect(parseDeviceCmd('ID=12&Return=0&CMD=DATA\r\nID=x&Return=0\nID=13&Return=-1002&CMD=REBOOT\n')).toEqual([
      { id: 12, code: 0, cmd: 'DATA' },
      { id: 13, code: -1002, cmd: 'REBOOT' },
    ]);
    expect(parseSerial(' ABC-1 ')).toBe('ABC-1');
    expect(parseSerial(['A', 'B'])).toBeNull();
    expect(parseSerial('a/b')).toBeNull();
    expect(skewFromDateHeader('Thu, 26 Nov 2026 10:00:30 GMT', new Date('2026-11-26T10:00:00Z'))).toBe(30_000);
    expect(skewFromDateHeader('nonsense', new Date())).toBeNull();
  });
});
