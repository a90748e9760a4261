/**
 * A terminal as `device.detail` answers it (Gate B, a ZKTeco terminal with nothing recorded yet): the
 * tests of the terminal and credential pages start from it and change what they look at.
 */
export const deviceDetail = (over: Record<string, unknown> = {}) => ({
  id: 5,
  name: 'Gate B',
  driver: 'zk',
  address: '10.0.0.3',
  port: 4370,
  serial: 'SN-B',
  companyOfficeId: null,
  companyOffice: null,
  timeZone: 'Asia/Jakarta',
  hasCommKey: false,
  commKey: null,
  active: true,
  lastSeenAt: null,
  skewMs: null,
  status: { lastSeenAt: null, skewMs: null, agent: null, reports: 0, punchesReceived: 0 },
  skewWarning: false,
  logCounts: { total: 0, mapped: 0, unmapped: 0, today: 0, lastPunch: null, outsideNetwork: 0 },
  recentScans: [],
  cloudId: null,
  cloudSecretSetAt: null,
  refusals: [],
  mappedPins: [],
  unmappedPins: [],
  ...over,
});
