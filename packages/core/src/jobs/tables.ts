import type { ColumnType, Generated } from 'kysely';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown | null, string | null, string | null>;
type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Background jobs (migration 20261123T0820_jobs; packages/server/src/jobs runs them). */
export interface JobTables {
  jobs: {
    id: Generated<number>;
    kind: string;
    status: Generated<JobStatus>;
    input: Json;
    done: Generated<number>;
    total: Generated<number>;
    attempts: Generated<number>;
    result: NullableJson;
    error: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    started_at: Stamp;
    finished_at: Stamp;
  };
}
