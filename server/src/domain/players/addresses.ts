/**
 * An address that names a household or a phone: a loopback, private or link-local one is shared by
 * everyone behind the same proxy or network, so it says nothing about who registered.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2[0-9]|3[01])\.|0\.)/.test(v4)) return false;
  return !/^(::1$|f[cd]|fe80:)/i.test(ip) && ip !== '';
}
