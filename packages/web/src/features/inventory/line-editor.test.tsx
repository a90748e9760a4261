import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { DatePicker } from '../../ui/DatePicker';
import { LineEditorForm } from './line-editor';
import { firstInvalidPurchaseRequestField, type PrLine } from './PurchaseRequestFormPage';

afterEach(cleanup);

const line: PrLine = {
  kind: 'item',
  variantId: '3',
  serviceId: '',
  unitId: '1',
  quantity: '2',
  estimatedPrice: '15000',
  neededBy: '',
  reason: 'Stock',
};

describe('a request form with lines refuses a save visibly', () => {
  it('an empty "Needed by" is named in a notice, scrolled to and focused; nothing is sent', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const onValid = vi.fn();
    render(
      <>
        <ToastContainer />
        <LineEditorForm
          initialLines={[line]}
          blankLine={() => line}
          header={() => null}
          lineClassName=""
          firstInvalid={(lines) => firstInvalidPurchaseRequestField('1', lines)}
          renderLine={(l, i, set, bad) => (
            <DatePicker
              id={`pr-line-${i}-needed`}
              ariaLabel="Needed by"
              value={l.neededBy}
              onChange={(v) => set({ neededBy: v })}
              invalid={bad(`pr-line-${i}-needed`)}
            />
          )}
          onValid={onValid}
          pending={false}
        />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // The notice: its title, and the field named on its own line (the toast list is shared by the test files of a worker).
    const lines = await screen.findAllByText('Needed By field is required', { selector: 'li' });
    expect(lines.some((li) => li.closest('div')?.textContent?.startsWith('Not saved: check the marked field'))).toBe(true);
    const needed = document.getElementById('pr-line-0-needed');
    expect(document.activeElement).toBe(needed);
    expect(needed?.getAttribute('aria-invalid')).toBe('true');
    expect(scrolled).toEqual([needed]);
    expect(onValid).not.toHaveBeenCalled();
  });
});
