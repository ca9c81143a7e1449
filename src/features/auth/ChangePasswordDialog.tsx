import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation, useGetAgencyInfoQuery } from '@/api';
import { useAppDispatch } from '@/lib/storeHooks';
import { browser } from '@/lib/browser';
import { showToast } from '@/lib/toast';
import { FormFrame } from '@/ui/form/FormFrame';
import { TextField } from '@/ui/form/TextField';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { CHANGE_PASSWORD_MIN, changePasswordSchema, type ChangePasswordValues } from './authSchemas';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './AuthForm.module.css';
import '@build/antd/antd-modal.css';

const validate = validateWithYup<ChangePasswordValues>(changePasswordSchema);

/** The navbar's Change password dialog (docs/player-site.md §§2, 4, 5 and 8). */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const { isSuccess: agencyLoaded } = useGetAgencyInfoQuery();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [visible, setVisible] = useState(false);
  const [changed, setChanged] = useState(false);
  const type = visible ? 'text' : 'password';

  const onSubmit = async (values: ChangePasswordValues) => {
    // docs/player-site.md §5: nothing is sent before the agency info is known.
    if (!agencyLoaded) return;
    const result = await changePassword({ changePasswordRequest: values });
    if ('error' in result) {
      dispatch(
        showToast({
          type: 'error',
          titleKey: 'auth:changePassword.errorTitle',
          descriptionKey: 'errors:PASSWORD_INCORRECT',
        }),
      );
      return;
    }
    setChanged(true);
  };

  if (changed) {
    return (
      <Modal
        open
        title={t('changePassword.successTitle')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          // Every session was revoked: reloading lands on the login page.
          <Button type="primary" onClick={() => browser.reload()}>
            {t('changePassword.ok')}
          </Button>
        }
      >
        <p>{t('changePassword.successText')}</p>
      </Modal>
    );
  }

  return (
    <Modal open={open} onCancel={onClose} title={t('changePassword.title')} destroyOnHidden footer={null}>
      <Form<ChangePasswordValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit }) => (
          <FormFrame onSubmit={handleSubmit} className={styles['auth-form']}>
            <TextField
              name="currentPassword"
              label={t('fields.currentPassword')}
              type={type}
              autoComplete="current-password"
              messageValues={{ min: CHANGE_PASSWORD_MIN }}
            />
            <TextField
              name="newPassword"
              label={t('fields.newPassword')}
              type={type}
              autoComplete="new-password"
              messageValues={{ min: CHANGE_PASSWORD_MIN }}
            />
            <TextField
              name="confirmNewPassword"
              label={t('fields.confirmNewPassword')}
              type={type}
              autoComplete="new-password"
              messageValues={{ min: CHANGE_PASSWORD_MIN }}
            />
            <Button
              type="link"
              icon={visible ? <SvgIcon icon={EyeInvisibleOutlined} /> : <SvgIcon icon={EyeOutlined} />}
              aria-pressed={visible}
              onClick={() => setVisible((shown) => !shown)}
            >
              {visible ? t('changePassword.hidePasswords') : t('changePassword.showPasswords')}
            </Button>
            <Button type="primary" htmlType="submit" loading={isLoading} disabled={!agencyLoaded}>
              {t('changePassword.save')}
            </Button>
          </FormFrame>
        )}
      />
    </Modal>
  );
}
