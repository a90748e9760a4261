import { i18n } from '../i18n';
import { registerTexts } from '../i18n/register-texts';

/*
 * Field errors in the user's language. The rules of a form are core zod schemas, checked the same
 * way in the browser and on the server, so their messages are English: zod's own ("Invalid input:
 * expected number, received NaN"), the schemas' ("is required", "must be a date yyyy-mm-dd") and
 * the spec's required notice ("Name field is required"), often behind the field's label ("Amount
 * must not be negative"). `fieldErrorText` turns such a message into the current language; the
 * shared `Field` and the refused-save notice (lib/reveal-invalid) show every field error through it.
 * A message it does not know is shown as it came.
 */

/** English message (the part after the field's label) → the key of its text. Most specific first. */
const RULES: readonly { key: keyof typeof en; re: string; whole?: boolean }[] = [
  { key: 'fieldRequired', re: 'field is required' },
  { key: 'required', re: '(?:is )?required' },
  { key: 'requiredFor', re: 'is required (?:for|in|to) .+' },
  { key: 'notValid', re: 'is not valid' },
  { key: 'invalidDate', re: 'invalid (?:iso )?date', whole: true },
  { key: 'alreadyUsed', re: 'is already used' },
  { key: 'alreadyExists', re: 'already exists' },
  { key: 'listedTwice', re: 'is listed twice' },
  { key: 'empty', re: 'is empty' },
  { key: 'tooLarge', re: 'is too large' },
  { key: 'controlCharacters', re: 'must not contain control characters' },
  { key: 'surrogates', re: 'must not contain unpaired surrogates' },
  { key: 'email', re: 'must be a valid e-mail address' },
  { key: 'isoDate', re: 'must be a date yyyy-mm-dd' },
  { key: 'realDate', re: 'must be a real date' },
  { key: 'isoMonth', re: 'must be a month yyyy-mm' },
  { key: 'period', re: 'must be a period yyyymm' },
  { key: 'dateTime', re: 'must be a date-time yyyy-mm-ddThh:mm:ss' },
  { key: 'time', re: 'must be a time hh:mm' },
  { key: 'positiveNumber', re: 'must be a positive number' },
  { key: 'number', re: 'must be a number' },
  { key: 'rupiahOrZero', re: 'must be a whole number of rupiah \\(0 or more\\)' },
  { key: 'rupiah', re: 'must be a whole number of rupiah' },
  { key: 'wholeNumber', re: 'must be a whole number' },
  { key: 'negative', re: 'must not be negative' },
  { key: 'minChars', re: 'must be at least (?<n>\\d+) characters' },
  { key: 'maxChars', re: 'must be at most (?<n>\\d+) characters' },
  { key: 'atLeast', re: 'must be at least (?<n>\\S+)' },
  { key: 'moreThan', re: 'must be more than (?<n>\\S+)' },
  { key: 'atMostFiles', re: 'at most (?<n>\\d+) files' },
  { key: 'atMost', re: '(?:must be )?at most (?<n>[\\d.,]+(?: MB)?)' },
  { key: 'between', re: 'must be between (?<a>\\S+) and (?<b>\\S+)' },
  { key: 'range', re: 'must be (?:from )?(?<a>-?[\\d.,]+) (?:to|–) (?<b>-?[\\d.,]+)' },
  { key: 'beforeStart', re: 'must not be before (?:the )?(?:start date|from|dateFrom|startMonth|validFrom)' },
  { key: 'afterEnd', re: 'must not be after (?:the )?(?:end date|to|dateTo)' },
  { key: 'differStart', re: 'must differ from the start time' },
  { key: 'differPassword', re: 'must differ from the old password' },
  { key: 'digitsOnly', re: 'must (?:contain|be) digits only' },
  { key: 'upToDigits', re: 'must be up to (?<n>\\d+) digits' },
  { key: 'base64', re: 'must be base64' },
  { key: 'pdfImage', re: 'must be a PDF, JPG or PNG file' },
  { key: 'oneLine', re: 'must have at least one line' },
  // zod's own messages (a whole sentence, without the label).
  { key: 'required', re: 'invalid input: expected \\w+, received undefined', whole: true },
  { key: 'number', re: 'invalid input: expected (?:number|int), received .+', whole: true },
  { key: 'required', re: 'too small: expected string to have >=?1 characters?', whole: true },
  { key: 'minChars', re: 'too small: expected string to have >=(?<n>\\d+) characters', whole: true },
  { key: 'maxChars', re: 'too big: expected string to have <=(?<n>\\d+) characters', whole: true },
  { key: 'atLeast', re: 'too small: expected \\w+ to (?:be|have) >=(?<n>\\S+)(?: \\w+)?', whole: true },
  { key: 'moreThan', re: 'too small: expected \\w+ to (?:be|have) >(?<n>\\S+)(?: \\w+)?', whole: true },
  { key: 'atMost', re: 'too big: expected \\w+ to (?:be|have) <=(?<n>\\S+)(?: \\w+)?', whole: true },
  { key: 'lessThan', re: 'too big: expected \\w+ to (?:be|have) <(?<n>\\S+)(?: \\w+)?', whole: true },
  { key: 'option', re: 'invalid option: .+', whole: true },
  { key: 'email', re: 'invalid email(?: address)?', whole: true },
  { key: 'format', re: 'invalid string: .+', whole: true },
  { key: 'notValid', re: 'invalid (?:input|value|number)(?:: .+)?', whole: true },
];

