import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { stubResizeObserver } from '../../testing/resize-observer';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { BonusCutsPanel } from './BonusCutsPanel';
import { SalarySettingPage } from './screens';

/* The bonus/cut catalogue (issue 20 item 2): its tab under Salary → Setting, and the dropdown of the bonus/cut dialog. */

cleanupAfterEach();

const types = [
  { id: 1, name: 'Transport bonus', kind: 'bonus', taxable: true, defaultAmount: '500000', active: true },
  { id: 2, name: 'Loan repayment', kind: 'cut', taxable: false, defaultAmount: null, active: true },
];
// The lookup (component/bonusCut): active types, `selected` 1 for one the employee already has this period.
const lookup = types.map(({ active: _active, ...r }) => ({ ...r, selected: r.id === 1 ? 1 : 0 }));

beforeEach(stubResizeObserver);

async function pickType(label: string) {
  const picker = document.getElementById('bc-typeId') as HTMLInputElement;
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: label.slice(0, 4) } });
  await screen.findByRole('option', { name: label });
  fireEvent.keyDown(picker, { key: 'ArrowDown' });
  fireEvent.keyDown(picker, { key: 'Enter' });
  await waitFor(() => expect(picker.value).toBe(label));
}

const panelServer = () =>
  fakeTrpcServer({
    'salary.bonusCut.lookup': () => ({ data: lookup }),
    'salary.bonusCut.create': (input) => ({ data: { id: 9, ...(input as object) } }),
  });
const renderPanel = () =>
  renderRoute('/x', <BonusCutsPanel employeeId={4} rows={[]} />, sessionUser(['salary.view', 'salary.update']), '/x');

describe("bonus/cut dialog: the catalogue's dropdown", () => {
  it('picking a type fills its name, kind, taxable flag and default amount; only the amount stays editable', async () => {
    const server = panelServer();
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add bonus / cut' }));
    await pickType('Transport bonus (Bonus) · already entered');
    const name = document.getElementById('bc-name') as HTMLInputElement;
    expect(name.value).toBe('Transport bonus');
    expect(name.disabled).toBe(true);
    expect((document.getElementById('bc-kind') as HTMLSelectElement).value).toBe('bonus');
    expect((document.getElementById('bc-amount') as HTMLInputElement).value).toBe('500000');
    expect(screen.getByText('Name, kind and taxable come from the type; the amount can be changed.')).toBeTruthy();
    fireEvent.change(document.getElementById('bc-amount')!, { target: { value: '650.000' } });
    fireEvent.click(screen.getByText('Save', { selector: 'button' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'salary.bonusCut.create')).toBe(true));
    const input = server.calls.find((c) => c.path === 'salary.bonusCut.create')?.input as Record<string, unknown>;
    expect(input).toMatchObject({ employeeId: 4, typeId: 1, amount: '650000' });
    expect(input).not.toHaveProperty('name');
  });

  it('"Other (one-off)" keeps free text; no choice is named at the field and nothing is sent', async () => {
    const server = panelServer();
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add bonus / cut' }));
    fireEvent.click(screen.getByText('Save', { selector: 'button' }));
    expect(await screen.findByText(/Type field is required/)).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'salary.bonusCut.create')).toBe(false);
    await pickType('Other (one-off)');
    const name = document.getElementById('bc-name') as HTMLInputElement;
    expect(name.disabled).toBe(false);
    fireEvent.change(document.getElementById('bc-kind')!, { target: { value: 'cut' } });
    fireEvent.change(name, { target: { value: 'Broken helmet' } });
    fireEvent.change(document.getElementById('bc-amount')!, { target: { value: '75000' } });
    fireEvent.click(screen.getByText('Save', { selector: 'button' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'salary.bonusCut.create')).toBe(true));
    const input = server.calls.find((c) => c.path === 'salary.bonusCut.create')?.input as Record<string, unknown>;
    expect(input).toMatchObject({ employeeId: 4, kind: 'cut', name: 'Broken helmet', amount: '75000' });
    expect(input).not.toHaveProperty('typeId');
  });

  it('speaks Bahasa Indonesia', async () => {
    panelServer();
    await i18n.changeLanguage('id');
    try {
      renderPanel();
      fireEvent.click(screen.getByRole('button', { name: 'Tambah bonus / potongan' }));
      expect(screen.getByText('Jenis bonus / potongan')).toBeTruthy();
      await pickType('Loan repayment (Potongan)');
      expect((document.getElementById('bc-kind') as HTMLSelectElement).value).toBe('cut');
      expect((document.getElementById('bc-amount') as HTMLInputElement).value).toBe('');
      expect(screen.getByText('Nama, jenis dan status pajak mengikuti jenisnya; jumlah dapat diubah.')).toBeTruthy();
      await pickType('Lainnya (sekali saja)');
      expect((document.getElementById('bc-name') as HTMLInputElement).disabled).toBe(false);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('Salary → Setting → Bonus / cuts (the catalogue)', () => {
  const server = () =>
    fakeTrpcServer({
      'salary.bonusCut.types.list': () => ({ data: types }),
      'salary.bonusCut.types.create': (input) => ({ data: { id: 3, active: true, ...(input as object) } }),
    });
  const renderPage = (permissions: string[]) =>
    renderRoute('/salary/setting', <SalarySettingPage />, sessionUser(permissions), '/salary/setting?tab=bonusCutTypes');

  it('lists the types and adds one (a cut is never sent as taxable)', async () => {
    const s = server();
    renderPage(['salary.view', 'salary.setting']);
    expect(await screen.findByText('Transport bonus')).toBeTruthy();
    expect(screen.getByText('Rp 500.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add bonus / cut type' }));
    fireEvent.click(screen.getByText('Save', { selector: 'button' }));
    expect(await screen.findByText('Name field is required')).toBeTruthy();
    fireEvent.change(document.getElementById('bct-name')!, { target: { value: 'Safety fine' } });
    fireEvent.change(document.getElementById('bct-kind')!, { target: { value: 'cut' } });
    expect(screen.getByText('A cut is never taxable income.')).toBeTruthy();
    fireEvent.change(document.getElementById('bct-defaultAmount')!, { target: { value: '25.000' } });
    fireEvent.click(screen.getByText('Save', { selector: 'button' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.bonusCut.types.create')?.input).toEqual({
        name: 'Safety fine',
        kind: 'cut',
        taxable: false,
        defaultAmount: '25000',
        active: true,
      }),
    );
  });

  it('without salary.setting the list is read-only; the tab speaks Bahasa Indonesia', async () => {
    server();
    await i18n.changeLanguage('id');
    try {
      renderPage(['salary.view']);
      expect(await screen.findByText('Loan repayment')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Bonus / potongan' })).toBeTruthy();
      expect(screen.getByText('Jumlah bawaan')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Tambah jenis bonus / potongan' })).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
