/** The language a generated document (PDF) is asked for: the screen's, when the server writes it ('en' otherwise). */
export function documentLanguage(screenLanguage: string): 'en' | 'id' {
  return screenLanguage === 'id' ? 'id' : 'en';
}
