import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../i18n';
import { useSchemaForm } from '../lib/use-schema-form';
import { DatePicker } from './DatePicker';
import { FormDialog } from './FormDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const schema = z.object({ reason: z.string().min(1), neededBy: z.string().min(1) });

function RequestDialog({ onClose, save }: { onClose: () => void; save: (i: unknown) => Promise<unknown> }) {
  const form = useSchemaForm({
    idPrefix: 'req',
    fields: [
      { key: 'reason', label: 'Reason', required: true },
      { key: 'neededBy', label: 'Needed by', required: true },
    ],
    initial: { reason: '', neededBy: '' },
    schema,
    toInput: (v) => v,
  });
  return (
    <FormDialog
      title="New request"
      form={form}
      views={[{ key: 'reason' }, { key: 'neededBy', render: (p) => <DatePicker {...p} ariaLabel="Needed by" /> }]}
      save={save}
      pending={false}
      onClose={onClose}
    />
  );
}

describe('FormDialog: a refused save says what and where', () => {
  it('names every invalid field at the field and in a notice, and scrolls to and focuses the first', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const save = vi.fn(async () => ({}));
    render(
      <>
        <ToastContainer />
        <RequestDialog onClose={() => {}} save={save} />
      </>,
    );
    fireEvent.change(await screen.findByLabelText(/^Reason/), { target: { value: 'Stock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const needed = document.getElementById('req-neededBy');
    expect(document.activeElement).toBe(needed);
    expect(scrolled).toEqual([needed]);
    // At the field, and on its own line of the notice (the toast list is shared by the test files of a worker).
    expect(screen.getByText('Needed By field is required', { selector: 'p' })).toBeTruthy();
    const lines = await screen.findAllByText('Needed By field is required', { selector: 'li' });
    expect(lines.some((li) => li.closest('div')?.textContent?.startsWith('Not saved: check the marked field'))).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it('counts the fields when several are wrong', async () => {
    Element.prototype.scrollIntoView = () => {};
    render(
      <>
        <ToastContainer />
        <RequestDialog onClose={() => {}} save={async () => ({})} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Not saved: check the 2 marked fields')).length).toBeGreaterThan(0);
    expect(document.activeElement?.id).toBe('req-reason');
  });

  it('asks before discarding typed text, but not once the text is back to how it started', async () => {
    const onClose = vi.fn();
    render(<RequestDialog onClose={onClose} save={async () => ({})} />);
    const reason = await screen.findByLabelText(/^Reason/);
    fireEvent.change(reason, { target: { value: 'Stock' } });
    fireEvent.keyDown(reason, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.change(reason, { target: { value: '' } });
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
