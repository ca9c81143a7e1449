/**
 * What a player typed or chose in a server-rendered form (src/ui/form/formPost.ts) before the app's code
 * arrived. React keeps such values on the page when it takes the markup over, but its state starts from the
 * values the server drew: the form would post, check and show the old ones. These two steps carry what
 * the player did into the app's state, as if they had done it after the takeover.
 */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A control and what the player left in it, read before the takeover: once the app renders a control again
 * it draws its own state's value over the player's.
 */
interface Changed {
  control: Control;
  value: string;
  checked: boolean;
}

const CONTROLS = 'form[method="post"] :is(input, textarea, select)';

function isChoice(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
}

/** Read before the takeover: the controls whose value is no longer the one the server drew. */
export function changedBeforeTakeover(root: ParentNode): Changed[] {
  return [...root.querySelectorAll<Control>(CONTROLS)].flatMap((control): Changed[] => {
    const kept = { control, value: control.value, checked: isChoice(control) && control.checked };
    if (control instanceof HTMLSelectElement) {
      return [...control.options].some((o) => o.selected !== o.defaultSelected) ? [kept] : [];
    }
    if (isChoice(control)) return control.checked !== control.defaultChecked ? [kept] : [];
    if (control instanceof HTMLInputElement && control.type === 'hidden') return [];
    return control.value !== control.defaultValue ? [kept] : [];
  });
}

/** The value setter of the element's own kind, which React's change tracking does not see. */
function setNatively(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(control, value);
}

/** Run once the app has taken the page over: each change reaches the form's state as a player's input. */
export function replayIntoApp(changes: readonly Changed[]): void {
  for (const { control, value, checked } of changes) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLSelectElement) {
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (isChoice(control)) {
      // A radio unchecked because another of its group was chosen: that one carries the choice.
      if (!checked) continue;
      // React notices a choice by comparing with the state it last saw: "unchecked", then a click.
      control.checked = false;
      control.click();
    } else {
      // Through the element (React records it), then natively (React does not): the typing is news.
      control.value = '';
      setNatively(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
