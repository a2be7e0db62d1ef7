import type { InputHTMLAttributes, ReactNode } from 'react';

export interface OutlinedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder' | 'className'> {
  id: string;
  label: string;
  /** The field's error, shown under it and announced with it. */
  error?: string;
  /** A button at the end of the box (show or hide the password). */
  end?: ReactNode;
}

/**
 * MUI's outlined text field in plain HTML and CSS (sign-in.css): the label in the box floats into
 * a notch of the outline once the box has the focus or a value. The placeholder of one space is
 * what lets CSS tell an empty box (`:placeholder-shown`) from a filled one.
 */
export function OutlinedField({ id, label, error, end, required, ...input }: OutlinedFieldProps) {
  const helperId = `${id}-helper-text`;
  const text = required ? `${label} *` : label;
  return (
    <div className={`si-field${error ? ' si-field--error' : ''}${end ? ' si-field--end' : ''}`}>
      <div className="si-box">
        <input
          {...input}
          id={id}
          required={required}
          placeholder=" "
          className="si-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
        />
        <label htmlFor={id} id={`${id}-label`} className="si-label">
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <fieldset aria-hidden="true" className="si-outline">
          <legend>
            <span>{text}</span>
          </legend>
        </fieldset>
        {end}
      </div>
      {error ? (
        <p id={helperId} className="si-helper">
          {error}
        </p>
      ) : null}
    </div>
  );
}
