import { describe, expect, it } from 'vitest';
import { i18n } from './index';

// The feature bundles register themselves when their texts module is imported.
import.meta.glob('../features/**/*texts.ts', { eager: true });
// The enum labels (badges and selects) register theirs too.
import '../lib/enum-labels';

type Tree = { [key: string]: string | Tree };

/** Every text as `a.b.c` → value. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const bundle = (lng: 'en' | 'id') => leaves(i18n.getResourceBundle(lng, 'translation') as Tree);
const en = bundle('en');
const id = bundle('id');

/**
 * Words and terms that are the same in Bahasa Indonesia: loanwords in everyday Indonesian office use,
 * Indonesian payroll and tax abbreviations, file formats and OAuth terms. A text made only of these
 * (plus placeholders, digits and punctuation) may stay as in English; every other text must differ.
 */
const SAME_IN_BOTH = [
  // OAuth and tax terms kept as phrases, so that "Client" or "up" alone is not allowed.
  'Client ID',
  'Client secret',
  'Gross up',
  // Loanwords.
  'Audit',
  'Bank',
  'Bonus',
  'Dept',
  'Detail',
  'Driver',
  'E-mail',
  'Info',
  'Login',
  'Port',
  'Shift',
  'Status',
  'Subtotal',
  'Terminal',
  'Valid',
  'Total',
  // Abbreviations: Indonesian payroll/tax terms, roles, formats.
  'BPJS',
  'COO',
  'CV',
  'HR',
  'ID',
  'NIK',
  'No',
  'NPWP',
  'PDF',
  'PIN',
  'PKP',
  'PPh',
  'PTKP',
  'Rp',
  'THR',
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SAME_IN_BOTH_RE = new RegExp(`(?<![\\p{L}-])(?:${SAME_IN_BOTH.map(escapeRegExp).join('|')})(?![\\p{L}-])`, 'gu');

/** Whether a text is made only of terms that are the same in both languages. */
const sameInBoth = (text: string) => !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ' ').replace(SAME_IN_BOTH_RE, ' '));

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('texts in Bahasa Indonesia', () => {
  it('has every English text, and no text English lacks', () => {
    expect(en.size).toBeGreaterThan(1000);
    expect([...en.keys()].filter((k) => !id.has(k))).toEqual([]);
    expect([...id.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it('leaves no text empty', () => {
    expect([...en].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    expect([...id].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('keeps the placeholders of each English text', () => {
    const differ = [...en].filter(([k, v]) => placeholders(v).join() !== placeholders(id.get(k) ?? '').join()).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it('allows only texts made of the terms that are the same in both languages', () => {
    expect(['Total THR', 'NPWP / NIK', 'Subtotal (Rp)', '{{name}} · {{at}}', 'Client ID'].every(sameInBoth)).toBe(true);
    expect(['Holiday Allowance', 'ID index', 'Client', 'Status pending'].some(sameInBoth)).toBe(false);
  });

  it('translates every text except words that are the same in both languages', () => {
    const untranslated = [...en].filter(([k, v]) => id.get(k) === v && !sameInBoth(v)).map(([k, v]) => `${k}: ${v}`);
    expect(untranslated).toEqual([]);
  });
});
