import { keptReferralCode, referralLink, rememberReferral } from './referralLink';

const DAY = 24 * 3_600_000;

describe('the referral code a visitor arrives with', () => {
  beforeEach(() => localStorage.clear());

  it('is kept from the link and sent with a registration within 30 days', () => {
    rememberReferral('?ref=k7q2m9xd&utm=x', 1_000);
    expect(keptReferralCode(1_000 + 29 * DAY)).toBe('K7Q2M9XD');
    expect(keptReferralCode(1_000 + 30 * DAY)).toBeUndefined();
  });

  it('the first link wins while it is kept; a later one after it lapsed', () => {
    rememberReferral('?ref=AAAAAAAA', 0);
    rememberReferral('?ref=BBBBBBBB', DAY);
    expect(keptReferralCode(DAY)).toBe('AAAAAAAA');
    rememberReferral('?ref=BBBBBBBB', 31 * DAY);
    expect(keptReferralCode(31 * DAY)).toBe('BBBBBBBB');
  });

  it('ignores what is no code', () => {
    rememberReferral('?ref=short', 0);
    rememberReferral('?ref=<script>', 0);
    expect(keptReferralCode(0)).toBeUndefined();
  });

  it('is shared as the registration page with the code', () => {
    expect(referralLink('https://laostar.example', 'K7Q2M9XD')).toBe(
      'https://laostar.example/register?ref=K7Q2M9XD',
    );
  });
});
