import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label, tied to the input. */
  label: ReactNode;
  /** A short help text under the input. */
  hint?: ReactNode;
  /** A message about this field's value; marks the input invalid. */
  error?: string | null | undefined;
  id?: string;
}

/** A labelled input: the label is visible and tied to the input; hint and error are announced with it. */
export function Field({ label, hint, error, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={[input['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
