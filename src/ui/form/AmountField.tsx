import type { ReactNode } from 'react';
import { TextField } from './TextField';

export interface AmountFieldProps {
  name: string;
  label: ReactNode;
  /** LAK is typed in whole kip, THB in baht with up to two decimals. */
  currency: 'LAK' | 'THB';
  hint?: ReactNode;
  messageValues?: Record<string, unknown>;
  readOnly?: boolean;
  placeholder?: string;
}

/** An amount typed as text (money never passes through a float) with its currency beside it. */
export function AmountField({ currency, ...props }: AmountFieldProps) {
  return (
    <TextField
      {...props}
      inputMode={currency === 'LAK' ? 'numeric' : 'decimal'}
      autoComplete="off"
      suffix={currency}
      parse={(text) => text.trim()}
    />
  );
}
