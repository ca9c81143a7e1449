// The bench's page reference (issue 49): what a plain antd app costs a phone, built by the same webpack as
// the site and measured in the same run. An antd layout, menu and form page, drawn in the browser with
// antd's own runtime styles and no data: the site's pages are held to a fraction of its blocking time.
import {
  Button,
  Card,
  ConfigProvider,
  Form,
  Input,
  InputNumber,
  Layout,
  Menu,
  Select,
  Typography,
} from 'antd';
import { createRoot } from 'react-dom/client';

const items = ['Home', 'Games', 'Deposit', 'Withdraw', 'Promotions'].map((label) => ({ key: label, label }));

function Shell() {
  return (
    <ConfigProvider>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', padding: '0 12px' }}>
          <Typography.Text style={{ color: '#fff', marginRight: 12 }}>Shell</Typography.Text>
          <Menu
            theme="dark"
            mode="horizontal"
            items={items}
            defaultSelectedKeys={['Deposit']}
            style={{ flex: 1 }}
          />
        </Layout.Header>
        <Layout.Content style={{ padding: 12 }}>
          <Card title="Deposit">
            <Form layout="vertical">
              <Form.Item label="Amount" name="amount">
                <InputNumber style={{ width: '100%' }} min={1} />
              </Form.Item>
              <Form.Item label="Bank" name="bank">
                <Select
                  options={[
                    { value: 'a', label: 'Bank A' },
                    { value: 'b', label: 'Bank B' },
                  ]}
                />
              </Form.Item>
              <Form.Item label="Note" name="note">
                <Input />
              </Form.Item>
              <Button type="primary" htmlType="submit" block>
                Continue
              </Button>
            </Form>
          </Card>
        </Layout.Content>
        <Layout.Footer>Footer</Layout.Footer>
      </Layout>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Shell />);
