// The ZK client libraries ship no types; these cover what the agent and the tests use.

declare module 'zkteco-js' {
  export interface ZktecoUser {
    uid: number;
    role: number;
    password: string;
    name: string;
    cardno: number;
    userId: string;
  }
  export interface ZktecoAttendance {
    sn: number;
    user_id: string;
    record_time: string;
    type: number;
    state: number;
    ip: string;
  }
  export default class Zkteco {
    constructor(ip: string, port: number, timeoutMs: number, inport?: number, maxChunk?: number);
    ztcp: import('zkteco-js/src/ztcp.js').default;
    createSocket(cbErr?: (e: unknown) => void, cbClose?: (t: string) => void): Promise<boolean>;
    disconnect(): Promise<unknown>;
    getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
    getUsers(): Promise<{ data: ZktecoUser[] }>;
    getAttendances(cb?: (got: number, total: number) => void): Promise<{ data: ZktecoAttendance[] }>;
    getTime(): Promise<Date>;
    setTime(t: Date): Promise<unknown>;
    getSerialNumber(): Promise<string>;
    getDeviceName(): Promise<string>;
    getRealTimeLogs(cb: (e: { userId: string; attTime: Date }) => void): Promise<void>;
    clearAttendanceLog(): Promise<unknown>;
    enableDevice(): Promise<unknown>;
    disableDevice(): Promise<unknown>;
  }
}

declare module 'zkteco-js/src/ztcp.js' {
  import type { Socket } from 'node:net';
  export default class ZTCP {
    constructor(ip: string, port: number, timeoutMs: number, maxChunk?: number);
    ip: string;
    port: number;
    timeout: number;
    sessionId: number | null;
    replyId: number;
    socket: Socket | null;
    createSocket(cbErr?: (e: unknown) => void, cbClose?: (t: string) => void): Promise<Socket>;
    executeCmd(command: number, data: Buffer | string): Promise<Buffer>;
    getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
    getSerialNumber(): Promise<string>;
    freeData(): Promise<Buffer>;
    disableDevice(): Promise<Buffer>;
    enableDevice(): Promise<Buffer>;
    clearAttendanceLog(): Promise<Buffer>;
    setUser(uid: number, userid: string, name: string, password: string, role?: number, cardno?: number): Promise<Buffer>;
    closeSocket(): Promise<boolean>;
    disconnect(): Promise<boolean>;
  }
}

declare module 'zkteco-js/src/helper/utils.js' {
  export function createTCPHeader(command: number, sessionId: number, replyId: number, data: Buffer | string): Buffer;
}

declare module 'node-zklib' {
  export default class ZKLib {
    constructor(ip: string, port: number, timeoutMs: number, inport: number);
    createSocket(cbErr?: (e: unknown) => void, cbClose?: (t: string) => void): Promise<void>;
    disconnect(): Promise<unknown>;
    getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
    getUsers(): Promise<{
      data: { uid: number; role: number; password: string; name: string; cardno: number; userId: string }[];
    }>;
    getAttendances(): Promise<{
      data: { userSn: number; deviceUserId: string; recordTime: Date; ip: string }[];
      err: unknown;
    }>;
  }
}
