import { i18n } from '../i18n';
import '../ui/kit-texts';
import { DETAIL_EXTRA_MS, TOAST_MS } from './errors';
import { fieldErrorText } from './field-error-text';
import { requiredNotice, startCase } from './format';
import { showToast } from './notify';

/** The name a user sees for a form control: its label, else its aria-label or placeholder, else its id. */
export function fieldNameOf(el: HTMLElement): string {
  const labelled = (el as HTMLInputElement).labels?.[0]?.textContent?.replace(/\*\s*$/, '').trim();
  return labelled || el.getAttribute('aria-label') || el.getAttribute('placeholder') || startCase(el.id);
}

/** What is wrong with a control a form refused: "<Name> field is required" when it is empty (spec §5), else "<Name> is not valid". */
export function invalidFieldMessage(el: HTMLElement): string {
  const name = fieldNameOf(el);
  const value = 'value' in el ? String((el as HTMLInputElement).value ?? '').trim() : '';
  return value === '' ? requiredNotice(name) : i18n.t('kit.invalidField', { field: name });
}

/**
 * After a refused save: a notice saying the form was not saved, with one line per problem naming its
 * field ("Needed by field is required"), and the first invalid control scrolled into view and focused
 * (it is already marked red by its form). `messages` default to the message of `el` alone.
 */
export function revealInvalid(el: HTMLElement | null | undefined, messages?: readonly string[]): void {
  const details = (messages?.length ? [...messages] : el ? [invalidFieldMessage(el)] : []).map(fieldErrorText);
  if (el) {
    el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    el.focus({ preventScroll: true });
  }
  if (details.length === 0) return;
  showToast({
    type: 'error',
    message: i18n.t('kit.notSaved', { count: details.length }),
    details,
    autoClose: TOAST_MS + DETAIL_EXTRA_MS,
  });
}
