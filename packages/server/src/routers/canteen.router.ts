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
import { permissionProcedure, router } from '../trpc/procedures';
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
import { fileResult, returns } from '../trpc/output';

/*
 * Canteen (issue 8; spec §7 "Canteen calls": get canteen setting, get meal schedule, meal-schedule
 * employee list, presence list, one save call, the kiosk URL, the preference-report.xlsx download;
 * path family "canteen: setting, mealSchedule, presence"). The spec names no methods: lists are
 * GET, the save and actions POST, the preference PUT, deletes DELETE. Recording presences (the
 * kiosk, fingerprint punches) needs canteen.manage.
 */
const C = '/v2/h/canteen';
const view = () => permissionProcedure('canteen.view');
const manage = () => permissionProcedure('canteen.manage');

export const canteenRouter = router({
  setting: router({
    get: view()
      .meta({ rest: { method: 'GET', path: `${C}/setting`, message: 'Canteen setting', results: true } })
      .input(canteenSettingInput)
      .output(returns(getCanteenSettingOutput))
      .query(({ ctx, input }) => getCanteenSetting(ctx.svc, ctx.grant, input)),
    save: manage()
      .meta({ rest: { method: 'POST', path: `${C}/setting`, message: 'Canteen setting saved' } })
      .input(saveCanteenInput)
      .output(returns(saveCanteenOutput))
      .mutation(({ ctx, input }) => saveCanteen(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'DELETE', path: `${C}/setting/{id}`, message: 'Canteen deleted' } })
      .input(canteenIdInput)
      .output(returns(deleteCanteenOutput))
      .mutation(({ ctx, input }) => deleteCanteen(ctx.svc, ctx.grant, input)),
  }),
  mealSchedule: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/mealSchedule`, message: 'Meal schedule', results: true } })
      .input(listMealSchedulesInput)
      .output(returns(listMealSchedulesOutput))
      .query(({ ctx, input }) => listMealSchedules(ctx.svc, ctx.grant, input)),
    employees: view()
      .meta({ rest: { method: 'GET', path: `${C}/mealSchedule/employee`, message: 'Meal-schedule employees', results: true } })
      .input(listMealScheduleEmployeesInput)
      .output(returns(listMealScheduleEmployeesOutput))
      .query(({ ctx, input }) => listMealScheduleEmployees(ctx.svc, ctx.grant, input)),
    assign: manage()
      .meta({ rest: { method: 'POST', path: `${C}/mealSchedule`, message: 'Meal schedule saved' } })
      .input(assignMealScheduleInput)
      .output(returns(assignMealScheduleOutput))
      .mutation(({ ctx, input }) => assignMealSchedule(ctx.svc, ctx.grant, input)),
    remove: manage()
      .meta({ rest: { method: 'POST', path: `${C}/mealSchedule/delete`, message: 'Meal schedule removed' } })
      .input(removeMealScheduleInput)
      .output(returns(removeMealScheduleOutput))
      .mutation(({ ctx, input }) => removeMealSchedule(ctx.svc, ctx.grant, input)),
    setPreference: manage()
      .meta({ rest: { method: 'PUT', path: `${C}/mealSchedule/preference`, message: 'Menu preference saved' } })
      .input(setMenuPreferenceInput)
      .output(returns(setMenuPreferenceOutput))
      .mutation(({ ctx, input }) => setMenuPreference(ctx.svc, ctx.grant, input)),
  }),
  presence: router({
    list: view()
      .meta({ rest: { method: 'GET', path: `${C}/presence`, message: 'Presences', results: true } })
      .input(listPresencesInput)
      .output(returns(listPresencesOutput))
      .query(({ ctx, input }) => listPresences(ctx.svc, ctx.grant, input)),
    scan: manage()
      .meta({ rest: { method: 'POST', path: `${C}/presence`, message: 'Enjoy your meal' } })
      .input(scanPresenceInput)
      .output(returns(scanPresenceOutput))
      .mutation(({ ctx, input }) => scanPresence(ctx.svc, ctx.grant, input)),
    fingerprint: manage()
      .meta({ rest: { method: 'POST', path: `${C}/presence/fingerprint`, message: 'Enjoy your meal' } })
      .input(fingerprintPresenceInput)
      .output(returns(recordFingerprintPresenceOutput))
      .mutation(({ ctx, input }) => recordFingerprintPresence(ctx.svc, ctx.grant, input)),
    importPunches: manage()
      .meta({ rest: { method: 'POST', path: `${C}/presence/fingerprint/import`, message: 'Canteen punches taken' } })
      .input(importCanteenPunchesInput)
      .output(returns(importCanteenPunchesOutput))
      .mutation(({ ctx, input }) => importCanteenPunches(ctx.svc, ctx.grant, input)),
    delete: manage()
      .meta({ rest: { method: 'DELETE', path: `${C}/presence/{id}`, message: 'Presence deleted' } })
      .input(presenceIdInput)
      .output(returns(deletePresenceOutput))
      .mutation(({ ctx, input }) => deletePresence(ctx.svc, ctx.grant, input)),
    preferenceReport: view()
      .meta({
        rest: { method: 'GET', path: `${C}/presence/preferenceReport`, message: 'Preference report', download: true },
      })
      .input(preferenceReportInput)
      .output(returns(fileResult))
      .query(({ ctx, input }) => downloadPreferenceReport(ctx.svc, ctx.grant, input)),
    mealCost: view()
      .meta({ rest: { method: 'GET', path: `${C}/presence/mealCost`, message: 'Meal cost per employee', results: true } })
      .input(listMealCostsInput)
      .output(returns(listMealCostsOutput))
      .query(({ ctx, input }) => listMealCosts(ctx.svc, ctx.grant, input)),
  }),
});
