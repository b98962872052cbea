import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { OrderControl } from '../../lib/forms';
import './trade.css';

interface SharesFieldProps {
  control: OrderControl;
  /** The Max button fills this in; without it there is no Max button. */
  max?: number | undefined;
  /** The input's upper bound (`max` attribute); defaults to `max`. */
  limit?: number | undefined;
  label?: string;
  hint?: string;
  /** Player and team pages clamp shares below 1 up to 1 when the field is left (docs/rules.md §11 Input). */
  clamp?: (text: string) => string;
  autoFocus?: boolean;
}

/** A number of shares (docs/rules.md §11 Input: integer, min 1, step 1, required), with a Max button. */
export function SharesField({ control, max, limit = max, label = 'Shares', hint, clamp, autoFocus = false }: SharesFieldProps) {
  const id = useId();
  const {
    field: { name, value, onChange, onBlur, ref },
  } = useController({ control, name: 'shares' });
  const hintId = `${id}-hint`;
  const hasMax = max !== undefined && max > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        <input
          id={id}
          name={name}
          ref={ref}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...(limit !== undefined && limit > 0 ? { max: limit } : {})}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            if (clamp) onChange(clamp(value));
            onBlur();
          }}
          aria-describedby={hint ? hintId : undefined}
          {...(autoFocus ? { 'data-autofocus': true } : {})}
        />
        {hasMax ? (
          <button type="button" className="button button-secondary button-small" onClick={() => onChange(String(max))}>
            Max
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
