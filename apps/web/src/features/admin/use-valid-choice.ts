import { useEffect } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Keeps a choice field on one of its options: the first option once they arrive, and again when the
 * options change under it (the networks of another currency).
 */
export function useValidChoice<T extends FieldValues, N extends FieldPath<T>>(
  form: UseFormReturn<T>,
  name: N,
  options: readonly string[],
): void {
  const { getValues, setValue } = form;
  const key = options.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the options' contents
  useEffect(() => {
    const first = options[0];
    if (first === undefined || options.includes(getValues(name) as string)) return;
    setValue(name, first as PathValue<T, N>, { shouldValidate: false });
  }, [key, name, getValues, setValue]);
}
