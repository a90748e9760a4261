import {
  addAllowedOffice,
  allowedOfficeIdInput,
  allowedOfficeInput,
  allowedOfficesOutput,
  clockInput,
  clockMobile,
  clockOutput,
  createGeofence,
  createGeofenceInput,
  decideMobilePunch,
  decideMobilePunchInput,
  decideOutput,
  deleteGeofence,
  geofenceIdInput,
  geofenceOutput,
  geofencesOutput,
  getMobileSettings,
  idOutput,
  listAllowedOffices,
  listGeofences,
  listGeofencesInput,
  listMobilePunches,
  listMobilePunchesInput,
  mobilePunchIdInput,
  mobilePunchesOutput,
  mobileSelfie,
  mobileSettingsInput,
  mobileSettingsOutput,
  myMobileStatus,
  myMobileStatusOutput,
  okOutput,
  removeAllowedOffice,
  SELFIE_MAX_BYTES,
  saveMobileSettings,
  selfieOutput,
  updateGeofence,
  updateGeofenceInput,
} from '@hr/core/mobile-attendance';
import { call, gate, inputlessQuery } from '../trpc/crud';
import { uploadBodyLimit } from '../trpc/init';
import { returns } from '../trpc/output';
import { permissionProcedure, router } from '../trpc/procedures';

/*
 * Live attendance on the phone (issue 21 part 2). The employee's side is `attendance.mobile` (granted
 * per employee or job position); the day's punches and selfies are `attendance.view` within the data
 * scope; decisions `attendance.approve`; fences, allowed offices and settings `attendance.manage`.
 */
const M = '/v2/h/attendance/mobile';
const view = gate('attendance.view');
const manage = gate('attendance.manage');

export const mobileAttendanceRouter = router({
  me: inputlessQuery(
    'attendance.mobile',
    { method: 'GET', path: `${M}/me`, message: 'Live attendance' },
    myMobileStatus,
    myMobileStatusOutput,
  ),
  clock: permissionProcedure('attendance.mobile')
    .meta({
      rest: { method: 'POST', path: `${M}/clock`, message: 'Attendance recorded' },
      // The selfie travels as base64 in JSON: an oversized one reaches the schema and is refused by name.
      bodyLimit: uploadBodyLimit(SELFIE_MAX_BYTES),
    })
    .input(clockInput)
    .output(returns(clockOutput))
    .mutation(({ ctx, input }) => clockMobile(ctx.svc, ctx.grant, input)),
  punches: view.list(`${M}/punch`, 'Mobile punches', call(listMobilePunchesInput, listMobilePunches, mobilePunchesOutput)),
  selfie: view.get(`${M}/punch/{id}/selfie`, 'Selfie', call(mobilePunchIdInput, mobileSelfie, selfieOutput)),
  decide: gate('attendance.approve').post(
    `${M}/punch/{id}/decide`,
    'Mobile punch decided',
    call(decideMobilePunchInput, decideMobilePunch, decideOutput),
  ),
  settings: inputlessQuery(
    'attendance.view',
    { method: 'GET', path: `${M}/settings`, message: 'Live attendance settings' },
    getMobileSettings,
    mobileSettingsOutput,
  ),
  saveSettings: manage.post(
    `${M}/settings`,
    'Live attendance settings saved',
    call(mobileSettingsInput, saveMobileSettings, mobileSettingsOutput),
  ),
  geofence: router({
    list: view.list(`${M}/geofence`, 'Geofences', call(listGeofencesInput, listGeofences, geofencesOutput)),
    create: manage.post(`${M}/geofence`, 'Geofence created', call(createGeofenceInput, createGeofence, geofenceOutput)),
    update: manage.post(
      `${M}/geofence/{id}/update`,
      'Geofence updated',
      call(updateGeofenceInput, updateGeofence, geofenceOutput),
    ),
    delete: manage.post(`${M}/geofence/{id}/delete`, 'Geofence deleted', call(geofenceIdInput, deleteGeofence, okOutput)),
  }),
  allowedOffice: router({
    list: inputlessQuery(
      'attendance.view',
      { method: 'GET', path: `${M}/allowed-office`, message: 'Allowed offices', results: true },
      listAllowedOffices,
      allowedOfficesOutput,
    ),
    add: manage.post(`${M}/allowed-office`, 'Allowed office added', call(allowedOfficeInput, addAllowedOffice, idOutput)),
    remove: manage.post(
      `${M}/allowed-office/{id}/delete`,
      'Allowed office removed',
      call(allowedOfficeIdInput, removeAllowedOffice, okOutput),
    ),
  }),
});
