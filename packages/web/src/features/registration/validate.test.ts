import { REGISTRATION_FIELDS } from '@hr/core/browser';
import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTRATION, firstRegistrationProblem, type RegistrationForm, toRegistrationInput } from './validate';
import { SARI_FORM, SARI_INPUT } from './registration.fixtures';

const BAD_DATE = 'BirthDate must be a real date';

describe('registration validation (spec §5)', () => {
  it('reports the first empty field in the order of the spec, with its label', () => {
    const expected = [
      ['email', 'Email field is required'],
      ['givenName', 'Given name field is required'],
      ['surname', 'Surname field is required'],
      ['gender', 'Gender field is required'],
      ['birthDate', 'BirthDate field is required'],
      ['religionId', 'Religion field is required'],
      ['educationLevelId', 'Education level field is required'],
      ['maritalStatusId', 'Marital status field is required'],
    ];
    // Fill the fields one at a time in that order: each step reports the next one.
    const form = { ...EMPTY_REGISTRATION };
    for (const [field, message] of expected) {
      expect(firstRegistrationProblem(form, BAD_DATE)).toEqual({ field, kind: 'required', message });
      form[field as keyof RegistrationForm] = SARI_FORM[field as keyof RegistrationForm];
    }
    expect(firstRegistrationProblem(form, BAD_DATE)).toBeNull();
  });

  it('uses the order of REGISTRATION_FIELDS from core', () => {
    expect(REGISTRATION_FIELDS.map((f) => f.key)).toEqual([
      'email',
      'givenName',
      'surname',
      'gender',
      'birthDate',
      'religionId',
      'educationLevelId',
      'maritalStatusId',
    ]);
  });

  it('treats whitespace as empty', () => {
    expect(firstRegistrationProblem({ ...SARI_FORM, surname: '   ' }, BAD_DATE)?.field).toBe('surname');
  });

  it('reports an impossible birth date at its place in the order', () => {
    expect(firstRegistrationProblem({ ...SARI_FORM, birthDate: '31/02/1995', religionId: '' }, BAD_DATE)).toEqual({
      field: 'birthDate',
      kind: 'invalidDate',
      message: BAD_DATE,
    });
    expect(firstRegistrationProblem({ ...SARI_FORM, birthDate: '31/02/1995', gender: '' }, BAD_DATE)?.field).toBe('gender');
  });

  it('builds the server input with yyyy-mm-dd and numeric ids', () => {
    expect(toRegistrationInput({ ...SARI_FORM, email: ' sari@example.com ' })).toEqual(SARI_INPUT);
  });
});
