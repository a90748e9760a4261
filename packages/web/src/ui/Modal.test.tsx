import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../testing/resize-observer';
import { i18n } from '../i18n';
import { DatePicker } from './DatePicker';
import { FormButtons } from './FormButtons';
import { Modal } from './Modal';
import { SearchableSelect } from './Combobox';
import { Select } from './Select';

beforeAll(stubResizeObserver);

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** A dialog holding a small form: a name, a date (picker) and a kind (select). */
function FormInDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const [kind, setKind] = useState('');
  const [office, setOffice] = useState('');
  return (
    <Modal open onClose={onClose} title="Add employee">
      <form>
        <label htmlFor="f-name">Name</label>
        <input id="f-name" value={name} onChange={(e) => setName(e.target.value)} />
        <DatePicker id="f-date" ariaLabel="Birth date" value={date} onChange={setDate} />
        <Select
          aria-label="Kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ]}
        />
        <SearchableSelect
          id="f-office"
          aria-label="Office"
          placeholder="Office"
          value={office}
          onChange={setOffice}
          options={[
            { value: 1, label: 'Jakarta' },
            { value: 2, label: 'Surabaya' },
          ]}
        />
        <FormButtons onCancel={onClose} pending={false} />
      </form>
    </Modal>
  );
}

const dateInput = () => document.getElementById('f-date') as HTMLInputElement;
const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('Modal: a changed form is not lost by accident', () => {
  it('closes at once on Escape when nothing was changed', async () => {
    const onClose = vi.fn();
    render(<FormInDialog onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Add employee' });
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard changes?')).toBeNull();
  });

  it('asks "Discard changes?" on Escape after typing; Keep editing keeps what was typed, Discard closes', async () => {
    const onClose = vi.fn();
    render(<FormInDialog onClose={onClose} />);
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Ani' } });
    pressEscape();
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ask.isConnected).toBe(false);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ani');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks on Cancel after a select was changed, in Bahasa Indonesia too', async () => {
    await act(() => i18n.changeLanguage('id'));
    const onClose = vi.fn();
    render(<FormInDialog onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Kind'), { target: { value: 'b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(await screen.findByRole('alertdialog', { name: 'Buang perubahan?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lanjut mengisi' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape inside the date picker closes only the calendar; a picked date makes the form changed', async () => {
    const onClose = vi.fn();
    render(<FormInDialog onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Add employee' });
    fireEvent.click(dateInput());
    expect(screen.getByRole('grid')).toBeTruthy();
    pressEscape();
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add employee' })).toBeTruthy();

    fireEvent.click(dateInput());
    const day = screen.getAllByRole('button').find((b) => b.closest('td') && b.textContent === '15');
    if (!day) throw new Error('day 15 not shown');
    fireEvent.click(day);
    expect(dateInput().value).toMatch(/^15\//);
    pressEscape();
    expect(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape in an open searchable list closes only the list, not the dialog', async () => {
    const onClose = vi.fn();
    render(<FormInDialog onClose={onClose} />);
    const office = (await screen.findByRole('combobox', { name: 'Office' })) as HTMLInputElement;
    fireEvent.change(office, { target: { value: 'Sura' } });
    expect(await screen.findByRole('option', { name: 'Surabaya' })).toBeTruthy();
    fireEvent.keyDown(office, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Surabaya' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add employee' })).toBeTruthy();
  });
});
