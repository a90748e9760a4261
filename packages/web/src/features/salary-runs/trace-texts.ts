import type { TraceView } from './run-format';

/*
 * The payslip trace in Bahasa Indonesia (issue 19 item 6). The payroll engine writes each line's trace in
 * English when the run is computed (the rule, the formula as applied, its inputs, the regulation); a payslip
 * keeps it as it was. On an Indonesian screen the rule's name is shown in Indonesian, and the English words
 * between the formula's figures and in the sources are replaced phrase by phrase; figures, variable names and
 * the regulations' own (Indonesian) titles stay as they are. trace-texts.test.ts fails when the engine gains
 * a rule that has no Indonesian name here.
 */

/** Every rule the engine names (packages/core: `trace('…'`), in Indonesian. */
export const TRACE_RULES_ID: Record<string, string> = {
  'Canteen meals': 'Makan kantin',
  'Cooperative mandatory saving': 'Simpanan wajib koperasi',
  'Cooperative principal saving': 'Simpanan pokok koperasi',
  'BPJS Kesehatan wage base': 'Dasar upah BPJS Kesehatan',
  'BPJS Kesehatan employer share': 'Iuran BPJS Kesehatan bagian perusahaan',
  'BPJS Kesehatan employee share': 'Iuran BPJS Kesehatan bagian karyawan',
  'BPJS Kesehatan extra family members (employee)': 'BPJS Kesehatan anggota keluarga tambahan (karyawan)',
  'JHT employer share': 'Iuran JHT bagian perusahaan',
  'JHT employee share': 'Iuran JHT bagian karyawan',
  'JP wage base': 'Dasar upah JP',
  'JP employer share': 'Iuran JP bagian perusahaan',
  'JP employee share': 'Iuran JP bagian karyawan',
  'JKK employer premium': 'Iuran JKK (perusahaan)',
  'JKM employer premium': 'Iuran JKM (perusahaan)',
  'Employer premiums that are taxable income': 'Iuran perusahaan yang menjadi penghasilan kena pajak',
  'Overtime base wage': 'Upah dasar lembur',
  'Hourly overtime wage': 'Upah lembur per jam',
  'Overtime multiplier': 'Pengali lembur',
  'Overtime hour': 'Jam lembur',
  'Overtime pay of the day': 'Upah lembur hari itu',
  'PPh 21 borne by the government (DTP)': 'PPh 21 ditanggung pemerintah (DTP)',
  'PPh 21 monthly TER': 'PPh 21 TER bulanan',
  'Gross income of the tax period': 'Penghasilan bruto masa pajak',
  'Employee pension/JHT/JP contributions and zakat through the employer':
    'Iuran pensiun/JHT/JP karyawan dan zakat melalui pemberi kerja',
  PTKP: 'PTKP',
  PKP: 'PKP',
  'PPh 21 of the tax period (Article 17)': 'PPh 21 masa pajak (Pasal 17)',
  'TER withheld in earlier months': 'TER yang dipotong pada bulan sebelumnya',
  'PPh 21 of the last tax period': 'PPh 21 masa pajak terakhir',
  'TER category': 'Kategori TER',
  'TER rate': 'Tarif TER',
  'Gross-up: tax allowance borne by the employer': 'Gross-up: tunjangan pajak ditanggung perusahaan',
  'Gross income of the tax period, with the last period grossed up': 'Penghasilan bruto masa pajak, masa terakhir di-gross-up',
  'PPh 21 daily TER': 'PPh 21 TER harian',
  'PPh 21 daily worker above the daily TER band': 'PPh 21 pekerja harian di atas batas TER harian',
  'Daily TER rate': 'Tarif TER harian',
  'Total daily PPh 21': 'Total PPh 21 harian',
  'THR months of service': 'Masa kerja THR (bulan)',
  'THR eligibility': 'Hak atas THR',
  'THR amount': 'Jumlah THR',
  'Daily wage': 'Upah harian',
  'Overtime pay': 'Upah lembur',
  'Piece / unit work': 'Upah borongan / satuan hasil',
  'Tax allowance: PPh 21 borne by the employer (gross-up)': 'Tunjangan pajak: PPh 21 ditanggung perusahaan (gross-up)',
  'PPh 21 daily worker': 'PPh 21 pekerja harian',
  'PPh 21 last tax period': 'PPh 21 masa pajak terakhir',
  'THR holiday of the religion': 'Hari raya THR menurut agama',
  'THR one month’s wage (casual worker)': 'THR satu bulan upah (pekerja lepas)',
  'THR one month’s wage': 'THR satu bulan upah',
  'THR after leaving': 'THR setelah berhenti bekerja',
  'PPh 21 on THR (estimate)': 'PPh 21 atas THR (perkiraan)',
  'Purchase of goods instalments': 'Cicilan pembelian barang',
  'Basic salary': 'Gaji pokok',
};

