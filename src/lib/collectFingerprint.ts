import type { Fingerprint } from '@/api';

type WebGl = NonNullable<Fingerprint['webGL']>;

function joined(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .map((item: unknown) =>
      typeof item === 'object' && item && 'name' in item ? String(item.name) : String(item),
    )
    .join(',');
}

function componentValue(component: object | undefined): unknown {
  return component && 'value' in component ? component.value : undefined;
}

/**
 * Collects the device fingerprint of docs/player-site.md §3. FingerprintJS is imported here, on demand, so it never
 * weighs on the entry chunk or the first paint.
 */
export async function collectFingerprint(): Promise<Fingerprint> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  // No installation statistics: the library would send one in a thousand players' browsers to its CDN,
  // which the site's CSP refuses (and a player's data goes nowhere but this site).
  const agent = await load({ monitoring: false });
  const { visitorId, version, components } = await agent.get();
  const webGl = componentValue(components.webGlBasics);
  const audio = componentValue(components.audio);
  const memory = componentValue(components.deviceMemory);
  const nav = navigator as Navigator & { deviceMemory?: number };
  return {
    screen: `${window.screen.width}x${window.screen.height}`,
    version,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: navigator.userAgent,
    plugins: joined(componentValue(components.plugins)) ?? '',
    webGL: typeof webGl === 'object' && webGl ? (webGl as WebGl) : undefined,
    audio: typeof audio === 'number' ? audio : undefined,
    platform: navigator.platform,
    fingerprint: visitorId,
    memory: typeof memory === 'number' ? memory : nav.deviceMemory,
    fonts: joined(componentValue(components.fonts)) ?? '',
    languages: navigator.languages.join(','),
    hardwareConcurrency: navigator.hardwareConcurrency,
    vendor: navigator.vendor,
  };
}
