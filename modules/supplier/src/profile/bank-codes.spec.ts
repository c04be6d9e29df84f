import { isIbanOrBlank, isSwiftOrBlank } from './bank-codes.pure';

describe('bank codes', () => {
  it('takes an IBAN whose check digits hold, grouped or not, and nothing else', () => {
    for (const ok of ['', 'AE070331234567890123456', 'ae07 0331 2345 6789 0123 456', 'GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000']) expect({ ok, valid: isIbanOrBlank(ok) }).toEqual({ ok, valid: true });
    // A digit changed, the check digits swapped, too short, letters where digits belong.
    for (const bad of ['AE070331234567890123457', 'AE700331234567890123456', 'XX', 'AE07', 'AEXX0331234567890123456', 'call me maybe']) expect({ bad, valid: isIbanOrBlank(bad) }).toEqual({ bad, valid: false });
  });

  it('takes an 8 or 11 character SWIFT/BIC code', () => {
    for (const ok of ['', 'EBILAEAD', 'nbadaeaa', 'DEUTDEFF500', 'EBIL AE AD']) expect({ ok, valid: isSwiftOrBlank(ok) }).toEqual({ ok, valid: true });
    for (const bad of ['!!', 'EBILAE', 'EBILAEAD5', '1BILAEAD', 'EBILAEAD50012']) expect({ bad, valid: isSwiftOrBlank(bad) }).toEqual({ bad, valid: false });
  });
});
