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
  'logout',
] as const;
export type PostedForm = (typeof POSTED_FORMS)[number];

/** Each form page, and the forms it may post: a form is posted to the address of the page it is on. */
export const FORM_PAGES: Readonly<Record<string, readonly PostedForm[]>> = {
  '/login': ['login'],
  '/player/bank': ['bankAccount'],
  '/player/deposit': ['deposit', 'depositCheck', 'depositCancel'],
  '/player/withdraw': ['bankAccount', 'withdraw'],
  '/sandbox/bank': ['sandboxPay'],
  // Signing out from a page drawn for a browser without the app (its navigation's form).
  '/logout': ['logout'],
};

/**
 * The pages a signed-in player reaches from the forms that hold no form themselves, drawn per request with
 * the player's data all the same: a browser without the app gets them whole.
 */
export const LIVE_READ_PAGES: readonly string[] = ['/player/deposit/history', '/player/withdraw/history'];

/** The form's name. */
export const FORM_FIELD = '_form';
/** The session's form token (none on the login page). */
export const CSRF_FIELD = '_csrf';
/** The duplicate-submit key of one rendering of the form, sent as the operation's Idempotency-Key. */
export const KEY_FIELD = '_key';

/** The server's answer to a post it refused (or, for the sandbox bank, the payment it made). */
export interface FormAnswer {
  form: PostedForm;
  /** The values as posted (never a password). */
  values: Record<string, string>;
  /** The refusal's i18n key ("errors:INSUFFICIENT_CREDIT"), shown above the fields. */
  error?: string;
  /** For a limit refusal, the LAK still allowed. */
  remaining?: number;
  /** What a post that succeeded shows on the page it answers with (the sandbox bank's payment). */
  result?: Record<string, string | number>;
}

export interface FormPostState {
  /** The session's form token (none on the login page). */
  csrf?: string;
  /** The duplicate-submit key of this rendering: the same post sent twice does its work once. */
  key?: string;
  answer?: FormAnswer;
}
