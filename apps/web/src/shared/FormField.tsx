import Input, { type InputProps } from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { errorText } from '../app/error-text';
import styles from './FormField.module.css';

export interface FieldStatus {
  tone: 'ok' | 'error' | 'info';
  text: string;
}

interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: InputProps['inputMode'];
  placeholder?: string;
  maxLength?: number;
  /** A live status under the field (availability, a masked name); a validation error takes its place. */
  status?: FieldStatus | null;
  /** Something before the input on the same line (the country prefix of a mobile number). */
  before?: ReactNode;
  /** A control after the input on the same line (the send-code button). */
  after?: ReactNode;
  /** After the input loses focus (a lookup of what was typed, such as a recipient's name). */
  onBlur?: () => void;
  /** Replaces the text input (radio groups); the group is labelled by `label`. */
  render?: (field: ControllerRenderProps<T, N>) => ReactNode;
}

/** Ids come from the field name (`field-contact-email`) so tests and labels can rely on them. */
export function fieldId(name: string): string {
  return `field-${name.replaceAll('.', '-')}`;
}

/** The one form field: label, control bound to react-hook-form, and one message line. */
export function FormField<T extends FieldValues, N extends FieldPath<T>>(props: FormFieldProps<T, N>) {
  const { control, name, label, render, status, before, after } = props;
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message: FieldStatus | null | undefined = fieldState.error
          ? { tone: 'error', text: errorText(fieldState.error.message, 'VALIDATION_FAILED') }
          : status;
        return (
          <div className={styles.field}>
            {render ? (
              <fieldset className={styles.group}>
                <legend className={styles.label}>{label}</legend>
                {render(field)}
              </fieldset>
            ) : (
              <>
                <label htmlFor={id} className={styles.label}>
                  {label}
                </label>
                <div className={fieldState.error ? `${styles.row} ${styles.invalid}` : styles.row}>
                  {before}
                  <Input
                    id={id}
                    name={name}
                    className={styles.input}
                    type={props.type ?? 'text'}
                    autoComplete={props.autoComplete}
                    inputMode={props.inputMode}
                    placeholder={props.placeholder}
                    maxLength={props.maxLength}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                    onBlur={() => {
                      field.onBlur();
                      props.onBlur?.();
                    }}
                    ref={(input) => field.ref(input?.nativeElement ?? null)}
                  />
                  {after}
                </div>
              </>
            )}
            {message ? (
              <div
                className={styles[message.tone]}
                role={message.tone === 'error' ? 'alert' : 'status'}
                data-testid={`${id}-message`}
              >
                {message.text}
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
