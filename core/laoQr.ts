/**
 * LAO QR (LAPNet's EMVCo merchant-presented QR): build, parse and CRC. Pure, shared by the web app and the
 * server: no imports. Field layout in docs/deposits.md (LAO QR).
 */

export const LAO_QR_AID = 'A005266284662577';
const LAK_NUMERIC = '418';

export interface LaoQrInput {
  acquirerIin: string;
  merchantId: string;
  paymentType: string;
  mcc: string;
  amountLak: number;
  billNumber: string;
  merchantName: string;
  merchantCity: string;
  terminalLabel?: string;
}

export interface LaoQrParsed {
  payloadFormat: string;
  dynamic: boolean;
  aid: string;
  acquirerIin: string;
  paymentType: string;
  merchantId: string;
  mcc: string;
  currency: string;
  amountLak: number | null;
  country: string;
  merchantName: string;
  merchantCity: string;
  billNumber: string;
  terminalLabel?: string;
  crc: string;
  crcValid: boolean;
}

export class LaoQrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LaoQrError';
  }
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) as 4 upper-case hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field; EMVCo lengths are two digits, so a value over 99 characters cannot be encoded. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new LaoQrError(`field ${id} is longer than 99 characters`);
  if (value.length === 0) throw new LaoQrError(`field ${id} is empty`);
  return id + String(value.length).padStart(2, '0') + value;
}

export function buildLaoQr(input: LaoQrInput): string {
  if (!Number.isSafeInteger(input.amountLak) || input.amountLak <= 0)
    throw new LaoQrError('amount must be a positive whole number of kip');
  const account =
    tlv('00', LAO_QR_AID) +
    tlv('01', input.acquirerIin) +
    tlv('02', input.paymentType) +
    tlv('03', input.merchantId);
  const additional =
    tlv('01', input.billNumber) + (input.terminalLabel ? tlv('07', input.terminalLabel) : '');
  const payload =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', account) +
    tlv('52', input.mcc) +
    tlv('53', LAK_NUMERIC) +
    tlv('54', String(input.amountLak)) +
    tlv('58', 'LA') +
    tlv('59', input.merchantName) +
    tlv('60', input.merchantCity) +
    tlv('62', additional) +
    '6304';
  return payload + crc16ccitt(payload);
}

/** Splits a TLV string into id → value; throws on a truncated or malformed field. */
function readTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const head = text.slice(i, i + 4);
    if (!/^[0-9]{4}$/.test(head)) throw new LaoQrError(`malformed field at ${i}`);
    const id = head.slice(0, 2);
    const len = Number(head.slice(2));
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) throw new LaoQrError(`field ${id} is truncated`);
    if (fields.has(id)) throw new LaoQrError(`field ${id} appears twice`);
    fields.set(id, value);
    i += 4 + len;
  }
  return fields;
}

/** Parses a LAO QR; throws LaoQrError when it is not one. A wrong checksum parses with crcValid false. */
export function parseLaoQr(text: string): LaoQrParsed {
  const fields = readTlv(text);
  const crc = fields.get('63');
  if (crc === undefined || !text.endsWith('6304' + crc) || crc.length !== 4)
    throw new LaoQrError('CRC field 63 must come last');
  const account = readTlv(fields.get('38') ?? '');
  const additional = readTlv(fields.get('62') ?? '');
  const need = (map: Map<string, string>, id: string, what: string) => {
    const v = map.get(id);
    if (v === undefined) throw new LaoQrError(`missing ${what}`);
    return v;
  };
  const aid = need(account, '00', 'AID');
  if (aid !== LAO_QR_AID) throw new LaoQrError('not a LAO QR (AID)');
  const amount = fields.get('54');
  if (amount !== undefined && !/^[0-9]+$/.test(amount)) throw new LaoQrError('amount is not whole kip');
  return {
    payloadFormat: need(fields, '00', 'payload format'),
    dynamic: fields.get('01') === '12',
    aid,
    acquirerIin: need(account, '01', 'acquirer IIN'),
    paymentType: account.get('02') ?? '',
    merchantId: need(account, '03', 'merchant id'),
    mcc: fields.get('52') ?? '',
    currency: need(fields, '53', 'currency'),
    amountLak: amount === undefined ? null : Number(amount),
    country: fields.get('58') ?? '',
    merchantName: fields.get('59') ?? '',
    merchantCity: fields.get('60') ?? '',
    billNumber: additional.get('01') ?? '',
    terminalLabel: additional.get('07'),
    crc,
    crcValid: crc16ccitt(text.slice(0, text.length - 4)) === crc.toUpperCase() && crc === crc.toUpperCase(),
  };
}
