import {
  agentCommandResult,
  agentCommandResultInput,
  agentCommandsInput,
  agentPendingCommands,
  commandIdInput,
  createDevice,
  createDeviceInput,
  createHotspot,
  createHotspotInput,
  deleteDevice,
  deleteHotspot,
  deviceIdInput,
  downloadDeviceBackup,
  exportScanLog,
  getDevice,
  hotspotIdInput,
  listDevices,
  listDeviceCommands,
  listDevicesInput,
  listHotspots,
  listHotspotsInput,
  listScanLog,
  queueCommandInput,
  queueDeviceCommand,
  scanLogExcelInput,
  scanLogInput,
  updateDevice,
  updateDeviceInput,
  updateHotspot,
  updateHotspotInput,
} from '@hr/core/devices';
import { router } from '../trpc/procedures';
import {
  agentCommandResultOutput,
  agentPendingCommandsOutput,
  createDeviceOutput,
  createHotspotOutput,
  deleteDeviceOutput,
  deleteHotspotOutput,
  getDeviceOutput,
  listDeviceCommandsOutput,
  listDevicesOutput,
  listHotspotsOutput,
  listScanLogOutput,
  queueDeviceCommandOutput,
  updateDeviceOutput,
  updateHotspotOutput,
} from '@hr/core/devices';
import { fileResult } from '../trpc/output';
import { call, gate, writeProcedures } from '../trpc/crud';

/*
 * Fingerprint terminals and office networks (spec §7 `fingerspot/device`, `fingerspot/excel`,
 * `network/hotspot`), all behind the developer menu permission. The agents' upload itself is
 * `attendance.punch.ingest` (permission device.ingest).
 */
const F = '/v2/h/fingerspot';
const N = '/v2/h/network/hotspot';

/** 32 MiB: a backup of a full terminal (users and fingerprint templates, base64 in JSON). */
const AGENT_RESULT_BODY_LIMIT = 32 * 1024 * 1024;
const dev = gate('developer.access');
const ingest = gate('device.ingest');

export const deviceRouter = router({
  list: dev.list(`${F}/device`, 'Fingerprint devices', call(listDevicesInput, listDevices, listDevicesOutput)),
  detail: dev.get(`${F}/device/{id}`, 'Fingerprint device', call(deviceIdInput, getDevice, getDeviceOutput)),
  ...writeProcedures(
    'developer.access',
    { path: `${F}/device`, noun: 'Fingerprint device' },
    {
      create: call(createDeviceInput, createDevice, createDeviceOutput),
      update: call(updateDeviceInput, updateDevice, updateDeviceOutput),
      delete: call(deviceIdInput, deleteDevice, deleteDeviceOutput),
    },
  ),
  scanlog: dev.list(`${F}/device/{id}/scanlog`, 'Scan log', call(scanLogInput, listScanLog, listScanLogOutput)),
  excel: dev.file(`${F}/excel`, 'Scan log download', call(scanLogExcelInput, exportScanLog, fileResult)),
  /** Upload users to a terminal / back up its users: queued here, carried out by the agent. */
  command: router({
    queue: dev.post(
      `${F}/device/{id}/command`,
      'Command queued for the agent',
      call(queueCommandInput, queueDeviceCommand, queueDeviceCommandOutput),
    ),
    list: dev.list(
      `${F}/device/{id}/command`,
      'Terminal commands',
      call(deviceIdInput, listDeviceCommands, listDeviceCommandsOutput),
    ),
    backup: dev.file(`${F}/command/{id}/backup`, 'Users backup download', call(commandIdInput, downloadDeviceBackup, fileResult)),
  }),
  /** The agent's side (permission device.ingest, allowed to ingest-only OAuth clients). */
  agent: router({
    commands: ingest.list(
      '/v2/h/agent/commands',
      'Pending commands',
      call(agentCommandsInput, agentPendingCommands, agentPendingCommandsOutput),
    ),
    // A terminal's backup carries every user's fingerprint templates: thousands of fingers are several MB.
    result: ingest.post(
      '/v2/h/agent/commands/{id}/result',
      'Command result received',
      call(agentCommandResultInput, agentCommandResult, agentCommandResultOutput),
      { bodyLimit: AGENT_RESULT_BODY_LIMIT },
    ),
  }),
  hotspot: router({
    list: dev.list(N, 'Network hotspots', call(listHotspotsInput, listHotspots, listHotspotsOutput)),
    ...writeProcedures(
      'developer.access',
      { path: N, noun: 'Network hotspot' },
      {
        create: call(createHotspotInput, createHotspot, createHotspotOutput),
        update: call(updateHotspotInput, updateHotspot, updateHotspotOutput),
        delete: call(hotspotIdInput, deleteHotspot, deleteHotspotOutput),
      },
    ),
  }),
});
