/**
 * A short name for the device behind a user agent, as the session list shows it ("Chrome · Android"): proper
 * names only, so it reads the same in every language; '' when nothing is recognised (the site says so).
 * Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

function firstMatch(ua: string, table: [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(ua))?.[1];
}

export function deviceName(userAgent: string): string {
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? '';
}
