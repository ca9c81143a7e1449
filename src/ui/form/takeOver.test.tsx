import { configureStore } from '@reduxjs/toolkit';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Form } from 'react-final-form';
import { Provider } from 'react-redux';
import { FormFrame } from './FormFrame';
import { formPostReducer } from './formPostState';
import { RadioField } from './RadioField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { changedBeforeTakeover, replayIntoApp } from './takeOver';

interface Values {
  provider?: string;
  bank?: string;
  amount?: string;
}

/** A deposit-like form as the server draws it and the app takes it over. */
function DepositLike({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const store = configureStore({ reducer: { formPost: formPostReducer } });
  return (
    <Provider store={store}>
      <Form<Values> onSubmit={onSubmit} initialValues={{ provider: 'alphabet' }}>
        {({ handleSubmit }) => (
          <FormFrame onSubmit={handleSubmit} post="deposit">
            <RadioField
              name="provider"
              label="Provider"
              options={[
                { value: 'alphabet', label: 'Alphabet' },
                { value: 'gclub', label: 'GClub' },
              ]}
            />
            <SelectField
              name="bank"
              label="Bank"
              placeholder="Choose"
              options={[
                { value: 'bcel', label: 'BCEL' },
                { value: 'jdb', label: 'JDB' },
              ]}
            />
            <TextField name="amount" label="Amount" />
            <button type="submit">Send</button>
          </FormFrame>
        )}
      </Form>
    </Provider>
  );
}

describe('a server-rendered form taken over by the app', () => {
  it('keeps what the player typed and chose before the app arrived, in the form it then sends', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<DepositLike onSubmit={() => {}} />);
    expect(container.querySelector('form')?.getAttribute('method')).toBe('post');

    // The player, before the app's code has arrived: a provider, a bank and an amount.
    const gclub = container.querySelector<HTMLInputElement>('input[value="gclub"]')!;
    gclub.checked = true;
    container.querySelector<HTMLSelectElement>('select[name="bank"]')!.value = 'jdb';
    const amount = container.querySelector<HTMLInputElement>('input[name="amount"]')!;
    amount.value = '100.000';
    amount.focus();

    const changed = changedBeforeTakeover(container);
    expect(changed).toHaveLength(4); // both radios of the group, the select and the amount
    const sent: Values[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <DepositLike onSubmit={(values) => void sent.push(values)} />);
    });
    await act(async () => replayIntoApp(changed));

    // Nothing lost on screen, nor the focus, and the form sends what the player sees.
    expect(amount.value).toBe('100.000');
    expect(gclub.checked).toBe(true);
    expect(document.activeElement).toBe(amount);
    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    expect(sent).toEqual([{ provider: 'gclub', bank: 'jdb', amount: '100.000' }]);
    act(() => root?.unmount());
    container.remove();
  });

  it('leaves a form the player did not touch as the server drew it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<DepositLike onSubmit={() => {}} />);
    expect(changedBeforeTakeover(container)).toEqual([]);
  });
});
