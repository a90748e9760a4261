import {
  assignMealSchedule,
  assignMealScheduleInput,
  canteenIdInput,
  canteenSettingInput,
  deleteCanteen,
  deletePresence,
  downloadPreferenceReport,
  fingerprintPresenceInput,
  getCanteenSetting,
  importCanteenPunches,
  importCanteenPunchesInput,
  listMealCosts,
  listMealCostsInput,
  listMealScheduleEmployees,
  listMealScheduleEmployeesInput,
  listMealSchedules,
  listMealSchedulesInput,
  listPresences,
  listPresencesInput,
  preferenceReportInput,
  presenceIdInput,
  recordFingerprintPresence,
  removeMealSchedule,
  removeMealScheduleInput,
  saveCanteen,
  saveCanteenInput,
  scanPresence,
  scanPresenceInput,
  setMenuPreference,
  setMenuPreferenceInput,
} from '@hr/core/canteen';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import {
  assignMealScheduleOutput,
  deleteCanteenOutput,
  deletePresenceOutput,
  getCanteenSettingOutput,
  importCanteenPunchesOutput,
  listMealCostsOutput,
  listMealScheduleEmployeesOutput,
  listMealSchedulesOutput,
  listPresencesOutput,
  recordFingerprintPresenceOutput,
  removeMealScheduleOutput,
  saveCanteenOutput,
  scanPresenceOutput,
  setMenuPreferenceOutput,
} from '@hr/core/canteen';
import { fileResult } from '../trpc/output';

/*
 * Canteen (issue 8; spec §7 "Canteen calls": get canteen setting, get meal schedule, meal-schedule
 * employee list, presence list, one save call, the kiosk URL, the preference-report.xlsx download;
 * path family "canteen: setting, mealSchedule, presence"). The spec names no methods: lists are
 * GET, the save and actions POST, the preference PUT, deletes DELETE. Recording presences (the
 * kiosk, fingerprint punches) needs canteen.manage.
 */
const C = '/v2/h/canteen';

const view = gate('canteen.view');
const manage = gate('canteen.manage');

export const canteenRouter = router({
  setting: router({
    get: view.list(`${C}/setting`, 'Canteen setting', call(canteenSettingInput, getCanteenSetting, getCanteenSettingOutput)),
    save: manage.post(`${C}/setting`, 'Canteen setting saved', call(saveCanteenInput, saveCanteen, saveCanteenOutput)),
    delete: manage.del(`${C}/setting/{id}`, 'Canteen deleted', call(canteenIdInput, deleteCanteen, deleteCanteenOutput)),
  }),
  mealSchedule: router({
    list: view.list(
      `${C}/mealSchedule`,
      'Meal schedule',
      call(listMealSchedulesInput, listMealSchedules, listMealSchedulesOutput),
    ),
    employees: view.list(
      `${C}/mealSchedule/employee`,
      'Meal-schedule employees',
      call(listMealScheduleEmployeesInput, listMealScheduleEmployees, listMealScheduleEmployeesOutput),
    ),
    assign: manage.post(
      `${C}/mealSchedule`,
      'Meal schedule saved',
      call(assignMealScheduleInput, assignMealSchedule, assignMealScheduleOutput),
    ),
    remove: manage.post(
      `${C}/mealSchedule/delete`,
      'Meal schedule removed',
      call(removeMealScheduleInput, removeMealSchedule, removeMealScheduleOutput),
    ),
    setPreference: manage.put(
      `${C}/mealSchedule/preference`,
      'Menu preference saved',
      call(setMenuPreferenceInput, setMenuPreference, setMenuPreferenceOutput),
    ),
  }),
  presence: router({
    list: view.list(`${C}/presence`, 'Presences', call(listPresencesInput, listPresences, listPresencesOutput)),
    scan: manage.post(`${C}/presence`, 'Enjoy your meal', call(scanPresenceInput, scanPresence, scanPresenceOutput)),
    fingerprint: manage.post(
      `${C}/presence/fingerprint`,
      'Enjoy your meal',
      call(fingerprintPresenceInput, recordFingerprintPresence, recordFingerprintPresenceOutput),
    ),
    importPunches: manage.post(
      `${C}/presence/fingerprint/import`,
      'Canteen punches taken',
      call(importCanteenPunchesInput, importCanteenPunches, importCanteenPunchesOutput),
    ),
    delete: manage.del(`${C}/presence/{id}`, 'Presence deleted', call(presenceIdInput, deletePresence, deletePresenceOutput)),
    preferenceReport: view.file(
      `${C}/presence/preferenceReport`,
      'Preference report',
      call(preferenceReportInput, downloadPreferenceReport, fileResult),
    ),
    mealCost: view.list(
      `${C}/presence/mealCost`,
      'Meal cost per employee',
      call(listMealCostsInput, listMealCosts, listMealCostsOutput),
    ),
  }),
});
