import { Input, type InputRef } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { describedBy, FieldItem, useShownError } from './FieldItem';

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  type?: 'text' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  placeholder?: string;
  suffix?: ReactNode;
  readOnly?: boolean;
  messageValues?: Record<string, unknown>;
  hint?: ReactNode;
  /** Applied to the typed text before it reaches the form's values (e.g. trimming spaces). */
  parse?: (text: string) => string;
  /** A code-like value (a username): phone keyboards neither capitalise, correct nor spell-check it. */
  verbatim?: boolean;
  /** The first field of a form opened to be typed in: focused once drawn, so typing needs no tap first. */
  focusOnOpen?: boolean;
  /**
   * The field the keyboard's Next key moves to (its name): a phone shows Next instead of Go, and its press
   * (Enter) moves on instead of sending a half-filled form.
   */
  next?: string;
}

/** A field the player is typing in already: a field focused on open does not take the keyboard from it. */
function typingElsewhere(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}

/** A labelled text input bound to final-form. */
export function TextField({
  name,
  label,
  messageValues,
  hint,
  parse,
  verbatim,
  focusOnOpen,
  next,
  ...input
}: TextFieldProps) {
  const { input: field, meta } = useField<string>(name, parse ? { parse } : undefined);
  const id = `field-${name}`;
  const errorKey = useShownError(name, meta);
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    if (focusOnOpen && !typingElsewhere()) ref.current?.focus();
  }, [focusOnOpen]);
  const toNext = (event: KeyboardEvent<HTMLInputElement>) => {
    // A composing keyboard (Lao, Thai, Chinese input methods) uses Enter to confirm its word.
    if (!next || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    document.getElementById(`field-${next}`)?.focus();
  };
  return (
    <FieldItem name={name} id={id} label={label} meta={meta} messageValues={messageValues} hint={hint}>
      <Input
        {...field}
        {...input}
        {...(verbatim ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } : {})}
        {...(next ? { enterKeyHint: 'next' as const, onKeyDown: toNext } : {})}
        ref={ref}
        id={id}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={describedBy(id, errorKey, hint)}
      />
    </FieldItem>
  );
}
