import { describe, expect, it } from 'vitest';
import { checkWithdrawalAddress } from './withdrawal-address';

const TRON = 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('withdrawal address format', () => {
  it('accepts a Tron address whose base58check checksum holds', () => {
    expect(checkWithdrawalAddress('TRC20', ` ${TRON} `)).toEqual({ ok: true, address: TRON });
  });

  it('refuses a Tron address with one character changed (checksum), or of another shape', () => {
    expect(checkWithdrawalAddress('TRC20', `${TRON.slice(0, 10)}b${TRON.slice(11)}`)).toEqual({
      ok: false,
      code: 'ADDRESS_CHECKSUM_WRONG',
    });
    expect(checkWithdrawalAddress('TRC20', EVM)).toMatchObject({ code: 'ADDRESS_INVALID' });
    expect(checkWithdrawalAddress('TRC20', 'T0000000000000000000000000000000O')).toMatchObject({
      code: 'ADDRESS_INVALID',
    });
  });

  it('accepts an EIP-55 address, and an unchecksummed one stored in checksummed form', () => {
    expect(checkWithdrawalAddress('ERC20', EVM)).toEqual({ ok: true, address: EVM });
    expect(checkWithdrawalAddress('BEP20', EVM.toLowerCase())).toEqual({ ok: true, address: EVM });
  });

  it('refuses a mixed-case EVM address whose checksum is wrong, and malformed ones', () => {
    expect(checkWithdrawalAddress('ERC20', EVM.replace('aAeb', 'AAeb'))).toEqual({
      ok: false,
      code: 'ADDRESS_CHECKSUM_WRONG',
    });
    expect(checkWithdrawalAddress('ERC20', '0x1234')).toMatchObject({ code: 'ADDRESS_INVALID' });
    expect(checkWithdrawalAddress('ERC20', TRON)).toMatchObject({ code: 'ADDRESS_INVALID' });
  });
});
