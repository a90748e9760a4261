import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings; `time` as 'hh:mm:ss'; int8 as strings (db/client.ts). */
type DateCol = ColumnType<string, string, string>;
type TimeCol = ColumnType<string, string, string>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Int8Generated = ColumnType<string, string | number | bigint | undefined, never>;
type Int8Default = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

export type MealKindCol = 'breakfast' | 'lunch' | 'dinner' | 'overtime';

/** Canteen (issue 8): tables. */
export interface CanteenTables {
  canteens: {
    id: Generated<number>;
    company_office_id: number;
    name: string;
    location: string | null;
    active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  canteen_terminals: {
    device_serial: string;
    canteen_id: number;
  };
  canteen_meals: {
    id: Generated<number>;
    canteen_id: number;
    kind: MealKindCol;
    start_time: TimeCol;
    end_time: TimeCol;
    quota: number | null;
    subsidy: Int8Default;
    employee_price: Int8Default;
    active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  canteen_meal_schedules: {
    employee_id: number;
    meal_date: DateCol;
    meal_kind: MealKindCol;
    meal_id: number;
    created_by_user_id: number | null;
    created_at: Generated<Date>;
  };
  canteen_preferences: {
    employee_id: number;
    preference: string;
    note: string | null;
    updated_by_user_id: number | null;
    updated_at: Generated<Date>;
  };
  canteen_presences: {
    id: Int8Generated;
    employee_id: number;
    meal_date: DateCol;
    meal_kind: MealKindCol;
    meal_id: number;
    canteen_id: number;
    taken_at: Date;
    source: 'card' | 'fingerprint';
    device_serial: string | null;
    preference: string;
    employee_price: Int8;
    subsidy: Int8;
    recorded_by_user_id: number | null;
    created_at: Generated<Date>;
  };
}
