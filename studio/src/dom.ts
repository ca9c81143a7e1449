type Child = Node | string | null | undefined | false;

/** A small element builder: attributes as strings (or true for a bare attribute), children as nodes or text. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== undefined) el.setAttribute(name, String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  ...children: (SVGElement | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

/** A group of radio buttons in a fieldset: the accessible way to pick one of a few values. */
export function radioGroup<T extends string | number>(input: {
  name: string;
  legend: string;
  options: { value: T; label: string; hint?: string }[];
  value: T;
  onChange: (value: T) => void;
}): HTMLFieldSetElement {
  const choices = input.options.map((option) => {
    const radio = h('input', {
      type: 'radio',
      name: input.name,
      value: String(option.value),
      checked: option.value === input.value,
    });
    radio.addEventListener('change', () => radio.checked && input.onChange(option.value));
    return h(
      'label',
      { class: 'choice' },
      radio,
      h('span', {}, option.label),
      option.hint ? h('small', {}, option.hint) : null,
    );
  });
  return h('fieldset', { class: 'choices' }, h('legend', {}, input.legend), ...choices);
}
