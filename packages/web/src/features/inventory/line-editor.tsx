import { type ComponentProps, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revealInvalid } from '../../lib/reveal-invalid';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { ItemWarehouseSelect, WarehouseSelect } from './InventorySelects';
import './texts';
import { TextField } from '../../ui/TextField';

/**
 * A request form with lines (purchase and warehouse requests): the header fields, then one row per
 * line with its Remove button (off while it is the only line), then Add line and Save. On submit
 * the first invalid field (`firstInvalid`, an element id) is marked, scrolled to and focused, and a
 * notice names it ("Needed by field is required"); else `onValid` runs.
 */
interface LineEditorProps<L> {
  initialLines: L[];
  blankLine: () => L;
  /** The fields above the lines; `bad(id)` tells whether the field with that id is the invalid one. */
  header: (bad: (id: string) => boolean) => ReactNode;
  /** The element of a line: a fieldset where a line has several fields of its own. */
  lineAs?: 'div' | 'fieldset';
  lineClassName: string;
  /** The fields of line `i`; `bad(id)` tells whether the field with that id is the invalid one. */
  renderLine: (line: L, i: number, set: (patch: Partial<L>) => void, bad: (id: string) => boolean) => ReactNode;
  firstInvalid: (lines: L[]) => string | null;
  onValid: (lines: L[]) => void;
  pending: boolean;
}

export function LineEditorForm<L>({
  initialLines,
  blankLine,
  header,
  lineAs: Line = 'div',
  lineClassName,
  renderLine,
  firstInvalid,
  onValid,
  pending,
}: LineEditorProps<L>) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<L[]>(initialLines);
  const [invalid, setInvalid] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const setLine = (i: number) => (patch: Partial<L>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const bad = (id: string) => invalid === id;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const first = firstInvalid(lines);
    setInvalid(first);
    if (first) {
      revealInvalid(formRef.current?.querySelector<HTMLElement>(`#${first}`));
      return;
    }
    onValid(lines);
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Card>
        {header(bad)}
        <h2 className="mt-6 mb-2 text-sm font-semibold text-slate-700">{t('inv.lines')}</h2>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; their order is their identity
          <Line key={i} className={lineClassName}>
            {renderLine(l, i, setLine(i), bad)}
            <Button
              variant="ghost"
              size="sm"
              disabled={lines.length === 1}
              onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
            >
              {t('inv.removeLine')}
            </Button>
          </Line>
        ))}
        <div className="mt-3 flex justify-between">
          <Button variant="secondary" size="sm" onClick={() => setLines((ls) => [...ls, blankLine()])}>
            {t('inv.addLine')}
          </Button>
          <Button type="submit" disabled={pending}>
            {t('app.save')}
          </Button>
        </div>
      </Card>
    </form>
  );
}

/** The props of a request's form: its first values, Save (`onSave`) and whether a save is under way. */
export interface RequestFormProps<L, V, H = object> {
  initial: { warehouseId: string; note: string; lines: L[] } & H;
  onSave: (v: V) => void;
  pending: boolean;
}

/**
 * A purchase or warehouse request form: the warehouse and the note (`RequestHeaderFields`, ids
 * `<prefix>-…`, with `headerFields` between them) above the lines of a `LineEditorForm`.
 */
export function RequestLineForm<L>({
  prefix,
  initial,
  headerClassName,
  headerFields,
  firstInvalid,
  onValid,
  ...editor
}: Omit<LineEditorProps<L>, 'initialLines' | 'header' | 'firstInvalid' | 'onValid'> & {
  prefix: string;
  initial: { warehouseId: string; note: string; lines: L[] };
  headerClassName: string;
  headerFields?: ReactNode;
  /** The id of the first invalid field, the warehouse's included. */
  firstInvalid: (warehouseId: string, lines: L[]) => string | null;
  onValid: (header: { warehouseId: number; note: string }, lines: L[]) => void;
}) {
  const [warehouseId, setWarehouseId] = useState(initial.warehouseId);
  const [note, setNote] = useState(initial.note);
  return (
    <LineEditorForm
      {...editor}
      initialLines={initial.lines}
      firstInvalid={(lines) => firstInvalid(warehouseId, lines)}
      onValid={(lines) => onValid({ warehouseId: Number(warehouseId), note }, lines)}
      header={(bad) => (
        <RequestHeaderFields
          prefix={prefix}
          className={headerClassName}
          warehouse={[warehouseId, setWarehouseId]}
          note={[note, setNote]}
          bad={bad}
        >
          {headerFields}
        </RequestHeaderFields>
      )}
    />
  );
}

/** A line's quantity as typed: a whole number of at least 1. */
export const isValidQuantity = (quantity: string): boolean => /^\d+$/.test(quantity) && Number(quantity) >= 1;

/**
 * The header of a request form: the warehouse (required, id `<prefix>-warehouse`), then `children`
 * (more fields), then the note (id `<prefix>-note`).
 */
export function RequestHeaderFields({
  prefix,
  warehouse: [warehouseId, onWarehouseChange],
  note: [note, onNoteChange],
  bad,
  className,
  children,
}: {
  prefix: string;
  /** The warehouse id and its setter. */
  warehouse: [string, (v: string) => void];
  /** The note and its setter. */
  note: [string, (v: string) => void];
  bad: (id: string) => boolean;
  className: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Field label={t('inv.warehouse')} htmlFor={`${prefix}-warehouse`} required>
        <WarehouseSelect
          id={`${prefix}-warehouse`}
          placeholder=""
          value={warehouseId}
          onChange={onWarehouseChange}
          invalid={bad(`${prefix}-warehouse`)}
        />
      </Field>
      {children}
      <TextField id={`${prefix}-note`} label={t('inv.note')} value={note} maxLength={1000} onValue={onNoteChange} />
    </div>
  );
}

interface LineFieldProps {
  /** The element id; `bad(id)` marks the field invalid. */
  id: string;
  value: string;
  onChange: (v: string) => void;
  bad: (id: string) => boolean;
}

/** The item (warehouse variant) of a request line. */
export function LineItemSelect({ id, value, onChange, bad }: LineFieldProps) {
  const { t } = useTranslation();
  return <ItemWarehouseSelect id={id} aria-label={t('inv.item')} value={value} onChange={onChange} invalid={bad(id)} />;
}

/** The quantity of a request line. */
export function LineQuantityInput({ id, value, onChange, bad }: LineFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={id}
      aria-label={t('inv.quantity')}
      inputMode="numeric"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      invalid={bad(id)}
    />
  );
}

/** A free-text field of a request line (up to 500 characters), named by `label`. */
export function LineTextInput({
  label,
  onChange,
  ...input
}: Omit<ComponentProps<typeof TextInput>, 'aria-label' | 'maxLength' | 'onChange'> & {
  label: string;
  onChange: (v: string) => void;
}) {
  return <TextInput {...input} aria-label={label} maxLength={500} onChange={(e) => onChange(e.target.value)} />;
}
