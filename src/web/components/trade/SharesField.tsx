import { useId } from 'react';

interface SharesFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The Max button fills this in; without it there is no Max button. */
  max?: number | undefined;
  /** The input's upper bound (`max` attribute); defaults to `max`. */
  limit?: number | undefined;
  label?: string;
  hint?: string;
  onBlur?: () => void;
  autoFocus?: boolean;
  name?: string;
}

/** A number of shares (SPEC.md §5: integer, min 1, step 1, required), with a Max button. */
export function SharesField({ value, onChange, max, limit = max, label = 'Shares', hint, onBlur, autoFocus = false, name = 'shares' }: SharesFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const hasMax = max !== undefined && max > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...(limit !== undefined && limit > 0 ? { max: limit } : {})}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
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
