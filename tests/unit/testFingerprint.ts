import type { Fingerprint } from '@/api';

export const testFingerprint: Fingerprint = {
  screen: '390x844',
  version: '5.2.0',
  timezone: 'Asia/Vientiane',
  userAgent: 'jest',
  plugins: '',
  platform: 'Linux',
  fingerprint: '3f1c0a9e6b2d4c8f9e0a1b2c3d4e5f60',
  fonts: 'Noto Sans Lao',
  languages: 'lo',
  hardwareConcurrency: 2,
  vendor: '',
};
