import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { SvgIcon } from './SvgIcon';

// antd's own status icons name themselves in English for screen readers ("info-circle", "check-circle"):
// these draw the same shapes hidden from them, the text beside each saying what it means.

/** An alert's, a confirm dialog's and a pop-up confirmation's icon, by status. */
export const STATUS_ICONS = {
  success: <SvgIcon icon={CheckCircleFilled} />,
  info: <SvgIcon icon={InfoCircleFilled} />,
  warning: <SvgIcon icon={ExclamationCircleFilled} />,
  error: <SvgIcon icon={CloseCircleFilled} />,
};

/** A Result's large icon, by status: antd's Result sizes an `.anticon`. */
export const RESULT_ICONS = {
  success: <SvgIcon icon={CheckCircleFilled} className="anticon" />,
  info: <SvgIcon icon={ExclamationCircleFilled} className="anticon" />,
};
