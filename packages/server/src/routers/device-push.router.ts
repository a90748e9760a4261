import {
  getPushSettings,
  listPushCommands,
  listPushUsers,
  listUnregisteredPushTerminals,
  pushCommandOutput,
  pushCommandsOutput,
  pushDeviceIdInput,
  pushSettingsInput,
  pushSettingsOutput,
  pushSettingsSavedOutput,
  pushUsersOutput,
  queuePushCommand,
  queuePushCommandInput,
  setPushSettings,
  unregisteredPushTerminalsOutput,
} from '@hr/core/device-push';
import { call, gate, noInput } from '../trpc/crud';
import { router } from '../trpc/procedures';

/*
 * ZKTeco ADMS push terminals (issue 21 part 1), behind the developer menu permission like the
 * rest of the terminal registry: serials seen but not registered, a push terminal's settings,
 * its command queue (DATA QUERY ATTLOG, CHECK, REBOOT) and the users/templates it reported.
 */
const P = '/v2/h/fingerspot/push';
const dev = gate('developer.access');

export const devicePushRouter = router({
  unregistered: dev.list(
    `${P}/unregistered`,
    'Unregistered push terminals',
    noInput(listUnregisteredPushTerminals, unregisteredPushTerminalsOutput),
  ),
  settings: dev.get(`${P}/{id}/settings`, 'Push terminal settings', call(pushDeviceIdInput, getPushSettings, pushSettingsOutput)),
  saveSettings: dev.post(
    `${P}/{id}/settings`,
    'Push terminal settings saved',
    call(pushSettingsInput, setPushSettings, pushSettingsSavedOutput),
  ),
  commands: dev.list(`${P}/{id}/command`, 'Push commands', call(pushDeviceIdInput, listPushCommands, pushCommandsOutput)),
  queueCommand: dev.post(
    `${P}/{id}/command`,
    'Push command queued',
    call(queuePushCommandInput, queuePushCommand, pushCommandOutput),
  ),
  users: dev.list(`${P}/{id}/users`, 'Push terminal users', call(pushDeviceIdInput, listPushUsers, pushUsersOutput)),
});