/** Rules built from a name: "<name> (prorated)", "<name> (no work, no pay)". */
const RULE_PATTERNS: [RegExp, (name: string) => string][] = [
  [/^(.*) \(prorated\)$/, (n) => `${n} (prorata)`],
  [/^(.*) \(no work, no pay\)$/, (n) => `${n} (tidak bekerja, tidak dibayar)`],
];

/** English glue in formulas and sources, longest first (figures and names are left alone). */
const PHRASES_ID: [string, string][] = [
  ['rounded half up to whole rupiah', 'dibulatkan ke rupiah penuh (setengah ke atas)'],
  ['rounding not regulated, half up', 'pembulatan tidak diatur, setengah ke atas'],
  ['round half up', 'bulatkan setengah ke atas'],
  ['floor to thousand', 'bulatkan ke bawah ke ribuan'],
  ['as amended by', 'sebagaimana diubah dengan'],
  ['restated in', 'ditegaskan kembali dalam'],
  ['entered amount', 'jumlah yang dimasukkan'],
  ['employer JHT and JP are not income', 'JHT dan JP perusahaan bukan penghasilan'],
  ['once a month per active member', 'sebulan sekali per anggota aktif'],
  ['once per member, in the first payroll after joining', 'sekali per anggota, pada penggajian pertama setelah bergabung'],
  ['the mandatory saving of the cooperative settings', 'simpanan wajib dari pengaturan koperasi'],
  ['the principal saving of the cooperative settings', 'simpanan pokok dari pengaturan koperasi'],
  ['unpaid instalments due up to this period', 'cicilan belum dibayar yang jatuh tempo sampai periode ini'],
  ['employee price of the meals taken in the period', 'harga karyawan untuk makan yang diambil dalam periode'],
  ['the company subsidy is not deducted', 'subsidi perusahaan tidak dipotong'],
  ['resigned before the holiday', 'berhenti sebelum hari raya'],
  ['not entitled', 'tidak berhak'],
  ['casual workers get the average monthly wage', 'pekerja lepas mendapat rata-rata upah bulanan'],
  ['a worker who resigns is not entitled', 'pekerja yang mengundurkan diri tidak berhak'],
  ['daily rate × 25 (6-day week) or × 21 (5-day week)', 'upah harian × 25 (6 hari kerja) atau × 21 (5 hari kerja)'],
  // Payslip formulas and sources of the monthly engine (packages/core/src/payroll), issue 19.
  ['no rounding rule in', 'tidak ada aturan pembulatan dalam'],
  ['rounding not regulated', 'pembulatan tidak diatur'],
  ['no work, no pay', 'tidak bekerja, tidak dibayar'],
  ['the official example truncates', 'contoh resmi membulatkan ke bawah'],
  ['company setting', 'pengaturan perusahaan'],
  ['employee payroll option', 'opsi penggajian karyawan'],
  ['employer-borne tax is itself taxable', 'pajak yang ditanggung pemberi kerja juga kena pajak'],
  [
    "previous employer's slip of the same year combined",
    'bukti potong pemberi kerja sebelumnya pada tahun yang sama digabungkan',
  ],
  ["incl. the previous employer's net income", 'termasuk penghasilan neto pemberi kerja sebelumnya'],
  ["previous employer's PPh 21", 'PPh 21 pemberi kerja sebelumnya'],
  ['previous employer net income', 'penghasilan neto pemberi kerja sebelumnya'],
  ['previous employer tax withheld', 'pajak yang dipotong pemberi kerja sebelumnya'],
  ['previous employer', 'pemberi kerja sebelumnya'],
  [
    'PPh 21 withheld in the earlier finalised months of the year',
    'PPh 21 yang dipotong pada bulan-bulan final sebelumnya di tahun ini',
  ],
  [
    'negative = over-withheld, refund to the employee by the end of the next month',
    'negatif = lebih potong, dikembalikan ke karyawan paling lambat akhir bulan berikutnya',
  ],
  ['whole rupiah, half up where a rule leaves a fraction', 'rupiah penuh, setengah ke atas bila aturan menyisakan pecahan'],
  ['whole rupiah, half up', 'rupiah penuh, setengah ke atas'],
  ['for a fraction', 'untuk pecahan'],
  ['rounded half up once', 'dibulatkan setengah ke atas sekali'],
  ['rounded half up', 'dibulatkan setengah ke atas'],
  ['part-year cap', 'batas tahun tidak penuh'],
  ['relief rates', 'tarif keringanan'],
  ['same multipliers as', 'pengali sama dengan'],
  ['hourly wage', 'upah per jam'],
  ['exact; shown to 6 decimals', 'tepat; ditampilkan 6 desimal'],
  ['per hour', 'per jam'],
  ['the DTP paid in cash is not income', 'DTP yang dibayar tunai bukan penghasilan'],
  ['no DTP window in the legal table for this pay date', 'tidak ada masa DTP di tabel ketentuan untuk tanggal bayar ini'],
  ['legal table', 'tabel ketentuan'],
  ['company eligible (KLU)', 'perusahaan memenuhi syarat (KLU)'],
  ['fixed regular gross', 'bruto teratur tetap'],
  ['non-permanent workers, average daily wage', 'pekerja tidak tetap, rata-rata upah harian'],
  ['a month', 'sebulan'],
  ['Σ monthly gross', 'Σ bruto bulanan'],
  ['Σ monthly pph21', 'Σ pph21 bulanan'],
  ['row of TER table', 'baris tabel TER'],
  ['previous limit < gross ≤ limit', 'batas sebelumnya < gross ≤ batas'],
  ['last-period tax', 'pajak masa terakhir'],
  ['TER tax', 'pajak TER'],
  ['last month', 'bulan terakhir'],
  ['daily gross', 'bruto harian'],
  ['Article 17 rates on 50% × gross', 'tarif Pasal 17 atas 50% × gross'],
  ['Article 17', 'Pasal 17'],
  ['daily TER band of the gross', 'lapisan TER harian dari bruto'],
  ['effective rate', 'tarif efektif'],
  ['smallest allowance with', 'tunjangan terkecil dengan'],
  ['on dailyGross', 'atas dailyGross'],
  ['(a tax allowance is income)', '(tunjangan pajak adalah penghasilan)'],
  ["at most the month's basic + fixed allowances", 'paling banyak gaji pokok + tunjangan tetap bulan itu'],
  ["at most the month's basic salary", 'paling banyak gaji pokok bulan itu'],
  ['entry date / last working day in the period', 'tanggal masuk / hari kerja terakhir dalam periode'],
  ['Freelance contract: basic salary is the daily rate', 'kontrak harian lepas: gaji pokok adalah upah harian'],
  ['attendance days from the timesheets', 'hari hadir dari timesheet'],
  ['daily rate × 25 or 21', 'upah harian × 25 atau 21'],
  ['piece work entry of the period', 'entri borongan periode ini'],
  ['PPh 21 by daily TER on the average per day', 'PPh 21 dengan TER harian atas rata-rata per hari'],
  ['employee salary record', 'data gaji karyawan'],
  ['employee component', 'komponen karyawan'],
  ['bonus/cut of the period', 'bonus/potongan periode ini'],
  ['salary queue', 'antrean gaji'],
  ['effective', 'berlaku'],
  ['contract', 'kontrak'],
  ['salary formula', 'rumus gaji'],
  ['Canteen settings and presences', 'Pengaturan dan kehadiran kantin'],
  ['Cooperative settings', 'Pengaturan koperasi'],
  ['Purchase of goods invoices', 'Faktur pembelian barang'],
  ['BPJS TK letter', 'surat BPJS TK'],
  ['confidence medium', 'keyakinan sedang'],
  ['wage cap for JKP', 'batas upah JKP'],
  ['re-allocated from', 'dialihkan dari'],
  ['government', 'pemerintah'],
  ['secondary sources', 'sumber sekunder'],
  ['the whole nominal JKK is added', 'seluruh nominal JKK ditambahkan'],
  ['JP wage cap on payDate', 'batas upah JP pada payDate'],
  ['past pension age', 'melewati usia pensiun'],
  ['partial months not regulated', 'bulan tidak penuh tidak diatur'],
  [
    'whole months from joinDate to holidayDate (a month completes on the same day of the month)',
    'bulan penuh dari joinDate sampai holidayDate (satu bulan genap pada tanggal yang sama bulan berikutnya)',
  ],
  ['whole months + days into the started month / its length', 'bulan penuh + hari pada bulan berjalan / panjang bulannya'],
  ['one month’s wage (≥ 12 months)', 'upah satu bulan (≥ 12 bulan)'],
  ['under 1 month', 'kurang dari 1 bulan'],
  ["the worker's own religious holiday", 'hari raya keagamaan pekerja sendiri'],
  ['mapping', 'pemetaan'],
  [
    'average monthly gross of the finalised payslips of the last 12 months (or of the service period)',
    'rata-rata bruto bulanan slip gaji final 12 bulan terakhir (atau selama masa kerja)',
  ],
  ["one month's wage = basic wage + fixed allowances", 'upah satu bulan = upah pokok + tunjangan tetap'],
  ['casual worker without finalised payslips to average', 'pekerja lepas tanpa slip gaji final untuk dirata-rata'],
  ['given as amounts', 'diberikan sebagai jumlah'],
  ['basic salary + fixed allowances', 'gaji pokok + tunjangan tetap'],
  ['fixed-term (PKWT) contract ended before the holiday', 'kontrak PKWT berakhir sebelum hari raya'],
  ['the month’s regular gross taken as one month’s wage', 'bruto teratur bulan itu dianggap upah satu bulan'],
  [
    'informative: the monthly payroll of the pay month withholds the real amount',
    'informatif: penggajian bulanan pada bulan bayar memotong jumlah sebenarnya',
  ],
  ['no holiday of the four for this religion', 'tidak ada hari raya dari keempatnya untuk agama ini'],
  ['paid in this run', 'dibayar dalam proses ini'],
  ['not paid unless', 'tidak dibayar kecuali'],
  ['basic salary', 'gaji pokok'],
  ['calendar days', 'hari kalender'],
  ['working days', 'hari kerja'],
  ['months', 'bulan'],
  ['days', 'hari'],
  ['example', 'contoh'],
  ['lines', 'baris'],
  ['of overtime on a', 'lembur pada'],
  ['-day week', ' hari kerja seminggu'],
  ['workday', 'hari kerja'],
  ['restday', 'hari istirahat'],
  ['holiday', 'hari libur'],
  ['employed', 'bekerja'],
  ['of the month', 'dalam bulan itu'],
  ['at most', 'paling banyak'],
  ['from', 'sejak'],
  [' and ', ' dan '],
  [' where ', ' dengan '],
  [' or ', ' atau '],
];

