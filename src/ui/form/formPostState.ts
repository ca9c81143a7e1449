import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FormPostState } from '@core/formPosts';

/**
 * The forms on the way to a first deposit and withdrawal are real HTML forms: before the app's code has
 * arrived (or with JavaScript off) the browser posts them to the page's own address, and the server answers
 * through the same operations as the API (server/src/http/formPages.ts). The server writes into the page
 * what such a post needs and, after a refused post, what was sent and why it was refused; the app reads the
 * same, so the page it takes over is the page the server drew.
 */
export {
  CSRF_FIELD,
  FORM_FIELD,
  KEY_FIELD,
  type FormAnswer,
  type FormPostState,
  type PostedForm,
} from '@core/formPosts';

/** The id of the data block the server writes into the page (`<script type="application/json">`). */
export const FORM_POST_ID = 'form-post';

const formPostSlice = createSlice({
  name: 'formPost',
  initialState: (): FormPostState => ({}),
  reducers: {
    formPostReceived: (_state, action: PayloadAction<FormPostState>) => action.payload,
  },
  selectors: {
    selectFormPost: (state) => state,
  },
});

export const { formPostReceived } = formPostSlice.actions;
export const formPostReducer = formPostSlice.reducer;
export const { selectFormPost } = formPostSlice.selectors;

/** The block the server writes into <head>; every character that could end the element is escaped. */
export function formPostBlock(state: FormPostState): string {
  const json = JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${FORM_POST_ID}">${json}</script>`;
}

/** The state the server wrote into this page, or none. */
export function readFormPost(doc: Document): FormPostState {
  const text = doc.getElementById(FORM_POST_ID)?.textContent;
  if (!text) return {};
  try {
    const state: unknown = JSON.parse(text);
    return typeof state === 'object' && state !== null ? (state as FormPostState) : {};
  } catch {
    return {};
  }
}
