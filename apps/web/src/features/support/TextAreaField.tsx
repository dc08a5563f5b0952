import TextArea from 'antd-mobile/es/components/text-area';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { errorText } from '../../app/error-text';
import { fieldId } from '../../shared/FormField';
import fieldStyles from '../../shared/FormField.module.css';
import styles from './SupportPages.module.css';

interface TextAreaFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  placeholder?: string;
  maxLength: number;
}

/** A multi-line text field that looks and reports errors like FormField, labelled for screen readers. */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  maxLength,
}: TextAreaFieldProps<T>) {
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={fieldStyles.field}>
          <label htmlFor={id} className={fieldStyles.label}>
            {label}
          </label>
          <TextArea
            id={id}
            className={fieldState.error ? `${styles.textArea} ${styles.textAreaInvalid}` : styles.textArea}
            placeholder={placeholder}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={maxLength}
            showCount
          />
          {fieldState.error ? (
            <div className={fieldStyles.error} role="alert" data-testid={`${id}-message`}>
              {errorText(fieldState.error.message, 'VALIDATION_FAILED')}
            </div>
          ) : null}
        </div>
      )}
    />
  );
}
