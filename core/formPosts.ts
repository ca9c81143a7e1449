/**
 * What the server-rendered money forms and the server that answers their posts agree on
 * (src/ui/form/formPost.ts, server/src/http/formPages.ts): the forms, the page each is posted on, and the
 * hidden fields every post carries.
 */
export const POSTED_FORMS = [
  'login',
  'bankAccount',
  'deposit',
  'depositCheck',
  'depositCancel',
  'withdraw',
  'sandboxPay',
] as const;
export type PostedForm = (typeof POSTED_FORMS)[number];

/** Each form page, and the forms it may post: a form is posted to the address of the page it is on. */
export const FORM_PAGES: Readonly<Record<string, readonly PostedForm[]>> = {
  '/login': ['login'],
  '/player/bank': ['bankAccount'],
  '/player/deposit': ['deposit', 'depositCheck', 'depositCancel'],
  '/player/withdraw': ['bankAccount', 'withdraw'],
  '/sandbox/bank': ['sandboxPay'],
};

/** The form's name. */
export const FORM_FIELD = '_form';
/** The session's form token (none on the login page). */
export const CSRF_FIELD = '_csrf';
/** The duplicate-submit key of one rendering of the form, sent as the operation's Idempotency-Key. */
export const KEY_FIELD = '_key';
