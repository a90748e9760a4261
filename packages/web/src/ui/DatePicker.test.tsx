import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { DatePicker } from './DatePicker';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function pickDay(day: number) {
  fireEvent.click(screen.getByRole('textbox'));
  const button = screen.getAllByRole('button').find((b) => b.closest('td') && b.textContent === String(day));
  if (!button) throw new Error(`day ${day} not shown`);
  fireEvent.click(button);
}

describe('DatePicker', () => {
  it('is a read-only dd/mm/yyyy input with a calendar icon', () => {
    render(<DatePicker id="d" value="2026-03-05" onChange={() => {}} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('05/03/2026');
    expect(document.querySelector('svg')).not.toBeNull();
  });

  it('emits a change only if 300 ms passed since the previous one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 1, 10, 0, 0));
    const onChange = vi.fn();
    render(<DatePicker value="2026-03-05" onChange={onChange} />);

    pickDay(10);
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10');

    act(() => vi.advanceTimersByTime(100));
    pickDay(11);
    expect(onChange).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(199)); // 299 ms after the emitted change
    pickDay(12);
    expect(onChange).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1)); // 300 ms
    pickDay(13);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith('2026-03-13');
  });

  it('has a plain and an underlined style', () => {
    const { rerender } = render(<DatePicker value={null} onChange={() => {}} variant="plain" />);
    expect(screen.getByRole('textbox').className).toContain('rounded-md');
    rerender(<DatePicker value={null} onChange={() => {}} variant="underlined" />);
    expect(screen.getByRole('textbox').className).toContain('border-b-2');
  });
});
