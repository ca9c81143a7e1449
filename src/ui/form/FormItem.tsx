import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { FormItemInputContext, type FormItemStatusContextProps } from 'antd/es/form/context';
import useFormStyle from 'antd/es/form/style';
import { useColStyle, useRowStyle } from 'antd/es/grid/style';
import { useMemo, type ReactNode } from 'react';

export interface FormItemProps {
  label: ReactNode;
  /** The control the label names; a group is named by an id inside the label instead. */
  htmlFor?: string;
  required?: boolean;
  /** The translated error under the control: the item and its antd control are drawn in error. */
  error?: ReactNode;
  /** Help under the control, after the error. */
  extra?: ReactNode;
  children: ReactNode;
}

const PREFIX = 'ant-form';
const ITEM = `${PREFIX}-item`;

/**
 * A labelled row of a vertical form, drawn as antd's Form.Item draws it, with Form's own styles, and telling
 * the antd control inside its status as Form.Item does. Not antd's Form.Item itself: that brings antd's form
 * store (rc-form and its async validator), which the site never uses: final-form holds the values and yup
 * judges them. That was about 25 KB compressed on every page with a form, and the heaviest part of taking
 * over a form.
 */
export function FormItem({ label, htmlFor, required = false, error, extra, children }: FormItemProps) {
  // The style hooks give the theme's scope classes (and, where antd generates styles while rendering, at
  // build time and in tests, the rules).
  const rootClass = useCSSVarCls(PREFIX);
  const [hashId, cssVarClass] = useFormStyle(PREFIX, rootClass);
  const [rowHash, rowVars] = useRowStyle('ant-row');
  const [colHash, colVars] = useColStyle('ant-col');
  const status = error != null ? 'error' : '';
  const inputContext = useMemo<FormItemStatusContextProps>(
    () => ({ status, errors: [], warnings: [], hasFeedback: false, isFormItemInput: true }),
    [status],
  );
  const classes = [
    ITEM,
    cssVarClass,
    rootClass,
    hashId,
    error != null && `${ITEM}-with-help`,
    error != null && `${ITEM}-has-error`,
    `${ITEM}-vertical`,
  ];
  const col = (name: string) => `ant-col ${name} ${colHash} ${colVars}`;
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className={`ant-row ${ITEM}-row ${rowHash} ${rowVars}`}>
        <div className={col(`${ITEM}-label`)}>
          <label
            htmlFor={htmlFor}
            className={required ? `${ITEM}-required` : ''}
            title={typeof label === 'string' ? label : undefined}
          >
            {label}
          </label>
        </div>
        <div className={col(`${ITEM}-control`)}>
          <div className={`${ITEM}-control-input`}>
            <div className={`${ITEM}-control-input-content`}>
              <FormItemInputContext.Provider value={inputContext}>{children}</FormItemInputContext.Provider>
            </div>
          </div>
          {(error != null || extra != null) && (
            <div className={`${ITEM}-additional`}>
              {error != null && (
                <div
                  className={`${ITEM}-explain ${cssVarClass} ${rootClass} ${ITEM}-explain-connected ${hashId}`}
                >
                  <div className={`${ITEM}-explain-error`}>{error}</div>
                </div>
              )}
              {extra != null && <div className={`${ITEM}-extra`}>{extra}</div>}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
