/**
 * The antd components the site uses (`import { … } from 'antd'` in src, checked by a test), and those they
 * render inside: a table's pagination, a select's dropdown, a confirm's popover, a button row's space.
 */
export const ANTD_COMPONENTS: readonly string[] = [
  'Alert',
  'Button',
  'Card',
  'Checkbox',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'Modal',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Progress',
  'QRCode',
  'Radio',
  'Result',
  'Select',
  'Space',
  'Spin',
  'Steps',
  'Table',
  'Tag',
  'Tooltip',
  'Typography',
];

/**
 * Components whose styles are large and used by a few pages only: their rules are written to a sheet of
 * their own (build/antd/antd-<group>.css), which the modules using them import, so the other pages do not
 * download and parse them. Everything else is in build/antd/antd.css, loaded with antd's provider.
 */
export const ANTD_STYLE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  // A long table's pagination offers a page size in a Select: the site's own forms use the native one.
  table: ['Table', 'Pagination', 'Select'],
  picker: ['DatePicker'],
  steps: ['Steps'],
  modal: ['Modal'],
  drawer: ['Drawer'],
};
