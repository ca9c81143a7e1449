import { Button } from 'antd';
import type { ReactNode } from 'react';
import { CSRF_FIELD, FORM_FIELD, usePostedForm, type PostedForm } from './formPost';

interface PostButtonProps {
  form: PostedForm;
  /** The values the post carries (an order's code). */
  fields: Record<string, string>;
  primary?: boolean;
  /** Where it is posted: the page's own address unless the form has a page of its own (signing out). */
  action?: string;
  children: ReactNode;
}

/**
 * One action as a plain HTML form posted to the page's own address, for a browser without the app (shown
 * inside <noscript>): the server answers it through the same operation as the app's button.
 */
export function PostButton({ form, fields, primary, action, children }: PostButtonProps) {
  const { csrf } = usePostedForm(form);
  return (
    <form method="post" action={action} style={{ marginTop: 12 }}>
      <input type="hidden" name={FORM_FIELD} value={form} />
      {csrf && <input type="hidden" name={CSRF_FIELD} value={csrf} />}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type={primary ? 'primary' : 'default'} htmlType="submit" size="large" block>
        {children}
      </Button>
    </form>
  );
}
