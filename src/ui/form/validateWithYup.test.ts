import { object, string } from 'yup';
import { validateWithYup } from './validateWithYup';

const schema = object({
  name: string().required('required').min(3, 'tooShort'),
  email: string().required('required').email('email'),
});

describe('validateWithYup', () => {
  const validate = validateWithYup<{ name?: string; email?: string }>(schema);

  it('returns no errors for valid values', () => {
    expect(validate({ name: 'Somchai', email: 'a@b.la' })).toEqual({});
  });

  it('returns one message key per failing field, the first rule that failed', () => {
    expect(validate({ name: 'ab' })).toEqual({ name: 'tooShort', email: 'required' });
  });
});
