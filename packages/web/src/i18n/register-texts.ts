import { i18n, type LanguageCode } from './index';

/**
 * Adds a feature's texts to every language under their own key (`t('key.text')`), merging into
 * what is there, and returns them unchanged so that resources.ts can type `t()` from the English
 * bundle (`(typeof FEATURE_TEXTS)['en']`). Type the other languages against English
 * (`const id: typeof en`), so that a missing key fails to compile.
 */
export function registerTexts<T extends object>(key: string, texts: Record<LanguageCode, T>): Record<LanguageCode, T> {
  for (const [language, bundle] of Object.entries(texts)) {
    i18n.addResourceBundle(language, 'translation', { [key]: bundle }, true, false);
  }
  return texts;
}
