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
import { permissionProcedure, router } from '../trpc/procedures';
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
import { fileResult, returns } from '../trpc/output';
import { call, writeProcedures } from '../trpc/crud';

/*
 * Fingerprint terminals and office networks (spec §7 `fingerspot/device`, `fingerspot/excel`,
 * `network/hotspot`), all behind the developer menu permission. The agents' upload itself is
 * `attendance.punch.ingest` (permission device.ingest).
 */
const F = '/v2/h/fingerspot';
const N = '/v2/h/network/hotspot';
const dev = () => permissionProcedure('developer.access');
const agent = () => permissionProcedure('device.ingest');

/** 32 MiB: a backup of a full terminal (users and fingerprint templates, base64 in JSON). */
const AGENT_RESULT_BODY_LIMIT = 32 * 1024 * 1024;
export const deviceRouter = router({
  list: dev()
    .meta({ rest: { method: 'GET', path: `${F}/device`, message: 'Fingerprint devices', results: true } })
    .input(listDevicesInput)
    .output(returns(listDevicesOutput))
    .query(({ ctx, input }) => listDevices(ctx.svc, ctx.grant, input)),
  detail: dev()
    .meta({ rest: { method: 'GET', path: `${F}/device/{id}`, message: 'Fingerprint device' } })
    .input(deviceIdInput)
    .output(returns(getDeviceOutput))
    .query(({ ctx, input }) => getDevice(ctx.svc, ctx.grant, input)),
  ...writeProcedures(
    'developer.access',
    { path: `${F}/device`, noun: 'Fingerprint device' },
    {
      create: call(createDeviceInput, createDevice, createDeviceOutput),
      update: call(updateDeviceInput, updateDevice, updateDeviceOutput),
      delete: call(deviceIdInput, deleteDevice, deleteDeviceOutput),
    },
  ),
  scanlog: dev()
    .meta({ rest: { method: 'GET', path: `${F}/device/{id}/scanlog`, message: 'Scan log', results: true } })
    .input(scanLogInput)
    .output(returns(listScanLogOutput))
    .query(({ ctx, input }) => listScanLog(ctx.svc, ctx.grant, input)),
  excel: dev()
    .meta({ rest: { method: 'GET', path: `${F}/excel`, message: 'Scan log download', download: true } })
    .input(scanLogExcelInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => exportScanLog(ctx.svc, ctx.grant, input)),
  /** Upload users to a terminal / back up its users: queued here, carried out by the agent. */
  command: router({
    queue: dev()
      .meta({ rest: { method: 'POST', path: `${F}/device/{id}/command`, message: 'Command queued for the agent' } })
      .input(queueCommandInput)
      .output(returns(queueDeviceCommandOutput))
      .mutation(({ ctx, input }) => queueDeviceCommand(ctx.svc, ctx.grant, input)),
    list: dev()
      .meta({ rest: { method: 'GET', path: `${F}/device/{id}/command`, message: 'Terminal commands', results: true } })
      .input(deviceIdInput)
      .output(returns(listDeviceCommandsOutput))
      .query(({ ctx, input }) => listDeviceCommands(ctx.svc, ctx.grant, input)),
    backup: dev()
      .meta({ rest: { method: 'GET', path: `${F}/command/{id}/backup`, message: 'Users backup download', download: true } })
      .input(commandIdInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadDeviceBackup(ctx.svc, ctx.grant, input)),
  }),
  /** The agent's side (permission device.ingest, allowed to ingest-only OAuth clients). */
  agent: router({
    commands: agent()
      .meta({ rest: { method: 'GET', path: '/v2/h/agent/commands', message: 'Pending commands', results: true } })
      .input(agentCommandsInput)
      .output(returns(agentPendingCommandsOutput))
      .query(({ ctx, input }) => agentPendingCommands(ctx.svc, ctx.grant, input)),
    result: agent()
      .meta({
        rest: { method: 'POST', path: '/v2/h/agent/commands/{id}/result', message: 'Command result received' },
        // A terminal's backup carries every user's fingerprint templates: thousands of fingers are several MB.
        bodyLimit: AGENT_RESULT_BODY_LIMIT,
      })
      .input(agentCommandResultInput)
      .output(returns(agentCommandResultOutput))
      .mutation(({ ctx, input }) => agentCommandResult(ctx.svc, ctx.grant, input)),
  }),
  hotspot: router({
    list: dev()
      .meta({ rest: { method: 'GET', path: N, message: 'Network hotspots', results: true } })
      .input(listHotspotsInput)
      .output(returns(listHotspotsOutput))
      .query(({ ctx, input }) => listHotspots(ctx.svc, ctx.grant, input)),
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
