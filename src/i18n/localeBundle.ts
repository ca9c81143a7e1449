import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { textsPath } from './namespaces';

type Bundle = Record<string, ResourceKey>;

/**
 * An i18next backend that reads every namespace of a language in one request (textsPath). The page's
 * <head> preloads the Lao file, which this request then takes over.
 */
export function createLocaleBundleBackend(baseUrl = ''): BackendModule {
  const bundles = new Map<string, Promise<Bundle>>();
  const load = (language: string): Promise<Bundle> => {
    let bundle = bundles.get(language);
    if (!bundle) {
      // A plain GET, as the preload in <head> made it, so the browser hands that response over.
      bundle = fetch(`${baseUrl}${textsPath(language)}`).then((res) => {
        if (!res.ok) throw new Error(`texts of ${language}: HTTP ${res.status}`);
        return res.json() as Promise<Bundle>;
      });
      // A failed read is tried again by i18next, which then needs a new request.
      bundle.catch(() => bundles.delete(language));
      bundles.set(language, bundle);
    }
    return bundle;
  };
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      load(language).then(
        (bundle) => callback(null, bundle[namespace] ?? {}),
        // true: worth retrying (i18next does, a few times, with a growing wait).
        (err: Error) => callback(err, true),
      );
    },
  };
}