/** Whole sentences whose figures sit between the words. */
const SENTENCES_ID: [RegExp, (...m: string[]) => string][] = [
  [
    /^hour (\d+) of overtime on a (workday|restday|holiday) in a (\d)-day week$/,
    (_, h, day, n) => `jam ke-${h} lembur pada ${DAY_KINDS_ID[day!]} dalam pekan ${n} hari kerja`,
  ],
];

/** Each phrase as a whole word or words (never inside a name such as holidayDate), the longest first. */
const PHRASE_RES: [RegExp, string][] = [...PHRASES_ID]
  .sort((a, b) => b[0].length - a[0].length)
  .map(([en, id]) => [
    new RegExp(
      `${/^\w/.test(en) ? '(?<![\\w])' : ''}${en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${/\w$/.test(en) ? '(?![\\w])' : ''}`,
      'g',
    ),
    id,
  ]);
function replacePhrases(text: string): string {
  for (const [re, make] of SENTENCES_ID) {
    const m = re.exec(text);
    if (m) return make(...m);
  }
  return PHRASE_RES.reduce((s, [re, id]) => s.replace(re, id), text);
}

/** A rule's name in Indonesian (the English one when the engine named it in a way this list does not know). */
export function ruleInIndonesian(rule: string): string {
  const known = TRACE_RULES_ID[rule];
  if (known) return known;
  for (const [re, make] of RULE_PATTERNS) {
    const m = re.exec(rule);
    if (m) return make(TRACE_RULES_ID[m[1]!] ?? m[1]!);
  }
  return rule;
}

