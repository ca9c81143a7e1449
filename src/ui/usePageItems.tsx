import DoubleLeftOutlined from '@ant-design/icons-svg/es/asn/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { PaginationProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from './SvgIcon';

type ItemRender = NonNullable<PaginationProps['itemRender']>;

/**
 * A pager's arrows as antd draws them, named in the page's language: antd's own arrow icons name the
 * buttons "left", "right", "double-left" in English for screen readers. Pass as `itemRender`.
 */
export function usePageItems(): ItemRender {
  const { t } = useTranslation('common');
  return useCallback<ItemRender>(
    (_page, type, original) => {
      if (type === 'prev' || type === 'next')
        return (
          <button className="ant-pagination-item-link" type="button" tabIndex={-1}>
            <SvgIcon
              icon={type === 'prev' ? LeftOutlined : RightOutlined}
              label={t(type === 'prev' ? 'pagination.previous' : 'pagination.next')}
            />
          </button>
        );
      if (type === 'jump-prev' || type === 'jump-next')
        return (
          <a className="ant-pagination-item-link">
            <div className="ant-pagination-item-container">
              <span className="ant-pagination-item-link-icon">
                <SvgIcon
                  icon={type === 'jump-prev' ? DoubleLeftOutlined : DoubleRightOutlined}
                  label={t(type === 'jump-prev' ? 'pagination.jumpPrevious' : 'pagination.jumpNext')}
                />
              </span>
              <span className="ant-pagination-item-ellipsis" aria-hidden>
                •••
              </span>
            </div>
          </a>
        );
      return original;
    },
    [t],
  );
}
