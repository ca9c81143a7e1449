import { createContext, useContext } from 'react';
import { useAppSelector } from '@/lib/storeHooks';
import { selectFormPost, type FormPostState, type PostedForm } from './formPostState';

export {
  CSRF_FIELD,
  FORM_FIELD,
  KEY_FIELD,
  type FormAnswer,
  type FormPostState,
  type PostedForm,
} from './formPostState';

/** What the page holds for this form: its tokens, and the server's answer when it answered this form. */
export function usePostedForm(form: PostedForm | undefined): FormPostState {
  const state = useAppSelector(selectFormPost);
  if (!form) return {};
  return { ...state, answer: state.answer?.form === form ? state.answer : undefined };
}

/** The values a refused post sent, to start the form with (the fields the form knows only). */
export function answeredValues<T extends object>(form: PostedForm, state: FormPostState): Partial<T> {
  return state.answer?.form === form ? (state.answer.values as Partial<T>) : {};
}

/**
 * Inside a form the server has just refused, until the player changes it: the errors the form's own schema
 * finds in the values that were sent. Its fields show them at once, as they would after a submit in the app.
 */
export interface AnsweredForm {
  errors: Readonly<Record<string, unknown>>;
}
export const AnsweredFormContext = createContext<AnsweredForm | undefined>(undefined);
export const useAnsweredForm = () => useContext(AnsweredFormContext);
