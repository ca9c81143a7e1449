import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { SvgIcon } from './SvgIcon';
import styles from './ButtonSpinner.module.css';

/**
 * The spinner of every busy antd Button (ConfigProvider's button.loadingIcon). antd's own carries
 * aria-label="loading" in English whatever the page's language; this one is hidden from screen readers,
 * which hear the button's own translated name instead.
 */
export function ButtonSpinner() {
  return (
    <span className={styles['button-spinner']}>
      <SvgIcon icon={LoadingOutlined} />
    </span>
  );
}
