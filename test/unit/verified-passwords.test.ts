import { expect } from 'chai';
import { hashApplicationPassword } from '../../src/auth/password-hashes.ts';
import { VerifiedPasswords } from '../../src/auth/verified-passwords.ts';

describe('VerifiedPasswords', () => {
  const plain = 'abcdEFGH1234ijklMNOP5678';

  for (const format of ['generic', 'phpass'] as const) {
    it(`matches a ${format} hash again from memory, and never a pair that did not match`, () => {
      const verified = new VerifiedPasswords();
      const hash = hashApplicationPassword(plain, format);
      expect(verified.verify('wrong', hash)).to.equal(false);
      expect(verified.verify(plain, hash)).to.equal(true);
      expect(verified.verify(plain, hash)).to.equal(true);
      expect(verified.verify('wrong', hash)).to.equal(false);
      expect(verified.verify(plain, hashApplicationPassword('other0password0here00000', format))).to.equal(false);
    });
  }

  it('keeps working past its capacity', () => {
    const verified = new VerifiedPasswords();
    const hashes = Array.from({ length: 1100 }, (_, i) => hashApplicationPassword(`${plain}${i}`));
    hashes.forEach((hash, i) => expect(verified.verify(`${plain}${i}`, hash)).to.equal(true));
    expect(verified.verify(`${plain}0`, hashes[0]!)).to.equal(true);
    expect(verified.verify(`${plain}1`, hashes[0]!)).to.equal(false);
  });
});
