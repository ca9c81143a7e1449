import { ANTD_CHUNK, preloadAntd } from '@/ui/WithAntd';

/**
 * Parts of the app large enough for a step of their own when the first page starts (src/main.tsx): each is
 * evaluated in its own task before the page, instead of inside the page's one long evaluation. A page
 * rendered on the server names the steps its own code contains (src/prerender/render.tsx, the value of
 * data-page-scripts), so a page without a form never downloads the form kit for this.
 */
export interface StartStep {
  /** The step's chunk group, as its import names it (webpackChunkName). */
  chunk: string;
  load: () => Promise<unknown>;
}

export const START_STEPS: readonly StartStep[] = [
  // antd's core (its provider, theme and style machinery), which every antd page needs first.
  { chunk: ANTD_CHUNK, load: preloadAntd },
  // yup, final-form and the form kit's fields.
  { chunk: 'FormKit', load: () => import(/* webpackChunkName: "FormKit" */ '@/ui/form/formKit') },
];
