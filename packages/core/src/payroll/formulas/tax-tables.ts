import type { PtkpStatus, TerCategory } from '../schema';

/**
 * PP 58/2023 Lampiran A, B, C: monthly TER (tarif efektif rata-rata) for permanent employees.
 * payroll-id.md §1.5. Each row is `[upper limit inclusive (null = none), rate %]`; a row applies
 * when gross is above the previous row's upper limit and at most its own (row 1 starts at 0).
 * Row counts A = 44, B = 40, C = 41 (checked by tests). Rates are decimal strings so they
 * never pass through a float.
 */
export const TER_MONTHLY: Record<TerCategory, ReadonlyArray<readonly [number | null, string]>> = {
  A: [
    [5_400_000, '0'],
    [5_650_000, '0.25'],
    [5_950_000, '0.5'],
    [6_300_000, '0.75'],
    [6_750_000, '1'],
    [7_500_000, '1.25'],
    [8_550_000, '1.5'],
    [9_650_000, '1.75'],
    [10_050_000, '2'],
    [10_350_000, '2.25'],
    [10_700_000, '2.5'],
    [11_050_000, '3'],
    [11_600_000, '3.5'],
    [12_500_000, '4'],
    [13_750_000, '5'],
    [15_100_000, '6'],
    [16_950_000, '7'],
    [19_750_000, '8'],
    [24_150_000, '9'],
    [26_450_000, '10'],
    [28_000_000, '11'],
    [30_050_000, '12'],
    [32_400_000, '13'],
    [35_400_000, '14'],
    [39_100_000, '15'],
    [43_850_000, '16'],
    [47_800_000, '17'],
    [51_400_000, '18'],
    [56_300_000, '19'],
    [62_200_000, '20'],
    [68_600_000, '21'],
    [77_500_000, '22'],
    [89_000_000, '23'],
    [103_000_000, '24'],
    [125_000_000, '25'],
    [157_000_000, '26'],
    [206_000_000, '27'],
    [337_000_000, '28'],
    [454_000_000, '29'],
    [550_000_000, '30'],
    [695_000_000, '31'],
    [910_000_000, '32'],
    [1_400_000_000, '33'],
    [null, '34'],
  ],
  B: [
    [6_200_000, '0'],
    [6_500_000, '0.25'],
    [6_850_000, '0.5'],
    [7_300_000, '0.75'],
    [9_200_000, '1'],
    [10_750_000, '1.5'],
    [11_250_000, '2'],
    [11_600_000, '2.5'],
    [12_600_000, '3'],
    [13_600_000, '4'],
    [14_950_000, '5'],
    [16_400_000, '6'],
    [18_450_000, '7'],
    [21_850_000, '8'],
    [26_000_000, '9'],
    [27_700_000, '10'],
    [29_350_000, '11'],
    [31_450_000, '12'],
    [33_950_000, '13'],
    [37_100_000, '14'],
    [41_100_000, '15'],
    [45_800_000, '16'],
    [49_500_000, '17'],
    [53_800_000, '18'],
    [58_500_000, '19'],
    [64_000_000, '20'],
    [71_000_000, '21'],
    [80_000_000, '22'],
    [93_000_000, '23'],
    [109_000_000, '24'],
    [129_000_000, '25'],
    [163_000_000, '26'],
    [211_000_000, '27'],
    [374_000_000, '28'],
    [459_000_000, '29'],
    [555_000_000, '30'],
    [704_000_000, '31'],
    [957_000_000, '32'],
    [1_405_000_000, '33'],
    [null, '34'],
  ],
  C: [
    [6_600_000, '0'],
    [6_950_000, '0.25'],
    [7_350_000, '0.5'],
    [7_800_000, '0.75'],
    [8_850_000, '1'],
    [9_800_000, '1.25'],
    [10_950_000, '1.5'],
    [11_200_000, '1.75'],
    [12_050_000, '2'],
    [12_950_000, '3'],
    [14_150_000, '4'],
    [15_550_000, '5'],
    [17_050_000, '6'],
    [19_500_000, '7'],
    [22_700_000, '8'],
    [26_600_000, '9'],
    [28_100_000, '10'],
    [30_100_000, '11'],
    [32_600_000, '12'],
    [35_400_000, '13'],
    [38_900_000, '14'],
    [43_000_000, '15'],
    [47_400_000, '16'],
    [51_200_000, '17'],
    [55_800_000, '18'],
    [60_400_000, '19'],
    [66_700_000, '20'],
    [74_500_000, '21'],
    [83_200_000, '22'],
    [95_600_000, '23'],
    [110_000_000, '24'],
    [134_000_000, '25'],
    [169_000_000, '26'],
    [221_000_000, '27'],
    [390_000_000, '28'],
    [463_000_000, '29'],
    [561_000_000, '30'],
    [709_000_000, '31'],
    [965_000_000, '32'],
    [1_419_000_000, '33'],
    [null, '34'],
  ],
};

/** TER category from the PTKP status at the start of the tax year (PP 58/2023 Pasal 2(3)–(4); payroll-id.md §1.2). */
export const TER_CATEGORY_BY_PTKP: Record<PtkpStatus, TerCategory> = {
  'TK/0': 'A',
  'TK/1': 'A',
  'K/0': 'A',
  'TK/2': 'B',
  'TK/3': 'B',
  'K/1': 'B',
  'K/2': 'B',
  'K/3': 'C',
};

/** PTKP a year (PMK 101/PMK.010/2016; payroll-id.md §1.4): 54,000,000 + 4,500,000 married + 4,500,000 per dependant (max 3). */
export const PTKP_AMOUNT: Record<PtkpStatus, number> = {
  'TK/0': 54_000_000,
  'TK/1': 58_500_000,
  'TK/2': 63_000_000,
  'TK/3': 67_500_000,
  'K/0': 58_500_000,
  'K/1': 63_000_000,
  'K/2': 67_500_000,
  'K/3': 72_000_000,
};

/** Article 17(1)(a) layers as amended by UU HPP (UU 7/2021), tax years from 2022 (payroll-id.md §1.8): `[layer upper limit, rate %]`. */
export const ARTICLE_17_LAYERS: ReadonlyArray<readonly [number | null, string]> = [
  [60_000_000, '5'],
  [250_000_000, '15'],
  [500_000_000, '25'],
  [5_000_000_000, '30'],
  [null, '35'],
];

/** PP 58/2023 Lampiran D; PMK 168/2023 Pasal 12(2), 16(2) (payroll-id.md §1.6): daily TER for non-permanent workers. */
export const DAILY_TER = {
  /** Up to and including this daily gross: 0%. */
  zeroUpTo: 450_000,
  /** Above zeroUpTo up to and including this: 0.5% of daily gross. */
  terUpTo: 2_500_000,
  ratePercent: '0.5',
  /** Above terUpTo: Article 17 rates on this share of gross. */
  article17SharePercent: '50',
} as const;

/** Biaya jabatan (PMK 168/2023 Pasal 10(2)) and biaya pensiun (payroll-id.md §1.7 step 2, §1.13). */
export const BIAYA_JABATAN = { ratePercent: '5', capPerMonth: 500_000, capPerYear: 6_000_000 } as const;
export const BIAYA_PENSIUN = { ratePercent: '5', capPerMonth: 200_000, capPerYear: 2_400_000 } as const;

/** UU PPh Pasal 21(5a): recipients without an NPWP are withheld 120% (payroll-id.md §1.10). */
export const NO_TAX_ID_SURCHARGE_PERCENT = '120';
