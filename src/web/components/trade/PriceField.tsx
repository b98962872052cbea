import { useId } from 'react';

interface PriceFieldProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  hint?: string;
  onBlur?: () => void;
  name?: string;
}

/** A price per share in dollars (SPEC.md §5: min 1, step 0.01, required). */
export function PriceField({ value, onChange, label = 'Price per share', hint, onBlur, name = 'pricePerShare' }: PriceFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-money">
        <span aria-hidden="true">$</span>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-describedby={hint ? hintId : undefined}
        />
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
