import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DollarOutlined from '@ant-design/icons-svg/es/asn/DollarOutlined';
import FireOutlined from '@ant-design/icons-svg/es/asn/FireOutlined';
import GiftOutlined from '@ant-design/icons-svg/es/asn/GiftOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import RedEnvelopeOutlined from '@ant-design/icons-svg/es/asn/RedEnvelopeOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import { Button, Divider, Drawer } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/lib/storeHooks';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { isMenuEntryActive, type MenuEntry } from '@/lib/menu';
import { useShellRoutes } from './ShellContext';
import { CreditList } from './CreditList';
import { DrawerLanguages } from './DrawerLanguages';
import { closeDrawer, selectDrawerOpen } from './drawerSlice';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import cta from '@/ui/Cta.module.css';
import styles from './NavDrawerPanel.module.css';
import '@build/antd/antd-drawer.css';

/** docs/player-site.md §9. */
export const DRAWER_WIDTH = 393;

const ICONS: Record<string, ReactNode> = {
  alphabet: <SvgIcon icon={PlayCircleOutlined} />,
  askmebet: <SvgIcon icon={FireOutlined} />,
  gclub: <SvgIcon icon={TrophyOutlined} />,
  gclub_live: <SvgIcon icon={VideoCameraOutlined} />,
  deposit: <SvgIcon icon={WalletOutlined} />,
  withdraw: <SvgIcon icon={DollarOutlined} />,
  promotion: <SvgIcon icon={GiftOutlined} />,
  rewards: <SvgIcon icon={RedEnvelopeOutlined} />,
  bank: <SvgIcon icon={BankOutlined} />,
  history: <SvgIcon icon={HistoryOutlined} />,
  responsibleGaming: <SvgIcon icon={SafetyOutlined} />,
};

function MenuLink({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation();
  const active = isMenuEntryActive(pathname, entry);
  return (
    <PreloadLink
      to={entry.link}
      className={
        active
          ? `${styles['drawer-menu__link']} ${styles['drawer-menu__link--active']}`
          : styles['drawer-menu__link']
      }
      aria-current={active ? 'page' : undefined}
    >
      <span aria-hidden>{ICONS[entry.icon]}</span> {t(entry.textKey)}
    </PreloadLink>
  );
}

function MenuItem({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation();
  if (!entry.children) {
    return (
      <li>
        <MenuLink entry={entry} pathname={pathname} />
      </li>
    );
  }
  const active = isMenuEntryActive(pathname, entry);
  return (
    <li>
      <span
        className={
          active
            ? `${styles['drawer-menu__group']} ${styles['drawer-menu__group--active']}`
            : styles['drawer-menu__group']
        }
      >
        <span aria-hidden>{ICONS[entry.icon]}</span> {t(entry.textKey)}
      </span>
      <ul className={styles['drawer-menu__children']}>
        {entry.children.map((child) => (
          <li key={child.link}>
            <MenuLink entry={child} pathname={pathname} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** What a tap can land on that does something of its own: such a tap must not also close the drawer. */
const INTERACTIVE =
  'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="option"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="combobox"], [contenteditable="true"]';

/**
 * Whether a click in the drawer closes it (docs/player-site.md §2): a click anywhere in its content (the
 * header, the credit card, empty space) or on a menu entry closes it; a click on any other control (the
 * credit refresh, the language choice) does that control's job and leaves the drawer open. Clicks that
 * reach the drawer through a React portal (e.g. a dropdown's options) are not in its content.
 */
function closesDrawer(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return false;
  const control = target.closest(INTERACTIVE);
  if (!control || !event.currentTarget.contains(control)) return true;
  // A menu entry (a link of the menu) navigates and closes, as any choice does.
  return control.tagName === 'A' && control.closest('nav') !== null;
}

/** The left navigation drawer (docs/player-site.md §2). */
export default function NavDrawerPanel() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDrawerOpen);
  const session = usePlayerSession();
  const { playerMenu } = useShellRoutes();
  const { pathname } = useLocation();
  const close = () => dispatch(closeDrawer());

  return (
    <Drawer
      open={open}
      onClose={close}
      onClick={(event) => {
        if (closesDrawer(event)) close();
      }}
      placement="left"
      size={DRAWER_WIDTH}
      // antd's own close button sits before the logo; ours is at the end of the header, where a phone
      // player's thumb looks for it, and carries the menu's close label.
      closable={false}
      destroyOnHidden
      title={<img src="/images/logo.svg" alt={t('brand')} width={120} height={36} />}
      extra={
        <Button
          type="text"
          size="large"
          icon={<SvgIcon icon={CloseOutlined} />}
          aria-label={t('home.drawer.close')}
          onClick={close}
        />
      }
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      {session.status === 'player' && <CreditList />}
      <nav aria-label={t('drawer.label')}>
        {session.status === 'player' &&
          playerMenu.map((group, index) => (
            <div key={index}>
              {index > 0 && <Divider />}
              <ul className={styles['drawer-menu']}>
                {group.map((entry) => (
                  <MenuItem key={entry.textKey} entry={entry} pathname={pathname} />
                ))}
              </ul>
            </div>
          ))}
        {session.status === 'visitor' && (
          <div className={styles['drawer-auth']}>
            <PreloadLink to="/login" className={styles['drawer-auth__login']}>
              {t('home.drawer.login')}
            </PreloadLink>
            <PreloadLink to="/register" className={`${cta.cta} ${cta['cta--primary']}`}>
              {t('home.drawer.register')}
            </PreloadLink>
          </div>
        )}
      </nav>
      <DrawerLanguages />
    </Drawer>
  );
}