/** The trace as shown in `language`: unchanged in English; in Indonesian the rule's name and the glue words. */
export function traceInLanguage(trace: TraceView, language: string): TraceView {
  if (language !== 'id') return trace;
  return {
    rule: ruleInIndonesian(trace.rule),
    formula: replacePhrases(trace.formula),
    inputs: trace.inputs,
    source: replacePhrases(trace.source),
  };
}

/** The engine's own payslip lines (by code) with the name it gives them, in Indonesian. */
const LINE_NAMES_ID: Record<string, [en: string, id: string]> = {
  basic: ['Basic salary', 'Gaji pokok'],
  'bpjs-kes-employer': ['BPJS Kesehatan (employer)', 'BPJS Kesehatan (perusahaan)'],
  'bpjs-kes-family': ['BPJS Kesehatan extra family', 'BPJS Kesehatan keluarga tambahan'],
  'bpjs-jht-employer': ['JHT (employer)', 'JHT (perusahaan)'],
  'bpjs-jp-employer': ['JP (employer)', 'JP (perusahaan)'],
  'bpjs-jkk': ['JKK (employer)', 'JKK (perusahaan)'],
  'bpjs-jkm': ['JKM (employer)', 'JKM (perusahaan)'],
  'canteen-meals': ['Canteen meals', 'Makan kantin'],
  'cooperative-mandatory': ['Cooperative mandatory saving', 'Simpanan wajib koperasi'],
  'cooperative-principal': ['Cooperative principal saving', 'Simpanan pokok koperasi'],
  'purchase-of-goods': ['Purchase of goods instalments', 'Cicilan pembelian barang'],
};
const DAY_KINDS_ID: Record<string, string> = { workday: 'hari kerja', restday: 'hari istirahat', holiday: 'hari libur' };

/**
 * A payslip line's name in `language`. In Indonesian, the names the engine itself gives (basic salary, BPJS
 * employer shares, overtime, the feeds) are translated; a name HR typed for a component stays as typed.
 */
export function lineNameInLanguage(line: { code: string; name: string }, language: string): string {
  if (language !== 'id') return line.name;
  const own = LINE_NAMES_ID[line.code];
  if (own && own[0] === line.name) return own[1];
  const overtime = /^Overtime (\d+(?:\.\d+)?) h \((workday|restday|holiday)\)$/.exec(line.name);
  if (line.code.startsWith('overtime-') && overtime) return `Lembur ${overtime[1]} jam (${DAY_KINDS_ID[overtime[2]!]})`;
  return line.name;
}
