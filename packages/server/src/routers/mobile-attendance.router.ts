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
import { call, gate, noInput } from '../trpc/crud';
import { uploadBodyLimit } from '../trpc/init';
import { router } from '../trpc/procedures';

/*
 * Live attendance on the phone (issue 21 part 2). The employee's side is `attendance.mobile` (granted
 * per employee or job position); the day's punches and selfies are `attendance.view` within the data
 * scope; decisions `attendance.approve`; fences, allowed offices and settings `attendance.manage`.
 */
const M = '/v2/h/attendance/mobile';
const mobile = gate('attendance.mobile');
const view = gate('attendance.view');
const approve = gate('attendance.approve');
const manage = gate('attendance.manage');

export const mobileAttendanceRouter = router({
  me: mobile.get(`${M}/me`, 'Live attendance', noInput(myMobileStatus, myMobileStatusOutput)),
  // The selfie travels as base64 in JSON: an oversized one reaches the schema and is refused by name.
  clock: mobile.post(`${M}/clock`, 'Attendance recorded', call(clockInput, clockMobile, clockOutput), {
    bodyLimit: uploadBodyLimit(SELFIE_MAX_BYTES),
  }),
  punches: view.list(`${M}/punch`, 'Mobile punches', call(listMobilePunchesInput, listMobilePunches, mobilePunchesOutput)),
  selfie: view.get(`${M}/punch/{id}/selfie`, 'Selfie', call(mobilePunchIdInput, mobileSelfie, selfieOutput)),
  decide: approve.post(
    `${M}/punch/{id}/decide`,
    'Mobile punch decided',
    call(decideMobilePunchInput, decideMobilePunch, decideOutput),
  ),
  settings: view.get(`${M}/settings`, 'Live attendance settings', noInput(getMobileSettings, mobileSettingsOutput)),
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
    list: view.list(`${M}/allowed-office`, 'Allowed offices', noInput(listAllowedOffices, allowedOfficesOutput)),
    add: manage.post(`${M}/allowed-office`, 'Allowed office added', call(allowedOfficeInput, addAllowedOffice, idOutput)),
    remove: manage.post(
      `${M}/allowed-office/{id}/delete`,
      'Allowed office removed',
      call(allowedOfficeIdInput, removeAllowedOffice, okOutput),
    ),
  }),
});
