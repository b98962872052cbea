import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { OrderControl } from '../../lib/forms';
import './trade.css';

interface PriceFieldProps {
  control: OrderControl;
  label?: string;
  hint?: string;
  /** Player and team pages clamp a price below $1.00 up to $1.00 when the field is left (docs/rules.md §11 Input). */
  clamp?: (text: string) => string;
}

/** A price per share in dollars (docs/rules.md §11 Input: min 1, step 0.01, required). */
export function PriceField({ control, label = 'Price per share', hint, clamp }: PriceFieldProps) {
  const id = useId();
  const {
    field: { name, value, onChange, onBlur, ref },
  } = useController({ control, name: 'pricePerShare' });
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-money">
        <span aria-hidden="true">$</span>
        <input
          id={id}
          name={name}
          ref={ref}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            if (clamp) onChange(clamp(value));
            onBlur();
          }}
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
