/** A credential as `auth.credential.detail` answers it: the tests of the credential pages start from it. */
export const credentialDetail = {
  id: 7,
  clientId: 'cid_abc',
  name: 'Gate agent',
  scopes: ['ingest'],
  deviceId: null,
  deviceName: null,
  deviceSerial: null,
  actsAs: 'admin@demo.co.id',
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: null,
  revokedAt: null,
};
