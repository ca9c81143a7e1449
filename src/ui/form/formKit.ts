// The form kit's large parts in one module: the start evaluates them as a step of their own before a page
// with a form (src/app/startSteps.ts), instead of inside that page's one long evaluation.
export { FormFrame } from './FormFrame';
export { TextField } from './TextField';
export { validateWithYup } from './validateWithYup';
