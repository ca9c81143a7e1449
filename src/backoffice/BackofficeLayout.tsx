import { Button, Grid, Layout, Menu, Result, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { type StaffSession, useLogoutStaffMutation } from './api';
import { LanguageSelect } from './LanguageSelect';
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

/**
 * The back office's frame: a side menu of the pages the staff member's role may open (a drawer-like
 * collapsed menu on a phone), the member and a sign-out at the top. A page the role may not open answers
 * "not for your role" instead of its content; the server refuses its operations anyway.
 */
export function BackofficeLayout({ staff }: { staff: StaffSession }) {
  const { t } = useTranslation();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [logout] = useLogoutStaffMutation();
  const allowed = BACKOFFICE_ROUTES.filter((r) => staff.permissions.includes(r.permission));
  const current = BACKOFFICE_ROUTES.find((r) => r.path === location.pathname) ?? BACKOFFICE_ROUTES[0]!;

  return (
    <StaffContext.Provider value={staff}>
      <Layout className={styles.frame}>
        <Layout.Sider
          breakpoint="lg"
          collapsedWidth={screens.lg ? 80 : 0}
          collapsed={collapsed}
          onCollapse={setCollapsed}
          theme="light"
          className={styles.sider}
        >
          <div className={styles.brand}>{collapsed ? 'LS' : t('brand')}</div>
          <nav aria-label={t('menu.label')}>
            <Menu
              mode="inline"
              selectedKeys={[current.path]}
              items={allowed.map((r) => ({ key: r.path, label: <Link to={r.path}>{t(r.label)}</Link> }))}
              onClick={() => !screens.lg && setCollapsed(true)}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header className={styles.header}>
            <Space wrap size="small" className={styles.who}>
              <span>{staff.displayName}</span>
              <Tag>{t(`roles.${staff.role}`)}</Tag>
            </Space>
            <Space size="small">
              <LanguageSelect />
              <Button onClick={() => void logout()}>{t('signOut')}</Button>
            </Space>
          </Layout.Header>
          <Layout.Content className={styles.content}>
            <main>
              <Routes>
                {BACKOFFICE_ROUTES.map((route) => (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={
                      <>
                        <PageTitle route={route} />
                        {staff.permissions.includes(route.permission) ? (
                          <route.Page />
                        ) : (
                          <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.text')} />
                        )}
                      </>
                    }
                  />
                ))}
                <Route path="*" element={<Result status="404" title={t('notFound')} />} />
              </Routes>
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    </StaffContext.Provider>
  );
}
