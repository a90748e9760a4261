import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, renderAs, renderRoutes } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { ImportEmployeesDialog } from '../employee/ImportEmployeesDialog';
import { SendPayslipsDialog } from '../salary-mail/SendPayslipsDialog';
import { ReopenRunDialog } from '../salary-runs/ReopenRunDialog';
import { CredentialEditPage } from './CredentialEditPage';
import { credentialDetail } from './credential-fixture';

/*
 * Issue 19: the Cancel of a hand-written dialog footer goes through the dialog guard like FormButtons'
 * and ActionModal's: with something changed in the dialog it asks "Discard changes?" first; with nothing
 * changed it closes at once.
 */

cleanupAfterEach();

const discardQuestion = () => screen.findByRole('alertdialog');

describe('hand-written dialog Cancel buttons ask before discarding', () => {
  it('credential rotate: Cancel closes at once, and asks first once something in the dialog changed', async () => {
    fakeTrpcServer({
      'device.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 500 } }),
      'auth.credential.detail': () => ({ data: credentialDetail }),
    });
    renderRoutes(
      { '/developer/credential/:id/edit': <CredentialEditPage /> },
      sessionUser(['developer.access']),
      '/developer/credential/7/edit',
    );
    await screen.findByLabelText(/Name/);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // An edit inside the dialog (any input event in its panel counts): Cancel now asks.
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByText(/current secret stops working/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await discardQuestion();
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('reopen run: a typed reason is not lost to "Keep" without asking', async () => {
    fakeTrpcServer({});
    const onClose = vi.fn();
    renderAs(<ReopenRunDialog runId={3} period="2026-10" open onClose={onClose} />, sessionUser(['salary.manage']));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Late overtime' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    const ask = await discardQuestion();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('send payslips: a changed option is not lost to Cancel without asking', async () => {
    fakeTrpcServer({});
    const onClose = vi.fn();
    renderAs(<SendPayslipsDialog runId={3} onClose={onClose} />, sessionUser(['salary.manage']));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('checkbox')[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await discardQuestion();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('import employees: with nothing chosen, Cancel closes at once', async () => {
    fakeTrpcServer({});
    const onClose = vi.fn();
    renderAs(<ImportEmployeesDialog onClose={onClose} />, sessionUser(['employee.create']));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
