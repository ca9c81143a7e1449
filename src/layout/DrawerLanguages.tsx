import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, LANGUAGE_NAMES, LANGUAGES } from '@/i18n/languages';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { useChooseLanguage } from './useChooseLanguage';
import styles from './DrawerLanguages.module.css';

/**
 * The drawer's language choice (docs/player-site.md §2): Lao and Thai first, then Chinese and Vietnamese,
 * each named in its own language; the current one is pressed. Choosing one leaves the drawer open, so the
 * player sees the whole menu change language.
 */
export function DrawerLanguages() {
  const { t } = useTranslation('layout');
  const current = useAppSelector(selectLanguage);
  const choose = useChooseLanguage();
  const titleId = useId();

  return (
    <div role="group" aria-labelledby={titleId} className={styles['drawer-languages']}>
      <h2 id={titleId} className={styles['drawer-languages__title']}>
        {t('language.title')}
      </h2>
      <ul className={styles['drawer-languages__list']}>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={HTML_LANG[language]}
              aria-pressed={language === current}
              className={styles['drawer-languages__choice']}
              onClick={() => {
                if (language !== current) choose(language);
              }}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
