import { useEffect, useState } from 'react';
import { maskTime, normalizeTime, stepTime } from '../lib/date-mask';
import { controlClass } from './controls';

export interface TimeInputProps {
  id?: string;
  name?: string;
  /** "hh:mm" (24-hour) or "" */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
}

/**
 * Time input of spec §5/§9: hh:mm mask, 24-hour, 5-minute steps. Typing is masked; on blur the
 * time snaps to the 5-minute grid; arrow up/down move by 5 minutes.
 */
export function TimeInput({ id, name, value, onChange, invalid, disabled, ariaLabel }: TimeInputProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = (raw: string) => {
    const t = raw ? normalizeTime(raw) : '';
    setText(t ?? value);
    if (t !== null && t !== value) onChange(t);
  };
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      placeholder="hh:mm"
      maxLength={5}
      aria-label={ariaLabel}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      value={text}
      className={controlClass(invalid, 'w-24 tabular-nums')}
      onChange={(e) => setText(maskTime(e.target.value))}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          const next = stepTime(text || '00:00', e.key === 'ArrowUp' ? 1 : -1);
          setText(next);
          onChange(next);
        } else if (e.key === 'Enter') commit(text);
      }}
    />
  );
}
