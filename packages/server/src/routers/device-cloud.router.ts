import {
  cloudDeviceIdInput,
  cloudSecretOutput,
  listUnregisteredCloudTerminals,
  rotateCloudSecret,
  unregisteredCloudTerminalsOutput,
} from '@hr/core/device-cloud';
import { call, gate, noInput } from '../trpc/crud';
import { router } from '../trpc/procedures';

/*
 * Fingerspot.io cloud terminals (issue 21 part 3), behind the developer menu permission like the
 * rest of the terminal registry: issue or rotate a terminal's webhook secret (shown once), and the
 * cloud ids that called the webhook without being registered. The webhook itself is
 * POST /api/fingerspot/webhook (server/src/fingerspot-cloud/plugin.ts), outside tRPC.
 */
const P = '/v2/h/fingerspot/cloud';
const dev = gate('developer.access');

export const deviceCloudRouter = router({
  unregistered: dev.list(
    `${P}/unregistered`,
    'Unregistered cloud terminals',
    noInput(listUnregisteredCloudTerminals, unregisteredCloudTerminalsOutput),
  ),
  rotateSecret: dev.post(
    `${P}/{id}/secret`,
    'Webhook secret issued',
    call(cloudDeviceIdInput, rotateCloudSecret, cloudSecretOutput),
  ),
});
