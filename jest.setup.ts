import '@testing-library/jest-dom';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure } from '@testing-library/react';
import type { Resource } from 'i18next';
import { initI18nWithResources } from '@/i18n/i18n';
import { browser } from '@/lib/browser';
import { server } from './tests/unit/msw/server';
import { setViewportWidth } from './tests/unit/viewport';

// FingerprintJS probes canvas, audio and WebGL, which jsdom lacks; the device is a fixed test device.
jest.mock('@/lib/collectFingerprint', () => ({
  collectFingerprint: async () => jest.requireActual('./tests/unit/testFingerprint').testFingerprint,
}));

/** Every text file the browser would fetch from /locales, loaded up front so renders are translated. */
function loadLocales(): Resource {
  const root = join(__dirname, 'public', 'locales');
  const resources: Resource = {};
  for (const language of readdirSync(root)) {
    resources[language] = {};
    for (const file of readdirSync(join(root, language))) {
      if (!file.endsWith('.json')) continue;
      resources[language][file.replace(/\.json$/, '')] = JSON.parse(
        readFileSync(join(root, language, file), 'utf8'),
      );
    }
  }
  return resources;
}

const i18n = initI18nWithResources(loadLocales());

// The first render of a file loads antd and the page modules through Jest's transform: allow for it.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

// antd's Select schedules its opening with MessageChannel, which this environment lacks.
globalThis.MessageChannel ??= class {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.()) };
} as unknown as typeof MessageChannel;

// antd measures elements and reads pseudo-element styles; jsdom has neither.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
// jsdom computes styles by matching every rule of every stylesheet (antd injects thousands) against the
// element: Testing Library asks for each element's visibility on every role query, which made the suite
// slow. Elements are hidden here the way antd and the app hide them: the hidden attribute or inline styles.
// Box sizes an element does not set read as a browser computes them for an unstyled one: 0px (antd's text
// area measures its padding and borders to size itself, and would otherwise set a NaN height).
const UNSET_BOX_SIZE = /^(padding|margin)-|^border-(top|right|bottom|left)-width$/;
window.getComputedStyle = (element: Element) => {
  const style = (element as HTMLElement).style ?? document.createElement('div').style;
  const computed = Object.create(style) as CSSStyleDeclaration;
  if ((element as HTMLElement).hidden && !style.display)
    Object.defineProperty(computed, 'display', { value: 'none' });
  computed.getPropertyValue = (name: string) =>
    style.getPropertyValue(name) || (UNSET_BOX_SIZE.test(name) ? '0px' : '');
  return computed;
};
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
window.open = jest.fn() as unknown as typeof window.open;

// jsdom cannot load another page: between tests too (a session ended as a test finished may still reload
// after its spies are restored), the browser's navigations do nothing here. Tests spy on them to assert.
browser.reload = () => {};
browser.goTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // jsdom cannot reload or open windows; tests assert on these spies instead.
  jest.spyOn(browser, 'reload').mockImplementation(() => {});
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
  void i18n.changeLanguage('lo');
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());
