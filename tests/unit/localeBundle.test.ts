import { createInstance } from 'i18next';
import { http, HttpResponse } from 'msw';
import { createLocaleBundleBackend } from '@/i18n/localeBundle';
import { server } from './msw/server';

const ORIGIN = 'http://localhost';

/** A fresh i18next with the app's backend, in the given language, with two namespaces. */
async function start(language: string) {
  const i18n = createInstance().use(createLocaleBundleBackend(ORIGIN));
  await i18n.init({ lng: language, fallbackLng: false, ns: ['common', 'money'], defaultNS: 'common' });
  return i18n;
}

describe("a language's texts", () => {
  it('come in one request for every namespace', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${ORIGIN}/locales/:language/:file`, ({ params }) => {
        asked.push(`${String(params.language)}/${String(params.file)}`);
        return HttpResponse.json({ common: { hello: 'ສະບາຍດີ' }, money: { deposit: 'ຝາກເງິນ' } });
      }),
    );
    const i18n = await start('lo');
    expect(i18n.t('hello')).toBe('ສະບາຍດີ');
    expect(i18n.t('money:deposit')).toBe('ຝາກເງິນ');
    expect(asked).toEqual(['lo/common+layout+auth+errors+money+promotion+protection+account.json']);
  });

  it('are asked for again when the first answer fails', async () => {
    let answers = 0;
    server.use(
      http.get(`${ORIGIN}/locales/cn/:file`, () => {
        answers += 1;
        return answers === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json({ common: { hello: '你好' }, money: {} });
      }),
    );
    const i18n = await start('cn');
    await new Promise<void>((resolve) => {
      if (i18n.exists('hello')) resolve();
      else i18n.on('loaded', () => resolve());
    });
    expect(i18n.t('hello')).toBe('你好');
    expect(answers).toBeGreaterThan(1);
  });
});
