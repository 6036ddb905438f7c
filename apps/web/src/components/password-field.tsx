import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState, type MouseEvent, type Ref } from 'react';
import { useComponentsText } from './text';

/**
 * A password input whose show/hide toggle is a real button: named, focusable, and working with
 * Enter, Space and screen readers (Mantine's default toggle is hidden from them).
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const t = useComponentsText();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      // Mantine leaves aria-invalid off password inputs; screen readers need it with the error.
      aria-invalid={props.error ? true : undefined}
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        // Named by its title, not aria-label, so that finding the field by its label ('Password')
        // finds only the input (Playwright's getByLabel also matches aria-label).
        title: visible ? t('passwordField.hide') : t('passwordField.show'),
        tabIndex: 0,
        // Mouse and touch are handled by Mantine; a click without a pointer (Enter, assistive tech)
        // is not, so handle it here.
        onClick: (event: MouseEvent) => {
          if (event.detail === 0) setVisible((v) => !v);
        },
      }}
    />
  );
}
