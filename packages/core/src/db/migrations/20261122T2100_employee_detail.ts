import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * The employee record's sections (spec §3: personal, contact, employment, emergency, parents,
 * sibling, medical, login, bank, previous company). Single-valued sections are columns of
 * `employees`; the repeating ones (emergency contacts, parents, siblings, previous companies) are
 * child tables replaced as a whole when their section is saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('employees')
    // personal
    .addColumn('birth_place', 'text')
    .addColumn('national_id', 'text') // NIK, 16 digits
    .addColumn('tax_id', 'text') // NPWP, 15 or 16 digits
    .addColumn('nationality_country_id', 'integer', (c) => c.references('countries.id'))
    // contact
    .addColumn('personal_email', 'text')
    .addColumn('address', 'text')
    .addColumn('domicile_address', 'text')
    .addColumn('city', 'text')
    .addColumn('postal_code', 'text')
    // Home ownership, spec §3: Owned=1, Rent=2, Kost=3, Parent_House=4, Stay_With=5.
    .addColumn('home_ownership', 'smallint', (c) => c.check(sql`home_ownership between 1 and 5`))
    // medical
    .addColumn('blood_type', 'text', (c) => c.check(sql`blood_type in ('A','B','AB','O')`))
    .addColumn('height_cm', 'smallint', (c) => c.check(sql`height_cm between 30 and 260`))
    .addColumn('weight_kg', 'smallint', (c) => c.check(sql`weight_kg between 2 and 400`))
    .addColumn('allergies', 'text')
    .addColumn('medical_notes', 'text')
    .addColumn('bpjs_kesehatan_number', 'text')
    .addColumn('bpjs_ketenagakerjaan_number', 'text')
    // bank
    .addColumn('bank_account_name', 'text')
    .execute();
  await sql`create unique index employees_national_id_uq on employees (national_id) where national_id is not null`.execute(db);

  await db.schema
    .createTable('employee_emergency_contacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Relationship, spec §3: Family, Friend.
    .addColumn('relationship', 'text', (c) => c.notNull().check(sql`relationship in ('Family','Friend')`))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addUniqueConstraint('employee_emergency_contacts_pos_uq', ['employee_id', 'position'])
    .execute();

  await db.schema
    .createTable('employee_parents')
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull().check(sql`relation in ('father','mother')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'date')
    .addColumn('phone', 'text')
    .addColumn('occupation', 'text')
    .addColumn('alive', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('employee_parents_pk', ['employee_id', 'relation'])
    .execute();

  await db.schema
    .createTable('employee_siblings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().check(sql`gender in ('Male','Female')`))
    .addColumn('birth_date', 'date')
    .addColumn('education_level_id', 'integer', (c) => c.references('education_levels.id'))
    .addColumn('occupation', 'text')
    .addUniqueConstraint('employee_siblings_pos_uq', ['employee_id', 'position'])
    .execute();

  await db.schema
    .createTable('employee_previous_companies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('job_title', 'text')
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('reason_for_leaving', 'text')
    .addUniqueConstraint('employee_previous_companies_pos_uq', ['employee_id', 'position'])
    .addCheckConstraint('employee_previous_companies_dates', sql`end_date is null or end_date >= start_date`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['employee_previous_companies', 'employee_siblings', 'employee_parents', 'employee_emergency_contacts']) {
    await db.schema.dropTable(t).execute();
  }
  await sql`drop index employees_national_id_uq`.execute(db);
  for (const c of [
    'birth_place',
    'national_id',
    'tax_id',
    'nationality_country_id',
    'personal_email',
    'address',
    'domicile_address',
    'city',
    'postal_code',
    'home_ownership',
    'blood_type',
    'height_cm',
    'weight_kg',
    'allergies',
    'medical_notes',
    'bpjs_kesehatan_number',
    'bpjs_ketenagakerjaan_number',
    'bank_account_name',
  ]) {
    await db.schema.alterTable('employees').dropColumn(c).execute();
  }
}