/** The English texts are the messages as the schemas word them (shown unchanged in English). */
const en = {
  fieldRequired: '{{label}} field is required',
  required: 'is required',
  requiredFor: 'is required',
  notValid: 'is not valid',
  invalidDate: 'Invalid date',
  alreadyUsed: 'is already used',
  alreadyExists: 'already exists',
  listedTwice: 'is listed twice',
  empty: 'is empty',
  tooLarge: 'is too large',
  controlCharacters: 'must not contain control characters',
  surrogates: 'must not contain unpaired surrogates',
  email: 'must be a valid e-mail address',
  isoDate: 'must be a date yyyy-mm-dd',
  realDate: 'must be a real date',
  isoMonth: 'must be a month yyyy-mm',
  period: 'must be a period yyyymm',
  dateTime: 'must be a date-time yyyy-mm-ddThh:mm:ss',
  time: 'must be a time hh:mm',
  positiveNumber: 'must be a positive number',
  number: 'must be a number',
  rupiahOrZero: 'must be a whole number of rupiah (0 or more)',
  rupiah: 'must be a whole number of rupiah',
  wholeNumber: 'must be a whole number',
  negative: 'must not be negative',
  minChars: 'must be at least {{n}} characters',
  maxChars: 'must be at most {{n}} characters',
  atLeast: 'must be at least {{n}}',
  moreThan: 'must be more than {{n}}',
  atMost: 'must be at most {{n}}',
  atMostFiles: 'at most {{n}} files',
  lessThan: 'must be less than {{n}}',
  between: 'must be between {{a}} and {{b}}',
  range: 'must be {{a}} to {{b}}',
  beforeStart: 'must not be before the start',
  afterEnd: 'must not be after the end',
  differStart: 'must differ from the start time',
  differPassword: 'must differ from the old password',
  digitsOnly: 'must contain digits only',
  upToDigits: 'must be up to {{n}} digits',
  base64: 'must be base64',
  pdfImage: 'must be a PDF, JPG or PNG file',
  oneLine: 'must have at least one line',
  option: 'is not one of the choices',
  format: 'is not in the right format',
};

const id: typeof en = {
  fieldRequired: 'Kolom {{label}} wajib diisi',
  required: 'wajib diisi',
  requiredFor: 'wajib diisi',
  notValid: 'tidak valid',
  invalidDate: 'Tanggal tidak valid',
  alreadyUsed: 'sudah dipakai',
  alreadyExists: 'sudah ada',
  listedTwice: 'tercantum dua kali',
  empty: 'kosong',
  tooLarge: 'terlalu besar',
  controlCharacters: 'tidak boleh berisi karakter kontrol',
  surrogates: 'berisi karakter yang tidak valid',
  email: 'harus berupa alamat e-mail yang valid',
  isoDate: 'harus berupa tanggal yyyy-mm-dd',
  realDate: 'harus berupa tanggal yang ada',
  isoMonth: 'harus berupa bulan yyyy-mm',
  period: 'harus berupa periode yyyymm',
  dateTime: 'harus berupa tanggal dan jam yyyy-mm-ddThh:mm:ss',
  time: 'harus berupa jam hh:mm',
  positiveNumber: 'harus berupa angka positif',
  number: 'harus berupa angka',
  rupiahOrZero: 'harus berupa rupiah bulat (0 atau lebih)',
  rupiah: 'harus berupa rupiah bulat',
  wholeNumber: 'harus berupa bilangan bulat',
  negative: 'tidak boleh negatif',
  minChars: 'minimal {{n}} karakter',
  maxChars: 'maksimal {{n}} karakter',
  atLeast: 'minimal {{n}}',
  moreThan: 'harus lebih dari {{n}}',
  atMost: 'maksimal {{n}}',
  atMostFiles: 'maksimal {{n}} file',
  lessThan: 'harus kurang dari {{n}}',
  between: 'harus antara {{a}} dan {{b}}',
  range: 'harus {{a}} sampai {{b}}',
  beforeStart: 'tidak boleh sebelum tanggal mulai',
  afterEnd: 'tidak boleh sesudah tanggal akhir',
  differStart: 'harus berbeda dari jam mulai',
  differPassword: 'harus berbeda dari kata sandi lama',
  digitsOnly: 'hanya boleh berisi angka',
  upToDigits: 'maksimal {{n}} angka',
  base64: 'harus berformat base64',
  pdfImage: 'harus berupa file PDF, JPG atau PNG',
  oneLine: 'harus berisi minimal satu baris',
  option: 'bukan salah satu pilihan',
  format: 'formatnya tidak sesuai',
};

export const FIELD_ERROR_TEXTS = registerTexts('fieldError', { en, id });

const COMPILED = RULES.map((r) => ({
  key: r.key,
  re: new RegExp(r.whole ? `^(?:${r.re})$` : `^(?:(?<label>.+?) )?(?:${r.re})$`, 'iu'),
}));

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/**
 * A field error in the current language: "Amount must not be negative" → "Amount tidak boleh
 * negatif", "Name field is required" → "Kolom Name wajib diisi", zod's "Invalid input: expected
 * number, received NaN" → "Harus berupa angka". English messages are returned as they are; a message
 * no rule knows (a server sentence, a text already translated) too.
 */
export function fieldErrorText(message: string): string {
  if (!i18n.language || i18n.language.startsWith('en')) return message;
  const msg = message.trim();
  for (const rule of COMPILED) {
    const m = rule.re.exec(msg);
    if (!m) continue;
    const { label, ...values } = m.groups ?? {};
    const text = i18n.t(`fieldError.${rule.key}`, { ...values, label: label ?? '' });
    if (rule.key === 'fieldRequired') return text;
    return label ? `${label} ${text}` : capitalise(text);
  }
  return message;
}
