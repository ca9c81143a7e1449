import { Button, Drawer, Grid, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { type StaffSession, useLogoutStaffMutation } from './api';
import { LanguageSelect } from './LanguageSelect';
import { alertArrival } from './arrivalAlerts';
import { LiveEventsProvider, useLiveEvents } from './liveEvents';
import { BACKOFFICE_ROUTES, type BackofficeRoute } from './routes';
import { StaffContext } from './staffContext';
import styles from './BackofficeLayout.module.css';

function PageTitle({ route }: { route: BackofficeRoute }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t(route.label)} · ${t('brand')}`;
  }, [route, t]);
  return (
    <Typography.Title level={1} className={styles.title}>
      {t(route.label)}
    </Typography.Title>
  );
}

/** The pages the staff member's role may open, the one on screen marked. */
function PageMenu({ staff, onChoose }: { staff: StaffSession; onChoose?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const allowed = BACKOFFICE_ROUTES.filter((r) => staff.permissions.includes(r.permission));
  return (
    <nav aria-label={t('menu.label')}>
      <Menu
        mode="inline"
        selectedKeys={[location.pathname]}
        items={allowed.map((r) => ({ key: r.path, label: <Link to={r.path}>{t(r.label)}</Link> }))}
        onClick={onChoose}
      />
    </nav>
  );
}

/**
 * The back office's frame: a side menu of the pages the staff member's role may open (on a phone, a
 * drawer opened from the header, so the page keeps the whole width), the member and a sign-out at the top.
 * A page the role may not open answers "not for your role" instead of its content; the server refuses its
 * operations anyway.
 */
export function BackofficeLayout({ staff }: { staff: StaffSession }) {
  const { t } = useTranslation();
  // Before the first measure, assume a desk: the breakpoint hook answers {} until it has measured.
  const wide = Grid.useBreakpoint().lg ?? true;
  const [menuOpen, setMenuOpen] = useState(false);
  const [logout] = useLogoutStaffMutation();
  const live = useLiveEvents((code) =>
    alertArrival(code, {
      title: t('withdrawals.arrivedTitle'),
      body: t('withdrawals.arrivedBody', { code }),
    }),
  );

  return (
    <StaffContext.Provider value={staff}>
      <LiveEventsProvider value={live}>
        <Layout className={styles.frame}>
          {wide && (
            <Layout.Sider theme="light" className={styles.sider}>
              <div className={styles.brand}>{t('brand')}</div>
              <PageMenu staff={staff} />
            </Layout.Sider>
          )}
          {!wide && (
            <Drawer
              placement="left"
              size={260}
              open={menuOpen}
              onClose={() => setMenuOpen(false)}
              title={t('brand')}
              closeIcon={<span aria-label={t('close')}>×</span>}
              styles={{ body: { padding: 0 } }}
            >
              <PageMenu staff={staff} onChoose={() => setMenuOpen(false)} />
            </Drawer>
          )}
          <Layout>
            <Layout.Header className={styles.header}>
              <Space wrap size="small" className={styles.who}>
                {!wide && (
                  <Button onClick={() => setMenuOpen(true)} aria-expanded={menuOpen}>
                    {t('openMenu')}
                  </Button>
                )}
                <span>{staff.displayName}</span>
                <Tag>{t(`roles.${staff.role}`)}</Tag>
              </Space>
              <Space size="small">
                <LanguageSelect />
                <Button onClick={() => void logout()}>{t('signOut')}</Button>
              </Space>
            </Layout.Header>
            {/* antd's Content is itself the page's <main>: another inside would nest the landmark. */}
            <Layout.Content className={styles.content}>
              <Routes>
                {BACKOFFICE_ROUTES.map((route) => (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={
                      <>
                        <PageTitle route={route} />
                        {staff.permissions.includes(route.permission) ? (
                          <Suspense
                            fallback={
                              <div role="status" aria-label={t('loading')}>
                                <Spin />
                              </div>
                            }
                          >
                            <route.Page />
                          </Suspense>
                        ) : (
                          <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.text')} />
                        )}
                      </>
                    }
                  />
                ))}
                <Route path="*" element={<Result status="404" title={t('notFound')} />} />
              </Routes>
            </Layout.Content>
          </Layout>
        </Layout>
      </LiveEventsProvider>
    </StaffContext.Provider>
  );
}
